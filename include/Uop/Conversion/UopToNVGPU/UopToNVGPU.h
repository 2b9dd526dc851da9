//===- UopToNVGPU.h - uop to nvgpu conversion -------------------*- C++ -*-===//
//
// Entry points of the uop -> nvgpu conversion: the tensor-core and
// async-copy ops of uop become their one-to-one upstream counterparts
// (nvgpu.ldmatrix, nvgpu.mma.sync, nvgpu.device_async_*, and for the WMMA
// fragments gpu.subgroup_mma_*), which convert-nvgpu-to-nvvm and
// convert-gpu-to-nvvm lower further.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_UOPTONVGPU_UOPTONVGPU_H
#define UOP_CONVERSION_UOPTONVGPU_UOPTONVGPU_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class ConversionTarget;
class TypeConverter;
} // namespace mlir

namespace mlir::uop {

/// Adds to `converter` the conversions of the uop types this conversion
/// rewrites (a `!uop.fragment` becomes a `!gpu.mma_matrix`); every other
/// type must already be converted by an earlier conversion (the identity).
void populateUopToNVGPUTypeConversions(TypeConverter &converter);

/// Adds the conversion patterns: uop.ldmatrix, uop.mma_sync, uop.cp_async,
/// uop.cp_async_commit, uop.cp_async_wait to nvgpu; uop.wmma_* to
/// gpu.subgroup_mma_*.
void populateUopToNVGPUConversionPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns);

/// Marks the uop ops this conversion removes illegal and the nvgpu and gpu
/// dialects legal.
void configureUopToNVGPUConversionLegality(ConversionTarget &target);

} // namespace mlir::uop

#endif // UOP_CONVERSION_UOPTONVGPU_UOPTONVGPU_H
