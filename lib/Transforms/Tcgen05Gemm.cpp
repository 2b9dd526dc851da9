//===- Tcgen05Gemm.cpp - the Blackwell GEMM kernel of uop-tile ------------===//
//
// uop-tile with mma=tcgen05 builds the kernel of seed 002's GEMM ladder,
// steps 1 to 3, in uop IR. One warpgroup (128 threads) per BM x BN tile of
// C (BM = 128, BK = 64):
//
//   (1) allocate: warp 0 allocates the f32 accumulator in tensor memory
//       (BN columns rounded up to a power of two, at least 32) and gives up
//       its allocation permit; thread 0 initializes the mbarrier mma_bar to
//       one arrival; the address is read by every thread after a barrier
//       fenced for tcgen05;
//   (2) per k-tile (step 2's K-loop; step 1 has the one k-tile): the block
//       copies the BM x 64 tile of A and the BN x 64 tile of B^T into
//       1024-byte-aligned shared tiles with the 128-byte swizzle (a view
//       that is transposed where the GEMM stores A as K x M or B as K x N),
//       zero-filled past the matrix; fences them for the async proxy and
//       publishes them with a barrier (then tcgen05.fence::after_thread_sync:
//       the MMA follows a thread synchronization);
//   (3) one elected thread of warp 0 issues uop.tcgen05_mma (accumulate
//       from the second k-tile on) and commits it to mma_bar; every thread
//       waits for the phase it carries, then toggles it;
//   (4) writeback: thread t holds row t of the tile (warp w reads lanes
//       32w..32w+31), 32 columns per tcgen05.ld; each element gets the
//       fill value or the old C added, is rounded once to C's type, passes
//       through the fused epilogue and is stored (16-byte vector stores
//       where N is a multiple of BN, predicated stores at the edges); warp 0
//       frees the tensor memory after a barrier.
//
// Step 3 is the 2-D grid: ceil(N / BN) x ceil(M / 128) blocks, the tile at
// (by 128, bx BN). A GEMM with K = 0 has nothing to multiply: its kernel
// stores the initial value and uses no tensor memory.
//
// Step 4 loads the tiles with TMA instead of the block's copies: per
// k-tile, thread 0 raises the transaction count of a second mbarrier by
// both boxes' bytes (uop.mbarrier_arrive ... expect_tx) and issues
// uop.tma_load of the BM x 64 box of A at (m0, k0) and of the BN x 64 box
// of B (stored N x K) at (n0, k0), 128-byte swizzled as the MMA reads them
// and zero-filled past the matrix by the TMA unit; every thread waits for
// that barrier's phase (the loads landed, through the async proxy the MMA
// reads, so no proxy fence or block barrier is needed) before the MMA. The
// tiles are reused by the next k-tile's loads only after the wait on
// mma_bar, so one phase per k-tile on each barrier: both waits use the
// carried phase.
//
// Steps 5 and 6 make the tiles a ring of S stages (5: S = 2; 6: S from the
// `stages` option, by default the deepest that fits the chip's shared
// memory, at most 6), each with a full mbarrier that its loads complete
// and an empty one that the MMAs reading it commit to (buildRing). The
// loads of S - 1 k-tiles are in flight while the tensor core multiplies
// one, and the MMAs of consecutive k-tiles are queued back to back: a stage
// is refilled once the MMAs of the k-tile before the current one are done.
// The stages of an operand are one S x rows x 64 buffer and the loop
// carries the stage index, so each k-tile's tile is a subview at a dynamic
// offset: one base address per operand stays live across the loop, not
// one descriptor per stage and k16 slice.
// Past 48 KiB of tiles the kernel's shared memory becomes dynamic
// (convert-uop-to-gpu).
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Transforms/GemmMatcher.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::uop;

namespace {

class Tcgen05KernelBuilder {
public:
  Tcgen05KernelBuilder(ImplicitLocOpBuilder &b, const GemmInfo &g,
                       const TileConfig &c)
      : b(b), g(g), c(c) {}

