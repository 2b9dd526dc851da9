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
#include "mlir/IR/AffineExpr.h"

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
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  if (iters.size() != 3 ||
      llvm::count(iters, utils::IteratorType::parallel) != 2) {
    whyNot = "expected two parallel loops and one reduction";
    return failure();
  }
  unsigned kDim = 0;
  for (unsigned i = 0; i < 3; ++i)
    if (iters[i] == utils::IteratorType::reduction)
      kDim = i;

  GemmInfo info;
  info.op = op;
  info.a = op.getDpsInputOperand(0)->get();
  info.b = op.getDpsInputOperand(1)->get();
  info.c = op.getDpsInitOperand(0)->get();
  for (Value v : {info.a, info.b, info.c}) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || type.getRank() != 2) {
      whyNot = "expected 2-D memref operands";
      return failure();
    }
    if (!type.hasStaticShape()) {
      whyNot = "dynamic shapes are not supported yet (operand of type " +
               toString(type) + ")";
      return failure();
    }
    if (!type.getLayout().isIdentity()) {
      whyNot = "expected row-major (identity layout) operands";
      return failure();
    }
  }

  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<unsigned> aDims = getDims(maps[0]), bDims = getDims(maps[1]),
                        cDims = getDims(maps[2]);
  if (aDims.size() != 2 || bDims.size() != 2 || cDims.size() != 2) {
    whyNot = "an indexing map is not a pair of loop dimensions";
    return failure();
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
  if (aDims == SmallVector<unsigned>{mDim, kDim})
    info.transposeA = false;
  else if (aDims == SmallVector<unsigned>{kDim, mDim})
    info.transposeA = true;
  else {
    whyNot = "A is not indexed by (m, k) or (k, m)";
    return failure();
  }
  if (bDims == SmallVector<unsigned>{kDim, nDim})
    info.transposeB = false;
  else if (bDims == SmallVector<unsigned>{nDim, kDim})
    info.transposeB = true;
  else {
    whyNot = "B is not indexed by (k, n) or (n, k)";
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
  if (failed(checkBody(*op.getBlock(), whyNot)))
    return failure();

  auto aType = cast<MemRefType>(info.a.getType());
  auto bType = cast<MemRefType>(info.b.getType());
  auto cType = cast<MemRefType>(info.c.getType());
  Type elem = aType.getElementType();
  if (!elem.isF32() && !elem.isF16() && !elem.isBF16()) {
    whyNot = "unsupported input element type " + toString(elem) +
             " (expected f32, f16 or bf16)";
    return failure();
  }
  if (bType.getElementType() != elem) {
    whyNot = "A and B have different element types";
    return failure();
  }
  if (!cType.getElementType().isF32()) {
    whyNot = "the output must be f32 (accumulation is in f32), got " +
             toString(cType.getElementType());
    return failure();
  }
  info.inputType = elem;

  info.m = cType.getDimSize(0);
  info.n = cType.getDimSize(1);
  info.k = aType.getDimSize(info.transposeA ? 0 : 1);
  if (aType.getDimSize(info.transposeA ? 1 : 0) != info.m ||
      bType.getDimSize(info.transposeB ? 1 : 0) != info.k ||
      bType.getDimSize(info.transposeB ? 0 : 1) != info.n) {
    whyNot = "operand shapes do not agree on M, N and K";
    return failure();
  }
  if (info.a == info.c || info.b == info.c) {
    whyNot = "the output aliases an input";
    return failure();
  }
  info.fill = findFill(op, info.c);
  return info;
}
