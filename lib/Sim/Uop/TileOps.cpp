//===- TileOps.cpp - uop-sim handlers of the uop tile ops -----------------===//
//
// The tile family of the uop dialect run by their definitions, so that every
// rung of the GEMM ladder (tiled, promoted to shared memory, expanded)
// executes under uop-sim and can be compared with the linalg input:
//
// - uop.alloc_shared: the block's shared buffer for the op, one per block,
//   uninitialized at the start of every block.
// - uop.barrier: every thread of the block must reach it (else a divergent
//   barrier fault); it ends the race tracker's barrier interval.
// - uop.cluster_barrier: the block arrives (every thread of it must reach
//   it) and waits until every block of its cluster has; then it ends the
//   block's barrier interval as uop.barrier does.
// - uop.named_barrier: the warps that reach it arrive; the last arrival
//   completes it and orders the arrived threads' shared accesses (and only
//   theirs); earlier ones wait (a path of their own) for it.
// - uop.copy: dest element e (row-major) is written by thread e mod
//   (threads of the block), from the source or as zero past its edge, at the
//   swizzled column; shared accesses go through the race tracker.
// - uop.matmul: each thread updates its TM x TN register tile with fused
//   multiply-adds over K in order, reading zero outside the operands, as the
//   expanded code does; the tensor-core form reads its elements through the
//   m16n8 fragment map (TF32 inputs rounded first), as uop-tensorcore's
//   mma.sync does.
//
// Each further family of uop ops gets its own file here, with its own
// register function called from HandlerRegistry::get.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Sim/Interpreter.h"
#include "Uop/Sim/TensorCore.h"

#include <cmath>

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;

