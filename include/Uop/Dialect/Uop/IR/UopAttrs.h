//===- UopAttrs.h - uop dialect attributes ----------------------*- C++ -*-===//
//
// Declares the attributes of the uop dialect (#uop.target,
// #uop.shared_layout) and the TensorCoreKind enum.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPATTRS_H
#define UOP_DIALECT_UOP_IR_UOPATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "Uop/Dialect/Uop/IR/UopEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Uop/Dialect/Uop/IR/UopAttrs.h.inc"

#endif // UOP_DIALECT_UOP_IR_UOPATTRS_H
