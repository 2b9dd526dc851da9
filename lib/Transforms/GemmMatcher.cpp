//===- GemmMatcher.cpp - recognize matrix products ------------------------===//
//
// The matcher behind uop-tile. A pattern-based lowering is only as sound as
// its matcher: this one checks the iteration space, every indexing map, the
// body and the element types, so that anything that merely looks like a GEMM
// (a sum of squares, a product of an operand with itself, a max-plus
// product) is rejected instead of compiled into a wrong kernel.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/GemmMatcher.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::uop;

/// Prints `t` for a diagnostic.
static std::string toString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// Returns the loop dimensions `map` reads, in result order, or an empty
/// vector when a result is not a plain dimension.
static SmallVector<unsigned> getDims(AffineMap map) {
  SmallVector<unsigned> dims;
  for (AffineExpr e : map.getResults()) {
    auto d = dyn_cast<AffineDimExpr>(e);
    if (!d)
      return {};
    dims.push_back(d.getPosition());
  }
  return dims;
}

/// Looks through a float extension (f16/bf16 → f32) of a block argument.
static Value stripExtension(Value v) {
  if (auto ext = v.getDefiningOp<arith::ExtFOp>())
    return ext.getIn();
  return v;
}

/// Checks that the body yields `c + a * b` where a, b and c are the block
/// arguments of A, B and C, each at most extended once.
static LogicalResult checkBody(Block &body, std::string &whyNot) {
  if (body.getNumArguments() != 3) {
    whyNot = "the body does not take exactly A, B and C";
    return failure();
  }
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != 1) {
    whyNot = "the body does not yield one value";
    return failure();
  }
  BlockArgument a = body.getArgument(0), b = body.getArgument(1),
                c = body.getArgument(2);
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add) {
    whyNot = "the body does not accumulate with a float add";
    return failure();
  }
  Value lhs = add.getLhs(), rhs = add.getRhs();
  if (rhs == c)
    std::swap(lhs, rhs);
  if (lhs != c) {
    whyNot = "the add does not accumulate into the output";
    return failure();
  }
  auto mul = rhs.getDefiningOp<arith::MulFOp>();
  if (!mul) {
    whyNot = "the accumulated value is not a float product";
    return failure();
  }
  Value x = stripExtension(mul.getLhs()), y = stripExtension(mul.getRhs());
  if (!((x == a && y == b) || (x == b && y == a))) {
    whyNot = "the product is not of one element of A and one of B";
    return failure();
  }
  // Nothing else may happen in the body (no hidden side computation).
  for (Operation &op : body.without_terminator())
    if (!isa<arith::AddFOp, arith::MulFOp, arith::ExtFOp>(op)) {
      whyNot = "the body holds '" + op.getName().getStringRef().str() +
               "', which a multiply-accumulate does not";
      return failure();
    }
  return success();
}

/// Returns the linalg.fill that initializes `c` right before `op`, if any:
/// the previous op in the block, filling exactly `c` with a scalar.
static linalg::FillOp findFill(Operation *op, Value c) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInits().front() != c)
    return nullptr;
  if (!isa<FloatType>(fill.getInputs().front().getType()))
    return nullptr;
  return fill;
}

