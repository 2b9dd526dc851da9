//===- TensorCore.cpp - uop-tensorcore pass -------------------------------===//
//
// Turns the tensor-core form of uop.matmul into the warp-collective
// instructions of the tensor cores: per k16 step of the shared tiles, one
// `uop.ldmatrix` x4 per 16-row fragment of A, one x4 per pair of 8-column
// fragments of B (`.trans` for a row-major B, whose rows are k), and one
// `uop.mma_sync` m16n8k16 per (m16, n8) fragment of the warp tile, on the
// 2 x 2 slice of the accumulator vector that holds that fragment (the map of
// uop.matmul). This is where a GEMM leaves the CUDA cores: 16 scalar shared
// loads and 64 FMAs per thread and k step become a handful of ldmatrix and
// mma.sync per warp.
//
// Operands that ldmatrix cannot read (TF32 inputs, which are 32-bit, or a
// shared layout that splits 16-byte rows) get their fragments element by
// element with the same map; the multiply is still mma.sync.
//
// Kind wmma: the K loop carries the warp tile as opaque WMMA accumulator
// fragments (16x16 each), and each k16 step is one uop.wmma_load per
// fragment of A and of B and one uop.wmma_mma per accumulator. What lane
// holds what element of a WMMA fragment is unspecified, so the
// accumulator enters and leaves the op's register map (the m16n8 map, as for
// mma_sync) through memory: a 16x16 f32 tile per warp in shared memory,
// written by the lanes and read by wmma_load (or written by wmma_store and
// read by the lanes), between block barriers. That happens once per block
// tile, outside the K loop (a zero accumulator is a wmma_fill).
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPTENSORCORE
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

/// True when the rows of the shared tile `type` stored with `layout` can be
/// read by ldmatrix: 16-bit elements, rows of whole 16-byte chunks (so every
/// 8-element row segment is 16-byte aligned), and a swizzle, if any, that
/// moves whole 16-byte chunks.
static bool isLdmatrixReadable(MemRefType type, SharedLayoutAttr layout) {
  Type elem = type.getElementType();
  if (!elem.isF16() && !elem.isBF16())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1 ||
      ShapedType::isDynamic(strides[0]) || strides[0] % 8)
    return false;
  // A dynamic offset is a stage of the multi-buffered tile: a multiple of
  // the tile, itself whole rows.
  if (!ShapedType::isDynamic(offset) && offset % 8)
    return false;
  return !layout || layout.getSwizzle() <= 1 || layout.getUnit() % 8 == 0;
}

namespace {
/// What both builders share: the op, its builder, and index arithmetic.
class TensorCoreBuilder {
protected:
  TensorCoreBuilder(ImplicitLocOpBuilder &b, MatmulOp op) : b(b), op(op) {}

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value add(Value x, int64_t y) { return y ? add(x, index(y)) : x; }
  Value mul(Value x, int64_t y) {
    return arith::MulIOp::create(b, x, index(y));
  }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, x, index(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, x, index(y));
  }

  ImplicitLocOpBuilder &b;
  MatmulOp op;
};

/// Emits the tensor-core code of one uop.matmul.
class MmaSyncBuilder : TensorCoreBuilder {
public:
  MmaSyncBuilder(ImplicitLocOpBuilder &b, MatmulOp op)
      : TensorCoreBuilder(b, op) {}

  LogicalResult build(RewriterBase &rewriter);

private:

  /// Element (row, col) of the stored tile `mem` with `layout`.
  Value load(Value mem, SharedLayoutAttr layout, Value row, Value col) {
    return memref::LoadOp::create(
        b, mem,
        ValueRange{row, buildSwizzledColumn(b, b.getLoc(), row, col, layout)});
  }

  /// The A fragment of the m16 fragment `fm` at reduction offset `k`.
  Value fragmentA(int64_t fm, Value k);
  /// The B fragments of the n8 fragments `fn` (and `fn + 1` when `two`).
  SmallVector<Value> fragmentsB(int64_t fn, bool two, Value k);

  Type elem;
  bool tf32 = false, ldmatrixA = false, ldmatrixB = false;
  /// The lane, and the thread's origin in its warp tile.
  Value lane, g, t, warpRow, warpCol;
};
} // namespace

