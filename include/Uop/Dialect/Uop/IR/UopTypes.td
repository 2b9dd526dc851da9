//===- UopTypes.td - uop dialect types ---------------------*- tablegen -*-===//
//
// Types of the uop dialect. The tensor-core families add their register
// fragment types here (a WMMA `matrix_a` / `matrix_b` / `accumulator`
// fragment spread over the 32 lanes of a warp, say), each with the shape,
// element type and layout its instructions require.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPTYPES_TD
#define UOP_DIALECT_UOP_IR_UOPTYPES_TD

include "Uop/Dialect/Uop/IR/UopDialect.td"
include "mlir/IR/AttrTypeBase.td"

/// Base class of every uop type.
class Uop_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Uop_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

#endif // UOP_DIALECT_UOP_IR_UOPTYPES_TD
