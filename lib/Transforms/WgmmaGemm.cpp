//===- WgmmaGemm.cpp - the Hopper GEMM kernel of uop-tile -----------------===//
//
// uop-tile with mma=wgmma (sm_90a) builds a warpgroup-MMA kernel in uop IR.
// A block computes a BM x BN tile of C (BM = 64 or 128, BN a multiple of 8
// up to 256, BK = 64) with BM / 64 warpgroups; warpgroup w owns rows
// 64 w .. 64 w + 63 of the tile, its accumulator a vector<BN/2 x f32> per
// thread in the wgmma fragment (Wgmma.h) carried through the K-loop.
//
// With TMA (16-byte aligned rows), the tiles are a ring of S stages
// (`stages`, by default the deepest that fits the chip's shared memory, at
// most 6), each stage one BM x 64 box of A and one BN x 64 box of B where
// they are stored M x K and N x K (K-major), or, where the GEMM stores A as
// K x M or B as K x N, BM / 64 or BN / 64 boxes of 64 k-rows x 64 that
// uop.wgmma_mma reads M- or N-major (a_m_major, b_n_major: imm-trans-a /
// imm-trans-b), 128-byte swizzled by the TMA unit, with a full mbarrier (one
// arrival with the boxes' transaction bytes) and an empty one (one arrival
// per warp of the block, its lane 0's):
//
//   thread 0: init the barriers; fence; block barrier; load k-tiles 0..S-1
//   per k-tile kt in stage s (the loop carries s, its parity and the
//   accumulator):
//     wait full[s]; wgmma.fence; acc = wgmma(A rows of the warpgroup, B,
//     acc); commit_group; wait_group 1 (the MMA of k-tile kt - 1 is done,
//     kt's stays in flight behind it);
//     lane 0 of every warp arrives on empty[s - 1] (k-tile kt - 1's MMA,
//     one operation of the warpgroup, is complete, its reads of the stage
//     with it); thread 0 waits for that phase of empty[s - 1] and refills
//     the stage with k-tile kt - 1 + S
//   wait_group 0; writeback
//
// so the tensor core always has the next k-tile's MMA queued while a stage
// is refilled, and S - 1 k-tiles of loads are in flight.
//
// Warp-specialized (`warp-specialize`, the default with a ring), the block
// has one more warpgroup, the producer, after the BM / 64 consumers; the
// roles are the two branches of one scf.if:
//
//   thread 0: init the barriers (empty[s] expects one arrival per consumer
//   warp, its lane 0's: a wgmma is one operation of its warpgroup, so a
//   warp past wait_group knows the MMA's reads of the stage are over);
//   fence; block barrier
//   producer: setmaxnreg decrease 40 (with two consumers); its first
//     thread, per k-tile kt in stage s: wait empty[s] for the round before
//     (the first round's wait, on the other parity, returns at once); load
//     kt into stage s
//   consumers: setmaxnreg increase 232 (with two consumers); per k-tile:
//     wait full[s]; fence; MMA; commit; wait_group 1; lane 0 of each warp
//     arrives on empty[s-1];
//   then wait_group 0 and the writeback
//
// so the loads run ahead of the MMAs by up to S k-tiles without any
// consumer thread issuing them, and the registers go to the accumulators.
// With `persistent-blocks` (forEachTile) both roles loop over the block's
// tiles, carrying the ring position from tile to tile, and the consumers
// also release the stage of each tile's last k-tile, so the producer runs
// into the next tile while they write this one back.
// With `cluster-m` CM or `cluster-n` CN > 1 (warp-specialized), the grid
// forms thread-block clusters of CN x CM blocks (CN along N, x; CM along M,
// y; the grid rounded up to whole clusters; a block past M or N loads and
// releases its share but writes nothing). The CM blocks of a cluster
// column compute tiles of one column of C, so they need the same k-tiles
// of B; the CN blocks of a cluster row, the same k-tiles of A. The block at
// (x mod CN, y mod CM) = (p, q) of its cluster loads part q of B's tile
// (BN / CM rows, or BN / 64 / CM boxes of a B stored K x N) by one
// multicast TMA load into the same stage of every block of its column, and
// part p of A's (BM / CN rows, or BM / 64 / CN boxes of an A stored K x M)
// into every block of its row, so each operand crosses L2 once per
// cluster row or column:
//
//   thread 0: init (full[s]: the producer's one arrival with the bytes of
//     the whole A and B; empty[s]: one release per releasing warp, every
//     consumer warp or, ping-pong, the turn's warpgroup's, of every block
//     of the cluster's row and column, CN + CM - 1 blocks); fence;
//     cluster barrier
//   producer: wait own empty[s]; expect_tx; multicast A's part p to the
//     row, B's part q to the column (a load of its own where the count is
//     1)
//   consumers: as above, but lanes 0 .. CN + CM - 2 of each warp release
//     the stage to the blocks of the row and column (remote arrivals):
//     their producers write into it, so each waits for every consumer it
//     writes to
//   cluster barrier (no block exits while a peer may still multicast
//     into it or arrive on its barriers)
//
// With `persistent-blocks` P as well, the grid is max(1, P / (CM CN))
// clusters along x (at most one per cluster tile); each cluster loops over
// the cluster tiles (CM x CN tiles) as a persistent block loops over tiles,
// its blocks in step (the ping-pong warpgroups' turns too), each releasing
// the last k-tile's stage of a tile to the same blocks.
//
// With `split-k` S > 1 (warp-specialized, one tile a block) the grid has S
// blocks per tile along z (a batch's GEMM g at z = g S .. g S + S - 1,
// slice z mod S): block z's producer and consumers run the ring
// over k-tiles [z T / S, (z + 1) T / S) of the T (kTileBegin, kTileEnd),
// from stage 0, the consumers' first release after their own first
// k-tile; the accumulator starts at zero and the writeback adds it into
// the f32 C with one atomic add an element (addPartialSums), C holding the
// fill value from a kernel tileGemm launches before (or the old C).
//
// A peer's multicast may complete on a block's full barrier before the
// block's own producer announced the bytes; the phase stays open on that
// producer's arrival (the transaction count goes below zero meanwhile).
//
// With `pingpong` (persistent) the two consumer warpgroups take the
// block's tiles in turn instead of sharing each, each multiplying a whole
// tile (BM = 128: two MMAs of 64 rows, two accumulators): warpgroup w runs
// tiles w, w + 2, ... (consumeTiles, one branch per warpgroup), stepping
// its ring position over the other's k-tiles after each; turn[w] mbarriers
// order their waits on the ring (waitForTurn), so that one's epilogue
// overlaps the other's MMAs and neither waits a round ahead of a stage.
//
// Without TMA (unaligned rows, B stored K x N with BN not a multiple of 64,
// or stages=1), the block copies each k-tile into one pair of swizzled
// tiles (transposing where the GEMM stores A as K x M or B as K x N,
// zero-filling past the matrix), fences them for the async proxy and
// publishes them with a barrier; then fence, MMA, commit, wait_group 0, and
// a barrier before the next copy.
//
// Thread t of warpgroup w holds, in register i, the element at row
// 64 w + fragmentRow(t, i), column fragmentCol(t, i) of the tile. The
// accumulator starts at the fill value or the old C (read through that map,
// so the sum is linalg's: C + the products in k order); the writeback stores
// pairs of adjacent columns as one 2-element vector where N is a multiple
// of BN, each element guarded at the edges otherwise, after the output cast
// and the fused epilogue.
//
// With sizes known only at run time (memref<?x?> operands), the kernel is
// the same but for what follows the sizes: the ring loops run ceil(K / 64)
// k-tiles, computed once a tile (none in a block whose tile lies outside C,
// which only M = 0 or N = 0 makes: an empty A or B has nothing to load), the
// non-specialized ring's first S loads are each guarded by that count, a
// dynamic M puts M's tiles along grid x (one tile a block, no clusters;
// clusters keep their CN x CM shape, and their blocks run the k-tiles all or
// none, by the cluster's first tile), persistent blocks and the grouped
// order count the ceil(M / BM) x ceil(N / BN) tiles at run time (the host
// launches max(1, min(P, tiles)) blocks along x, or max(1, min(P / (CM CN),
// cluster tiles)) clusters), ping-pong steps over the other warpgroup's
// ceil(K / 64) k-tiles, split K slices the run-time count (a slice may be
// empty: its block adds zeros), and the edge guards compare with the
// run-time M and N (where C's row stride is N, known only at run time, the
// writeback stores pairs as vectors if N turns out even, elements alone if
// it is odd: dynamicNMultipleOf).
//
// With `tma-store` (a ring), the writeback goes through shared memory
// instead: the consumers write their fragments, cast and through the
// epilogue, into 128-byte-swizzled boxes of BM rows of 128 bytes
// (bank-conflict free; stmatrix.x4 for a 16-bit C that the tiles divide
// in N, the fragment's pairs being stmatrix's layout), fence them for the
// async proxy, and after a block barrier thread 0 writes each box to C
// with uop.tma_store (the TMA unit clips it at C's edges) and waits for
// the boxes' reads. Persistent consumers cannot use a block barrier (the
// producer is a tile ahead): they meet at a named barrier of their own
// (bar.sync 1, consumers) after thread 0 waited for the previous tile's
// stores, stage, meet again, and thread 0 issues the stores without
// waiting, so a tile's stores overlap the next tile's MMAs; the last
// tile's are waited for at the end.
//
//===----------------------------------------------------------------------===//

