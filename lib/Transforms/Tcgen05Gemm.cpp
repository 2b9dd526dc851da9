//===- Tcgen05Gemm.cpp - the Blackwell GEMM kernel of uop-tile ------------===//
//
// uop-tile with mma=tcgen05 builds the kernel of seed 002's GEMM ladder,
// steps 1 to 3, in uop IR. One warpgroup (128 threads) per BM x BN tile of
// C (BM = 128 or 64, BK = 64):
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
//       32w..32w+31), 32 columns per tcgen05.ld. With BM = 64 the MMA
//       leaves rows 16w..16w+15 in the lower 16 lanes of warp w's
//       sub-partition (the ISA's layout F): the warp reads them with the
//       16x32bx2 shape, its first 16 threads columns [0, BN/2), the other
//       16 columns [BN/2, BN) (the shape's offset); each element gets the
//       fill value or the old C added, is rounded once to C's type, passes
//       through the fused epilogue and is stored (16-byte vector stores
//       where N is a multiple of BN, predicated stores at the edges); warp 0
//       frees the tensor memory after a barrier.
//
// Step 3 is the 2-D grid: ceil(N / BN) x ceil(M / BM) blocks, the tile at
// (by BM, bx BN). A GEMM with K = 0 has nothing to multiply: its kernel
// stores the initial value and uses no tensor memory.
//
// Step 4 loads the tiles with TMA instead of the block's copies: per
// k-tile, thread 0 raises the transaction count of a second mbarrier by
// both boxes' bytes (uop.mbarrier_arrive ... expect_tx) and issues
// uop.tma_load of the BM x 64 box of A at (m0, k0) and of the BN x 64 box
// of B (stored N x K) at (n0, k0), 128-byte swizzled as the MMA reads them
// and zero-filled past the matrix by the TMA unit (a B stored K x N, an A
// stored K x M, as BN / 64 or BM / 64 boxes of 64 k-rows x 64 at (k0, n0 +
// 64 j) or (k0, m0 + 64 j) that the MMA reads N- or M-major:
// SwizzledGemmBuilder's loadOperand, b_n_major / a_m_major); every thread
// waits for
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
// Step 7 specializes the warps of that ring (buildSpecialized): warp 0 is
// the producer, whose first thread waits for a stage's empty barrier (the
// commit of the MMAs that read its previous k-tile; the first round's wait,
// on the other parity, returns at once) and loads the next k-tile into it;
// warp 1 is the MMA warp, which waits for the stage's full barrier and
// issues its MMAs from one elected thread, committed to the stage's empty
// barrier. Neither waits for the other except through the barriers, so the
// producer runs up to S k-tiles ahead and the MMA warp never stalls on a
// refill it does not need. The two roles are the branches of one scf.if
// (warp 0 | the rest), which uop-sim runs as interleaved paths; after it the
// whole block waits for the last commit and every warp reads its lanes of
// the accumulator back (the epilogue warps). The register budget is not
// moved: setmaxnreg works on whole warpgroups, and the block is one.
// Past 48 KiB of tiles the kernel's shared memory becomes dynamic
// (convert-uop-to-gpu).
//
// With sizes known only at run time (memref<?x?> operands; the rung the
// options choose without `ladder-step`: 7, 4 with stages=1, or 3 where
// TMA cannot load the tiles), the kernel takes M, N and K from the host
// as the wgmma kernel does (WgmmaGemm.cpp): the K-loop runs ceil(K / 64)
// k-tiles (where TMA loads them, none where the block's tile lies outside
// C: an empty A or B has nothing to load), the first loads of a ring are
// guarded by that count, M's tiles go along grid x, the edge guards
// compare with the run-time sizes. A block without a k-tile issues no
// MMA, so nothing initializes its accumulator: the writeback is built
// twice, reading tensor memory where there was a k-tile and storing the
// initial value where there was none, and the wait for the last commit
// is skipped.
//
// With `tma-store` (rungs 4 to 7) the writeback goes through shared memory:
// each thread writes its row segments, cast and through the epilogue, as
// 16-byte chunks into 128-byte-swizzled boxes of BM rows of 128 bytes
// (stageRow; the chunks outside C are skipped), fences them for the async
// proxy, and after the block barrier that precedes the accumulator's
// release thread 0 stores each box with uop.tma_store (clipped at C's
// edges), and waits for their reads once warp 0 has freed the tensor
// memory.
//
//===----------------------------------------------------------------------===//

