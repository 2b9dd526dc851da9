//===- Passes.h - uop analysis passes ---------------------------*- C++ -*-===//
//
// Declares the passes that analyze kernels and report their findings as
// remarks. The analyses themselves are public functions in their own headers
// (Uop/Analysis/BankConflicts.h) so that other passes and the Python module
// can call them.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_ANALYSIS_PASSES_H
#define UOP_ANALYSIS_PASSES_H

#include "Uop/Analysis/BankConflicts.h"
#include "mlir/Pass/Pass.h"

namespace mlir::uop {

#define GEN_PASS_DECL
#include "Uop/Analysis/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Uop/Analysis/Passes.h.inc"

} // namespace mlir::uop

#endif // UOP_ANALYSIS_PASSES_H
