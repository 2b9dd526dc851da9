//===- UopToGPU.h - uop to gpu conversion -----------------------*- C++ -*-===//
//
// Entry points of the uop → gpu conversion.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_UOPTOGPU_UOPTOGPU_H
#define UOP_CONVERSION_UOPTOGPU_UOPTOGPU_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

namespace mlir::uop {

/// Adds the patterns that rewrite uop ops with a one-to-one gpu counterpart
/// (uop.barrier → gpu.barrier).
void populateUopToGPUConversionPatterns(RewritePatternSet &patterns);

/// Turns every uop.alloc_shared of `kernel` (a gpu.launch or kernel gpu.func)
/// into a workgroup attribution. Fails, with a diagnostic on the kernel, when
/// the attributions exceed `maxStaticSharedBytes`.
LogicalResult convertSharedAllocations(Operation *kernel,
                                       int64_t maxStaticSharedBytes);

/// Returns the bytes of static shared memory `kernel` allocates through
/// uop.alloc_shared and workgroup attributions.
int64_t getStaticSharedBytes(Operation *kernel);

/// The discardable attribute convert-scf-to-cf forwards to the loop's
/// back edge as LLVM loop metadata.
inline constexpr llvm::StringLiteral kLoopAnnotation = "loop_annotation";

/// Marks every scf.for of `kernel` that contains a barrier (the K loop of a
/// shared-memory GEMM) as not to be unrolled by LLVM, unless it already has a
/// loop annotation. Unrolling such a loop multiplies the barriers and the
/// code size without removing a single wait; the barrier-free inner loops
/// stay free to unroll.
void keepBarrierLoopsRolled(Operation *kernel);

} // namespace mlir::uop

#endif // UOP_CONVERSION_UOPTOGPU_UOPTOGPU_H