#include "SwizzledGemmBuilder.h"

#include "Uop/Dialect/Uop/IR/Tcgen05.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::uop;

namespace {

class Tcgen05KernelBuilder : public SwizzledGemmBuilder {
public:
  Tcgen05KernelBuilder(ImplicitLocOpBuilder &b, const GemmInfo &g,
                       const TileConfig &c, std::array<Value, 3> dynamicSizes)
      : SwizzledGemmBuilder(b, g, c, dynamicSizes) {}

  void build(gpu::LaunchOp launch) {
    MLIRContext *ctx = b.getContext();
    Attribute workgroup =
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    Value tx = launch.getThreadIds().x;
    setBlockTileOrigin(launch.getBlockIds());
    Value warp = arith::DivUIOp::create(b, tx, index(32));
    if (c.blockM == tcgen05::kMmaM) {
      row = arith::AddIOp::create(b, m0, tx);
    } else {
      // BM = 64: the accumulator's rows 16 w .. 16 w + 15 are in the lower
      // 16 lanes of warp w's sub-partition; the warp's two halves read
      // them, each its half of the columns.
      Value lane = arith::RemUIOp::create(b, tx, index(32));
      row = arith::AddIOp::create(
          b, m0,
          arith::AddIOp::create(b, arith::MulIOp::create(b, warp, index(16)),
                                arith::RemUIOp::create(b, lane, index(16))));
      half = arith::DivUIOp::create(b, lane, index(16));
    }
    Value warp0 =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, warp, index(0));
    Value thread0 =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tx, index(0));
    if (c.tmaStore) {
      // The boxes of C, and this thread's row of them mod 8 (the phase of
      // the swizzle).
      outBoxes = allocOutputBoxSet();
      rowPhase = arith::RemUIOp::create(
          b, arith::SubIOp::create(b, row, m0), index(8));
    }

    // K = 0: nothing to multiply, no tensor memory.
    if (g.k == 0) {
      writeback(/*acc=*/Value(), warp);
      if (c.tmaStore) {
        BarrierOp::create(b);
        issueBoxStores(thread0);
        waitBoxStores(thread0);
      }
      return;
    }

    // (1) ALLOCATE.
    // The ring (rungs 5 and 6) keeps its S stages of each operand in one
    // S x rows x 64 buffer (each stage 1024-byte aligned, as the buffer and
    // the stage size are); the other rungs one tile each.
    bool ring = c.ladderStep >= 5;
    bool specialized = c.ladderStep == 7;
    int64_t stages = ring ? c.stages : 1;
    Value sA = allocTiles(c.blockM, ring ? stages : 0);
    Value sB = allocTiles(c.blockN, ring ? stages : 0);
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
    ifThen(thread0, [&] {
      for (int64_t i = 0; i < numBars; ++i)
        MBarrierInitOp::create(b, bars, index(i), index(1));
      // The initialization, visible to the tensor core's arrival.
      FenceProxyAsyncOp::create(b);
    });
    fencedBarrier();
    Value acc = memref::LoadOp::create(b, slot, ValueRange{index(0)});

    // With sizes known only at run time the block may have no k-tile (K =
    // 0, or, where TMA loads the tiles, a tile outside C: an empty A or B
    // has nothing to load): then no MMA initializes the accumulator, and
    // the writeback stores the initial value, as for a static K = 0. (The
    // copies of rung 3 multiply zeros for a tile outside C.)
    Value kTiles, anyKTile, kEnd;
    if (hasDynamicSizes()) {
      if (ring) {
        kTiles = kTileCount();
      } else {
        kEnd = sizeOf(GemmDim::K);
        if (Value inside = tma ? tileInsideC() : Value())
          kEnd = arith::SelectOp::create(b, inside, kEnd, index(0));
        kTiles = arith::CeilDivUIOp::create(b, kEnd, index(c.blockK));
      }
      anyKTile = arith::CmpIOp::create(b, arith::CmpIPredicate::ne, kTiles,
                                       index(0));
    }
    auto writebackOf = [&](Value product) {
      if (!anyKTile) {
        writeback(product, warp);
        return;
      }
      auto ifOp = scf::IfOp::create(b, anyKTile, /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      writeback(product, warp);
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      writeback(/*acc=*/Value(), warp);
    };

    if (ring) {
      if (specialized)
        buildSpecialized(sA, sB, stages, bars, acc, tx, warp, kTiles);
      else
        buildRing(sA, sB, stages, bars, acc, warp0, thread0, kTiles);
      writebackOf(acc);
      fencedBarrier();
      issueBoxStores(thread0);
      ifThen(warp0, [&] {
        TMemDeallocOp::create(b, acc, b.getI32IntegerAttr(int32_t(columns)));
      });
      waitBoxStores(thread0);
      return;
    }

    // (2)-(3) the k-tiles.
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
      copyTiles(k0, sA, sB);
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
      auto loop = scf::ForOp::create(b, index(0),
                                     kEnd ? kEnd : sizeOf(GemmDim::K),
                                     index(c.blockK),
                                     ValueRange{boolean(false)});
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value next =
          kStep(loop.getInductionVar(), loop.getRegionIterArgs().front());
      scf::YieldOp::create(b, next);
    }

