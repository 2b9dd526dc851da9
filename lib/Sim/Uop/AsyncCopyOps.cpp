//===- AsyncCopyOps.cpp - uop-sim handlers of the uop cp.async ops --------===//
//
// The asynchronous-copy family of the uop dialect, run by the same
// semantics as nvgpu.device_async_copy / create_group / wait
// (TensorCore.h):
//
// - uop.cp_async: one thread's copy of `elements` contiguous elements from
//   global to shared memory (zero past `src_elements`); the source is read
//   at once, the destination written when a wait completes the copy's
//   group, and in flight (any access a race) until then;
// - uop.cp_async_commit: closes the thread's open group;
// - uop.cp_async_wait {pending = N}: completes every committed group of the
//   thread but the N most recent. Other threads see the data only after a
//   barrier that follows the wait.
// - uop.tma_load: the TMA load of Tma.h (the box is the destination tile,
//   completing on an mbarrier);
// - uop.tma_store: the TMA store of Tma.h (the box is the source tile),
//   committed as a bulk async-group of its own; uop.tma_store_wait
//   {pending = N}: the thread's stores of all but the N most recent groups
//   finish reading their tiles.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Sim/TensorCore.h"
#include "Uop/Sim/Tma.h"

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;
namespace tc = mlir::uop::sim::tensorcore;

namespace {

LogicalResult cpAsyncOp(Interpreter &I, Operation *op) {
  auto cp = cast<CpAsyncOp>(op);
  return tc::asyncCopy(I, op, cp.getDest(), cp.getDstIndices(),
                       cp.getSource(), cp.getSrcIndices(),
                       cp.getNumElements(), cp.getSrcElements());
}

LogicalResult commitOp(Interpreter &I, Operation *op) {
  return tc::commitGroup(I, op);
}

LogicalResult waitOp(Interpreter &I, Operation *op) {
  return tc::waitGroup(I, op, cast<CpAsyncWaitOp>(op).getPending());
}

LogicalResult tmaLoadOp(Interpreter &I, Operation *op) {
  auto load = cast<TmaLoadOp>(op);
  return tma::load(I, op, load.getSource(), load.getCoordinates(),
                   /*innermostFirst=*/false, load.getDest(),
                   load.getBarriers(), load.getIndex(), load.getSwizzle(),
                   /*predicate=*/Value(), load.getMulticast());
}

LogicalResult tmaStoreOp(Interpreter &I, Operation *op) {
  auto store = cast<TmaStoreOp>(op);
  return tma::store(I, op, store.getSource(), store.getDest(),
                    store.getCoordinates(), /*innermostFirst=*/false,
                    store.getSwizzle(), /*commit=*/true,
                    /*predicate=*/Value());
}

LogicalResult tmaStoreWaitOp(Interpreter &I, Operation *op) {
  tma::waitStores(I, cast<TmaStoreWaitOp>(op).getPending());
  return success();
}

} // namespace

void mlir::uop::sim::registerUopAsyncCopyHandlers(HandlerRegistry &r) {
  r.add<CpAsyncOp>(cpAsyncOp);
  r.add<CpAsyncCommitOp>(commitOp);
  r.add<CpAsyncWaitOp>(waitOp);
  r.add<TmaLoadOp>(tmaLoadOp);
  r.add<TmaStoreOp>(tmaStoreOp);
  r.add<TmaStoreWaitOp>(tmaStoreWaitOp);
}
