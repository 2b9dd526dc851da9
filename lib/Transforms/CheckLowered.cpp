//===- CheckLowered.cpp - uop-check-lowered pass --------------------------===//
//
// Checks that the kernels of a module are fully lowered to LLVM/NVVM and are
// what the NVPTX backend can take, and that every launch is within the
// target's limits (verifyLoweredModule, shared with uop-translate).
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/PTX.h"
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
    if (failed(verifyLoweredModule(getOperation())))
      signalPassFailure();
  }
};
} // namespace
