//===- Tile.cpp - uop-tile pass -------------------------------------------===//
//
// From a linalg GEMM to a GPU kernel: a grid of block tiles, a thread block
// of register tiles, and a K loop of tile-level `uop.matmul`s. This is the
// first rung of the ladder; it fixes the parallel decomposition (which block
// and which thread computes which outputs) and leaves the memory hierarchy
// to uop-promote-shared.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Wgmma.h"
#include "Uop/Dialect/Uop/IR/GemmRecord.h"
#include "Uop/Transforms/GemmMatcher.h"
#include "Uop/Transforms/Passes.h"
#include "Uop/Target/Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

namespace mlir::uop {
#define GEN_PASS_DEF_UOPTILE
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

/// Describes how many sizes a list option received, noting that a list
/// option given twice appends the second list to the first.
static std::string describeCount(StringRef name, size_t count,
                                 size_t expected) {
  std::string text = std::to_string(count);
  if (count > expected && count % expected == 0)
    text += llvm::formatv(" (was '{0}' given {1} times? a repeated list "
                          "option appends; give it once)",
                          name, count / expected)
                .str();
  return text;
}

/// Fails, saying so in `whyNot`, when the list option `name` was given
/// (`values` not empty) with other than `expected` sizes (`sizes` says
/// which, as "three sizes BM,BN,BK").
static LogicalResult checkCount(StringRef name, StringRef sizes,
                                ArrayRef<int64_t> values, size_t expected,
                                std::string &whyNot) {
  if (values.empty() || values.size() == expected)
    return success();
  whyNot = llvm::formatv("expected '{0}' to hold {1}, got {2}", name, sizes,
                         describeCount(name, values.size(), expected));
  return failure();
}

FailureOr<TileConfig> mlir::uop::getTileConfig(ArrayRef<int64_t> tile,
                                               ArrayRef<int64_t> threadTile,
                                               std::string &whyNot,
                                               TargetAttr target) {
  TileConfig c;
  if (failed(checkCount("tile", "three sizes BM,BN,BK", tile, 3, whyNot)) ||
      failed(checkCount("thread-tile", "two sizes TM,TN", threadTile, 2,
                        whyNot)))
    return failure();
  if (!tile.empty()) {
    c.blockM = tile[0];
    c.blockN = tile[1];
    c.blockK = tile[2];
  }
  if (!threadTile.empty()) {
    c.threadM = threadTile[0];
    c.threadN = threadTile[1];
  }
  for (int64_t v : {c.blockM, c.blockN, c.blockK, c.threadM, c.threadN})
    if (v <= 0) {
      whyNot = llvm::formatv("expected positive tile sizes, got {0}", v);
      return failure();
    }
  if (c.blockM % c.threadM || c.blockN % c.threadN) {
    whyNot = llvm::formatv("the thread tile {0}x{1} does not divide the block "
                           "tile {2}x{3}",
                           c.threadM, c.threadN, c.blockM, c.blockN);
    return failure();
  }
  // The block is BN/TN threads along x and BM/TM along y: each within the
  // target's block shape, their product within its threads per block. The
  // shape is checked first so that the product of two in-range factors
  // cannot overflow.
  int64_t threadsM = c.blockM / c.threadM, threadsN = c.blockN / c.threadN;
  ArrayRef<int64_t> maxBlock = target.getMaxBlock().asArrayRef();
  int64_t maxThreads = target.getMaxThreads();
  if (threadsN > maxBlock[0] || threadsM > maxBlock[1]) {
    whyNot = llvm::formatv("a block of {0}x{1} threads (BN/TN x BM/TM), "
                           "above the limit of {2}x{3} of {4}",
                           threadsN, threadsM, maxBlock[0], maxBlock[1],
                           target.getChip());
    return failure();
  }
  int64_t threads = threadsM * threadsN;
  if (threads > maxThreads) {
    whyNot = llvm::formatv("{0} threads per block, above the limit of {1}",
                           threads, maxThreads);
    return failure();
  }
  // Each thread keeps TM x TN f32 accumulators in registers.
  std::optional<int64_t> accumulators = llvm::checkedMul(c.threadM, c.threadN);
  if (!accumulators || *accumulators > 256) {
    whyNot = llvm::formatv("a {0}x{1} register tile needs more accumulators "
                           "than a thread has registers",
                           c.threadM, c.threadN);
    return failure();
  }
  return c;
}

/// The `tile` option of the block-level tensor-core kernels (tcgen05,
/// wgmma): BM,BN,BK, by default 128,128,64 (one 128-byte row of f16 / bf16
/// per k-tile; 128,128,32 with `tf32`, f32 operands); each kernel checks
/// the sizes it takes.
static FailureOr<TileConfig> readSwizzledTile(ArrayRef<int64_t> tile,
                                              std::string &whyNot,
                                              bool tf32 = false) {
  TileConfig c;
  c.kind = MatmulKind::mma_sync;
  c.tf32 = tf32;
  c.blockM = 128;
  c.blockN = 128;
  c.blockK = tf32 ? 32 : 64;
  if (failed(checkCount("tile", "three sizes BM,BN,BK", tile, 3, whyNot)))
    return failure();
  if (!tile.empty()) {
    c.blockM = tile[0];
    c.blockN = tile[1];
    c.blockK = tile[2];
  }
  return c;
}

/// The bytes of an operand element of a block-level tensor-core kernel:
/// 2 (f16 / bf16), 4 with `tf32` (f32 operands).
static int64_t swizzledElementBytes(const TileConfig &c) {
  return c.tf32 ? 4 : 2;
}

/// BK and BN of a block-level tensor-core kernel (`mma`=tcgen05 / wgmma):
/// BK = 64 (32 of tf32), one 128-byte swizzle atom per shared row; BN a
/// multiple of `nStep` up to 256, the N its MMA takes (`nWhat`).
static LogicalResult checkSwizzledBlockKN(const TileConfig &c, StringRef mma,
                                          int64_t nStep, StringRef nWhat,
                                          std::string &whyNot) {
  int64_t rowK = 128 / swizzledElementBytes(c);
  if (c.blockK != rowK) {
    whyNot = llvm::formatv("expected BK = {0} with mma={1} (a shared row is "
                           "one 128-byte swizzle atom of {2}), got {3}",
                           rowK, mma,
                           c.tf32 ? "f32 (tf32)" : "f16 / bf16", c.blockK);
    return failure();
  }
  if (c.blockN < nStep || c.blockN > 256 || c.blockN % nStep) {
    whyNot = llvm::formatv("expected BN a multiple of {0} from {0} to 256 "
                           "with mma={1} ({2}), got {3}",
                           nStep, mma, nWhat, c.blockN);
    return failure();
  }
  return success();
}

/// The shared memory of one stage of the tcgen05 and wgmma kernels' rings:
/// both tiles (each 1024-byte aligned).
static int64_t swizzledStageBytes(const TileConfig &c) {
  return (c.blockM + c.blockN) * c.blockK * swizzledElementBytes(c);
}

/// How many such stages fit `target`'s shared memory per block beside
/// `reserved` bytes of other buffers; the mbarriers (and tcgen05's address
/// word) take one more 1024-byte slot.
static int64_t swizzledStagesThatFit(const TileConfig &c, TargetAttr target,
                                     int64_t reserved = 0) {
  return (target.getMaxShared() - 1024 - reserved) / swizzledStageBytes(c);
}

FailureOr<TileConfig> mlir::uop::getTcgen05TileConfig(ArrayRef<int64_t> tile,
                                                      int64_t ladderStep,
                                                      int64_t stages,
                                                      std::string &whyNot,
                                                      TargetAttr target) {
  FailureOr<TileConfig> base = readSwizzledTile(tile, whyNot);
  if (failed(base))
    return failure();
  TileConfig c = *base;
  c.tcgen05 = true;
  c.ladderStep = ladderStep;
  if (ladderStep < 0 || ladderStep > 7) {
    whyNot = llvm::formatv(
        "expected 'ladder-step' 0 (the highest rung the GEMM allows), 1 (one "
        "tile), 2 (the K-loop), 3 (the 2-D grid), 4 (TMA loads), 5 (a ring "
        "of 2 TMA stages), 6 (a ring of 'stages') or 7 (the ring with a "
        "producer warp and an MMA warp), got {0}",
        ladderStep);
    return failure();
  }
  bool deepRing = ladderStep == 6 || ladderStep == 7;
  if (stages < 0 || stages > 4 || (stages == 1 && deepRing)) {
    whyNot = llvm::formatv("expected 'stages' 0 (the deepest ring that "
                           "fits, up to 6), 1 (no ring) or 2 to 4 with "
                           "mma=tcgen05"
                           "{0}, got {1}",
                           deepRing ? " (a ring has 2 or more)" : "", stages);
    return failure();
  }
  if (stages > 1 && ladderStep != 0 && !deepRing) {
    whyNot = llvm::formatv("'stages' sets the depth of the TMA ring of "
                           "ladder-steps 6 and 7, got ladder-step={0}",
                           ladderStep);
    return failure();
  }
  // stages=1 asks for no ring: the default rung is then 4.
  if (stages == 1 && ladderStep == 0)
    ladderStep = 4;
  c.ladderStep = ladderStep;
  if (c.blockM != 128 && c.blockM != 64) {
    whyNot = llvm::formatv("expected BM = 128 or 64 with mma=tcgen05 (the "
                           "M of tcgen05.mma: the accumulator in all 128 "
                           "lanes of tensor memory, or in half of them), "
                           "got {0}",
                           c.blockM);
    return failure();
  }
  if (failed(checkSwizzledBlockKN(
          c, "tcgen05", c.blockM == 128 ? 16 : 8,
          llvm::formatv("the N of tcgen05.mma for M = {0}", c.blockM).str(),
          whyNot)))
    return failure();
  int64_t stageBytes = swizzledStageBytes(c);
  int64_t fits = swizzledStagesThatFit(c, target);
  bool ring = ladderStep == 0 || ladderStep >= 5;
  c.stages = 1;
  if (!ring && stageBytes + 1024 > target.getMaxShared()) {
    whyNot = llvm::formatv("expected the shared tiles of mma=tcgen05 within "
                           "{0}'s {1} bytes of shared memory per block, got "
                           "{2} bytes for BN = {3}; use a smaller BN",
                           target.getChip(), target.getMaxShared(),
                           stageBytes + 1024, c.blockN);
    return failure();
  }
  if (ring) {
    int64_t want = ladderStep == 5 ? 2 : stages;
    if (want == 0)
      want = std::min<int64_t>(fits, 6);
    if (want > fits || want < 2) {
      whyNot = llvm::formatv(
          "expected the {0} stages of the TMA ring within {1}'s {2} bytes of "
          "shared memory per block ({3} bytes a stage for BN = {4}), which "
          "hold {5}; use fewer stages or a smaller BN",
          std::max<int64_t>(want, 2), target.getChip(), target.getMaxShared(),
          stageBytes, c.blockN, fits);
      return failure();
    }
    c.stages = want;
  }
  return c;
}

FailureOr<TileConfig> mlir::uop::getWgmmaTileConfig(ArrayRef<int64_t> tile,
                                                    int64_t stages,
                                                    std::string &whyNot,
                                                    TargetAttr target,
                                                    bool tf32) {
  FailureOr<TileConfig> base = readSwizzledTile(tile, whyNot, tf32);
  if (failed(base))
    return failure();
  TileConfig c = *base;
  c.wgmma = true;
  if (c.blockM != 64 && c.blockM != 128) {
    whyNot = llvm::formatv("expected BM = 64 or 128 with mma=wgmma (one or "
                           "two warpgroups, each accumulating 64 rows), got "
                           "{0}",
                           c.blockM);
    return failure();
  }
  if (failed(checkSwizzledBlockKN(
          c, "wgmma", 8,
          tf32 ? "the N of wgmma m64nNk8" : "the N of wgmma m64nNk16",
          whyNot)))
    return failure();
  if (stages < 0 || stages > 4) {
    whyNot = llvm::formatv("expected 'stages' 0 (the deepest TMA ring that "
                           "fits, up to 6), 1 (no ring) or 2 to 4 with "
                           "mma=wgmma, got {0}",
                           stages);
    return failure();
  }
  int64_t stageBytes = swizzledStageBytes(c);
  int64_t fits = swizzledStagesThatFit(c, target);
  int64_t want = stages == 0 ? std::min<int64_t>(fits, 6) : stages;
  if (want > fits || want < 1) {
    whyNot = llvm::formatv(
        "expected the {0} stages of mma=wgmma within {1}'s {2} bytes of "
        "shared memory per block ({3} bytes a stage for BM = {4}, BN = {5}), "
        "which hold {6}; use fewer stages or a smaller tile",
        std::max<int64_t>(want, 1), target.getChip(), target.getMaxShared(),
        stageBytes, c.blockM, c.blockN, fits);
    return failure();
  }
  c.stages = want;
  return c;
}

FailureOr<TileConfig> mlir::uop::getMmaTileConfig(MatmulKind kind,
                                                  ArrayRef<int64_t> tile,
                                                  ArrayRef<int64_t> warps,
                                                  std::string &whyNot,
                                                  TargetAttr target,
                                                  bool tf32) {
  TileConfig c;
  c.kind = kind;
  bool sm120 = target.getChip() == "sm_120";
  // The default block tile is 128 x 128 x 32, except on sm_120: there
  // ptxas holds the 256 threads of that tile at 128 registers and spills
  // (8 bytes for an f16 GEMM), while the 16-deep k-tile (a ring of 4
  // stages, 32 KiB) needs 118 registers. (On the H200 that tiling was
  // also the fastest of the mma.sync tilings measured, docs/PERFORMANCE.md.)
  // TF32 operands take twice the bytes: a 32-deep k-tile of f32 is 32 KiB,
  // one stage in 48 KiB (every k-tile's copies then wait in full), so
  // their default is 16 deep, a ring of 3 stages of 16 KiB as for f16.
  c.blockK = sm120 || tf32 ? 16 : 32;
  c.warpsM = 2;
  c.warpsN = 4;
  // On sm_100a and sm_120 the TF32 kernel of the default tile with 2 x 4
  // warps (64 x 32 warp tiles) spills at ptxas's 128 registers (24 and 4
  // bytes); 4 x 2 warps (32 x 64) fit them.
  if (tf32 && (sm120 || target.getChip() == "sm_100a") && tile.empty()) {
    c.warpsM = 4;
    c.warpsN = 2;
  }
  StringRef name = stringifyMatmulKind(kind);
  if (failed(checkCount("tile", "three sizes BM,BN,BK", tile, 3, whyNot)) ||
      failed(checkCount("warps", "two sizes WM,WN", warps, 2, whyNot)))
    return failure();
  if (!tile.empty()) {
    c.blockM = tile[0];
    c.blockN = tile[1];
    c.blockK = tile[2];
  }
  if (!warps.empty()) {
    c.warpsM = warps[0];
    c.warpsN = warps[1];
  }
  for (int64_t v : {c.blockM, c.blockN, c.blockK, c.warpsM, c.warpsN})
    if (v <= 0) {
      whyNot = llvm::formatv("expected positive tile sizes and warps, got {0}",
                             v);
      return failure();
    }
  // The block is 32 WN threads along x and WM along y (a warp is 32
  // consecutive threads): each within the target's block shape, their
  // product within its threads per block. Checked before any product.
  ArrayRef<int64_t> maxBlock = target.getMaxBlock().asArrayRef();
  int64_t maxThreads = target.getMaxThreads();
  if (c.warpsN > maxBlock[0] / 32 || c.warpsM > maxBlock[1] ||
      c.warpsM * c.warpsN > maxThreads / 32) {
    whyNot = llvm::formatv("expected at most {0} warps per block of {1} "
                           "(x within {2} threads, y within {3}), got warps = "
                           "{4},{5}",
                           maxThreads / 32, target.getChip(), maxBlock[0],
                           maxBlock[1], c.warpsM, c.warpsN);
    return failure();
  }
  // Each warp tile is whole fragments: m16 x n8 for mma.sync (its
  // accumulator rows come as g and g + 8, its columns as 2t and 2t + 1),
  // m16 x n16 for wmma; each k step of the tile whole k16 instructions
  // (two m16n8k8 for TF32).
  int64_t fragN = kind == MatmulKind::wmma ? 16 : 8;
  if (c.blockM % (16 * c.warpsM) || c.blockN % (fragN * c.warpsN)) {
    whyNot = llvm::formatv("expected a block tile of whole {0}x{1} fragments "
                           "per warp for mma={2} (BM a multiple of 16 x WM = "
                           "{3}, BN of {1} x WN = {4}), got {5}x{6}",
                           16, fragN, name, 16 * c.warpsM, fragN * c.warpsN,
                           c.blockM, c.blockN);
    return failure();
  }
  if (c.blockK % 16) {
    whyNot = llvm::formatv("expected BK to be a multiple of 16 (the k of the "
                           "tensor-core instruction) for mma={0}, got {1}",
                           name, c.blockK);
    return failure();
  }
  int64_t warpTileM = c.blockM / c.warpsM, warpTileN = c.blockN / c.warpsN;
  c.threadM = warpTileM / 8;
  c.threadN = warpTileN / 4;
  // Each thread keeps its share of the warp tile's f32 accumulators
  // (WTM x WTN / 32) in registers, next to the A and B fragments of a k16
  // step; beyond 128 accumulators ptxas spills.
  std::optional<int64_t> accumulators = llvm::checkedMul(c.threadM, c.threadN);
  if (!accumulators || *accumulators > 128) {
    whyNot = llvm::formatv("expected a warp tile of at most 128 accumulators "
                           "per thread, got {0}x{1} ({2} per thread); use more "
                           "warps or a smaller tile",
                           warpTileM, warpTileN,
                           accumulators ? std::to_string(*accumulators)
                                        : std::string("too many"));
    return failure();
  }
  return c;
}

OpFoldResult mlir::uop::buildTileExtent(OpBuilder &b, Location loc,
                                        Value origin, int64_t size,
                                        int64_t tile) {
  if (size % tile == 0)
    return b.getIndexAttr(tile);
  return buildTileExtent(b, loc, origin,
                         arith::ConstantIndexOp::create(b, loc, size), tile);
}

OpFoldResult mlir::uop::buildTileExtent(OpBuilder &b, Location loc,
                                        Value origin, Value size,
                                        int64_t tile) {
  Value left = arith::SubIOp::create(b, loc, size, origin);
  return arith::MinSIOp::create(b, loc, left,
                                arith::ConstantIndexOp::create(b, loc, tile))
      .getResult();
}

Value mlir::uop::buildTileSubview(OpBuilder &b, Location loc, Value source,
                                  Value off0, Value off1, OpFoldResult size0,
                                  OpFoldResult size1) {
  SmallVector<OpFoldResult> offsets = {off0, off1};
  SmallVector<OpFoldResult> sizes = {size0, size1};
  SmallVector<OpFoldResult> strides = {b.getIndexAttr(1), b.getIndexAttr(1)};
  return memref::SubViewOp::create(b, loc, source, offsets, sizes, strides);
}

void mlir::uop::buildGuarded(
    OpBuilder &b, Location loc, Value cond,
    llvm::function_ref<void(OpBuilder &, Location)> body) {
  if (!cond) {
    body(b, loc);
    return;
  }
  scf::IfOp::create(b, loc, cond, [&](OpBuilder &nb, Location nloc) {
    body(nb, nloc);
    scf::YieldOp::create(nb, nloc);
  });
}

namespace {
/// Builds the body of one tiled GEMM kernel.
class KernelBuilder {
public:
  /// `dynamicSizes`: M, N and K as host values where they are dynamic
  /// (null where static: the kernel uses the constant).
  KernelBuilder(ImplicitLocOpBuilder &b, const GemmInfo &g, const TileConfig &c,
                std::array<Value, 3> dynamicSizes)
      : b(b), g(g), c(c), dynamicSizes(dynamicSizes) {}

