//===- GemmRecord.h - what a host function's GEMM computes ------*- C++ -*-===//
//
// `uop-tile` records on a host function the GEMM it compiled there: which
// arguments are A, B and the C it stores, how A and B are laid out, and
// whether C is accumulated into or written through a fused epilogue. The
// record survives every stage as the discardable attribute `uop.gemm`;
// `uop-translate --uop-launch-config` writes it into the launch JSON, where
// `uop-run --check` reads which cuBLAS call computes the same product.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_GEMMRECORD_H
#define UOP_DIALECT_UOP_IR_GEMMRECORD_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::uop {

struct GemmRecord {
  /// The name of the attribute on the host function.
  static constexpr llvm::StringLiteral kAttrName = "uop.gemm";

  /// Argument indices of A (M x K, or K x M with transposeA), B (K x N, or
  /// N x K with transposeB) and the M x N buffer the kernel stores.
  int64_t a = 0, b = 1, c = 2;
  bool transposeA = false;
  bool transposeB = false;
  /// C is added to (no fill of C right before the GEMM): C = C + A * B.
  /// A fill of C with zero makes C = A * B; with another value, no record
  /// is made.
  bool accumulate = false;
  /// Elementwise consumers are fused into the writeback: the stored
  /// buffer holds f(A * B), not the product.
  bool epilogue = false;
  /// With an epilogue: per function argument, what each of its dimensions
  /// is to the kernel, one letter each ('m', 'n' or 'k', 'b' for the GEMMs
  /// of a batch, or '1' for a dimension of size 1 it broadcasts), "" for an
  /// argument the kernel does not read; so that a runner can check the
  /// sizes of a bias or a residual of dynamic shape against M, N, K and the
  /// batch. Empty without an epilogue (A, B and C say it all).
  SmallVector<std::string> dims;

  /// The dictionary `{a, b, c, transpose_a, transpose_b, accumulate,
  /// epilogue}`, and `dims` (an array of strings) where there are some.
  DictionaryAttr toAttr(MLIRContext *context) const;

  /// Reads `attr` on a function of `numArgs` arguments; fails with the
  /// reason in `whyNot` unless it holds exactly those keys, the indices
  /// arguments (c another than a and b; a and b may be one, as in A^T * A)
  /// and the flags booleans, and `dims`, if there, one string of 'm', 'n',
  /// 'k', 'b' and '1' per argument (as long as its rank where `argTypes` gives
  /// a memref type), only with an epilogue.
  static FailureOr<GemmRecord> fromAttr(Attribute attr, unsigned numArgs,
                                        std::string &whyNot,
                                        ArrayRef<Type> argTypes = {});
};

} // namespace mlir::uop

#endif // UOP_DIALECT_UOP_IR_GEMMRECORD_H