namespace {

/// uop.alloc_shared: the block's buffer, created by the first block to run.
LogicalResult allocSharedOp(Interpreter &I, Operation *op) {
  auto a = cast<AllocSharedOp>(op);
  FailureOr<Buffer *> b =
      I.getSharedBuffer(op, op, a.getType(), I.nameOf(a.getBuffer()),
                        a.getAlignment().value_or(0));
  if (failed(b))
    return failure();
  Interpreter::describe(I.def(a.getBuffer()), *b, a.getType().getShape());
  return success();
}

/// uop.barrier: bar.sync 0 over the whole block.
LogicalResult barrierOp(Interpreter &I, Operation *op) {
  I.barrier(op);
  return success();
}

/// uop.cluster_barrier: every block of the cluster arrives and waits.
LogicalResult clusterBarrierOp(Interpreter &I, Operation *op) {
  if (failed(I.clusterArrive(op)))
    return failure();
  return I.clusterWait(op);
}

/// uop.named_barrier: bar.sync id, threads over the warps that reach it.
LogicalResult namedBarrierOp(Interpreter &I, Operation *op) {
  auto nb = cast<NamedBarrierOp>(op);
  return I.namedBarrier(op, nb.getId(), nb.getThreads());
}

/// Reads element (i0, i1) of the 2-D memref `m` for `lane` as a float, zero
/// when outside its sizes. Returns false on a fault (out-of-bounds access of
/// the buffer behind the view).
bool readOrZero(Interpreter &I, const SimValue &m, unsigned lane, int64_t i0,
                int64_t i1, Operation *op, double &out) {
  out = 0.0;
  if (i0 < 0 || i1 < 0 || i0 >= m.sizes[0] || i1 >= m.sizes[1])
    return true;
  int64_t idx[2] = {i0, i1};
  int64_t linear;
  if (!I.linearIndex(m, lane, idx, op, linear))
    return false;
  out = I.loadElem(*m.buffer, linear, lane, op).f;
  return true;
}

LogicalResult copyOp(Interpreter &I, Operation *op) {
  auto copy = cast<CopyOp>(op);
  const SimValue &src = I.get(copy.getSource());
  const SimValue &dst = I.get(copy.getDest());
  if (src.sizes.size() != 2 || dst.sizes.size() != 2)
    return I.unsupported(op, "uop.copy of a memref that is not 2-D");
  int64_t rows = dst.sizes[0], cols = dst.sizes[1];
  SharedLayoutAttr layout = copy.getLayoutAttr();
  unsigned lanes = I.numLanes();
  for (int64_t e = 0, n = rows * cols; e < n; ++e) {
    unsigned lane = unsigned(e % lanes);
    if (!I.isActive(lane))
      continue; // a thread that does not reach the copy writes nothing
    int64_t r = e / cols, c = e % cols;
    Word w;
    w.i = 0;
    if (r < src.sizes[0] && c < src.sizes[1]) {
      int64_t idx[2] = {r, c};
      int64_t linear;
      if (!I.linearIndex(src, lane, idx, op, linear))
        continue;
      w = I.loadElem(*src.buffer, linear, lane, op);
    } else if (isa<FloatType>(dst.buffer->elemType)) {
      w.f = 0.0;
    }
    int64_t idx[2] = {r, getSwizzledColumn(r, c, layout)};
    int64_t linear;
    if (!I.linearIndex(dst, lane, idx, op, linear))
      continue;
    I.storeElem(*dst.buffer, linear, w, lane, op);
  }
  return success();
}

LogicalResult matmulOp(Interpreter &I, Operation *op) {
  auto mm = cast<MatmulOp>(op);
  Interpreter::KernelState *kernel = I.kernel();
  if (!kernel)
    return I.unsupported(op, "uop.matmul outside of a kernel");
  const SimValue &a = I.get(mm.getA());
  const SimValue &b = I.get(mm.getB());
  const SimValue &acc = I.get(mm.getAcc());
  int64_t tm = mm.getThreadTileM(), tn = mm.getThreadTileN();
  int64_t threadsM = mm.getThreadsM(), threadsN = mm.getThreadsN();
  int64_t k = a.sizes[mm.getADimK()];
  if (b.sizes[mm.getBDimK()] != k)
    return I.unsupported(op, "uop.matmul operands disagree on K at run time");
  SharedLayoutAttr aLayout = mm.getALayoutAttr(), bLayout = mm.getBLayoutAttr();
  bool ta = mm.getTransposeA(), tb = mm.getTransposeB();

  // The C element (row, col) of accumulator element (i, j) of lane `l`:
  // SIMT groups of rows and columns strided by the thread counts, or the
  // m16n8 fragment map of the tensor-core form (see uop.matmul).
  bool tensorCore = mm.isTensorCore();
  int64_t wtm = tensorCore ? mm.getWarpTileM() : 0;
  int64_t wtn = tensorCore ? mm.getWarpTileN() : 0;
  auto rowOf = [&](int64_t tx, int64_t ty, int64_t i) {
    if (!tensorCore)
      return getSimtGroup(tm) * ty + getSimtOffset(i, threadsM, tm);
    int64_t lane = tx % 32;
    return ty * wtm + 16 * (i / 2) + 8 * (i % 2) + lane / 4;
  };
  auto colOf = [&](int64_t tx, int64_t j) {
    if (!tensorCore)
      return getSimtGroup(tn) * tx + getSimtOffset(j, threadsN, tn);
    int64_t lane = tx % 32;
    return (tx / 32) * wtn + 8 * (j / 2) + 2 * (lane % 4) + j % 2;
  };
  // TF32 inputs are rounded as mma.sync rounds them; other products are
  // exact in f32.
  bool tf32 = mm.getTf32();
  auto input = [&](double v) {
    return tf32 ? tensorcore::roundToTf32(v) : v;
  };

  SimValue &result = I.def(mm.getResult());
  unsigned w = unsigned(tm * tn);
  SimValue accCopy = acc; // `result` may alias nothing, but stay safe
  Word *out = result.setVarying(I.numLanes(), w);
  std::vector<double> aCol(tm), bRow(tn);
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    for (unsigned e = 0; e < w; ++e)
      out[(size_t)l * w + e] = accCopy.at(l, e);
    if (!I.isActive(l))
      continue;
    int64_t tx = kernel->tid[0].at(l).i, ty = kernel->tid[1].at(l).i;
    for (int64_t kk = 0; kk < k; ++kk) {
      for (int64_t i = 0; i < tm; ++i) {
        int64_t r = rowOf(tx, ty, i);
        int64_t i0 = ta ? kk : r, i1 = ta ? r : kk;
        if (!readOrZero(I, a, l, i0, getSwizzledColumn(i0, i1, aLayout), op,
                        aCol[i]))
          return success();
      }
      for (int64_t j = 0; j < tn; ++j) {
        int64_t c = colOf(tx, j);
        int64_t i0 = tb ? c : kk, i1 = tb ? kk : c;
        if (!readOrZero(I, b, l, i0, getSwizzledColumn(i0, i1, bLayout), op,
                        bRow[j]))
          return success();
      }
      for (int64_t i = 0; i < tm; ++i)
        for (int64_t j = 0; j < tn; ++j) {
          Word &o = out[(size_t)l * w + i * tn + j];
          o.f = std::fma((float)input(aCol[i]), (float)input(bRow[j]),
                         (float)o.f);
        }
    }
  }
  return success();
}

} // namespace

void mlir::uop::sim::registerUopTileHandlers(HandlerRegistry &r) {
  r.add<AllocSharedOp>(allocSharedOp);
  r.add<BarrierOp>(barrierOp);
  r.add<NamedBarrierOp>(namedBarrierOp);
  // Its first arrivals wait for the rest (another path's).
  r.addWaiting<NamedBarrierOp>();
  r.add<ClusterBarrierOp>(clusterBarrierOp);
  // A block waits for the other blocks of its cluster (their paths).
  r.addWaiting<ClusterBarrierOp>();
  r.add<CopyOp>(copyOp);
  r.add<MatmulOp>(matmulOp);
}
