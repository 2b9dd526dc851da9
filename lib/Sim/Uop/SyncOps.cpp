//===- SyncOps.cpp - uop-sim handlers of the uop sync ops -----------------===//
//
// The sync family of the uop dialect, run by the mbarrier semantics of
// MBarrier.h shared with the upstream nvgpu.mbarrier ops:
//
// - uop.mbarrier_init: the barrier expects `count` arrivals per phase;
// - uop.mbarrier_arrive [expect_tx]: one arrival per thread, after raising
//   the transaction count;
// - uop.mbarrier_wait: returns once the phase of the given parity has
//   completed; a wait that never can is a deadlock fault;
// - uop.elect: the body on one lane (the lowest active) of each warp.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Sim/MBarrier.h"

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;

namespace {

LogicalResult initOp(Interpreter &I, Operation *op) {
  auto init = cast<MBarrierInitOp>(op);
  return mbarrier::init(I, op, init.getBarriers(), init.getIndex(),
                        init.getCount(), /*predicate=*/Value());
}

LogicalResult arriveOp(Interpreter &I, Operation *op) {
  auto arrive = cast<MBarrierArriveOp>(op);
  return mbarrier::arrive(I, op, arrive.getBarriers(), arrive.getIndex(),
                          arrive.getExpectTx(), /*predicate=*/Value(),
                          arrive.getCta());
}

LogicalResult waitOp(Interpreter &I, Operation *op) {
  auto wait = cast<MBarrierWaitOp>(op);
  return mbarrier::wait(I, op, wait.getBarriers(), wait.getIndex(),
                        wait.getPhase());
}

/// uop.elect: the body runs on the leader of each warp (its lowest active
/// lane, as elect.sync picks it); a warp not wholly active is a partial warp
/// fault and elects nobody.
LogicalResult electOp(Interpreter &I, Operation *op) {
  std::vector<uint8_t> mask;
  if (failed(mbarrier::electLeaders(I, op, mask)))
    return failure();
  if (llvm::none_of(mask, [](uint8_t m) { return m; }))
    return success();
  return I.withMask(mask, [&] {
    return I.execBlock(cast<ElectOp>(op).getBody().front());
  });
}

} // namespace

void mlir::uop::sim::registerUopSyncHandlers(HandlerRegistry &r) {
  r.add<ElectOp>(electOp);
  r.add<MBarrierInitOp>(initOp);
  r.add<MBarrierArriveOp>(arriveOp);
  r.add<MBarrierWaitOp>(waitOp);
  r.addWaiting<MBarrierWaitOp>();
}
