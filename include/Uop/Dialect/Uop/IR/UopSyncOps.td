//===- UopSyncOps.td - uop sync ops -------------------------*- tablegen -*-===//
//
// Synchronization below the block barrier: mbarriers (init, arrive, arrive
// with expect_tx, wait on an explicit phase), uop.elect (a region run by
// exactly one lane of a warp) and the fences the tensor-core ISA requires.
//
// The family is empty until its first op lands; the file exists so that the
// op, its verifier (lib/Dialect/Uop/IR/SyncOps.cpp), its round-trip and
// invalid-sync.mlir tests have an obvious place.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPSYNCOPS_TD
#define UOP_DIALECT_UOP_IR_UOPSYNCOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopDialect.td"
include "Uop/Dialect/Uop/IR/UopTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

#endif // UOP_DIALECT_UOP_IR_UOPSYNCOPS_TD