FailureOr<GemmInfo> mlir::uop::matchGemm(linalg::LinalgOp op,
                                         std::string &whyNot) {
  if (!op.hasPureBufferSemantics()) {
    whyNot = "expected operands in memrefs (bufferize first)";
    return failure();
  }
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1) {
    whyNot = "expected two inputs and one output";
    return failure();
  }
  // A GEMM (two parallel loops and one reduction), or a batch of them: a
  // third parallel loop that is the outermost dimension of all three
  // operands (linalg.batch_matmul).
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  int64_t parallel = llvm::count(iters, utils::IteratorType::parallel);
  if ((iters.size() != 3 && iters.size() != 4) ||
      parallel != int64_t(iters.size()) - 1) {
    whyNot = "expected two parallel loops and one reduction (three parallel "
             "loops and one reduction for a batch of GEMMs)";
    return failure();
  }
  bool batched = iters.size() == 4;
  unsigned rank = batched ? 3 : 2;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned kDim = 0;
  for (unsigned i = 0; i < iters.size(); ++i)
    if (iters[i] == utils::IteratorType::reduction)
      kDim = i;

  GemmInfo info;
  info.op = op;
  info.batched = batched;
  info.a = op.getDpsInputOperand(0)->get();
  info.b = op.getDpsInputOperand(1)->get();
  info.c = op.getDpsInitOperand(0)->get();
  SmallVector<Value, 3> operands = {info.a, info.b, info.c};
  for (auto [i, v] : llvm::enumerate(operands)) {
    auto type = dyn_cast<MemRefType>(v.getType());
    // In a batch, an input of one matrix (a 2-D memref that the batch
    // loop does not index) is shared by all the batch's GEMMs.
    bool shared = batched && i < 2 && type && type.getRank() == 2 &&
                  maps[i].getNumResults() == 2;
    if (!type || (type.getRank() != rank && !shared)) {
      whyNot = batched ? "expected 3-D memref operands for a batch of GEMMs "
                         "(a matrix of each per GEMM, the batch outermost; "
                         "an input may be one 2-D matrix the batch shares)"
                       : "expected 2-D memref operands";
      return failure();
    }
    if (!type.getLayout().isIdentity()) {
      whyNot = "expected row-major (identity layout) operands";
      return failure();
    }
  }

  SmallVector<unsigned> aDims = getDims(maps[0]), bDims = getDims(maps[1]),
                        cDims = getDims(maps[2]);
  auto operandRank = [](Value v) {
    return static_cast<size_t>(cast<MemRefType>(v.getType()).getRank());
  };
  if (aDims.size() != operandRank(info.a) ||
      bDims.size() != operandRank(info.b) || cDims.size() != rank) {
    whyNot = batched ? "an indexing map is not a triple of loop dimensions "
                       "(a pair for an input the batch shares)"
                     : "an indexing map is not a pair of loop dimensions";
    return failure();
  }
  if (batched) {
    // The batch loop indexes the outermost dimension of each operand, and
    // only that one: operand i of the batch is matrix i of each buffer
    // (or the one matrix of an input the batch shares).
    unsigned batchDim = cDims[0];
    bool sharedA = aDims.size() == 2, sharedB = bDims.size() == 2;
    if (batchDim == kDim || (!sharedA && aDims[0] != batchDim) ||
        (!sharedB && bDims[0] != batchDim)) {
      whyNot = "the batch loop is not the outermost dimension of A, B and "
               "the output";
      return failure();
    }
    for (auto [shared, dims, name] :
         {std::tuple(sharedA, &aDims, "A"), std::tuple(sharedB, &bDims, "B")})
      if (shared && llvm::is_contained(*dims, batchDim)) {
        whyNot = std::string(name) +
                 " is 2-D and indexed by the batch loop: expected a "
                 "matrix per GEMM (the batch its outermost dimension of "
                 "three) or one matrix the batch shares";
        return failure();
      }
    if (sharedA && sharedB) {
      whyNot = "A and B are both one matrix the batch shares: every GEMM of "
               "the batch is the same product";
      return failure();
    }
    if (!sharedA)
      aDims.erase(aDims.begin());
    if (!sharedB)
      bDims.erase(bDims.begin());
    cDims.erase(cDims.begin());
    for (ArrayRef<unsigned> dims : {aDims, bDims, cDims})
      if (llvm::is_contained(dims, batchDim)) {
        whyNot = "the batch loop indexes an operand twice";
        return failure();
      }
  }
  // The output is indexed by the two parallel loops: they are M and N.
  if (cDims[0] == kDim || cDims[1] == kDim || cDims[0] == cDims[1]) {
    whyNot = "the output is not indexed by the two parallel loops";
    return failure();
  }
  unsigned mDim = cDims[0], nDim = cDims[1];
  // A reads (m, k) or (k, m): never n. B reads (k, n) or (n, k): never m.
  // This is what makes the product a matrix product: an operand that varies
  // along both M and N, or a reduction of X * X (a sum of squares), fails.
  // The inputs may come in either order (the body's product is symmetric):
  // where the first reads (k, n) or (n, k) and the second (m, k) or (k, m),
  // the second is A. (That is also a C stored N x M: C^T = B^T A^T.)
  // Whether `dims` is (outer, k) (false) or (k, outer) (true); neither:
  // std::nullopt.
  auto kFirst = [&](ArrayRef<unsigned> dims,
                    unsigned outer) -> std::optional<bool> {
    if (dims == ArrayRef<unsigned>{outer, kDim})
      return false;
    if (dims == ArrayRef<unsigned>{kDim, outer})
      return true;
    return std::nullopt;
  };
  // A K x M A is stored transposed; a K x N B is not.
  if (std::optional<bool> a = kFirst(aDims, mDim),
      b = kFirst(bDims, nDim);
      a && b) {
    info.transposeA = *a;
    info.transposeB = !*b;
  } else if (std::optional<bool> a = kFirst(bDims, mDim),
             b = kFirst(aDims, nDim);
             a && b) {
    std::swap(info.a, info.b);
    info.transposeA = *a;
    info.transposeB = !*b;
  } else if (!kFirst(aDims, mDim)) {
    whyNot = "A (the first input) is not indexed by (m, k) or (k, m), where "
             "the output is indexed (m, n)";
    return failure();
  } else {
    whyNot = "B (the second input) is not indexed by (k, n) or (n, k), "
             "where the output is indexed (m, n)";
    return failure();
  }

  // A float type uop does not compute in (f64) is the reason to give: the
  // body's conversions of it would otherwise be reported instead.
  for (Value v : {info.a, info.b}) {
    Type t = cast<MemRefType>(v.getType()).getElementType();
    if (isa<FloatType>(t) && !t.isF32() && !t.isF16() && !t.isBF16()) {
      whyNot = "unsupported input element type " + toString(t) +
               " (expected f32, f16 or bf16)";
      return failure();
    }
  }
  auto aType = cast<MemRefType>(info.a.getType());
  auto bType = cast<MemRefType>(info.b.getType());
  auto cType = cast<MemRefType>(info.c.getType());
  Type elem = aType.getElementType();
  // The kernel accumulates in f32 and rounds once when it stores C, which
  // is what an f32 C or a C of the inputs' own type asks for (products of
  // f16 / bf16 values are exact in f32; the tensor cores' contract). A C
  // narrower than f32 inputs is another computation: linalg rounds A and B
  // to C's type before multiplying. (Checked before the body, whose
  // roundings would otherwise be the reason given.)
  Type outElem = cType.getElementType();
  if (isa<FloatType>(elem) && !outElem.isF32() && outElem != elem) {
    whyNot = "expected an f32 output or one of the inputs' type " +
             toString(elem) + ", got " + toString(outElem) +
             " (write the product into an f32 buffer and round it with an "
             "elementwise linalg.generic, which is fused into the "
             "writeback)";
    return failure();
  }
  if (failed(checkBody(*op.getBlock(), whyNot)))
    return failure();
  if (!elem.isF32() && !elem.isF16() && !elem.isBF16()) {
    whyNot = "unsupported input element type " + toString(elem) +
             " (expected f32, f16 or bf16)";
    return failure();
  }
  if (bType.getElementType() != elem) {
    whyNot = "A and B have different element types";
    return failure();
  }
  info.inputType = elem;
  info.outputType = outElem;
  info.out = info.c;

  // Each of M, N and K is static when an operand gives it statically
  // (the operands' static sizes must agree), else dynamic: the kernel
  // reads it from the memrefs at run time (dynamicSize).
  bool agree = true;
  auto unify = [&](int64_t x, int64_t y) {
    if (ShapedType::isDynamic(x))
      return y;
    if (!ShapedType::isDynamic(y) && x != y)
      agree = false;
    return x;
  };
  // A batch's matrices are the operands' inner two dimensions (all of an
  // input the batch shares).
  unsigned c0 = batched ? 1 : 0, c1 = c0 + 1;
  unsigned a0 = aType.getRank() - 2, a1 = a0 + 1;
  unsigned b0 = bType.getRank() - 2, b1 = b0 + 1;
  info.m = unify(cType.getDimSize(c0),
                 aType.getDimSize(info.transposeA ? a1 : a0));
  info.n = unify(cType.getDimSize(c1),
                 bType.getDimSize(info.transposeB ? b0 : b1));
  info.k = unify(aType.getDimSize(info.transposeA ? a0 : a1),
                 bType.getDimSize(info.transposeB ? b1 : b0));
  if (batched) {
    info.batch = cType.getDimSize(0);
    for (MemRefType type : {aType, bType})
      if (type.getRank() == 3)
        info.batch = unify(info.batch, type.getDimSize(0));
  }
  if (!agree) {
    whyNot = batched ? "operand shapes do not agree on the batch, M, N and K"
                     : "operand shapes do not agree on M, N and K";
    return failure();
  }
  if (info.a == info.c || info.b == info.c) {
    whyNot = "the output aliases an input";
    return failure();
  }
  info.fill = findFill(op, info.c);
  return info;
}