Value MmaSyncBuilder::fragmentA(int64_t fm, Value k) {
  Value a = op.getA();
  SharedLayoutAttr layout = op.getALayoutAttr();
  bool ta = op.getTransposeA();
  Value rowBase = add(warpRow, 16 * fm);
  if (ldmatrixA) {
    // x4: matrix q covers rows 8 (q mod 2) .. + 7 and k 8 (q / 2) .. + 7 of
    // the fragment (registers a0..a3 of mma.m16n8k16). Lane l supplies row
    // l mod 8 of matrix l / 8: fragment row l mod 16, k 8 (l / 16).
    // Stored transposed (rows are k), the same matrices are read with
    // .trans: stored row k + 8 (l / 16) + l mod 8, column 8 ((l / 8) mod 2).
    Value row, col;
    if (!ta) {
      row = add(rowBase, rem(lane, 16));
      col = add(k, mul(div(lane, 16), 8));
    } else {
      row = add(add(k, mul(div(lane, 16), 8)), rem(lane, 8));
      col = add(rowBase, mul(rem(div(lane, 8), 2), 8));
    }
    Value colPhys = buildSwizzledColumn(b, b.getLoc(), row, col, layout);
    return LdMatrixOp::create(b, VectorType::get({4, 2}, elem), a,
                              ValueRange{row, colPhys},
                              b.getI32IntegerAttr(4),
                              ta ? b.getUnitAttr() : UnitAttr());
  }
  // Element by element: register r, element e holds A(g + 8 (r mod 2),
  // 2t + e + 8 (r / 2)); TF32 (m16n8k8): A(g + 8 (r mod 2), t + 4 (r / 2)).
  int64_t perReg = tf32 ? 1 : 2;
  SmallVector<Value> elems;
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t e = 0; e < perReg; ++e) {
      Value m = add(add(rowBase, g), 8 * (r % 2));
      Value kk = tf32 ? add(add(k, t), 4 * (r / 2))
                      : add(add(k, mul(t, 2)), e + 8 * (r / 2));
      elems.push_back(ta ? load(a, layout, kk, m) : load(a, layout, m, kk));
    }
  return vector::FromElementsOp::create(b, VectorType::get({4, perReg}, elem),
                                        elems);
}

SmallVector<Value> MmaSyncBuilder::fragmentsB(int64_t fn, bool two, Value k) {
  Value bm = op.getB();
  SharedLayoutAttr layout = op.getBLayoutAttr();
  bool tb = op.getTransposeB();
  Value colBase = add(warpCol, 8 * fn);
  if (ldmatrixB) {
    // x4 over two n8 fragments (x2 over one): matrix q covers k
    // 8 (q mod 2) .. + 7 and n 8 (q / 2) .. + 7, registers b0, b1 of
    // fragment fn then of fn + 1. Row-major B stores rows of k: lane l
    // supplies stored row k + l mod 16 at column 8 (l / 16), read with
    // .trans. A transposed B stores rows of n: row 8 (l / 16) + l mod 8,
    // column k + 8 ((l / 8) mod 2), read as is. With x2 the lanes past 16
    // repeat the first 16 (the hardware ignores them).
    Value l = two ? lane : rem(lane, 16);
    Value row, col;
    if (!tb) {
      row = add(k, rem(l, 16));
      col = add(colBase, mul(div(l, 16), 8));
    } else {
      row = add(add(colBase, mul(div(l, 16), 8)), rem(l, 8));
      col = add(k, mul(rem(div(l, 8), 2), 8));
    }
    Value colPhys = buildSwizzledColumn(b, b.getLoc(), row, col, layout);
    int64_t num = two ? 4 : 2;
    Value x = LdMatrixOp::create(b, VectorType::get({num, 2}, elem), bm,
                                 ValueRange{row, colPhys},
                                 b.getI32IntegerAttr(num),
                                 tb ? UnitAttr() : b.getUnitAttr());
    if (!two)
      return {x};
    SmallVector<Value> halves;
    for (int64_t h = 0; h < 2; ++h) {
      SmallVector<Value> elems;
      for (int64_t r = 0; r < 2; ++r)
        for (int64_t e = 0; e < 2; ++e)
          elems.push_back(vector::ExtractOp::create(
              b, x, ArrayRef<int64_t>{2 * h + r, e}));
      halves.push_back(vector::FromElementsOp::create(
          b, VectorType::get({2, 2}, elem), elems));
    }
    return halves;
  }
  // Element by element: register r, element e holds B(2t + e + 8 r, g);
  // TF32: B(t + 4 r, g).
  int64_t perReg = tf32 ? 1 : 2;
  SmallVector<Value> result;
  for (int64_t f = 0; f < (two ? 2 : 1); ++f) {
    SmallVector<Value> elems;
    Value n = add(add(colBase, 8 * f), g);
    for (int64_t r = 0; r < 2; ++r)
      for (int64_t e = 0; e < perReg; ++e) {
        Value kk = tf32 ? add(add(k, t), 4 * r)
                        : add(add(k, mul(t, 2)), e + 8 * r);
        elems.push_back(tb ? load(bm, layout, n, kk) : load(bm, layout, kk, n));
      }
    result.push_back(vector::FromElementsOp::create(
        b, VectorType::get({2, perReg}, elem), elems));
  }
  return result;
}

