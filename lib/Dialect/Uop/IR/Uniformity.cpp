//===- Uniformity.cpp - which values differ between threads ---------------===//
//
// A small, conservative uniformity analysis over the kernel forms uop accepts
// (gpu.launch bodies and kernel gpu.funcs with structured control flow). It
// answers one question for the barrier verifier and the passes that place
// barriers: can this value, or this control flow, differ between the threads
// of one block? Thread and lane ids are the sources of divergence; everything
// derived from them (through operands, loop-carried values and region yields)
// is divergent too. Block ids, grid and block sizes, kernel arguments and
// constants are uniform.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::uop;

/// Returns true when `attrs` holds a mapping of loop dimensions to threads,
/// warps or lanes (so the loop is distributed over the block, not run by
/// each thread).
static bool isThreadMapping(std::optional<ArrayAttr> attrs) {
  if (!attrs)
    return false;
  return llvm::any_of(*attrs, [](Attribute a) {
    return isa<gpu::GPUThreadMappingAttr, gpu::GPUWarpMappingAttr,
               gpu::GPUWarpgroupMappingAttr, gpu::GPULaneMappingAttr>(a);
  });
}

namespace {
/// Memoized, cycle-safe walk of the def-use graph upwards. A value that is
/// reached again while its own answer is being computed (a loop-carried
/// value) is taken as uniform for that path: the other paths into it decide.
class UniformityQuery {
public:
  bool isDependent(Value v) {
    auto it = cache.find(v);
    if (it != cache.end())
      return it->second;
    cache[v] = false;
    bool result = compute(v);
    cache[v] = result;
    return result;
  }

private:
  bool anyDependent(ValueRange values) {
    return llvm::any_of(values, [&](Value v) { return isDependent(v); });
  }

  /// A value produced by a region-holding op depends on the op's operands and
  /// on what its regions yield.
  bool regionOpDependent(Operation *op) {
    if (anyDependent(op->getOperands()))
      return true;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (Operation *term = block.getTerminator())
          if (anyDependent(term->getOperands()))
            return true;
    return false;
  }

  bool compute(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (!owner)
        return false;
      if (auto launch = dyn_cast<gpu::LaunchOp>(owner)) {
        gpu::KernelDim3 tid = launch.getThreadIds();
        return v == tid.x || v == tid.y || v == tid.z;
      }
      if (isa<gpu::GPUFuncOp, FunctionOpInterface>(owner))
        return false;
      // A loop counter is as uniform as the loop bounds; the loop-carried
      // values (per-thread accumulators) do not make it vary.
      if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
        if (v == forOp.getInductionVar())
          return anyDependent(
              {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()});
      }
      if (auto forall = dyn_cast<scf::ForallOp>(owner)) {
        if (isThreadMapping(forall.getMapping()) &&
            llvm::is_contained(forall.getInductionVars(), v))
          return true;
      }
      return regionOpDependent(owner);
    }
    Operation *op = v.getDefiningOp();
    if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::GlobalIdOp,
            gpu::ShuffleOp>(op))
      return true;
    // Raw NVVM special registers that name a thread, lane or warp.
    StringRef name = op->getName().getStringRef();
    if (name.starts_with("nvvm.read.ptx.sreg.tid") ||
        name == "nvvm.read.ptx.sreg.laneid" ||
        name == "nvvm.read.ptx.sreg.warpid")
      return true;
    if (op->getNumRegions() != 0)
      return regionOpDependent(op);
    // Memory: a read of per-thread memory varies whatever its address; a
    // read of shared or global memory at a uniform address does not.
    // Anything else with effects (atomics, calls, allocations) may return a
    // different value to each thread.
    if (!isMemoryEffectFree(op)) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects || !effects.onlyHasEffect<MemoryEffects::Read>())
        return true;
      for (Value operand : op->getOperands())
        if (isa<MemRefType>(operand.getType()) && isPerThreadMemory(operand))
          return true;
    }
    return anyDependent(op->getOperands());
  }

  /// Returns true when `memref` is storage of one thread: an alloca, an
  /// allocation made by the kernel's code, or private memory.
  static bool isPerThreadMemory(Value memref) {
    while (true) {
      auto type = dyn_cast<MemRefType>(memref.getType());
      if (auto space =
              dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace()))
        if (space.getValue() == gpu::AddressSpace::Private)
          return true;
      Operation *def = memref.getDefiningOp();
      if (!def)
        return false;
      if (isa<memref::AllocaOp>(def))
        return true;
      if (isa<memref::AllocOp>(def))
        return getEnclosingKernel(def) != nullptr;
      auto view = dyn_cast<ViewLikeOpInterface>(def);
      if (!view)
        return false;
      memref = view.getViewSource();
    }
  }

  llvm::DenseMap<Value, bool> cache;
};
} // namespace

