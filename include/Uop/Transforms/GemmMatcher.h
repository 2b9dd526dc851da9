//===- GemmMatcher.h - recognize matrix products ----------------*- C++ -*-===//
//
// A sound matcher for GEMMs written as linalg ops: it proves from the
// indexing maps, the body and the types that an op computes
// C[m][n] += sum_k A[m][k] * B[k][n] (with A and/or B possibly stored
// transposed), and says why when it cannot; and the elementwise consumers
// of its output that the GEMM kernel's writeback can compute instead
// (epilogue fusion: a type cast, a scale, a bias, an activation).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TRANSFORMS_GEMMMATCHER_H
#define UOP_TRANSFORMS_GEMMMATCHER_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::uop {

/// An elementwise linalg.generic fused into a GEMM's writeback.
struct FusedConsumer {
  linalg::GenericOp op;
  /// The buffer of the chain it reads (the GEMM's output or the previous
  /// consumer's): its block argument(s) take the value computed so far
  /// instead of a load.
  Value chained;
};

/// What the matcher proved about a GEMM.
struct GemmInfo {
  linalg::LinalgOp op;
  /// The operand memrefs: A (M x K, or K x M when transposeA), B (K x N, or
  /// N x K when transposeB), C (M x N).
  Value a, b, c;
  bool transposeA = false;
  bool transposeB = false;
  /// The sizes; ShapedType::kDynamic where no operand gives one statically
  /// (the kernel then reads it from the memrefs: buildGemmSize).
  int64_t m = 0, n = 0, k = 0;
  /// True when M, N or K is known only at run time.
  bool isDynamic() const {
    return ShapedType::isDynamic(m) || ShapedType::isDynamic(n) ||
           ShapedType::isDynamic(k);
  }
  /// A batch of `batch` GEMMs (linalg.batch_matmul): A, B and C are 3-D,
  /// matrix i of each the operands of GEMM i, except that one of A and B
  /// may be a 2-D matrix all the GEMMs share (isSharedByBatch); `batch` is
  /// ShapedType::kDynamic where it is known only at run time. M, N and K
  /// are the matrices' sizes.
  bool batched = false;
  int64_t batch = 1;
  /// In the kernel of a batch: the GEMM of the batch a block computes (its
  /// block id z), with A, B, C and `out` its matrices (buildBatchMatrix
  /// views of the 3-D operands; batched is then false). Null otherwise.
  Value batchIndex;
  /// The element type of A and B (f32, f16 or bf16).
  Type inputType;
  /// The element type of C: f32, or the inputs' f16 / bf16. Accumulation
  /// is in f32 either way; a narrower C is rounded once, at the writeback.
  Type outputType;
  /// A linalg.fill of C right before the GEMM, which the accumulator
  /// initialization absorbs (null when C is accumulated into).
  linalg::FillOp fill;

  /// Epilogue fusion (matchEpilogue): the elementwise consumers computed by
  /// the writeback, in program order, and the buffer the kernel stores
  /// (C when nothing is fused).
  SmallVector<FusedConsumer> epilogue;
  Value out;
  /// Temporaries the fusion leaves unused (C, and buffers between fused
  /// consumers): memref.allocs whose deallocs and allocs go away.
  SmallVector<Value> deadBuffers;
  /// memref.allocs of `out` placed between the GEMM and its last fused
  /// consumer: they move before the kernel that now writes them.
  SmallVector<Operation *> hoistedAllocs;
};

/// The dimensions of a GEMM.
enum class GemmDim { M, N, K };

/// The size `dim` of `g` as an index value built at `b`: a constant when it
/// is static, else a memref.dim of an operand that has it dynamically.
Value buildGemmSize(OpBuilder &b, Location loc, const GemmInfo &g,
                    GemmDim dim);

/// The number of GEMMs of the batch `g` as an index value built at `b`.
Value buildBatchSize(OpBuilder &b, Location loc, const GemmInfo &g);

