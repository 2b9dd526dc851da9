//===- WgmmaOps.cpp - uop-sim handlers of the uop wgmma ops ---------------===//
//
// The warpgroup MMA family of the uop dialect, run by the semantics of
// Wgmma.h: uop.wgmma_fence, uop.wgmma_mma (executed at issue from its
// descriptors, its reads and result in flight until the wait),
// uop.wgmma_commit_group and uop.wgmma_wait_group; and uop.setmaxnreg.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Sim/Wgmma.h"

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;

namespace {

LogicalResult fenceOp(Interpreter &I, Operation *op) {
  return sim::wgmma::fence(I, op);
}

LogicalResult mmaOp(Interpreter &I, Operation *op) {
  auto m = cast<WgmmaMmaOp>(op);
  return sim::wgmma::mma(I, op, m.getA(), m.getB(), m.getC(), m.getResult(),
                         m.getBNMajor(), m.getAMMajor());
}

LogicalResult commitOp(Interpreter &I, Operation *op) {
  return sim::wgmma::commitGroup(I, op);
}

LogicalResult waitOp(Interpreter &I, Operation *op) {
  return sim::wgmma::waitGroup(I, op, cast<WgmmaWaitGroupOp>(op).getPending());
}

LogicalResult setMaxNRegOp(Interpreter &I, Operation *op) {
  auto s = cast<SetMaxNRegOp>(op);
  return sim::wgmma::setMaxNReg(I, op, s.getIncrease(), int64_t(s.getCount()));
}

} // namespace

void mlir::uop::sim::registerUopWgmmaHandlers(HandlerRegistry &r) {
  r.add<WgmmaFenceOp>(fenceOp);
  r.add<WgmmaMmaOp>(mmaOp);
  r.add<WgmmaCommitGroupOp>(commitOp);
  r.add<WgmmaWaitGroupOp>(waitOp);
  r.add<SetMaxNRegOp>(setMaxNRegOp);
  // An increase waits for registers another path's decrease releases.
  r.addWaiting<SetMaxNRegOp>();
}
