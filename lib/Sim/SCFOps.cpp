//===- SCFOps.cpp - uop-sim handlers for the scf dialect ------------------===//
//
// Structured control flow under SIMT execution. A loop or branch whose
// condition is uniform runs as on a scalar machine; one whose condition
// differs between threads runs each path under a mask of the lanes that
// take it and merges the results per lane, like the hardware's divergent
// warps reconverging after the branch.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

/// Lanes of `cond` (under `base`, or the context mask when `base` is null)
/// where the condition is `want`; returns the count.
unsigned selectLanes(Interpreter &I, const SimValue &cond, bool want,
                     const std::vector<uint8_t> *base,
                     std::vector<uint8_t> &out) {
  unsigned n = I.numLanes(), count = 0;
  out.resize(n);
  for (unsigned l = 0; l < n; ++l) {
    bool active = base ? (*base)[l] : I.isActive(l);
    out[l] = active && ((cond.at(l).i != 0) == want);
    count += out[l];
  }
  return count;
}

/// Copies the operands of `block`'s terminator into `out`.
void readYield(Interpreter &I, Block &block, SmallVectorImpl<SimValue> &out) {
  Operation *term = block.getTerminator();
  out.resize(term->getNumOperands());
  for (auto [i, v] : llvm::enumerate(term->getOperands()))
    out[i] = I.get(v);
}

LogicalResult forOp(Interpreter &I, Operation *op) {
  auto f = cast<scf::ForOp>(op);
  const SimValue &lb = I.get(f.getLowerBound());
  const SimValue &ub = I.get(f.getUpperBound());
  const SimValue &step = I.get(f.getStep());
  bool isUnsigned = f.getUnsignedCmp();
  unsigned bw = intWidthOf(f.getInductionVar().getType());
  auto less = [&](int64_t a, int64_t b) {
    return isUnsigned ? zeroExtend(a, bw) < zeroExtend(b, bw) : a < b;
  };
  Block &body = *f.getBody();
  SmallVector<SimValue, 4> cur, next;
  for (Value v : f.getInitArgs())
    cur.push_back(I.get(v));
  auto iterArgs = f.getRegionIterArgs();
  SimValue &ivSlot = I.def(f.getInductionVar());

  if (lb.uniform && ub.uniform && step.uniform) {
    int64_t l = lb.data[0].i, u = ub.data[0].i, s = step.data[0].i;
    if (s <= 0 && less(l, u))
      return I.unsupported(op, "scf.for with a non-positive step");
    for (int64_t iv = l; less(iv, u); iv = signExtend(iv + s, bw)) {
      ivSlot.setUniform(1)[0].i = iv;
      for (auto [arg, v] : llvm::zip(iterArgs, cur))
        I.def(arg) = v;
      if (failed(I.execBlock(body)))
        return failure();
      readYield(I, body, next);
      std::swap(cur, next);
      if (iv + s < iv) // overflow ends the loop
        break;
    }
  } else {
    // Thread-dependent bounds: each lane runs its own trip count; the loop
    // continues while any lane is still inside.
    unsigned n = I.numLanes();
    SimValue iv = lb;
    iv.makeVarying(n);
    std::vector<uint8_t> m(n);
    while (true) {
      unsigned count = 0;
      for (unsigned l = 0; l < n; ++l) {
        m[l] = I.isActive(l) && less(iv.data[l].i, ub.at(l).i);
        count += m[l];
      }
      if (!count)
        break;
      for (unsigned l = 0; l < n; ++l)
        if (m[l] && step.at(l).i <= 0)
          return I.unsupported(op, "scf.for with a non-positive step");
      LogicalResult r = I.withMask(m, [&]() -> LogicalResult {
        ivSlot = iv;
        for (auto [arg, v] : llvm::zip(iterArgs, cur))
          I.def(arg) = v;
        if (failed(I.execBlock(body)))
          return failure();
        readYield(I, body, next);
        for (auto [c, y] : llvm::zip(cur, next))
          I.mergeLanes(c, y, m.data());
        return success();
      });
      if (failed(r))
        return failure();
      for (unsigned l = 0; l < n; ++l)
        if (m[l])
          iv.data[l].i = signExtend(iv.data[l].i + step.at(l).i, bw);
    }
  }
  for (auto [res, v] : llvm::zip(f.getResults(), cur))
    I.def(res) = v;
  return success();
}