  void build(gpu::LaunchOp launch) {
    MLIRContext *ctx = b.getContext();
    Attribute workgroup =
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    Value tx = launch.getThreadIds().x;
    gpu::KernelDim3 blockIds = launch.getBlockIds();
    m0 = arith::MulIOp::create(b, blockIds.y, index(c.blockM));
    n0 = arith::MulIOp::create(b, blockIds.x, index(c.blockN));
    row = arith::AddIOp::create(b, m0, tx);
    Value warp = arith::DivUIOp::create(b, tx, index(32));
    Value warp0 =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, warp, index(0));

    // K = 0: nothing to multiply, no tensor memory.
    if (g.k == 0) {
      writeback(/*acc=*/Value(), warp);
      return;
    }

    // (1) ALLOCATE.
    auto tileType = [&](int64_t rows) {
      return MemRefType::get({rows, c.blockK}, g.inputType,
                             MemRefLayoutAttrInterface(), workgroup);
    };
    // The ring (rungs 5 and 6) keeps its S stages of each operand in one
    // S x rows x 64 buffer (each stage 1024-byte aligned, as the buffer and
    // the stage size are); the other rungs one tile each.
    bool ring = c.ladderStep >= 5;
    int64_t stages = ring ? c.stages : 1;
    auto ringType = [&](int64_t rows) {
      return MemRefType::get({stages, rows, c.blockK}, g.inputType,
                             MemRefLayoutAttrInterface(), workgroup);
    };
    Value sA = AllocSharedOp::create(
        b, ring ? ringType(c.blockM) : tileType(c.blockM),
        b.getI64IntegerAttr(1024));
    Value sB = AllocSharedOp::create(
        b, ring ? ringType(c.blockN) : tileType(c.blockN),
        b.getI64IntegerAttr(1024));
    auto slotType = MemRefType::get({1}, b.getI32Type(),
                                    MemRefLayoutAttrInterface(), workgroup);
    Value slot = AllocSharedOp::create(b, slotType, b.getI64IntegerAttr(4));
    // mma_bar (0) and, with TMA, the barrier the loads complete on (1); the
    // ring has a full (s) and an empty (S + s) barrier per stage s.
    bool tma = c.ladderStep >= 4;
    int64_t numBars = ring ? 2 * stages : tma ? 2 : 1;
    auto barsType = nvgpu::MBarrierGroupType::get(ctx, workgroup, numBars);
    Value bars = nvgpu::MBarrierCreateOp::create(b, barsType);
    columns = std::max<int64_t>(32, int64_t(llvm::PowerOf2Ceil(c.blockN)));
    ifThen(warp0, [&] {
      TMemAllocOp::create(b, slot, ValueRange{index(0)},
                          b.getI32IntegerAttr(int32_t(columns)));
      TMemRelinquishAllocPermitOp::create(b);
    });
    Value thread0 =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tx, index(0));
    ifThen(thread0, [&] {
      for (int64_t i = 0; i < numBars; ++i)
        MBarrierInitOp::create(b, bars, index(i), index(1));
      // The initialization, visible to the tensor core's arrival.
      FenceProxyAsyncOp::create(b);
    });
    fencedBarrier();
    Value acc = memref::LoadOp::create(b, slot, ValueRange{index(0)});

    if (ring) {
      buildRing(sA, sB, stages, bars, acc, warp0, thread0);
      writeback(acc, warp);
      fencedBarrier();
      ifThen(warp0, [&] {
        TMemDeallocOp::create(b, acc, b.getI32IntegerAttr(int32_t(columns)));
      });
      return;
    }

