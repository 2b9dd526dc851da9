//===- BankConflicts.cpp - uop-bank-conflicts analysis --------------------===//
//
// Counts the shared-memory passes of each warp access in a kernel and reports
// them as remarks. A CUDA core's shared memory is 32 banks of 4 bytes; each
// bank serves one 32-bit word per cycle. Lanes that touch the same word share
// that cycle (a broadcast for loads), but distinct words in one bank must be
// served one after the other, so an access costs as many passes as the most
// distinct words any single bank holds. Layout choices that look harmless
// (reading a 32-wide tile by columns) can make every access 32 times slower
// without changing a single result, which is why this is worth reporting at
// compile time.
//
// The analysis is concrete, not symbolic: for warp 0 of block 0 it evaluates
// the index expressions of each lane with a small interpreter over arith,
// affine and gpu id ops, turns them into byte addresses through the memref's
// strided layout, and applies the bank rules.
//
//===----------------------------------------------------------------------===//

#include "Uop/Analysis/BankConflicts.h"
#include "Uop/Analysis/Passes.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "uop-bank-conflicts"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPBANKCONFLICTS
#include "Uop/Analysis/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

/// Deepest chain of values the interpreter follows before giving up; keeps
/// pathological IR from exhausting the stack.
static constexpr unsigned kMaxEvalDepth = 256;
/// Most combinations of loop iterations evaluated for one access.
static constexpr int64_t kMaxIterationCombinations = 1024;

//===----------------------------------------------------------------------===//
// What an access reads or writes
//===----------------------------------------------------------------------===//

namespace {
/// The parts of a load or store that decide its lane addresses.
struct AccessDesc {
  Value memref;
  SmallVector<Value> indices;
  /// What one lane moves: the element type or a vector of elements.
  Type valueType;
  /// True when a lane moves several consecutive elements of the memref (a
  /// vector op on a memref of scalars), not one element.
  bool movesVector = false;
  bool isStore = false;
  /// Set when the access is recognized but its shape is not modeled.
  std::string unsupported;
};
} // namespace

/// Returns the description of `op` when it is a modeled shared-memory access.
static std::optional<AccessDesc> describeAccess(Operation *op) {
  AccessDesc desc;
  // A transfer is one contiguous vector per lane only when it runs along the
  // innermost memref dimension.
  auto checkTransfer = [&](VectorTransferOpInterface xfer) {
    if (xfer.getVectorType().getRank() > 1 ||
        !xfer.getPermutationMap().isMinorIdentity())
      desc.unsupported = "only 1-D transfers along the innermost dimension are "
                         "modeled";
  };
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    desc.memref = load.getMemRef();
    desc.indices = llvm::to_vector(load.getIndices());
    desc.valueType = load.getType();
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    desc.memref = store.getMemRef();
    desc.indices = llvm::to_vector(store.getIndices());
    desc.valueType = store.getValueToStore().getType();
    desc.isStore = true;
  } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
    desc.memref = load.getBase();
    desc.indices = llvm::to_vector(load.getIndices());
    desc.valueType = load.getVectorType();
  } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
    desc.memref = store.getBase();
    desc.indices = llvm::to_vector(store.getIndices());
    desc.valueType = store.getVectorType();
    desc.isStore = true;
  } else if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
    desc.memref = read.getBase();
    desc.indices = llvm::to_vector(read.getIndices());
    desc.valueType = read.getVectorType();
    checkTransfer(read);
  } else if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
    desc.memref = write.getBase();
    desc.indices = llvm::to_vector(write.getIndices());
    desc.valueType = write.getVectorType();
    desc.isStore = true;
    checkTransfer(write);
  } else {
    return std::nullopt;
  }
  if (!isWorkgroupMemRef(desc.memref.getType()))
    return std::nullopt;
  auto vec = dyn_cast<VectorType>(desc.valueType);
  desc.movesVector =
      vec && vec.getElementType() ==
                 cast<MemRefType>(desc.memref.getType()).getElementType();
  if (desc.movesVector && vec.getRank() > 1 && desc.unsupported.empty())
    desc.unsupported = "multi-dimensional vector accesses are not modeled";
  return desc;
}

bool mlir::uop::isSharedMemoryAccess(Operation *op) {
  return describeAccess(op).has_value();
}