LogicalResult ifOp(Interpreter &I, Operation *op) {
  auto f = cast<scf::IfOp>(op);
  const SimValue &c = I.get(f.getCondition());
  SmallVector<SimValue, 4> thenRes, elseRes;
  bool hasElse = !f.getElseRegion().empty();
  if (c.uniform) {
    Region &region = c.data[0].i ? f.getThenRegion() : f.getElseRegion();
    if (region.empty())
      return success();
    if (failed(I.runRegion(region, {}, thenRes)))
      return failure();
    for (auto [res, v] : llvm::zip(f.getResults(), thenRes))
      I.def(res) = v;
    return success();
  }
  std::vector<uint8_t> tm, em;
  unsigned tn = selectLanes(I, c, true, nullptr, tm);
  unsigned en = selectLanes(I, c, false, nullptr, em);
  if (tn && en && hasElse && I.isInKernel() && I.mayWaitForOtherPaths(op)) {
    // Warp specialization: the branches may wait on each other (one
    // arrives on an mbarrier the other waits for), so they run as
    // interleaved paths that reconverge here (Paths.h).
    std::function<LogicalResult()> paths[] = {
        [&] {
          return I.withMask(
              tm, [&] { return I.runRegion(f.getThenRegion(), {}, thenRes); });
        },
        [&] {
          return I.withMask(
              em, [&] { return I.runRegion(f.getElseRegion(), {}, elseRes); });
        }};
    if (failed(I.getPaths().run(op, paths)))
      return failure();
  } else {
    if (tn && failed(I.withMask(tm, [&] {
          return I.runRegion(f.getThenRegion(), {}, thenRes);
        })))
      return failure();
    if (en && hasElse && failed(I.withMask(em, [&] {
          return I.runRegion(f.getElseRegion(), {}, elseRes);
        })))
      return failure();
  }
  for (auto [i, res] : llvm::enumerate(f.getResults())) {
    SimValue &r = I.def(res);
    if (tn && en) {
      r = thenRes[i];
      I.mergeLanes(r, elseRes[i], em.data());
    } else {
      r = tn ? thenRes[i] : elseRes[i];
    }
  }
  return success();
}

LogicalResult whileOp(Interpreter &I, Operation *op) {
  auto w = cast<scf::WhileOp>(op);
  Block &before = w.getBefore().front(), &after = w.getAfter().front();
  auto cond = cast<scf::ConditionOp>(before.getTerminator());
  SmallVector<SimValue, 4> cur, fwd, res(w.getNumResults());
  for (Value v : w.getInits())
    cur.push_back(I.get(v));
  bool masked = false;
  std::vector<uint8_t> m, exitM, contM;
  auto under = [&](auto fn) -> LogicalResult {
    return masked ? I.withMask(m, fn) : fn();
  };
  while (true) {
    if (failed(under([&]() -> LogicalResult {
          for (auto [arg, v] : llvm::zip(before.getArguments(), cur))
            I.def(arg) = v;
          if (failed(I.execBlock(before)))
            return failure();
          fwd.resize(cond.getArgs().size());
          for (auto [i, v] : llvm::enumerate(cond.getArgs()))
            fwd[i] = I.get(v);
          return success();
        })))
      return failure();
    const SimValue &c = I.get(cond.getCondition());
    if (c.uniform && c.data[0].i) {
      // Everyone still active continues.
    } else if (c.uniform) {
      for (auto [r, v] : llvm::zip(res, fwd))
        I.mergeLanes(r, v, masked ? m.data() : nullptr);
      break;
    } else {
      unsigned exits = selectLanes(I, c, false, masked ? &m : nullptr, exitM);
      unsigned conts = selectLanes(I, c, true, masked ? &m : nullptr, contM);
      if (exits)
        for (auto [r, v] : llvm::zip(res, fwd))
          I.mergeLanes(r, v, exitM.data());
      if (!conts)
        break;
      m = contM;
      masked = true;
    }
    if (failed(under([&]() -> LogicalResult {
          for (auto [arg, v] : llvm::zip(after.getArguments(), fwd))
            I.def(arg) = v;
          if (failed(I.execBlock(after)))
            return failure();
          SmallVector<SimValue, 4> next;
          readYield(I, after, next);
          if (masked)
            for (auto [c, y] : llvm::zip(cur, next))
              I.mergeLanes(c, y, m.data());
          else
            cur = std::move(next);
          return success();
        })))
      return failure();
  }
  for (auto [r, v] : llvm::zip(w.getResults(), res))
    I.def(r) = v;
  return success();
}