    // (2)-(3) the k-tiles.
    OpFoldResult mSize = tileExtent(m0, g.m, c.blockM);
    OpFoldResult nSize = tileExtent(n0, g.n, c.blockN);
    auto kStep = [&](Value k0, Value phase) -> Value {
      if (tma) {
        // Step 4: one thread announces both boxes' bytes and issues the
        // loads (zero-filled past the matrix); everyone waits for them.
        ifThen(thread0, [&] {
          loadTiles(
              k0, index(1), [&] { return sA; }, [&] { return sB; }, bars);
        });
        MBarrierWaitOp::create(b, bars, index(1), phase);
        issueMma(k0, warp0, acc, sA, sB, bars, index(0));
        MBarrierWaitOp::create(b, bars, index(0), phase);
        Tcgen05FenceOp::create(b, /*after=*/true);
        return arith::XOrIOp::create(b, phase, boolean(true));
      }
      OpFoldResult kSize = tileExtent(k0, g.k, c.blockK);
      Value aTile = g.transposeA
                        ? transpose(subview(g.a, k0, m0, kSize, mSize))
                        : subview(g.a, m0, k0, mSize, kSize);
      Value bTile = g.transposeB
                        ? subview(g.b, n0, k0, nSize, kSize)
                        : transpose(subview(g.b, k0, n0, kSize, nSize));
      auto swizzle128 = SharedLayoutAttr::get(ctx, /*pad=*/0, /*swizzle=*/8,
                                              /*unit=*/8, /*period=*/1);
      CopyOp::create(b, aTile, sA, swizzle128, /*async=*/false);
      CopyOp::create(b, bTile, sB, swizzle128, /*async=*/false);
      FenceProxyAsyncOp::create(b);
      BarrierOp::create(b);
      Tcgen05FenceOp::create(b, /*after=*/true);
      issueMma(k0, warp0, acc, sA, sB, bars, index(0));
      MBarrierWaitOp::create(b, bars, index(0), phase);
      Tcgen05FenceOp::create(b, /*after=*/true);
      return arith::XOrIOp::create(b, phase, boolean(true));
    };
    if (c.ladderStep == 1) {
      // Step 1: the one k-tile, phase 0.
      kStep(index(0), boolean(false));
    } else {
      auto loop = scf::ForOp::create(b, index(0), index(g.k), index(c.blockK),
                                     ValueRange{boolean(false)});
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value next =
          kStep(loop.getInductionVar(), loop.getRegionIterArgs().front());
      scf::YieldOp::create(b, next);
    }

