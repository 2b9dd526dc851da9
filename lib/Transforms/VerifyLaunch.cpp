//===- VerifyLaunch.cpp - uop-verify-launch pass --------------------------===//
//
// Checks the kernels of the input against the launch limits of the module's
// target before anything is compiled from them. A hand-written gpu.launch
// with a block of 0 or 2048 threads or a grid of 2^40 blocks would
// otherwise compile and carry those sizes into the launch configuration; a
// uop.matmul whose `threads` are not the block's shape would be lowered to
// reads outside its tiles.
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/PTX.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPVERIFYLAUNCH
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

LogicalResult mlir::uop::verifyMatmulThreads(MatmulOp op) {
  std::optional<std::array<int64_t, 3>> block = getKnownBlockSize(op);
  if (!block)
    return success();
  // threads = [along M, along N]: the block is threads[1] x threads[0]
  // (x runs along N), one layer deep.
  ArrayRef<int64_t> threads = op.getThreads();
  if ((*block)[0] != threads[1] || (*block)[1] != threads[0] ||
      (*block)[2] != 1)
    return op.emitOpError("expected a block of ")
           << threads[1] << "x" << threads[0] << "x1 threads for threads = ["
           << threads[0] << ", " << threads[1] << "], got " << (*block)[0]
           << "x" << (*block)[1] << "x" << (*block)[2];
  return success();
}

namespace {
struct UopVerifyLaunchPass
    : public mlir::uop::impl::UopVerifyLaunchBase<UopVerifyLaunchPass> {
  void runOnOperation() override {
    bool failedAny = false;
    // gpu.launch and gpu.launch_func name their sizes alike.
    auto checkSizes = [](auto launch) {
      return failed(verifyLaunchSizes(
          launch,
          {launch.getGridSizeX(), launch.getGridSizeY(), launch.getGridSizeZ()},
          {launch.getBlockSizeX(), launch.getBlockSizeY(),
           launch.getBlockSizeZ()}));
    };
    getOperation()->walk([&](Operation *op) {
      if (auto launch = dyn_cast<gpu::LaunchOp>(op))
        failedAny |= checkSizes(launch);
      else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
        failedAny |= checkSizes(launch);
      else if (auto matmul = dyn_cast<MatmulOp>(op))
        failedAny |= failed(verifyMatmulThreads(matmul));
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