#include "SwizzledGemmBuilder.h"
#include "Uop/Dialect/Uop/IR/Wgmma.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::uop;

namespace {

/// The register budgets of the warp-specialized kernel with two consumer
/// warpgroups (setmaxnreg): the producer's, which only issues loads, and
/// the consumers', which hold the accumulators. A block of 384 threads
/// starts with 168 registers per thread (65536 / 384, rounded down to a
/// multiple of 8: Wgmma.h's registersAtLaunch, which convert-uop-to-nvvm
/// fixes as the kernel's `.maxnreg`); setmaxnreg.inc blocks until the
/// block's pool holds what it asks, which only the producer's decrease
/// fills: 128 x (168 - 40) = 2 x 128 x (232 - 168), so the consumers never
/// wait (uop-sim models the pool and would report an increase it cannot
/// pay for). With one consumer warpgroup (256 threads, up to 255 registers
/// each) nothing needs moving and the kernel has no setmaxnreg.
constexpr int64_t kProducerRegisters = 40;
constexpr int64_t kConsumerRegisters = 232;

/// The named barrier the consumer warpgroups of a persistent block meet at
/// around each tile's TMA-store epilogue (barrier 0 is the block's).
constexpr int64_t kOutputBarrier = 1;

class WgmmaKernelBuilder : public SwizzledGemmBuilder {
public:
  /// `batchCount`: see buildWgmmaKernel.
  WgmmaKernelBuilder(ImplicitLocOpBuilder &b, const GemmInfo &g,
                     const TileConfig &c, std::array<Value, 3> dynamicSizes,
                     Value batchCount)
      : SwizzledGemmBuilder(b, g, c, dynamicSizes), batchCount(batchCount) {
    // (Only the warp-specialized roles loop over tiles: the other ring's
    // writeback would store GEMM 0's views.)
    assert((!batchCount || (g.batched && persistent() && c.warpSpecialize)) &&
           "a batch's tiles are looped over by persistent blocks alone");
  }

  void build(gpu::LaunchOp launch) {
    // The persistent blocks of a batch: the tiles of every GEMM of it, each
    // on the views of its GEMM (forEachTile); outside the tiles, the first
    // GEMM's views stand for their types.
    if (batchCount) {
      batch = g;
      g = buildBatchGemm(b, b.getLoc(), batch, index(0));
    }
    Value tx = launch.getThreadIds().x;
    gpu::KernelDim3 blockIds = launch.getBlockIds();
    // The persistent tile loops count clusters along x (blocks without
    // clusters along N).
    blockX = blockIds.x;
    gridX = launch.getGridSize().x;
    if (c.clusterN > 1) {
      blockX = arith::DivUIOp::create(b, blockX, index(c.clusterN));
      gridX = arith::DivUIOp::create(b, gridX, index(c.clusterN));
    }
    setBlockTileOrigin(blockIds);
    // Split K (fitted to the warp-specialized ring only; any other path
    // ignores it and multiplies all of K, which stays correct).
    if (c.splitK > 1 && c.warpSpecialize) {
      // Block z multiplies k-tiles [z T / S, (z + 1) T / S) of the T (none
      // where its tile lies outside C: kTileCount).
      Value kTiles = kTileCount();
      auto bound = [&](Value z) {
        return arith::DivUIOp::create(
            b, arith::MulIOp::create(b, z, kTiles), index(c.splitK));
      };
      // (A batch's GEMM z has the slices z S .. z S + S - 1.)
      Value slice = blockIds.z;
      if (g.batchIndex)
        slice = arith::RemUIOp::create(b, slice, index(c.splitK));
      kTileBegin = bound(slice);
      kTileEnd = bound(arith::AddIOp::create(b, slice, index(1)));
    }
    fragmentOrigin(tx);
    bool ring = c.stages > 1;
    Value sA, sB;
    // (A K known only at run time may be 0 too: the K-loop runs no
    // k-tile then.)
    if (g.k != 0) {
      sA = allocTiles(c.blockM, ring ? c.stages : 0);
      sB = allocTiles(c.blockN, ring ? c.stages : 0);
    }
    if (c.tmaStore)
      allocOutputBoxes(c.pingpong ? 2 : 1);
    if (c.warpSpecialize) {
      buildSpecialized(tx, sA, sB);
      // Persistent consumers store each tile's boxes in their loop.
      if (!persistent())
        storeOutputBoxes(tx);
      // No block of a cluster exits while its peers may still multicast
      // into its stages or arrive on its barriers.
      if (clustered())
        ClusterBarrierOp::create(b);
      return;
    }
    // The accumulator starts as linalg's sum does: at the fill value or the
    // old C.
    Value zero = initialAccumulator();

    // K = 0: nothing to multiply; the initial accumulator is written back.
    if (g.k == 0) {
      writeback(zero);
      storeOutputBoxes(tx);
      return;
    }

    auto rowsOfA = [&](Value tile) { return warpgroupRowsOfA(tx, tile); };

    Value acc;
    if (ring) {
      acc = buildRing(tx, sA, sB, zero, rowsOfA);
    } else {
      auto loop = scf::ForOp::create(b, index(0), sizeOf(GemmDim::K),
                                     index(c.blockK), ValueRange{zero});
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(loop.getBody());
        copyTiles(loop.getInductionVar(), sA, sB);
        WgmmaFenceOp::create(b);
        Value c = loop.getRegionIterArgs().front();
        Value next = WgmmaMmaOp::create(b, c.getType(), rowsOfA(sA), sB, c);
        WgmmaCommitGroupOp::create(b);
        WgmmaWaitGroupOp::create(b, 0);
        // Nobody overwrites the tiles before every warpgroup read them.
        BarrierOp::create(b);
        scf::YieldOp::create(b, next);
      }
      acc = loop.getResult(0);
    }
    writeback(acc);
    storeOutputBoxes(tx);
  }

private:
  /// The 64 rows of a BM x 64 tile of A that the warpgroup of thread `tx`
  /// multiplies: a 1024-byte-aligned contiguous tile (64 rows of 128
  /// bytes).
  Value warpgroupRowsOfA(Value tx, Value tile) {
    if (c.blockM == wgmma::kMmaM)
      return tile;
    Value warpgroup =
        arith::DivUIOp::create(b, tx, index(wgmma::kWarpgroupThreads));
    Value firstRow = arith::MulIOp::create(b, warpgroup, index(wgmma::kMmaM));
    return rowsOf(tile, firstRow, wgmma::kMmaM);
  }

