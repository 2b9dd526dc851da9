//===- UopTypes.td - uop dialect types ---------------------*- tablegen -*-===//
//
// Types of the uop dialect: the register fragments of the tensor-core
// families, each spread over the 32 lanes of a warp, with the shape, element
// type and layout its instructions require. Parsing, printing and
// verification are in lib/Dialect/Uop/IR/UopTypes.cpp.
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

//===----------------------------------------------------------------------===//
// FragmentType
//===----------------------------------------------------------------------===//

def Uop_FragmentType : Uop_Type<"Fragment", "fragment"> {
  let summary = "a WMMA matrix fragment held by the 32 lanes of a warp";
  let description = [{
    One operand of a warp-level `wmma.mma.sync` (m16n16k16): `matrix_a`
    (16 x 16, M x K), `matrix_b` (16 x 16, K x N) or `accumulator`
    (16 x 16, M x N), spread over the registers of the warp's 32 lanes.
    Inputs are f16 or bf16; the accumulator is f32 or f16.

    Which lane holds which element is unspecified (PTX calls the fragment
    layout opaque, and it differs between GPU generations): a fragment is
    only ever loaded, multiplied, filled and stored as a whole, never read
    element by element.

    The layout (`row` or `col`) is that of the memory the fragment is loaded
    from (and, for an accumulator, stored to): `wmma.load.a.sync.row`
    against `.col`. The multiply of `matrix_a` and `matrix_b` is given both
    operands' layouts, as the instruction requires.

    ```mlir
    !uop.fragment<matrix_a, 16x16xf16, row>
    !uop.fragment<matrix_b, 16x16xbf16, col>
    !uop.fragment<accumulator, 16x16xf32, row>
    ```
  }];
  let parameters = (ins
    "::mlir::uop::FragmentKind":$kind,
    ArrayRefParameter<"int64_t", "rows and columns">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::uop::FragmentLayout":$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isMatrixA() { return getKind() == ::mlir::uop::FragmentKind::MatrixA; }
    bool isMatrixB() { return getKind() == ::mlir::uop::FragmentKind::MatrixB; }
    bool isAccumulator() {
      return getKind() == ::mlir::uop::FragmentKind::Accumulator;
    }
    bool isColumnMajor() {
      return getLayout() == ::mlir::uop::FragmentLayout::Col;
    }
  }];
}

#endif // UOP_DIALECT_UOP_IR_UOPTYPES_TD