/// Whether `operand` (A or B of the batch `g`) is one 2-D matrix that every
/// GEMM of the batch reads.
bool isSharedByBatch(const GemmInfo &g, Value operand);

/// Matrix `index` of the 3-D `operand` of a batch: the rank-reducing
/// subview operand[index, :, :], a 2-D memref offset by index times the
/// matrix's size; a 2-D operand (the batch shares it) itself.
Value buildBatchMatrix(OpBuilder &b, Location loc, Value operand,
                       Value index);

/// The GEMM `index` of the batch `g`: `g` with A, B, C and `out` its
/// matrices (buildBatchMatrix; C null where the fusion removed a filled C),
/// batched false and batchIndex `index`.
GemmInfo buildBatchGemm(OpBuilder &b, Location loc, const GemmInfo &g,
                        Value index);

/// The 3-D operand of the identity layout whose matrix `matrix` is (a
/// buildBatchMatrix view [z, :, :]), or null.
Value getBatchOperand(Value matrix);

/// Whether the 2-D `matrix` starts a multiple of `n` elements into its
/// buffer: its static offset is one, or it is a matrix of a batch
/// (getBatchOperand) whose matrices lie a static multiple of `n` apart.
bool startsAtMultipleOf(Value matrix, int64_t n);

/// The tensor and coordinates a TMA copy of `g`'s operand `matrix` (A, B
/// or the stored output) at `coords` takes: `matrix` and `coords`, or in
/// the kernel of a batch the 3-D operand the matrix is a view of, with the
/// batch index first (a box of 1 x rows x columns); an input the batch
/// shares is its own 2-D tensor.
std::pair<Value, SmallVector<Value>>
getTmaTensor(const GemmInfo &g, Value matrix, ValueRange coords);

/// Returns the GEMM `op` computes, or failure with the reason in `whyNot`.
/// Accepted: linalg.matmul (with or without indexing_maps),
/// linalg.batch_matmul and linalg.generic, on 2-D memrefs of static or
/// dynamic sizes (3-D for a batch, the batch outermost), whose maps are a
/// matrix product's, whose body is `c + a * b` (with optional float
/// extensions of a and b), f32/f16/bf16 inputs of one type, an f32 output
/// or one of the inputs' type. `out` is C and nothing is fused.
FailureOr<GemmInfo> matchGemm(linalg::LinalgOp op, std::string &whyNot);

/// Extends `gemm` with the chain of elementwise linalg.generic consumers of
/// its output that its writeback can compute, as long as that is sound:
/// all-parallel 2-D generics over M x N (3-D over the batch, M and N for a
/// batch of GEMMs, whose other inputs may then be read per GEMM of the
/// batch or shared by all) whose output map is the identity,
/// that read the chain's buffer with the identity map and other inputs with
/// identity or broadcast maps (a row or column vector, a scalar), whose
/// body is arith only, in the GEMM's block with nothing in between writing
/// what they read or touching what they write, and where every buffer the
/// chain passes through is a memref.alloc used by nothing else. Stops at
/// the first consumer that is not; when that one is an all-parallel
/// linalg.generic, `stoppedAt` is set to it and `whyNot` says why.
void matchEpilogue(GemmInfo &gemm, Operation *&stoppedAt, std::string &whyNot);

/// Emits, at `builder`'s insertion point, the value the kernel stores at
/// (row, col) of `gemm.out` given the f32 accumulator `acc` of that element:
/// `acc` rounded once to C's element type, then each fused consumer's body
/// (its other operands loaded at (row, col) through their indexing maps,
/// at (gemm.batchIndex, row, col) for the consumers of a batch).
/// Must be emitted where (row, col) is inside the output.
Value emitEpilogue(OpBuilder &builder, Location loc, const GemmInfo &gemm,
                   Value acc, Value row, Value col);

} // namespace mlir::uop

#endif // UOP_TRANSFORMS_GEMMMATCHER_H
