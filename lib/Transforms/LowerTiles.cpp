//===- LowerTiles.cpp - uop-lower-tiles pass ------------------------------===//
//
// Expands the tile-level ops into the code each thread runs. uop.copy spreads
// a tile over the threads of the block in 16-byte vectors, the width at which
// a warp's global loads are fully coalesced and its shared stores
// conflict-free; uop.matmul becomes the register-blocked inner product, an
// outer product of TM elements of A and TN elements of B per step of K.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/GemmMatcher.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::uop {
#define GEN_PASS_DEF_UOPLOWERTILES
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

bool mlir::uop::isProvablyMultipleOf(Value value, int64_t factor) {
  if (factor == 1)
    return true;
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return *c % factor == 0;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    return loop && arg == loop.getInductionVar() &&
           isProvablyMultipleOf(loop.getLowerBound(), factor) &&
           isProvablyMultipleOf(loop.getStep(), factor);
  }
  Operation *def = value.getDefiningOp();
  if (auto add = dyn_cast<arith::AddIOp>(def))
    return isProvablyMultipleOf(add.getLhs(), factor) &&
           isProvablyMultipleOf(add.getRhs(), factor);
  if (auto mul = dyn_cast<arith::MulIOp>(def)) {
    for (auto [x, y] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())})
      if (std::optional<int64_t> c = getConstantIntValue(x))
        if (*c % factor == 0 ||
            isProvablyMultipleOf(y, factor / std::gcd(*c, factor)))
          return true;
    return isProvablyMultipleOf(mul.getLhs(), factor) ||
           isProvablyMultipleOf(mul.getRhs(), factor);
  }
  return false;
}

/// The most k-steps of a SIMT matmul unrolled: a k-tile of the default
/// 8 (or of 64, 8 times the FMAs of a step) is straight-line code; a
/// deeper reduction, a whole matrix read from global memory, stays a loop.
static constexpr int64_t kMaxUnrolledSteps = 64;

/// True when a tile stored with `layout` keeps every aligned vector of
/// `width` elements contiguous: no swizzle, or one that moves chunks of a
/// multiple of `width` elements.
static bool keepsVectors(SharedLayoutAttr layout, int64_t width) {
  return !layout || layout.getSwizzle() <= 1 || layout.getUnit() % width == 0;
}

namespace {
/// Helpers shared by the two expansions.
struct TileCodegen {
  ImplicitLocOpBuilder &b;

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }

  /// Size of dimension `d` of `memref`, as a constant where it is static.
  Value dim(Value memref, unsigned d) {
    auto type = cast<MemRefType>(memref.getType());
    if (!type.isDynamicDim(d))
      return index(type.getDimSize(d));
    return memref::DimOp::create(b, memref, d);
  }

  /// Column actually addressed for logical (row, col) of a tile written with
  /// swizzled layout `layout` (see #uop.shared_layout; null: none).
  Value swizzled(Value row, Value col, SharedLayoutAttr layout) {
    return buildSwizzledColumn(b, b.getLoc(), row, col, layout);
  }

  /// Loads `memref[i0][i1]` as f32 when `guard` holds (or always, when it is
  /// null), zero otherwise.
  Value loadF32(Value memref, Value i0, Value i1, Value guard) {
    Type elem = cast<MemRefType>(memref.getType()).getElementType();
    auto load = [&](OpBuilder &nb, Location loc) -> Value {
      Value v = memref::LoadOp::create(nb, loc, memref, ValueRange{i0, i1});
      if (!elem.isF32())
        v = arith::ExtFOp::create(nb, loc, nb.getF32Type(), v);
      return v;
    };
    if (!guard)
      return load(b, b.getLoc());
    auto ifOp = scf::IfOp::create(
        b, guard,
        [&](OpBuilder &nb, Location loc) {
          scf::YieldOp::create(nb, loc, load(nb, loc));
        },
        [&](OpBuilder &nb, Location loc) {
          Value zero =
              arith::ConstantOp::create(nb, loc, nb.getF32FloatAttr(0));
          scf::YieldOp::create(nb, loc, zero);
        });
    return ifOp.getResult(0);
  }

  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ult, x, y);
  }
};
} // namespace

/// Returns the row stride of a 2-D memref with unit inner stride, if static.
static std::optional<int64_t> getStaticRowStride(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1 ||
      ShapedType::isDynamic(strides[0]))
    return std::nullopt;
  return strides[0];
}

/// Returns true when the offset of `memref` from the start of its buffer, in
/// elements, is provably a multiple of `factor`, and its buffer starts at
/// least that aligned. Global buffers (kernel arguments) are assumed to
/// start 16-byte aligned, as cudaMalloc's do; a shared buffer must ask for
/// it (uop.alloc_shared's alignment). A subview adds sum(offset_d *
/// stride_d) of its source, each term of which must be a multiple.
static bool hasAlignedOffset(Value memref, int64_t factor) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (succeeded(type.getStridesAndOffset(strides, offset)) &&
      !ShapedType::isDynamic(offset)) {
    if (offset % factor != 0)
      return false;
    // Shared memory is aligned to its element unless the buffer asks for
    // more.
    if (!isWorkgroupMemRef(type))
      return true;
    int64_t bytes = factor * getElementBytes(type.getElementType());
    if (auto alloc = memref.getDefiningOp<AllocSharedOp>())
      return alloc.getAlignment() && int64_t(*alloc.getAlignment()) >= bytes;
    if (auto sub = memref.getDefiningOp<memref::SubViewOp>())
      return hasAlignedOffset(sub.getSource(), factor);
    return false;
  }
  if (auto cast = memref.getDefiningOp<memref::CastOp>())
    return hasAlignedOffset(cast.getSource(), factor);
  auto subview = memref.getDefiningOp<memref::SubViewOp>();
  if (!subview || !hasAlignedOffset(subview.getSource(), factor))
    return false;
  SmallVector<int64_t> sourceStrides;
  int64_t sourceOffset;
  if (failed(subview.getSourceType().getStridesAndOffset(sourceStrides,
                                                         sourceOffset)))
    return false;
  for (auto [ofr, stride] :
       llvm::zip(subview.getMixedOffsets(), sourceStrides)) {
    std::optional<int64_t> c = getConstantIntValue(ofr);
    if (c && *c == 0)
      continue;
    if (ShapedType::isDynamic(stride))
      return false;
    if (c) {
      if ((*c * stride) % factor != 0)
        return false;
      continue;
    }
    // offset * stride is a multiple of factor when the offset is a multiple
    // of factor / gcd(stride, factor).
    int64_t need = factor / std::gcd(stride == 0 ? factor : stride, factor);
    if (!isProvablyMultipleOf(cast<Value>(ofr), need))
      return false;
  }
  return true;
}

