//===- UopOps.td - uop dialect operations ------------------*- tablegen -*-===//
//
// All operations of the uop dialect, one family per file:
//
//   UopTileOps.td        alloc_shared, barrier, copy, matmul (the SIMT ladder)
//   UopTensorCoreOps.td  warp and warpgroup tensor-core ops
//   UopAsyncCopyOps.td   asynchronous global -> shared copies
//   UopSyncOps.td        mbarriers, elect and fences
//
// A new op goes into the file of its family; a new family gets a file of its
// own, included here, and an `invalid-<family>.mlir` test.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPOPS_TD
#define UOP_DIALECT_UOP_IR_UOPOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopTypes.td"
include "Uop/Dialect/Uop/IR/UopTileOps.td"
include "Uop/Dialect/Uop/IR/UopTensorCoreOps.td"
include "Uop/Dialect/Uop/IR/UopAsyncCopyOps.td"
include "Uop/Dialect/Uop/IR/UopSyncOps.td"
include "Uop/Dialect/Uop/IR/UopTcgen05Ops.td"
include "Uop/Dialect/Uop/IR/UopWgmmaOps.td"

#endif // UOP_DIALECT_UOP_IR_UOPOPS_TD
