//===- Targets.h - the GPUs uop compiles for --------------------*- C++ -*-===//
//
// The one table of targets: for every chip uop compiles for, the facts the
// passes need (PTX ISA, tensor-core family, shared-memory limits, bank model,
// warp size), handed out as a #uop.target attribute. A module carries its
// target as the `uop.target` attribute from the first stage of the pipeline
// on; passes read it with getTarget / getTargetOrDefault.
//
// Adding a chip is one row in lib/Target/Targets.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TARGET_TARGETS_H
#define UOP_TARGET_TARGETS_H

#include "Uop/Dialect/Uop/IR/UopAttrs.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::uop {

/// The chip a module without a `uop.target` is taken to be compiled for:
/// sm_80, the oldest uop knows (the A100 generation).
StringRef getDefaultChip();

/// The chips uop compiles for, comma separated ("sm_80, sm_86, ..."),
/// for diagnostics and option help.
std::string getSupportedChips();

/// The #uop.target of `chip`, or null when uop does not compile for it.
TargetAttr lookupTarget(MLIRContext *context, StringRef chip);

/// The `uop.target` of the module `op` is in (or is), or null when it has
/// none.
TargetAttr getTarget(Operation *op);

/// getTarget(op), or the default chip's target when the module has none
/// (a pass run alone on hand-written IR).
TargetAttr getTargetOrDefault(Operation *op);

/// Sets the `uop.target` of `module`.
void setTarget(Operation *module, TargetAttr target);

} // namespace mlir::uop

#endif // UOP_TARGET_TARGETS_H
