//===- AlignDynamicShared.cpp - uop-align-dynamic-shared pass -------------===//
//
// convert-gpu-to-nvvm declares a kernel's dynamic shared memory as a
// zero-length `.shared` array of internal linkage aligned to 16 bytes. Two
// things are wrong with that for PTX:
//
// - internal linkage lets the NVPTX back end demote the array into the one
//   function that uses it, as a zero-sized `.shared` variable, which ptxas
//   may place at the same address as the kernel's static shared variables
//   (the mbarriers): the dynamic region must be `.extern .shared ... []`,
//   which the driver places after all static shared memory;
// - buffers placed in it by convert-uop-to-gpu may need more alignment
//   (1024 bytes for the 128-byte swizzle, which the tensor core and TMA
//   compute on shared addresses); the gpu.module records the largest as
//   `uop.dynamic_shared_alignment`.
//
// This pass gives the module's zero-length shared arrays external linkage
// and that alignment: the PTX declares `.extern .shared .align N .b8
// name[]`, and the driver starts the region there.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPALIGNDYNAMICSHARED
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;

namespace {

struct UopAlignDynamicSharedPass
    : public mlir::uop::impl::UopAlignDynamicSharedBase<
          UopAlignDynamicSharedPass> {
  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUModuleOp module) {
      uint64_t alignment = 0;
      if (auto attr = module->getAttrOfType<IntegerAttr>(
              "uop.dynamic_shared_alignment"))
        alignment = attr.getValue().getZExtValue();
      // The dynamic region is the zero-length array of the shared address
      // space that the gpu lowering declares.
      for (auto global : module.getOps<LLVM::GlobalOp>()) {
        auto array = dyn_cast<LLVM::LLVMArrayType>(global.getType());
        if (!array || array.getNumElements() != 0 ||
            global.getAddrSpace() != unsigned(NVVM::NVVMMemorySpace::Shared))
          continue;
        global.setLinkage(LLVM::Linkage::External);
        if (global.getAlignment().value_or(0) < alignment)
          global.setAlignment(alignment);
      }
    });
  }
};

} // namespace
