//===- LaneAddressEvaluator.cpp - the address one lane accesses -----------===//
//
// Computes the byte address a lane of warp 0 of block 0 touches in a
// shared-memory access: the lane's index values, op by op, then the memref's
// strided layout. Arith ops are computed with the simulator's integer
// semantics (Uop/Sim/IntSemantics.h), including which results are poison;
// this file adds what only an analysis of one warp needs: the ids of the
// lane, the iteration each enclosing loop is at, affine maps, layouts of
// views, and the reasons a value cannot be known.
//
//===----------------------------------------------------------------------===//

#include "Uop/Analysis/LaneAddressEvaluator.h"
#include "Uop/Sim/IntSemantics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::uop;

/// Deepest chain of values the evaluator follows before giving up; keeps
/// pathological IR from exhausting the stack.
static constexpr unsigned kMaxEvalDepth = 256;

//===----------------------------------------------------------------------===//
// Evaluating one lane's values
//===----------------------------------------------------------------------===//

/// Evaluates a pure affine expression on concrete dimension and symbol
/// values; nothing for a non-positive divisor. The simulator has no affine
/// handlers, so this is the one evaluator of affine expressions.
static std::optional<int64_t> evalAffineExpr(AffineExpr expr,
                                             ArrayRef<int64_t> dims,
                                             ArrayRef<int64_t> syms) {
  if (auto c = dyn_cast<AffineConstantExpr>(expr))
    return c.getValue();
  if (auto d = dyn_cast<AffineDimExpr>(expr))
    return d.getPosition() < dims.size()
               ? std::optional<int64_t>(dims[d.getPosition()])
               : std::nullopt;
  if (auto s = dyn_cast<AffineSymbolExpr>(expr))
    return s.getPosition() < syms.size()
               ? std::optional<int64_t>(syms[s.getPosition()])
               : std::nullopt;
  auto bin = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!bin)
    return std::nullopt;
  std::optional<int64_t> lhs = evalAffineExpr(bin.getLHS(), dims, syms);
  std::optional<int64_t> rhs = evalAffineExpr(bin.getRHS(), dims, syms);
  if (!lhs || !rhs)
    return std::nullopt;
  int64_t result;
  switch (bin.getKind()) {
  case AffineExprKind::Add:
    if (llvm::AddOverflow(*lhs, *rhs, result))
      return std::nullopt;
    return result;
  case AffineExprKind::Mul:
    if (llvm::MulOverflow(*lhs, *rhs, result))
      return std::nullopt;
    return result;
  case AffineExprKind::Mod:
    if (*rhs <= 0)
      return std::nullopt;
    return ((*lhs % *rhs) + *rhs) % *rhs;
  case AffineExprKind::FloorDiv:
    if (*rhs <= 0)
      return std::nullopt;
    return llvm::divideFloorSigned(*lhs, *rhs);
  case AffineExprKind::CeilDiv:
    if (*rhs <= 0)
      return std::nullopt;
    return llvm::divideCeilSigned(*lhs, *rhs);
  default:
    return std::nullopt;
  }
}

/// Returns `base + scale * factor`, or nothing when it overflows int64_t.
static std::optional<int64_t> mulAdd(int64_t base, int64_t scale,
                                     int64_t factor) {
  int64_t product, sum;
  if (llvm::MulOverflow(scale, factor, product) ||
      llvm::AddOverflow(base, product, sum))
    return std::nullopt;
  return sum;
}

LogicalResult LaneEvaluator::fail(const Twine &why) {
  if (reason.empty())
    reason = why.str();
  return failure();
}

FailureOr<int64_t> LaneEvaluator::evalInt(Value value) {
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  if (depth >= kMaxEvalDepth)
    return fail("the index expression is too deep to evaluate");
  ++depth;
  FailureOr<int64_t> result = compute(value);
  --depth;
  if (succeeded(result))
    cache.try_emplace(value, *result);
  return result;
}

FailureOr<int64_t> LaneEvaluator::evalInt(OpFoldResult ofr) {
  if (auto attr = dyn_cast<Attribute>(ofr)) {
    if (auto intAttr = dyn_cast<IntegerAttr>(attr))
      return intAttr.getValue().getSExtValue();
    return fail("a static operand is not an integer");
  }
  return evalInt(cast<Value>(ofr));
}