    // (4) WRITEBACK, then free the accumulator once every warp has read it.
    writeback(acc, warp);
    fencedBarrier();
    ifThen(warp0, [&] {
      TMemDeallocOp::create(b, acc, b.getI32IntegerAttr(int32_t(columns)));
    });
  }

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value boolean(bool v) {
    return arith::ConstantOp::create(b, b.getBoolAttr(v));
  }

  template <typename Fn>
  void ifThen(Value cond, Fn body) {
    auto ifOp = scf::IfOp::create(b, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    body();
  }

  /// One elected thread of warp 0 issues the MMA of k-tile `k0`
  /// (accumulating from the second on) and commits it to barrier `commit`.
  void issueMma(Value k0, Value warp0, Value acc, Value sA, Value sB,
                Value bars, Value commit) {
    ifThen(warp0, [&] {
      auto elect = ElectOp::create(b);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&elect.getBody().emplaceBlock());
      Value accumulate =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ne, k0, index(0));
      Tcgen05MmaOp::create(b, acc, sA, sB, accumulate);
      Tcgen05CommitOp::create(b, bars, commit);
    });
  }

  /// Stage `stage` (an index) of the ring `ring` (S x rows x 64): a
  /// contiguous rows x 64 tile at a dynamic offset.
  Value stageTile(Value ring, Value stage) {
    auto type = cast<MemRefType>(ring.getType());
    int64_t rows = type.getDimSize(1), cols = type.getDimSize(2);
    auto tileType = MemRefType::get(
        {rows, cols}, type.getElementType(),
        StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                               {cols, 1}),
        type.getMemorySpace());
    SmallVector<OpFoldResult> offsets = {stage, b.getIndexAttr(0),
                                         b.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1), b.getIndexAttr(rows),
                                       b.getIndexAttr(cols)};
    SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
    return memref::SubViewOp::create(b, tileType, ring, offsets, sizes,
                                     strides);
  }

  /// Announces the bytes of both boxes of the k-tile at `k0` on barrier
  /// `bar` and loads them by TMA into the tiles `tileA()` and `tileB()`
  /// (128-byte swizzled, zero past the matrix). Run by one thread.
  void loadTiles(Value k0, Value bar, llvm::function_ref<Value()> tileA,
                 llvm::function_ref<Value()> tileB, Value bars) {
    int64_t tileBytes =
        (c.blockM + c.blockN) * c.blockK * getElementBytes(g.inputType);
    MBarrierArriveOp::create(b, bars, bar, index(tileBytes));
    TmaLoadOp::create(b, g.a, ValueRange{m0, k0}, tileA(), bars, bar,
                      b.getI64IntegerAttr(128));
    TmaLoadOp::create(b, g.b, ValueRange{n0, k0}, tileB(), bars, bar,
                      b.getI64IntegerAttr(128));
  }

  /// loadTiles of k-tile `kt` into stage `stage` of the rings, completing
  /// on full[stage] (barrier `stage`).
  void loadStage(Value kt, Value stage, Value ringA, Value ringB,
                 Value bars) {
    loadTiles(
        arith::MulIOp::create(b, kt, index(c.blockK)), stage,
        [&] { return stageTile(ringA, stage); },
        [&] { return stageTile(ringB, stage); }, bars);
  }

  /// Rungs 5 and 6: the K-loop over a ring of S stages. Thread 0 first
  /// loads k-tiles 0 .. S-1 into stages 0 .. S-1. K-tile kt lives in stage
  /// s = kt mod S and is the (kt / S)-th use of it: every thread waits for
  /// that phase of full[s] (barrier s), one elected thread issues its MMAs
  /// and commits them to empty[s] (barrier S + s); then thread 0 refills
  /// the stage of k-tile kt - 1 (whose MMAs were queued before these, so
  /// the tensor core never runs dry) with k-tile kt - 1 + S, once empty[]
  /// says that k-tile's MMAs are done. The loop carries the stage and the
  /// phase of its use (flipped when the stage wraps around), so the
  /// operands' addresses and descriptors are computed per k-tile from one
  /// base each. At the end everyone waits for the last commit, which
  /// follows every MMA.
  void buildRing(Value ringA, Value ringB, int64_t stages, Value bars,
                 Value acc, Value warp0, Value thread0) {
    int64_t kTiles = llvm::divideCeil(g.k, c.blockK);
    ifThen(thread0, [&] {
      for (int64_t s = 0; s < std::min(stages, kTiles); ++s)
        loadStage(index(s), index(s), ringA, ringB, bars);
    });
    auto loop = scf::ForOp::create(b, index(0), index(kTiles), index(1),
                                   ValueRange{index(0), boolean(false)});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value kt = loop.getInductionVar();
      Value stage = loop.getRegionIterArgs()[0];
      Value phase = loop.getRegionIterArgs()[1];
      MBarrierWaitOp::create(b, bars, stage, phase);
      Value k0 = arith::MulIOp::create(b, kt, index(c.blockK));
      Value emptyBar = arith::AddIOp::create(b, stage, index(stages));
      issueMma(k0, warp0, acc, stageTile(ringA, stage),
               stageTile(ringB, stage), bars, emptyBar);
      // Refill the stage of k-tile kt - 1 with k-tile kt - 1 + S.
      Value first =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, stage, index(0));
      Value notPhase = arith::XOrIOp::create(b, phase, boolean(true));
      Value prev = arith::SelectOp::create(
          b, first, index(stages - 1),
          arith::SubIOp::create(b, stage, index(1)));
      Value prevPhase = arith::SelectOp::create(b, first, notPhase, phase);
      Value next = arith::AddIOp::create(b, kt, index(stages - 1));
      Value refill = arith::AndIOp::create(
          b, thread0,
          arith::AndIOp::create(
              b,
              arith::CmpIOp::create(b, arith::CmpIPredicate::ne, kt,
                                    index(0)),
              arith::CmpIOp::create(b, arith::CmpIPredicate::ult, next,
                                    index(kTiles))));
      ifThen(refill, [&] {
        MBarrierWaitOp::create(
            b, bars, arith::AddIOp::create(b, prev, index(stages)),
            prevPhase);
        loadStage(next, prev, ringA, ringB, bars);
      });
      // The next k-tile's stage, and its phase (flipped on wrapping).
      Value last = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, stage,
                                         index(stages - 1));
      Value nextStage = arith::SelectOp::create(
          b, last, index(0), arith::AddIOp::create(b, stage, index(1)));
      Value nextPhase = arith::SelectOp::create(b, last, notPhase, phase);
      scf::YieldOp::create(b, ValueRange{nextStage, nextPhase});
    }
    int64_t lastTile = kTiles - 1;
    MBarrierWaitOp::create(b, bars, index(stages + lastTile % stages),
                           boolean((lastTile / stages) % 2));
    Tcgen05FenceOp::create(b, /*after=*/true);
  }

  /// A block barrier that hands tcgen05 work between threads.
  void fencedBarrier() {
    Tcgen05FenceOp::create(b, /*after=*/false);
    BarrierOp::create(b);
    Tcgen05FenceOp::create(b, /*after=*/true);
  }

  OpFoldResult tileExtent(Value origin, int64_t size, int64_t tile) {
    return buildTileExtent(b, b.getLoc(), origin, size, tile);
  }

  Value subview(Value source, Value off0, Value off1, OpFoldResult size0,
                OpFoldResult size1) {
    return buildTileSubview(b, b.getLoc(), source, off0, off1, size0, size1);
  }

  Value transpose(Value view) {
    AffineMap perm = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0},
                                                  b.getContext());
    return memref::TransposeOp::create(b, view, AffineMapAttr::get(perm));
  }

  /// The condition that `col` (and this thread's row) lies inside C, or
  /// null when every element of every tile does.
  Value inBounds(Value col) {
    Value cond;
    if (g.m % c.blockM)
      cond =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ult, row, index(g.m));
    if (col && g.n % c.blockN) {
      Value inN =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ult, col, index(g.n));
      cond = cond ? arith::AndIOp::create(b, cond, inN).getResult() : inN;
    }
    return cond;
  }

  /// The value stored at (row, col) for the f32 product `v`: plus the fill
  /// value or the old C (linalg's C += A B), rounded to C's type and through
  /// the fused epilogue. Emitted where (row, col) is inside C.
  Value finalValue(OpBuilder &nb, Location loc, Value v, Value col) {
    Type f32 = nb.getF32Type();
    Value init;
    if (g.fill) {
      Value f = linalg::FillOp(g.fill).getInputs().front();
      auto cst = f.getDefiningOp<arith::ConstantOp>();
      bool isZero = cst && isa<FloatAttr>(cst.getValue()) &&
                    cast<FloatAttr>(cst.getValue()).getValue().isZero();
      if (!isZero)
        init = f;
    } else {
      init = memref::LoadOp::create(nb, loc, g.c, ValueRange{row, col});
    }
    if (init) {
      if (init.getType() != f32) {
        auto ft = cast<FloatType>(init.getType());
        init = ft.getWidth() < 32
                   ? arith::ExtFOp::create(nb, loc, f32, init).getResult()
                   : arith::TruncFOp::create(nb, loc, f32, init).getResult();
      }
      v = arith::AddFOp::create(nb, loc, init, v);
    }
    return emitEpilogue(nb, loc, g, v, row, col);
  }

  /// Whether 32 consecutive columns of the output row starting at a
  /// multiple of 32 may be stored as one vector: a row-major output whose
  /// rows and offset keep that alignment, and no edge in N.
  bool vectorStores(int64_t chunk) {
    auto type = dyn_cast<MemRefType>(g.out.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (!type || g.n % c.blockN ||
        failed(type.getStridesAndOffset(strides, offset)) ||
        strides.size() != 2 || strides[1] != 1 ||
        ShapedType::isDynamic(strides[0]) || ShapedType::isDynamic(offset))
      return false;
    int64_t group = 16 / getElementBytes(type.getElementType());
    return chunk % group == 0 && strides[0] % group == 0 &&
           offset % group == 0;
  }

  void writeback(Value acc, Value warp) {
    // 32 columns per tcgen05.ld (16 when BN is not a multiple of 32).
    int64_t chunk = c.blockN % 32 == 0 ? 32 : 16;
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    Value warpAcc;
    if (acc) {
      Value lane = arith::MulIOp::create(b, warp, index(32));
      Value laneBits = arith::ShLIOp::create(
          b, arith::IndexCastOp::create(b, b.getI32Type(), lane),
          arith::ConstantOp::create(b, b.getI32IntegerAttr(16)));
      warpAcc = arith::AddIOp::create(b, acc, laneBits);
    }
    bool vectors = vectorStores(chunk);
    auto loop = scf::ForOp::create(b, index(0), index(c.blockN), index(chunk));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value j0 = loop.getInductionVar();
    auto rowType = VectorType::get({chunk}, b.getF32Type());
    Value values;
    if (acc) {
      Value addr = arith::AddIOp::create(
          b, warpAcc, arith::IndexCastOp::create(b, b.getI32Type(), j0));
      values = Tcgen05LdOp::create(b, rowType, addr);
      Tcgen05WaitLdOp::create(b);
    } else {
      values = arith::ConstantOp::create(
          b, DenseElementsAttr::get(rowType, b.getF32FloatAttr(0.0f)));
    }
    Value col0 = arith::AddIOp::create(b, n0, j0);
    auto colOf = [&](OpBuilder &nb, Location loc, int64_t e) -> Value {
      if (e == 0)
        return col0;
      return arith::AddIOp::create(nb, loc, col0,
                                   arith::ConstantIndexOp::create(nb, loc, e));
    };
    if (vectors) {
      // Only rows can leave C: one guard for the whole row segment.
      auto store = [&](OpBuilder &nb, Location loc) {
        SmallVector<Value> elems;
        for (int64_t e = 0; e < chunk; ++e) {
          Value v = vector::ExtractOp::create(nb, loc, values,
                                              ArrayRef<int64_t>{e});
          elems.push_back(finalValue(nb, loc, v, colOf(nb, loc, e)));
        }
        Value vec = vector::FromElementsOp::create(
            nb, loc, VectorType::get({chunk}, outElem), elems);
        vector::StoreOp::create(nb, loc, vec, g.out, ValueRange{row, col0},
                                /*nontemporal=*/false, llvm::MaybeAlign(16));
      };
      buildGuarded(b, b.getLoc(), inBounds(Value()), store);
      return;
    }
    for (int64_t e = 0; e < chunk; ++e) {
      Value v = vector::ExtractOp::create(b, values, ArrayRef<int64_t>{e});
      Value col = colOf(b, b.getLoc(), e);
      auto store = [&](OpBuilder &nb, Location loc) {
        memref::StoreOp::create(nb, loc, finalValue(nb, loc, v, col), g.out,
                                ValueRange{row, col});
      };
      buildGuarded(b, b.getLoc(), inBounds(col), store);
    }
  }

  ImplicitLocOpBuilder &b;
  const GemmInfo &g;
  const TileConfig &c;
  Value m0, n0, row;
  int64_t columns = 0;
};

} // namespace

void mlir::uop::buildTcgen05Kernel(OpBuilder &builder, Location loc,
                                   gpu::LaunchOp launch, const GemmInfo &gemm,
                                   const TileConfig &config) {
  ImplicitLocOpBuilder b(loc, builder);
  Tcgen05KernelBuilder(b, gemm, config).build(launch);
}