/// The reduction size of `op`'s shared tiles, or a diagnostic when they
/// are not the whole block tile of whole k steps: the fragments are read
/// without bounds checks, from uop-promote-shared's zero-filled tiles.
static FailureOr<int64_t> getWholeTileReduction(MatmulOp op) {
  auto aType = cast<MemRefType>(op.getA().getType());
  auto bType = cast<MemRefType>(op.getB().getType());
  std::array<int64_t, 3> shape = op.getInstructionShape();
  int64_t kSize = aType.getDimSize(op.getADimK());
  if (!aType.hasStaticShape() || !bType.hasStaticShape() ||
      aType.getDimSize(op.getADimM()) != op.getBlockTileM() ||
      bType.getDimSize(op.getBDimN()) != op.getBlockTileN() ||
      bType.getDimSize(op.getBDimK()) != kSize || kSize % shape[2])
    return op.emitOpError("uop-tensorcore: expected shared tiles of the whole "
                          "block tile, ")
           << op.getBlockTileM() << "x" << op.getBlockTileN()
           << " with a reduction size that is a multiple of " << shape[2]
           << ", got " << aType << " and " << bType;
  return kSize;
}

LogicalResult MmaSyncBuilder::build(RewriterBase &rewriter) {
  auto aType = cast<MemRefType>(op.getA().getType());
  auto bType = cast<MemRefType>(op.getB().getType());
  elem = aType.getElementType();
  tf32 = op.getTf32();
  std::array<int64_t, 3> shape = op.getInstructionShape();
  FailureOr<int64_t> kSize = getWholeTileReduction(op);
  if (failed(kSize))
    return failure();
  ldmatrixA = !tf32 && isLdmatrixReadable(aType, op.getALayoutAttr());
  ldmatrixB = !tf32 && isLdmatrixReadable(bType, op.getBLayoutAttr());

  // Block of 32 WN x WM threads: warp (ty, tx / 32), lane tx mod 32.
  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  lane = rem(tx, 32);
  g = div(lane, 4);
  t = rem(lane, 4);
  warpRow = mul(ty, op.getWarpTileM());
  warpCol = mul(div(tx, 32), op.getWarpTileN());

  int64_t fragsM = op.getWarpTileM() / 16, fragsN = op.getWarpTileN() / 8;
  auto loop = scf::ForOp::create(b, index(0), index(*kSize), index(shape[2]),
                                 ValueRange{op.getAcc()});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value acc = loop.getRegionIterArgs()[0];
    SmallVector<Value> aFrags, bFrags;
    for (int64_t fm = 0; fm < fragsM; ++fm)
      aFrags.push_back(fragmentA(fm, k));
    for (int64_t fn = 0; fn < fragsN; fn += 2)
      llvm::append_range(bFrags, fragmentsB(fn, fn + 1 < fragsN, k));
    // One mma.sync per (m16, n8) fragment on the 2 x 2 slice
    // acc[2 fm .. 2 fm + 1][2 fn .. 2 fn + 1] (rows g and g + 8, columns
    // 2t and 2t + 1).
    auto cType = VectorType::get({2, 2}, b.getF32Type());
    DenseI64ArrayAttr shapeAttr = b.getDenseI64ArrayAttr(shape);
    for (int64_t fm = 0; fm < fragsM; ++fm)
      for (int64_t fn = 0; fn < fragsN; ++fn) {
        SmallVector<Value> c;
        for (int64_t r = 0; r < 2; ++r)
          for (int64_t e = 0; e < 2; ++e)
            c.push_back(vector::ExtractOp::create(
                b, acc, ArrayRef<int64_t>{2 * fm + r, 2 * fn + e}));
        Value cFrag = vector::FromElementsOp::create(b, cType, c);
        Value d = MmaSyncOp::create(b, cType, aFrags[fm], bFrags[fn], cFrag,
                                    shapeAttr);
        for (int64_t r = 0; r < 2; ++r)
          for (int64_t e = 0; e < 2; ++e)
            acc = vector::InsertOp::create(
                b, vector::ExtractOp::create(b, d, ArrayRef<int64_t>{r, e}),
                acc, ArrayRef<int64_t>{2 * fm + r, 2 * fn + e});
      }
    scf::YieldOp::create(b, acc);
  }
  rewriter.replaceOp(op, loop.getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// wmma
//===----------------------------------------------------------------------===//

namespace {
/// Emits the WMMA code of one uop.matmul of kind wmma (see the file
/// comment): fragments through the K loop, the register map at its ends.
class WmmaBuilder : TensorCoreBuilder {
public:
  WmmaBuilder(ImplicitLocOpBuilder &b, MatmulOp op)
      : TensorCoreBuilder(b, op) {}

  LogicalResult build(RewriterBase &rewriter);

private:

  FragmentType accType() {
    return FragmentType::get(b.getContext(), FragmentKind::Accumulator,
                             {16, 16}, b.getF32Type(), FragmentLayout::Row);
  }
  /// The thread's values (lane, warp origin, scratch row) at the current
  /// insertion point.
  void computeThreadValues();
  /// Row and column, within fragment (fm, fn), of element (i, j) of the
  /// accumulator vector (the m16n8 map: rows g, g + 8 of each m16 pair,
  /// columns 2t, 2t + 1 of each n8 pair).
  std::pair<Value, Value> inFragment(int64_t i, int64_t j);
  /// The accumulator fragments of the vector `acc` (row-major over the
  /// warp tile's 16x16 tiles).
  SmallVector<Value> toFragments(Value acc);
  /// The accumulator vector of `frags`.
  Value fromFragments(ValueRange frags);
  /// One k16 step at reduction offset `k` on `frags`.
  SmallVector<Value> multiply(Value k, ValueRange frags);
  /// The k16 steps of the whole shared tiles on `frags`.
  SmallVector<Value> multiplyTile(ValueRange frags);

  int64_t kSize = 0, fragsM = 0, fragsN = 0;
  VectorType vecType;
  Value scratch;
  Value g, t, warpRow, warpCol, scratchRow;
};
} // namespace

void WmmaBuilder::computeThreadValues() {
  // Block of 32 WN x WM threads: warp (ty, tx / 32), lane tx mod 32.
  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value lane = rem(tx, 32);
  Value warpN = div(tx, 32);
  g = div(lane, 4);
  t = rem(lane, 4);
  warpRow = mul(ty, op.getWarpTileM());
  warpCol = mul(warpN, op.getWarpTileN());
  // Warp w owns rows 16 w .. 16 w + 15 of the scratch tile.
  scratchRow = mul(add(mul(ty, op.getWarpsN()), warpN), 16);
}

std::pair<Value, Value> WmmaBuilder::inFragment(int64_t i, int64_t j) {
  Value row = add(g, 8 * (i % 2));
  Value col = add(mul(t, 2), 8 * ((j / 2) % 2) + j % 2);
  return {row, col};
}

SmallVector<Value> WmmaBuilder::toFragments(Value acc) {
  SmallVector<Value> frags;
  // The common case, C zeroed before the K loop: no memory round trip.
  Value splat = acc;
  if (auto broadcast = acc.getDefiningOp<vector::BroadcastOp>())
    splat = broadcast.getSource();
  if (matchPattern(splat, m_AnyZeroFloat())) {
    Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0f));
    for (int64_t f = 0; f < fragsM * fragsN; ++f)
      frags.push_back(WmmaFillOp::create(b, accType(), zero));
    return frags;
  }
  for (int64_t fm = 0; fm < fragsM; ++fm)
    for (int64_t fn = 0; fn < fragsN; ++fn) {
      for (int64_t i = 2 * fm; i < 2 * fm + 2; ++i)
        for (int64_t j = 4 * fn; j < 4 * fn + 4; ++j) {
          auto [row, col] = inFragment(i, j);
          Value v = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{i, j});
          memref::StoreOp::create(b, v, scratch,
                                  ValueRange{add(scratchRow, row), col});
        }
      BarrierOp::create(b);
      frags.push_back(WmmaLoadOp::create(b, accType(), scratch,
                                         ValueRange{scratchRow, index(0)}));
      // The next fragment's stores must wait for every lane's load.
      BarrierOp::create(b);
    }
  return frags;
}