/// Uniform bounds of a parallel loop nest; fails for thread-dependent ones.
LogicalResult loopBounds(Interpreter &I, Operation *op, ValueRange lbs,
                         ValueRange ubs, ValueRange steps,
                         SmallVectorImpl<int64_t> &lo,
                         SmallVectorImpl<int64_t> &trip,
                         SmallVectorImpl<int64_t> &st) {
  for (auto [l, u, s] : llvm::zip(lbs, ubs, steps)) {
    FailureOr<int64_t> a = I.getUniformInt(op, l), b = I.getUniformInt(op, u),
                       c = I.getUniformInt(op, s);
    if (failed(a) || failed(b) || failed(c))
      return failure();
    if (*c <= 0)
      return I.unsupported(op, "parallel loop with a non-positive step");
    lo.push_back(*a);
    st.push_back(*c);
    trip.push_back(*b > *a ? (*b - *a + *c - 1) / *c : 0);
  }
  return success();
}

/// Runs the body of a parallel loop nest once per point, in order. Used in
/// kernels (where lanes are threads) and for loops with reductions.
LogicalResult
runPointsSequentially(Interpreter &I, Block &body, ValueRange ivs,
                      ArrayRef<int64_t> lo, ArrayRef<int64_t> trip,
                      ArrayRef<int64_t> st,
                      llvm::function_ref<LogicalResult()> afterEach) {
  int64_t total = 1;
  for (int64_t t : trip)
    total *= t;
  SmallVector<int64_t, 4> pos(trip.size(), 0);
  for (int64_t p = 0; p < total; ++p) {
    for (auto [d, iv] : llvm::enumerate(ivs))
      I.def(iv).setUniform(1)[0].i = lo[d] + pos[d] * st[d];
    if (failed(I.execBlock(body)) || failed(afterEach()))
      return failure();
    for (int d = (int)pos.size() - 1; d >= 0; --d) {
      if (++pos[d] < trip[d])
        break;
      pos[d] = 0;
    }
  }
  return success();
}

/// Runs the body of a parallel loop nest on the host with one SIMT lane per
/// point (iterations are independent by definition), in chunks.
LogicalResult runPointsAsLanes(Interpreter &I, Block &body, ValueRange ivs,
                               ArrayRef<int64_t> lo, ArrayRef<int64_t> trip,
                               ArrayRef<int64_t> st) {
  int64_t total = 1;
  for (int64_t t : trip)
    total *= t;
  const int64_t chunk = 1 << 14;
  for (int64_t base = 0; base < total; base += chunk) {
    unsigned n = (unsigned)std::min(chunk, total - base);
    LogicalResult r = I.withLanes(n, [&]() -> LogicalResult {
      for (auto [d, iv] : llvm::enumerate(ivs)) {
        Word *w = I.def(iv).setVarying(n);
        for (unsigned l = 0; l < n; ++l) {
          int64_t p = base + l;
          for (int e = (int)trip.size() - 1; e > (int)d; --e)
            p /= trip[e];
          w[l].i = lo[d] + (p % trip[d]) * st[d];
        }
      }
      return I.execBlock(body);
    });
    if (failed(r))
      return failure();
  }
  return success();
}

} // namespace