/// The elements each uop.cp_async of the asynchronous copy `op` moves: 16
/// bytes, else 8, else 4, the widest whose vectors tile the rows and whose
/// source and destination addresses are provably aligned to its size (PTX
/// requires cp.async addresses aligned to the copy size); 0 when none is
/// (a 2-byte element at an odd offset, a source that is not global).
/// Swizzled columns scatter the elements of a vector: only single 4-byte
/// elements can then be copied.
static int64_t getAsyncCopyWidth(CopyOp op) {
  auto srcType = cast<MemRefType>(op.getSource().getType());
  auto dstType = cast<MemRefType>(op.getDest().getType());
  if (!isGlobalMemRef(srcType))
    return 0;
  int64_t elemBytes = getElementBytes(dstType.getElementType());
  int64_t cols = dstType.getDimSize(1);
  std::optional<int64_t> srcStride = getStaticRowStride(srcType);
  std::optional<int64_t> dstStride = getStaticRowStride(dstType);
  if (!srcStride || !dstStride || elemBytes <= 0)
    return 0;
  for (int64_t bytes : {16, 8, 4}) {
    if (bytes % elemBytes)
      continue;
    int64_t width = bytes / elemBytes;
    // A swizzled tile takes whole vectors only when its swizzle moves
    // chunks of a multiple of the vector (the 16-byte chunk swizzle of
    // tensor-core operands); an element swizzle takes single elements.
    SharedLayoutAttr layout =
        op.getSwizzle() > 1 ? op.getLayoutAttr() : SharedLayoutAttr();
    if (!keepsVectors(layout, width))
      continue;
    if (cols % width == 0 && *srcStride % width == 0 &&
        *dstStride % width == 0 && hasAlignedOffset(op.getSource(), width) &&
        hasAlignedOffset(op.getDest(), width))
      return width;
  }
  return 0;
}

static bool hasUnitStrides(memref::SubViewOp subview) {
  return llvm::all_of(subview.getMixedStrides(), [](OpFoldResult s) {
    return isConstantIntValue(s, 1);
  });
}

/// The row-major memref whose innermost dimension, known only at run time,
/// is the row stride of `matrix`, a 2-D memref a GEMM's tiles are taken
/// from, or null: `matrix` itself, or, for a batch of GEMMs, the 3-D
/// memref whose matrix [z, :, :] it is (buildBatchMatrix: starting z rows
/// times the row length in, at a multiple of the row length).
static Value getRowsBase(Value matrix) {
  auto type = cast<MemRefType>(matrix.getType());
  if (type.getRank() == 2 && type.getLayout().isIdentity())
    return type.isDynamicDim(1) ? matrix : Value();
  Value batch = getBatchOperand(matrix);
  if (!batch || !cast<MemRefType>(batch.getType()).isDynamicDim(2))
    return Value();
  return batch;
}

/// The unit-stride subview of a 2-D memref whose row length (the
/// subview's row stride) is known only at run time that `src` is (a tile
/// of a GEMM of dynamic shape; getRowsBase), or null.
static memref::SubViewOp getRuntimeStrideTile(Value src) {
  auto subview = src.getDefiningOp<memref::SubViewOp>();
  if (!subview || !hasUnitStrides(subview) ||
      !getRowsBase(subview.getSource()))
    return nullptr;
  return subview;
}

/// Whether the base of the tile `subview` (getRuntimeStrideTile) has rows
/// that start at multiples of `width` elements without a test: the launch
/// was versioned for them (uop.aligned_rows: whole 16-byte units).
static bool hasKnownAlignedRows(memref::SubViewOp subview, int64_t width) {
  Value base = getRowsBase(subview.getSource());
  int64_t elemBytes =
      getElementBytes(cast<MemRefType>(base.getType()).getElementType());
  return elemBytes > 0 && 16 % (width * elemBytes) == 0 &&
         hasAlignedRows(subview, base);
}

/// Whether the index `v` is a multiple of `n` by construction: a constant
/// multiple, a product with one, a sum or difference of two, or the
/// induction variable of an scf.for whose lower bound and step are.
static bool isKnownMultiple(OpFoldResult v, int64_t n, unsigned depth = 0) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return *c % n == 0;
  if (n == 1)
    return true;
  if (depth > 8)
    return false;
  Value value = cast<Value>(v);
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    return loop && arg == loop.getInductionVar() &&
           isKnownMultiple(loop.getLowerBound(), n, depth + 1) &&
           isKnownMultiple(loop.getStep(), n, depth + 1);
  }
  Operation *op = value.getDefiningOp();
  if (isa<arith::MulIOp>(op))
    return isKnownMultiple(op->getOperand(0), n, depth + 1) ||
           isKnownMultiple(op->getOperand(1), n, depth + 1);
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return isKnownMultiple(op->getOperand(0), n, depth + 1) &&
           isKnownMultiple(op->getOperand(1), n, depth + 1);
  return false;
}

/// Whether the rows of the tile `subview` start at multiples of `width`
/// elements without a test: its base's rows do (hasKnownAlignedRows) and
/// its first column is a multiple by construction (isKnownMultiple: the
/// block's tile origin, a k-tile's).
static bool hasKnownAlignedTile(memref::SubViewOp subview, int64_t width) {
  return isKnownMultiple(subview.getMixedOffsets()[1], width) &&
         hasKnownAlignedRows(subview, width);
}