Value WmmaBuilder::fromFragments(ValueRange frags) {
  Value acc = arith::ConstantOp::create(
      b, vecType, DenseElementsAttr::get(vecType, 0.0f));
  for (int64_t fm = 0; fm < fragsM; ++fm)
    for (int64_t fn = 0; fn < fragsN; ++fn) {
      WmmaStoreOp::create(b, frags[fm * fragsN + fn], scratch,
                          ValueRange{scratchRow, index(0)});
      BarrierOp::create(b);
      for (int64_t i = 2 * fm; i < 2 * fm + 2; ++i)
        for (int64_t j = 4 * fn; j < 4 * fn + 4; ++j) {
          auto [row, col] = inFragment(i, j);
          Value v = memref::LoadOp::create(
              b, scratch, ValueRange{add(scratchRow, row), col});
          acc = vector::InsertOp::create(b, v, acc, ArrayRef<int64_t>{i, j});
        }
      // The next fragment's store must wait for every lane's loads.
      BarrierOp::create(b);
    }
  return acc;
}

SmallVector<Value> WmmaBuilder::multiply(Value k, ValueRange frags) {
  MLIRContext *ctx = b.getContext();
  Type elem = cast<MemRefType>(op.getA().getType()).getElementType();
  bool ta = op.getTransposeA(), tb = op.getTransposeB();
  // A stored M x K is a row-major matrix_a, stored K x M a column-major one;
  // B stored K x N is row-major, stored N x K column-major. The leading
  // dimension is the stored row stride either way.
  auto layout = [](bool col) {
    return col ? FragmentLayout::Col : FragmentLayout::Row;
  };
  auto aType = FragmentType::get(ctx, FragmentKind::MatrixA, {16, 16}, elem,
                                 layout(ta));
  auto bType = FragmentType::get(ctx, FragmentKind::MatrixB, {16, 16}, elem,
                                 layout(tb));
  SmallVector<Value> aFrags, bFrags;
  for (int64_t fm = 0; fm < fragsM; ++fm) {
    Value m = add(warpRow, 16 * fm);
    aFrags.push_back(WmmaLoadOp::create(
        b, aType, op.getA(), ta ? ValueRange{k, m} : ValueRange{m, k}));
  }
  for (int64_t fn = 0; fn < fragsN; ++fn) {
    Value n = add(warpCol, 16 * fn);
    bFrags.push_back(WmmaLoadOp::create(
        b, bType, op.getB(), tb ? ValueRange{n, k} : ValueRange{k, n}));
  }
  SmallVector<Value> result;
  for (int64_t fm = 0; fm < fragsM; ++fm)
    for (int64_t fn = 0; fn < fragsN; ++fn)
      result.push_back(WmmaMmaOp::create(b, accType(), aFrags[fm], bFrags[fn],
                                         frags[fm * fragsN + fn]));
  return result;
}

