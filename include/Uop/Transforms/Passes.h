//===- Passes.h - uop transformation passes ---------------------*- C++ -*-===//
//
// Declares the uop-level passes and the functions they wrap.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TRANSFORMS_PASSES_H
#define UOP_TRANSFORMS_PASSES_H

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir::uop {

#define GEN_PASS_DECL
#include "Uop/Transforms/Passes.h.inc"

/// Moves every uop.alloc_shared nested in `kernel` (a gpu.launch or kernel
/// gpu.func) to the start of the kernel body, keeping their relative order.
void hoistSharedAllocations(Operation *kernel);

/// Block and thread tile sizes of the SIMT GEMM kernel.
struct TileConfig {
  int64_t blockM = 128, blockN = 128, blockK = 8;
  int64_t threadM = 8, threadN = 8;
};

/// Checks `config` for consistency (divisibility, thread count); returns the
/// reason in `whyNot` on failure.
LogicalResult verifyTileConfig(const TileConfig &config, std::string &whyNot);

struct GemmInfo;
/// Replaces the GEMM `gemm` (and its absorbed fill) by a tiled gpu.launch.
void tileGemm(RewriterBase &rewriter, const GemmInfo &gemm,
              const TileConfig &config);

/// Options of shared-memory promotion.
struct PromoteOptions {
  int64_t stages = 1;
  /// Elements of padding per row; -1 pads only where the matmul's column
  /// walk would conflict.
  int64_t pad = -1;
  bool swizzle = false;
  /// Static shared memory of one block (48 KiB without dynamic shared
  /// memory).
  int64_t maxSharedBytes = 49152;
};

/// Stages the global operands of `op` (a uop.matmul directly in the body of
/// an scf.for K loop) in shared memory as uop-promote-shared describes.
LogicalResult promoteToShared(RewriterBase &rewriter, MatmulOp op,
                              const PromoteOptions &options);

/// Expands `op` into per-thread code (see uop-lower-tiles). Fails with a
/// diagnostic when the block size is not a constant.
LogicalResult lowerCopy(RewriterBase &rewriter, CopyOp op);
LogicalResult lowerMatmul(RewriterBase &rewriter, MatmulOp op);

/// Returns the constant block size (x, y, z) of the kernel around `op`, if
/// it is known.
std::optional<std::array<int64_t, 3>> getKnownBlockSize(Operation *op);

/// Returns true when `value` is provably a multiple of `factor` (constants,
/// sums and products of multiples, loop variables with multiple bounds and
/// steps).
bool isProvablyMultipleOf(Value value, int64_t factor);

/// The discardable attribute of an scf.for that convert-scf-to-cf forwards
/// to the loop's back edge as LLVM loop metadata.
inline constexpr llvm::StringLiteral kLoopAnnotation = "loop_annotation";

/// Marks every scf.for under `root` that contains a block barrier as not to
/// be unrolled by LLVM, unless it already has a loop annotation (see
/// uop-keep-barrier-loops-rolled). Loops outside the barrier's kernel are
/// left alone.
void keepBarrierLoopsRolled(Operation *root);

#define GEN_PASS_REGISTRATION
#include "Uop/Transforms/Passes.h.inc"

} // namespace mlir::uop

#endif // UOP_TRANSFORMS_PASSES_H
