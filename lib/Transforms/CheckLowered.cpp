//===- CheckLowered.cpp - uop-check-lowered pass --------------------------===//
//
// Checks that the kernels of a module are fully lowered to LLVM/NVVM.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPCHECKLOWERED
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

namespace {
struct UopCheckLoweredPass
    : public mlir::uop::impl::UopCheckLoweredBase<UopCheckLoweredPass> {
  void runOnOperation() override {
    bool failedAny = false;
    for (auto gpuModule : getOperation().getOps<gpu::GPUModuleOp>()) {
      gpuModule.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<LLVM::LLVMDialect, NVVM::NVVMDialect>(op->getDialect()))
          return WalkResult::advance();
        op->emitError("'") << op->getName()
                           << "' was not lowered to LLVM/NVVM: the kernel "
                              "cannot become PTX";
        failedAny = true;
        return WalkResult::skip();
      });
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
