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
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

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
/// Emits the tensor-core code of one uop.matmul.
class MmaSyncBuilder {
public:
  MmaSyncBuilder(ImplicitLocOpBuilder &b, MatmulOp op) : b(b), op(op) {}

  LogicalResult build(RewriterBase &rewriter);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value add(Value x, int64_t y) { return y ? add(x, index(y)) : x; }
  Value mul(Value x, int64_t y) { return arith::MulIOp::create(b, x, index(y)); }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, x, index(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, x, index(y));
  }

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

  ImplicitLocOpBuilder &b;
  MatmulOp op;
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

LogicalResult MmaSyncBuilder::build(RewriterBase &rewriter) {
  auto aType = cast<MemRefType>(op.getA().getType());
  auto bType = cast<MemRefType>(op.getB().getType());
  elem = aType.getElementType();
  tf32 = op.getTf32();
  std::array<int64_t, 3> shape = op.getInstructionShape();
  // The fragments are read without bounds checks: the operands must be the
  // whole block tile (uop-promote-shared's zero-filled shared tiles).
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
  auto loop = scf::ForOp::create(b, index(0), index(kSize), index(shape[2]),
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

LogicalResult mlir::uop::rewriteToTensorCores(RewriterBase &rewriter,
                                              MatmulOp op) {
  if (op.getKind() == MatmulKind::simt)
    return success();
  if (op.getKind() == MatmulKind::wmma)
    return op.emitOpError("uop-tensorcore: kind wmma is not implemented; use "
                          "mma_sync");
  // Operands still in global memory are left to uop-lower-tiles, which
  // computes the same sums on CUDA cores.
  if (!isWorkgroupMemRef(op.getA().getType()) ||
      !isWorkgroupMemRef(op.getB().getType()))
    return success();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
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