/// Follows view-like ops (subview, cast, reinterpret_cast, expand/collapse
/// shape, view) back to the buffer they view.
static Value getRootBuffer(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    memref = view.getViewSource();
  }
  return memref;
}

std::string mlir::uop::getSharedBufferName(Operation *access) {
  std::optional<AccessDesc> desc = describeAccess(access);
  if (!desc)
    return "";
  Value root = getRootBuffer(desc->memref);
  if (auto global = root.getDefiningOp<memref::GetGlobalOp>())
    return ("@" + global.getName()).str();
  Location loc = root.getLoc();
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << root.getType();
  return text;
}

//===----------------------------------------------------------------------===//
// The kernel and one lane of warp 0
//===----------------------------------------------------------------------===//

namespace {
/// What is known about the kernel's launch shape.
struct KernelInfo {
  Operation *op = nullptr;
  std::optional<int64_t> blockDim[3];
  std::optional<int64_t> gridDim[3];
};

/// One lane of warp 0 of block 0, at one iteration of each enclosing loop.
struct LaneContext {
  const KernelInfo *kernel;
  /// The lane id, equal to the linear thread id in warp 0.
  int64_t lane;
  int64_t tid[3];
  /// Iteration number (0-based) of each enumerated loop induction variable;
  /// absent ones are at iteration 0.
  const DenseMap<Value, int64_t> *iterations;
};
} // namespace

/// Returns the constant value of `value` if it has one.
static std::optional<int64_t> getConstant(Value value) {
  APInt v;
  if (value && matchPattern(value, m_ConstantInt(&v)))
    return v.getSExtValue();
  return std::nullopt;
}

/// Collects the block and grid sizes of `kernel` that are constants: the
/// operands of a `gpu.launch`, or `known_block_size` / `known_grid_size` of
/// a kernel `gpu.func` (the outliner copies constant launch sizes there).
static KernelInfo getKernelInfo(Operation *kernel) {
  KernelInfo info;
  info.op = kernel;
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel)) {
    Value block[3] = {launch.getBlockSizeX(), launch.getBlockSizeY(),
                      launch.getBlockSizeZ()};
    Value grid[3] = {launch.getGridSizeX(), launch.getGridSizeY(),
                     launch.getGridSizeZ()};
    for (int d = 0; d < 3; ++d) {
      info.blockDim[d] = getConstant(block[d]);
      info.gridDim[d] = getConstant(grid[d]);
    }
  } else if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel)) {
    auto fill = [](std::optional<int64_t> (&dims)[3],
                   std::optional<ArrayRef<int32_t>> sizes) {
      if (sizes && sizes->size() == 3)
        for (int d = 0; d < 3; ++d)
          dims[d] = (*sizes)[d];
    };
    fill(info.blockDim, func.getKnownBlockSize());
    fill(info.gridDim, func.getKnownGridSize());
  }
  return info;
}

/// Returns the bit width the interpreter uses for `type`, or nothing when it
/// is not an integer-like type.
static std::optional<unsigned> getIntWidth(Type type) {
  if (type.isIndex())
    return 64;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  return std::nullopt;
}

/// Evaluates a pure affine expression on concrete dimension and symbol
/// values; nothing for a non-positive divisor.
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

namespace {
/// A strided layout with every entry known, in elements.
struct ConcreteLayout {
  int64_t offset = 0;
  SmallVector<int64_t> strides;
};

/// Interprets the integer and index computations a lane performs, with the
/// thread ids, loop counters and launch sizes of one LaneContext. Values are
/// kept as APInt of their type's width so that narrow and unsigned arithmetic
/// wraps as it does on the GPU. The first reason evaluation fails is kept.
class LaneEvaluator {
public:
  explicit LaneEvaluator(const LaneContext &ctx) : ctx(ctx) {}

  /// Evaluates `value`, or fails and records why.
  FailureOr<APInt> eval(Value value) {
    auto it = cache.find(value);
    if (it != cache.end())
      return it->second;
    if (depth >= kMaxEvalDepth)
      return fail("the index expression is too deep to evaluate");
    ++depth;
    FailureOr<APInt> result = compute(value);
    --depth;
    if (succeeded(result))
      cache.try_emplace(value, *result);
    return result;
  }