SmallVector<Value> WmmaBuilder::multiplyTile(ValueRange frags) {
  auto loop = scf::ForOp::create(b, index(0), index(kSize), index(16), frags);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> next =
      multiply(loop.getInductionVar(), loop.getRegionIterArgs());
  scf::YieldOp::create(b, next);
  return SmallVector<Value>(loop.getResults());
}

LogicalResult WmmaBuilder::build(RewriterBase &rewriter) {
  FailureOr<int64_t> k = getWholeTileReduction(op);
  if (failed(k))
    return failure();
  kSize = *k;
  fragsM = op.getWarpTileM() / 16;
  fragsN = op.getWarpTileN() / 16;
  vecType = op.getAcc().getType();

  // The scratch tile: 16 rows per warp, at the top of the kernel.
  Operation *kernel = getEnclosingKernel(op);
  if (!kernel)
    return op.emitOpError("uop-tensorcore: expected the matmul in a kernel");
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(getKernelBody(kernel));
    auto type = MemRefType::get(
        {op.getWarpsM() * op.getWarpsN() * 16, 16}, b.getF32Type(),
        MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(b.getContext(),
                                   gpu::AddressSpace::Workgroup));
    // wmma.load / wmma.store addresses are 256-bit aligned.
    scratch = AllocSharedOp::create(b, type, b.getI64IntegerAttr(32));
  }

  // The K loop around the op, when the op is its accumulation: the loop
  // carries the accumulator in `acc` and yields the op's result for it.
  auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
  std::optional<unsigned> pos;
  if (loop && op.getResult().hasOneUse()) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (BlockArgument arg : loop.getRegionIterArgs())
      if (arg == op.getAcc()) {
        unsigned i = arg.getArgNumber() - loop.getNumInductionVars();
        if (yield.getOperand(i) == op.getResult())
          pos = i;
      }
  }

  if (!pos) {
    // No loop to carry fragments through: in and out around the op.
    computeThreadValues();
    SmallVector<Value> frags = multiplyTile(toFragments(op.getAcc()));
    rewriter.replaceOp(op, fromFragments(frags));
    return success();
  }

  // Fragments in before the loop, carried by it, out after it.
  b.setInsertionPoint(loop);
  computeThreadValues();
  Value init = loop.getInitArgs()[*pos];
  SmallVector<Value> initFrags = toFragments(init);
  Value g0 = g, t0 = t, warpRow0 = warpRow, warpCol0 = warpCol,
        scratchRow0 = scratchRow;
  SmallVector<Value> bodyFrags;
  FailureOr<LoopLikeOpInterface> widened = loop.replaceWithAdditionalYields(
      rewriter, initFrags, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
        b.setInsertionPoint(op);
        bodyFrags = multiplyTile(SmallVector<Value>(args.begin(), args.end()));
        return bodyFrags;
      });
  if (failed(widened))
    return op.emitOpError("uop-tensorcore: cannot carry WMMA fragments "
                          "through the K loop");
  auto newLoop = cast<scf::ForOp>(widened->getOperation());
  // The vector accumulator is now passed through unchanged (and folds
  // away); the loop's vector result is the fragments', read back after it.
  rewriter.replaceOp(op, op.getAcc());
  b.setInsertionPointAfter(newLoop);
  g = g0, t = t0, warpRow = warpRow0, warpCol = warpCol0,
  scratchRow = scratchRow0;
  Value acc = fromFragments(
      newLoop.getResults().take_back(initFrags.size()));
  rewriter.replaceAllUsesWith(newLoop.getResult(*pos), acc);
  return success();
}

LogicalResult mlir::uop::rewriteToTensorCores(RewriterBase &rewriter,
                                              MatmulOp op) {
  if (op.getKind() == MatmulKind::simt)
    return success();
  // Operands still in global memory are left to uop-lower-tiles, which
  // computes the same sums on CUDA cores.
  if (!isWorkgroupMemRef(op.getA().getType()) ||
      !isWorkgroupMemRef(op.getB().getType()))
    return success();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  if (op.getKind() == MatmulKind::wmma)
    return WmmaBuilder(b, op).build(rewriter);
  return MmaSyncBuilder(b, op).build(rewriter);
}

namespace {
struct UopTensorCorePass
    : public mlir::uop::impl::UopTensorCoreBase<UopTensorCorePass> {
  void runOnOperation() override {
    SmallVector<MatmulOp> ops;
    getOperation()->walk([&](MatmulOp op) {
      if (op.isTensorCore())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (MatmulOp op : ops)
      if (failed(rewriteToTensorCores(rewriter, op)))
        return signalPassFailure();
  }
};
} // namespace
