//===- SwizzledGemmBuilder.h - shared parts of uop-tile's async kernels ---===//
//
// What the tcgen05 kernel (Tcgen05Gemm.cpp) and the wgmma kernel
// (WgmmaGemm.cpp) of uop-tile share: both stage BM x 64 and BN x 64 tiles of
// A and B^T (K-major rows of 128 bytes, 128-byte swizzled, 1024-byte
// aligned; N-major (M-major), rows of 64 columns of B (rows of A), where
// the GEMM stores B as K x N (A as K x M) and TMA loads them) that the
// tensor core reads through
// descriptors; both load them
// by TMA into a ring of stages when the GEMM's layout allows; both finish
// every element of C alike (the fill value or the old C, the output cast,
// the fused epilogue). Internal to lib/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_LIB_TRANSFORMS_SWIZZLEDGEMMBUILDER_H
#define UOP_LIB_TRANSFORMS_SWIZZLEDGEMMBUILDER_H

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Transforms/GemmMatcher.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <array>
#include <tuple>

namespace mlir::uop {

class SwizzledGemmBuilder {
protected:
  /// `dynamicSizes`: M, N and K as host values where they are dynamic
  /// (null where static), captured by the kernel.
  SwizzledGemmBuilder(ImplicitLocOpBuilder &b, const GemmInfo &g,
                      const TileConfig &c,
                      std::array<Value, 3> dynamicSizes = {})
      : b(b), g(g), c(c), dynamicSizes(dynamicSizes) {}

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }

