//===- UopTensorCoreOps.td - uop tensor-core ops ------------*- tablegen -*-===//
//
// Tensor-core ops: the warp-level WMMA fragments (load, mma, store, fill;
// sm_70+), ldmatrix and mma.sync (sm_80), the warpgroup wgmma (sm_90a) and
// tcgen05 with tensor memory (sm_100a). Each lowers to the nvgpu / nvvm op
// of its instruction; its fragment types live in UopTypes.td and its per-
// lane semantics in lib/Sim/Uop/.
//
// The family is empty until its first op lands; the file exists so that the
// op, its verifier (lib/Dialect/Uop/IR/TensorCoreOps.cpp), its round-trip and
// invalid-tensorcore.mlir tests have an obvious place.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPTENSORCOREOPS_TD
#define UOP_DIALECT_UOP_IR_UOPTENSORCOREOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopDialect.td"
include "Uop/Dialect/Uop/IR/UopTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

#endif // UOP_DIALECT_UOP_IR_UOPTENSORCOREOPS_TD