  void build(gpu::LaunchOp launch) {
    threadsM = c.getBlockThreadsY();
    threadsN = c.getBlockThreadsX();
    gpu::KernelDim3 blockIds = launch.getBlockIds();
    gpu::KernelDim3 threadIds = launch.getThreadIds();
    tx = threadIds.x;
    ty = threadIds.y;
    // A dynamic M puts M's tiles along x (tileGemm).
    bool mAlongX =
        static_cast<bool>(dynamicSizes[static_cast<unsigned>(GemmDim::M)]);
    Value tileRow = mAlongX ? blockIds.x : blockIds.y;
    Value tileCol = mAlongX ? blockIds.y : blockIds.x;
    m0 = arith::MulIOp::create(b, tileRow, index(c.blockM));
    n0 = arith::MulIOp::create(b, tileCol, index(c.blockN));
    if (c.kind != MatmulKind::simt) {
      // The fragment map's per-thread origin (see uop.matmul): warp
      // (ty, tx / 32) at (ty WTM, (tx / 32) WTN) of the block tile; lane
      // l = tx mod 32 at row l / 4 and column 2 (l mod 4) of each fragment.
      Value lane = arith::RemUIOp::create(b, tx, index(32));
      Value warpN = arith::DivUIOp::create(b, tx, index(32));
      Value warpRow = arith::MulIOp::create(b, ty, index(c.blockM / c.warpsM));
      Value warpCol =
          arith::MulIOp::create(b, warpN, index(c.blockN / c.warpsN));
      rowBase = arith::AddIOp::create(
          b, arith::AddIOp::create(b, m0, warpRow),
          arith::DivUIOp::create(b, lane, index(4)));
      colBase = arith::AddIOp::create(
          b, arith::AddIOp::create(b, n0, warpCol),
          arith::MulIOp::create(b, arith::RemUIOp::create(b, lane, index(4)),
                                index(2)));
    }
    // Extent of this block's tile: the full tile, or what is left at the
    // edge of C. Static when the tile divides the matrix.
    OpFoldResult mSize = tileExtent(m0, GemmDim::M, c.blockM);
    OpFoldResult nSize = tileExtent(n0, GemmDim::N, c.blockN);

    Value acc = initAccumulator();
    Value kUpper = size(GemmDim::K);
    auto loop = scf::ForOp::create(b, index(0), kUpper, index(c.blockK),
                                   ValueRange{acc});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value k0 = loop.getInductionVar();
      OpFoldResult kSize = tileExtent(k0, GemmDim::K, c.blockK);
      Value aTile = g.transposeA ? subview(g.a, k0, m0, kSize, mSize)
                                 : subview(g.a, m0, k0, mSize, kSize);
      Value bTile = g.transposeB ? subview(g.b, n0, k0, nSize, kSize)
                                 : subview(g.b, k0, n0, kSize, nSize);
      bool tensorCore = c.kind != MatmulKind::simt;
      auto mm = MatmulOp::create(
          b, loop.getRegionIterArgs()[0].getType(), aTile, bTile,
          loop.getRegionIterArgs()[0],
          b.getDenseI64ArrayAttr({threadsM, threadsN}),
          g.transposeA ? b.getUnitAttr() : UnitAttr(),
          g.transposeB ? b.getUnitAttr() : UnitAttr(),
          /*a_layout=*/SharedLayoutAttr(),
          /*b_layout=*/SharedLayoutAttr(),
          MatmulKindAttr::get(b.getContext(), c.kind),
          tensorCore ? b.getDenseI64ArrayAttr({c.warpsM, c.warpsN})
                     : DenseI64ArrayAttr(),
          c.tf32 ? b.getUnitAttr() : UnitAttr());
      scf::YieldOp::create(b, mm.getResult());
    }
    storeAccumulator(loop.getResult(0));
  }

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }

  /// The static size `dim` of the GEMM, or kDynamic.
  int64_t staticSize(GemmDim dim) const {
    return dim == GemmDim::M ? g.m : dim == GemmDim::N ? g.n : g.k;
  }
  /// The size `dim` as an index value: the constant, or the host's value.
  Value size(GemmDim dim) {
    if (Value v = dynamicSizes[static_cast<unsigned>(dim)])
      return v;
    return index(staticSize(dim));
  }
  /// Whether the tiles of `tile` elements along `dim` may end past the
  /// matrix: a static size they do not divide, or a dynamic one.
  bool ragged(GemmDim dim, int64_t tile) const {
    int64_t s = staticSize(dim);
    return ShapedType::isDynamic(s) || s % tile != 0;
  }

  OpFoldResult tileExtent(Value origin, GemmDim dim, int64_t tile) {
    if (Value v = dynamicSizes[static_cast<unsigned>(dim)])
      return buildTileExtent(b, b.getLoc(), origin, v, tile);
    return buildTileExtent(b, b.getLoc(), origin, staticSize(dim), tile);
  }

  Value subview(Value source, Value off0, Value off1, OpFoldResult size0,
                OpFoldResult size1) {
    return buildTileSubview(b, b.getLoc(), source, off0, off1, size0, size1);
  }

  /// Row (i) and column (j) of C that element (i, j) of this thread's
  /// register tile holds (see uop.matmul). SIMT: groups of 4 rows (where
  /// TM allows) strided by the threads along M, columns alike along N.
  /// Tensor-core form: the m16n8 fragment map, row 16 (i / 2) + 8 (i mod 2)
  /// and column 8 (j / 2) + j mod 2 from the thread's origin in its warp
  /// tile.
  Value rowOf(int64_t i) {
    if (c.kind != MatmulKind::simt) {
      int64_t off = 16 * (i / 2) + 8 * (i % 2);
      return off ? arith::AddIOp::create(b, rowBase, index(off)) : rowBase;
    }
    return simtIndex(m0, ty, i, threadsM, c.threadM);
  }
  Value colOf(int64_t j) {
    if (c.kind != MatmulKind::simt) {
      int64_t off = 8 * (j / 2) + j % 2;
      return off ? arith::AddIOp::create(b, colBase, index(off)) : colBase;
    }
    return simtIndex(n0, tx, j, threadsN, c.threadN);
  }

  /// origin + g * thread + getSimtOffset(i, threads, tile): the SIMT row
  /// (column) of C of element i of the register tile (g = getSimtGroup).
  Value simtIndex(Value origin, Value thread, int64_t i, int64_t threads,
                  int64_t tile) {
    int64_t g = getSimtGroup(tile);
    Value t = g > 1 ? arith::MulIOp::create(b, thread, index(g)).getResult()
                    : thread;
    Value r = arith::AddIOp::create(b, origin, t);
    int64_t off = getSimtOffset(i, threads, tile);
    return off ? arith::AddIOp::create(b, r, index(off)).getResult() : r;
  }