static LogicalResult forallOpImpl(Interpreter &I, Operation *op) {
  auto f = cast<scf::ForallOp>(op);
  if (!f.getOutputs().empty())
    return I.unsupported(op, "scf.forall with shared_outs (tensors)");
  SmallVector<int64_t> lb, ub, step, lo, trip, st;
  if (failed(I.getUniformInts(op, f.getMixedLowerBound(), lb)) ||
      failed(I.getUniformInts(op, f.getMixedUpperBound(), ub)) ||
      failed(I.getUniformInts(op, f.getMixedStep(), step)))
    return failure();
  for (auto [l, u, s] : llvm::zip(lb, ub, step)) {
    if (s <= 0)
      return I.unsupported(op, "scf.forall with a non-positive step");
    lo.push_back(l);
    st.push_back(s);
    trip.push_back(u > l ? (u - l + s - 1) / s : 0);
  }
  Block &body = *f.getBody();
  if (I.numLanes() == 1 && !I.isInKernel())
    return runPointsAsLanes(I, body, f.getInductionVars(), lo, trip, st);
  return runPointsSequentially(I, body, f.getInductionVars(), lo, trip, st,
                               [] { return success(); });
}

static LogicalResult parallelOp(Interpreter &I, Operation *op) {
  auto p = cast<scf::ParallelOp>(op);
  SmallVector<int64_t> lo, trip, st;
  if (failed(loopBounds(I, op, p.getLowerBound(), p.getUpperBound(),
                        p.getStep(), lo, trip, st)))
    return failure();
  Block &body = *p.getBody();
  if (p.getNumReductions() == 0 && I.numLanes() == 1 && !I.isInKernel())
    return runPointsAsLanes(I, body, p.getInductionVars(), lo, trip, st);
  SmallVector<SimValue, 2> acc;
  for (Value v : p.getInitVals())
    acc.push_back(I.get(v));
  auto reduce = cast<scf::ReduceOp>(body.getTerminator());
  LogicalResult r = runPointsSequentially(
      I, body, p.getInductionVars(), lo, trip, st, [&]() -> LogicalResult {
        for (auto [i, region] : llvm::enumerate(reduce.getReductions())) {
          SimValue rhs = I.get(reduce.getOperands()[i]);
          SmallVector<SimValue, 1> out;
          SimValue args[2] = {acc[i], rhs};
          if (failed(I.runRegion(region, args, out)))
            return failure();
          acc[i] = out[0];
        }
        return success();
      });
  if (failed(r))
    return failure();
  for (auto [res, v] : llvm::zip(p.getResults(), acc))
    I.def(res) = v;
  return success();
}

static LogicalResult executeRegionOp(Interpreter &I, Operation *op) {
  SmallVector<SimValue, 2> res;
  if (failed(I.runRegion(op->getRegion(0), {}, res)))
    return failure();
  for (auto [r, v] : llvm::zip(op->getResults(), res))
    I.def(r) = v;
  return success();
}

/// Terminators are read by their parent's handler; reaching one directly is
/// not possible, but they must be known ops for the up-front check.
static LogicalResult terminator(Interpreter &, Operation *) {
  return success();
}

void mlir::uop::sim::registerSCFHandlers(HandlerRegistry &r) {
  r.add<scf::ForOp>(forOp);
  r.add<scf::IfOp>(ifOp);
  r.add<scf::WhileOp>(whileOp);
  r.add<scf::ForallOp>(forallOpImpl);
  r.add<scf::ParallelOp>(parallelOp);
  r.add<scf::ExecuteRegionOp>(executeRegionOp);
  r.add<scf::YieldOp, scf::ConditionOp, scf::ReduceOp, scf::ReduceReturnOp,
        scf::InParallelOp>(terminator);
}
