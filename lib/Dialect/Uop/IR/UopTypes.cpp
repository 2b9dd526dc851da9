//===- UopTypes.cpp - uop dialect types -----------------------------------===//
//
// The types of the uop dialect: registration, syntax and verification of
// `!uop.fragment<kind, RxCxT, layout>`, the WMMA fragment. The verifier
// admits what wmma.mma.sync m16n16k16 has: 16 x 16 tiles, f16 / bf16
// inputs, an f32 or f16 accumulator.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopTypes.h"
#include "Uop/Dialect/Uop/IR/UopDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::uop;

#define GET_TYPEDEF_CLASSES
#include "Uop/Dialect/Uop/IR/UopOpsTypes.cpp.inc"

void UopDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Uop/Dialect/Uop/IR/UopOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Fragment kinds and layouts
//===----------------------------------------------------------------------===//

StringRef mlir::uop::stringifyFragmentKind(FragmentKind kind) {
  switch (kind) {
  case FragmentKind::MatrixA:
    return "matrix_a";
  case FragmentKind::MatrixB:
    return "matrix_b";
  case FragmentKind::Accumulator:
    return "accumulator";
  }
  llvm_unreachable("every fragment kind has a keyword");
}

std::optional<FragmentKind> mlir::uop::symbolizeFragmentKind(StringRef word) {
  return llvm::StringSwitch<std::optional<FragmentKind>>(word)
      .Case("matrix_a", FragmentKind::MatrixA)
      .Case("matrix_b", FragmentKind::MatrixB)
      .Case("accumulator", FragmentKind::Accumulator)
      .Default(std::nullopt);
}

StringRef mlir::uop::stringifyFragmentLayout(FragmentLayout layout) {
  return layout == FragmentLayout::Row ? "row" : "col";
}

std::optional<FragmentLayout>
mlir::uop::symbolizeFragmentLayout(StringRef word) {
  return llvm::StringSwitch<std::optional<FragmentLayout>>(word)
      .Case("row", FragmentLayout::Row)
      .Case("col", FragmentLayout::Col)
      .Default(std::nullopt);
}

//===----------------------------------------------------------------------===//
// FragmentType
//===----------------------------------------------------------------------===//

// `<` kind `,` dims `x` type `,` layout `>`
Type FragmentType::parse(AsmParser &parser) {
  StringRef kindWord, layoutWord;
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc kindLoc, layoutLoc;
  if (parser.parseLess() || parser.getCurrentLocation(&kindLoc) ||
      parser.parseKeyword(&kindWord) || parser.parseComma() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.getCurrentLocation(&layoutLoc) ||
      parser.parseKeyword(&layoutWord) || parser.parseGreater())
    return {};
  std::optional<FragmentKind> kind = symbolizeFragmentKind(kindWord);
  if (!kind) {
    parser.emitError(kindLoc,
                     "expected matrix_a, matrix_b or accumulator, got '")
        << kindWord << "'";
    return {};
  }
  std::optional<FragmentLayout> layout = symbolizeFragmentLayout(layoutWord);
  if (!layout) {
    parser.emitError(layoutLoc, "expected row or col, got '")
        << layoutWord << "'";
    return {};
  }
  return parser.getChecked<FragmentType>(parser.getContext(), *kind, shape,
                                         elementType, *layout);
}

void FragmentType::print(AsmPrinter &printer) const {
  printer << "<" << stringifyFragmentKind(getKind()) << ", ";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType() << ", " << stringifyFragmentLayout(getLayout())
          << ">";
}

LogicalResult
FragmentType::verify(function_ref<InFlightDiagnostic()> emitError,
                     FragmentKind kind, ArrayRef<int64_t> shape,
                     Type elementType, FragmentLayout layout) {
  // m16n16k16 is the one WMMA shape whose A, B and C tiles are all 16 x 16.
  if (shape.size() != 2 || shape[0] != 16 || shape[1] != 16) {
    InFlightDiagnostic diag = emitError() << "expected a 16x16 fragment, got ";
    llvm::interleave(shape, diag, "x");
    return diag;
  }
  if (kind == FragmentKind::Accumulator) {
    if (!elementType.isF32() && !elementType.isF16())
      return emitError() << "expected an f32 or f16 accumulator, got "
                         << elementType;
  } else if (!elementType.isF16() && !elementType.isBF16()) {
    return emitError() << "expected f16 or bf16 elements for "
                       << stringifyFragmentKind(kind) << ", got "
                       << elementType;
  }
  return success();
}
