//===- LinalgOps.cpp - uop-sim handlers for the linalg dialect ------------===//
//
// Every structured linalg op (fill, copy, matmul with or without transposing
// indexing_maps, generic, ...) runs through one path: its scalar body is
// interpreted with one SIMT lane per point of the parallel loops, and the
// reduction loops run in order, innermost last (the order a sequential
// reference would use). Linalg is the reference side of comparisons, so it
// runs on the host only and trusts its indexing maps to stay in bounds.
//
// A contraction whose body is a multiply-accumulate (C += A * B, with the
// operands optionally extended or truncated first: every matmul form the
// pipelines compare against) takes a direct loop instead, computing the
// same roundings in the same order: each point's products summed over the
// reduction loops in order, every operation rounded to its type.
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

/// Steps `pos`, the indices of the loops `dims` (innermost last), to the
/// next point of the box `ranges`, wrapping to all zeros after the last.
void advance(MutableArrayRef<int64_t> pos, ArrayRef<unsigned> dims,
             ArrayRef<int64_t> ranges) {
  for (int i = (int)pos.size() - 1; i >= 0; --i) {
    if (++pos[i] < ranges[dims[i]])
      return;
    pos[i] = 0;
  }
}

/// Whether the memref `m` lays its elements out densely in row-major order
/// (distinct indices, distinct elements).
bool isRowMajor(const SimValue &m) {
  int64_t stride = 1;
  for (int i = (int)m.sizes.size() - 1; i >= 0; --i) {
    if (m.sizes[i] != 1 && m.strides[i] != stride)
      return false;
    stride *= m.sizes[i];
  }
  return true;
}

/// A body `yield (out + cast(a) * cast(b))`: a multiply-accumulate, each
/// cast an optional arith.extf or arith.truncf, the sum in either order.
struct MulAdd {
  /// The element kinds the truncations of the two inputs round to
  /// (std::nullopt: none; an extension changes no value), and the kind of
  /// the product and sum.
  std::optional<ElemKind> castA, castB;
  ElemKind kind;
};

/// Matches `body` (block arguments a, b, out) as a multiply-accumulate whose
/// accumulator has the kind of the output buffer `outKind`.
std::optional<MulAdd> matchMulAdd(Block &body, ElemKind outKind) {
  if (body.getNumArguments() != 3)
    return std::nullopt;
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield->getNumOperands() != 1)
    return std::nullopt;
  auto add = yield->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return std::nullopt;
  Value out = body.getArgument(2);
  Value prod = add.getLhs() == out ? add.getRhs() : add.getLhs();
  if ((add.getLhs() == out) == (add.getRhs() == out))
    return std::nullopt;
  auto mul = prod.getDefiningOp<arith::MulFOp>();
  if (!mul || mul.getType() != add.getType() || out.getType() != add.getType())
    return std::nullopt;
  std::optional<ElemKind> kind = getElemKind(add.getType());
  if (!kind || *kind != outKind || !isFloatKind(*kind))
    return std::nullopt;
  MulAdd m{std::nullopt, std::nullopt, *kind};
  // Each factor: argument `arg`, or one cast of it.
  unsigned casts = 0;
  auto factor = [&](Value v, unsigned arg,
                    std::optional<ElemKind> &cast) -> bool {
    if (v == body.getArgument(arg))
      return true;
    Operation *def = v.getDefiningOp();
    if (!def || !isa<arith::ExtFOp, arith::TruncFOp>(def) ||
        def->getOperand(0) != body.getArgument(arg))
      return false;
    ++casts;
    if (isa<arith::ExtFOp>(def))
      return true; // exact: the value stays
    cast = getElemKind(v.getType());
    return cast.has_value();
  };
  bool direct = factor(mul.getLhs(), 0, m.castA) &&
                factor(mul.getRhs(), 1, m.castB);
  if (!direct) {
    m.castA = m.castB = std::nullopt;
    casts = 0;
    if (!factor(mul.getLhs(), 1, m.castB) || !factor(mul.getRhs(), 0, m.castA))
      return std::nullopt;
  }
  // Nothing else in the body: the casts, the product, the sum, the yield.
  unsigned ops = 3 + casts;
  if (body.getOperations().size() != ops)
    return std::nullopt;
  for (Operation &o : body.without_terminator())
    if (o.getNumRegions() || !o.hasOneUse())
      return std::nullopt;
  return m;
}

/// The most elements the two inputs of a direct multiply-accumulate may
/// reach together: those are copied as floats first (256 MiB at this
/// bound, two 4096 x 4096 inputs); larger ones are interpreted.
constexpr int64_t kMaxMulAddElements = int64_t(1) << 26;

/// Whether values of kind `k` are all floats (so a float copy is exact).
bool fitsFloat(ElemKind k) {
  return k == ElemKind::F16 || k == ElemKind::BF16 || k == ElemKind::F32;
}