  /// The condition that (row, col) lies inside C, or null when every
  /// element of every tile does.
  Value inBounds(Value row, Value col) {
    Value cond;
    if (ragged(GemmDim::M, c.blockM))
      cond = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, row,
                                   size(GemmDim::M));
    if (ragged(GemmDim::N, c.blockN)) {
      Value inN = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, col,
                                        size(GemmDim::N));
      cond = cond ? arith::AndIOp::create(b, cond, inN).getResult() : inN;
    }
    return cond;
  }

  VectorType accType() {
    return VectorType::get({c.threadM, c.threadN}, b.getF32Type());
  }

  Value initAccumulator() {
    if (g.fill) {
      Value v = linalg::FillOp(g.fill).getInputs().front();
      if (v.getType() != b.getF32Type()) {
        auto ft = cast<FloatType>(v.getType());
        v = ft.getWidth() < 32
                ? arith::ExtFOp::create(b, b.getF32Type(), v).getResult()
                : arith::TruncFOp::create(b, b.getF32Type(), v).getResult();
      }
      return vector::BroadcastOp::create(b, accType(), v);
    }
    // linalg semantics: C += A * B, so start from the old C (extended to
    // the f32 accumulator when C is f16 / bf16).
    Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0f));
    auto loadC = [&](OpBuilder &nb, Location loc, Value row, Value col) {
      Value v = memref::LoadOp::create(nb, loc, g.c, ValueRange{row, col});
      if (v.getType() != nb.getF32Type())
        v = arith::ExtFOp::create(nb, loc, nb.getF32Type(), v);
      return v;
    };
    SmallVector<Value> elems;
    for (int64_t i = 0; i < c.threadM; ++i)
      for (int64_t j = 0; j < c.threadN; ++j) {
        Value row = rowOf(i), col = colOf(j);
        Value cond = inBounds(row, col);
        if (!cond) {
          elems.push_back(loadC(b, b.getLoc(), row, col));
          continue;
        }
        auto ifOp = scf::IfOp::create(
            b, cond,
            [&](OpBuilder &nb, Location loc) {
              scf::YieldOp::create(nb, loc, loadC(nb, loc, row, col));
            },
            [&](OpBuilder &nb, Location loc) {
              scf::YieldOp::create(nb, loc, zero);
            });
        elems.push_back(ifOp.getResult(0));
      }
    return vector::FromElementsOp::create(b, accType(), elems);
  }

  /// Stores each element of the accumulator where it belongs: rounded once
  /// to C's type and passed through the fused elementwise consumers
  /// (emitEpilogue) into the output they write, all inside the bounds
  /// guard, since a consumer's bias vector ends where C does.
  void storeAccumulator(Value acc) {
    auto storeElement = [&](OpBuilder &nb, Location loc, Value v, Value row,
                            Value col) {
      v = emitEpilogue(nb, loc, g, v, row, col);
      memref::StoreOp::create(nb, loc, v, g.out, ValueRange{row, col});
    };
    if (int64_t group = getVectorStoreGroup()) {
      storeAccumulatorGroups(acc, group);
      return;
    }
    for (int64_t i = 0; i < c.threadM; ++i)
      for (int64_t j = 0; j < c.threadN; ++j) {
        Value v = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{i, j});
        Value row = rowOf(i), col = colOf(j);
        buildGuarded(b, b.getLoc(), inBounds(row, col),
                     [&](OpBuilder &nb, Location loc) {
                       storeElement(nb, loc, v, row, col);
                     });
      }
  }

  /// The columns of a SIMT group of the register tile (4) when the output
  /// takes them as one 16-byte (8 for f16 / bf16) store, else 0: a row
  /// stride and offset of the output that are multiples of the group (a
  /// group's first column, n0 + 4 tx + 4 TX (j / 4), is one, and the
  /// output's buffer starts 16-byte aligned as cudaMalloc's do), and an N
  /// that the block tiles divide: only rows can then fall outside C. (With
  /// an edge in N too, ptxas spills the sm_80 kernel of 100 x 60 x 70 under
  /// the extra guards; those outputs keep the predicated scalar stores.)
  int64_t getVectorStoreGroup() {
    if (c.kind != MatmulKind::simt)
      return 0;
    int64_t group = getSimtGroup(c.threadN);
    auto type = dyn_cast<MemRefType>(g.out.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (group == 1 || !type ||
        failed(type.getStridesAndOffset(strides, offset)) ||
        strides.size() != 2 || strides[1] != 1 ||
        ShapedType::isDynamic(strides[0]) || strides[0] % group ||
        !startsAtMultipleOf(g.out, group) || ragged(GemmDim::N, c.blockN))
      return 0;
    return group;
  }

  /// storeAccumulator with each group of `group` columns of a row computed
  /// element by element (the epilogue) and stored as one vector, under one
  /// bounds guard for the whole group.
  void storeAccumulatorGroups(Value acc, int64_t group) {
    Type elem = cast<MemRefType>(g.out.getType()).getElementType();
    auto vecType = VectorType::get({group}, elem);
    int64_t bytes = group * getElementBytes(elem);
    for (int64_t i = 0; i < c.threadM; ++i)
      for (int64_t j0 = 0; j0 < c.threadN; j0 += group) {
        Value row = rowOf(i), col0 = colOf(j0);
        auto store = [&](OpBuilder &nb, Location loc) {
          SmallVector<Value> elems;
          for (int64_t j = j0; j < j0 + group; ++j) {
            Value v = vector::ExtractOp::create(nb, loc, acc,
                                                ArrayRef<int64_t>{i, j});
            Value col = j == j0 ? col0
                                : arith::AddIOp::create(
                                      nb, loc, col0,
                                      arith::ConstantIndexOp::create(
                                          nb, loc, j - j0))
                                      .getResult();
            elems.push_back(emitEpilogue(nb, loc, g, v, row, col));
          }
          Value vec = vector::FromElementsOp::create(nb, loc, vecType, elems);
          vector::StoreOp::create(nb, loc, vec, g.out, ValueRange{row, col0},
                                  /*nontemporal=*/false,
                                  llvm::MaybeAlign(bytes));
        };
        buildGuarded(b, b.getLoc(), inBounds(row, col0), store);
      }
  }

  ImplicitLocOpBuilder &b;
  const GemmInfo &g;
  const TileConfig &c;
  std::array<Value, 3> dynamicSizes;
  int64_t threadsM = 0, threadsN = 0;
  Value tx, ty, m0, n0;
  /// Tensor-core form: the C row and column of the thread's element (0, 0).
  Value rowBase, colBase;
};
} // namespace

/// Erases the GEMM, its absorbed fill, its fused consumers and the
/// temporaries between them, which nothing reads any more.
static void eraseGemm(RewriterBase &rewriter, const GemmInfo &g) {
  if (g.fill)
    rewriter.eraseOp(linalg::FillOp(g.fill));
  rewriter.eraseOp(linalg::LinalgOp(g.op).getOperation());
  for (const FusedConsumer &f : g.epilogue)
    rewriter.eraseOp(f.op);
  for (Value buffer : g.deadBuffers) {
    for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
      rewriter.eraseOp(user);
    rewriter.eraseOp(buffer.getDefiningOp());
  }
}

/// A kernel storing the fill value of `g` into every element of C, for a
/// split-K GEMM (`c`), whose blocks then add their partial sums: one block
/// of 128 threads per 128 columns and BM rows, thread t storing column t
/// of each of those rows (a warp stores 128 contiguous bytes of a row).
/// `dynamicSizes` holds M and N where they are dynamic (at least one block
/// along each; a dynamic M's blocks along x, as tileGemm's).
static void buildFillKernel(ImplicitLocOpBuilder &b, const GemmInfo &g,
                            const TileConfig &c,
                            std::array<Value, 3> dynamicSizes) {
  constexpr int64_t kColumns = 128;
  auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(b, v); };
  auto fill = cast<linalg::FillOp>(g.fill);
  Value value = fill.getInputs().front();
  Value out = fill.getOutputs().front();
  Type elem = cast<MemRefType>(out.getType()).getElementType();
  Value one = cst(1);
  Value sizeM = dynamicSizes[static_cast<unsigned>(GemmDim::M)];
  Value sizeN = dynamicSizes[static_cast<unsigned>(GemmDim::N)];
  auto blocks = [&](Value size, int64_t staticSize, int64_t per) -> Value {
    if (!size)
      return cst(llvm::divideCeil(staticSize, per));
    return arith::MaxUIOp::create(
        b, arith::CeilDivUIOp::create(b, size, cst(per)), one);
  };
  Value gridX = blocks(sizeN, g.n, kColumns);
  Value gridY = blocks(sizeM, g.m, c.blockM);
  bool mAlongX = static_cast<bool>(sizeM);
  if (mAlongX)
    std::swap(gridX, gridY);
  if (!sizeM)
    sizeM = cst(g.m);
  if (!sizeN)
    sizeN = cst(g.n);
  // A batch's C: matrix z of it on the blocks at z.
  Value gridZ = g.batched ? buildBatchSize(b, b.getLoc(), g) : one;
  auto launch = gpu::LaunchOp::create(b, gridX, gridY, gridZ, cst(kColumns),
                                      one, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  if (g.batched)
    out = buildBatchMatrix(b, b.getLoc(), out, launch.getBlockIds().z);
  Value blockN = mAlongX ? launch.getBlockIds().y : launch.getBlockIds().x;
  Value blockM = mAlongX ? launch.getBlockIds().x : launch.getBlockIds().y;
  if (value.getType() != elem)
    value = cast<FloatType>(value.getType()).getWidth() <
                    cast<FloatType>(elem).getWidth()
                ? arith::ExtFOp::create(b, elem, value).getResult()
                : arith::TruncFOp::create(b, elem, value).getResult();
  Value col = arith::AddIOp::create(
      b, arith::MulIOp::create(b, blockN, cst(kColumns)),
      launch.getThreadIds().x);
  Value firstRow = arith::MulIOp::create(b, blockM, cst(c.blockM));
  Value lastRow = arith::MinUIOp::create(
      b, arith::AddIOp::create(b, firstRow, cst(c.blockM)), sizeM);
  Value inN = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, col, sizeN);
  auto ifOp = scf::IfOp::create(b, inN, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    auto rows = scf::ForOp::create(b, firstRow, lastRow, one);
    b.setInsertionPoint(rows.getBody()->getTerminator());
    memref::StoreOp::create(b, value, out,
                            ValueRange{rows.getInductionVar(), col});
  }
  gpu::TerminatorOp::create(b);
}

/// The blocks along x and y that tileGemm launches for `g` with `c`:
/// ceil(N / BN) x ceil(M / BM), with clusters rounded up to whole clusters
/// (a block past M or N computes nothing); with persistent blocks, at most
/// that many along x, each looping over the tiles, or with clusters that
/// many blocks in clusters of CN x CM, the clusters along x, each looping
/// over the cluster tiles (CM x CN tiles).
static std::pair<int64_t, int64_t> launchGrid(const GemmInfo &g,
                                              const TileConfig &c) {
  // A dynamic size: the host computes the blocks (tileGemm); persistent
  // blocks stay along x, CM clusters' worth along y (the persistent
  // blocks of a batch loop over the tiles of all its GEMMs: a count known
  // only at run time is the host's too).
  bool persistentBatch = g.batched && c.wgmma && c.persistentBlocks > 0;
  if ((ShapedType::isDynamic(g.m) || ShapedType::isDynamic(g.n) ||
       (persistentBatch && ShapedType::isDynamic(g.batch))) &&
      c.persistentBlocks > 0)
    return {ShapedType::kDynamic, c.clusterM};
  if (ShapedType::isDynamic(g.m) || ShapedType::isDynamic(g.n))
    return {ShapedType::isDynamic(g.n)
                ? ShapedType::kDynamic
                : llvm::alignTo(llvm::divideCeil(g.n, c.blockN), c.clusterN),
            ShapedType::isDynamic(g.m)
                ? ShapedType::kDynamic
                : llvm::alignTo(llvm::divideCeil(g.m, c.blockM),
                                c.clusterM)};
  int64_t tilesN = llvm::divideCeil(g.n, c.blockN);
  int64_t tilesM = llvm::divideCeil(g.m, c.blockM);
  if (c.persistentBlocks <= 0)
    return {llvm::alignTo(tilesN, c.clusterN),
            llvm::alignTo(tilesM, c.clusterM)};
  int64_t clusters =
      std::max<int64_t>(1, c.persistentBlocks / (c.clusterM * c.clusterN));
  int64_t clusterTiles = llvm::divideCeil(tilesN, c.clusterN) *
                         llvm::divideCeil(tilesM, c.clusterM);
  if (persistentBatch)
    clusterTiles = llvm::checkedMul(clusterTiles, g.batch)
                       .value_or(std::numeric_limits<int64_t>::max());
  return {std::max<int64_t>(1, std::min(clusters, clusterTiles)) * c.clusterN,
          c.clusterM};
}

/// The operands among `g`'s A and B (and C, with `withC`) whose rows a
/// kernel would test for alignment at run time: host-function arguments of
/// the identity layout in global memory whose row length (the innermost
/// dimension, the row stride; a batch's matrices then start at multiples
/// of it) is known only at run time, with elements of at most 16 bytes.
/// Each with its row length in elements that makes whole 16-byte units.
static SmallVector<std::pair<BlockArgument, int64_t>>
getRowAlignmentOperands(const GemmInfo &g, bool withC = false) {
  SmallVector<std::pair<BlockArgument, int64_t>> operands;
  SmallVector<Value, 3> values = {g.a, g.b};
  if (withC)
    values.push_back(g.out);
  for (Value v : values) {
    auto arg = dyn_cast<BlockArgument>(v);
    auto type = dyn_cast<MemRefType>(v.getType());
    // (3-D for a batch's operands, 2-D for one the batch shares.)
    if (!arg || !type ||
        (type.getRank() != 2 && !(g.batched && type.getRank() == 3)) ||
        !type.getLayout().isIdentity() || !isGlobalMemRef(type) ||
        !ShapedType::isDynamic(type.getDimSize(type.getRank() - 1)))
      continue;
    auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (!func || arg.getOwner() != &func.getFunctionBody().front())
      continue;
    int64_t bytes = getElementBytes(type.getElementType());
    if (bytes <= 0 || 16 % bytes)
      continue;
    if (llvm::none_of(operands, [&](auto &o) { return o.first == arg; }))
      operands.push_back({arg, 16 / bytes});
  }
  return operands;
}

/// Whether the host can test every row stride and start of `g`'s A and B
/// (and C, with `withC`) that is known only at run time: each is an
/// operand of getRowAlignmentOperands.
static bool hostTestsRowAlignment(const GemmInfo &g, bool withC) {
  SmallVector<std::pair<BlockArgument, int64_t>> tested =
      getRowAlignmentOperands(g, withC);
  SmallVector<Value, 3> values = {g.a, g.b};
  if (withC)
    values.push_back(g.out);
  for (Value v : values) {
    auto type = cast<MemRefType>(v.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      return false;
    if (!ShapedType::isDynamic(offset) &&
        llvm::none_of(strides, ShapedType::isDynamic))
      continue;
    if (llvm::none_of(tested, [&](auto &o) { return o.first == v; }))
      return false;
  }
  return true;
}

/// Builds, before `b`'s insertion point, the host's test that the rows of
/// `operands` (getRowAlignmentOperands) are whole 16-byte units:
/// max(len_i mod w_i) == 0, one comparison, which the launch configuration
/// describes as a condition on the host's sizes. `args` receives their
/// argument numbers.
static Value buildRowsAligned(
    ImplicitLocOpBuilder &b,
    ArrayRef<std::pair<BlockArgument, int64_t>> operands,
    SmallVectorImpl<int64_t> &args) {
  Value residue;
  for (auto [arg, width] : operands) {
    Value len = memref::DimOp::create(
        b, arg, cast<MemRefType>(arg.getType()).getRank() - 1);
    Value r = arith::RemUIOp::create(
        b, len, arith::ConstantIndexOp::create(b, width));
    residue = residue ? arith::MaxUIOp::create(b, residue, r).getResult() : r;
    args.push_back(arg.getArgNumber());
  }
  return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, residue,
                               arith::ConstantIndexOp::create(b, 0));
}

/// A kernel whose copies read A or B of a row length known only at run
/// time tests in each copy whether the rows start at multiples of the
/// copy's vector (cp.async where they do, element by element where they do
/// not): that second form, live in the K loop, costs the kernel about 35
/// registers (158 against 123 for the f16 mma.sync kernel on sm_80), so
/// half the blocks per SM. The launch is versioned on the host instead,
/// on the same test made once for all those rows: where they are whole
/// 16-byte units, a copy of the kernel marked `uop.aligned_rows` (the
/// arguments tested), whose copies lower without the test and its second
/// form (uop-lower-tiles); the kernel with the run-time tests otherwise.
static void versionOnRowAlignment(ImplicitLocOpBuilder &b,
                                  gpu::LaunchOp launch, const GemmInfo &g) {
  SmallVector<std::pair<BlockArgument, int64_t>> operands =
      getRowAlignmentOperands(g);
  if (operands.empty())
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(launch);
  SmallVector<int64_t> args;
  Value aligned = buildRowsAligned(b, operands, args);
  auto ifOp = scf::IfOp::create(b, aligned, /*withElseRegion=*/true);
  launch->moveBefore(ifOp.elseBlock()->getTerminator());
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  Operation *fast = b.clone(*launch);
  fast->setAttr(kAlignedRowsAttrName, b.getDenseI64ArrayAttr(args));
}