std::optional<int64_t> LaneEvaluator::tryEvalInt(Value value) {
  std::string saved = reason;
  FailureOr<int64_t> v = evalInt(value);
  reason = std::move(saved);
  return succeeded(v) ? std::optional<int64_t>(*v) : std::nullopt;
}

std::optional<int64_t> LaneEvaluator::tryEvalInt(OpFoldResult ofr) {
  std::string saved = reason;
  FailureOr<int64_t> v = evalInt(ofr);
  reason = std::move(saved);
  return succeeded(v) ? std::optional<int64_t>(*v) : std::nullopt;
}

FailureOr<int64_t> LaneEvaluator::make(Type type, int64_t v) {
  std::optional<unsigned> width = sim::getIntWordWidth(type);
  if (!width)
    return fail("the index is not an integer");
  return sim::signExtend(v, *width);
}

FailureOr<int64_t> LaneEvaluator::loopValue(Value iv, OpFoldResult lb,
                                            OpFoldResult step) {
  FailureOr<int64_t> lower = evalInt(lb);
  if (failed(lower))
    return failure();
  int64_t iteration = ctx.iterations->lookup(iv);
  if (iteration == 0)
    return make(iv.getType(), *lower);
  FailureOr<int64_t> s = evalInt(step);
  if (failed(s))
    return failure();
  std::optional<int64_t> value = mulAdd(*lower, iteration, *s);
  if (!value)
    return fail("a loop counter overflows");
  return make(iv.getType(), *value);
}

FailureOr<int64_t> LaneEvaluator::compute(Value value) {
  std::optional<unsigned> width = sim::getIntWordWidth(value.getType());
  if (!width)
    return fail("the index is not an integer");
  if (*width > 64)
    return fail("the index is wider than 64 bits");
  if (auto arg = dyn_cast<BlockArgument>(value))
    return computeBlockArgument(arg);
  return computeResult(cast<OpResult>(value));
}