  /// Evaluates an index-like value as a signed 64-bit number.
  FailureOr<int64_t> evalInt(Value value) {
    FailureOr<APInt> v = eval(value);
    if (failed(v))
      return failure();
    if (v->getBitWidth() == 1)
      return v->getZExtValue();
    return v->getSExtValue();
  }

  /// Evaluates a static or dynamic operand of a mixed-operand op.
  FailureOr<int64_t> evalInt(OpFoldResult ofr) {
    if (auto attr = dyn_cast<Attribute>(ofr)) {
      if (auto intAttr = dyn_cast<IntegerAttr>(attr))
        return intAttr.getValue().getSExtValue();
      (void)fail("a static operand is not an integer");
      return failure();
    }
    return evalInt(cast<Value>(ofr));
  }

  /// Like evalInt, but a failure leaves no reason behind: used for the
  /// conditions that decide whether a lane is active, which may be unknown.
  std::optional<int64_t> tryEvalInt(Value value) {
    std::string saved = reason;
    FailureOr<int64_t> v = evalInt(value);
    reason = std::move(saved);
    return succeeded(v) ? std::optional<int64_t>(*v) : std::nullopt;
  }
  std::optional<int64_t> tryEvalInt(OpFoldResult ofr) {
    std::string saved = reason;
    FailureOr<int64_t> v = evalInt(ofr);
    reason = std::move(saved);
    return succeeded(v) ? std::optional<int64_t>(*v) : std::nullopt;
  }

  /// Resolves the offset and strides of `memref` (in its elements) for this
  /// lane, looking through views whose layout has dynamic entries.
  FailureOr<ConcreteLayout> resolveLayout(Value memref);

  /// Records `why` as the reason evaluation failed (the first one wins).
  FailureOr<APInt> fail(const Twine &why) {
    if (reason.empty())
      reason = why.str();
    return failure();
  }

  const std::string &getReason() const { return reason; }
  const LaneContext &getContext() const { return ctx; }

private:
  FailureOr<APInt> compute(Value value);
  FailureOr<APInt> computeBlockArgument(BlockArgument arg);
  FailureOr<APInt> computeResult(OpResult result);

  /// Returns `v` as an APInt of the width of `type`.
  FailureOr<APInt> make(Type type, int64_t v) {
    std::optional<unsigned> width = getIntWidth(type);
    if (!width)
      return fail("the index is not an integer");
    return APInt(*width, static_cast<uint64_t>(v), /*isSigned=*/true,
                 /*implicitTrunc=*/true);
  }

