//===- AttachNVVMTarget.cpp - #nvvm.target from the module's #uop.target --===//
//
// Where the kernels leave uop for LLVM: every gpu.module gets the
// #nvvm.target (chip, PTX ISA feature, optimization level) that the NVPTX
// backend emits PTX for, taken from the module's uop.target so that the
// chip is named once, by the first stage.
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/Targets.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPATTACHNVVMTARGET
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

namespace {
struct UopAttachNVVMTargetPass
    : public mlir::uop::impl::UopAttachNVVMTargetBase<
          UopAttachNVVMTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (optLevel > 3) {
      module.emitError("uop-attach-nvvm-target: expected opt-level between 0 "
                       "and 3, got ")
          << static_cast<int64_t>(optLevel.getValue());
      return signalPassFailure();
    }
    TargetAttr target = getTargetOrDefault(module);
    auto nvvm = NVVM::NVVMTargetAttr::get(
        &getContext(), optLevel, /*triple=*/"nvptx64-nvidia-cuda",
        target.getChip(), target.getPtxFeature());
    module.walk([&](gpu::GPUModuleOp gpuModule) {
      gpuModule.setTargetsAttr(ArrayAttr::get(&getContext(), {nvvm}));
    });
  }
};
} // namespace