/// The test, uniform in the block, that the rows of the tile `subview`
/// (getRuntimeStrideTile) start at multiples of `width` elements: its
/// base's row length and its first column are multiples (the base starts
/// 16-byte aligned, as a kernel argument does); the column alone where
/// the base's rows are known to be (hasKnownAlignedRows).
static Value buildRowAlignmentTest(ImplicitLocOpBuilder &b,
                                   memref::SubViewOp subview, int64_t width) {
  TileCodegen cg{b};
  OpFoldResult colOffset = subview.getMixedOffsets()[1];
  Value col = isa<Value>(colOffset) ? cast<Value>(colOffset)
                                    : cg.index(*getConstantIntValue(colOffset));
  auto multiple = [&](Value v) {
    return arith::CmpIOp::create(
        b, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, v, cg.index(width)), cg.index(0));
  };
  if (hasKnownAlignedRows(subview, width))
    return multiple(col);
  Value base = getRowsBase(subview.getSource());
  int64_t rank = cast<MemRefType>(base.getType()).getRank();
  return arith::AndIOp::create(b, multiple(cg.dim(base, rank - 1)),
                               multiple(col));
}

/// For an asynchronous copy that getAsyncCopyWidth refuses only because
/// its source's row stride is known at run time alone (a GEMM of dynamic
/// shape): the source is a unit-stride subview of a row-major memref, and
/// the widest vector (16, 8 or 4 bytes) the static facts allow when that
/// memref's row length (its dim 1, the stride) and the subview's first
/// column are multiples of it, which the caller tests at run time; 0 when
/// there is none. `subview` is set to the source's subview.
static int64_t getRuntimeAsyncCopyWidth(CopyOp op,
                                        memref::SubViewOp &subview) {
  auto srcType = cast<MemRefType>(op.getSource().getType());
  auto dstType = cast<MemRefType>(op.getDest().getType());
  subview = getRuntimeStrideTile(op.getSource());
  if (!isGlobalMemRef(srcType) || !subview)
    return 0;
  int64_t elemBytes = getElementBytes(dstType.getElementType());
  int64_t cols = dstType.getDimSize(1);
  std::optional<int64_t> dstStride = getStaticRowStride(dstType);
  if (!dstStride || elemBytes <= 0)
    return 0;
  SharedLayoutAttr layout =
      op.getSwizzle() > 1 ? op.getLayoutAttr() : SharedLayoutAttr();
  for (int64_t bytes : {16, 8, 4}) {
    if (bytes % elemBytes)
      continue;
    int64_t width = bytes / elemBytes;
    if (keepsVectors(layout, width) && cols % width == 0 &&
        *dstStride % width == 0 && hasAlignedOffset(op.getDest(), width))
      return width;
  }
  return 0;
}

/// Returns the linear id of the thread in a block of `block` threads, x
/// fastest.
static Value getLinearThreadId(ImplicitLocOpBuilder &b,
                               std::array<int64_t, 3> block) {
  TileCodegen cg{b};
  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value tz = gpu::ThreadIdOp::create(b, gpu::Dimension::z);
  return arith::AddIOp::create(
      b, tx,
      arith::MulIOp::create(
          b,
          arith::AddIOp::create(b, ty,
                                arith::MulIOp::create(b, tz, cg.index(block[1]))),
          cg.index(block[0])));
}

/// Emits the rounds of a cooperative copy of `vectors` vectors by `threads`
/// threads of linear id `tid`: in round k the thread copies vector
/// e = k * threads + tid, which `emitVector` emits. The rounds are a loop
/// when there is more than one; a last round that not every thread has a
/// vector in is guarded by e < vectors.
static void
emitCopyRounds(ImplicitLocOpBuilder &b, Value tid, int64_t vectors,
               int64_t threads,
               function_ref<void(ImplicitLocOpBuilder &, Value)> emitVector) {
  TileCodegen cg{b};
  int64_t rounds = llvm::divideCeil(vectors, threads);
  auto body = [&](OpBuilder &nb, Location loc, Value round) {
    ImplicitLocOpBuilder ib(loc, nb);
    TileCodegen icg{ib};
    Value e = arith::AddIOp::create(
        ib, arith::MulIOp::create(ib, round, icg.index(threads)), tid);
    if (vectors % threads == 0) {
      emitVector(ib, e);
      return;
    }
    auto guard = scf::IfOp::create(ib, icg.ult(e, icg.index(vectors)),
                                   /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g(ib);
    ib.setInsertionPointToStart(guard.thenBlock());
    emitVector(ib, e);
  };
  if (rounds == 1) {
    body(b, b.getLoc(), cg.index(0));
    return;
  }
  scf::ForOp::create(b, cg.index(0), cg.index(rounds), cg.index(1),
                     ValueRange{},
                     [&](OpBuilder &nb, Location loc, Value iv, ValueRange) {
                       body(nb, loc, iv);
                       scf::YieldOp::create(nb, loc);
                     });
}


/// Lowers the asynchronous copy `op` to one `uop.cp_async` of `width`
/// elements per vector, vector e by thread e mod `threads` (the
/// distribution of the synchronous copy). A vector crossing the source's
/// edge reads only its elements inside (`src_elements`); the hardware
/// zero-fills the rest. A vector past the edge reads nothing
/// (`src_elements` = 0) from the source's first element, so that no
/// address outside the source is formed.
static void lowerAsyncCopy(ImplicitLocOpBuilder &b, CopyOp op,
                           std::array<int64_t, 3> block, int64_t width) {
  TileCodegen cg{b};
  int64_t threads = block[0] * block[1] * block[2];
  Value src = op.getSource(), dst = op.getDest();
  auto srcType = cast<MemRefType>(src.getType());
  auto dstType = cast<MemRefType>(dst.getType());
  int64_t rows = dstType.getDimSize(0), cols = dstType.getDimSize(1);
  int64_t bytes = width * getElementBytes(dstType.getElementType());
  SharedLayoutAttr layout =
      op.getSwizzle() > 1 ? op.getLayoutAttr() : SharedLayoutAttr();
  Value tid = getLinearThreadId(b, block);
  int64_t vectorsPerRow = cols / width;
  int64_t vectors = rows * vectorsPerRow;
  // Which edges the source can have: a static dimension as large as the
  // tile has none.
  bool rowEdge = srcType.isDynamicDim(0) || srcType.getDimSize(0) < rows;
  bool colEdge = srcType.isDynamicDim(1) || srcType.getDimSize(1) < cols;
  Value srcRows = cg.dim(src, 0), srcCols = cg.dim(src, 1);

  auto emitCopy = [&](ImplicitLocOpBuilder &cb, Value e) {
    TileCodegen ccg{cb};
    Value r = arith::DivUIOp::create(cb, e, ccg.index(vectorsPerRow));
    Value c = arith::MulIOp::create(
        cb, arith::RemUIOp::create(cb, e, ccg.index(vectorsPerRow)),
        ccg.index(width));
    Value dc = ccg.swizzled(r, c, layout);
    // 16-byte copies go through L2 only (.cg): a staged tile is read
    // from shared memory, never again through L1.
    UnitAttr bypassL1 = bytes == 16 ? cb.getUnitAttr() : UnitAttr();
    if (!rowEdge && !colEdge) {
      CpAsyncOp::create(cb, dst, ValueRange{r, dc}, src, ValueRange{r, c},
                        cb.getIndexAttr(width), /*src_elements=*/Value(),
                        bypassL1);
      return;
    }
    // Elements of the vector inside the source: min(max(cols - c, 0),
    // width) in a row inside it, none below it.
    Value valid = ccg.index(width);
    if (colEdge) {
      Value left = arith::SubIOp::create(cb, srcCols, c);
      valid = arith::MinSIOp::create(
          cb, arith::MaxSIOp::create(cb, left, ccg.index(0)), valid);
    }
    if (rowEdge)
      valid = arith::SelectOp::create(cb, ccg.ult(r, srcRows), valid,
                                      ccg.index(0));
    Value inside = arith::CmpIOp::create(cb, arith::CmpIPredicate::ne, valid,
                                         ccg.index(0));
    Value sr = arith::SelectOp::create(cb, inside, r, ccg.index(0));
    Value sc = arith::SelectOp::create(cb, inside, c, ccg.index(0));
    CpAsyncOp::create(cb, dst, ValueRange{r, dc}, src, ValueRange{sr, sc},
                      cb.getIndexAttr(width), valid, bypassL1);
  };
  emitCopyRounds(b, tid, vectors, threads, emitCopy);
}

/// The tile `memref` is the transpose of (a 2-D `memref.transpose` that
/// swaps the dimensions), or null.
static Value getTransposedTile(Value memref) {
  auto t = memref.getDefiningOp<memref::TransposeOp>();
  if (!t || t.getPermutation() !=
                AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0},
                                             memref.getContext()))
    return Value();
  return t.getIn();
}

