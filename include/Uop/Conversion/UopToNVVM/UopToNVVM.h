//===- UopToNVVM.h - uop tcgen05 ops to NVVM --------------------*- C++ -*-===//
//
// The llvm-stage conversion of the uop ops nvgpu has no counterpart for:
// tensor memory, tcgen05 and the async-proxy fence.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_UOPTONVVM_UOPTONVVM_H
#define UOP_CONVERSION_UOPTONVVM_UOPTONVVM_H

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;

namespace uop {

/// Patterns lowering uop.tmem_* / tcgen05_* / fence_proxy_async to NVVM's
/// tcgen05 ops on LLVM values; `converter` must map
/// !nvgpu.mbarrier.group as convert-nvgpu-to-nvvm does.
void populateUopToNVVMConversionPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns);

} // namespace uop
} // namespace mlir

#endif // UOP_CONVERSION_UOPTONVVM_UOPTONVVM_H
