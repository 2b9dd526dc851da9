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
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <array>

namespace mlir::uop {

#define GEN_PASS_DECL
#include "Uop/Transforms/Passes.h.inc"

/// Attaches the #uop.target of `chip` to `module` (uop-attach-target).
/// Fails with a diagnostic on an unknown chip or a module already compiled
/// for another one.
LogicalResult attachTarget(ModuleOp module, StringRef chip);

/// Moves every uop.alloc_shared nested in `kernel` (a gpu.launch or kernel
/// gpu.func) to the start of the kernel body, keeping their relative order.
void hoistSharedAllocations(Operation *kernel);

/// Block and thread tile sizes of the SIMT GEMM kernel: the validated form
/// of uop-tile's `tile` and `thread-tile` options (the defaults are the
/// ones those options document).
struct TileConfig {
  int64_t blockM = 128, blockN = 128, blockK = 8;
  int64_t threadM = 8, threadN = 8;
  /// The tensor-core form (see uop.matmul): its kind, warps along M and N,
  /// and whether f32 inputs are rounded to TF32. For it, threadM x threadN
  /// is the per-thread accumulator of a warp tile (WTM / 8 x WTN / 4).
  MatmulKind kind = MatmulKind::simt;
  int64_t warpsM = 0, warpsN = 0;
  bool tf32 = false;
  /// The fifth-generation tensor core (mma=tcgen05, sm_100a): the
  /// accumulator in tensor memory, one warpgroup per block, and the rung of
  /// the Blackwell GEMM ladder built (1: one tile with K = 64, 2: the
  /// K-loop, 3: the 2-D grid, 4: TMA loads, 5 and 6: a ring of `stages`
  /// TMA stages, 7: the ring with a producer warp and an MMA warp). `kind`
  /// is then unused.
  bool tcgen05 = false;
  int64_t ladderStep = 3;
  int64_t stages = 1;
  /// The warpgroup tensor core (mma=wgmma, sm_90a): BM / 64 warpgroups per
  /// block, each accumulating 64 rows in registers; `stages` >= 2 is the
  /// depth of the TMA ring, 1 the block's copies. `kind` is then unused.
  bool wgmma = false;
  /// With the wgmma TMA ring: one more warpgroup, the producer, issues the
  /// loads while the BM / 64 consumer warpgroups multiply (warp
  /// specialization, with the register budget moved by setmaxnreg).
  bool warpSpecialize = false;
  /// With warp specialization: 0, a block per tile of C; N > 0, at most N
  /// blocks, each looping over the tiles (persistent blocks).
  int64_t persistentBlocks = 0;
  /// With persistent blocks: two consumer warpgroups that take the
  /// block's tiles in turn (ping-pong), each multiplying a whole BM x BN
  /// tile (BM / 64 MMAs of 64 rows a k-tile).
  bool pingpong = false;
  /// With TMA loads (the wgmma ring, tcgen05's rungs 4 to 7): C is
  /// staged in 128-byte-swizzled shared boxes (BM x 128 bytes each) and
  /// written by TMA stores.
  bool tmaStore = false;
  /// With a TMA ring, for a GEMM storing B as K x N: B's k-tiles are
  /// loaded as BN / 64 boxes of 64 k-rows x 64 columns each into an
  /// N-major tile that the MMA reads transposed (BN a multiple of 64).
  bool nMajorB = false;
  /// Likewise for a GEMM storing A as K x M: BM / 64 boxes of 64 k-rows x
  /// 64 rows of A into an M-major tile (one box per 64-row MMA).
  bool mMajorA = false;
  /// The tcgen05 and wgmma kernels: 0 or 1, the tiles of C in row-major
  /// launch order; G > 1, grouped G tile rows at a time (SwizzledGemm's
  /// setTileOrigin).
  int64_t groupM = 0;
  /// The warp-specialized wgmma kernel: 1 and 1, no clusters; else
  /// thread-block clusters of clusterN x clusterM blocks (along N and M).
  /// The CM blocks of a cluster column compute tiles of one column of C:
  /// each loads 1 / CM of their shared B tile and multicasts it to them;
  /// likewise 1 / CN of A to the CN blocks of a cluster row
  /// (WgmmaGemm.cpp). With persistent blocks, each cluster loops over
  /// cluster tiles.
  int64_t clusterM = 1;
  int64_t clusterN = 1;
  /// The warp-specialized wgmma kernel: 1, each block multiplies all of
  /// K; S > 1, a grid of S blocks along z, block z multiplying k-tiles
  /// [z T / S, (z + 1) T / S) of the T and adding its partial sums into
  /// an f32 C with atomic adds (C filled beforehand by a kernel of its
  /// own where the GEMM fills it).
  int64_t splitK = 1;
  /// mma=auto, a TMA kernel (wgmma, tcgen05) for a GEMM of dynamic shape
  /// whose A or B rows have a length known only at run time: the host
  /// launches it where those rows turn out whole 16-byte units (what its
  /// tensor maps need), and the warp-level kernel where they do not
  /// (tileGemm's `unaligned`).
  bool versionedTma = false;

