//===- Passes.h - uop transformation passes ---------------------*- C++ -*-===//
//
// Declares the uop-level passes and the functions they wrap.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TRANSFORMS_PASSES_H
#define UOP_TRANSFORMS_PASSES_H

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::uop {

#define GEN_PASS_DECL
#include "Uop/Transforms/Passes.h.inc"

/// Moves every uop.alloc_shared nested in `kernel` (a gpu.launch or kernel
/// gpu.func) to the start of the kernel body, keeping their relative order.
void hoistSharedAllocations(Operation *kernel);

#define GEN_PASS_REGISTRATION
#include "Uop/Transforms/Passes.h.inc"

} // namespace mlir::uop

#endif // UOP_TRANSFORMS_PASSES_H
