//===- UopToGPU.h - uop to gpu conversion -----------------------*- C++ -*-===//
//
// Entry points of the uop → gpu conversion: its patterns, the legality they
// establish, and the per-kernel step that places shared buffers. Every uop
// conversion (UopToNVGPU, UopToNVVM, ...) exports the same three kinds of
// entry point from include/Uop/Conversion/<XToY>/<XToY>.h, so that a pass
// or a pipeline can combine the patterns of several conversions in one
// applyPartialConversion.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_UOPTOGPU_UOPTOGPU_H
#define UOP_CONVERSION_UOPTOGPU_UOPTOGPU_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class ConversionTarget;
} // namespace mlir

namespace mlir::uop {

/// Adds the conversion patterns that rewrite uop ops with a one-to-one gpu
/// counterpart (uop.barrier → gpu.barrier).
void populateUopToGPUConversionPatterns(RewritePatternSet &patterns);

/// Marks the uop ops this conversion removes (uop.alloc_shared, uop.barrier)
/// illegal and the gpu dialect legal.
void configureUopToGPUConversionLegality(ConversionTarget &target);

/// Turns every uop.alloc_shared of `kernel` (a gpu.launch or kernel gpu.func)
/// into a workgroup attribution, or, for a kernel gpu.func whose buffers
/// exceed `maxStaticSharedBytes`, into a view of its dynamic shared memory
/// (its launches get the size). Fails, with a diagnostic on the kernel,
/// above `maxSharedBytes` or where dynamic shared memory cannot be used. Runs
/// before the patterns: it adds arguments to the kernel's entry block, which
/// a conversion pattern on the alloc cannot do.
LogicalResult convertSharedAllocations(Operation *kernel,
                                       int64_t maxStaticSharedBytes,
                                       int64_t maxSharedBytes);

/// Returns the bytes of static shared memory `kernel` allocates through
/// uop.alloc_shared and workgroup attributions.
int64_t getStaticSharedBytes(Operation *kernel);

} // namespace mlir::uop

#endif // UOP_CONVERSION_UOPTOGPU_UOPTOGPU_H
