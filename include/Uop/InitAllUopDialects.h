//===- InitAllUopDialects.h - register the dialects uop reads ---*- C++ -*-===//
//
// The dialects, extensions and interfaces every uop tool accepts as input or
// produces, with no pass or pipeline in sight: uop-sim and the simulator's
// Python entry only parse and run IR, so they register dialects through this
// header alone. InitAllUop.h adds the passes for the tools that transform.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_INITALLUOPDIALECTS_H
#define UOP_INITALLUOPDIALECTS_H

#include "Uop/Dialect/Uop/IR/UopDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

namespace mlir::uop {

/// Registers the uop dialect and every upstream dialect, extension and
/// interface the tools accept as input or produce.
inline void registerAllUopDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registry.insert<UopDialect>();
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerAllToLLVMIRTranslations(registry);
}

} // namespace mlir::uop

#endif // UOP_INITALLUOPDIALECTS_H
