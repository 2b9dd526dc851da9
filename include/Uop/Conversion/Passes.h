//===- Passes.h - uop conversion passes -------------------------*- C++ -*-===//
//
// Declares the uop conversion passes. Each conversion XToY has a folder of
// its own, lib/Conversion/XToY/, a header include/Uop/Conversion/XToY/XToY.h
// exporting populateXToYConversionPatterns (and the legality it
// establishes), and its pass in Passes.td; the header is included here.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_PASSES_H
#define UOP_CONVERSION_PASSES_H

#include "Uop/Conversion/UopToGPU/UopToGPU.h"
#include "Uop/Conversion/NVGPUTensorMapToLLVM/NVGPUTensorMapToLLVM.h"
#include "Uop/Conversion/NVGPUToNVVMBF16/NVGPUToNVVMBF16.h"
#include "Uop/Conversion/UopToNVGPU/UopToNVGPU.h"
#include "Uop/Conversion/UopToNVVM/UopToNVVM.h"
#include "mlir/Pass/Pass.h"

namespace mlir::uop {

#define GEN_PASS_DECL
#include "Uop/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Uop/Conversion/Passes.h.inc"

} // namespace mlir::uop

#endif // UOP_CONVERSION_PASSES_H