  /// Value of induction variable `iv` of a loop with lower bound `lb` and
  /// step `step` at the iteration recorded for it.
  FailureOr<APInt> loopValue(Value iv, OpFoldResult lb, OpFoldResult step) {
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

  FailureOr<APInt> evalAffine(AffineMap map, ValueRange operands,
                              bool takeMax, Type type);

  const LaneContext &ctx;
  DenseMap<Value, APInt> cache;
  unsigned depth = 0;
  std::string reason;
};
} // namespace

FailureOr<APInt> LaneEvaluator::compute(Value value) {
  if (!getIntWidth(value.getType()))
    return fail("the index is not an integer");
  if (auto arg = dyn_cast<BlockArgument>(value))
    return computeBlockArgument(arg);
  return computeResult(cast<OpResult>(value));
}

FailureOr<APInt> LaneEvaluator::computeBlockArgument(BlockArgument arg) {
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
    FailureOr<APInt> lower =
        evalAffine(forOp.getLowerBoundMap(), forOp.getLowerBoundOperands(),
                   /*takeMax=*/true, type);
    if (failed(lower))
      return failure();
    std::optional<int64_t> value =
        mulAdd(lower->getSExtValue(), ctx.iterations->lookup(arg),
               forOp.getStepAsInt());
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

FailureOr<APInt> LaneEvaluator::evalAffine(AffineMap map, ValueRange operands,
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

FailureOr<APInt> LaneEvaluator::computeResult(OpResult result) {
  Operation *op = result.getOwner();
  Type type = result.getType();

  // Binary integer arithmetic: both operands and the result share a width.
  auto binary = [&](auto fn) -> FailureOr<APInt> {
    if (op->getNumOperands() != 2)
      return fail("unexpected operand count");
    FailureOr<APInt> lhs = eval(op->getOperand(0));
    if (failed(lhs))
      return failure();
    FailureOr<APInt> rhs = eval(op->getOperand(1));
    if (failed(rhs))
      return failure();
    if (lhs->getBitWidth() != rhs->getBitWidth())
      return fail("operands of different widths");
    return fn(*lhs, *rhs);
  };
  // Division and remainder are undefined for a zero divisor (and signed
  // division for INT_MIN / -1); such an address is not evaluated.
  auto divisor = [&](const APInt &lhs, const APInt &rhs,
                     bool isSigned) -> LogicalResult {
    if (rhs.isZero() ||
        (isSigned && lhs.isMinSignedValue() && rhs.isAllOnes()))
      return failure();
    return success();
  };
  auto divFail = [&]() { return fail("the index divides by zero"); };
  auto shiftFail = [&]() {
    return fail("the index shifts by at least its bit width");
  };
  // Width conversions.
  auto convert = [&](bool isSigned) -> FailureOr<APInt> {
    FailureOr<APInt> in = eval(op->getOperand(0));
    if (failed(in))
      return failure();
    std::optional<unsigned> width = getIntWidth(type);
    if (!width)
      return fail("a conversion to a non-integer type");
    return isSigned ? in->sextOrTrunc(*width) : in->zextOrTrunc(*width);
  };

  return llvm::TypeSwitch<Operation *, FailureOr<APInt>>(op)
      .Case([&](arith::ConstantOp c) -> FailureOr<APInt> {
        if (auto attr = dyn_cast<IntegerAttr>(c.getValue()))
          return make(type, attr.getValue().getSExtValue());
        return fail("a constant is not a scalar integer");
      })
      .Case([&](arith::AddIOp) {
        return binary([](const APInt &a, const APInt &b) { return a + b; });
      })
      .Case([&](arith::SubIOp) {
        return binary([](const APInt &a, const APInt &b) { return a - b; });
      })
      .Case([&](arith::MulIOp) {
        return binary([](const APInt &a, const APInt &b) { return a * b; });
      })
      .Case([&](arith::DivUIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (failed(divisor(a, b, false)))
            return divFail();
          return a.udiv(b);
        });
      })
      .Case([&](arith::DivSIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (failed(divisor(a, b, true)))
            return divFail();
          return a.sdiv(b);
        });
      })
      .Case([&](arith::RemUIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (failed(divisor(a, b, false)))
            return divFail();
          return a.urem(b);
        });
      })
      .Case([&](arith::RemSIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (failed(divisor(a, b, true)))
            return divFail();
          return a.srem(b);
        });
      })
      .Case([&](arith::FloorDivSIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (failed(divisor(a, b, true)))
            return divFail();
          return llvm::APIntOps::RoundingSDiv(a, b, APInt::Rounding::DOWN);
        });
      })
      .Case([&](arith::CeilDivSIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (failed(divisor(a, b, true)))
            return divFail();
          return llvm::APIntOps::RoundingSDiv(a, b, APInt::Rounding::UP);
        });
      })
      .Case([&](arith::CeilDivUIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (failed(divisor(a, b, false)))
            return divFail();
          return llvm::APIntOps::RoundingUDiv(a, b, APInt::Rounding::UP);
        });
      })
      .Case([&](arith::AndIOp) {
        return binary([](const APInt &a, const APInt &b) { return a & b; });
      })
      .Case([&](arith::OrIOp) {
        return binary([](const APInt &a, const APInt &b) { return a | b; });
      })
      .Case([&](arith::XOrIOp) {
        return binary([](const APInt &a, const APInt &b) { return a ^ b; });
      })
      .Case([&](arith::ShLIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (b.uge(a.getBitWidth()))
            return shiftFail();
          return a.shl(b);
        });
      })
      .Case([&](arith::ShRUIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (b.uge(a.getBitWidth()))
            return shiftFail();
          return a.lshr(b);
        });
      })
      .Case([&](arith::ShRSIOp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          if (b.uge(a.getBitWidth()))
            return shiftFail();
          return a.ashr(b);
        });
      })
      .Case([&](arith::MinSIOp) {
        return binary(
            [](const APInt &a, const APInt &b) { return llvm::APIntOps::smin(a, b); });
      })
      .Case([&](arith::MinUIOp) {
        return binary(
            [](const APInt &a, const APInt &b) { return llvm::APIntOps::umin(a, b); });
      })
      .Case([&](arith::MaxSIOp) {
        return binary(
            [](const APInt &a, const APInt &b) { return llvm::APIntOps::smax(a, b); });
      })
      .Case([&](arith::MaxUIOp) {
        return binary(
            [](const APInt &a, const APInt &b) { return llvm::APIntOps::umax(a, b); });
      })
      .Case([&](arith::CmpIOp cmp) {
        return binary([&](const APInt &a, const APInt &b) -> FailureOr<APInt> {
          bool r = arith::applyCmpPredicate(cmp.getPredicate(), a, b);
          return APInt(1, r ? 1 : 0);
        });
      })
      .Case([&](arith::SelectOp select) -> FailureOr<APInt> {
        FailureOr<APInt> cond = eval(select.getCondition());
        if (failed(cond))
          return failure();
        return eval(cond->isZero() ? select.getFalseValue()
                                   : select.getTrueValue());
      })
      .Case([&](arith::IndexCastOp) { return convert(/*isSigned=*/true); })
      .Case([&](arith::IndexCastUIOp) { return convert(/*isSigned=*/false); })
      .Case([&](arith::ExtSIOp) { return convert(/*isSigned=*/true); })
      .Case([&](arith::ExtUIOp) { return convert(/*isSigned=*/false); })
      .Case([&](arith::TruncIOp) { return convert(/*isSigned=*/false); })
      .Case([&](affine::AffineApplyOp apply) {
        return evalAffine(apply.getAffineMap(), apply.getMapOperands(),
                          /*takeMax=*/false, type);
      })
      .Case([&](affine::AffineMinOp min) {
        return evalAffine(min.getAffineMap(), min.getMapOperands(),
                          /*takeMax=*/false, type);
      })
      .Case([&](affine::AffineMaxOp max) {
        return evalAffine(max.getAffineMap(), max.getMapOperands(),
                          /*takeMax=*/true, type);
      })
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
      .Case([&](gpu::SubgroupSizeOp) { return make(type, kWarpSize); })
      .Case([&](gpu::BlockDimOp dim) -> FailureOr<APInt> {
        std::optional<int64_t> size =
            ctx.kernel->blockDim[static_cast<int>(dim.getDimension())];
        if (!size)
          return fail("the index depends on a block size that is not a "
                      "constant");
        return make(type, *size);
      })
      .Case([&](gpu::GridDimOp dim) -> FailureOr<APInt> {
        std::optional<int64_t> size =
            ctx.kernel->gridDim[static_cast<int>(dim.getDimension())];
        if (!size)
          return fail("the index depends on a grid size that is not a "
                      "constant");
        return make(type, *size);
      })
      .Default([&](Operation *other) -> FailureOr<APInt> {
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
        // A value read from memory differs from run to run: this is the
        // data-dependent case, and the analysis does not guess.
        if (hasEffect<MemoryEffects::Read>(other))
          return fail("the index depends on data loaded by '" +
                      other->getName().getStringRef() + "'");
        return fail("the index depends on the result of '" +
                    other->getName().getStringRef() +
                    "', which is not evaluated");
      });
}

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
    (void)fail("the layout of '" + text +
               "' is not a strided layout that can be evaluated");
    return failure();
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
      std::optional<int64_t> offset = mulAdd(result.offset, *off,
                                             src->strides[i]);
      std::optional<int64_t> stride = mulAdd(0, *step, src->strides[i]);
      if (!offset || !stride) {
        (void)fail("the address overflows");
        return failure();
      }
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