namespace {
/// The second half of a synchronous copy split in two (register double
/// buffering): the vector the thread loaded, and the stores of it, emitted
/// where the caller chooses.
struct DeferredStores {
  Value loaded;
  std::function<void(ImplicitLocOpBuilder &, Value)> store;
};
} // namespace

/// Lowers the copy `op`; with `deferred`, a synchronous copy of at most one
/// vector per thread only loads its vector here and leaves the stores to
/// `deferred->store`; it fails for any other copy, which stays for the plain
/// lowering (the index values built before the check are left dead).
/// `runtimeChoice`: an asynchronous copy whose source stride is known
/// only at run time may become both forms, chosen by a test of the stride
/// (getRuntimeAsyncCopyWidth).
static LogicalResult lowerCopyImpl(RewriterBase &rewriter, CopyOp op,
                                   DeferredStores *deferred,
                                   bool runtimeChoice = true);

LogicalResult mlir::uop::lowerCopy(RewriterBase &rewriter, CopyOp op) {
  return lowerCopyImpl(rewriter, op, nullptr);
}

static LogicalResult lowerCopyImpl(RewriterBase &rewriter, CopyOp op,
                                   DeferredStores *deferred,
                                   bool runtimeChoice) {
  std::optional<std::array<int64_t, 3>> block = getKnownBlockSize(op);
  if (!block)
    return op.emitOpError("needs a constant block size to spread the copy "
                          "over the threads");
  int64_t threads = (*block)[0] * (*block)[1] * (*block)[2];
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  TileCodegen cg{b};

  // The asynchronous form, where the alignment allows a cp.async; else the
  // synchronous copy below, whose stores are complete when it returns (and
  // so also by the cp.async wait and barrier that follow an async copy).
  if (op.getAsync() && !deferred) {
    if (int64_t width = getAsyncCopyWidth(op)) {
      lowerAsyncCopy(b, op, *block, width);
      rewriter.eraseOp(op);
      return success();
    }
    // A row stride known only at run time: the cp.async form where the
    // stride and the tile's first column are multiples of the vector (a
    // test uniform in the block, made once per copy), else the
    // synchronous copy.
    memref::SubViewOp subview;
    if (int64_t width = runtimeChoice ? getRuntimeAsyncCopyWidth(op, subview)
                                      : 0) {
      if (hasKnownAlignedTile(subview, width)) {
        lowerAsyncCopy(b, op, *block, width);
        rewriter.eraseOp(op);
        return success();
      }
      Value aligned = buildRowAlignmentTest(b, subview, width);
      auto choice =
          scf::IfOp::create(b, aligned, /*withElseRegion=*/true);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(choice.thenBlock()->getTerminator());
        lowerAsyncCopy(b, op, *block, width);
        b.setInsertionPoint(choice.elseBlock()->getTerminator());
        auto sync = cast<CopyOp>(b.clone(*op));
        if (failed(lowerCopyImpl(rewriter, sync, nullptr,
                                 /*runtimeChoice=*/false)))
          return failure();
      }
      rewriter.eraseOp(op);
      return success();
    }
  }

  Value src = op.getSource(), dst = op.getDest();
  auto srcType = cast<MemRefType>(src.getType());
  auto dstType = cast<MemRefType>(dst.getType());
  Type elem = dstType.getElementType();
  int64_t rows = dstType.getDimSize(0), cols = dstType.getDimSize(1);
  int64_t elemBytes = getElementBytes(elem);
  SharedLayoutAttr layout = op.getSwizzle() > 1 ? op.getLayoutAttr()
                                                : SharedLayoutAttr();
  // A dest that is the transpose of a tile (uop-promote-shared's K-major
  // tiles): element [r][c] is stored at [c][r] of that tile.
  Value transposed = layout ? Value() : getTransposedTile(dst);

  // 16 bytes per thread and access where both sides allow it.
  // (An element of 16 bytes or more, a vector element, moves alone.)
  int64_t width = std::max<int64_t>(1, 16 / std::max<int64_t>(1, elemBytes));
  std::optional<int64_t> srcStride = getStaticRowStride(srcType);
  std::optional<int64_t> dstStride = getStaticRowStride(dstType);
  bool vecLoad = cols % width == 0 && srcStride && *srcStride % width == 0 &&
                 hasAlignedOffset(src, width);
  // A row stride known only at run time that the launch was versioned for.
  memref::SubViewOp runtimeStrideTile =
      vecLoad ? memref::SubViewOp() : getRuntimeStrideTile(src);
  if (runtimeStrideTile && cols % width == 0 &&
      hasKnownAlignedTile(runtimeStrideTile, width)) {
    vecLoad = true;
    runtimeStrideTile = memref::SubViewOp();
  }
  bool vecStore = !transposed && cols % width == 0 && dstStride &&
                  *dstStride % width == 0 && keepsVectors(layout, width) &&
                  hasAlignedOffset(dst, width);
  if (!vecLoad && !vecStore)
    width = 1;
  if (cols % width)
    width = 1;
  auto vecType = VectorType::get({width}, elem);
  // A source row stride known only at run time: one vector load where the
  // test (uniform in the block, made once) finds the rows aligned, else
  // element by element.
  Value runtimeVecLoad;
  if (!vecLoad && width > 1 && runtimeStrideTile)
    runtimeVecLoad = buildRowAlignmentTest(b, runtimeStrideTile, width);

  // Linear thread id, x fastest: consecutive threads take consecutive
  // vectors of a row (coalescing).
  Value tid = getLinearThreadId(b, *block);

  int64_t vectorsPerRow = cols / width;
  int64_t vectors = rows * vectorsPerRow;
  Value srcRows = cg.dim(src, 0), srcCols = cg.dim(src, 1);
  bool fullSource = srcType.hasStaticShape() && srcType.getDimSize(0) == rows &&
                    srcType.getDimSize(1) == cols;

  // Row and column of the first element of vector e.
  bool transposedDst = bool(transposed);
  auto coords = [=](ImplicitLocOpBuilder &cb, Value e) {
    TileCodegen ccg{cb};
    if (transposedDst) {
      // Consecutive threads take consecutive rows: their stores, to
      // consecutive words of one row of the transposed tile, are
      // conflict-free (the 16-byte loads still read whole vectors).
      Value r = arith::RemUIOp::create(cb, e, ccg.index(rows));
      Value c = arith::MulIOp::create(
          cb, arith::DivUIOp::create(cb, e, ccg.index(rows)),
          ccg.index(width));
      return std::pair(r, c);
    }
    Value r = arith::DivUIOp::create(cb, e, ccg.index(vectorsPerRow));
    Value c = arith::MulIOp::create(
        cb, arith::RemUIOp::create(cb, e, ccg.index(vectorsPerRow)),
        ccg.index(width));
    return std::pair(r, c);
  };
  // Stores the vector v of the tile's element (r, c) on.
  auto storeVector = [=](ImplicitLocOpBuilder &cb, Value r, Value c,
                         Value v) {
    TileCodegen ccg{cb};
    if (vecStore) {
      // A chunk swizzle moves the vector as a whole.
      vector::StoreOp::create(cb, v, dst,
                              ValueRange{r, ccg.swizzled(r, c, layout)},
                              /*nontemporal=*/false,
                              llvm::MaybeAlign(width * elemBytes));
      return;
    }
    for (int64_t i = 0; i < width; ++i) {
      Value ci = i ? arith::AddIOp::create(cb, c, ccg.index(i)) : c;
      Value x = vector::ExtractOp::create(cb, v, ArrayRef<int64_t>{i});
      if (transposed)
        memref::StoreOp::create(cb, x, transposed, ValueRange{ci, r});
      else
        memref::StoreOp::create(cb, x, dst,
                                ValueRange{r, ccg.swizzled(r, ci, layout)});
    }
  };
  // Loads the vector of the tile's element (r, c) on, zero past the edge of
  // the source.
  auto loadVector = [&](ImplicitLocOpBuilder &cb, Value r, Value c) {
    TileCodegen ccg{cb};
    // The vector: one load when it lies inside the source, else
    // element by element, zero past the edge.
    auto vectorLoad = [&](OpBuilder &lb, Location l) -> Value {
      return vector::LoadOp::create(lb, l, vecType, src, ValueRange{r, c},
                                    /*nontemporal=*/false,
                                    llvm::MaybeAlign(width * elemBytes));
    };
    std::function<Value(OpBuilder &, Location, bool)> loadInside =
        [&](OpBuilder &lb, Location l, bool choose) -> Value {
      if (vecLoad)
        return vectorLoad(lb, l);
      if (choose && runtimeVecLoad)
        return scf::IfOp::create(
                   lb, l, runtimeVecLoad,
                   [&](OpBuilder &tb, Location tl) {
                     scf::YieldOp::create(tb, tl, vectorLoad(tb, tl));
                   },
                   [&](OpBuilder &eb, Location el) {
                     scf::YieldOp::create(eb, el, loadInside(eb, el, false));
                   })
            .getResult(0);
      SmallVector<Value> elems;
      for (int64_t i = 0; i < width; ++i) {
        Value ci = i ? arith::AddIOp::create(
                           lb, l, c, arith::ConstantIndexOp::create(lb, l, i))
                     : c;
        elems.push_back(
            memref::LoadOp::create(lb, l, src, ValueRange{r, ci}));
      }
      return width == 1
                 ? vector::BroadcastOp::create(lb, l, vecType, elems[0])
                       .getResult()
                 : vector::FromElementsOp::create(lb, l, vecType, elems)
                       .getResult();
    };
    Value v;
    if (fullSource) {
      v = loadInside(cb, cb.getLoc(), true);
    } else {
      Value end = arith::AddIOp::create(cb, c, ccg.index(width));
      Value inside = arith::AndIOp::create(
          cb, ccg.ult(r, srcRows),
          arith::CmpIOp::create(cb, arith::CmpIPredicate::ule, end, srcCols));
      auto ifOp = scf::IfOp::create(
          cb, inside,
          [&](OpBuilder &tb, Location l) {
            scf::YieldOp::create(tb, l, loadInside(tb, l, true));
          },
          [&](OpBuilder &eb, Location l) {
            // The edge: each element on its own.
            ImplicitLocOpBuilder xb(l, eb);
            TileCodegen xcg{xb};
            Value zero = arith::ConstantOp::create(xb, xb.getZeroAttr(elem));
            SmallVector<Value> elems;
            for (int64_t i = 0; i < width; ++i) {
              Value ci = i ? arith::AddIOp::create(xb, c, xcg.index(i)) : c;
              Value ok = arith::AndIOp::create(xb, xcg.ult(r, srcRows),
                                               xcg.ult(ci, srcCols));
              auto one = scf::IfOp::create(
                  xb, ok,
                  [&](OpBuilder &ob, Location ol) {
                    scf::YieldOp::create(
                        ob, ol,
                        memref::LoadOp::create(ob, ol, src, ValueRange{r, ci})
                            .getResult());
                  },
                  [&](OpBuilder &ob, Location ol) {
                    scf::YieldOp::create(ob, ol, zero);
                  });
              elems.push_back(one.getResult(0));
            }
            Value vec =
                width == 1
                    ? vector::BroadcastOp::create(xb, vecType, elems[0])
                          .getResult()
                    : vector::FromElementsOp::create(xb, vecType, elems)
                          .getResult();
            scf::YieldOp::create(xb, vec);
          });
      v = ifOp.getResult(0);
    }
    return v;
  };

  if (deferred) {
    // One vector per thread at most: thread `tid` loads vector tid (zero
    // when it has none) here; the stores, of the same vector by the same
    // thread, go where the caller puts them.
    if (vectors > threads)
      return failure();
    std::array<int64_t, 3> dims = *block;
    auto guarded = [=](ImplicitLocOpBuilder &cb, Value e,
                       function_ref<void(ImplicitLocOpBuilder &)> body) {
      TileCodegen ccg{cb};
      if (vectors == threads)
        return body(cb);
      auto guard = scf::IfOp::create(cb, ccg.ult(e, ccg.index(vectors)),
                                     /*withElseRegion=*/false);
      OpBuilder::InsertionGuard g(cb);
      cb.setInsertionPointToStart(guard.thenBlock());
      body(cb);
    };
    if (vectors == threads) {
      auto [r, c] = coords(b, tid);
      deferred->loaded = loadVector(b, r, c);
    } else {
      auto ifOp = scf::IfOp::create(
          b, cg.ult(tid, cg.index(vectors)),
          [&](OpBuilder &nb, Location loc) {
            ImplicitLocOpBuilder ib(loc, nb);
            auto [r, c] = coords(ib, tid);
            scf::YieldOp::create(ib, loadVector(ib, r, c));
          },
          [&](OpBuilder &nb, Location loc) {
            scf::YieldOp::create(
                nb, loc,
                arith::ConstantOp::create(nb, loc, nb.getZeroAttr(vecType))
                    .getResult());
          });
      deferred->loaded = ifOp.getResult(0);
    }
    deferred->store = [=](ImplicitLocOpBuilder &cb, Value v) {
      Value e = getLinearThreadId(cb, dims);
      guarded(cb, e, [&](ImplicitLocOpBuilder &gb) {
        auto [r, c] = coords(gb, e);
        storeVector(gb, r, c, v);
      });
    };
    rewriter.eraseOp(op);
    return success();
  }

  auto emitCopy = [&](ImplicitLocOpBuilder &cb, Value e) {
    auto [r, c] = coords(cb, e);
    storeVector(cb, r, c, loadVector(cb, r, c));
  };
  emitCopyRounds(b, tid, vectors, threads, emitCopy);
  rewriter.eraseOp(op);
  return success();
}

