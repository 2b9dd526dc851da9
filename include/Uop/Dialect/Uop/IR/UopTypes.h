//===- UopTypes.h - uop dialect types ---------------------------*- C++ -*-===//
//
// Declares the types of the uop dialect (UopTypes.td) and the enums their
// parameters use: the kind and memory layout of a WMMA fragment.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPTYPES_H
#define UOP_DIALECT_UOP_IR_UOPTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#include <optional>

namespace mlir::uop {

/// Which operand of wmma.mma a fragment is.
enum class FragmentKind : uint32_t { MatrixA, MatrixB, Accumulator };

/// The memory layout a fragment is loaded from and stored to.
enum class FragmentLayout : uint32_t { Row, Col };

/// Keyword of `kind` in the type's syntax (`matrix_a`, ...).
StringRef stringifyFragmentKind(FragmentKind kind);
std::optional<FragmentKind> symbolizeFragmentKind(StringRef keyword);

/// Keyword of `layout` in the type's syntax (`row`, `col`).
StringRef stringifyFragmentLayout(FragmentLayout layout);
std::optional<FragmentLayout> symbolizeFragmentLayout(StringRef keyword);

} // namespace mlir::uop

#define GET_TYPEDEF_CLASSES
#include "Uop/Dialect/Uop/IR/UopOpsTypes.h.inc"

#endif // UOP_DIALECT_UOP_IR_UOPTYPES_H