Value mlir::uop::buildGemmSize(OpBuilder &b, Location loc, const GemmInfo &g,
                               GemmDim dim) {
  int64_t size = dim == GemmDim::M ? g.m : dim == GemmDim::N ? g.n : g.k;
  if (!ShapedType::isDynamic(size))
    return arith::ConstantIndexOp::create(b, loc, size);
  // An operand that has the dimension dynamically: a size is dynamic only
  // when every operand that has it does, so A's gives M, B's N and A's K.
  // (Not C's: epilogue fusion may erase C, a temporary.)
  struct Source {
    Value memref;
    unsigned dim;
  };
  SmallVector<Source> sources;
  switch (dim) {
  case GemmDim::M:
    sources = {{g.a, g.transposeA ? 1u : 0u}};
    break;
  case GemmDim::N:
    sources = {{g.b, g.transposeB ? 0u : 1u}};
    break;
  case GemmDim::K:
    sources = {{g.a, g.transposeA ? 0u : 1u}, {g.b, g.transposeB ? 1u : 0u}};
    break;
  }
  // A batch's operands hold the batch outermost (but for an input the
  // batch shares).
  for (Source s : sources) {
    auto type = cast<MemRefType>(s.memref.getType());
    unsigned dim = s.dim + type.getRank() - 2;
    if (type.isDynamicDim(dim))
      return memref::DimOp::create(b, loc, s.memref, dim);
  }
  llvm_unreachable("a dynamic GEMM size has a dynamic operand dimension");
}

