//===- InitAllUop.h - register everything uop provides ----------*- C++ -*-===//
//
// One place that the tools that transform IR (uop-opt) and the Python module
// call to register the uop dialect, its passes and pipelines, and the
// upstream dialects and interfaces the lowering ladder needs. The dialects
// alone are in InitAllUopDialects.h, which is all uop-sim registers.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_INITALLUOP_H
#define UOP_INITALLUOP_H

#include "Uop/Analysis/Passes.h"
#include "Uop/Conversion/Passes.h"
#include "Uop/InitAllUopDialects.h"
#include "Uop/Pipelines/Pipelines.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/InitAllPasses.h"

namespace mlir::uop {

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