/// The elements [lo, hi] of `b` as floats, each rounded to `cast` first
/// when set (the body's truncf, a function of the value alone).
std::vector<float> factorValues(const Buffer &b, std::optional<ElemKind> cast,
                                int64_t lo, int64_t hi) {
  std::vector<float> v((size_t)(hi - lo + 1));
  for (int64_t i = lo; i <= hi; ++i) {
    double x = b.load(i).f;
    v[(size_t)(i - lo)] = (float)(cast ? roundToKind(x, *cast) : x);
  }
  return v;
}

/// The first and last element operand `x` reaches over the loop box
/// `ranges` (its offset is linear, so they are at corners); std::nullopt
/// on overflow.
std::optional<std::pair<int64_t, int64_t>>
elementSpan(const OperandAccess &x, ArrayRef<int64_t> ranges) {
  int64_t lo = x.cst, hi = x.cst;
  for (auto [d, r] : llvm::enumerate(ranges)) {
    int64_t span;
    if (__builtin_mul_overflow(x.coef[d], r - 1, &span) ||
        __builtin_add_overflow(span < 0 ? lo : hi, span,
                               span < 0 ? &lo : &hi))
      return std::nullopt;
  }
  return std::make_pair(lo, hi);
}

/// The loops of runMulAdd, with `round` rounding to the sum's kind.
/// `a` and `b` hold the inputs' elements from `loA` and `loB` on.
template <typename Round>
void mulAddLoops(const float *a, int64_t loA, const float *b, int64_t loB,
                 Buffer &c, ArrayRef<OperandAccess> acc,
                 ArrayRef<int64_t> ranges, ArrayRef<unsigned> par,
                 ArrayRef<unsigned> red, int64_t P, int64_t R, Round round) {
  auto offsetAt = [&](const OperandAccess &x, ArrayRef<unsigned> dims,
                      ArrayRef<int64_t> at) {
    int64_t off = 0;
    for (auto [i, d] : llvm::enumerate(dims))
      off += x.coef[d] * at[i];
    return off;
  };
  // The reduction loops' offsets, innermost fastest, once for all points.
  SmallVector<int64_t, 6> pos(par.size(), 0), rpos(red.size(), 0);
  std::vector<int64_t> redA((size_t)R), redB((size_t)R);
  for (int64_t r = 0; r < R; ++r) {
    redA[r] = offsetAt(acc[0], red, rpos);
    redB[r] = offsetAt(acc[1], red, rpos);
    advance(rpos, red, ranges);
  }
  for (int64_t p = 0; p < P; ++p) {
    int64_t offA = acc[0].cst + offsetAt(acc[0], par, pos) - loA;
    int64_t offB = acc[1].cst + offsetAt(acc[1], par, pos) - loB;
    int64_t offC = acc[2].cst + offsetAt(acc[2], par, pos);
    double sum = c.load(offC).f;
    for (int64_t r = 0; r < R; ++r)
      sum = round(sum + round((double)a[offA + redA[r]] *
                              (double)b[offB + redB[r]]));
    Word w;
    w.f = sum;
    c.store(offC, w);
    advance(pos, par, ranges);
  }
}

/// Runs a multiply-accumulate contraction directly: the loop box `ranges`
/// with the parallel loops `par` and reduction loops `red`, the operands'
/// element offsets in `acc`. The same roundings, in the same order, as the
/// body's interpretation, with the running sum kept instead of stored and
/// reloaded (exact: the output buffer has the sum's kind), and the steps
/// the interpretation would count: one per operation of `body` (the
/// terminator included) and point of the loop box. Returns std::nullopt,
/// doing nothing, when the factors are not all floats or the elements they
/// reach too many to copy; otherwise the result of the run (a step-limit
/// fault fails it).
std::optional<LogicalResult>
runMulAdd(Interpreter &I, Operation *op, Block &body, const MulAdd &m,
          ArrayRef<OperandAccess> acc, ArrayRef<int64_t> ranges,
          ArrayRef<unsigned> par, ArrayRef<unsigned> red, int64_t P,
          int64_t R) {
  const Buffer &a = *acc[0].value->buffer, &b = *acc[1].value->buffer;
  Buffer &c = *acc[2].value->buffer;
  if (!fitsFloat(m.castA.value_or(a.kind)) ||
      !fitsFloat(m.castB.value_or(b.kind)))
    return std::nullopt;
  auto spanA = elementSpan(acc[0], ranges), spanB = elementSpan(acc[1], ranges);
  if (!spanA || !spanB ||
      spanA->second - spanA->first >=
          kMaxMulAddElements - (spanB->second - spanB->first + 1))
    return std::nullopt;
  uint64_t steps;
  if (__builtin_mul_overflow((uint64_t)P, (uint64_t)R, &steps) ||
      __builtin_mul_overflow(steps, (uint64_t)body.getOperations().size(),
                             &steps))
    steps = UINT64_MAX;
  if (failed(I.countSteps(op, steps)))
    return failure();
  std::vector<float> fa =
      factorValues(a, m.castA, spanA->first, spanA->second);
  std::vector<float> fb =
      factorValues(b, m.castB, spanB->first, spanB->second);
  int64_t loA = spanA->first, loB = spanB->first;
  switch (m.kind) {
  case ElemKind::F32:
    mulAddLoops(fa.data(), loA, fb.data(), loB, c, acc, ranges, par, red, P, R,
                [](double x) { return (double)(float)x; });
    break;
  case ElemKind::F64:
    mulAddLoops(fa.data(), loA, fb.data(), loB, c, acc, ranges, par, red, P, R,
                [](double x) { return x; });
    break;
  default: {
    ElemKind k = m.kind;
    mulAddLoops(fa.data(), loA, fb.data(), loB, c, acc, ranges, par, red, P, R,
                [k](double x) { return roundToHalf(x, k); });
    break;
  }
  }
  return success();
}