Value mlir::uop::buildBatchSize(OpBuilder &b, Location loc,
                                const GemmInfo &g) {
  assert(g.batched && "not a batch of GEMMs");
  if (!ShapedType::isDynamic(g.batch))
    return arith::ConstantIndexOp::create(b, loc, g.batch);
  // Dynamic only when A, B and C all have it dynamically (those that have
  // it: A or B may be one matrix the batch shares, not both).
  Value source = isSharedByBatch(g, g.a) ? g.b : g.a;
  return memref::DimOp::create(b, loc, source, 0);
}

Value mlir::uop::getBatchOperand(Value matrix) {
  auto view = matrix.getDefiningOp<memref::SubViewOp>();
  if (!view || view.getSourceType().getRank() != 3 ||
      !view.getSourceType().getLayout().isIdentity() ||
      cast<MemRefType>(matrix.getType()).getRank() != 2)
    return Value();
  SmallVector<OpFoldResult> offsets = view.getMixedOffsets();
  if (!isConstantIntValue(offsets[1], 0) ||
      !isConstantIntValue(offsets[2], 0) ||
      !llvm::all_of(view.getMixedStrides(),
                    [](OpFoldResult s) { return isConstantIntValue(s, 1); }))
    return Value();
  return view.getSource();
}

bool mlir::uop::startsAtMultipleOf(Value matrix, int64_t n) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(cast<MemRefType>(matrix.getType())
                 .getStridesAndOffset(strides, offset)))
    return false;
  if (!ShapedType::isDynamic(offset))
    return offset % n == 0;
  Value batch = getBatchOperand(matrix);
  if (!batch)
    return false;
  SmallVector<int64_t> batchStrides;
  int64_t batchOffset;
  return succeeded(cast<MemRefType>(batch.getType())
                       .getStridesAndOffset(batchStrides, batchOffset)) &&
         !ShapedType::isDynamic(batchStrides[0]) && batchStrides[0] % n == 0;
}

std::pair<Value, SmallVector<Value>>
mlir::uop::getTmaTensor(const GemmInfo &g, Value matrix, ValueRange coords) {
  SmallVector<Value> at(coords.begin(), coords.end());
  if (!g.batchIndex)
    return {matrix, at};
  // An input the batch shares is its own tensor: only a view at the
  // block's GEMM of the batch (buildBatchMatrix) is a matrix of the batch.
  // (A shared matrix may itself be a view of some 3-D buffer, at a fixed
  // index.)
  Value batch = getBatchOperand(matrix);
  if (!batch || dyn_cast<Value>(matrix.getDefiningOp<memref::SubViewOp>()
                                    .getMixedOffsets()[0]) != g.batchIndex)
    return {matrix, at};
  at.insert(at.begin(), g.batchIndex);
  return {batch, at};
}

bool mlir::uop::isSharedByBatch(const GemmInfo &g, Value operand) {
  return g.batched && cast<MemRefType>(operand.getType()).getRank() == 2;
}

