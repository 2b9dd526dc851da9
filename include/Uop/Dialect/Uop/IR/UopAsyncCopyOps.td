//===- UopAsyncCopyOps.td - uop async copy ops --------------*- tablegen -*-===//
//
// Asynchronous global -> shared copies: cp.async (16 bytes per thread,
// commit groups, waits; sm_80) and TMA bulk tensor loads that complete on an
// mbarrier with a transaction count (sm_90a, sm_100a).
//
// The family is empty until its first op lands; the file exists so that the
// op, its verifier (lib/Dialect/Uop/IR/AsyncCopyOps.cpp), its round-trip and
// invalid-asynccopy.mlir tests have an obvious place.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPASYNCCOPYOPS_TD
#define UOP_DIALECT_UOP_IR_UOPASYNCCOPYOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopDialect.td"
include "Uop/Dialect/Uop/IR/UopTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

#endif // UOP_DIALECT_UOP_IR_UOPASYNCCOPYOPS_TD
