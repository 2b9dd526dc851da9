//===- CheckHost.cpp - uop-check-host pass --------------------------------===//
//
// Checks that what uop-compile leaves of a host function is allocations,
// launches and calls: a linalg op still there (neither compiled into a
// kernel nor fused into a GEMM's writeback) would run on the CPU over
// device memory, so it is an error naming the op.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPCHECKHOST
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

LogicalResult mlir::uop::checkHostFunctions(ModuleOp module) {
  bool failedAny = false;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // Device code: compiled by the kernel stages, not run by the host.
    if (isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (!isa<linalg::LinalgOp>(op))
      return WalkResult::advance();
    auto func = op->getParentOfType<FunctionOpInterface>();
    InFlightDiagnostic diag = op->emitError("expected ");
    if (func)
      diag << "the host function @" << func.getName();
    else
      diag << "host code";
    diag << " to hold only allocations, launches and calls, got '"
         << op->getName()
         << "', which is neither fused into a kernel nor compiled into one";
    failedAny = true;
    return WalkResult::advance();
  });
  return failure(failedAny);
}

namespace {
struct UopCheckHostPass
    : public mlir::uop::impl::UopCheckHostBase<UopCheckHostPass> {
  void runOnOperation() override {
    if (failed(checkHostFunctions(getOperation())))
      signalPassFailure();
  }
};
} // namespace