/// Builds, at `b`'s insertion point, the launch of `g`'s kernel for the
/// configuration `c` (and before it, with split K, the kernel filling C),
/// its grid computed on the host from `dynamicSizes` where they are
/// dynamic.
static gpu::LaunchOp buildGemmLaunch(ImplicitLocOpBuilder &b,
                                     const GemmInfo &g, const TileConfig &c,
                                     std::array<Value, 3> dynamicSizes) {
  auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(b, v); };
  Value one = cst(1);
  auto [blocksX, blocksY] = launchGrid(g, c);
  // A batch: GEMM z of the batch on blocks z (with split K, GEMM z / S
  // on blocks z, below), or, with persistent blocks, the blocks along x
  // loop over the tiles of every GEMM of the batch.
  bool persistentBatch = g.batched && c.wgmma && c.persistentBlocks > 0;
  Value batchCount = g.batched ? buildBatchSize(b, b.getLoc(), g) : Value();
  auto blocksAlong = [&](int64_t count, GemmDim dim, int64_t tile,
                         int64_t cluster) -> Value {
    if (!ShapedType::isDynamic(count))
      return cst(count);
    // At least one block: an empty C then launches one block that stores
    // nothing (every store is guarded), where a grid of 0 would not launch;
    // with clusters, whole clusters.
    Value blocks = arith::CeilDivUIOp::create(
        b, dynamicSizes[static_cast<unsigned>(dim)], cst(tile));
    blocks = arith::MaxUIOp::create(b, blocks, cst(1));
    if (cluster == 1)
      return blocks;
    return arith::MulIOp::create(
        b, arith::CeilDivUIOp::create(b, blocks, cst(cluster)),
        cst(cluster));
  };
  Value gridX, gridY;
  if (c.persistentBlocks > 0 && ShapedType::isDynamic(blocksX)) {
    // Persistent blocks of a dynamic shape: max(1, min(P, tiles)) along x
    // (an empty C launches one block, which loops over no tile); with
    // clusters of CN x CM, max(1, min(P / (CM CN), cluster tiles))
    // clusters along x; a batch's tiles are those of all its GEMMs.
    auto tilesAlong = [&](GemmDim dim, int64_t tile,
                          int64_t cluster) -> Value {
      Value size = dynamicSizes[static_cast<unsigned>(dim)];
      if (!size)
        return cst(llvm::divideCeil(
            llvm::divideCeil(dim == GemmDim::M ? g.m : g.n, tile), cluster));
      Value tiles = arith::CeilDivUIOp::create(b, size, cst(tile));
      if (cluster == 1)
        return tiles;
      return arith::CeilDivUIOp::create(b, tiles, cst(cluster));
    };
    Value tilesM = tilesAlong(GemmDim::M, c.blockM, c.clusterM);
    Value tilesN = tilesAlong(GemmDim::N, c.blockN, c.clusterN);
    Value tiles = arith::MulIOp::create(b, tilesM, tilesN);
    if (persistentBatch)
      tiles = arith::MulIOp::create(b, tiles, batchCount);
    int64_t clusters =
        std::max<int64_t>(1, c.persistentBlocks / (c.clusterM * c.clusterN));
    gridX = arith::MaxUIOp::create(
        b, arith::MinUIOp::create(b, tiles, cst(clusters)), cst(1));
    if (c.clusterN > 1)
      gridX = arith::MulIOp::create(b, gridX, cst(c.clusterN));
    gridY = cst(blocksY);
  } else {
    gridX = blocksAlong(blocksX, GemmDim::N, c.blockN, c.clusterN);
    gridY = blocksAlong(blocksY, GemmDim::M, c.blockM, c.clusterM);
    // A dynamic M could need more tiles than the 65535 of grid y (8.4
    // million rows of 128): its tiles go along x (2^31 - 1 blocks), N's
    // along y. (A split of one linear grid would cost the kernel a
    // division and, on sm_120, a spill.) Clusters keep N's blocks along
    // x, as their shape (CN x CM) says.
    if (ShapedType::isDynamic(g.m) && c.clusterM * c.clusterN == 1)
      std::swap(gridX, gridY);
  }
  bool clustered = c.clusterM * c.clusterN > 1;
  Value blockX = cst(c.getBlockThreadsX());
  Value blockY = cst(c.getBlockThreadsY());
  Value clusterX, clusterY, clusterZ;
  if (clustered) {
    clusterX = cst(c.clusterN);
    clusterY = cst(c.clusterM);
    clusterZ = one;
  }
  // Split K: the blocks add partial sums into C, so C holds the fill value
  // first.
  if (c.splitK > 1 && g.fill)
    buildFillKernel(b, g, c, dynamicSizes);
  // (Split K: the K slices of GEMM z at z S .. z S + S - 1.)
  Value gridZ = cst(c.splitK);
  if (g.batched && !persistentBatch)
    gridZ = c.splitK > 1 ? arith::MulIOp::create(b, batchCount, gridZ)
                         : batchCount;
  auto launch = gpu::LaunchOp::create(
      b, gridX, gridY, gridZ, blockX, blockY, one,
      /*dynamicSharedMemorySize=*/Value(), /*asyncTokenType=*/Type(),
      /*asyncDependencies=*/ValueRange(), /*workgroupAttributions=*/{},
      /*privateAttributions=*/{}, clusterX, clusterY, clusterZ);
  // The builder makes the body's block and thread ids and sizes alone;
  // with clusters the cluster ids and sizes follow them (as the parser
  // makes them).
  if (clustered)
    for (int i = 0; i < 6; ++i)
      launch.getBody().front().addArgument(b.getIndexType(), b.getLoc());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&launch.getBody().front());
    // A block of a batch computes a tile of its GEMM's matrices: the
    // kernel of one GEMM on those views.
    // (Persistent blocks of a batch loop over its GEMMs' tiles: the kernel
    // takes the views of each tile's GEMM.)
    Value z = launch.getBlockIds().z;
    if (g.batched && c.splitK > 1)
      z = arith::DivUIOp::create(b, z, cst(c.splitK));
    GemmInfo matrices = g.batched && !persistentBatch
                            ? buildBatchGemm(b, b.getLoc(), g, z)
                            : g;
    if (c.tcgen05)
      buildTcgen05Kernel(b, b.getLoc(), launch, matrices, c, dynamicSizes);
    else if (c.wgmma)
      buildWgmmaKernel(b, b.getLoc(), launch, matrices, c, dynamicSizes,
                       persistentBatch ? batchCount : Value());
    else
      KernelBuilder(b, matrices, c, dynamicSizes).build(launch);
    gpu::TerminatorOp::create(b);
  }
  return launch;
}

void mlir::uop::tileGemm(RewriterBase &rewriter, const GemmInfo &g,
                         const TileConfig &c, const TileConfig *unaligned) {
  Operation *op = linalg::LinalgOp(g.op).getOperation();
  // The output of a fused consumer allocated after the GEMM is written by
  // the kernel: allocate it before.
  for (Operation *alloc : g.hoistedAllocs)
    rewriter.moveOpBefore(alloc, op);
  ImplicitLocOpBuilder b(op->getLoc(), rewriter);
  b.setInsertionPoint(op);
  // M, N and K where they are dynamic: read once on the host, captured by
  // the kernel(s).
  std::array<Value, 3> dynamicSizes;
  for (GemmDim dim : {GemmDim::M, GemmDim::N, GemmDim::K}) {
    int64_t size = dim == GemmDim::M ? g.m : dim == GemmDim::N ? g.n : g.k;
    if (ShapedType::isDynamic(size))
      dynamicSizes[static_cast<unsigned>(dim)] =
          buildGemmSize(b, b.getLoc(), g, dim);
  }
  // A batch known only at run time may be empty, where a grid of no
  // blocks along z would not launch: the host launches where it is not.
  if (g.batched && ShapedType::isDynamic(g.batch)) {
    Value batch = buildBatchSize(b, b.getLoc(), g);
    auto ifOp = scf::IfOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::ne, batch,
                                 arith::ConstantIndexOp::create(b, 0)),
        /*withElseRegion=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  if (!unaligned) {
    gpu::LaunchOp launch = buildGemmLaunch(b, g, c, dynamicSizes);
    if (!c.tcgen05 && !c.wgmma)
      versionOnRowAlignment(b, launch, g);
    eraseGemm(rewriter, g);
    return;
  }
  // A TMA kernel whose tensor maps need the rows that are known only at
  // run time to be whole 16-byte units (C's too, for a TMA store): the
  // host tests them once and launches it, or else the warp-level kernel,
  // which copies rows of any length (with its per-copy tests: the rows
  // are then known unaligned).
  SmallVector<int64_t> args;
  Value aligned = buildRowsAligned(
      b, getRowAlignmentOperands(g, /*withC=*/c.tmaStore), args);
  auto ifOp = scf::IfOp::create(b, aligned, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    gpu::LaunchOp launch = buildGemmLaunch(b, g, c, dynamicSizes);
    launch->setAttr(kAlignedRowsAttrName, b.getDenseI64ArrayAttr(args));
    b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    buildGemmLaunch(b, g, *unaligned, dynamicSizes);
  }
  eraseGemm(rewriter, g);
}

/// Whether a tensor map can describe `type`, a GEMM's operand (2-D, or 3-D
/// for a batch): contiguous rows, and the outer strides (a batch's matrix
/// stride too) and the start multiples of 16 bytes, those known only at
/// run time taken to be (`runTimeStrides`) or not.
static bool hasTmaRows(MemRefType type, bool runTimeStrides) {
  SmallVector<int64_t> strides;
  int64_t offset;
  int64_t bytes = getElementBytes(type.getElementType());
  auto misaligned = [&](int64_t v) {
    return ShapedType::isDynamic(v) ? !runTimeStrides : (v * bytes) % 16;
  };
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         (strides.size() == 2 || strides.size() == 3) &&
         strides.back() == 1 &&
         llvm::none_of(ArrayRef(strides).drop_back(), misaligned) &&
         !misaligned(offset);
}

/// Why the tiles of `g` cannot be loaded by TMA for the tcgen05 and wgmma
/// kernels, or empty: TMA copies boxes as they are stored (it cannot
/// transpose), so A must be stored M x K and B N x K (K-major), or, where
/// the kernel reads MN-major operands (`nMajorBlockN`, its BN, non-zero),
/// A K x M (BM is 64 or 128: whole boxes of 64 rows) and B K x N with BN a
/// multiple of 64 (whole 128-byte rows of 64 columns); rows (and the start)
/// contiguous and 16-byte aligned as a tensor map requires. With
/// `runTimeStrides`, a row stride or start known only at run time is taken
/// to be aligned: creating the tensor map checks it (cuTensorMapEncodeTiled
/// on the GPU, uop-sim's nvgpu.tma.create_descriptor).
static std::string whyNotTma(const GemmInfo &g, int64_t nMajorBlockN = 0,
                             bool runTimeStrides = false) {
  // A tensor map's dimensions are at least 1 (and a static 0 leaves the
  // operand no strides to speak of): a GEMM of K = 0 (M or N = 0 computes
  // nothing and is removed before) reads nothing to load.
  if (g.k == 0)
    return "A and B with elements (a tensor map's dimensions are at least "
           "1), got K = 0";
  if (g.transposeA && nMajorBlockN == 0)
    return "A stored M x K (K-major), got K x M";
  if (!g.transposeB && nMajorBlockN == 0)
    return "B stored N x K (K-major), got K x N";
  if (!g.transposeB && nMajorBlockN % 64 != 0)
    return llvm::formatv("BN a multiple of 64 for B stored K x N (its "
                         "boxes are 64 columns wide), got BN = {0}",
                         nMajorBlockN)
        .str();
  for (Value operand : {g.a, g.b}) {
    auto type = cast<MemRefType>(operand.getType());
    int64_t bytes = getElementBytes(type.getElementType());
    if (!hasTmaRows(type, runTimeStrides))
      return llvm::formatv("rows of A and B that are 16-byte aligned and "
                           "contiguous ({0} a multiple of {1}), got {2}",
                           operand == g.a ? (g.transposeA ? "M" : "K")
                                          : (g.transposeB ? "K" : "N"),
                           16 / bytes, type)
          .str();
  }
  return {};
}

/// The BN whyNotTma takes for the block-level configuration `c`: its BN,
/// for the MN-major operands its MMA can read, or 0 where it reads K-major
/// operands alone (tf32: wgmma of tf32 has no transpose).
static int64_t mnMajorBlockN(const TileConfig &c) {
  return c.tf32 ? 0 : c.blockN;
}

namespace {
/// The wgmma kernels' tile order where `group-m` is 0: groups of 8 tile
/// rows. On an H200, 8192^3 f16 with the default 128 x 128 tiles ran at
/// 681 TFLOP/s grouped against 529 row-major (docs/PERFORMANCE.md): the
/// ~130 blocks in flight then read 8 bands of A and ~16 of B, which stay
/// in L2, rather than 1 of A and all of B.
constexpr int64_t kWgmmaGroupM = 8;

/// The `mma` and `precision` options of uop-tile, and the configurations
/// of the kinds of multiply they may choose, each validated when first
/// needed (at once for an explicit `mma`, per GEMM for `mma=auto`).
struct KindChooser {
  enum class Mode { Simt, MmaSync, Wmma, Tcgen05, Wgmma, Auto } mode =
      Mode::Simt;
  bool tf32 = false;
  int64_t ladderStep = 0;
  int64_t stages = 0;
  bool warpSpecialize = true;
  int64_t persistentBlocks = 0;
  bool pingpong = false;
  /// tma-store=true (`tmaStore`), or auto (`tmaStoreAuto`: the wgmma
  /// kernel of a GEMM of static M, N and K stores a 16-bit C by TMA where
  /// the epilogue fits).
  bool tmaStore = false;
  bool tmaStoreAuto = false;
  int64_t groupM = 0;
  int64_t clusterM = 1;
  int64_t clusterN = 1;
  int64_t splitK = 1;
  TargetAttr target;
  ArrayRef<int64_t> tile, threadTile, warps;
  std::optional<FailureOr<TileConfig>> simt, mma, mmaTf32, tcgen05, wgmma,
      wgmmaTf32;
  std::string simtWhy, mmaWhy, mmaTf32Why, tcgen05Why, wgmmaWhy,
      wgmmaTf32Why;