FailureOr<int64_t> LaneEvaluator::computeBlockArgument(BlockArgument arg) {
  Operation *owner = arg.getOwner()->getParentOp();
  if (!owner)
    return fail("the index depends on an argument of a detached block");
  Type type = arg.getType();
  if (auto launch = dyn_cast<gpu::LaunchOp>(owner)) {
    gpu::KernelDim3 tid = launch.getThreadIds();
    gpu::KernelDim3 bid = launch.getBlockIds();
    gpu::KernelDim3 grid = launch.getGridSize();
    gpu::KernelDim3 block = launch.getBlockSize();
    Value tids[3] = {tid.x, tid.y, tid.z};
    Value bids[3] = {bid.x, bid.y, bid.z};
    Value grids[3] = {grid.x, grid.y, grid.z};
    Value blocks[3] = {block.x, block.y, block.z};
    for (int d = 0; d < 3; ++d) {
      if (arg == tids[d])
        return make(type, ctx.tid[d]);
      if (arg == bids[d])
        return make(type, 0);
      if (arg == blocks[d] && ctx.kernel->blockDim[d])
        return make(type, *ctx.kernel->blockDim[d]);
      if (arg == grids[d]) {
        if (!ctx.kernel->gridDim[d])
          return fail("the index depends on a grid size that is not a "
                      "constant");
        return make(type, *ctx.kernel->gridDim[d]);
      }
    }
    if (std::optional<gpu::KernelDim3> cluster = launch.getClusterIds())
      if (arg == cluster->x || arg == cluster->y || arg == cluster->z)
        return make(type, 0);
    return fail("the index depends on an argument of 'gpu.launch'");
  }
  if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
    if (arg == forOp.getInductionVar())
      return loopValue(arg, forOp.getLowerBound(), forOp.getStep());
    return fail("the index depends on a loop-carried value of 'scf.for'");
  }
  if (auto forOp = dyn_cast<affine::AffineForOp>(owner)) {
    if (arg != forOp.getInductionVar())
      return fail("the index depends on a loop-carried value of 'affine.for'");
    FailureOr<int64_t> lower =
        evalAffine(forOp.getLowerBoundMap(), forOp.getLowerBoundOperands(),
                   /*takeMax=*/true, type);
    if (failed(lower))
      return failure();
    std::optional<int64_t> value = mulAdd(
        *lower, ctx.iterations->lookup(arg), forOp.getStepAsInt());
    if (!value)
      return fail("a loop counter overflows");
    return make(type, *value);
  }
  if (auto par = dyn_cast<scf::ParallelOp>(owner)) {
    unsigned i = arg.getArgNumber();
    if (i >= par.getNumLoops())
      return fail("the index depends on a block argument of 'scf.parallel'");
    return loopValue(arg, par.getLowerBound()[i], par.getStep()[i]);
  }
  if (auto forall = dyn_cast<scf::ForallOp>(owner)) {
    unsigned i = arg.getArgNumber();
    if (i >= forall.getRank())
      return fail("the index depends on a shared output of 'scf.forall'");
    OpFoldResult lb = forall.getMixedLowerBound()[i];
    OpFoldResult step = forall.getMixedStep()[i];
    std::optional<ArrayAttr> mapping = forall.getMapping();
    if (!mapping || i >= mapping->size())
      return loopValue(arg, lb, step);
    Attribute dim = (*mapping)[i];
    // Iteration i of a loop distributed over threads (or lanes) is run by
    // the thread whose id is i; block, warpgroup and warp mappings put
    // iteration 0 on block 0 / warp 0.
    std::optional<int64_t> id;
    if (auto thread = dyn_cast<gpu::GPUThreadMappingAttr>(dim)) {
      if (thread.isLinearMapping())
        return fail("linear thread mappings of 'scf.forall' are not modeled");
      int64_t d = thread.getMappingId();
      if (d >= 0 && d < 3)
        id = ctx.tid[d];
    } else if (auto lane = dyn_cast<gpu::GPULaneMappingAttr>(dim)) {
      if (!lane.isLinearMapping() && lane.getMappingId() == 0)
        id = ctx.lane;
    } else if (isa<gpu::GPUBlockMappingAttr, gpu::GPUWarpMappingAttr,
                   gpu::GPUWarpgroupMappingAttr>(dim)) {
      id = 0;
    }
    if (!id)
      return fail("this mapping of 'scf.forall' is not modeled");
    FailureOr<int64_t> lower = evalInt(lb);
    FailureOr<int64_t> s = evalInt(step);
    if (failed(lower) || failed(s))
      return failure();
    std::optional<int64_t> value = mulAdd(*lower, *id, *s);
    if (!value)
      return fail("a loop counter overflows");
    return make(type, *value);
  }
  if (isa<gpu::GPUFuncOp, FunctionOpInterface>(owner))
    return fail("the index depends on an argument of the kernel");
  return fail("the index depends on a block argument of '" +
              owner->getName().getStringRef() + "'");
}

FailureOr<int64_t> LaneEvaluator::evalAffine(AffineMap map,
                                             ValueRange operands,
                                             bool takeMax, Type type) {
  SmallVector<int64_t> values;
  for (Value operand : operands) {
    FailureOr<int64_t> v = evalInt(operand);
    if (failed(v))
      return failure();
    values.push_back(*v);
  }
  if (map.getNumResults() == 0 || values.size() != map.getNumInputs())
    return fail("an affine map cannot be evaluated");
  ArrayRef<int64_t> dims = ArrayRef(values).take_front(map.getNumDims());
  ArrayRef<int64_t> syms = ArrayRef(values).drop_front(map.getNumDims());
  std::optional<int64_t> best;
  for (AffineExpr expr : map.getResults()) {
    std::optional<int64_t> v = evalAffineExpr(expr, dims, syms);
    if (!v)
      return fail("an affine expression divides by a non-positive value or "
                  "overflows");
    if (!best || (takeMax ? *v > *best : *v < *best))
      best = v;
  }
  return make(type, *best);
}