  /// The block: x fastest (along N), y along M.
  int64_t getBlockThreadsX() const {
    if (tcgen05)
      return 128;
    if (wgmma)
      return (pingpong ? 256 : 2 * blockM) + (warpSpecialize ? 128 : 0);
    return kind == MatmulKind::simt ? blockN / threadN : 32 * warpsN;
  }
  int64_t getBlockThreadsY() const {
    if (tcgen05 || wgmma)
      return 1;
    return kind == MatmulKind::simt ? blockM / threadM : warpsM;
  }
};

/// Reads and checks uop-tile's `tile`, `ladder-step` and `stages` for
/// mma=tcgen05 (default tile 128,128,64): BM = 128 (the accumulator's 128
/// lanes), BK = one 128-byte row of the inputs (64 f16 / bf16), BN a
/// multiple of 16 from 16 to 256, a rung from 0 (chosen per GEMM) to 7,
/// `stages` 0 or 2 to 4, the stages' tiles within `target`'s shared memory
/// per block. `stages` of the result is the ring's depth for rungs 5 to 7
/// (for rung 0, that of rung 7), else 1. On failure `whyNot` names the
/// option.
FailureOr<TileConfig> getTcgen05TileConfig(ArrayRef<int64_t> tile,
                                           int64_t ladderStep,
                                           int64_t stages,
                                           std::string &whyNot,
                                           TargetAttr target);

/// Reads and checks uop-tile's `tile` and `stages` for mma=wgmma (default
/// tile 128,128,64; 128,128,32 with `tf32`): BM = 64 or 128 (one or two
/// warpgroups of 64 rows), BK = one 128-byte row of the inputs (64 f16 /
/// bf16, 32 f32 read as tf32), BN a multiple of 8 from 8 to 256, `stages`
/// 0 (the deepest TMA ring that fits `target`'s shared memory, at most 6),
/// 1 (no ring: the block's copies) or 2 to 4. On failure `whyNot` names
/// the option.
FailureOr<TileConfig> getWgmmaTileConfig(ArrayRef<int64_t> tile,
                                         int64_t stages, std::string &whyNot,
                                         TargetAttr target, bool tf32 = false);

/// Reads and checks uop-tile's `tile` and `thread-tile` options (sizes
/// given, divisibility, thread count and block shape against the launch
/// limits of `target`, register budget, all
/// without overflow): the one place they are validated. On failure `whyNot`
/// says what is wrong with which option.
FailureOr<TileConfig> getTileConfig(ArrayRef<int64_t> tile,
                                    ArrayRef<int64_t> threadTile,
                                    std::string &whyNot,
                                    TargetAttr target);

/// Reads and checks uop-tile's `tile` and `warps` options for the
/// tensor-core form `kind` (defaults 128,128,32 and 2,4; with `tf32`, f32
/// operands rounded to TF32, 128,128,16: the 16 KiB stage of the 16-bit
/// default, and on sm_100a and sm_120 warps 4,2): each warp tile whole m16n8 (m16n16
/// for wmma) fragments, BK a multiple of 16, the block of 32 WM WN threads
/// within `target`'s limits, at most 128 accumulators per thread. On
/// failure `whyNot` names the option.
FailureOr<TileConfig> getMmaTileConfig(MatmulKind kind, ArrayRef<int64_t> tile,
                                       ArrayRef<int64_t> warps,
                                       std::string &whyNot, TargetAttr target,
                                       bool tf32 = false);

/// Checks that the `threads` of `op` match the constant block size of its
/// kernel (success when the size is not constant).
LogicalResult verifyMatmulThreads(MatmulOp op);

/// Refuses (with an error on `op`) an atomic or reduction the NVVM lowering
/// cannot take: memref.atomic_rmw mulf / muli or a kind of the wrong type
/// class, memref.generic_atomic_rmw of a float or yielding an outside value,
/// gpu.all_reduce of other than 32- or 64-bit words, gpu.subgroup_reduce.
/// Succeeds on any other op.
LogicalResult verifyLowerableSyncOp(Operation *op);

/// Refuses a gpu.func with a parameter the LLVM lowering has no type for
/// (none, tensor, tuple): the conversion would fail on the whole function.
LogicalResult verifyKernelParams(gpu::GPUFuncOp func);

struct GemmInfo;
/// min(tile, size - origin) as an OpFoldResult: the attribute `tile` when
/// the tile divides the size, else index arithmetic built at `b`. The extent
/// of the tile at `origin` of a dimension of `size` (uop-tile's kernels).
OpFoldResult buildTileExtent(OpBuilder &b, Location loc, Value origin,
                             int64_t size, int64_t tile);
/// min(tile, size - origin) for a size known at run time.
OpFoldResult buildTileExtent(OpBuilder &b, Location loc, Value origin,
                             Value size, int64_t tile);

/// The unit-stride 2-D subview of `source` at (off0, off1) of sizes
/// (size0, size1).
Value buildTileSubview(OpBuilder &b, Location loc, Value source, Value off0,
                       Value off1, OpFoldResult size0, OpFoldResult size1);

/// Emits `body` at `b`'s insertion point, inside `scf.if cond` when `cond`
/// is given (the bounds guard of a store at the edge of a matrix).
void buildGuarded(OpBuilder &b, Location loc, Value cond,
                  llvm::function_ref<void(OpBuilder &, Location)> body);

/// Builds, in the body of `launch`, the tcgen05 kernel of `gemm` for the
/// configuration `config` (Tcgen05Gemm.cpp); `dynamicSizes` as for
/// buildWgmmaKernel.
void buildTcgen05Kernel(OpBuilder &builder, Location loc,
                        gpu::LaunchOp launch, const GemmInfo &gemm,
                        const TileConfig &config,
                        std::array<Value, 3> dynamicSizes = {});

/// Builds, in the body of `launch`, the wgmma kernel of `gemm` for the
/// configuration `config` (WgmmaGemm.cpp); `dynamicSizes` holds M, N and K
/// as host values where they are dynamic (null where static). With
/// `batchCount` (the host's count of GEMMs of a batch `gemm`, 3-D; with
/// persistent blocks) the blocks loop over the tiles of every GEMM of the
/// batch, each tile on the views of its GEMM (buildBatchGemm).
void buildWgmmaKernel(OpBuilder &builder, Location loc, gpu::LaunchOp launch,
                      const GemmInfo &gemm, const TileConfig &config,
                      std::array<Value, 3> dynamicSizes = {},
                      Value batchCount = {});

/// Replaces the GEMM `gemm` (and its absorbed fill) by a tiled gpu.launch.
/// With `unaligned` (for a `config.versionedTma`), two launches under a
/// test of the host's sizes: `config`'s where A's and B's rows of a length
/// known only at run time are whole 16-byte units, `unaligned`'s (a
/// warp-level kernel) where they are not.
void tileGemm(RewriterBase &rewriter, const GemmInfo &gemm,
              const TileConfig &config,
              const TileConfig *unaligned = nullptr);

/// Checks the options of uop-promote-shared; on failure `whyNot` names the
/// option and the value expected.
LogicalResult verifyPromoteOptions(const UopPromoteSharedOptions &options,
                                   std::string &whyNot);

/// Stages the global operands of `op` (a uop.matmul directly in the body of
/// an scf.for K loop) in shared memory as uop-promote-shared describes.
/// The shared memory must fit the `max_static_shared` of the module's
/// target.
LogicalResult promoteToShared(RewriterBase &rewriter, MatmulOp op,
                              const UopPromoteSharedOptions &options);

/// Rewrites the tensor-core `op` into uop.ldmatrix + uop.mma_sync (kind
/// mma_sync) or uop.wmma_* on fragments (kind wmma) when its operands are
/// shared tiles (see uop-tensorcore); leaves a SIMT op, or one reading
/// global memory, as it is. Fails with a diagnostic on shared tiles that are
/// not the whole block tile of whole k steps.
LogicalResult rewriteToTensorCores(RewriterBase &rewriter, MatmulOp op);

/// Shared bytes per warp that uop-tensorcore adds for a wmma matmul: one
/// 16x16 f32 tile, through which accumulator fragments enter and leave the
/// matmul's register map (uop-promote-shared counts it in its budget).
constexpr int64_t kWmmaScratchBytes = 16 * 16 * 4;

/// Expands `op` into per-thread code (see uop-lower-tiles). Fails with a
/// diagnostic when the block size is not a constant.
LogicalResult lowerCopy(RewriterBase &rewriter, CopyOp op);
LogicalResult lowerMatmul(RewriterBase &rewriter, MatmulOp op);

/// Emits an error on every linalg op of a host function of `module` (not
/// in a gpu.module, not in a gpu.launch) and fails if there is one (see
/// uop-check-host).
LogicalResult checkHostFunctions(ModuleOp module);

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
