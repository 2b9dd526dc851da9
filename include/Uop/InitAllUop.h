//===- InitAllUop.h - register everything uop provides ----------*- C++ -*-===//
//
// One place that every tool (uop-opt, uop-translate, uop-sim) and the Python
// module calls to register the uop dialect, its passes and pipelines, and the
// upstream dialects and interfaces the lowering ladder needs.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_INITALLUOP_H
#define UOP_INITALLUOP_H

#include "Uop/Analysis/Passes.h"
#include "Uop/Conversion/Passes.h"
#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "Uop/Pipelines/Pipelines.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
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

/// Registers uop's passes and pipelines and all upstream passes.
inline void registerAllUopPasses() {
  registerAllPasses();
  registerUopAnalysisPasses();
  registerUopTransformsPasses();
  registerUopConversionPasses();
  registerUopPipelines();
}

} // namespace mlir::uop

#endif // UOP_INITALLUOP_H
