//===- NVGPUToNVVMBF16.h - bf16 mma.sync to NVVM ----------------*- C++ -*-===//
//
// The patterns of convert-nvgpu-bf16-mma-to-nvvm: the bf16 `nvgpu.mma.sync`
// that upstream's convert-nvgpu-to-nvvm does not lower, written as
// `nvvm.mma.sync` on the instruction's 32-bit registers.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_NVGPUTONVVMBF16_NVGPUTONVVMBF16_H
#define UOP_CONVERSION_NVGPUTONVVMBF16_NVGPUTONVVMBF16_H

namespace mlir {
class RewritePatternSet;

namespace uop {

/// Adds the pattern that rewrites a bf16 `nvgpu.mma.sync` (f32 accumulator;
/// m16n8k16 or m16n8k8) into `nvvm.mma.sync`.
void populateNVGPUToNVVMBF16Patterns(RewritePatternSet &patterns);

} // namespace uop
} // namespace mlir

#endif // UOP_CONVERSION_NVGPUTONVVMBF16_NVGPUTONVVMBF16_H