  /// The static size `dim` of the GEMM, or kDynamic.
  int64_t staticSize(GemmDim dim) const {
    return dim == GemmDim::M ? g.m : dim == GemmDim::N ? g.n : g.k;
  }
  /// The host's value of the dynamic size `dim` (null where static).
  Value dynamicSize(GemmDim dim) const {
    return dynamicSizes[static_cast<unsigned>(dim)];
  }
  /// The size `dim` as an index value: the constant, or the host's value.
  Value sizeOf(GemmDim dim) {
    if (Value v = dynamicSize(dim))
      return v;
    return index(staticSize(dim));
  }
  /// Whether the static size `dim` is a multiple of `n` (false where the
  /// size is known only at run time).
  bool knownMultiple(GemmDim dim, int64_t n) const {
    int64_t s = staticSize(dim);
    return !ShapedType::isDynamic(s) && s % n == 0;
  }
  /// Whether any of M, N and K is known only at run time.
  bool hasDynamicSizes() const {
    return llvm::any_of(dynamicSizes, [](Value v) { return bool(v); });
  }
  /// With a dynamic M or N, whether the block's tile starts inside C (an
  /// i1; null where M and N are static, every tile being inside): with M
  /// or N zero at run time, no block's tile does (the grid has at least
  /// one block along each dimension). With clusters, whether the first
  /// tile of the block's cluster does: the blocks of a cluster load into
  /// each other's stages, so all of them run the k-tiles or none (a block
  /// past M or N in a cluster inside C loads and releases its share, as
  /// for static shapes). Needs m0 and n0 (and rankM, rankN).
  Value tileInsideC() {
    Value inside;
    for (auto [dim, origin, rank, tile] :
         {std::tuple(GemmDim::M, m0, rankM, c.blockM),
          std::tuple(GemmDim::N, n0, rankN, c.blockN)}) {
      Value size = dynamicSize(dim);
      if (!size)
        continue;
      if (rank)
        origin = arith::SubIOp::create(
            b, origin, arith::MulIOp::create(b, rank, index(tile)));
      Value in =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ult, origin, size);
      inside = inside ? arith::AndIOp::create(b, inside, in).getResult() : in;
    }
    return inside;
  }
  /// The k-tiles of K, ceil(K / BK): a constant, or computed from the
  /// host's K.
  Value kTilesOfK() {
    if (Value k = dynamicSize(GemmDim::K))
      return arith::CeilDivUIOp::create(b, k, index(c.blockK));
    return index(llvm::divideCeil(g.k, c.blockK));
  }
  /// The number of k-tiles the block loads, ceil(K / BK): a constant, or
  /// computed from the host's K. With a dynamic M or N, none where the
  /// block's tile lies outside C (tileInsideC): an empty A or B has no
  /// tensor to load from (its tensor map describes one zeroed element of
  /// a buffer of its own, a map's sizes being at least 1), and nothing of
  /// C needs them. Needs m0 and n0.
  Value kTileCount() {
    Value count = kTilesOfK();
    if (Value inside = tileInsideC())
      count = arith::SelectOp::create(b, inside, count, index(0));
    return count;
  }
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

  /// A shared tile of `rows` x BK (or, with `stages`, a ring of them: one
  /// stages x rows x BK buffer whose stages stay 1024-byte aligned).
  Value allocTiles(int64_t rows, int64_t stages) {
    Attribute workgroup = gpu::AddressSpaceAttr::get(
        b.getContext(), gpu::AddressSpace::Workgroup);
    SmallVector<int64_t> shape = {rows, c.blockK};
    if (stages)
      shape.insert(shape.begin(), stages);
    auto type = MemRefType::get(shape, g.inputType,
                                MemRefLayoutAttrInterface(), workgroup);
    return AllocSharedOp::create(b, type, b.getI64IntegerAttr(1024));
  }

  /// Rows [first, first + rows) of the contiguous 2-D tile `tile`: again a
  /// contiguous tile, at a dynamic offset (static where `tile`'s and
  /// `first` are).
  Value rowsOf(Value tile, OpFoldResult first, int64_t rows) {
    int64_t cols = cast<MemRefType>(tile.getType()).getDimSize(1);
    SmallVector<OpFoldResult> offsets = {first, b.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes = {b.getIndexAttr(rows),
                                       b.getIndexAttr(cols)};
    SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
    return memref::SubViewOp::create(b, tile, offsets, sizes, strides);
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

  /// Announces the bytes of the boxes of the k-tile at `k0` on barrier
  /// `bar` and loads them by TMA into the tiles `tileA()` and `tileB()`
  /// (128-byte swizzled, zero past the matrix). Run by one thread. A B
  /// stored K x N (`nMajorB`) is BN / 64 boxes of 64 k-rows x 64 columns,
  /// box j into rows 64 j .. 64 j + 63 of the tile: the N-major operand of
  /// uop.wgmma_mma's `b_n_major`; an A stored K x M (`mMajorA`) likewise
  /// BM / 64 boxes, the M-major operand of `a_m_major`.
  void loadTiles(Value k0, Value bar, llvm::function_ref<Value()> tileA,
                 llvm::function_ref<Value()> tileB, Value bars) {
    int64_t tileBytes =
        (c.blockM + c.blockN) * c.blockK * getElementBytes(g.inputType);
    MBarrierArriveOp::create(b, bars, bar, index(tileBytes),
                             /*cta=*/Value());
    if (c.clusterN > 1)
      loadSharedPart(g.a, m0, k0, c.blockM, c.mMajorA, tileA(), bars, bar,
                     rankN, c.clusterN, rowMask());
    else
      loadOperand(g.a, m0, k0, c.blockM, c.mMajorA, tileA(), bars, bar);
    if (c.clusterM > 1)
      loadSharedPart(g.b, n0, k0, c.blockN, c.nMajorB, tileB(), bars, bar,
                     rankM, c.clusterM, columnMask());
    else
      loadOperand(g.b, n0, k0, c.blockN, c.nMajorB, tileB(), bars, bar);
  }

  /// With clusters, the blocks of a cluster that share an operand's k-tile
  /// at (`origin`, `k0`) (`rows` x 64 in `tile`: B's in a column of
  /// blocks, A's in a row) split its loads: the block of rank `rank` among
  /// the `parts` sharers loads part `rank` of the equal parts and
  /// multicasts it into the same place of every sharer's tile (`mask`,
  /// their cluster ranks), completing on each one's barrier `bar` (whose
  /// expect_tx counts the whole tile). A K-major operand splits into rows
  /// / parts rows (whole 8-row swizzle periods, so each part lands
  /// swizzled as the whole tile would), one stored K x rows (MN-major)
  /// into (rows / 64) / parts of its 64-column boxes.
  void loadSharedPart(Value operand, Value origin, Value k0, int64_t rows,
                      bool mnMajor, Value tile, Value bars, Value bar,
                      Value rank, int64_t parts, Value mask) {
    // Part r: rows r rows / parts .. of the operand's tile, in the tile
    // rows r rows / parts .. of a K-major tile, or the BK-row boxes of an
    // MN-major one.
    int64_t partRows = rows / parts;
    int64_t tileRows =
        mnMajor ? partRows / kNMajorBlock * c.blockK : partRows;
    Value first = arith::MulIOp::create(b, rank, index(partRows));
    Value firstTileRow = arith::MulIOp::create(b, rank, index(tileRows));
    loadOperand(operand, arith::AddIOp::create(b, origin, first), k0,
                partRows, mnMajor, rowsOf(tile, firstTileRow, tileRows), bars,
                bar, mask);
  }

  /// The cluster rank of the block at (`x`, `y`) of its cluster: x
  /// fastest, as %cluster_ctarank numbers them.
  Value clusterRankOf(Value x, Value y) {
    if (c.clusterM == 1)
      return x;
    if (c.clusterN == 1)
      return y;
    return arith::AddIOp::create(
        b, x, arith::MulIOp::create(b, y, index(c.clusterN)));
  }

  /// The multicast mask (an i16) of the blocks of the block's cluster row:
  /// the CN blocks of ranks rankM CN .. rankM CN + CN - 1, which share A.
  Value rowMask() {
    Value row = mask16((1 << c.clusterN) - 1);
    if (c.clusterM == 1)
      return row;
    return arith::ShLIOp::create(
        b, row, toI16(arith::MulIOp::create(b, rankM, index(c.clusterN))));
  }

  /// The multicast mask (an i16) of the blocks of the block's cluster
  /// column: ranks rankN + y CN for y < CM, which share B.
  Value columnMask() {
    int64_t column = 0;
    for (int64_t y = 0; y < c.clusterM; ++y)
      column |= int64_t(1) << (y * c.clusterN);
    Value mask = mask16(column);
    if (c.clusterN == 1)
      return mask;
    return arith::ShLIOp::create(b, mask, toI16(rankN));
  }

  Value mask16(int64_t bits) {
    return arith::ConstantOp::create(b, b.getI16IntegerAttr(int16_t(bits)));
  }
  Value toI16(Value v) {
    return arith::IndexCastUIOp::create(b, b.getI16Type(), v);
  }

  /// The TMA loads of one operand's k-tile at (`origin`, `k0`) into `tile`
  /// (`rows` x 64): one box where the GEMM stores the operand K-major, or
  /// (`mnMajor`, stored K x rows) rows / 64 boxes of 64 k-rows x 64, box j
  /// into rows 64 j .. 64 j + 63; with `multicast` (an i16 mask), into
  /// the same place in every block of the cluster the mask names.
  void loadOperand(Value operand, Value origin, Value k0, int64_t rows,
                   bool mnMajor, Value tile, Value bars, Value bar,
                   Value multicast = Value()) {
    if (!mnMajor) {
      auto [tensor, at] = getTmaTensor(g, operand, {origin, k0});
      TmaLoadOp::create(b, tensor, at, tile, bars, bar,
                        b.getI64IntegerAttr(128), multicast);
      return;
    }
    for (int64_t j = 0; j < rows / kNMajorBlock; ++j) {
      Value at = j == 0 ? origin
                        : arith::AddIOp::create(b, origin,
                                                index(j * kNMajorBlock))
                              .getResult();
      auto [tensor, coords] = getTmaTensor(g, operand, {k0, at});
      TmaLoadOp::create(
          b, tensor, coords,
          rowsOf(tile, b.getIndexAttr(j * c.blockK), c.blockK), bars, bar,
          b.getI64IntegerAttr(128), multicast);
    }
  }

  /// The columns of one box of an N-major B tile: one 128-byte row.
  static constexpr int64_t kNMajorBlock = 64;

  /// loadTiles of k-tile `kt` into stage `stage` of the rings, completing
  /// on full[stage] (barrier `stage`).
  void loadStage(Value kt, Value stage, Value ringA, Value ringB,
                 Value bars) {
    loadTiles(
        arith::MulIOp::create(b, kt, index(c.blockK)), stage,
        [&] { return stageTile(ringA, stage); },
        [&] { return stageTile(ringB, stage); }, bars);
  }

  /// The block's synchronous copy of the k-tile at `k0` into the swizzled
  /// tiles `sA` and `sB` (through a transposed view where the GEMM stores A
  /// as K x M or B as K x N; zero-filled past the matrix), fenced for the
  /// async proxy the tensor core reads through and published by a barrier.
  void copyTiles(Value k0, Value sA, Value sB) {
    OpFoldResult mSize = tileExtent(m0, GemmDim::M, c.blockM);
    OpFoldResult nSize = tileExtent(n0, GemmDim::N, c.blockN);
    OpFoldResult kSize = tileExtent(k0, GemmDim::K, c.blockK);
    Value aTile = g.transposeA ? transpose(subview(g.a, k0, m0, kSize, mSize))
                               : subview(g.a, m0, k0, mSize, kSize);
    Value bTile = g.transposeB ? subview(g.b, n0, k0, nSize, kSize)
                               : transpose(subview(g.b, k0, n0, kSize, nSize));
    // 16-byte chunks: 8 elements of f16 / bf16, 4 of f32 (tf32).
    auto swizzle128 = SharedLayoutAttr::get(
        b.getContext(), /*pad=*/0, /*swizzle=*/8,
        /*unit=*/16 / getElementBytes(g.inputType), /*period=*/1);
    CopyOp::create(b, aTile, sA, swizzle128, /*async=*/false);
    CopyOp::create(b, bTile, sB, swizzle128, /*async=*/false);
    FenceProxyAsyncOp::create(b);
    BarrierOp::create(b);
  }

  /// The ring's bookkeeping after the k-tile in `stage` with parity
  /// `phase`: the stage before it and that stage's parity (the previous
  /// k-tile's), and the next k-tile's stage and parity (flipped on
  /// wrapping around).
  struct RingStep {
    Value prev, prevPhase, next, nextPhase;
  };
  RingStep ringStep(Value stage, Value phase, int64_t stages) {
    RingStep r;
    Value first =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, stage, index(0));
    Value notPhase = arith::XOrIOp::create(b, phase, boolean(true));
    r.prev = arith::SelectOp::create(b, first, index(stages - 1),
                                     arith::SubIOp::create(b, stage, index(1)));
    r.prevPhase = arith::SelectOp::create(b, first, notPhase, phase);
    Value last = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, stage,
                                       index(stages - 1));
    r.next = arith::SelectOp::create(b, last, index(0),
                                     arith::AddIOp::create(b, stage, index(1)));
    r.nextPhase = arith::SelectOp::create(b, last, notPhase, phase);
    return r;
  }

  /// Where a loop over k-tiles is in the ring: the stage of its next
  /// k-tile and the parity of that stage's round.
  struct RingPosition {
    Value stage, phase;
  };

  /// The loop over the GEMM's k-tiles of a warp-specialized role, from
  /// ring position `start`, carrying `extra` values too: `body(kt, at,
  /// step, extra)` builds k-tile kt in stage `at` (`step` is ringStep of
  /// it) and returns the extra values of the next iteration. Returns the
  /// position after the last k-tile and the final extra values.
  std::pair<RingPosition, SmallVector<Value>> ringLoop(
      RingPosition start, ValueRange extra, int64_t stages,
      llvm::function_ref<SmallVector<Value>(Value, RingPosition,
                                            const RingStep &, ValueRange)>
          body) {
    SmallVector<Value> init = {start.stage, start.phase};
    llvm::append_range(init, extra);
    auto loop = scf::ForOp::create(
        b, kTileBegin ? kTileBegin : index(0),
        kTileEnd ? kTileEnd : kTileCount(),
        index(1), init);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      auto args = loop.getRegionIterArgs();
      RingPosition at = {args[0], args[1]};
      RingStep step = ringStep(at.stage, at.phase, stages);
      SmallVector<Value> next =
          body(loop.getInductionVar(), at, step, args.drop_front(2));
      SmallVector<Value> yielded = {step.next, step.nextPhase};
      llvm::append_range(yielded, next);
      scf::YieldOp::create(b, yielded);
    }
    RingPosition end = {loop.getResult(0), loop.getResult(1)};
    return {end, SmallVector<Value>(loop.getResults().drop_front(2))};
  }

  /// The producer's loop of a warp-specialized ring: per k-tile, wait until
  /// the consumers released its stage (empty[s], barrier S + s, for the
  /// round before: the first round's wait, on the other parity, returns at
  /// once), then load the k-tile into it. Returns the position after it.
  RingPosition produceKTiles(RingPosition start, Value ringA, Value ringB,
                             Value bars, int64_t stages) {
    return ringLoop(start, {}, stages,
                    [&](Value kt, RingPosition at, const RingStep &,
                        ValueRange) -> SmallVector<Value> {
                      MBarrierWaitOp::create(
                          b, bars,
                          arith::AddIOp::create(b, at.stage, index(stages)),
                          arith::XOrIOp::create(b, at.phase, boolean(true)));
                      loadStage(kt, at.stage, ringA, ringB, bars);
                      return {};
                    })
        .first;
  }

  OpFoldResult tileExtent(Value origin, GemmDim dim, int64_t tile) {
    if (Value v = dynamicSize(dim))
      return buildTileExtent(b, b.getLoc(), origin, v, tile);
    return buildTileExtent(b, b.getLoc(), origin, staticSize(dim), tile);
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

  /// The condition that (`row`, `col`) lies inside C (`col` null: the row
  /// alone), or null when every element of every tile does.
  Value inBounds(OpBuilder &nb, Location loc, Value row, Value col) {
    Value cond;
    // Clusters round the grid up to whole clusters: a block past M (or N)
    // computes rows (columns) outside C. A size known only at run time may
    // end inside any tile.
    auto ragged = [&](GemmDim dim, int64_t tile, int64_t cluster) {
      int64_t size = staticSize(dim);
      return ShapedType::isDynamic(size) || size % tile != 0 ||
             llvm::divideCeil(size, tile) % cluster != 0;
    };
    auto bound = [&](GemmDim dim) -> Value {
      if (Value v = dynamicSize(dim))
        return v;
      return arith::ConstantIndexOp::create(nb, loc, staticSize(dim));
    };
    if (ragged(GemmDim::M, c.blockM, c.clusterM))
      cond = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ult, row,
                                   bound(GemmDim::M));
    if (col && ragged(GemmDim::N, c.blockN, c.clusterN)) {
      Value inN = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ult,
                                        col, bound(GemmDim::N));
      cond = cond ? arith::AndIOp::create(nb, loc, cond, inN).getResult() : inN;
    }
    return cond;
  }

  /// The value stored at (row, col) for the f32 product `v`: plus the fill
  /// value or the old C (linalg's C += A B), rounded to C's type and through
  /// the fused epilogue. Emitted where (row, col) is inside C.
  Value finalValue(OpBuilder &nb, Location loc, Value v, Value row,
                   Value col) {
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

  /// `compute`'s value (of `type`) where `cond` holds, zero elsewhere, as
  /// an scf.if, so that nothing `compute` reads is read where `cond` does
  /// not hold; `compute`'s value alone where `cond` is null.
  Value valueWhere(OpBuilder &nb, Location loc, Value cond, Type type,
                   llvm::function_ref<Value(OpBuilder &, Location)> compute) {
    if (!cond)
      return compute(nb, loc);
    auto ifOp = scf::IfOp::create(nb, loc, type, cond, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(nb);
    nb.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(nb, loc, compute(nb, loc));
    nb.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(
        nb, loc,
        arith::ConstantOp::create(nb, loc, nb.getFloatAttr(type, 0.0))
            .getResult());
    return ifOp.getResult(0);
  }

  /// Whether `chunk` consecutive columns of an output row starting at a
  /// multiple of `chunk` may be stored as one vector: a row-major output
  /// whose rows and offset keep that alignment, and no edge in N (or, with
  /// `guardedEdge`, where each vector is guarded by its first column, N a
  /// multiple of `chunk`, so that a chunk is all inside C or all outside).
  bool vectorStores(int64_t chunk, bool guardedEdge = false) {
    auto type = dyn_cast<MemRefType>(g.out.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    bool edge = guardedEdge ? !knownMultiple(GemmDim::N, chunk)
                            : !knownMultiple(GemmDim::N, c.blockN);
    if (!type || edge ||
        failed(type.getStridesAndOffset(strides, offset)) ||
        strides.size() != 2 || strides[1] != 1 ||
        ShapedType::isDynamic(strides[0]))
      return false;
    int64_t group =
        std::min<int64_t>(chunk, 16 / getElementBytes(type.getElementType()));
    return chunk % group == 0 && strides[0] % group == 0 &&
           startsAtMultipleOf(g.out, group);
  }

  /// Where C has the identity layout (rows of N elements, no offset; or C
  /// is a matrix of a batch of them, starting a multiple of N in) and N is
  /// known only at run time, the test (an i1, uniform in the grid) that N
  /// is a multiple of `group` (a power of two): then every run of `group`
  /// elements of a row starting at a multiple of `group` is aligned to
  /// `group` elements and wholly inside C or wholly outside. Null
  /// otherwise.
  Value dynamicNMultipleOf(int64_t group) {
    assert(llvm::isPowerOf2_64(group) && "a power of two");
    Value n = dynamicSize(GemmDim::N);
    auto type = dyn_cast<MemRefType>(g.out.getType());
    if (!n || !type ||
        (!type.getLayout().isIdentity() && !getBatchOperand(g.out)))
      return Value();
    return arith::CmpIOp::create(
        b, arith::CmpIPredicate::eq,
        arith::AndIOp::create(b, n, index(group - 1)), index(0));
  }

  //===--------------------------------------------------------------===//
  // The boxes of a TMA-store epilogue (tma-store)
  //===--------------------------------------------------------------===//
  //
  // C's tile is staged in BN / W boxes of BM rows of 128 bytes (W = 128 /
  // C's element bytes columns), 128-byte swizzled as TMA reads them: the
  // 16-byte chunk q of row r at chunk q xor (r mod 8). One uop.tma_store a
  // box writes the tile to C, the TMA unit clipping it at C's edges.

  /// The columns of one 128-byte box row of C.
  int64_t boxColumns() const {
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    return 128 / getElementBytes(outElem);
  }

  /// A set of boxes for C's tile: BN / W x BM x W elements of C's type,
  /// 1024-byte aligned (the swizzle's period).
  Value allocOutputBoxSet() {
    Type outElem = cast<MemRefType>(g.out.getType()).getElementType();
    Attribute workgroup = gpu::AddressSpaceAttr::get(
        b.getContext(), gpu::AddressSpace::Workgroup);
    int64_t w = boxColumns();
    auto type = MemRefType::get({c.blockN / w, c.blockM, w}, outElem,
                                MemRefLayoutAttrInterface(), workgroup);
    return AllocSharedOp::create(b, type, b.getI64IntegerAttr(1024));
  }

  /// Where column `boxCol` (an index) of a box row of phase `rowPhase`
  /// (the tile row mod 8) lies after the swizzle: its 16-byte chunk xor the
  /// phase, the same place in the chunk.
  Value swizzledColumn(Value boxCol, Value rowPhase) {
    int64_t perChunk = boxColumns() / 8;
    Value chunk = arith::DivUIOp::create(b, boxCol, index(perChunk));
    Value inChunk = arith::RemUIOp::create(b, boxCol, index(perChunk));
    Value swizzled = arith::XOrIOp::create(b, chunk, rowPhase);
    return arith::AddIOp::create(
        b, arith::MulIOp::create(b, swizzled, index(perChunk)), inChunk);
  }

  /// The box holding tile column `tileCol` (an index) and the column in
  /// it after the swizzle, in a box row of phase `rowPhase`.
  std::pair<Value, Value> swizzledBoxColumn(Value tileCol, Value rowPhase) {
    int64_t w = boxColumns();
    Value box = arith::DivUIOp::create(b, tileCol, index(w));
    Value boxCol = arith::RemUIOp::create(b, tileCol, index(w));
    return {box, swizzledColumn(boxCol, rowPhase)};
  }

  /// One uop.tma_store per box of `boxes`, the tile at (m0, n0); none
  /// where the tile lies outside C (a dynamic M or N of zero: C's map then
  /// describes a scratch element, not C).
  void issueOutputStores(Value boxes) {
    int64_t w = boxColumns();
    auto stores = [&] {
      for (int64_t box = 0; box < c.blockN / w; ++box) {
        Value col = arith::AddIOp::create(b, n0, index(box * w));
        auto [tensor, at] = getTmaTensor(g, g.out, {m0, col});
        TmaStoreOp::create(b, stageTile(boxes, index(box)), tensor, at,
                           b.getI64IntegerAttr(128));
      }
    };
    if (Value inside = tileInsideC())
      ifThen(inside, stores);
    else
      stores();
  }

  /// Sets m0 and n0 to the origin of the block's tile: (by BM, bx BN) in
  /// the launch's 2-D grid of ceil(N / BN) x ceil(M / BM) blocks (with
  /// clusters rounded up to whole clusters; (bx BM, by BN) where a dynamic
  /// M puts M's tiles along x), or, with `group-m`, the tile of the
  /// grouped order at the block's place in launch order, by * ceil(N / BN)
  /// + bx (by * ceil(M / BM) + bx) (setTileOrigin).
  ///
  /// With clusters of CN x CM blocks (CN along N, CM along M), the
  /// block's place in its cluster is (x mod CN, y mod CM) (`rankN`,
  /// `rankM`; each null where its count is 1), and grouping orders the
  /// cluster tiles (CM tile rows x CN tile columns each): the block takes
  /// its place's tile of its cluster's.
  void setBlockTileOrigin(gpu::KernelDim3 blockIds) {
    if (c.clusterM > 1)
      rankM = arith::RemUIOp::create(b, blockIds.y, index(c.clusterM));
    if (c.clusterN > 1)
      rankN = arith::RemUIOp::create(b, blockIds.x, index(c.clusterN));
    // A dynamic M puts M's tiles along x, N's along y (tileGemm), but for
    // clusters.
    bool mAlongX =
        static_cast<bool>(dynamicSize(GemmDim::M)) && !clustered();
    Value row = mAlongX ? blockIds.x : blockIds.y;
    Value col = mAlongX ? blockIds.y : blockIds.x;
    if (c.groupM <= 1) {
      m0 = arith::MulIOp::create(b, row, index(c.blockM));
      n0 = arith::MulIOp::create(b, col, index(c.blockN));
      return;
    }
    if (c.clusterM > 1)
      row = arith::DivUIOp::create(b, row, index(c.clusterM));
    if (c.clusterN > 1)
      col = arith::DivUIOp::create(b, col, index(c.clusterN));
    // The block's place in launch order, x fastest (with M's tiles along
    // x, down a column of tiles first).
    Value t;
    if (mAlongX)
      t = arith::AddIOp::create(
          b, arith::MulIOp::create(b, col, tileCount(GemmDim::M)), row);
    else
      t = arith::AddIOp::create(
          b, arith::MulIOp::create(b, row, tileCount(GemmDim::N)), col);
    setTileOrigin(t);
  }

  /// The tiles (cluster tiles, with clusters) along `dim` (M or N):
  /// ceil(ceil(size / tile) / cluster), a constant, or computed from the
  /// host's size.
  Value tileCount(GemmDim dim) {
    int64_t tile = dim == GemmDim::M ? c.blockM : c.blockN;
    int64_t cluster = dim == GemmDim::M ? c.clusterM : c.clusterN;
    if (Value size = dynamicSize(dim)) {
      Value tiles = arith::CeilDivUIOp::create(b, size, index(tile));
      return cluster == 1 ? tiles
                          : arith::CeilDivUIOp::create(b, tiles,
                                                       index(cluster));
    }
    return index(
        llvm::divideCeil(llvm::divideCeil(staticSize(dim), tile), cluster));
  }

  /// Whether the kernel runs in thread-block clusters.
  bool clustered() const { return c.clusterM * c.clusterN > 1; }

  /// Sets m0 and n0 to the origin of tile `t` (an index) of the ceil(M /
  /// BM) x ceil(N / BN) tiles of C in launch order: row-major, or with
  /// `group-m` G > 1 grouped as Triton's GROUP_M orders them: G tile rows
  /// at a time, column after column within the group (the last group
  /// keeps the rows left), so the blocks running at once share a few bands
  /// of A and of B in L2 rather than one band of A and all of B.
  /// With clusters, the tiles are the cluster tiles (CM tile rows x CN
  /// tile columns), and the block takes the one at its place in its
  /// cluster.
  void setTileOrigin(Value t) {
    // (At least one tile along each dimension: M or N zero at run time
    // leaves the one block of the grid a tile of its own, outside C,
    // rather than a division by zero.)
    auto atLeastOne = [&](GemmDim dim) -> Value {
      Value tiles = tileCount(dim);
      if (!dynamicSize(dim))
        return tiles;
      return arith::MaxUIOp::create(b, tiles, index(1));
    };
    Value tilesN = atLeastOne(GemmDim::N);
    // (A dynamic M takes the grouped order even where it turns out to be
    // one tile row: the same tiles in the same order.)
    bool oneRow = !dynamicSize(GemmDim::M) &&
                  llvm::divideCeil(llvm::divideCeil(g.m, c.blockM),
                                   c.clusterM) <= 1;
    Value tileM, tileN;
    if (c.groupM <= 1 || oneRow) {
      tileM = arith::DivUIOp::create(b, t, tilesN);
      tileN = arith::RemUIOp::create(b, t, tilesN);
    } else {
      Value perGroup = arith::MulIOp::create(b, tilesN, index(c.groupM));
      Value first = arith::MulIOp::create(
          b, arith::DivUIOp::create(b, t, perGroup), index(c.groupM));
      Value rows = arith::MinUIOp::create(
          b, arith::SubIOp::create(b, atLeastOne(GemmDim::M), first),
          index(c.groupM));
      Value inGroup = arith::RemUIOp::create(b, t, perGroup);
      tileM = arith::AddIOp::create(
          b, first, arith::RemUIOp::create(b, inGroup, rows));
      tileN = arith::DivUIOp::create(b, inGroup, rows);
    }
    if (rankM)
      tileM = arith::AddIOp::create(
          b, arith::MulIOp::create(b, tileM, index(c.clusterM)), rankM);
    if (rankN)
      tileN = arith::AddIOp::create(
          b, arith::MulIOp::create(b, tileN, index(c.clusterN)), rankN);
    m0 = arith::MulIOp::create(b, tileM, index(c.blockM));
    n0 = arith::MulIOp::create(b, tileN, index(c.blockN));
  }

  ImplicitLocOpBuilder &b;
  /// The GEMM (a copy: the persistent blocks of a batch rebind its
  /// matrices to each tile's GEMM).
  GemmInfo g;
  const TileConfig &c;
  /// M, N and K where they are dynamic (see the constructor).
  std::array<Value, 3> dynamicSizes;
  /// The block tile's origin in C.
  Value m0, n0;
  /// With clusters along M (N): the block's row (column) in its cluster,
  /// y mod CM (x mod CN); null without clusters along that dimension.
  Value rankM, rankN;
  /// With split K: the block's k-tiles [kTileBegin, kTileEnd), which the
  /// ring loops run over (null: all of K's).
  Value kTileBegin, kTileEnd;
};

} // namespace mlir::uop

#endif // UOP_LIB_TRANSFORMS_SWIZZLEDGEMMBUILDER_H