/// The reason an index that arith calls poison is not evaluated.
static StringRef describePoison(sim::IntPoison poison) {
  switch (poison) {
  case sim::IntPoison::None:
    break;
  case sim::IntPoison::DivisionByZero:
    return "the index divides by zero";
  case sim::IntPoison::DivisionOverflow:
    return "the index divides the most negative value by -1";
  case sim::IntPoison::ShiftOutOfRange:
    return "the index shifts by at least its bit width";
  }
  return "";
}

FailureOr<int64_t> LaneEvaluator::computeArith(Operation *op,
                                               unsigned width) {
  // Binary integer ops and comparisons: both operands share a width (the
  // result's, except for cmpi's i1). A poison result (a zero divisor, an
  // oversized shift) is undefined on the GPU, so the address is not guessed.
  sim::IntBinaryFn semantics = sim::getIntBinarySemantics(op);
  auto cmp = dyn_cast<arith::CmpIOp>(op);
  if (semantics || cmp) {
    FailureOr<int64_t> lhs = evalInt(op->getOperand(0));
    if (failed(lhs))
      return failure();
    FailureOr<int64_t> rhs = evalInt(op->getOperand(1));
    if (failed(rhs))
      return failure();
    if (cmp)
      return sim::cmpi(cmp.getPredicate(), *lhs, *rhs,
                       *sim::getIntWordWidth(cmp.getLhs().getType()));
    sim::IntResult result = semantics(*lhs, *rhs, width);
    if (result.poison != sim::IntPoison::None)
      return fail(describePoison(result.poison));
    return result.value;
  }
  if (std::optional<sim::IntCastKind> cast = sim::getIntCastKind(op)) {
    Value in = op->getOperand(0);
    std::optional<unsigned> inWidth = sim::getIntWordWidth(in.getType());
    if (!inWidth)
      return fail("a conversion from a non-integer type");
    FailureOr<int64_t> value = evalInt(in);
    if (failed(value))
      return failure();
    return sim::castInt(*cast, *value, *inWidth, width);
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (auto attr = dyn_cast<IntegerAttr>(constant.getValue()))
      return sim::intConstant(attr.getValue(), width);
    return fail("a constant is not a scalar integer");
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    FailureOr<int64_t> cond = evalInt(select.getCondition());
    if (failed(cond))
      return failure();
    return evalInt(*cond ? select.getTrueValue() : select.getFalseValue());
  }
  return fail("the index depends on the result of '" +
              op->getName().getStringRef() + "', which is not evaluated");
}

std::optional<FailureOr<int64_t>>
LaneEvaluator::computeGpuId(Operation *op, Type type) {
  using Result = std::optional<FailureOr<int64_t>>;
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](gpu::ThreadIdOp tid) {
        return make(type, ctx.tid[static_cast<int>(tid.getDimension())]);
      })
      .Case([&](gpu::GlobalIdOp gid) {
        // Block 0: the global id is the thread id.
        return make(type, ctx.tid[static_cast<int>(gid.getDimension())]);
      })
      .Case([&](gpu::BlockIdOp) { return make(type, 0); })
      .Case([&](gpu::LaneIdOp) { return make(type, ctx.lane); })
      .Case([&](gpu::SubgroupIdOp) { return make(type, 0); })
      .Case([&](gpu::SubgroupSizeOp) { return make(type, ctx.warpSize); })
      .Case([&](gpu::BlockDimOp dim) -> FailureOr<int64_t> {
        std::optional<int64_t> size =
            ctx.kernel->blockDim[static_cast<int>(dim.getDimension())];
        if (!size)
          return fail("the index depends on a block size that is not a "
                      "constant");
        return make(type, *size);
      })
      .Case([&](gpu::GridDimOp dim) -> FailureOr<int64_t> {
        std::optional<int64_t> size =
            ctx.kernel->gridDim[static_cast<int>(dim.getDimension())];
        if (!size)
          return fail("the index depends on a grid size that is not a "
                      "constant");
        return make(type, *size);
      })
      .Default([&](Operation *other) -> Result {
        // NVVM special registers, for kernels already lowered to NVVM.
        StringRef name = other->getName().getStringRef();
        if (name.consume_front("nvvm.read.ptx.sreg.")) {
          int d = name.ends_with(".x") ? 0 : name.ends_with(".y") ? 1 : 2;
          if (name.starts_with("tid."))
            return make(type, ctx.tid[d]);
          if (name.starts_with("ctaid.") || name == "warpid")
            return make(type, 0);
          if (name == "laneid")
            return make(type, ctx.lane);
          if (name.starts_with("ntid.") && ctx.kernel->blockDim[d])
            return make(type, *ctx.kernel->blockDim[d]);
        }
        return std::nullopt;
      });
}