GemmInfo mlir::uop::buildBatchGemm(OpBuilder &b, Location loc,
                                   const GemmInfo &g, Value index) {
  GemmInfo matrices = g;
  matrices.a = buildBatchMatrix(b, loc, g.a, index);
  matrices.b = buildBatchMatrix(b, loc, g.b, index);
  // The matrix the writeback stores: C's, or that of the last fused
  // consumer's output, whose other operands the epilogue reads at
  // (index, row, col) through their maps (emitEpilogue). A C the fusion
  // removes is neither stored nor read (it was filled: matchEpilogue).
  matrices.out = buildBatchMatrix(b, loc, g.out, index);
  matrices.c = g.out == g.c ? matrices.out
               : g.fill     ? Value()
                            : buildBatchMatrix(b, loc, g.c, index);
  matrices.batched = false;
  matrices.batch = 1;
  matrices.batchIndex = index;
  return matrices;
}

Value mlir::uop::buildBatchMatrix(OpBuilder &b, Location loc, Value operand,
                                  Value index) {
  auto type = cast<MemRefType>(operand.getType());
  // An input the batch shares: the same matrix for every GEMM.
  if (type.getRank() == 2)
    return operand;
  assert(type.getRank() == 3 && "not a batch of matrices");
  // Matrices with a side of static size 0 hold no element (and a subview
  // may not start at 0 of a dimension of size 0): the empty matrix at the
  // buffer's start, which nothing reads.
  if (type.getDimSize(1) == 0 || type.getDimSize(2) == 0) {
    int64_t cols = type.getDimSize(2);
    SmallVector<OpFoldResult> sizes = {
        type.isDynamicDim(1)
            ? OpFoldResult(memref::DimOp::create(b, loc, operand, 1)
                               .getResult())
            : OpFoldResult(b.getIndexAttr(type.getDimSize(1))),
        type.isDynamicDim(2)
            ? OpFoldResult(memref::DimOp::create(b, loc, operand, 2)
                               .getResult())
            : OpFoldResult(b.getIndexAttr(cols))};
    OpFoldResult rowStride = sizes[1];
    auto viewType = MemRefType::get(
        {type.getDimSize(1), cols}, type.getElementType(),
        StridedLayoutAttr::get(b.getContext(), 0,
                               {cols, 1}),
        type.getMemorySpace());
    return memref::ReinterpretCastOp::create(
        b, loc, viewType, operand, b.getIndexAttr(0), sizes,
        {rowStride, b.getIndexAttr(1)});
  }
  SmallVector<OpFoldResult> offsets = {index, b.getIndexAttr(0),
                                       b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
  for (int64_t d : {1, 2})
    sizes.push_back(type.isDynamicDim(d)
                        ? OpFoldResult(memref::DimOp::create(b, loc, operand,
                                                             d)
                                           .getResult())
                        : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      {type.getDimSize(1), type.getDimSize(2)}, type, offsets, sizes,
      strides);
  return memref::SubViewOp::create(b, loc, cast<MemRefType>(viewType),
                                   operand, offsets, sizes, strides);
}

//===----------------------------------------------------------------------===//
// Epilogue fusion
//===----------------------------------------------------------------------===//

/// The buffer `v` is a view of (through subviews, casts and other view-like
/// ops), so that two views of one allocation compare equal. Distinct
/// function arguments are taken not to alias, as for A, B and C.
static Value getRootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// True when the views `x` and `y` of one buffer (getRootBuffer) hold the
/// same elements at the same indices: one shape, and static strides and
/// offsets that are equal.
static bool isSameElements(Value x, Value y) {
  auto tx = cast<MemRefType>(x.getType()), ty = cast<MemRefType>(y.getType());
  SmallVector<int64_t> sx, sy;
  int64_t ox, oy;
  return tx.getShape() == ty.getShape() && tx.hasStaticShape() &&
         succeeded(tx.getStridesAndOffset(sx, ox)) &&
         succeeded(ty.getStridesAndOffset(sy, oy)) && sx == sy && ox == oy &&
         !ShapedType::isDynamic(ox) &&
         llvm::none_of(sx, ShapedType::isDynamic);
}

/// True when `v` is available where the GEMM `gemm` is: the kernel that
/// replaces the GEMM reads it there.
static bool isAvailableAt(Value v, Operation *gemm) {
  return DominanceInfo().properlyDominates(v, gemm);
}

/// True when `buffer` is a memref.alloc whose only users are the GEMM, its
/// fill, the fused consumers, `next` and deallocations: nothing else can
/// observe its contents, so the fusion may drop it.
static bool isPrivateTemporary(Value buffer, const GemmInfo &g,
                               Operation *next) {
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return false;
  for (Operation *user : buffer.getUsers()) {
    if (isa<memref::DeallocOp>(user) || user == next ||
        user == linalg::LinalgOp(g.op).getOperation() ||
        (g.fill && user == linalg::FillOp(g.fill).getOperation()))
      continue;
    if (llvm::any_of(g.epilogue, [&](const FusedConsumer &f) {
          return linalg::GenericOp(f.op).getOperation() == user;
        }))
      continue;
    return false;
  }
  return true;
}

/// Checks one candidate consumer `op` of the chain's buffer `chained` and
/// its operands; `chainedOldRead` says whether the chain's buffer still
/// holds contents the program reads (then it cannot be replaced).
static LogicalResult checkConsumer(const GemmInfo &g, linalg::GenericOp op,
                                   Value chained, bool chainedOldRead,
                                   std::string &whyNot) {
  Operation *gemm = linalg::LinalgOp(g.op).getOperation();
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1) {
    whyNot = "expected one output buffer";
    return failure();
  }
  Value out = op.getDpsInitOperand(0)->get();
  auto outType = dyn_cast<MemRefType>(out.getType());
  // The loops of the consumer, outermost first: M and N, after the batch
  // for a batch of GEMMs. A dynamic size matches a dynamic size: linalg
  // takes the sizes of one loop from all its operands, so they are equal
  // at run time.
  SmallVector<int64_t, 3> loopSizes;
  if (g.batched)
    loopSizes.push_back(g.batch);
  loopSizes.append({g.m, g.n});
  int64_t rank = loopSizes.size();
  if (!outType || outType.getShape() != ArrayRef<int64_t>(loopSizes)) {
    std::string shape;
    for (int64_t size : loopSizes)
      shape += (shape.empty() ? "" : "x") +
               (ShapedType::isDynamic(size) ? std::string("?")
                                            : std::to_string(size));
    whyNot = "expected an output of the GEMM's shape " + shape + ", got " +
             toString(out.getType());
    return failure();
  }
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(rank, op.getContext());
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (maps.back() != identity) {
    whyNot = "its output is not indexed by the identity map";
    return failure();
  }

  // The chain's buffer is read element by element, each element where the
  // writeback holds it; every other operand is read through its map, where
  // the kernel can load it: a scalar, a row or column vector (a bias) or a
  // matrix of the output's shape, available before the GEMM.
  bool readsChain = out == chained;
  SmallVector<Value> memrefs;
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value v = in->get();
    AffineMap map = maps[in->getOperandNumber()];
    if (v == chained) {
      if (map != identity) {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << map;
        whyNot = "it reads the GEMM's result through the map " + s +
                 ", not elementwise";
        return failure();
      }
      readsChain = true;
      continue;
    }
    // A constant defined after the GEMM is cloned into the kernel.
    if (!isAvailableAt(v, gemm) && !matchPattern(v, m_Constant())) {
      whyNot = "an operand is defined after the GEMM";
      return failure();
    }
    auto type = dyn_cast<MemRefType>(v.getType());
    // Another view of the chain's buffer would read elements the writeback
    // of other threads is producing; so would another view of the output's
    // (elements other threads store).
    if (type && getRootBuffer(v) == getRootBuffer(chained)) {
      whyNot = "it reads the GEMM's result through a view";
      return failure();
    }
    if (type && v != out && getRootBuffer(v) == getRootBuffer(out) &&
        !isSameElements(v, out)) {
      whyNot = "it reads its output's buffer through another view";
      return failure();
    }
    if (!type) {
      if (map.getNumResults() != 0) {
        whyNot = "a scalar operand with a non-empty map";
        return failure();
      }
      continue;
    }
    if (type.getRank() != static_cast<int64_t>(map.getNumResults())) {
      whyNot = "an operand of type " + toString(type) +
               " has another rank than its indexing map's results";
      return failure();
    }
    // Results: loop dimensions in increasing order (d0 is the row, d1 the
    // column; for a batch d0 is the GEMM of the batch, d1 the row and d2
    // the column), or 0 along a dimension of size 1.
    int64_t lastDim = -1;
    for (auto [i, e] : llvm::enumerate(map.getResults())) {
      int64_t size = type.getDimSize(i);
      if (auto d = dyn_cast<AffineDimExpr>(e)) {
        int64_t dim = d.getPosition();
        if (dim <= lastDim || size != loopSizes[dim]) {
          whyNot = "an operand of type " + toString(type) +
                   " is not read as the output, a row, a column or a scalar" +
                   (g.batched ? " (of one GEMM of the batch or of all)" : "");
          return failure();
        }
        lastDim = dim;
        continue;
      }
      auto c = dyn_cast<AffineConstantExpr>(e);
      if (!c || c.getValue() != 0 || size != 1) {
        whyNot = "an operand of type " + toString(type) +
                 " is not read as the output, a row, a column or a scalar" +
                 (g.batched ? " (of one GEMM of the batch or of all)" : "");
        return failure();
      }
    }
    memrefs.push_back(v);
  }
  if (!readsChain) {
    whyNot = "it does not read the GEMM's result";
    return failure();
  }

  // The body is cloned into the kernel once per element: pure arith only.
  Block &body = op.getRegion().front();
  for (Operation &bodyOp : body.without_terminator())
    if (bodyOp.getDialect() !=
            op.getContext()->getLoadedDialect<arith::ArithDialect>() ||
        bodyOp.getNumRegions() || !isPure(&bodyOp)) {
      whyNot = "its body holds '" + bodyOp.getName().getStringRef().str() +
               "' (only arith ops are fused)";
      return failure();
    }
  // Values the body takes from above must exist where the kernel is (or
  // be constants, which the kernel recreates).
  for (Operation &bodyOp : body)
    for (Value v : bodyOp.getOperands())
      if (v.getParentRegion() != &op.getRegion() && !isAvailableAt(v, gemm) &&
          !matchPattern(v, m_Constant())) {
        whyNot = "its body uses a value defined after the GEMM";
        return failure();
      }

  // The kernel writes `out` while other threads read A, B and the
  // consumers' broadcast operands: `out` must be none of them.
  Value outRoot = getRootBuffer(out);
  SmallVector<Value> broadcastRoots = {getRootBuffer(g.a), getRootBuffer(g.b)};
  auto addBroadcasts = [&](linalg::GenericOp consumer, Value skip) {
    SmallVector<AffineMap> ms = consumer.getIndexingMapsArray();
    for (OpOperand *in : consumer.getDpsInputOperands())
      if (in->get() != skip && isa<MemRefType>(in->get().getType()) &&
          ms[in->getOperandNumber()] != identity)
        broadcastRoots.push_back(getRootBuffer(in->get()));
  };
  for (const FusedConsumer &f : g.epilogue)
    addBroadcasts(f.op, f.chained);
  addBroadcasts(op, chained);
  if (llvm::is_contained(broadcastRoots, outRoot)) {
    whyNot = "its output is also an input of the GEMM or a broadcast operand";
    return failure();
  }

  if (out != chained &&
      (chainedOldRead || !isPrivateTemporary(chained, g, op))) {
    whyNot = "the GEMM's result " +
             std::string(chained == g.c ? "" : "(after the fused consumers) ") +
             "is not a temporary used by nothing else";
    return failure();
  }
  if (!isAvailableAt(out, gemm)) {
    auto alloc = out.getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != gemm->getBlock() ||
        alloc->getNumOperands() != 0) {
      whyNot = "its output is defined after the GEMM";
      return failure();
    }
  }

  // What the fusion moves to the GEMM's place must not cross anything in
  // between that writes what the consumer reads, or reads or writes what
  // it writes.
  SmallVector<Value> readRoots;
  for (Value v : memrefs)
    readRoots.push_back(getRootBuffer(v));
  for (Operation *it = gemm->getNextNode(); it != op.getOperation();
       it = it->getNextNode()) {
    if (llvm::any_of(g.epilogue, [&](const FusedConsumer &f) {
          return linalg::GenericOp(f.op).getOperation() == it;
        }))
      continue;
    if (auto alloc = dyn_cast<memref::AllocOp>(it);
        alloc && alloc.getResult() == out)
      continue;
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        getEffectsRecursively(it);
    if (!effects) {
      whyNot = "'" + it->getName().getStringRef().str() +
               "' between the GEMM and it has unknown memory effects";
      return failure();
    }
    for (const MemoryEffects::EffectInstance &e : *effects) {
      Value v = e.getValue();
      bool writes =
          isa<MemoryEffects::Write, MemoryEffects::Free>(e.getEffect());
      if (!v) {
        if (writes) {
          whyNot = "'" + it->getName().getStringRef().str() +
                   "' between the GEMM and it writes memory";
          return failure();
        }
        continue;
      }
      Value root = getRootBuffer(v);
      if (root == outRoot || (writes && llvm::is_contained(readRoots, root))) {
        whyNot = "'" + it->getName().getStringRef().str() +
                 "' between the GEMM and it accesses its operands";
        return failure();
      }
    }
  }
  return success();
}