LogicalResult mlir::uop::lowerMatmul(RewriterBase &rewriter, MatmulOp op) {
  if (failed(verifyMatmulThreads(op)))
    return failure();
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  TileCodegen cg{b};
  Value a = op.getA(), bm = op.getB();
  auto aType = cast<MemRefType>(a.getType());
  auto bType = cast<MemRefType>(bm.getType());
  int64_t tm = op.getThreadTileM(), tn = op.getThreadTileN();
  int64_t threadsM = op.getThreadsM(), threadsN = op.getThreadsN();

  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  // Rows of A and columns of B this thread reads, and whether they can fall
  // outside the tile (only when the tile may be smaller than the block tile).
  int64_t aM = aType.getDimSize(op.getADimM());
  int64_t bN = bType.getDimSize(op.getBDimN());
  bool guardRows = ShapedType::isDynamic(aM) || aM < op.getBlockTileM();
  bool guardCols = ShapedType::isDynamic(bN) || bN < op.getBlockTileN();
  SmallVector<Value> rows, cols, rowOk, colOk;
  Value aRows = cg.dim(a, op.getADimM()), bCols = cg.dim(bm, op.getBDimN());
  // SIMT: groups of getSimtGroup rows (columns) strided by the threads
  // along M (N). Tensor-core form (when uop-tensorcore did not rewrite the
  // op): the same sums on CUDA cores over the m16n8 fragment map of
  // uop.matmul.
  int64_t groupM = 1, groupN = 1;
  Value rowBase = ty, colBase = tx;
  auto rowStep = [&](int64_t i) { return getSimtOffset(i, threadsM, tm); };
  auto colStep = [&](int64_t j) { return getSimtOffset(j, threadsN, tn); };
  std::function<int64_t(int64_t)> rowOffset = rowStep, colOffset = colStep;
  if (!op.isTensorCore()) {
    groupM = getSimtGroup(tm);
    groupN = getSimtGroup(tn);
    if (groupM > 1)
      rowBase = arith::MulIOp::create(b, ty, cg.index(groupM));
    if (groupN > 1)
      colBase = arith::MulIOp::create(b, tx, cg.index(groupN));
  }
  if (op.isTensorCore()) {
    Value lane = arith::RemUIOp::create(b, tx, cg.index(32));
    Value warpN = arith::DivUIOp::create(b, tx, cg.index(32));
    rowBase = arith::AddIOp::create(
        b, arith::MulIOp::create(b, ty, cg.index(op.getWarpTileM())),
        arith::DivUIOp::create(b, lane, cg.index(4)));
    colBase = arith::AddIOp::create(
        b, arith::MulIOp::create(b, warpN, cg.index(op.getWarpTileN())),
        arith::MulIOp::create(b, arith::RemUIOp::create(b, lane, cg.index(4)),
                              cg.index(2)));
    rowOffset = [](int64_t i) { return 16 * (i / 2) + 8 * (i % 2); };
    colOffset = [](int64_t j) { return 8 * (j / 2) + j % 2; };
  }
  for (int64_t i = 0; i < tm; ++i) {
    int64_t off = rowOffset(i);
    Value r = off ? arith::AddIOp::create(b, rowBase, cg.index(off)) : rowBase;
    rows.push_back(r);
    rowOk.push_back(guardRows ? cg.ult(r, aRows) : Value());
  }
  for (int64_t j = 0; j < tn; ++j) {
    int64_t off = colOffset(j);
    Value c = off ? arith::AddIOp::create(b, colBase, cg.index(off)) : colBase;
    cols.push_back(c);
    colOk.push_back(guardCols ? cg.ult(c, bCols) : Value());
  }

  // A group of an operand is one vector load when its elements are
  // consecutive in memory (the operand stored K-major: A transposed, B
  // not), need no guard, keep their order under the layout, and start at an
  // aligned address (row stride and offset multiples of the group).
  auto vectorGroups = [&](Value tile, bool kMajor, bool guarded,
                          SharedLayoutAttr layout, int64_t group) {
    std::optional<int64_t> stride =
        getStaticRowStride(cast<MemRefType>(tile.getType()));
    return group > 1 && kMajor && !guarded && keepsVectors(layout, group) &&
           stride && *stride % group == 0 && hasAlignedOffset(tile, group);
  };
  bool vecA = vectorGroups(a, op.getTransposeA(), guardRows,
                           op.getALayoutAttr(), groupM);
  bool vecB = vectorGroups(bm, !op.getTransposeB(), guardCols,
                           op.getBLayoutAttr(), groupN);
  auto f32 = b.getF32Type();
  // Loads `group` consecutive elements of row `k` of the K-major `tile`
  // from column `col` as f32.
  auto loadGroup = [&](Value tile, Value k, Value col, int64_t group,
                       SmallVectorImpl<Value> &out) {
    Type elem = cast<MemRefType>(tile.getType()).getElementType();
    Value v = vector::LoadOp::create(
        b, VectorType::get({group}, elem), tile, ValueRange{k, col},
        /*nontemporal=*/false,
        llvm::MaybeAlign(group * getElementBytes(elem)));
    if (!elem.isF32())
      v = arith::ExtFOp::create(b, VectorType::get({group}, f32), v);
    for (int64_t x = 0; x < group; ++x)
      out.push_back(vector::ExtractOp::create(b, v, ArrayRef<int64_t>{x}));
  };

  // One k-step: TM elements of A and TN of B, TM x TN fused multiply-adds.
  auto kStep = [&](Value k, Value acc) -> Value {
    SmallVector<Value> aVals, bVals;
    for (int64_t i = 0; i < tm; ++i) {
      if (vecA) {
        if (i % groupM == 0)
          loadGroup(a, k, rows[i], groupM, aVals);
        continue;
      }
      Value i0 = op.getTransposeA() ? k : rows[i];
      Value i1 = op.getTransposeA() ? rows[i] : k;
      aVals.push_back(
          cg.loadF32(a, i0, cg.swizzled(i0, i1, op.getALayoutAttr()), rowOk[i]));
    }
    for (int64_t j = 0; j < tn; ++j) {
      if (vecB) {
        if (j % groupN == 0)
          loadGroup(bm, k, cols[j], groupN, bVals);
        continue;
      }
      Value i0 = op.getTransposeB() ? cols[j] : k;
      Value i1 = op.getTransposeB() ? k : cols[j];
      bVals.push_back(
          cg.loadF32(bm, i0, cg.swizzled(i0, i1, op.getBLayoutAttr()), colOk[j]));
    }
    // TF32 inputs are rounded as mma.sync rounds them (cvt.rna.tf32.f32:
    // to nearest, ties away, in the f32 bit pattern).
    if (op.getTf32()) {
      auto i32 = b.getI32Type();
      auto round = [&](Value v) {
        Value bits = arith::BitcastOp::create(b, i32, v);
        bits = arith::AddIOp::create(
            b, bits, arith::ConstantIntOp::create(b, i32, 0x1000));
        bits = arith::AndIOp::create(
            b, bits, arith::ConstantIntOp::create(b, i32, ~int64_t(0x1fff)));
        return arith::BitcastOp::create(b, b.getF32Type(), bits).getResult();
      };
      for (Value &v : aVals)
        v = round(v);
      for (Value &v : bVals)
        v = round(v);
    }
    // One step of the outer product: row i of the register tile gets
    // a[i] * b[0..TN) with fused multiply-adds (TM x TN FMAs for TM + TN
    // loads, seed 13.7). vector.fma is llvm.fma: one fma.rn.f32 each, one
    // rounding, which is what nvcc's default --fmad=true makes of a * b + c.
    auto rowType = VectorType::get({tn}, f32);
    Value bv = vector::FromElementsOp::create(b, rowType, bVals);
    for (int64_t i = 0; i < tm; ++i) {
      Value row = vector::ExtractOp::create(b, acc, ArrayRef<int64_t>{i});
      Value ai = vector::BroadcastOp::create(b, rowType, aVals[i]);
      Value updated = vector::FMAOp::create(b, ai, bv, row);
      acc = vector::InsertOp::create(b, updated, acc, ArrayRef<int64_t>{i});
    }
    return acc;
  };

  // The k-steps of a tile of static depth up to kMaxUnrolledSteps (a
  // shared tile) are unrolled: constant shared addresses and no loop
  // overhead between the FMAs. Otherwise they stay a loop.
  Value kSize = cg.dim(a, op.getADimK());
  std::optional<int64_t> depth = getConstantIntValue(kSize);
  if (depth && *depth <= kMaxUnrolledSteps) {
    Value acc = op.getAcc();
    for (int64_t k = 0; k < *depth; ++k)
      acc = kStep(cg.index(k), acc);
    rewriter.replaceOp(op, acc);
    return success();
  }
  auto loop = scf::ForOp::create(b, cg.index(0), kSize, cg.index(1),
                                 ValueRange{op.getAcc()});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    scf::YieldOp::create(
        b, kStep(loop.getInductionVar(), loop.getRegionIterArgs()[0]));
  }
  rewriter.replaceOp(op, loop.getResults());
  return success();
}