bool mlir::uop::isThreadDependent(Value value) {
  return UniformityQuery().isDependent(value);
}

/// Returns true when `forall` (mapped to threads) runs one iteration on each
/// thread of its block: its loops map to distinct #gpu.thread dimensions,
/// start at 0 with step 1, and their trip counts are the block's constant
/// sizes along those dimensions (1 along the others).
static bool coversBlockExactly(scf::ForallOp forall) {
  Operation *kernel = getEnclosingKernel(forall);
  std::optional<std::array<int64_t, 3>> known = getKnownBlockSize(kernel);
  if (!known)
    return false;
  std::array<int64_t, 3> block = *known;
  std::optional<ArrayAttr> mapping = forall.getMapping();
  std::optional<SmallVector<int64_t>> lbs =
      getConstantIntValues(forall.getMixedLowerBound());
  std::optional<SmallVector<int64_t>> ubs =
      getConstantIntValues(forall.getMixedUpperBound());
  std::optional<SmallVector<int64_t>> steps =
      getConstantIntValues(forall.getMixedStep());
  if (!mapping || !lbs || !ubs || !steps)
    return false;
  std::array<int64_t, 3> covered = {1, 1, 1};
  std::array<bool, 3> seen = {false, false, false};
  for (auto [attr, lb, ub, step] : llvm::zip(*mapping, *lbs, *ubs, *steps)) {
    auto thread = dyn_cast<gpu::GPUThreadMappingAttr>(attr);
    if (!thread || lb != 0 || step != 1)
      return false;
    int64_t d = int64_t(thread.getMappingId());
    if (d > 2 || seen[d])
      return false;
    seen[d] = true;
    covered[d] = ub;
  }
  return covered == block;
}

Operation *mlir::uop::findDivergentAncestor(Operation *op) {
  UniformityQuery query;
  auto dependent = [&](ValueRange values) {
    return llvm::any_of(values, [&](Value v) { return query.isDependent(v); });
  };
  for (Operation *cur = op; cur; cur = cur->getParentOp()) {
    Operation *parent = cur->getParentOp();
    if (!parent || isa<gpu::LaunchOp, gpu::GPUFuncOp>(parent))
      // The kernel entry itself is reached by every thread; only unstructured
      // control flow inside it could diverge.
      return parent && !cur->getParentRegion()->hasOneBlock() ? parent
                                                              : nullptr;
    if (!cur->getParentRegion()->hasOneBlock())
      return parent;
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      if (query.isDependent(ifOp.getCondition()))
        return parent;
      continue;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      if (query.isDependent(whileOp.getConditionOp().getCondition()))
        return parent;
      continue;
    }
    // Loops: only the bounds decide which threads run an iteration; the
    // loop-carried values are per thread and do not matter here.
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (dependent(
              {forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep()}))
        return parent;
      continue;
    }
    if (auto forall = dyn_cast<scf::ForallOp>(parent)) {
      // A loop distributed over the threads is entered by all of them only
      // when it has exactly one iteration per thread of the block.
      if (isThreadMapping(forall.getMapping())) {
        if (coversBlockExactly(forall))
          continue;
        return parent;
      }
      if (dependent(forall.getDynamicLowerBound()) ||
          dependent(forall.getDynamicUpperBound()) ||
          dependent(forall.getDynamicStep()))
        return parent;
      continue;
    }
    if (auto par = dyn_cast<scf::ParallelOp>(parent)) {
      if (dependent(par.getLowerBound()) || dependent(par.getUpperBound()) ||
          dependent(par.getStep()))
        return parent;
      continue;
    }
    // scf.index_switch, scf.execute_region and any other region op:
    // divergent when one of its operands (selector) is.
    if (dependent(parent->getOperands()))
      return parent;
  }
  return nullptr;
}
