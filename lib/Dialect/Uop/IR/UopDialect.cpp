//===- UopDialect.cpp - uop dialect registration --------------------------===//
//
// Registers the uop dialect and its operations.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"

using namespace mlir;
using namespace mlir::uop;

#include "Uop/Dialect/Uop/IR/UopOpsDialect.cpp.inc"

void UopDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Uop/Dialect/Uop/IR/UopOps.cpp.inc"
      >();
}