/// The multiply-accumulate `op` with its product `product` given
/// (SimOptions::gemmProduct): each output element c (`out`, indexed by
/// `outMap`, a permutation of the parallel loops `par` of the box
/// `ranges`, `points` of them) becomes c + product[i], i its index in the
/// output's row-major order, rounded to the output's kind as the body's
/// addition rounds; one step per point.
LogicalResult addProduct(Interpreter &I, Operation *op,
                         ArrayRef<float> product, const OperandAccess &out,
                         AffineMap outMap, ArrayRef<int64_t> ranges,
                         ArrayRef<unsigned> par, int64_t points) {
  if ((int64_t)product.size() != points)
    return I.unsupported(op, "expected the GEMM product given "
                             "(--gemm-product) to hold " +
                                 Twine(points) +
                                 " f32 values, one per element of the "
                                 "output, got " +
                                 Twine(product.size()));
  I.takeGemmProduct();
  if (failed(I.countSteps(op, (uint64_t)points)))
    return failure();
  Buffer &c = *out.value->buffer;
  ElemKind kind = c.kind;
  // Each parallel loop's stride in the output's row-major order.
  SmallVector<int64_t, 6> logical(par.size(), 0);
  int64_t stride = 1;
  for (unsigned j = outMap.getNumResults(); j-- > 0;) {
    unsigned d = outMap.getDimPosition(j);
    logical[llvm::find(par, d) - par.begin()] = stride;
    stride *= ranges[d];
  }
  SmallVector<int64_t, 6> pos(par.size(), 0);
  for (int64_t p = 0; p < points; ++p) {
    int64_t off = out.cst, index = 0;
    for (auto [i, d] : llvm::enumerate(par)) {
      off += out.coef[d] * pos[i];
      index += logical[i] * pos[i];
    }
    double sum = c.load(off).f + (double)product[(size_t)index];
    Word w;
    w.f = kind == ElemKind::F64   ? sum
          : kind == ElemKind::F32 ? (double)(float)sum
                                  : roundToHalf(sum, kind);
    c.store(off, w);
    advance(pos, par, ranges);
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
  unsigned numInputs = lop.getNumDpsInputs();
  // A multiply-accumulate over memrefs whose parallel points each have an
  // output element of their own (an output indexed by a permutation of
  // exactly those loops); the direct loop takes it where that output is
  // row-major in a buffer no input reads.
  std::optional<MulAdd> mulAdd, direct;
  if (numInputs == 2 && acc.size() == 3 && !red.empty() &&
      llvm::all_of(acc,
                   [](const OperandAccess &a) {
                     return a.isMemRef && a.used;
                   }) &&
      maps[2].isProjectedPermutation() &&
      maps[2].getNumResults() == par.size() &&
      llvm::all_of(par,
                   [&](unsigned d) { return maps[2].isFunctionOfDim(d); }))
    mulAdd = matchMulAdd(*body, acc[2].value->buffer->kind);
  if (mulAdd && isRowMajor(*acc[2].value) &&
      acc[2].value->buffer != acc[0].value->buffer &&
      acc[2].value->buffer != acc[1].value->buffer)
    direct = mulAdd;
  // The GEMM's product computed elsewhere: added, not computed (an empty
  // output has no product to replace: it takes none).
  if (std::optional<ArrayRef<float>> product = I.getGemmProduct();
      product && P) {
    if (!mulAdd && !red.empty())
      return I.unsupported(op, "the GEMM product given (--gemm-product) "
                               "replaces a multiply-accumulate of two "
                               "memrefs into an output indexed by the "
                               "parallel loops; this reduction is not one");
    if (mulAdd) {
      // This is the GEMM, in bounds or not. Of K = 0 it adds nothing (the
      // product is all zeros), and reads and writes nothing to bound.
      I.takeGemmProduct();
      if (!R)
        return success();
      if (failed(checkBounds(I, op, maps, ranges)))
        return success();
      return addProduct(I, op, *product, acc[2], maps[2], ranges, par, P);
    }
  } else if (mulAdd && I.hasGemmProduct() && P && R) {
    return I.unsupported(op, "the GEMM product given (--gemm-product) "
                             "replaces the product of one multiply-"
                             "accumulate contraction, and this is a second");
  }
  if (P == 0 || R == 0)
    return success();
  if (failed(checkBounds(I, op, maps, ranges)))
    return success();
  auto yield = body->getTerminator();

  // A multiply-accumulate: the direct loop.
  if (direct)
    if (std::optional<LogicalResult> done =
            runMulAdd(I, op, *body, *direct, acc, ranges, par, red, P, R))
      return *done;

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
        advance(rpos, red, ranges);
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
