//===- LinalgOps.cpp - uop-sim handlers for the linalg dialect ------------===//
//
// Every structured linalg op (fill, copy, matmul with or without transposing
// indexing_maps, generic, ...) runs through one path: its scalar body is
// interpreted with one SIMT lane per point of the parallel loops, and the
// reduction loops run in order, innermost last (the order a sequential
// reference would use). Linalg is the reference side of comparisons, so it
// runs on the host only and trusts its indexing maps to stay in bounds.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

/// Adds `scale * e` to the linear form `coef . dims + cst`; false when `e` is
/// not affine-linear (mod, floordiv, ceildiv, symbols).
bool linearize(AffineExpr e, int64_t scale, SmallVectorImpl<int64_t> &coef,
               int64_t &cst) {
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    coef[d.getPosition()] += scale;
    return true;
  }
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    cst += scale * c.getValue();
    return true;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return false;
  if (e.getKind() == AffineExprKind::Add)
    return linearize(bin.getLHS(), scale, coef, cst) &&
           linearize(bin.getRHS(), scale, coef, cst);
  if (e.getKind() == AffineExprKind::Mul) {
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getRHS()))
      return linearize(bin.getLHS(), scale * c.getValue(), coef, cst);
    if (auto c = dyn_cast<AffineConstantExpr>(bin.getLHS()))
      return linearize(bin.getRHS(), scale * c.getValue(), coef, cst);
  }
  return false;
}

/// One operand of the op: its descriptor and element offset as a linear
/// function of the loop indices.
struct OperandAccess {
  const SimValue *value = nullptr;
  bool isMemRef = false;
  SmallVector<int64_t, 6> coef; ///< Element offset per unit of each loop.
  int64_t cst = 0;
  BlockArgument arg;
  bool used = true;
};

/// Checks that every memref operand stays in bounds over the whole loop
/// box `ranges` (each nonempty): operands whose shapes disagree with the
/// ranges (dynamic sizes that differ at run time, mismatched static ones)
/// would otherwise be read or written past their end. Each indexing-map
/// result is affine-linear (checked by the caller's linearize), so its
/// extremes are at corners of the box. Reports an out-of-bounds fault and
/// fails for the first operand that does not fit.
LogicalResult checkBounds(Interpreter &I, Operation *op,
                          ArrayRef<AffineMap> maps, ArrayRef<int64_t> ranges) {
  unsigned nLoops = ranges.size();
  for (auto [k, o] : llvm::enumerate(op->getOpOperands())) {
    if (!isa<MemRefType>(o.get().getType()))
      continue;
    const SimValue &m = I.get(o.get());
    int64_t lo = m.offset(0), hi = m.offset(0);
    bool ok = true;
    for (auto [j, e] : llvm::enumerate(maps[k].getResults())) {
      SmallVector<int64_t, 6> coef(nLoops, 0);
      int64_t cst = 0;
      if (!linearize(e, 1, coef, cst))
        return failure();
      // The extremes of this index over the box, with overflow treated as
      // out of bounds.
      int64_t imin = cst, imax = cst;
      for (unsigned d = 0; d < nLoops && ok; ++d) {
        int64_t span;
        ok &= !__builtin_mul_overflow(coef[d], ranges[d] - 1, &span);
        ok &= !__builtin_add_overflow(span < 0 ? imin : imax, span,
                                      span < 0 ? &imin : &imax);
      }
      ok &= imin >= 0 && imax < m.sizes[j];
      if (!ok) {
        std::string msg;
        llvm::raw_string_ostream os(msg);
        os << "out of bounds: " << op->getName() << " operand #" << k
           << " (" << m.buffer->name << ", sizes ";
        llvm::interleave(m.sizes, os, "x");
        os << ") indexed " << imin << " to " << imax << " in dimension " << j
           << " by the loop ranges (";
        llvm::interleave(ranges, os, "x");
        os << ") at " << formatLoc(op->getLoc());
        I.reportFault(FaultKind::OutOfBounds, m.buffer, op, {}, std::move(msg));
        return failure();
      }
      // The element range it covers in the buffer.
      int64_t s = m.strides[j], a, b;
      ok &= !__builtin_mul_overflow(imin, s, &a) &&
            !__builtin_mul_overflow(imax, s, &b) &&
            !__builtin_add_overflow(lo, std::min(a, b), &lo) &&
            !__builtin_add_overflow(hi, std::max(a, b), &hi);
    }
    if (!ok || lo < 0 || hi >= m.buffer->numElements) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      os << "out of bounds: " << op->getName() << " operand #" << k << " ("
         << m.buffer->name << ") reaches elements " << lo << " to " << hi
         << " of a buffer of " << m.buffer->numElements << " at "
         << formatLoc(op->getLoc());
      I.reportFault(FaultKind::OutOfBounds, m.buffer, op, {}, std::move(msg));
      return failure();
    }
  }
  return success();
}