  /// What an explicit mma=tcgen05 or mma=wgmma (`name`) asks of the
  /// target (`available`, described as `needs`) and of the options those
  /// block-level kernels do not take (`warpsWhy`, `tf32Why` say why; an
  /// empty `tf32Why`: the kernel takes precision=tf32).
  LogicalResult checkBlockKernel(StringRef name, bool available,
                                 StringRef needs, StringRef warpsWhy,
                                 StringRef tf32Why, StringRef precision,
                                 std::string &whyNot) {
    if (!available) {
      whyNot = llvm::formatv(
          "expected a target with {0} for mma={1}, got {2} (tensor_core = "
          "{3})",
          needs, name, target.getChip(),
          stringifyTensorCoreKind(target.getTensorCore()));
      return failure();
    }
    if (!warps.empty() || !threadTile.empty()) {
      whyNot = llvm::formatv("expected no 'warps' or 'thread-tile' with "
                             "mma={0} ({1})",
                             name, warpsWhy);
      return failure();
    }
    if (precision == "tf32" && !tf32Why.empty()) {
      whyNot = llvm::formatv("expected precision=exact with mma={0} ({1}), "
                             "got tf32",
                             name, tf32Why);
      return failure();
    }
    return success();
  }

  /// Parses the options; on failure `whyNot` names the option.
  LogicalResult parse(StringRef mmaOption, StringRef precision,
                      StringRef tmaStoreOption, std::string &whyNot) {
    // (`tma-store` with no value: true.)
    if (tmaStoreOption.empty() || tmaStoreOption == "true" ||
        tmaStoreOption == "false" || tmaStoreOption == "auto") {
      tmaStore = tmaStoreOption.empty() || tmaStoreOption == "true";
      tmaStoreAuto = tmaStoreOption == "auto";
    } else {
      whyNot = llvm::formatv("expected 'tma-store' auto, true or false, got "
                             "'{0}'",
                             tmaStoreOption);
      return failure();
    }
    if (mmaOption == "simt")
      mode = Mode::Simt;
    else if (mmaOption == "mma_sync")
      mode = Mode::MmaSync;
    else if (mmaOption == "wmma")
      mode = Mode::Wmma;
    else if (mmaOption == "tcgen05")
      mode = Mode::Tcgen05;
    else if (mmaOption == "wgmma")
      mode = Mode::Wgmma;
    else if (mmaOption == "auto")
      mode = Mode::Auto;
    else {
      whyNot = llvm::formatv("expected 'mma' to be auto, simt, mma_sync, "
                             "wmma, wgmma or tcgen05, got '{0}'",
                             mmaOption);
      return failure();
    }
    if (persistentBlocks < 0 ||
        persistentBlocks > target.getMaxGrid().asArrayRef()[0]) {
      whyNot = llvm::formatv("expected 'persistent-blocks' 0 (a block per "
                             "tile) or a block count up to {0}'s max_grid x "
                             "({1}), got {2}",
                             target.getChip(),
                             target.getMaxGrid().asArrayRef()[0],
                             persistentBlocks);
      return failure();
    }
    // The group holds at most as many tile rows as a grid has blocks.
    int64_t maxGroup = target.getMaxGrid().asArrayRef()[1];
    if (groupM < 0 || groupM > maxGroup) {
      whyNot = llvm::formatv("expected 'group-m' 0 (the kernel's default "
                             "order), 1 (row-major tiles) or a group of up "
                             "to {0} tile rows, got {1}",
                             maxGroup, groupM);
      return failure();
    }
    int64_t maxCluster = target.getMaxCluster();
    for (auto [name, count, dim] :
         {std::tuple<StringRef, int64_t, StringRef>{"cluster-m", clusterM,
                                                    "M"},
          {"cluster-n", clusterN, "N"}}) {
      if (count >= 1 && count <= maxCluster && llvm::isPowerOf2_64(count))
        continue;
      whyNot = maxCluster > 1
                   ? llvm::formatv("expected '{0}' 1 (no clusters) or a "
                                   "power of two up to {1}'s max_cluster "
                                   "({2}) blocks along {3}, got {4}",
                                   name, target.getChip(), maxCluster, dim,
                                   count)
                         .str()
                   : llvm::formatv("expected '{0}' 1: {1} has no "
                                   "thread-block clusters (sm_90 or newer), "
                                   "got {2}",
                                   name, target.getChip(), count)
                         .str();
      return failure();
    }
    int64_t maxSlices = target.getMaxGrid().asArrayRef()[2];
    if (splitK < 1 || splitK > maxSlices) {
      whyNot = llvm::formatv("expected 'split-k' 1 (no split) or a count of "
                             "K slices up to {0}'s max_grid z ({1}), got {2}",
                             target.getChip(), maxSlices, splitK);
      return failure();
    }
    if (clusterM * clusterN > maxCluster) {
      whyNot = llvm::formatv("expected a cluster of at most {0}'s "
                             "max_cluster ({1}) blocks, got cluster-m={2} x "
                             "cluster-n={3} = {4}",
                             target.getChip(), maxCluster, clusterM, clusterN,
                             clusterM * clusterN);
      return failure();
    }
    if (mode == Mode::Wgmma &&
        failed(checkBlockKernel(
            "wgmma", target.hasWgmma(), "wgmma (sm_90a)",
            "BM / 64 warpgroups per block, each 64 rows of the tile",
            /*tf32Why=*/"", precision, whyNot)))
      return failure();
    if (mode != Mode::Tcgen05 && mode != Mode::Auto && ladderStep != 0) {
      whyNot = llvm::formatv("'ladder-step' selects a rung of the Blackwell "
                             "ladder (mma=tcgen05), got ladder-step={0} with "
                             "mma={1}",
                             ladderStep, mmaOption);
      return failure();
    }
    if (mode == Mode::Tcgen05 &&
        failed(checkBlockKernel(
            "tcgen05", target.hasTensorCore(TensorCoreKind::tcgen05),
            "tcgen05 (sm_100a)",
            "one warpgroup per block, the accumulator in tensor memory",
            "kind::f16 takes f16 and bf16", precision, whyNot)))
      return failure();
    if (precision != "exact" && precision != "tf32") {
      whyNot = llvm::formatv("expected 'precision' to be exact or tf32, got "
                             "'{0}'",
                             precision);
      return failure();
    }
    tf32 = precision == "tf32";
    if (mode == Mode::Simt && !warps.empty()) {
      whyNot = llvm::formatv("expected no 'warps' with mma=simt (warps tile "
                             "the tensor-core form), got {0} sizes",
                             warps.size());
      return failure();
    }
    if ((mode == Mode::MmaSync || mode == Mode::Wmma) &&
        !threadTile.empty()) {
      whyNot = llvm::formatv("expected no 'thread-tile' with mma={0} (each "
                             "thread holds its share of a warp tile; give "
                             "'warps'), got {1} sizes",
                             mmaOption, threadTile.size());
      return failure();
    }
    if (mode == Mode::Wmma && tf32) {
      whyNot = "expected precision=exact with mma=wmma (WMMA takes f16; "
               "tf32 runs on mma=mma_sync), got tf32";
      return failure();
    }
    if (mode == Mode::Simt && tf32) {
      whyNot = "expected precision=exact with mma=simt (CUDA cores compute "
               "f32 exactly; tf32 is a tensor-core format), got tf32";
      return failure();
    }
    if (mode == Mode::MmaSync &&
        !target.hasTensorCore(TensorCoreKind::mma_sync)) {
      whyNot = llvm::formatv("expected a target with mma.sync for "
                             "mma=mma_sync, got {0} (tensor_core = {1})",
                             target.getChip(),
                             stringifyTensorCoreKind(target.getTensorCore()));
      return failure();
    }
    if (mode == Mode::Wmma && !target.hasTensorCore(TensorCoreKind::wmma)) {
      whyNot = llvm::formatv("expected a target with WMMA for mma=wmma, got "
                             "{0} (tensor_core = {1})",
                             target.getChip(),
                             stringifyTensorCoreKind(target.getTensorCore()));
      return failure();
    }
    return success();
  }

  /// Without a `tile`, the tile of a block-level tensor-core kernel fitted
  /// to a small GEMM: BM = 64 for at most 64 rows, BN the smallest the MMA
  /// takes (`nStep` for BM = 128, 8 for BM = 64, at least `minStep`) that
  /// covers fewer than 128 columns; `make` reads a tile into a
  /// configuration. Failure where the default 128 x 128 tile stays.
  FailureOr<TileConfig> smallTile(
      const GemmInfo &g, int64_t nStep,
      llvm::function_ref<FailureOr<TileConfig>(ArrayRef<int64_t>)> make,
      int64_t minStep = 8, int64_t blockK = 64) {
    if (!tile.empty() || (g.m > 64 && g.n >= 128))
      return failure();
    int64_t bm = g.m > 64 ? 128 : 64;
    int64_t step = std::max(bm == 128 ? nStep : 8, minStep);
    int64_t bn =
        g.n >= 128 ? 128 : std::max<int64_t>(step, llvm::alignTo(g.n, step));
    return make({bm, bn, blockK});
  }

  /// The least BN of a small tile: whole boxes of 64 columns where TMA
  /// would load B as it is stored (K x N), else 8.
  static int64_t nMajorStep(const GemmInfo &g) {
    return !g.transposeB && whyNotTma(g, 64).empty() ? 64 : 8;
  }

  /// The tcgen05 configuration, validated once.
  FailureOr<TileConfig> tcgen05Config(std::string &whyNot) {
    if (!tcgen05)
      tcgen05 = getTcgen05TileConfig(tile, ladderStep, stages, tcgen05Why,
                                     target);
    whyNot = tcgen05Why;
    return *tcgen05;
  }

  /// Whether `g` multiplies f32 operands read as tf32 (precision=tf32).
  bool tf32Operands(const GemmInfo &g) const {
    return tf32 && g.inputType.isF32();
  }

  /// The wgmma configuration (of f32 operands read as tf32 with
  /// `tf32Inputs`, whose k-tile is 32 deep), validated once.
  FailureOr<TileConfig> wgmmaConfig(std::string &whyNot,
                                    bool tf32Inputs = false) {
    std::optional<FailureOr<TileConfig>> &cached =
        tf32Inputs ? wgmmaTf32 : wgmma;
    std::string &why = tf32Inputs ? wgmmaTf32Why : wgmmaWhy;
    if (!cached)
      cached = getWgmmaTileConfig(tile, stages, why, target, tf32Inputs);
    whyNot = why;
    return *cached;
  }

  /// The configuration of `kind` (for f32 operands rounded to TF32 with
  /// `tf32`, whose defaults differ: getMmaTileConfig).
  FailureOr<TileConfig> config(MatmulKind kind, std::string &whyNot,
                               bool tf32 = false) {
    if (kind == MatmulKind::simt) {
      if (!simt)
        simt = getTileConfig(tile, threadTile, simtWhy, target);
      whyNot = simtWhy;
      return *simt;
    }
    if (tf32) {
      if (!mmaTf32)
        mmaTf32 =
            getMmaTileConfig(kind, tile, warps, mmaTf32Why, target, true);
      whyNot = mmaTf32Why;
      return *mmaTf32;
    }
    if (!mma)
      mma = getMmaTileConfig(kind, tile, warps, mmaWhy, target);
    whyNot = mmaWhy;
    return *mma;
  }

  /// Validates, before any GEMM, the configuration an explicit `mma`
  /// selects.
  LogicalResult validateExplicit(std::string &whyNot) {
    if (mode == Mode::Simt)
      return config(MatmulKind::simt, whyNot);
    if (mode == Mode::MmaSync)
      return config(MatmulKind::mma_sync, whyNot);
    if (mode == Mode::Wmma)
      return config(MatmulKind::wmma, whyNot);
    if (mode == Mode::Tcgen05)
      return tcgen05Config(whyNot);
    if (mode == Mode::Wgmma) {
      // precision=tf32 compiles the f32 GEMMs with a 32-deep k-tile: a
      // `tile` may be meant for either kind of GEMM (each GEMM checks its
      // own when compiled).
      if (succeeded(wgmmaConfig(whyNot)))
        return success();
      std::string tf32Why;
      if (tf32 && succeeded(wgmmaConfig(tf32Why, /*tf32Inputs=*/true))) {
        whyNot.clear();
        return success();
      }
      // Neither fits: the reason of the kind whose k-tile the tile has,
      // or, with neither's, both k-tiles.
      if (tf32 && tile.size() == 3 && tile[2] == 32)
        whyNot = tf32Why;
      else if (tf32 && tile.size() == 3 && tile[2] != 64)
        whyNot = llvm::formatv("expected BK = 64 (f16 / bf16) or 32 (f32 "
                               "with precision=tf32) with mma=wgmma (a "
                               "shared row is one 128-byte swizzle atom), "
                               "got {0}",
                               tile[2]);
      return failure();
    }
    // mma=auto: which checks apply depends on each GEMM's types, but a
    // malformed size list is wrong for every kind, so it is refused before
    // any GEMM (and in a module that has none).
    struct List {
      StringRef name, sizes;
      ArrayRef<int64_t> values;
      size_t expected;
    };
    for (const List &l : {List{"tile", "three sizes BM,BN,BK", tile, 3},
                          List{"thread-tile", "two sizes TM,TN", threadTile, 2},
                          List{"warps", "two sizes WM,WN", warps, 2}}) {
      if (failed(checkCount(l.name, l.sizes, l.values, l.expected, whyNot)))
        return failure();
      for (int64_t v : l.values)
        if (v <= 0) {
          whyNot = llvm::formatv("expected positive {0} sizes, got {1}",
                                 l.name, v);
          return failure();
        }
    }
    // A thread tile is used by the CUDA-core form alone, warps by the
    // tensor-core form alone: given, each is checked with the tile now.
    if (!threadTile.empty() && failed(config(MatmulKind::simt, whyNot)))
      return failure();
    if (!warps.empty() && failed(config(MatmulKind::mma_sync, whyNot)))
      return failure();
    return success();
  }