//===----------------------------------------------------------------------===//
// Which lanes run the access, and at which loop iterations
//===----------------------------------------------------------------------===//

/// Returns true when the lane of `ev` runs `access` at the iterations of its
/// context. A branch condition or loop bound that cannot be evaluated counts
/// as taken at iteration 0 and as not taken at later iterations, so only
/// iterations that provably exist are reported.
static bool isLaneActive(Operation *access, Operation *kernel,
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

/// Returns the induction variables of the loops around `access` (inside its
/// kernel) that each lane runs sequentially, outermost first. Loops mapped to
/// threads, lanes, warps or blocks are not: their iteration is fixed by the
/// lane.
static SmallVector<Value> getSequentialInductionVars(Operation *access,
                                                     Operation *kernel) {
  SmallVector<Value> ivs;
  for (Operation *p = access->getParentOp(); p && p != kernel;
       p = p->getParentOp()) {
    SmallVector<Value> here;
    if (auto forOp = dyn_cast<scf::ForOp>(p))
      here.push_back(forOp.getInductionVar());
    else if (auto forOp = dyn_cast<affine::AffineForOp>(p))
      here.push_back(forOp.getInductionVar());
    else if (auto par = dyn_cast<scf::ParallelOp>(p))
      llvm::append_range(here, par.getInductionVars());
    else if (auto forall = dyn_cast<scf::ForallOp>(p);
             forall && !forall.getMapping())
      llvm::append_range(here, forall.getInductionVars());
    ivs.insert(ivs.begin(), here.begin(), here.end());
  }
  return ivs;
}

//===----------------------------------------------------------------------===//
// The bank rules
//===----------------------------------------------------------------------===//

/// Returns the number of phases the hardware splits a warp access of
/// `bytesPerLane` bytes into, or nothing when it is not one instruction.
/// Up to 32 bits per lane the whole warp is served together. A 64-bit access
/// moves 256 bytes, twice what the 32 banks deliver in a cycle, so it runs as
/// two half-warps of 16 lanes; a 128-bit access as four quarter-warps of 8.
static std::optional<int64_t> getPhaseCount(int64_t bytesPerLane) {
  if (bytesPerLane >= 1 && bytesPerLane <= 4)
    return 1;
  if (bytesPerLane == 8)
    return 2;
  if (bytesPerLane == 16)
    return 4;
  return std::nullopt;
}

namespace {
/// Passes and worst conflict of one warp access at one set of iterations.
struct PhaseCost {
  int64_t passes = 0;
  int64_t ways = 0;
};
} // namespace

/// Applies the bank rules to the byte addresses of the lanes (nothing for an
/// inactive lane). Within a phase each bank needs one pass per distinct word
/// it holds: lanes on the same word share it (broadcast), other words in the
/// same bank wait. A phase costs its busiest bank; the access, the sum.
static PhaseCost
countPasses(ArrayRef<std::optional<int64_t>> laneAddresses,
            int64_t bytesPerLane, int64_t phases) {
  PhaseCost cost;
  int64_t lanesPerPhase = kWarpSize / phases;
  for (int64_t phase = 0; phase < phases; ++phase) {
    DenseMap<int64_t, llvm::SmallDenseSet<int64_t, 4>> wordsPerBank;
    int64_t begin = phase * lanesPerPhase;
    int64_t end = std::min<int64_t>(begin + lanesPerPhase,
                                    laneAddresses.size());
    for (int64_t lane = begin; lane < end; ++lane) {
      if (!laneAddresses[lane])
        continue;
      int64_t first = llvm::divideFloorSigned(*laneAddresses[lane],
                                              kSharedMemoryBankBytes);
      int64_t last = llvm::divideFloorSigned(
          *laneAddresses[lane] + bytesPerLane - 1, kSharedMemoryBankBytes);
      for (int64_t word = first; word <= last; ++word) {
        int64_t bank = ((word % kSharedMemoryBanks) + kSharedMemoryBanks) %
                       kSharedMemoryBanks;
        wordsPerBank[bank].insert(word);
      }
    }
    int64_t busiest = 0;
    for (auto &entry : wordsPerBank)
      busiest = std::max<int64_t>(busiest, entry.second.size());
    cost.passes += busiest;
    cost.ways = std::max(cost.ways, busiest);
  }
  return cost;
}

/// Returns the byte address (from the start of the buffer the access views)
/// that the lane of `ev` accesses, or fails with the reason recorded in `ev`.
static FailureOr<int64_t> computeByteAddress(const AccessDesc &desc,
                                             LaneEvaluator &ev,
                                             int64_t elementBytes) {
  FailureOr<ConcreteLayout> layout = ev.resolveLayout(desc.memref);
  if (failed(layout))
    return failure();
  if (layout->strides.size() != desc.indices.size()) {
    (void)ev.fail("the index count does not match the memref rank");
    return failure();
  }
  // A vector moves consecutive elements of the innermost dimension; it is one
  // contiguous chunk only when that dimension has unit stride.
  if (desc.movesVector &&
      cast<VectorType>(desc.valueType).getNumElements() > 1 &&
      (layout->strides.empty() || layout->strides.back() != 1)) {
    (void)ev.fail("the vector runs along a dimension with a non-unit stride");
    return failure();
  }
  int64_t element = layout->offset;
  for (auto [index, stride] : llvm::zip(desc.indices, layout->strides)) {
    FailureOr<int64_t> i = ev.evalInt(index);
    if (failed(i))
      return failure();
    int64_t term;
    if (llvm::MulOverflow(*i, stride, term) ||
        llvm::AddOverflow(element, term, element)) {
      (void)ev.fail("the address overflows");
      return failure();
    }
  }
  int64_t bytes;
  if (llvm::MulOverflow(element, elementBytes, bytes)) {
    (void)ev.fail("the address overflows");
    return failure();
  }
  return bytes;
}

FailureOr<SharedAccessCost>
mlir::uop::analyzeSharedAccess(Operation *access,
                               const BankConflictOptions &options,
                               std::string *whyNot) {
  auto reject = [&](const Twine &why) -> FailureOr<SharedAccessCost> {
    if (whyNot)
      *whyNot = why.str();
    return failure();
  };
  std::optional<AccessDesc> desc = describeAccess(access);
  if (!desc)
    return reject("the op is not a load or store of shared memory");
  if (!desc->unsupported.empty())
    return reject(desc->unsupported);
  Operation *kernel = getEnclosingKernel(access);
  if (!kernel)
    return reject("the access is not inside a kernel");

  KernelInfo info = getKernelInfo(kernel);
  int64_t threads = 1;
  for (std::optional<int64_t> dim : info.blockDim) {
    if (!dim)
      return reject("the block size of the kernel is not a constant");
    if (*dim <= 0)
      return reject("the block size of the kernel is not positive");
    threads *= std::min<int64_t>(*dim, kWarpSize);
  }
  int64_t lanes = std::min<int64_t>(threads, kWarpSize);

  // Bytes per lane: a vector moves all its elements, contiguously.
  auto memrefType = cast<MemRefType>(desc->memref.getType());
  DataLayout dataLayout = DataLayout::closest(access);
  Type elementType = memrefType.getElementType();
  int64_t elementBytes = dataLayout.getTypeSize(elementType).getFixedValue();
  int64_t bytesPerLane = elementBytes;
  if (desc->movesVector) {
    auto vec = cast<VectorType>(desc->valueType);
    if (vec.isScalable())
      return reject("scalable vectors are not modeled");
    bytesPerLane = vec.getNumElements() * elementBytes;
  }
  std::optional<int64_t> phases = getPhaseCount(bytesPerLane);
  if (!phases)
    return reject("a " + Twine(bytesPerLane) +
                  "-byte access per lane is not one shared-memory "
                  "instruction and is not modeled");

  // Decide how many iterations of each sequential loop to try; inner loops
  // (where the index usually changes fastest) get them first.
  SmallVector<Value> ivs = getSequentialInductionVars(access, kernel);
  SmallVector<int64_t> counts(ivs.size(), 1);
  int64_t combinations = 1;
  int64_t perLoop = std::max<int64_t>(1, options.loopIterations);
  for (int64_t i = static_cast<int64_t>(ivs.size()) - 1; i >= 0; --i) {
    if (combinations * perLoop > kMaxIterationCombinations)
      break;
    counts[i] = perLoop;
    combinations *= perLoop;
  }

  SharedAccessCost worst;
  worst.phases = *phases;
  worst.bytesPerLane = bytesPerLane;
  DenseMap<Value, int64_t> iterations;
  SmallVector<int64_t> odometer(ivs.size(), 0);
  while (true) {
    for (auto [iv, j] : llvm::zip(ivs, odometer))
      iterations[iv] = j;
    SmallVector<std::optional<int64_t>> addresses(lanes);
    int64_t active = 0;
    for (int64_t lane = 0; lane < lanes; ++lane) {
      // CUDA numbers the threads of a block x fastest: warp 0 holds linear
      // ids 0..31, linear id = tx + ty * bdx + tz * bdx * bdy.
      int64_t bdx = *info.blockDim[0], bdy = *info.blockDim[1];
      LaneContext ctx{&info,
                      lane,
                      {lane % bdx, (lane / bdx) % bdy, lane / (bdx * bdy)},
                      &iterations};
      LaneEvaluator ev(ctx);
      if (!isLaneActive(access, kernel, ev))
        continue;
      FailureOr<int64_t> address =
          computeByteAddress(*desc, ev, elementBytes);
      if (failed(address))
        return reject(ev.getReason());
      addresses[lane] = *address;
      ++active;
    }
    if (active > 0) {
      PhaseCost cost = countPasses(addresses, bytesPerLane, *phases);
      LLVM_DEBUG(llvm::dbgs() << "  iteration combination: " << cost.passes
                              << " passes, " << cost.ways << "-way, "
                              << active << " lanes\n");
      if (cost.passes > worst.passes ||
          (cost.passes == worst.passes && cost.ways > worst.conflictWays)) {
        worst.passes = cost.passes;
        worst.conflictWays = cost.ways;
        worst.activeLanes = active;
      }
    }
    // Next combination, innermost loop fastest.
    int64_t i = static_cast<int64_t>(ivs.size()) - 1;
    for (; i >= 0; --i) {
      if (++odometer[i] < counts[i])
        break;
      odometer[i] = 0;
    }
    if (i < 0)
      break;
  }
  return worst;
}

FailureOr<int64_t> mlir::uop::computeSharedAccessPasses(Operation *access) {
  FailureOr<SharedAccessCost> cost = analyzeSharedAccess(access);
  if (failed(cost))
    return failure();
  return cost->passes;
}

//===----------------------------------------------------------------------===//
// Remarks and the pass
//===----------------------------------------------------------------------===//

/// Formats "N pass(es) per warp access (…)" for `cost`.
static std::string describeCost(const SharedAccessCost &cost) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << cost.passes << (cost.passes == 1 ? " pass" : " passes")
     << " per warp access (";
  if (cost.phases > 1)
    os << cost.phases << " phases of " << kWarpSize / cost.phases
       << " lanes, ";
  if (cost.conflictWays <= 1)
    os << "conflict-free)";
  else
    os << cost.conflictWays << "-way bank conflict)";
  return text;
}