  /// The ring's mbarriers, initialized by `thread0` and published with a
  /// block barrier: full[s] (barrier s) takes one arrival with the TMA
  /// bytes, empty[s] (barrier S + s) `releasers` arrivals (one per
  /// releasing warp and target block); with `pingpong`, turn[w] (barrier
  /// 2S + w) one per thread of a warpgroup.
  Value createRingBarriers(Value thread0, int64_t releasers) {
    MLIRContext *ctx = b.getContext();
    Attribute workgroup =
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    int64_t stages = c.stages;
    int64_t turnBarriers = c.pingpong ? 2 : 0;
    auto barsType = nvgpu::MBarrierGroupType::get(ctx, workgroup,
                                                  2 * stages + turnBarriers);
    Value bars = nvgpu::MBarrierCreateOp::create(b, barsType);
    ifThen(thread0, [&] {
      for (int64_t s = 0; s < stages; ++s) {
        MBarrierInitOp::create(b, bars, index(s), index(1));
        MBarrierInitOp::create(b, bars, index(stages + s), index(releasers));
      }
      for (int64_t w = 0; w < turnBarriers; ++w)
        MBarrierInitOp::create(b, bars, index(2 * stages + w),
                               index(wgmma::kWarpgroupThreads));
      // The initialization, visible to the TMA unit's complete_tx.
      FenceProxyAsyncOp::create(b);
    });
    // With clusters, the peers' multicast loads complete on these barriers
    // and their consumers arrive on them: the cluster barrier (release /
    // acquire) orders the initialization before any of that.
    if (clustered())
      ClusterBarrierOp::create(b);
    else
      BarrierOp::create(b);
    return bars;
  }

  /// The warp-specialized ring (see the file comment): the last warpgroup
  /// produces, the BM / 64 before it (two with `pingpong`) multiply and
  /// write C back.
  void buildSpecialized(Value tx, Value ringA, Value ringB) {
    int64_t stages = c.stages;
    int64_t consumerGroups = c.pingpong ? 2 : c.blockM / wgmma::kMmaM;
    int64_t consumers = consumerGroups * wgmma::kWarpgroupThreads;
    bool twoConsumers = consumerGroups == 2;
    Value thread0 =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tx, index(0));
    // A stage is released by the warpgroups that multiplied it: both of a
    // shared tile, or the one whose turn it was, by one lane per warp
    // (releaseStage); with clusters, by one lane per warp of those in every
    // block of the cluster's row and column (whose producers write into
    // the stage; a ping-pong turn is the same warpgroup's in every block,
    // as the blocks take their cluster's tiles in step).
    int64_t releasers =
        releaseTargets() *
        ((c.pingpong ? wgmma::kWarpgroupThreads : consumers) / 32);
    Value bars = createRingBarriers(thread0, releasers);

