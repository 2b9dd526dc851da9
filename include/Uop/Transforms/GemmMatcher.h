//===- GemmMatcher.h - recognize matrix products ----------------*- C++ -*-===//
//
// A sound matcher for GEMMs written as linalg ops: it proves from the
// indexing maps, the body and the types that an op computes
// C[m][n] += sum_k A[m][k] * B[k][n] (with A and/or B possibly stored
// transposed), and says why when it cannot.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TRANSFORMS_GEMMMATCHER_H
#define UOP_TRANSFORMS_GEMMMATCHER_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>

namespace mlir::uop {

/// What the matcher proved about a GEMM.
struct GemmInfo {
  linalg::LinalgOp op;
  /// The operand memrefs: A (M x K, or K x M when transposeA), B (K x N, or
  /// N x K when transposeB), C (M x N).
  Value a, b, c;
  bool transposeA = false;
  bool transposeB = false;
  int64_t m = 0, n = 0, k = 0;
  /// The element type of A and B (f32, f16 or bf16); C is f32.
  Type inputType;
  /// A linalg.fill of C right before the GEMM, which the accumulator
  /// initialization absorbs (null when C is accumulated into).
  linalg::FillOp fill;
};

/// Returns the GEMM `op` computes, or failure with the reason in `whyNot`.
/// Accepted: linalg.matmul (with or without indexing_maps) and
/// linalg.generic, on statically shaped 2-D memrefs, whose maps are a
/// matrix product's, whose body is `c + a * b` (with optional float
/// extensions of a and b), f32/f16/bf16 inputs of one type, f32 output.
FailureOr<GemmInfo> matchGemm(linalg::LinalgOp op, std::string &whyNot);

} // namespace mlir::uop

#endif // UOP_TRANSFORMS_GEMMMATCHER_H
