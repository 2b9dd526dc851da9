//===- Tcgen05Ops.cpp - uop-sim handlers of the uop tcgen05 ops -----------===//
//
// The tensor-memory and tcgen05 family of the uop dialect, run by the
// semantics of TensorMemory.h:
//
// - uop.tmem_alloc / tmem_dealloc / tmem_relinquish_alloc_permit: the
//   block's allocations of tensor memory, warp by warp;
// - uop.tcgen05_mma: the instructions of the lowering (one per k16 slice,
//   with the descriptors of Tcgen05.h) issued asynchronously by the one
//   active thread;
// - uop.tcgen05_commit: the thread's MMAs handed to an mbarrier, completed
//   when a wait needs them;
// - uop.tcgen05_ld / tcgen05_wait_ld: tensor memory into registers, usable
//   after the wait;
// - uop.tcgen05_fence: the fences the ordering of tcgen05 operations
//   between threads is checked against; uop.fence_proxy_async: the thread's shared writes become
//   visible to the tensor core (RaceTracker).
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Sim/TensorMemory.h"

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;

namespace {

LogicalResult allocOp(Interpreter &I, Operation *op) {
  auto a = cast<TMemAllocOp>(op);
  return tmem::alloc(I, op, a.getSlot(), a.getIndices(), a.getColumns());
}

LogicalResult deallocOp(Interpreter &I, Operation *op) {
  auto d = cast<TMemDeallocOp>(op);
  return tmem::dealloc(I, op, d.getAddress(), d.getColumns());
}

LogicalResult relinquishOp(Interpreter &I, Operation *op) {
  return tmem::relinquish(I, op);
}

LogicalResult mmaOp(Interpreter &I, Operation *op) {
  auto m = cast<Tcgen05MmaOp>(op);
  return tmem::mma(I, op, m.getAddress(), m.getA(), m.getB(),
                   m.getAccumulate(), m.getBNMajor(), m.getAMMajor());
}

LogicalResult commitOp(Interpreter &I, Operation *op) {
  auto c = cast<Tcgen05CommitOp>(op);
  return tmem::commit(I, op, c.getBarriers(), c.getIndex());
}

LogicalResult ldOp(Interpreter &I, Operation *op) {
  auto l = cast<Tcgen05LdOp>(op);
  return tmem::load(I, op, l.getAddress(), l.getResult(), l.getHalfSplit());
}

LogicalResult waitLdOp(Interpreter &I, Operation *op) {
  return tmem::waitLoad(I, op);
}

LogicalResult fenceOp(Interpreter &I, Operation *op) {
  if (!I.isInKernel())
    return I.unsupported(op, "expected tcgen05.fence in a kernel");
  return tmem::fence(I, op, cast<Tcgen05FenceOp>(op).getAfter());
}

/// fence.proxy.async: the active threads' shared writes become visible to
/// the async proxy (the tensor core's reads).
LogicalResult proxyFenceOp(Interpreter &I, Operation *op) {
  if (!I.isInKernel())
    return I.unsupported(op, "expected fence.proxy.async in a kernel");
  for (unsigned lane = 0; lane < I.numLanes(); ++lane)
    if (I.isActive(lane))
      I.getRaces().proxyFence(I.threadOf(lane));
  return success();
}

} // namespace

void mlir::uop::sim::registerUopTcgen05Handlers(HandlerRegistry &r) {
  r.add<TMemAllocOp>(allocOp);
  r.add<TMemDeallocOp>(deallocOp);
  r.add<TMemRelinquishAllocPermitOp>(relinquishOp);
  r.add<Tcgen05MmaOp>(mmaOp);
  r.add<Tcgen05CommitOp>(commitOp);
  r.add<Tcgen05LdOp>(ldOp);
  r.add<Tcgen05WaitLdOp>(waitLdOp);
  r.add<Tcgen05FenceOp>(fenceOp);
  r.add<FenceProxyAsyncOp>(proxyFenceOp);
}