/// Moves the ops in `ifOp`'s then-block that `value` depends on before
/// `ifOp`; fails, moving nothing, when one of them has a memory effect or
/// a region.
static LogicalResult hoistDefinition(Value value, scf::IfOp ifOp) {
  Block *then = ifOp.thenBlock();
  SetVector<Operation *> slice;
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != then || slice.contains(def))
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions())
      return failure();
    slice.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  for (Operation &op : llvm::make_early_inc_range(*then))
    if (slice.contains(&op))
      op.moveBefore(ifOp);
  return success();
}

/// Register double buffering of uop-promote-shared's synchronous ring
/// (stages >= 2): in a step `scf.if %has { copy tile i+1 into buffer
/// (i+1) mod S }; matmul tile i (buffer i mod S); barrier`, the copies'
/// global loads stay where they are, into registers, and their stores to
/// shared memory move after the matmul, so that the loads' latency is
/// hidden behind the k-tile's FMAs. Still race-free: the stores go to the
/// buffer no thread reads in this step (its last readers finished before
/// the previous step's barrier) and complete before this step's barrier,
/// after which step i+1 reads them. Only copies of at most one vector per
/// thread are split (the registers they hold across the matmul are that
/// vector); anything else is left to the plain lowering.
static void deferPrefetchStores(RewriterBase &rewriter, scf::IfOp ifOp) {
  if (ifOp.getNumResults() || !ifOp.getElseRegion().empty())
    return;
  Block *then = ifOp.thenBlock();
  SmallVector<CopyOp> copies;
  for (Operation &op : then->without_terminator()) {
    if (auto copy = dyn_cast<CopyOp>(op)) {
      if (copy.getAsync())
        return;
      copies.push_back(copy);
      continue;
    }
    if (!isMemoryEffectFree(&op) || op.getNumRegions())
      return;
  }
  if (copies.empty())
    return;
  // The matmul the step runs next, with nothing that touches memory
  // between.
  MatmulOp matmul;
  for (Operation *op = ifOp->getNextNode(); op && !matmul;
       op = op->getNextNode()) {
    matmul = dyn_cast<MatmulOp>(op);
    if (!matmul && (!isMemoryEffectFree(op) || op->getNumRegions()))
      return;
  }
  if (!matmul || matmul.isTensorCore() ||
      !isa_and_nonnull<BarrierOp>(matmul->getNextNode()))
    return;
  // The stores after the matmul address the buffers through the copies'
  // dests: those views move out of the if.
  for (CopyOp copy : copies)
    if (failed(hoistDefinition(copy.getDest(), ifOp)))
      return;

  SmallVector<DeferredStores> deferred;
  for (CopyOp copy : copies) {
    DeferredStores d;
    if (succeeded(lowerCopyImpl(rewriter, copy, &d))) {
      deferred.push_back(d);
      continue;
    }
    // Not splittable: the plain copy, stores and all, stays in the if.
    (void)lowerCopy(rewriter, copy);
  }
  if (deferred.empty())
    return;

  // The if now yields the loaded vectors (zero when it does not run).
  Location loc = ifOp.getLoc();
  rewriter.setInsertionPoint(ifOp);
  SmallVector<Type> types;
  for (DeferredStores &d : deferred)
    types.push_back(d.loaded.getType());
  auto loads = scf::IfOp::create(rewriter, loc, types, ifOp.getCondition(),
                                 /*withElseRegion=*/true);
  Block *loadBlock = loads.thenBlock();
  loadBlock->getOperations().splice(loadBlock->end(), then->getOperations(),
                                    then->begin(), std::prev(then->end()));
  rewriter.setInsertionPointToEnd(loadBlock);
  SmallVector<Value> loaded;
  for (DeferredStores &d : deferred)
    loaded.push_back(d.loaded);
  scf::YieldOp::create(rewriter, loc, loaded);
  rewriter.setInsertionPointToEnd(loads.elseBlock());
  SmallVector<Value> zeros;
  for (Type type : types)
    zeros.push_back(
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type)));
  scf::YieldOp::create(rewriter, loc, zeros);
  rewriter.eraseOp(ifOp);

  // The stores, after the matmul, under the same condition.
  rewriter.setInsertionPointAfter(matmul);
  auto stores = scf::IfOp::create(rewriter, loc, loads.getCondition(),
                                  /*withElseRegion=*/false);
  ImplicitLocOpBuilder ib(loc, rewriter);
  ib.setInsertionPoint(stores.thenBlock()->getTerminator());
  for (auto [d, v] : llvm::zip(deferred, loads.getResults()))
    d.store(ib, v);
}

namespace {
struct UopLowerTilesPass
    : public mlir::uop::impl::UopLowerTilesBase<UopLowerTilesPass> {
  void runOnOperation() override {
    IRRewriter prefetchRewriter(&getContext());
    SmallVector<scf::IfOp> prefetches;
    getOperation()->walk([&](scf::IfOp ifOp) { prefetches.push_back(ifOp); });
    for (scf::IfOp ifOp : prefetches)
      deferPrefetchStores(prefetchRewriter, ifOp);
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<CopyOp, MatmulOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      LogicalResult result = isa<CopyOp>(op)
                                 ? lowerCopy(rewriter, cast<CopyOp>(op))
                                 : lowerMatmul(rewriter, cast<MatmulOp>(op));
      if (failed(result))
        return signalPassFailure();
    }
  }
};
} // namespace