  /// The configuration for the GEMM `g`: its kind by `mma` and its input
  /// type, or failure with the reason in `whyNot`.
  /// Why mma=auto compiled `g`, a GEMM of dynamic shape that TMA could
  /// load were its rows aligned, with a warp-level kernel (`c`) rather than
  /// versioning a TMA kernel (versionsTma), or empty: said after a
  /// block-level kernel's option that the warp-level one refuses.
  std::string whyAutoTookWarpLevel(const GemmInfo &g, const TileConfig &c) {
    bool tf32Inputs = tf32Operands(g);
    // A tf32 GEMM whose operands TMA cannot load K-major, static or not.
    if (mode == Mode::Auto && tf32Inputs && !c.wgmma &&
        target.hasWgmma() && warps.empty()) {
      std::string why;
      std::string noTma = whyNotTma(g, 0, /*runTimeStrides=*/true);
      if (succeeded(wgmmaConfig(why, /*tf32Inputs=*/true)) && !noTma.empty())
        return " (mma=auto takes mma.sync for this tf32 GEMM: the wgmma "
               "kernel of tf32 reads A and B K-major, loaded by TMA, which "
               "needs " +
               noTma + ")";
    }
    if (mode != Mode::Auto || !g.isDynamic() || c.wgmma || c.tcgen05 ||
        (!g.inputType.isF16() && !g.inputType.isBF16() && !tf32Inputs))
      return {};
    std::string why;
    FailureOr<TileConfig> tma = failure();
    if (target.hasTensorCore(TensorCoreKind::tcgen05))
      tma = tf32Inputs ? FailureOr<TileConfig>(failure())
                       : tcgen05Config(why);
    else if (target.hasWgmma())
      tma = wgmmaConfig(why, tf32Inputs);
    if (failed(tma) || !whyNotTma(g, mnMajorBlockN(*tma),
                                  /*runTimeStrides=*/true)
                            .empty())
      return {};
    return " (mma=auto takes mma.sync for this GEMM of dynamic shape: a "
           "row length known only at run time, of A, B or the buffer a TMA "
           "store would write, is not a host argument's of the identity "
           "layout, which the host could test to launch the TMA kernel "
           "where the rows are aligned)";
  }

  FailureOr<TileConfig> choose(const GemmInfo &g, std::string &whyNot) {
    FailureOr<TileConfig> c = chooseKind(g, whyNot);
    // An option of the block-level kernels refused below says why mma=auto
    // did not take one.
    std::string autoWhy =
        succeeded(c) ? whyAutoTookWarpLevel(g, *c) : std::string();
    if (succeeded(c) && persistentBlocks != 0 && !c->wgmma) {
      whyNot = llvm::formatv(
          "persistent-blocks={0} applies to the warp-specialized wgmma "
          "kernel (sm_90a; f16, bf16 or tf32 inputs), got a GEMM compiled with "
          "mma={1}",
          persistentBlocks,
          c->tcgen05 ? "tcgen05" : stringifyMatmulKind(c->kind));
      whyNot += autoWhy;
      return failure();
    }
    if (succeeded(c) && groupM > 1 && !c->wgmma && !c->tcgen05) {
      whyNot = llvm::formatv(
          "group-m={0} orders the tiles of the wgmma and tcgen05 kernels "
          "(sm_90a, sm_100a), got a GEMM compiled with mma={1}",
          groupM, stringifyMatmulKind(c->kind));
      whyNot += autoWhy;
      return failure();
    }
    // group-m=0: the wgmma kernels take groups of kWgmmaGroupM tile rows,
    // the others row-major tiles.
    if (succeeded(c))
      c->groupM = groupM == 0 && c->wgmma ? kWgmmaGroupM : groupM;
    if (succeeded(c) && pingpong && !c->wgmma) {
      whyNot = llvm::formatv(
          "pingpong schedules the persistent wgmma kernel (sm_90a; f16, "
          "bf16 or tf32 inputs), got a GEMM compiled with mma={0}",
          c->tcgen05 ? "tcgen05" : stringifyMatmulKind(c->kind));
      whyNot += autoWhy;
      return failure();
    }
    if (succeeded(c) && clusterM * clusterN > 1 && !c->wgmma) {
      whyNot = llvm::formatv(
          "{0} clusters the warp-specialized wgmma kernel (sm_90a; f16, "
          "bf16 or tf32 inputs), got a GEMM compiled with mma={1}",
          clusterOptions(),
          c->tcgen05 ? "tcgen05" : stringifyMatmulKind(c->kind));
      whyNot += autoWhy;
      return failure();
    }
    if (succeeded(c) && tmaStore && !c->wgmma && !c->tcgen05) {
      whyNot = llvm::formatv(
          "tma-store applies to the block-level kernels' TMA loads (wgmma "
          "on sm_90a: f16, bf16 or tf32 inputs; tcgen05 on sm_100a: f16 or "
          "bf16), got a GEMM "
          "compiled with mma={0}",
          stringifyMatmulKind(c->kind));
      whyNot += autoWhy;
      return failure();
    }
    return c;
  }

  /// Makes `config` split K over `splitK` blocks along z (see
  /// WgmmaGemm.cpp): the warp-specialized wgmma kernel with one tile a
  /// block, each slice at least one k-tile (a K known only at run time may
  /// leave some empty: their blocks add zeros), and partial sums that atomic
  /// f32 adds can combine in C (an f32 C, nothing fused after the GEMM,
  /// no TMA store asked for). Fitted once the epilogue is known, before
  /// the TMA store.
  LogicalResult fitSplitK(const GemmInfo &g, TileConfig &config,
                          std::string &whyNot) {
    std::string option = llvm::formatv("split-k={0}", splitK).str();
    if (!config.wgmma) {
      whyNot = option + " splits the K loop of the warp-specialized wgmma "
                        "kernel (sm_90a; f16, bf16 or tf32 inputs), got a GEMM "
                        "compiled with mma=" +
               (config.tcgen05 ? std::string("tcgen05")
                               : stringifyMatmulKind(config.kind).str());
      return failure();
    }
    std::string prefix = "for mma=wgmma: " + option + " ";
    if (!config.warpSpecialize) {
      whyNot = prefix + "splits the K loop of the warp-specialized TMA "
                        "ring, which this GEMM does not use (" +
               whyNoSpecializedRing() + ")";
      return failure();
    }
    if (config.persistentBlocks > 0) {
      whyNot = prefix + "gives each block one tile and a slice of K, where "
                        "persistent-blocks loops over whole tiles; use one "
                        "or the other";
      return failure();
    }
    // A batch's K slices go along grid z after its GEMMs': S blocks a GEMM.
    if (g.batched && !ShapedType::isDynamic(g.batch)) {
      int64_t maxZ = target.getMaxGrid().asArrayRef()[2];
      std::optional<int64_t> blocks = llvm::checkedMul(g.batch, splitK);
      if (!blocks || *blocks > maxZ) {
        whyNot = prefix + llvm::formatv("puts the K slices of each GEMM of "
                                        "the batch along grid z: {0} x {1} "
                                        "blocks, above the grid's limit of "
                                        "{2}; use fewer slices or split "
                                        "the batch",
                                        g.batch, splitK, maxZ)
                              .str();
        return failure();
      }
    }
    if (tmaStore) {
      whyNot = prefix + "adds each block's partial sums into C with atomic "
                        "adds, which a TMA store cannot; use tma-store=false";
      return failure();
    }
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    if (!outElem.isF32() || !g.epilogue.empty()) {
      whyNot = prefix +
               llvm::formatv("adds each block's partial sums into C with f32 "
                             "atomic adds: expected an f32 C with nothing "
                             "fused after the GEMM, got {0}",
                             !g.epilogue.empty()
                                 ? std::string("a fused epilogue")
                                 : llvm::formatv("a C of {0}", outElem).str())
                   .str();
      return failure();
    }
    // A K known only at run time may leave slices without a k-tile: their
    // blocks add zeros.
    int64_t kTiles = ShapedType::isDynamic(g.k)
                         ? std::numeric_limits<int64_t>::max() / splitK
                         : llvm::divideCeil(g.k, config.blockK);
    if (splitK > kTiles) {
      whyNot = prefix + llvm::formatv("gives each block at least one "
                                      "{0}-deep k-tile: expected at most {1} "
                                      "slices of K = {2}",
                                      config.blockK, kTiles, g.k)
                            .str();
      return failure();
    }
    // Block z's first k-tile is z T / S: z T must fit the index type.
    if (!llvm::checkedMul(splitK, kTiles)) {
      whyNot = prefix + llvm::formatv("cannot slice the {0} k-tiles of K "
                                      "= {1}: block z's first, z x {0} / "
                                      "{2}, overflows 64 bits",
                                      kTiles, g.k, splitK)
                            .str();
      return failure();
    }
    config.splitK = splitK;
    return success();
  }

  /// Makes the persistent wgmma configuration `config` ping-pong: two
  /// consumer warpgroups, each with whole tiles of its own (the default
  /// tile becomes 64 x BN, its ring as deep as then fits; `tile` may ask
  /// for 128 rows).
  LogicalResult fitPingpong(TileConfig &config, std::string &whyNot) {
    auto prefix = [] { return std::string("for mma=wgmma: pingpong "); };
    if (config.persistentBlocks == 0) {
      whyNot = prefix() + "gives the two consumer warpgroups of a "
                          "persistent block its tiles in turn: it needs "
                          "persistent-blocks > 0";
      return failure();
    }
    // (uop::wgmma: this struct has a member named wgmma.)
    constexpr int64_t rows = uop::wgmma::kMmaM;
    if (config.blockM != rows && tile.empty()) {
      std::string why;
      int64_t narrowTile[] = {rows, config.blockN, config.blockK};
      FailureOr<TileConfig> narrow =
          getWgmmaTileConfig(narrowTile, stages, why, target, config.tf32);
      if (failed(narrow)) {
        whyNot = prefix() + why;
        return failure();
      }
      config.blockM = narrow->blockM;
      config.stages = narrow->stages;
    }
    // A warpgroup's f32 accumulator of the whole tile takes BM x BN / 128
    // registers a thread; past 128 the consumers' budget (232) spills.
    int64_t accRegs = config.blockM * config.blockN / 128;
    if (accRegs > 128) {
      whyNot = prefix() + llvm::formatv("gives each consumer warpgroup a "
                                        "whole tile, whose accumulator "
                                        "takes BM x BN / 128 registers a "
                                        "thread: expected at most 128, got "
                                        "{0} for tile={1},{2},{3}",
                                        accRegs, config.blockM,
                                        config.blockN, config.blockK)
                              .str();
      return failure();
    }
    config.pingpong = true;
    return success();
  }

  /// Why a wgmma configuration has no warp-specialized TMA ring, for
  /// diagnostics: the option turned it off, or the GEMM has none.
  std::string whyNoSpecializedRing() const {
    return !warpSpecialize ? "warp-specialize=false"
                           : "no TMA ring: stages=1, K = 0 or operands TMA "
                             "cannot load";
  }

  /// The cluster options as given, for diagnostics: "cluster-m=2",
  /// "cluster-n=2" or "cluster-m=2 cluster-n=2" (the ones above 1).
  std::string clusterOptions() const {
    std::string options;
    if (clusterM > 1)
      options = llvm::formatv("cluster-m={0}", clusterM).str();
    if (clusterN > 1)
      options += llvm::formatv("{0}cluster-n={1}", options.empty() ? "" : " ",
                               clusterN)
                     .str();
    return options;
  }

  /// Makes the wgmma configuration `config` a kernel of clusters of
  /// `clusterN` x `clusterM` blocks (along N and M; see WgmmaGemm.cpp),
  /// the blocks of a cluster column sharing their tile of B, those of a
  /// cluster row their tile of A: the warp-specialized TMA ring (either
  /// consumer schedule), and shared tiles that split into equal parts
  /// among their sharers, of whole rows of 8 (a K-major operand: whole
  /// 1024-byte swizzle periods) or of whole 64-column boxes (an operand
  /// stored K x N or K x M).
  LogicalResult fitCluster(TileConfig &config, std::string &whyNot) {
    auto prefix = [&] {
      return "for mma=wgmma: " + clusterOptions() + " ";
    };
    if (!config.warpSpecialize) {
      whyNot = prefix() + "multicasts the loads of the warp-specialized TMA "
                          "ring, which this GEMM does not use (" +
               whyNoSpecializedRing() + ")";
      return failure();
    }
    // Each shared operand: its tile's rows (BN of B, BM of A), whether it is
    // stored K x rows (boxes of 64 columns), its sharers.
    for (auto [operand, option, rows, mnMajor, parts, layout, tileDim] :
         {std::tuple<StringRef, StringRef, int64_t, bool, int64_t, StringRef,
                     StringRef>{"B", "cluster-m", config.blockN,
                                config.nMajorB, clusterM, "K x N", "BN"},
          {"A", "cluster-n", config.blockM, config.mMajorA, clusterN,
           "K x M", "BM"}}) {
      if (parts == 1)
        continue;
      if (mnMajor ? (rows / 64) % parts == 0 : rows % (8 * parts) == 0)
        continue;
      whyNot =
          prefix() +
          (mnMajor
               ? llvm::formatv("splits the {0} / 64 = {1} boxes of {2} (stored "
                               "{3}) among the blocks sharing it: expected "
                               "{4} to divide {1} (whole boxes a block), got "
                               "{5}",
                               tileDim, rows / 64, operand, layout, option,
                               parts)
                     .str()
               : llvm::formatv("splits {0}'s tile among the {1} blocks "
                               "sharing it ({2}) into parts of whole 8-row "
                               "swizzle periods: expected {3} a multiple of "
                               "{4}, got {3} = {5} ({6} rows a block)",
                               operand, parts, option, tileDim, 8 * parts,
                               rows, rows / parts)
                     .str());
      return failure();
    }
    config.clusterM = clusterM;
    config.clusterN = clusterN;
    return success();
  }