FailureOr<int64_t> LaneEvaluator::computeResult(OpResult result) {
  Operation *op = result.getOwner();
  Type type = result.getType();
  if (op->getDialect() && isa<arith::ArithDialect>(op->getDialect()))
    return computeArith(op, *sim::getIntWordWidth(type));
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return evalAffine(apply.getAffineMap(), apply.getMapOperands(),
                      /*takeMax=*/false, type);
  if (auto min = dyn_cast<affine::AffineMinOp>(op))
    return evalAffine(min.getAffineMap(), min.getMapOperands(),
                      /*takeMax=*/false, type);
  if (auto max = dyn_cast<affine::AffineMaxOp>(op))
    return evalAffine(max.getAffineMap(), max.getMapOperands(),
                      /*takeMax=*/true, type);
  if (std::optional<FailureOr<int64_t>> id = computeGpuId(op, type))
    return *id;
  // A value read from memory differs from run to run: this is the
  // data-dependent case, and the analysis does not guess.
  if (hasEffect<MemoryEffects::Read>(op))
    return fail("the index depends on data loaded by '" +
                op->getName().getStringRef() + "'");
  return fail("the index depends on the result of '" +
              op->getName().getStringRef() + "', which is not evaluated");
}

//===----------------------------------------------------------------------===//
// Layouts and addresses
//===----------------------------------------------------------------------===//

FailureOr<ConcreteLayout> LaneEvaluator::resolveLayout(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  ConcreteLayout layout;
  if (succeeded(type.getStridesAndOffset(layout.strides, layout.offset)) &&
      !ShapedType::isDynamic(layout.offset) &&
      llvm::none_of(layout.strides, ShapedType::isDynamic))
    return layout;

  auto failLayout = [&]() -> FailureOr<ConcreteLayout> {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << type;
    return fail("the layout of '" + text +
                "' is not a strided layout that can be evaluated");
  };
  Operation *def = memref.getDefiningOp();
  if (!def)
    return failLayout();

  // A subview starts at its offsets within the source and multiplies the
  // source strides by its own; rank-reducing subviews drop unit dimensions.
  if (auto subview = dyn_cast<memref::SubViewOp>(def)) {
    FailureOr<ConcreteLayout> src = resolveLayout(subview.getSource());
    if (failed(src))
      return failure();
    SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
    SmallVector<OpFoldResult> steps = subview.getMixedStrides();
    if (offsets.size() != src->strides.size() ||
        steps.size() != src->strides.size())
      return failLayout();
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    ConcreteLayout result;
    result.offset = src->offset;
    for (auto [i, ofr] : llvm::enumerate(offsets)) {
      FailureOr<int64_t> off = evalInt(ofr);
      FailureOr<int64_t> step = evalInt(steps[i]);
      if (failed(off) || failed(step))
        return failure();
      std::optional<int64_t> offset =
          mulAdd(result.offset, *off, src->strides[i]);
      std::optional<int64_t> stride = mulAdd(0, *step, src->strides[i]);
      if (!offset || !stride)
        return fail("the address overflows");
      result.offset = *offset;
      if (!dropped.test(i))
        result.strides.push_back(*stride);
    }
    return result;
  }
  if (auto castOp = dyn_cast<memref::CastOp>(def))
    return resolveLayout(castOp.getSource());
  if (auto reinterpret = dyn_cast<memref::ReinterpretCastOp>(def)) {
    ConcreteLayout result;
    SmallVector<OpFoldResult> offsets = reinterpret.getMixedOffsets();
    if (offsets.size() != 1)
      return failLayout();
    FailureOr<int64_t> off = evalInt(offsets.front());
    if (failed(off))
      return failure();
    result.offset = *off;
    for (OpFoldResult ofr : reinterpret.getMixedStrides()) {
      FailureOr<int64_t> stride = evalInt(ofr);
      if (failed(stride))
        return failure();
      result.strides.push_back(*stride);
    }
    return result;
  }
  // Reshapes keep the start of the view; their strides must be static.
  if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp>(def)) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        llvm::any_of(strides, ShapedType::isDynamic))
      return failLayout();
    FailureOr<ConcreteLayout> src = resolveLayout(def->getOperand(0));
    if (failed(src))
      return failure();
    return ConcreteLayout{src->offset, strides};
  }
  return failLayout();
}