void mlir::uop::emitBankConflictRemarks(Operation *root,
                                        const BankConflictOptions &options,
                                        bool emitSummary) {
  root->walk([&](Operation *kernel) {
    if (!isa<gpu::LaunchOp, gpu::GPUFuncOp>(kernel) ||
        !getKernelBody(kernel))
      return;
    if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel); func && !func.isKernel())
      return;
    int64_t accesses = 0, notEvaluated = 0;
    std::optional<SharedAccessCost> worst;
    Operation *worstOp = nullptr;
    kernel->walk([&](Operation *op) {
      std::optional<AccessDesc> desc = describeAccess(op);
      if (!desc || getEnclosingKernel(op) != kernel)
        return;
      ++accesses;
      std::string prefix = (Twine("shared ") +
                            (desc->isStore ? "store" : "load") + " of '" +
                            getSharedBufferName(op) + "': ")
                               .str();
      std::string why;
      FailureOr<SharedAccessCost> cost = analyzeSharedAccess(op, options, &why);
      if (failed(cost)) {
        ++notEvaluated;
        op->emitRemark() << prefix
                         << "cannot evaluate the addresses of warp 0: " << why;
        return;
      }
      if (cost->activeLanes == 0) {
        op->emitRemark() << prefix << "not executed by warp 0";
        return;
      }
      op->emitRemark() << prefix << describeCost(*cost);
      if (!worst || cost->passes > worst->passes ||
          (cost->passes == worst->passes &&
           cost->conflictWays > worst->conflictWays)) {
        worst = *cost;
        worstOp = op;
      }
    });
    if (!emitSummary)
      return;
    InFlightDiagnostic diag = kernel->emitRemark();
    diag << "shared-memory bank conflicts of warp 0: " << accesses
         << (accesses == 1 ? " access" : " accesses");
    if (worst)
      diag << ", worst " << describeCost(*worst);
    if (notEvaluated)
      diag << ", " << notEvaluated << " not evaluated";
    if (worstOp)
      diag.attachNote(worstOp->getLoc()) << "worst access here";
  });
}

namespace {
struct UopBankConflictsPass
    : public mlir::uop::impl::UopBankConflictsBase<UopBankConflictsPass> {
  using Base::Base;

  void runOnOperation() override {
    BankConflictOptions options;
    options.loopIterations = loopIterations;
    emitBankConflictRemarks(getOperation(), options, emitSummary);
    markAllAnalysesPreserved();
  }
};
} // namespace