    // (4) WRITEBACK, then free the accumulator once every warp has read it
    // (and, with tma-store, store the boxes once every warp has staged its
    // rows).
    writebackOf(acc);
    fencedBarrier();
    issueBoxStores(thread0);
    ifThen(warp0, [&] {
      TMemDeallocOp::create(b, acc, b.getI32IntegerAttr(int32_t(columns)));
    });
    waitBoxStores(thread0);
  }

private:
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
      Tcgen05MmaOp::create(b, acc, sA, sB, accumulate, c.nMajorB,
                           c.mMajorA);
      Tcgen05CommitOp::create(b, bars, commit);
    });
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
  ///
  /// `dynamicKTiles`: the number of k-tiles where it is known only at run
  /// time (null: static); the first loads are then guarded by it.
  void buildRing(Value ringA, Value ringB, int64_t stages, Value bars,
                 Value acc, Value warp0, Value thread0, Value dynamicKTiles) {
    Value kTiles = dynamicKTiles;
    ifThen(thread0, [&] {
      if (!dynamicKTiles) {
        int64_t count = llvm::divideCeil(g.k, c.blockK);
        for (int64_t s = 0; s < std::min(stages, count); ++s)
          loadStage(index(s), index(s), ringA, ringB, bars);
        return;
      }
      for (int64_t s = 0; s < stages; ++s)
        ifThen(arith::CmpIOp::create(b, arith::CmpIPredicate::ult, index(s),
                                     dynamicKTiles),
               [&] { loadStage(index(s), index(s), ringA, ringB, bars); });
    });
    if (!kTiles)
      kTiles = index(llvm::divideCeil(g.k, c.blockK));
    auto loop = scf::ForOp::create(b, index(0), kTiles, index(1),
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
      RingStep step = ringStep(stage, phase, stages);
      Value prev = step.prev, prevPhase = step.prevPhase;
      Value next = arith::AddIOp::create(b, kt, index(stages - 1));
      Value refill = arith::AndIOp::create(
          b, thread0,
          arith::AndIOp::create(
              b,
              arith::CmpIOp::create(b, arith::CmpIPredicate::ne, kt,
                                    index(0)),
              arith::CmpIOp::create(b, arith::CmpIPredicate::ult, next,
                                    kTiles)));
      ifThen(refill, [&] {
        MBarrierWaitOp::create(
            b, bars, arith::AddIOp::create(b, prev, index(stages)),
            prevPhase);
        loadStage(next, prev, ringA, ringB, bars);
      });
      scf::YieldOp::create(b, ValueRange{step.next, step.nextPhase});
    }
    waitForLastCommit(bars, stages, dynamicKTiles);
  }

  /// Every thread waits for the commit of the last k-tile's MMAs, which
  /// follows every MMA (to the empty barrier of its stage, in the phase of
  /// its use), then fences for tcgen05. With `dynamicKTiles` (the count
  /// known only at run time), only where there is a k-tile.
  void waitForLastCommit(Value bars, int64_t stages, Value dynamicKTiles) {
    if (!dynamicKTiles) {
      int64_t lastTile = llvm::divideCeil(g.k, c.blockK) - 1;
      MBarrierWaitOp::create(b, bars, index(stages + lastTile % stages),
                             boolean((lastTile / stages) % 2));
      Tcgen05FenceOp::create(b, /*after=*/true);
      return;
    }
    ifThen(arith::CmpIOp::create(b, arith::CmpIPredicate::ne, dynamicKTiles,
                                 index(0)),
           [&] {
             Value last = arith::SubIOp::create(b, dynamicKTiles, index(1));
             Value stage = arith::AddIOp::create(
                 b, index(stages),
                 arith::RemUIOp::create(b, last, index(stages)));
             Value odd = arith::CmpIOp::create(
                 b, arith::CmpIPredicate::ne,
                 arith::AndIOp::create(
                     b, arith::DivUIOp::create(b, last, index(stages)),
                     index(1)),
                 index(0));
             MBarrierWaitOp::create(b, bars, stage, odd);
             Tcgen05FenceOp::create(b, /*after=*/true);
           });
  }

  /// Rung 7: the ring of rung 6 with the warps specialized (see the file
  /// comment). The roles are the branches of one scf.if (warp 0 | the
  /// rest, in which warp 1 issues), so they meet only at the mbarriers; the
  /// block reconverges after it and waits, as rung 6 does, for the commit
  /// of the last k-tile, which follows every MMA.
  void buildSpecialized(Value ringA, Value ringB, int64_t stages, Value bars,
                        Value acc, Value tx, Value warp,
                        Value dynamicKTiles) {
    Value producer =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, warp, index(0));
    auto roles = scf::IfOp::create(b, producer, /*withElseRegion=*/true);
    {
      // The producer: its first thread loads k-tile kt into stage kt mod S
      // once the MMAs of the stage's previous k-tile have completed (their
      // commit to empty[s]; the first round's wait, on the other parity,
      // returns at once).
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(roles.thenBlock()->getTerminator());
      Value leader =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tx, index(0));
      ifThen(leader, [&] {
        produceKTiles({index(0), boolean(false)}, ringA, ringB, bars, stages);
      });
    }
    {
      // The MMA warp: per k-tile, wait for its stage and issue its MMAs,
      // committed to the stage's empty barrier, from one elected thread.
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(roles.elseBlock()->getTerminator());
      Value issuer =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, warp, index(1));
      ifThen(issuer, [&] {
        ringLoop({index(0), boolean(false)}, {}, stages,
                 [&](Value kt, RingPosition at, const RingStep &,
                     ValueRange) -> SmallVector<Value> {
                   MBarrierWaitOp::create(b, bars, at.stage, at.phase);
                   Value k0 = arith::MulIOp::create(b, kt, index(c.blockK));
                   Value emptyBar =
                       arith::AddIOp::create(b, at.stage, index(stages));
                   issueMma(k0, /*warp0=*/boolean(true), acc,
                            stageTile(ringA, at.stage),
                            stageTile(ringB, at.stage), bars, emptyBar);
                   return {};
                 });
      });
    }
    waitForLastCommit(bars, stages, dynamicKTiles);
  }

  /// A block barrier that hands tcgen05 work between threads.
  void fencedBarrier() {
    Tcgen05FenceOp::create(b, /*after=*/false);
    BarrierOp::create(b);
    Tcgen05FenceOp::create(b, /*after=*/true);
  }

  /// Writes this thread's rows of the accumulator `acc` (null: zeros) to
  /// C, or with tma-store into the boxes, fenced for the async proxy the
  /// TMA unit reads them through.
  void writeback(Value acc, Value warp) {
    writeRows(acc, warp);
    if (c.tmaStore)
      FenceProxyAsyncOp::create(b);
  }

  void writeRows(Value acc, Value warp) {
    // BM = 128: thread t reads row t, all BN columns, 32 per tcgen05.ld (16
    // when BN is not a multiple of 32). BM = 64: each half of a warp reads
    // BN / 2 columns of its 16 rows, the second half through the
    // 16x32bx2 shape's offset of BN / 2 columns; up to 32 per load.
    bool halves = c.blockM != tcgen05::kMmaM;
    int64_t span = halves ? c.blockN / 2 : c.blockN;
    int64_t chunk = 32;
    while (span % chunk)
      chunk /= 2;
    std::optional<uint32_t> halfSplit;
    if (halves)
      halfSplit = uint32_t(span);
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
    // Otherwise runs of 16 bytes where C's rows keep them aligned, each
    // guarded by its first column (N a multiple of the run: all of it
    // inside C or none); where N is known only at run time, that is tested
    // once (uniform in the grid) and the elements are stored alone where
    // it fails.
    int64_t group = std::min<int64_t>(chunk, 16 / getElementBytes(outElem));
    bool runs = !vectors && group > 1 &&
                vectorStores(group, /*guardedEdge=*/true);
    Value runsAligned;
    if (!vectors && !runs && group > 1 && !c.tmaStore)
      runsAligned = dynamicNMultipleOf(group);
    // The first column of C this thread stores.
    Value first = n0;
    if (halves)
      first = arith::AddIOp::create(
          b, n0, arith::MulIOp::create(b, half, index(span)));
    auto loop = scf::ForOp::create(b, index(0), index(span), index(chunk));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value j0 = loop.getInductionVar();
    auto rowType = VectorType::get({chunk}, b.getF32Type());
    Value values;
    if (acc) {
      Value addr = arith::AddIOp::create(
          b, warpAcc, arith::IndexCastOp::create(b, b.getI32Type(), j0));
      values = Tcgen05LdOp::create(b, rowType, addr,
                                   halfSplit ? b.getI32IntegerAttr(*halfSplit)
                                             : IntegerAttr());
      Tcgen05WaitLdOp::create(b);
    } else {
      values = arith::ConstantOp::create(
          b, DenseElementsAttr::get(rowType, b.getF32FloatAttr(0.0f)));
    }
    Value col0 = arith::AddIOp::create(b, first, j0);
    if (c.tmaStore) {
      stageRow(values, col0);
      return;
    }
    auto colOf = [&](OpBuilder &nb, Location loc, int64_t e) -> Value {
      return plusIndex(nb, loc, col0, e);
    };
    if (vectors) {
      // Only rows can leave C: one guard for the whole row segment.
      storeRun(b, b.getLoc(), values, 0, chunk, col0, /*guardCol=*/false);
      return;
    }
    auto storeRuns = [&](OpBuilder &nb, Location loc, int64_t run) {
      for (int64_t e = 0; e < chunk; e += run)
        storeRun(nb, loc, values, e, run, colOf(nb, loc, e),
                 /*guardCol=*/true);
    };
    if (runs) {
      storeRuns(b, b.getLoc(), group);
      return;
    }
    if (runsAligned) {
      scf::IfOp::create(
          b, runsAligned,
          [&](OpBuilder &nb, Location loc) {
            storeRuns(nb, loc, group);
            scf::YieldOp::create(nb, loc);
          },
          [&](OpBuilder &nb, Location loc) {
            storeRuns(nb, loc, 1);
            scf::YieldOp::create(nb, loc);
          });
      return;
    }
    storeRuns(b, b.getLoc(), 1);
  }

  /// `v + e` (an index), `v` itself for e = 0.
  static Value plusIndex(OpBuilder &nb, Location loc, Value v, int64_t e) {
    if (e == 0)
      return v;
    return arith::AddIOp::create(nb, loc, v,
                                 arith::ConstantIndexOp::create(nb, loc, e));
  }

  /// Stores elements `first` .. `first + count - 1` of this thread's row
  /// segment `values` (f32) at column `col` of its row of C, cast and
  /// through the epilogue: one vector store of `count` elements (one
  /// element: a scalar store), inside C (the row, and with `guardCol` the
  /// first column).
  void storeRun(OpBuilder &nb, Location loc, Value values, int64_t first,
                int64_t count, Value col, bool guardCol) {
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    auto store = [&](OpBuilder &sb, Location sl) {
      SmallVector<Value> elems;
      for (int64_t e = 0; e < count; ++e) {
        Value v = vector::ExtractOp::create(sb, sl, values,
                                            ArrayRef<int64_t>{first + e});
        elems.push_back(finalValue(sb, sl, v, row, plusIndex(sb, sl, col, e)));
      }
      if (count == 1) {
        memref::StoreOp::create(sb, sl, elems.front(), g.out,
                                ValueRange{row, col});
        return;
      }
      Value vec = vector::FromElementsOp::create(
          sb, sl, VectorType::get({count}, outElem), elems);
      // 16 bytes, or the whole run where it is shorter (BM = 64 with
      // BN / 2 not a multiple of 8).
      int64_t bytes = count * getElementBytes(outElem);
      vector::StoreOp::create(sb, sl, vec, g.out, ValueRange{row, col},
                              /*nontemporal=*/false,
                              llvm::MaybeAlign(std::min<int64_t>(16, bytes)));
    };
    buildGuarded(nb, loc, inBounds(nb, loc, row, guardCol ? col : Value()),
                 store);
  }

  /// tma-store: writes the `chunk` f32 values of this thread's row from
  /// column `col0` of C (a multiple of `chunk`, inside one box) into the
  /// boxes, cast and through the epilogue: one 16-byte vector store per
  /// chunk of the swizzle, where its first column lies inside C (with N a
  /// multiple of the chunk, as C's 16-byte aligned rows make it unless C
  /// is a view, the chunk is then wholly inside C). A warp's
  /// 32 rows hit the 32 banks in each phase of 8 threads: the rows' phases
  /// are 8 consecutive values, so the same chunk of each lands on 8
  /// distinct chunks of 16 bytes.
  void stageRow(Value values, Value col0) {
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    int64_t chunk = cast<VectorType>(values.getType()).getNumElements();
    int64_t perChunk = boxColumns() / 8;
    bool wholeChunks = knownMultiple(GemmDim::N, perChunk);
    Value tileRow = arith::SubIOp::create(b, row, m0);
    for (int64_t q = 0; q < chunk; q += perChunk) {
      Value col = arith::AddIOp::create(b, col0, index(q));
      auto [box, physCol] =
          swizzledBoxColumn(arith::SubIOp::create(b, col, n0), rowPhase);
      auto store = [&](OpBuilder &nb, Location loc) {
        SmallVector<Value> elems;
        for (int64_t e = 0; e < perChunk; ++e) {
          Value v = vector::ExtractOp::create(nb, loc, values,
                                              ArrayRef<int64_t>{q + e});
          Value colE = plusIndex(nb, loc, col, e);
          // A view of C whose N is not a multiple of the chunk (its rows
          // 16-byte aligned all the same): the columns past N stay zero,
          // their epilogue operands unread.
          Value inside;
          if (!wholeChunks)
            inside = arith::CmpIOp::create(
                nb, loc, arith::CmpIPredicate::ult, colE,
                dynamicSize(GemmDim::N)
                    ? dynamicSize(GemmDim::N)
                    : arith::ConstantIndexOp::create(nb, loc, g.n)
                          .getResult());
          elems.push_back(valueWhere(
              nb, loc, inside, outElem, [&](OpBuilder &ib, Location il) {
                return finalValue(ib, il, v, row, colE);
              }));
        }
        Value vec = vector::FromElementsOp::create(
            nb, loc, VectorType::get({perChunk}, outElem), elems);
        vector::StoreOp::create(nb, loc, vec, outBoxes,
                                ValueRange{box, tileRow, physCol},
                                /*nontemporal=*/false, llvm::MaybeAlign(16));
      };
      buildGuarded(b, b.getLoc(), inBounds(b, b.getLoc(), row, col), store);
    }
  }

  /// tma-store, after every thread staged and fenced its rows and a block
  /// barrier: thread 0 stores the boxes; it waits until they are read
  /// (waitBoxStores) only after the accumulator's release, so that tensor
  /// memory is free while the TMA unit reads the boxes.
  void issueBoxStores(Value thread0) {
    if (c.tmaStore)
      ifThen(thread0, [&] { issueOutputStores(outBoxes); });
  }
  void waitBoxStores(Value thread0) {
    if (c.tmaStore)
      ifThen(thread0,
             [&] { TmaStoreWaitOp::create(b, b.getI32IntegerAttr(0)); });
  }

  /// This thread's row of C and, with BM = 64, which half of the tile's
  /// columns it stores (0 or 1).
  Value row, half;
  /// tma-store: the boxes of C and this thread's row phase in them.
  Value outBoxes, rowPhase;
  int64_t columns = 0;
};

} // namespace

void mlir::uop::buildTcgen05Kernel(OpBuilder &builder, Location loc,
                                   gpu::LaunchOp launch, const GemmInfo &gemm,
                                   const TileConfig &config,
                                   std::array<Value, 3> dynamicSizes) {
  ImplicitLocOpBuilder b(loc, builder);
  Tcgen05KernelBuilder(b, gemm, config, dynamicSizes).build(launch);
}