FailureOr<int64_t> mlir::uop::computeLaneByteAddress(
    const SharedAccessDesc &desc, LaneEvaluator &ev, int64_t elementBytes) {
  FailureOr<ConcreteLayout> layout = ev.resolveLayout(desc.memref);
  if (failed(layout))
    return failure();
  if (layout->strides.size() != desc.indices.size())
    return ev.fail("the index count does not match the memref rank");
  // A vector moves consecutive elements of the innermost dimension; it is one
  // contiguous chunk only when that dimension has unit stride.
  if (desc.movesVector &&
      cast<VectorType>(desc.valueType).getNumElements() > 1 &&
      (layout->strides.empty() || layout->strides.back() != 1))
    return ev.fail("the vector runs along a dimension with a non-unit stride");
  int64_t element = layout->offset;
  for (auto [index, stride] : llvm::zip(desc.indices, layout->strides)) {
    FailureOr<int64_t> i = ev.evalInt(index);
    if (failed(i))
      return failure();
    int64_t term;
    if (llvm::MulOverflow(*i, stride, term) ||
        llvm::AddOverflow(element, term, element))
      return ev.fail("the address overflows");
  }
  int64_t bytes;
  if (llvm::MulOverflow(element, elementBytes, bytes))
    return ev.fail("the address overflows");
  return bytes;
}

//===----------------------------------------------------------------------===//
// Which lanes run the access
//===----------------------------------------------------------------------===//

bool mlir::uop::isLaneActive(Operation *access, Operation *kernel,
                             LaneEvaluator &ev) {
  const LaneContext &ctx = ev.getContext();
  // Iteration `iv` runs when lb + j * step < ub for this lane.
  auto inLoop = [&](Value iv, std::optional<int64_t> ub) {
    int64_t iteration = ctx.iterations->lookup(iv);
    std::optional<int64_t> value = ev.tryEvalInt(iv);
    if (!value || !ub)
      return iteration == 0;
    return *value < *ub;
  };
  for (Operation *child = access, *parent = access->getParentOp();
       parent && child != kernel && parent != kernel;
       child = parent, parent = parent->getParentOp()) {
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      std::optional<int64_t> cond = ev.tryEvalInt(ifOp.getCondition());
      if (!cond)
        continue;
      bool inThen = &ifOp.getThenRegion() == child->getParentRegion();
      if (inThen != (*cond != 0))
        return false;
    } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (!inLoop(forOp.getInductionVar(),
                  ev.tryEvalInt(forOp.getUpperBound())))
        return false;
    } else if (auto forOp = dyn_cast<affine::AffineForOp>(parent)) {
      std::optional<int64_t> ub;
      if (forOp.hasConstantUpperBound())
        ub = forOp.getConstantUpperBound();
      if (!inLoop(forOp.getInductionVar(), ub))
        return false;
    } else if (auto par = dyn_cast<scf::ParallelOp>(parent)) {
      for (auto [iv, ub] :
           llvm::zip(par.getInductionVars(), par.getUpperBound()))
        if (!inLoop(iv, ev.tryEvalInt(ub)))
          return false;
    } else if (auto forall = dyn_cast<scf::ForallOp>(parent)) {
      for (auto [iv, ub] :
           llvm::zip(forall.getInductionVars(), forall.getMixedUpperBound()))
        if (!inLoop(iv, ev.tryEvalInt(ub)))
          return false;
    }
  }
  return true;
}
