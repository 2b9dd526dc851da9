//===- UopOps.cpp - uop dialect operations --------------------------------===//
//
// The generated definitions of every uop operation. The hand-written parts
// live with their family: TileOps.cpp (alloc_shared, barrier, copy, matmul);
// the tensor-core, async-copy and sync families add a file each.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::uop;

#define GET_OP_CLASSES
#include "Uop/Dialect/Uop/IR/UopOps.cpp.inc"