void mlir::uop::matchEpilogue(GemmInfo &g, Operation *&stoppedAt,
                              std::string &whyNot) {
  stoppedAt = nullptr;
  Operation *gemm = g.op.getOperation();
  Value chained = g.c;
  // Without a fill the GEMM accumulates into C's old contents.
  bool chainedOldRead = !g.fill;
  Operation *last = gemm;
  while (true) {
    // The next op of the block that uses the chain's buffer.
    Operation *next = nullptr;
    for (Operation *it = last->getNextNode(); it && !next;
         it = it->getNextNode())
      for (Operation *user : chained.getUsers())
        if (it->isAncestor(user)) {
          next = it;
          break;
        }
    if (!next || isa<memref::DeallocOp>(next))
      return;
    // An elementwise consumer has a loop per dimension of the GEMM's
    // output: M and N, after the batch for a batch of GEMMs.
    auto generic = dyn_cast<linalg::GenericOp>(next);
    unsigned loops = g.batched ? 3 : 2;
    if (!generic || generic.getNumLoops() != loops ||
        generic.getNumParallelLoops() != loops)
      return;
    if (failed(checkConsumer(g, generic, chained, chainedOldRead, whyNot))) {
      stoppedAt = generic;
      return;
    }
    Value out = generic.getDpsInitOperand(0)->get();
    g.epilogue.push_back({generic, chained});
    if (out != chained) {
      g.deadBuffers.push_back(chained);
      if (Operation *alloc = out.getDefiningOp();
          alloc && !isAvailableAt(out, gemm))
        g.hoistedAllocs.push_back(alloc);
      chained = out;
      chainedOldRead =
          !generic.getRegion().front().getArguments().back().use_empty();
    }
    g.out = chained;
    last = generic;
  }
}

