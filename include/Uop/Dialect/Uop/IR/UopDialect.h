//===- UopDialect.h - uop dialect -------------------------------*- C++ -*-===//
//
// Declares the uop dialect class.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPDIALECT_H
#define UOP_DIALECT_UOP_IR_UOPDIALECT_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dialect.h"

#include "Uop/Dialect/Uop/IR/UopOpsDialect.h.inc"

#endif // UOP_DIALECT_UOP_IR_UOPDIALECT_H