    Value producer = arith::CmpIOp::create(b, arith::CmpIPredicate::uge, tx,
                                           index(consumers));
    auto roles = scf::IfOp::create(b, producer, /*withElseRegion=*/true);
    {
      // The producer: one thread loads k-tile kt into stage kt mod S once
      // the consumers have released the stage's previous k-tile (its
      // empty barrier's phase of the round before; the first round's wait
      // on the other parity returns at once).
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(roles.thenBlock()->getTerminator());
      if (twoConsumers)
        SetMaxNRegOp::create(b, /*increase=*/false, kProducerRegisters);
      Value leader = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tx,
                                           index(consumers));
      ifThen(leader, [&] {
        forEachTile([&](RingPosition start) {
          return produceKTiles(start, ringA, ringB, bars, stages);
        });
      });
    }
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(roles.elseBlock()->getTerminator());
      if (twoConsumers)
        SetMaxNRegOp::create(b, /*increase=*/true, kConsumerRegisters);
      if (!c.pingpong) {
        consumeTiles(tx, thread0, consumers, bars, ringA, ringB, /*turn=*/0,
                     /*turns=*/1);
        return;
      }
      // Ping-pong: warpgroup w takes the block's tiles w, w + 2, ... as a
      // thread block of its own (its threads numbered from 0).
      Value second =
          arith::CmpIOp::create(b, arith::CmpIPredicate::uge, tx,
                                index(wgmma::kWarpgroupThreads));
      auto turns = scf::IfOp::create(b, second, /*withElseRegion=*/true);
      b.setInsertionPoint(turns.thenBlock()->getTerminator());
      Value local = arith::SubIOp::create(b, tx,
                                          index(wgmma::kWarpgroupThreads));
      Value localThread0 =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, local, index(0));
      consumeTiles(local, localThread0, wgmma::kWarpgroupThreads, bars, ringA,
                   ringB, /*turn=*/1, /*turns=*/2);
      b.setInsertionPoint(turns.elseBlock()->getTerminator());
      consumeTiles(tx, thread0, wgmma::kWarpgroupThreads, bars, ringA, ringB,
                   /*turn=*/0, /*turns=*/2);
    }
  }

  /// The consumers' loop (see the file comment), for the threads `tx`
  /// counts from 0 (`consumers` of them; `thread0`: tx == 0): per tile,
  /// wait for each k-tile's stage, multiply, keep the MMA in flight behind
  /// the previous one, release the previous k-tile's stage; then the
  /// writeback. With `turns` > 1 these consumers take tile `turn` of each
  /// `turns` of the block's (ping-pong) and step over the others' k-tiles
  /// in the ring.
  void consumeTiles(Value tx, Value thread0, int64_t consumers, Value bars,
                    Value ringA, Value ringB, int64_t turn, int64_t turns) {
    int64_t stages = c.stages;
    // Ping-pong steps over the other warpgroup's k-tiles (ceil(K / 64) a
    // tile: every tile of the loop lies inside C).
    Value kTiles = turns > 1 ? kTilesOfK() : Value();
    // A ping-pong warpgroup multiplies its whole tile: BM / 64 MMAs of 64
    // rows a k-tile, an accumulator each.
    int64_t halves = c.pingpong ? c.blockM / wgmma::kMmaM : 1;
    RingPosition first =
        advanceRing({index(0), boolean(false)}, turn, kTiles, stages);
    Value turnBar, otherTurnBar;
    if (turns > 1) {
      turnBar = index(2 * stages + turn);
      otherTurnBar = index(2 * stages + (1 - turn));
    }
    // Ping-pong warpgroups stage their tiles in boxes and meet at a named
    // barrier of their own.
    if (c.tmaStore)
      outBoxes = outBoxesOf[turn];
    forEachTile(
        [&](RingPosition start) {
          if (persistent())
            fragmentOrigin(tx);
          if (c.tmaStore && turns > 1)
            setOutputRowPhase();
          SmallVector<Value> zeros;
          for (int64_t h = 0; h < halves; ++h)
            withRows(h, [&] { zeros.push_back(initialAccumulator()); });
          if (turns > 1)
            waitForTurn(bars, turnBar, turn, turns);
          auto [end, acc] = ringLoop(
              start, zeros, stages,
              [&](Value kt, RingPosition at, const RingStep &step,
                  ValueRange carried) -> SmallVector<Value> {
                MBarrierWaitOp::create(b, bars, at.stage, at.phase);
                WgmmaFenceOp::create(b);
                Value tileA = stageTile(ringA, at.stage);
                SmallVector<Value> next;
                for (int64_t h = 0; h < halves; ++h) {
                  // The warpgroup's 64 rows of A, or (a ping-pong tile of
                  // 128 rows) the half h.
                  Value rows = halves == 1
                                   ? warpgroupRowsOfA(tx, tileA)
                                   : rowsOf(tileA, index(h * wgmma::kMmaM),
                                            wgmma::kMmaM);
                  next.push_back(WgmmaMmaOp::create(
                      b, carried[h].getType(), rows,
                      stageTile(ringB, at.stage), carried[h], c.nMajorB,
                      c.mMajorA));
                }
                WgmmaCommitGroupOp::create(b);
                // The MMA of k-tile kt - 1 is complete; kt's stays in
                // flight.
                WgmmaWaitGroupOp::create(b, 1);
                Value notFirst = arith::CmpIOp::create(
                    b, arith::CmpIPredicate::ne, kt,
                    kTileBegin ? kTileBegin : index(0));
                releaseStage(bars,
                             arith::AddIOp::create(b, step.prev,
                                                   index(stages)),
                             notFirst);
                return next;
              });
          // The other warpgroup's turn: its waits on the ring come after
          // this tile's, and its MMAs queue behind these.
          if (turns > 1)
            MBarrierArriveOp::create(b, bars, otherTurnBar,
                                     /*txCount=*/Value(), /*cta=*/Value());
          WgmmaWaitGroupOp::create(b, 0);
          if (persistent()) {
            // The producer reuses the last k-tile's stage for the next tile.
            RingStep last = ringStep(end.stage, end.phase, stages);
            releaseStage(
                bars, arith::AddIOp::create(b, last.prev, index(stages)),
                /*when=*/Value());
          }
          if (persistent() && c.tmaStore)
            storeTileOfPersistent(acc, thread0, consumers,
                                  kOutputBarrier + turn);
          else
            for (int64_t h = 0; h < halves; ++h)
              withRows(h, [&] { writeback(acc[h]); });
          // The other consumers' tiles' k-tiles come next in the ring.
          return advanceRing(end, turns - 1, kTiles, stages);
        },
        first, turn, turns);
    // The last tile's stores read the boxes until this wait.
    if (persistent() && c.tmaStore)
      ifThen(thread0,
             [&] { TmaStoreWaitOp::create(b, b.getI32IntegerAttr(0)); });
  }

  /// The blocks whose producers write into a block's stages: itself, and
  /// with clusters those of its cluster row and column, itself once.
  int64_t releaseTargets() const { return c.clusterM + c.clusterN - 1; }

  /// The consumers' release of the ring stage whose empty barrier is
  /// `empty`, where `when` (an i1; null: always) holds: lane l <
  /// releaseTargets() of each consumer warp arrives on that barrier of the
  /// l-th block whose producer writes into the stage (the MMAs the warp
  /// waited for are operations of the whole warpgroup, complete with their
  /// reads of the stage once wait_group returns: lane 0 speaks for the
  /// warp), one arrival a warp rather than 32 on one barrier. Without
  /// clusters that is lane 0 on the block's own barrier; in a cluster of
  /// one row or column, the block of rank l; in a 2-D one, lanes l < CN
  /// take the blocks (l, rankM) of the row, the others the blocks of the
  /// column but this one, (rankN, j) for j = l - CN, plus one from rankM
  /// on.
  void releaseStage(Value bars, Value empty, Value when) {
    Value releaser = arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                                           laneId, index(releaseTargets()));
    when = when ? arith::AndIOp::create(b, when, releaser).getResult()
                : releaser;
    Value cta;
    if (clustered()) {
      cta = laneId;
      if (c.clusterM > 1 && c.clusterN > 1) {
        Value inRow = arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                                            laneId, index(c.clusterN));
        Value j = arith::SubIOp::create(
            b, arith::MaxUIOp::create(b, laneId, index(c.clusterN)),
            index(c.clusterN));
        Value y = arith::SelectOp::create(
            b, arith::CmpIOp::create(b, arith::CmpIPredicate::uge, j, rankM),
            arith::AddIOp::create(b, j, index(1)), j);
        cta = arith::SelectOp::create(b, inRow,
                                      clusterRankOf(laneId, rankM),
                                      clusterRankOf(rankN, y));
      }
    }
    auto arrive = [&] {
      MBarrierArriveOp::create(b, bars, empty, /*txCount=*/Value(), cta);
    };
    if (when)
      ifThen(when, arrive);
    else
      arrive();
  }

  /// Ping-pong: waits until it is the turn of consumer warpgroup `turn` to
  /// wait on the ring for the current tile, its k-th (k counted from 0):
  /// until the other warpgroup has waited for the k-tiles of the tile
  /// before (it arrives on turn[w] then). So the two warpgroups' waits on
  /// the ring's full barriers come in the ring's order, each at most one
  /// phase ahead of the barrier, as a parity wait needs (a warpgroup
  /// running a round ahead would take the stage's previous phase for the
  /// one it waits for). Warpgroup 0's first tile waits for nothing.
  void waitForTurn(Value bars, Value turnBar, int64_t turn, int64_t turns) {
    Value firstTile = arith::AddIOp::create(
        b, blockX, arith::MulIOp::create(b, gridX, index(turn)));
    Value k = arith::DivUIOp::create(
        b, arith::SubIOp::create(b, currentTile, firstTile),
        arith::MulIOp::create(b, gridX, index(turns)));
    // Warpgroup 0 waits for phase k - 1 of turn[0], warpgroup 1 for phase
    // k of turn[1].
    Value phase = turn == 0 ? arith::SubIOp::create(b, k, index(1)) : k;
    Value parity = arith::CmpIOp::create(
        b, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, phase, index(1)), index(0));
    auto wait = [&] { MBarrierWaitOp::create(b, bars, turnBar, parity); };
    if (turn == 0)
      ifThen(arith::CmpIOp::create(b, arith::CmpIPredicate::ne, k, index(0)),
             wait);
    else
      wait();
  }

  /// Runs `body` with the fragment origin (and its row in the tile) moved
  /// down by `half` x 64 rows: the accumulator of a ping-pong tile's half.
  void withRows(int64_t half, llvm::function_ref<void()> body) {
    Value savedRow = rowBase, savedTileRow = tileRowBase;
    if (half != 0) {
      Value rows = index(half * wgmma::kMmaM);
      rowBase = arith::AddIOp::create(b, rowBase, rows);
      if (tileRowBase)
        tileRowBase = arith::AddIOp::create(b, tileRowBase, rows);
    }
    body();
    rowBase = savedRow;
    tileRowBase = savedTileRow;
  }

  /// The ring position `n` k-tiles after `at` (`n` a count of tiles of
  /// `kTiles` k-tiles each, null where there is none at all): the stage n
  /// further, mod S, and the phase flipped once per wrap past the last
  /// stage.
  RingPosition advanceRing(RingPosition at, int64_t tilesOfKTiles,
                           Value kTiles, int64_t stages) {
    if (tilesOfKTiles == 0)
      return at;
    Value n = kTiles;
    if (tilesOfKTiles != 1)
      n = arith::MulIOp::create(b, kTiles, index(tilesOfKTiles));
    Value sum = arith::AddIOp::create(b, at.stage, n);
    Value wraps = arith::DivUIOp::create(b, sum, index(stages));
    Value odd = arith::CmpIOp::create(
        b, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, wraps, index(1)), index(0));
    return {arith::RemUIOp::create(b, sum, index(stages)),
            arith::XOrIOp::create(b, at.phase, odd)};
  }

  /// The TMA-store epilogue of a tile of a persistent block (see the file
  /// comment), run by the `consumers` threads alone: the producer
  /// warpgroup is loading the next tile's k-tiles meanwhile, so they meet
  /// at named barrier `barrier`, not at a block barrier (ping-pong: each
  /// warpgroup at its own, kOutputBarrier + its turn). Thread 0
  /// waits for the previous tile's stores to have read the boxes, and the
  /// barrier tells the others; they stage the fragment `acc`; a second
  /// barrier, and thread 0 issues this tile's stores, which read the
  /// boxes while the consumers run the next tile's MMAs.
  void storeTileOfPersistent(ValueRange accs, Value thread0,
                             int64_t consumers, int64_t barrier) {
    ifThen(thread0,
           [&] { TmaStoreWaitOp::create(b, b.getI32IntegerAttr(0)); });
    NamedBarrierOp::create(b, barrier, consumers);
    for (auto [h, acc] : llvm::enumerate(accs))
      withRows(h, [&] { stageOutput(acc, /*fence=*/h + 1 == accs.size()); });
    NamedBarrierOp::create(b, barrier, consumers);
    ifThen(thread0, [&] { issueOutputStores(outBoxes); });
  }


  /// Whether the blocks loop over the tiles (`persistent-blocks`).
  bool persistent() const { return c.persistentBlocks > 0; }

  /// Runs `body` for each tile of C the block computes, with m0 and n0
  /// set, the ring position carried from one tile to the next (the
  /// producer and the consumers go through the same tiles in the same
  /// order, so their rings stay in step): the block's own tile, or, with
  /// `persistent-blocks`, tiles bx, bx + P, bx + 2P, ... of the launch
  /// order over the ceil(M / BM) x ceil(N / BN) tiles (of each GEMM of a
  /// batch in turn, with the GEMM's views bound to g; P blocks along x;
  /// setTileOrigin: row-major, or grouped with `group-m`; with clusters,
  /// P clusters along x and the cluster tiles, CM tile rows x CN tile
  /// columns each, the block taking the tile at its place in each); with
  /// `turns` > 1 only tile `turn` of each `turns` of those (ping-pong),
  /// the ring starting at `init` (default: stage 0, phase 0).
  void forEachTile(llvm::function_ref<RingPosition(RingPosition)> body,
                   RingPosition init = {}, int64_t turn = 0,
                   int64_t turns = 1) {
    if (!init.stage)
      init = {index(0), boolean(false)};
    if (!persistent()) {
      body(init);
      return;
    }
    // With clusters, the tiles are the clusters' (CM tile rows x CN tile
    // columns each); with a batch, those of every GEMM, GEMM after GEMM.
    Value tilesM = tileCount(GemmDim::M);
    Value perGemm = arith::MulIOp::create(b, tilesM, tileCount(GemmDim::N));
    Value tiles = perGemm;
    if (batchCount)
      tiles = arith::MulIOp::create(b, perGemm, batchCount);
    Value firstTile = blockX;
    if (turn != 0)
      firstTile = arith::AddIOp::create(
          b, blockX, arith::MulIOp::create(b, gridX, index(turn)));
    Value stride = gridX;
    if (turns != 1)
      stride = arith::MulIOp::create(b, gridX, index(turns));
    auto loop = scf::ForOp::create(b, firstTile, tiles, stride,
                                   ValueRange{init.stage, init.phase});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value savedM0 = m0, savedN0 = n0;
    GemmInfo savedGemm = g;
    currentTile = loop.getInductionVar();
    Value tile = currentTile;
    if (batchCount) {
      // (A tile exists only where perGemm is positive.)
      g = buildBatchGemm(b, b.getLoc(), batch,
                         arith::DivUIOp::create(b, tile, perGemm));
      tile = arith::RemUIOp::create(b, tile, perGemm);
    }
    setTileOrigin(tile);
    RingPosition end =
        body({loop.getRegionIterArgs()[0], loop.getRegionIterArgs()[1]});
    scf::YieldOp::create(b, ValueRange{end.stage, end.phase});
    m0 = savedM0;
    n0 = savedN0;
    g = savedGemm;
  }

  /// The ring of TMA stages (see the file comment); returns the final
  /// accumulator, completed.
  Value buildRing(Value tx, Value ringA, Value ringB, Value zero,
                  llvm::function_ref<Value(Value)> rowsOfA) {
    int64_t stages = c.stages;
    Value thread0 =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tx, index(0));
    // empty[s]: one release a warp (releaseStage; this ring has no
    // clusters).
    Value bars = createRingBarriers(thread0, c.getBlockThreadsX() / 32);
    Value kTiles = kTileCount();
    ifThen(thread0, [&] {
      // The first S k-tiles, or as many as there are (known only at run
      // time with a dynamic size: a dynamic K, or a tile outside C, which
      // loads none).
      int64_t first = ShapedType::isDynamic(g.k)
                          ? stages
                          : std::min<int64_t>(stages,
                                             llvm::divideCeil(g.k, c.blockK));
      for (int64_t s = 0; s < first; ++s) {
        if (!hasDynamicSizes()) {
          loadStage(index(s), index(s), ringA, ringB, bars);
          continue;
        }
        ifThen(arith::CmpIOp::create(b, arith::CmpIPredicate::ult, index(s),
                                     kTiles),
               [&] { loadStage(index(s), index(s), ringA, ringB, bars); });
      }
    });
    auto loop = scf::ForOp::create(b, index(0), kTiles, index(1),
                                   ValueRange{index(0), boolean(false), zero});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value kt = loop.getInductionVar();
      Value stage = loop.getRegionIterArgs()[0];
      Value phase = loop.getRegionIterArgs()[1];
      Value acc = loop.getRegionIterArgs()[2];
      MBarrierWaitOp::create(b, bars, stage, phase);
      WgmmaFenceOp::create(b);
      Value next =
          WgmmaMmaOp::create(b, acc.getType(), rowsOfA(stageTile(ringA, stage)),
                             stageTile(ringB, stage), acc, c.nMajorB,
                             c.mMajorA);
      WgmmaCommitGroupOp::create(b);
      // The MMA of k-tile kt - 1 is complete; kt's stays in flight.
      WgmmaWaitGroupOp::create(b, 1);
      RingStep step = ringStep(stage, phase, stages);
      Value notFirst =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ne, kt, index(0));
      // Every warp is done with the stage of k-tile kt - 1 ...
      releaseStage(bars, arith::AddIOp::create(b, step.prev, index(stages)),
                   notFirst);
      // ... and thread 0 refills it with k-tile kt - 1 + S once all are.
      Value refillTile = arith::AddIOp::create(b, kt, index(stages - 1));
      Value refill = arith::AndIOp::create(
          b, thread0,
          arith::AndIOp::create(
              b, notFirst,
              arith::CmpIOp::create(b, arith::CmpIPredicate::ult, refillTile,
                                    kTiles)));
      ifThen(refill, [&] {
        MBarrierWaitOp::create(
            b, bars, arith::AddIOp::create(b, step.prev, index(stages)),
            step.prevPhase);
        loadStage(refillTile, step.prev, ringA, ringB, bars);
      });
      scf::YieldOp::create(b, ValueRange{step.next, step.nextPhase, next});
    }
    WgmmaWaitGroupOp::create(b, 0);
    return loop.getResult(2);
  }

  /// The first row and column of C the fragment of thread `tx` holds:
  /// fragmentRow(t, i) = 16 (t / 32) + (t % 32) / 4 + 8 ((i / 2) % 2) and
  /// fragmentCol(t, i) = 8 (i / 4) + 2 (t % 4) + i % 2 (Wgmma.h) for
  /// thread t of warpgroup w, whose rows start at 64 w.
  void fragmentOrigin(Value tx) {
    laneId = arith::RemUIOp::create(b, tx, index(32));
    Value warpgroup =
        arith::DivUIOp::create(b, tx, index(wgmma::kWarpgroupThreads));
    Value t = arith::RemUIOp::create(b, tx, index(wgmma::kWarpgroupThreads));
    rowBase = arith::AddIOp::create(
        b, m0,
        arith::AddIOp::create(
            b, arith::MulIOp::create(b, warpgroup, index(wgmma::kMmaM)),
            arith::AddIOp::create(
                b,
                arith::MulIOp::create(
                    b, arith::DivUIOp::create(b, t, index(32)), index(16)),
                arith::DivUIOp::create(
                    b, arith::RemUIOp::create(b, t, index(32)), index(4)))));
    colBase = arith::AddIOp::create(
        b, n0,
        arith::MulIOp::create(b, arith::RemUIOp::create(b, t, index(4)),
                              index(2)));
    static_assert(wgmma::fragmentRow(0, 2) == 8 &&
                      wgmma::fragmentCol(0, 4) == 8 &&
                      wgmma::fragmentCol(1, 0) == 2 &&
                      wgmma::fragmentRow(32, 0) == 16 &&
                      wgmma::fragmentRow(4, 0) == 1,
                  "the index math is Wgmma.h's fragment map");
  }

  /// The row and column of C of register `i` of this thread's fragment.
  std::pair<Value, Value> fragmentElement(int64_t i) {
    Value row =
        arith::AddIOp::create(b, rowBase, index(wgmma::fragmentRow(0, i)));
    Value col =
        arith::AddIOp::create(b, colBase, index(wgmma::fragmentCol(0, i)));
    return {row, col};
  }

  /// The accumulator before the first MMA: zero, the fill value, or (C
  /// accumulated into) the old C, read through the fragment map where it
  /// lies inside C.
  Value initialAccumulator() {
    auto accType = VectorType::get({c.blockN / 2}, b.getF32Type());
    // Split K: a partial sum, added into C (filled beforehand).
    if (kTileBegin)
      return arith::ConstantOp::create(
          b, DenseElementsAttr::get(accType, b.getF32FloatAttr(0.0f)));
    Type f32 = b.getF32Type();
    auto toF32 = [&](OpBuilder &nb, Location loc, Value v) -> Value {
      if (v.getType() == f32)
        return v;
      auto ft = cast<FloatType>(v.getType());
      return ft.getWidth() < 32
                 ? arith::ExtFOp::create(nb, loc, f32, v).getResult()
                 : arith::TruncFOp::create(nb, loc, f32, v).getResult();
    };
    if (g.fill) {
      Value f = linalg::FillOp(g.fill).getInputs().front();
      if (auto cst = f.getDefiningOp<arith::ConstantOp>())
        if (auto fa = dyn_cast<FloatAttr>(cst.getValue()))
          return arith::ConstantOp::create(
              b, DenseElementsAttr::get(
                     accType, b.getF32FloatAttr(float(
                                  fa.getValue().convertToDouble()))));
      return vector::BroadcastOp::create(b, accType, toF32(b, b.getLoc(), f));
    }
    SmallVector<Value> elems;
    for (int64_t i = 0; i < c.blockN / 2; ++i) {
      auto [row, col] = fragmentElement(i);
      Value cond = inBounds(b, b.getLoc(), row, col);
      auto load = [&](OpBuilder &nb, Location loc) -> Value {
        return toF32(nb, loc,
                     memref::LoadOp::create(nb, loc, g.c, ValueRange{row, col}));
      };
      if (!cond) {
        elems.push_back(load(b, b.getLoc()));
        continue;
      }
      auto ifOp = scf::IfOp::create(
          b, cond,
          [&](OpBuilder &nb, Location loc) {
            scf::YieldOp::create(nb, loc, load(nb, loc));
          },
          [&](OpBuilder &nb, Location loc) {
            scf::YieldOp::create(
                nb, loc,
                arith::ConstantOp::create(nb, loc, nb.getF32FloatAttr(0.0f))
                    .getResult());
          });
      elems.push_back(ifOp.getResult(0));
    }
    return vector::FromElementsOp::create(b, accType, elems);
  }

  /// Stores this thread's accumulator fragment `acc` into C: the output
  /// cast and the fused epilogue (the initial value is in the sum).
  void writeback(Value acc) {
    if (c.tmaStore) {
      stageOutput(acc);
      return;
    }
    if (kTileBegin) {
      addPartialSums(acc);
      return;
    }
    // Pairs start at even columns: with N even, one past the edge in N is
    // wholly outside C.
    auto firstOf = [](int64_t, Value row, Value col) {
      return SmallVector<Value>{row, col};
    };
    if (vectorStores(2, /*guardedEdge=*/true)) {
      storePairs(acc, g.out, /*vectors=*/true, firstOf);
      return;
    }
    // A C of the identity layout whose N (its row stride) is known only at
    // run time: where N turns out even (uniform in the block), the pairs
    // are aligned and stored as pairs; elements alone otherwise.
    if (Value evenN = dynamicNMultipleOf(2)) {
      auto ifOp = scf::IfOp::create(b, evenN, /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      storePairs(acc, g.out, /*vectors=*/true, firstOf);
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      storePairs(acc, g.out, /*vectors=*/false, firstOf);
      return;
    }
    storePairs(acc, g.out, /*vectors=*/false, firstOf);
  }

  /// Split K: adds this thread's partial sums `acc` into the f32 C, inside
  /// C, one atomic add an element (`red.global.add.f32`): the blocks of
  /// the other slices of K add theirs into the same elements.
  void addPartialSums(Value acc) {
    for (int64_t i = 0; i < c.blockN / 2; ++i) {
      auto [row, col] = fragmentElement(i);
      Value v = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{i});
      buildGuarded(b, b.getLoc(), inBounds(b, b.getLoc(), row, col),
                   [&](OpBuilder &nb, Location loc) {
                     memref::AtomicRMWOp::create(
                         nb, loc, arith::AtomicRMWKind::addf, v, g.out,
                         ValueRange{row, col});
                   });
    }
  }

  /// Stores each pair of this thread's fragment `acc` (registers i and
  /// i + 1: row fragmentRow(t, i), columns fragmentCol(t, i) and the next),
  /// through the epilogue and inside C only, into `dest` at the indices
  /// `firstOf(i, row, col)` gives for the pair's first element (the second
  /// is at the next innermost index): one 2-element vector store with
  /// `vectors`, guarded by its row and first column (N even: both or
  /// neither inside), else two guarded scalar stores, the pair's second
  /// element first in threads where `swap` (an i1, or null) holds.
  void storePairs(
      Value acc, Value dest, bool vectors,
      llvm::function_ref<SmallVector<Value>(int64_t, Value, Value)> firstOf,
      Value swap = Value()) {
    Type outElem = cast<MemRefType>(dest.getType()).getElementType();
    for (int64_t i = 0; i < c.blockN / 2; i += 2) {
      auto [row, col] = fragmentElement(i);
      SmallVector<Value> at = firstOf(i, row, col);
      Value v0 = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{i});
      Value v1 = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{i + 1});
      if (vectors) {
        auto store = [&](OpBuilder &nb, Location loc) {
          Value col1 = arith::AddIOp::create(
              nb, loc, col, arith::ConstantIndexOp::create(nb, loc, 1));
          Value pair = vector::FromElementsOp::create(
              nb, loc, VectorType::get({2}, outElem),
              ValueRange{emitEpilogue(nb, loc, g, v0, row, col),
                         emitEpilogue(nb, loc, g, v1, row, col1)});
          vector::StoreOp::create(
              nb, loc, pair, dest, at, /*nontemporal=*/false,
              llvm::MaybeAlign(2 * getElementBytes(outElem)));
        };
        buildGuarded(b, b.getLoc(), inBounds(b, b.getLoc(), row, col), store);
        continue;
      }
      for (int64_t e = 0; e < 2; ++e) {
        // The element this store writes: e, or 1 - e where `swap` holds.
        Value off = index(e), v = e == 0 ? v0 : v1;
        if (swap) {
          off = arith::SelectOp::create(b, swap, index(1 - e), off);
          v = arith::SelectOp::create(b, swap, e == 0 ? v1 : v0, v);
        }
        Value colE = arith::AddIOp::create(b, col, off);
        SmallVector<Value> atE = at;
        atE.back() = arith::AddIOp::create(b, at.back(), off);
        auto store = [&](OpBuilder &nb, Location loc) {
          memref::StoreOp::create(nb, loc,
                                  emitEpilogue(nb, loc, g, v, row, colE), dest,
                                  atE);
        };
        buildGuarded(b, b.getLoc(), inBounds(b, b.getLoc(), row, colE), store);
      }
    }
  }

  //===--------------------------------------------------------------===//
  // The TMA-store epilogue (tma-store)
  //===--------------------------------------------------------------===//
  //
  // C's tile is staged in BN / W boxes of BM rows of 128 bytes (W = 128 /
  // C's element bytes columns), 128-byte swizzled as TMA reads them: the
  // 16-byte chunk q of row r at chunk q xor (r mod 8), which spreads a
  // warp's 4-byte stores (a 16-bit pair, or one f32, odd rows writing
  // their pairs' second elements first) and its stmatrix rows (a 16-bit C
  // without a column edge) over the 32 banks. Each consumer thread writes
  // its pairs inside C (cast, through the epilogue), or its 8 x 8
  // matrices, and fences them for the async proxy; after a block barrier
  // thread 0 stores every box (the TMA unit clips them at C's edges) and
  // waits for their reads before the block ends.

  /// Allocates `sets` sets of boxes (one per ping-pong warpgroup), the
  /// first of them `outBoxes`, and sets the fragment origin's row in the
  /// tile and its row phase.
  void allocOutputBoxes(int64_t sets) {
    for (int64_t i = 0; i < sets; ++i)
      outBoxesOf[i] = allocOutputBoxSet();
    outBoxes = outBoxesOf[0];
    setOutputRowPhase();
  }

  /// The fragment origin's row in the tile and that row mod 8: fragment
  /// rows differ from the origin's by multiples of 8, so one row phase of
  /// the swizzle per thread.
  void setOutputRowPhase() {
    tileRowBase = arith::SubIOp::create(b, rowBase, m0);
    rowPhase = arith::RemUIOp::create(b, tileRowBase, index(8));
  }

  /// Writes this thread's fragment `acc` into the boxes, then fences them
  /// for the async proxy (unless `fence` is false): a 16-bit C without a
  /// static column edge (N a multiple of BN, or known only at run time) by
  /// stmatrix (stageOutputMatrices); otherwise each pair of
  /// adjacent 16-bit columns one 4-byte store into its swizzled chunk (two
  /// scalar ones for f32, or for an odd N), box elements outside C left
  /// unwritten: the TMA store does not read them.
  void stageOutput(Value acc, bool fence = true) {
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    int64_t w = boxColumns();
    // The quad's column pair in the box.
    Value quadCol = arith::SubIOp::create(b, colBase, n0);
    // A pair of 16-bit elements is one 4-byte store, conflict-free (a
    // warp's 8 rows hit 8 distinct chunks). A pair of f32 spans 8 bytes: a
    // quad's pairs fill two chunks, which rows r and r xor 1 share (the
    // swizzle swaps them), so 8-byte stores, or the pairs' first elements
    // alone, meet 2-way conflicts. f32 goes as two 4-byte stores, threads
    // of odd rows writing the pair's second element first: then rows r and
    // r xor 1 take the even and the odd words of their two chunks, and a
    // warp's 32 stores hit 32 banks.
    bool wide = getElementBytes(outElem) >= 4;
    // (A dynamic N stages whole rows too: the columns past N are zeros the
    // TMA store clips, as the rows past M are.)
    if (!wide && (knownMultiple(GemmDim::N, c.blockN) ||
                  dynamicSize(GemmDim::N))) {
      stageOutputMatrices(acc);
      if (fence)
        FenceProxyAsyncOp::create(b);
      return;
    }
    // At a column edge, N even keeps each 16-bit pair wholly inside C or
    // wholly outside: one guarded 4-byte store.
    bool vectors = !wide && knownMultiple(GemmDim::N, 2);
    Value oddRow;
    if (wide)
      oddRow = arith::CmpIOp::create(
          b, arith::CmpIPredicate::ne,
          arith::AndIOp::create(b, rowPhase, index(1)), index(0));
    storePairs(acc, outBoxes, vectors,
               [&](int64_t i, Value, Value) {
                 int64_t fragCol = wgmma::fragmentCol(0, i);
                 Value boxCol =
                     arith::AddIOp::create(b, quadCol, index(fragCol % w));
                 Value tileRow = arith::AddIOp::create(
                     b, tileRowBase, index(wgmma::fragmentRow(0, i)));
                 return SmallVector<Value>{index(fragCol / w), tileRow,
                                           swizzledColumn(boxCol, rowPhase)};
               },
               oddRow);
    // The TMA unit reads the boxes through the async proxy (one fence
    // after the last of several stagings).
    if (fence)
      FenceProxyAsyncOp::create(b);
  }

  /// Writes this thread's fragment `acc` (16-bit C, no column edge) into
  /// the boxes with stmatrix.x4: the fragment's registers 4 j .. 4 j + 7
  /// (j even) are the warp's four 8 x 8 matrices at rows 0-7 and 8-15 of
  /// its 16, columns 8 j .. 8 j + 15, each lane holding matrix q's row l /
  /// 4, columns 2 (l % 4) + {0, 1} (stmatrix's register layout); lane l
  /// gives the address of row l % 8 of matrix l / 8, its 16 bytes at the
  /// swizzled chunk. A phase of 8 lanes is 8 consecutive rows of one chunk,
  /// spread over all 32 banks by the swizzle. Rows outside C (and the
  /// columns of a block that clusters along N put past N) are staged too,
  /// as zeros (nothing of C or the epilogue's operands is read for them),
  /// and never stored: the TMA store clips them.
  void stageOutputMatrices(Value acc) {
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    int64_t w = boxColumns();
    // This lane's row of the tile (of its warp's 16, matrix l / 8's row
    // l % 8) from the fragment origin's (16 per warp + l / 4).
    Value lane = laneId;
    Value matrix = arith::DivUIOp::create(b, lane, index(8));
    Value warpRow = arith::SubIOp::create(
        b, tileRowBase, arith::DivUIOp::create(b, lane, index(4)));
    Value addrRow = arith::AddIOp::create(
        b, warpRow,
        arith::AddIOp::create(
            b,
            arith::MulIOp::create(
                b, arith::RemUIOp::create(b, matrix, index(2)), index(8)),
            arith::RemUIOp::create(b, lane, index(8))));
    Value addrPhase = arith::RemUIOp::create(b, addrRow, index(8));
    // Matrices 2 and 3 are the next 8 columns: one chunk further.
    Value chunkOffset = arith::DivUIOp::create(b, matrix, index(2));
    auto valuesType = VectorType::get({4, 2}, outElem);
    for (int64_t j = 0; j < c.blockN / 8; j += 2) {
      SmallVector<Value, 8> elems;
      for (int64_t i = 4 * j; i < 4 * j + 8; ++i) {
        auto [row, col] = fragmentElement(i);
        Value v = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{i});
        elems.push_back(epilogueInside(v, row, col, outElem));
      }
      Value values = vector::FromElementsOp::create(b, valuesType, elems);
      int64_t tileCol = 8 * j;
      Value chunk = arith::AddIOp::create(b, index((tileCol % w) / 8),
                                          chunkOffset);
      Value physCol = arith::MulIOp::create(
          b, arith::XOrIOp::create(b, chunk, addrPhase), index(8));
      StMatrixOp::create(b, values, outBoxes,
                         ValueRange{index(tileCol / w), addrRow, physCol},
                         b.getI32IntegerAttr(4));
    }
  }

  /// The f32 result `v` at (row, col) of C through the fused epilogue (cast
  /// to `outElem`); where C has an edge, only inside C (zero outside,
  /// where the epilogue might read past its operands): past M, past a
  /// dynamic N, or in a block that clusters along N put past N.
  Value epilogueInside(Value v, Value row, Value col, Type outElem) {
    return valueWhere(b, b.getLoc(), inBounds(b, b.getLoc(), row, col),
                      outElem, [&](OpBuilder &nb, Location loc) {
                        return emitEpilogue(nb, loc, g, v, row, col);
                      });
  }

  /// After every consumer staged its fragment: a block barrier, then
  /// thread 0 stores the boxes and waits until they are read.
  void storeOutputBoxes(Value tx) {
    if (!c.tmaStore)
      return;
    BarrierOp::create(b);
    Value thread0 =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, tx, index(0));
    ifThen(thread0, [&] {
      issueOutputStores(outBoxes);
      TmaStoreWaitOp::create(b, b.getI32IntegerAttr(0));
    });
  }

  /// The boxes of C (tma-store), the fragment origin's row in the tile and
  /// that row mod 8.
  Value outBoxes, tileRowBase, rowPhase;
  /// Each ping-pong warpgroup's boxes (the first alone otherwise).
  Value outBoxesOf[2];

  /// The first row and column of C this thread's fragment holds, and the
  /// thread's lane in its warp.
  Value rowBase, colBase, laneId;
  /// The block's x index and the grid's x size (persistent tiles), and
  /// the index of the tile forEachTile's body builds.
  Value blockX, gridX, currentTile;
  /// Persistent blocks of a batch: the host's count of its GEMMs and the
  /// batch (3-D operands), whose GEMM of each tile forEachTile binds to g.
  Value batchCount;
  GemmInfo batch;
};

} // namespace

void mlir::uop::buildWgmmaKernel(OpBuilder &builder, Location loc,
                                 gpu::LaunchOp launch, const GemmInfo &gemm,
                                 const TileConfig &config,
                                 std::array<Value, 3> dynamicSizes,
                                 Value batchCount) {
  ImplicitLocOpBuilder b(loc, builder);
  WgmmaKernelBuilder(b, gemm, config, dynamicSizes, batchCount).build(launch);
}