Value mlir::uop::emitEpilogue(OpBuilder &builder, Location loc,
                              const GemmInfo &g, Value acc, Value row,
                              Value col) {
  Value v = acc;
  if (v.getType() != g.outputType)
    v = arith::TruncFOp::create(builder, loc, g.outputType, v);
  for (const FusedConsumer &f : g.epilogue) {
    linalg::GenericOp op = f.op;
    Block &body = op.getRegion().front();
    IRMapping mapping;
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = body.getArgument(operand.getOperandNumber());
      if (arg.use_empty())
        continue;
      Value x = operand.get();
      if (x == f.chained) {
        mapping.map(arg, v);
        continue;
      }
      if (!isa<MemRefType>(x.getType())) {
        // A scalar: the value itself, or a clone of the constant it is.
        if (Operation *def = x.getDefiningOp();
            def && matchPattern(x, m_Constant()))
          x = builder.clone(*def)->getResult(0);
        mapping.map(arg, x);
        continue;
      }
      // The loops' indices: (row, col), or (GEMM of the batch, row, col)
      // for a consumer of a batch's output.
      SmallVector<Value, 3> loopIndices;
      if (op.getNumLoops() == 3) {
        assert(g.batchIndex && "a batch's consumer outside a batch's kernel");
        loopIndices.push_back(g.batchIndex);
      }
      loopIndices.append({row, col});
      SmallVector<Value> indices;
      for (AffineExpr e : maps[operand.getOperandNumber()].getResults()) {
        if (auto d = dyn_cast<AffineDimExpr>(e))
          indices.push_back(loopIndices[d.getPosition()]);
        else
          indices.push_back(arith::ConstantIndexOp::create(builder, loc, 0));
      }
      mapping.map(arg, memref::LoadOp::create(builder, loc, x, indices));
    }
    for (Operation &bodyOp : body)
      for (Value x : bodyOp.getOperands())
        if (x.getParentRegion() != &op.getRegion() && !mapping.contains(x))
          if (Operation *def = x.getDefiningOp();
              def && matchPattern(x, m_Constant()))
            mapping.map(x, builder.clone(*def)->getResult(0));
    for (Operation &bodyOp : body.without_terminator())
      builder.clone(bodyOp, mapping);
    v = mapping.lookupOrDefault(body.getTerminator()->getOperand(0));
  }
  return v;
}