  /// Fits the TMA-store epilogue into the wgmma or tcgen05 configuration
  /// `config` of `g` (tma-store; `g` with its fused epilogue, whose output
  /// is C): its TMA loads (wgmma: the ring; tcgen05: rungs 4 to 7), C's
  /// layout as the tensor map needs it, BN whole boxes, and the boxes
  /// beside the tiles in shared memory (fewer stages when `stages` left the
  /// depth open).
  LogicalResult fitTmaStore(const GemmInfo &g, TileConfig &config,
                            std::string &whyNot) {
    std::string kind = config.tcgen05 ? "tcgen05" : "wgmma";
    auto prefix = [&] { return "for mma=" + kind + ": tma-store "; };
    if (config.tcgen05 && config.ladderStep < 4) {
      whyNot = prefix() + "stores the tile of C behind the TMA loads of "
                          "ladder-steps 4 to 7, which need " +
               (ladderStep != 0
                    ? llvm::formatv("ladder-step >= 4, got ladder-step={0}",
                                    ladderStep)
                          .str()
                    : whyNotTma(g, mnMajorBlockN(config)));
      return failure();
    }
    if (!config.tcgen05 && config.stages < 2) {
      whyNot = prefix() + "stores the tile of C behind the TMA ring, which "
                          "needs " +
               (stages == 1
                    ? std::string("stages > 1")
                    : "TMA loads (" + whyNotTma(g, mnMajorBlockN(config)) +
                          ")");
      return failure();
    }
    auto out = cast<MemRefType>(g.out.getType());
    Type elem = out.getElementType();
    int64_t bytes = getElementBytes(elem);
    if (!elem.isF16() && !elem.isBF16() && !elem.isF32()) {
      whyNot = prefix() + llvm::formatv("expected an f16, bf16 or f32 C, "
                                        "got {0}",
                                        elem)
                              .str();
      return failure();
    }
    // As for A and B (whyNotTma): a GEMM of dynamic shape compiled with
    // mma=wgmma or mma=tcgen05 takes a row stride or start known only at
    // run time to be aligned, which creating C's tensor map checks.
    bool runTimeStrides =
        g.isDynamic() && (mode == Mode::Wgmma || mode == Mode::Tcgen05 ||
                          config.versionedTma);
    if (!hasTmaRows(out, runTimeStrides)) {
      whyNot = prefix() + llvm::formatv("expected rows of C that are "
                                        "16-byte aligned and contiguous (N a "
                                        "multiple of {0}), got {1}",
                                        16 / bytes, out)
                              .str();
      return failure();
    }
    // A batch's boxes go through the rank-3 tensor map of its whole output,
    // whose matrices lie one after another (getTmaTensor).
    if (g.batched && !out.getLayout().isIdentity()) {
      whyNot = prefix() + llvm::formatv("stores a batch's matrices through "
                                        "the tensor map of its whole 3-D "
                                        "output, which must be row-major "
                                        "(the identity layout), got {0}",
                                        out)
                              .str();
      return failure();
    }
    int64_t boxCols = 128 / bytes;
    // A default tile narrowed to fewer columns is widened to whole boxes.
    if (tile.empty())
      config.blockN = llvm::alignTo(config.blockN, boxCols);
    if (config.blockN % boxCols != 0) {
      whyNot = prefix() + llvm::formatv("expected BN a multiple of {0} (the "
                                        "128-byte boxes of a {1} C), got "
                                        "BN = {2}",
                                        boxCols, elem, config.blockN)
                              .str();
      return failure();
    }
    // The boxes take 1024-byte aligned bytes beside the ring (a set per
    // ping-pong warpgroup).
    int64_t boxBytes =
        config.blockM * config.blockN * bytes * (config.pingpong ? 2 : 1);
    int64_t stageBytes = swizzledStageBytes(config);
    int64_t fits = swizzledStagesThatFit(config, target, boxBytes);
    // tcgen05's rung 4 has one pair of tiles, rung 5 a ring of two; the
    // others' depth is open where `stages` is 0.
    bool fixedDepth = config.tcgen05 && (config.ladderStep == 4 ||
                                         config.ladderStep == 5);
    int64_t minStages = config.tcgen05 && config.ladderStep == 4 ? 1 : 2;
    if (stages == 0 && !fixedDepth)
      config.stages = std::min(config.stages, fits);
    if (config.stages > fits || config.stages < minStages) {
      whyNot = prefix() + llvm::formatv(
                              "needs {0} bytes of shared memory for the "
                              "tile of C beside {1} stages of {2} bytes, "
                              "more than {3}'s {4} per block; use {5}",
                              boxBytes,
                              std::max<int64_t>(config.stages, minStages),
                              stageBytes, target.getChip(),
                              target.getMaxShared(),
                              fixedDepth ? "a smaller tile (ladder-step "
                                           "4 and 5 fix the depth)"
                                         : "fewer stages or a smaller tile")
                              .str();
      return failure();
    }
    config.tmaStore = true;
    return success();
  }

  /// Whether mma=auto compiles `g`, a GEMM of dynamic shape, with a TMA
  /// kernel of tiles `blockN` wide (a wgmma or tcgen05 TMA ring) versioned
  /// on the host (TileConfig::versionedTma): TMA could load its tiles were
  /// the row strides known only at run time aligned, the host can test
  /// those strides (host arguments of the identity layout; C's too, for a
  /// TMA store), and the warp-level kernel it launches where they are not
  /// takes the options (unalignedConfig).
  bool versionsTma(const GemmInfo &g, int64_t blockN) {
    if (mode != Mode::Auto || !g.isDynamic() ||
        whyNotTma(g, blockN).empty() ||
        !whyNotTma(g, blockN, /*runTimeStrides=*/true).empty())
      return false;
    // The TMA store writes the buffer the fused epilogue leaves (not yet
    // matched: the GEMM's C may be a temporary it replaces).
    GemmInfo stored = g;
    if (tmaStore) {
      Operation *stoppedAt;
      std::string whyNotFused;
      matchEpilogue(stored, stoppedAt, whyNotFused);
    }
    if (!hostTestsRowAlignment(stored, /*withC=*/tmaStore))
      return false;
    std::string why;
    return succeeded(unalignedConfig(g, why));
  }

  /// The warp-level kernel of a versioned TMA GEMM (versionsTma), for the
  /// sizes that leave rows unaligned: mma.sync on `tile` and `warps`. The
  /// options of the block-level kernels (persistent blocks, ping-pong,
  /// clusters, split K, the tile order, the TMA store) shape the TMA
  /// kernel alone.
  FailureOr<TileConfig> unalignedConfig(const GemmInfo &g,
                                        std::string &whyNot) {
    bool tf32Inputs = tf32Operands(g);
    FailureOr<TileConfig> c =
        config(MatmulKind::mma_sync, whyNot, tf32Inputs);
    if (succeeded(c))
      c->tf32 = tf32Inputs;
    return c;
  }

  FailureOr<TileConfig> chooseKind(const GemmInfo &g, std::string &whyNot) {
    bool half = g.inputType.isF16() || g.inputType.isBF16();
    bool tensorCoreInputs = half || tf32Operands(g);
    // A GEMM with a size known only at run time takes any kernel: the
    // warp-level ones read M, N and K from the memrefs; the wgmma and
    // tcgen05 kernels fix their TMA boxes, tiles and rings when they are
    // built, the K-loop, grid, tile order and edges following the sizes.
    // The explicit rungs of the Blackwell ladder are static.
    bool dynamic = g.isDynamic();
    auto spell = [](int64_t size) {
      return ShapedType::isDynamic(size) ? std::string("?")
                                         : std::to_string(size);
    };
    // The static-shape options say so for a dynamic shape, rather than
    // being dropped or refused for the kernel auto takes.
    if (dynamic) {
      if (ladderStep != 0) {
        whyNot = llvm::formatv("ladder-step={0} selects a rung of the "
                               "Blackwell ladder (mma=tcgen05), which "
                               "compiles GEMMs of static shapes, got M x N "
                               "x K = {1} x {2} x {3}",
                               ladderStep, spell(g.m), spell(g.n),
                               spell(g.k));
        return failure();
      }
    }
    // mma=auto takes tcgen05 on sm_100a; for a dynamic shape where TMA
    // loads the tiles whatever the sizes, or versioned on the host (as for
    // wgmma, below).
    bool autoTcgen05 = mode == Mode::Auto && half &&
                       target.hasTensorCore(TensorCoreKind::tcgen05);
    if (autoTcgen05 && dynamic) {
      std::string why;
      FailureOr<TileConfig> c = tcgen05Config(why);
      autoTcgen05 = succeeded(c) && (whyNotTma(g, c->blockN).empty() ||
                                     versionsTma(g, c->blockN));
    }
    if (mode == Mode::Tcgen05 || autoTcgen05) {
      if (!half) {
        whyNot = llvm::formatv("expected f16 or bf16 inputs for mma=tcgen05, "
                               "got {0}",
                               g.inputType);
        return failure();
      }
      FailureOr<TileConfig> c = tcgen05Config(whyNot);
      if (failed(c)) {
        whyNot = "for mma=tcgen05: " + whyNot;
        return failure();
      }
      // Without a `tile`, a GEMM of at most 64 rows takes M = 64 MMAs (an
      // M = 128 tile would multiply 64 rows of zeros), one of fewer than
      // 128 columns a narrower N.
      // (A dynamic shape keeps the default tile.)
      std::string smallWhy;
      if (!dynamic)
        if (FailureOr<TileConfig> small = smallTile(
                g, /*nStep=*/16,
                [&](ArrayRef<int64_t> t) {
                  return getTcgen05TileConfig(t, ladderStep, stages,
                                              smallWhy, target);
                },
                /*minStep=*/ladderStep == 0 || ladderStep >= 4
                    ? nMajorStep(g)
                    : 8);
            succeeded(small))
          c = small;
      // The lower rungs of the ladder compute one block tile.
      if (c->ladderStep != 0 && c->ladderStep < 3 &&
          (g.m > c->blockM || g.n > c->blockN)) {
        whyNot = llvm::formatv(
            "ladder-step={0} computes one {1}x{2} tile (the 2-D grid is step "
            "3), got M = {3}, N = {4}",
            c->ladderStep, c->blockM, c->blockN, g.m, g.n);
        return failure();
      }
      // A dynamic GEMM compiled with mma=tcgen05 takes the TMA ring where
      // its row strides are known only at run time (the tensor maps check
      // them).
      bool versioned = versionsTma(g, c->blockN);
      std::string noTma = whyNotTma(
          g, c->blockN, dynamic && (mode == Mode::Tcgen05 || versioned));
      TileConfig config = *c;
      config.versionedTma = versioned;
      if (config.ladderStep == 0) {
        config.ladderStep = noTma.empty() ? 7 : 3;
        if (!noTma.empty())
          config.stages = 1;
      } else if (config.ladderStep == 4 && c->stages == 1 && !noTma.empty() &&
                 stages == 1) {
        // stages=1 chose rung 4 over 6; without TMA, rung 3.
        config.ladderStep = 3;
      }
      if (config.ladderStep >= 4 && !noTma.empty()) {
        whyNot = llvm::formatv("ladder-step={0} loads the tiles with TMA, "
                               "which needs {1}",
                               config.ladderStep, noTma);
        return failure();
      }
      // The TMA rungs load a B stored K x N (an A stored K x M) as it is,
      // for N-major (M-major) MMAs.
      config.nMajorB = !g.transposeB && config.ladderStep >= 4;
      config.mMajorA = g.transposeA && config.ladderStep >= 4;
      c = config;
      if (c->ladderStep == 1 && g.k > c->blockK) {
        whyNot = llvm::formatv("ladder-step=1 has no K-loop (step 2): K must "
                               "be at most {0}, got {1}",
                               c->blockK, g.k);
        return failure();
      }
      return *c;
    }
    // mma=auto takes wgmma on sm_90a unless the options are the
    // warp-level path's: `warps`, or a tile wgmma cannot use; for a
    // dynamic shape, where TMA loads the tiles whatever the sizes (row
    // strides known at compile time, a typical batch M), or versioned on
    // the host where the strides known only at run time can be tested
    // there (versionsTma: mma.sync for the sizes that leave them
    // unaligned, which the ring cannot load).
    // f32 with precision=tf32 takes the wgmma kernel of tf32 (K-major
    // operands alone) where TMA loads its tiles: its other form, the
    // block's synchronous copies, transposing, is left to an explicit
    // mma=wgmma, and mma.sync's ring takes the rest.
    bool tf32Inputs = tf32Operands(g);
    std::string autoWhy;
    FailureOr<TileConfig> autoConfig = failure();
    if (mode == Mode::Auto && (half || tf32Inputs) && target.hasWgmma() &&
        warps.empty())
      autoConfig = wgmmaConfig(autoWhy, tf32Inputs);
    bool autoWgmma =
        succeeded(autoConfig) &&
        (tf32Inputs ? whyNotTma(g).empty() || versionsTma(g, 0)
                    : !dynamic ||
                          whyNotTma(g, autoConfig->blockN).empty() ||
                          versionsTma(g, autoConfig->blockN));
    if (mode == Mode::Wgmma || autoWgmma) {
      if (!half && !tf32Inputs) {
        whyNot = llvm::formatv("expected f16 or bf16 inputs for mma=wgmma "
                               "(f32 with precision=tf32), got {0}",
                               g.inputType);
        return failure();
      }
      if (ladderStep != 0) {
        whyNot = llvm::formatv("'ladder-step' selects a rung of the "
                               "Blackwell ladder (mma=tcgen05), got "
                               "ladder-step={0} for a wgmma GEMM on {1}",
                               ladderStep, target.getChip());
        return failure();
      }
      FailureOr<TileConfig> c = wgmmaConfig(whyNot, tf32Inputs);
      if (failed(c)) {
        whyNot = "for mma=wgmma: " + whyNot;
        return failure();
      }
      // As for tcgen05: one consumer warpgroup for at most 64 rows, a
      // narrower N for fewer than 128 columns (whole boxes of 64 columns
      // where B is stored K x N).
      // (A dynamic shape keeps the default tile.)
      std::string smallWhy;
      if (!dynamic)
        if (FailureOr<TileConfig> small = smallTile(
                g, /*nStep=*/8,
                [&](ArrayRef<int64_t> t) {
                  return getWgmmaTileConfig(t, stages, smallWhy, target,
                                            tf32Inputs);
                },
                /*minStep=*/stages == 1 || tf32Inputs ? 8 : nMajorStep(g),
                /*blockK=*/c->blockK);
            succeeded(small))
          c = small;
      TileConfig config = *c;
      // A dynamic GEMM compiled with mma=wgmma takes the TMA ring where
      // its row strides are known only at run time (the tensor maps check
      // them).
      config.versionedTma = versionsTma(g, mnMajorBlockN(config));
      std::string noTma = whyNotTma(
          g, mnMajorBlockN(config),
          dynamic && (mode == Mode::Wgmma || config.versionedTma));
      if (!noTma.empty()) {
        if (stages > 1) {
          whyNot = llvm::formatv("for mma=wgmma: stages={0} is a ring of TMA "
                                 "loads, which needs {1}",
                                 stages, noTma);
          return failure();
        }
        config.stages = 1;
      }
      // A ring loads a B stored K x N (an A stored K x M) as it is, for
      // N-major (M-major) MMAs.
      config.nMajorB = !g.transposeB && config.stages > 1;
      config.mMajorA = g.transposeA && config.stages > 1;
      // The producer warpgroup feeds a TMA ring; without one (or without
      // a K to load) every thread copies and multiplies.
      config.warpSpecialize =
          warpSpecialize && config.stages > 1 && g.k != 0;
      // (An empty C, static M, N or batch 0, compiles to no launch, which
      // takes any option.)
      bool emptyC = g.m == 0 || g.n == 0 || (g.batched && g.batch == 0);
      if (persistentBlocks != 0 && !emptyC) {
        if (!config.warpSpecialize) {
          whyNot = llvm::formatv(
              "for mma=wgmma: persistent-blocks={0} needs the "
              "warp-specialized TMA ring ({1})",
              persistentBlocks,
              !warpSpecialize ? std::string("warp-specialize=false")
              : g.k == 0      ? std::string("K = 0")
              : !noTma.empty() ? "TMA needs " + noTma
                               : std::string("stages=1"));
          return failure();
        }
        config.persistentBlocks = persistentBlocks;
      }
      if (pingpong && failed(fitPingpong(config, whyNot)))
        return failure();
      if (clusterM * clusterN > 1 && failed(fitCluster(config, whyNot)))
        return failure();
      return config;
    }
    MatmulKind kind = MatmulKind::simt;
    if (mode == Mode::MmaSync) {
      if (!tensorCoreInputs) {
        whyNot = llvm::formatv("expected f16 or bf16 inputs for mma=mma_sync "
                               "(f32 with precision=tf32), got {0}",
                               g.inputType);
        return failure();
      }
      kind = MatmulKind::mma_sync;
    } else if (mode == Mode::Wmma) {
      if (!g.inputType.isF16()) {
        whyNot = llvm::formatv("expected f16 inputs for mma=wmma (the gpu "
                               "dialect's WMMA fragments have no bf16; "
                               "mma=mma_sync takes bf16 and tf32), got {0}",
                               g.inputType);
        return failure();
      }
      kind = MatmulKind::wmma;
    } else if (mode == Mode::Auto && tensorCoreInputs &&
               target.hasTensorCore(TensorCoreKind::mma_sync)) {
      kind = MatmulKind::mma_sync;
    }
    FailureOr<TileConfig> c = config(
        kind, whyNot, kind != MatmulKind::simt && g.inputType.isF32());
    if (failed(c)) {
      whyNot = llvm::formatv("for mma={0}: {1}", stringifyMatmulKind(kind),
                             whyNot);
      return failure();
    }
    TileConfig result = *c;
    result.tf32 = kind != MatmulKind::simt && g.inputType.isF32();
    return result;
  }
};

/// The record of `g` for its host function `func` (GemmRecord), or nothing
/// when the GEMM is not in the function's entry block (a loop could run it
/// several times), A, B or the buffer it stores is not one of the
/// function's arguments, or C is filled with another value than zero.
static std::optional<GemmRecord> recordGemm(const GemmInfo &g,
                                            FunctionOpInterface func) {
  Region &body = func.getFunctionBody();
  Operation *op = linalg::LinalgOp(g.op).getOperation();
  if (body.empty() || op->getBlock() != &body.front())
    return std::nullopt;
  auto argIndex = [&](Value v) -> std::optional<int64_t> {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &body.front())
      return std::nullopt;
    return arg.getArgNumber();
  };
  std::optional<int64_t> a = argIndex(g.a), b = argIndex(g.b),
                         c = argIndex(g.out);
  if (!a || !b || !c)
    return std::nullopt;
  // A fill with anything but zero starts C from that value: no product a
  // cuBLAS call with beta 0 or 1 computes.
  if (g.fill && !matchPattern(linalg::FillOp(g.fill).getInputs().front(),
                              m_AnyZeroFloat()))
    return std::nullopt;
  GemmRecord r;
  r.a = *a;
  r.b = *b;
  r.c = *c;
  r.transposeA = g.transposeA;
  r.transposeB = g.transposeB;
  r.accumulate = !g.fill;
  r.epilogue = !g.epilogue.empty();
  if (!r.epilogue)
    return r;
  // What each argument the kernel reads is to it, so that a runner can
  // check the sizes of a bias or residual of dynamic shape (matchEpilogue
  // reads the consumers' operands along d0 = m and d1 = n, or a 0 along a
  // dimension of size 1; for a batch along d0 = b, the GEMM of the batch,
  // d1 = m and d2 = n).
  r.dims.assign(func.getNumArguments(), "");
  std::string batch = g.batched ? "b" : "";
  std::string loops = batch + "mn";
  auto label = [&](Value v, const std::string &dims) {
    std::optional<int64_t> index = argIndex(v);
    if (!index)
      return true;
    std::string &entry = r.dims[*index];
    if (!entry.empty() && entry != dims)
      return false;
    entry = dims;
    return true;
  };
  // (An input the batch shares has no batch dimension.)
  auto batchOf = [&](Value operand) {
    return isSharedByBatch(g, operand) ? "" : batch;
  };
  bool agree = label(g.a, batchOf(g.a) + (g.transposeA ? "km" : "mk")) &&
               label(g.b, batchOf(g.b) + (g.transposeB ? "nk" : "kn")) &&
               label(g.out, loops);
  for (const FusedConsumer &consumer : g.epilogue) {
    linalg::GenericOp generic = consumer.op;
    for (OpOperand &operand : generic->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      AffineMap map = generic.getMatchingIndexingMap(&operand);
      std::string dims;
      for (AffineExpr e : map.getResults()) {
        auto d = dyn_cast<AffineDimExpr>(e);
        dims += !d ? '1' : loops[d.getPosition()];
      }
      agree = agree && label(operand.get(), dims);
    }
  }
  // An argument read two ways is no record a runner could trust.
  if (!agree)
    return std::nullopt;
  return r;
}

