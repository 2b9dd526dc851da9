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