LogicalResult structuredOp(Interpreter &I, Operation *op) {
  auto lop = cast<linalg::LinalgOp>(op);
  if (!lop.hasPureBufferSemantics())
    return I.unsupported(op, "linalg ops on tensors are not supported");
  if (I.numLanes() != 1 || I.isInKernel())
    return I.unsupported(op, "linalg ops inside a kernel are not supported");
  unsigned nLoops = lop.getNumLoops();
  SmallVector<int64_t, 8> shapes;
  for (OpOperand &o : op->getOpOperands())
    if (isa<MemRefType>(o.get().getType()))
      for (int64_t s : I.get(o.get()).sizes)
        shapes.push_back(s);
  AffineMap s2l = lop.getShapesToLoopsMap();
  if (!s2l)
    return I.unsupported(op, "cannot derive the loop ranges");
  SmallVector<int64_t, 4> ranges = s2l.compose(shapes);
  // Loop ranges are taken from the first operand that has each dimension;
  // the others are checked against them below. The point count must fit.
  int64_t points = 1;
  for (int64_t r : ranges) {
    if (r < 0)
      return I.unsupported(op, "negative loop range");
    if (__builtin_mul_overflow(points, r, &points))
      return I.unsupported(op, "expected at most 2^63 - 1 loop points");
  }
  SmallVector<utils::IteratorType> iters = lop.getIteratorTypesArray();
  SmallVector<AffineMap> maps = lop.getIndexingMapsArray();
  Block *body = lop.getBlock();

  SmallVector<OperandAccess, 4> acc;
  for (auto [k, o] : llvm::enumerate(op->getOpOperands())) {
    OperandAccess a;
    a.value = &I.get(o.get());
    a.isMemRef = isa<MemRefType>(o.get().getType());
    a.coef.assign(nLoops, 0);
    a.arg = body->getArgument(k);
    a.used = !a.arg.use_empty() || lop.isDpsInit(&o);
    if (a.isMemRef) {
      if (!a.value->uniform)
        return I.unsupported(op, "per-thread memref operands");
      AffineMap m = maps[k];
      for (auto [j, e] : llvm::enumerate(m.getResults()))
        if (!linearize(e, a.value->strides[j], a.coef, a.cst))
          return I.unsupported(op, "non-linear indexing map");
      a.cst += a.value->offset(0);
    }
    acc.push_back(a);
  }

  SmallVector<unsigned, 4> par, red;
  for (unsigned d = 0; d < nLoops; ++d)
    (iters[d] == utils::IteratorType::parallel ? par : red).push_back(d);
  int64_t P = 1, R = 1;
  for (unsigned d : par)
    P *= ranges[d];
  for (unsigned d : red)
    R *= ranges[d];
  if (P == 0 || R == 0)
    return success();
  if (failed(checkBounds(I, op, maps, ranges)))
    return success();
  auto yield = body->getTerminator();
  unsigned numInputs = lop.getNumDpsInputs();

  const int64_t chunk = 1 << 14;
  std::vector<int64_t> baseOff;
  for (int64_t base = 0; base < P; base += chunk) {
    unsigned n = (unsigned)std::min(chunk, P - base);
    LogicalResult res = I.withLanes(n, [&]() -> LogicalResult {
      // Offsets of each operand at the parallel point of each lane.
      baseOff.assign((size_t)acc.size() * n, 0);
      for (unsigned l = 0; l < n; ++l) {
        int64_t p = base + l;
        for (int i = (int)par.size() - 1; i >= 0; --i) {
          int64_t idx = p % ranges[par[i]];
          p /= ranges[par[i]];
          for (size_t k = 0; k < acc.size(); ++k)
            baseOff[k * n + l] += acc[k].coef[par[i]] * idx;
        }
      }
      SmallVector<int64_t, 4> rpos(red.size(), 0);
      for (int64_t r = 0; r < R; ++r) {
        for (auto [k, a] : llvm::enumerate(acc)) {
          SimValue &arg = I.def(a.arg);
          if (!a.isMemRef) {
            arg = *a.value;
            continue;
          }
          if (!a.used)
            continue;
          int64_t off = a.cst;
          for (auto [i, d] : llvm::enumerate(red))
            off += a.coef[d] * rpos[i];
          Word *o = arg.setVarying(n);
          const Buffer &b = *a.value->buffer;
          const int64_t *bo = &baseOff[k * n];
          for (unsigned l = 0; l < n; ++l)
            o[l] = b.load(bo[l] + off);
        }
        if (failed(I.execBlock(*body)))
          return failure();
        for (auto [j, v] : llvm::enumerate(yield->getOperands())) {
          OperandAccess &a = acc[numInputs + j];
          const SimValue &y = I.get(v);
          int64_t off = a.cst;
          for (auto [i, d] : llvm::enumerate(red))
            off += a.coef[d] * rpos[i];
          Buffer &b = *a.value->buffer;
          const int64_t *bo = &baseOff[(numInputs + j) * n];
          for (unsigned l = 0; l < n; ++l)
            b.store(bo[l] + off, y.at(l));
        }
        for (int i = (int)rpos.size() - 1; i >= 0; --i) {
          if (++rpos[i] < ranges[red[i]])
            break;
          rpos[i] = 0;
        }
      }
      return success();
    });
    if (failed(res))
      return failure();
  }
  return success();
}

/// linalg.index inside a body: the loop index of the current point.
LogicalResult indexOp(Interpreter &I, Operation *op) {
  return I.unsupported(op, "linalg.index is not supported");
}

LogicalResult noOp(Interpreter &, Operation *) { return success(); }

} // namespace

void mlir::uop::sim::registerLinalgHandlers(HandlerRegistry &r) {
  r.add<linalg::GenericOp, linalg::FillOp, linalg::CopyOp, linalg::MatmulOp,
        linalg::BatchMatmulOp, linalg::MatvecOp, linalg::VecmatOp,
        linalg::DotOp, linalg::TransposeOp, linalg::BroadcastOp,
        linalg::ElementwiseOp, linalg::AddOp, linalg::SubOp, linalg::MulOp,
        linalg::DivOp, linalg::MaxOp, linalg::MinOp, linalg::ExpOp,
        linalg::ContractOp, linalg::BatchReduceMatmulOp>(structuredOp);
  r.add<linalg::YieldOp>(noOp);
  r.add<linalg::IndexOp>(indexOp);
}