struct UopTilePass : public mlir::uop::impl::UopTileBase<UopTilePass> {
  using Base::Base;

  void runOnOperation() override {
    std::string whyNot;
    TargetAttr target = getTargetOrDefault(getOperation());
    KindChooser chooser;
    chooser.target = target;
    chooser.tile = tile;
    chooser.threadTile = threadTile;
    chooser.warps = warps;
    chooser.ladderStep = ladderStep;
    chooser.stages = stages;
    chooser.warpSpecialize = warpSpecialize;
    chooser.persistentBlocks = persistentBlocks;
    chooser.pingpong = pingpong;
    chooser.groupM = groupM;
    chooser.clusterM = clusterM;
    chooser.clusterN = clusterN;
    chooser.splitK = splitK;
    if (failed(chooser.parse(mma, precision, tmaStore, whyNot)) ||
        failed(chooser.validateExplicit(whyNot))) {
      mlir::emitError(getOperation()->getLoc(), "uop-tile: ") << whyNot;
      return signalPassFailure();
    }

    SmallVector<linalg::LinalgOp> candidates;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op.getNumReductionLoops() > 0)
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    // The GEMMs compiled in each host function, as records where they have
    // one (recordGemm).
    llvm::MapVector<Operation *, SmallVector<std::optional<GemmRecord>>>
        records;
    for (linalg::LinalgOp op : candidates) {
      std::string why;
      FailureOr<GemmInfo> gemm = failure();
      if (getEnclosingKernel(op) || op->getParentOfType<gpu::GPUModuleOp>())
        why = "it is already in device code (uop-tile compiles the GEMMs of "
              "host functions)";
      else
        gemm = matchGemm(op, why);
      FailureOr<TileConfig> config = failure();
      if (succeeded(gemm)) {
        std::string configWhy;
        config = chooser.choose(*gemm, configWhy);
        if (failed(config)) {
          // A GEMM the options cannot compile: an error, whatever
          // require-match says (the options are wrong, not the input).
          mlir::emitError(op->getLoc(), "uop-tile: ") << configWhy;
          failedAny = true;
          continue;
        }
      }
      // A versioned TMA kernel's other version, for rows that turn out
      // unaligned.
      std::optional<TileConfig> unaligned;
      if (succeeded(gemm) && config->versionedTma) {
        std::string unalignedWhy;
        FailureOr<TileConfig> c =
            chooser.unalignedConfig(*gemm, unalignedWhy);
        if (failed(c)) {
          mlir::emitError(op->getLoc(), "uop-tile: for mma=mma_sync: ")
              << unalignedWhy;
          failedAny = true;
          continue;
        }
        unaligned = *c;
      }
      SmallVector<const TileConfig *, 2> launched = {&*config};
      if (unaligned)
        launched.push_back(&*unaligned);
      for (const TileConfig *launchConfig : launched) {
        if (!succeeded(gemm) || !why.empty())
          break;
        // The grid (launchGrid), within the target's.
        ArrayRef<int64_t> maxGrid = target.getMaxGrid().asArrayRef();
        // (A dynamic size's blocks are counted at run time.)
        auto [gridX, gridY] = launchGrid(*gemm, *launchConfig);
        // "N = 300 needs 3 block columns, above the grid's limit ...".
        auto tooMany = [&](StringRef dim, int64_t size, int64_t blocks,
                           StringRef what, int64_t cluster, int64_t limit,
                           StringRef axis) {
          std::string inClusters =
              cluster > 1
                  ? llvm::formatv(" in whole clusters of {0}", cluster).str()
                  : std::string();
          std::string orCluster =
              cluster > 1
                  ? llvm::formatv(" or a smaller cluster-{0}", dim.lower())
                        .str()
                  : std::string();
          return llvm::formatv("{0} = {1} needs {2} block {3}{4}, above the "
                               "grid's limit of {5} along {6}; use a larger "
                               "tile {0}{7}",
                               dim, size, blocks, what, inClusters, limit, axis,
                               orCluster)
              .str();
        };
        // A dynamic M puts N's blocks along y (tileGemm), but for
        // clusters and persistent blocks.
        bool nAlongY = ShapedType::isDynamic(gemm->m) &&
                       launchConfig->clusterM * launchConfig->clusterN == 1 &&
                       launchConfig->persistentBlocks == 0;
        if (!ShapedType::isDynamic(gridX) && gridX > maxGrid[nAlongY ? 1 : 0])
          why = tooMany("N", gemm->n, gridX, "columns", launchConfig->clusterN,
                        maxGrid[nAlongY ? 1 : 0], nAlongY ? "y" : "x");
        else if (!ShapedType::isDynamic(gridY) && gridY > maxGrid[1])
          why = tooMany("M", gemm->m, gridY, "rows", launchConfig->clusterM,
                        maxGrid[1], "y");
        // A batch's GEMMs go along z (persistent blocks loop over them).
        else if (gemm->batched && !ShapedType::isDynamic(gemm->batch) &&
                 gemm->batch > maxGrid[2] &&
                 !(launchConfig->wgmma && launchConfig->persistentBlocks > 0))
          why = launchConfig != &*config
                    // The warp-level kernel of a versioned TMA GEMM.
                    ? llvm::formatv(
                          "a batch of {0} GEMMs needs {0} blocks along z, "
                          "above the grid's limit of {1}, in the mma.sync "
                          "kernel mma=auto launches where rows of a length "
                          "known only at run time are not whole 16-byte "
                          "units; use mma={2} (the TMA kernel alone{3}) or "
                          "split the batch",
                          gemm->batch, maxGrid[2],
                          config->tcgen05 ? "tcgen05" : "wgmma",
                          config->persistentBlocks > 0
                              ? ", whose persistent blocks loop over the "
                                "GEMMs"
                              : "")
                          .str()
                    : llvm::formatv("a batch of {0} GEMMs needs {0} blocks "
                                    "along z, above the grid's limit of {1}; "
                                    "split the batch{2}",
                                    gemm->batch, maxGrid[2],
                                    target.hasWgmma()
                                        ? " (or use persistent-blocks with "
                                          "the wgmma kernel: its blocks loop "
                                          "over the GEMMs)"
                                        : "")
                          .str();
      }
      if (!why.empty() && succeeded(gemm))
        gemm = failure();
      if (succeeded(gemm)) {
        Operation *stoppedAt = nullptr;
        std::string whyNotFused;
        matchEpilogue(*gemm, stoppedAt, whyNotFused);
        if (stoppedAt)
          mlir::emitRemark(stoppedAt->getLoc(),
                           "uop-tile: not fused into the GEMM's writeback: ")
              << whyNotFused;
        // Split K and the TMA-store epilogue (which stages C as the fused
        // epilogue leaves it) are fitted once the epilogue is known; an
        // empty C (removed below) takes neither.
        bool empty = gemm->m == 0 || gemm->n == 0 ||
                     (gemm->batched && gemm->batch == 0);
        std::string splitWhy;
        if (chooser.splitK > 1 && !empty &&
            failed(chooser.fitSplitK(*gemm, *config, splitWhy))) {
          mlir::emitError(op->getLoc(), "uop-tile: ") << splitWhy;
          failedAny = true;
          continue;
        }
        std::string storeWhy;
        if (chooser.tmaStore && !empty &&
            (config->wgmma || config->tcgen05) &&
            failed(chooser.fitTmaStore(*gemm, *config, storeWhy))) {
          mlir::emitError(op->getLoc(), "uop-tile: ") << storeWhy;
          failedAny = true;
          continue;
        }
        // tma-store=auto: the wgmma kernel of a GEMM of static M, N and K
        // (a batch's count may be dynamic) stores a 16-bit C (never split
        // along K, which takes an f32 C) by TMA where the epilogue fits,
        // and through registers where it does not. (The registers' paired
        // stores fill half of each 32-byte sector with a 16-bit C, all of
        // it with an f32 C: on an H200 the TMA store gained 2-12 % with an
        // f16 C, with an f32 C 3 % at 4096^3 and -4 % at 2048^3.)
        if (chooser.tmaStoreAuto && !empty && config->wgmma &&
            !gemm->isDynamic() &&
            getElementBytes(
                cast<MemRefType>(gemm->out.getType()).getElementType()) ==
                2) {
          TileConfig withStore = *config;
          if (succeeded(chooser.fitTmaStore(*gemm, withStore, storeWhy)))
            *config = withStore;
        }
      }
      if (failed(gemm)) {
        // A function holding a GEMM left in place has no one product.
        if (auto func = op->getParentOfType<FunctionOpInterface>())
          records[func].push_back(std::nullopt);
        if (requireMatch) {
          mlir::emitError(op->getLoc(),
                          "uop-tile: not a GEMM uop can compile: ")
              << why;
          failedAny = true;
        } else {
          mlir::emitRemark(op->getLoc(),
                           "uop-tile: not a GEMM uop can compile: ")
              << why;
        }
        continue;
      }
      if (auto func = op->getParentOfType<FunctionOpInterface>())
        records[func].push_back(recordGemm(*gemm, func));
      if (gemm->m == 0 || gemm->n == 0 ||
          (gemm->batched && gemm->batch == 0)) {
        // Nothing to compute: C (and what the fused consumers write) is
        // empty.
        eraseGemm(rewriter, *gemm);
        continue;
      }
      tileGemm(rewriter, *gemm, *config, unaligned ? &*unaligned : nullptr);
    }
    if (failedAny)
      return signalPassFailure();
    // A function of one GEMM says what it computes; with several, no one
    // product describes it.
    for (auto &[func, list] : records) {
      if (list.size() == 1 && list.front())
        func->setAttr(GemmRecord::kAttrName,
                      list.front()->toAttr(&getContext()));
      else
        func->removeAttr(GemmRecord::kAttrName);
    }
  }
};
} // namespace
