//===- GPUOps.cpp - uop-sim handlers for the gpu dialect ------------------===//
//
// Kernel launches (gpu.launch and gpu.launch_func), thread, block, warp
// (subgroup) and lane ids, barriers and workgroup attributions. Every form
// of a kernel the lowering produces runs through `Interpreter::launch`, so
// all stages see the same lockstep semantics. The uop ops' handlers are in
// lib/Sim/Uop/.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

/// The x/y/z operand values as uniform integers.
LogicalResult dims(Interpreter &I, Operation *op, gpu::KernelDim3 d,
                   std::array<int64_t, 3> &out) {
  Value vals[3] = {d.x, d.y, d.z};
  for (int i = 0; i < 3; ++i) {
    FailureOr<int64_t> v = I.getUniformInt(op, vals[i]);
    if (failed(v))
      return failure();
    out[i] = *v;
  }
  return success();
}

/// Binds workgroup attributions to the block's shared buffers and private
/// attributions to per-thread buffers.
LogicalResult bindAttributions(Interpreter &I, Operation *op,
                               ArrayRef<BlockArgument> workgroup,
                               ArrayRef<BlockArgument> priv) {
  for (BlockArgument arg : workgroup) {
    auto type = cast<MemRefType>(arg.getType());
    FailureOr<Buffer *> b = I.getSharedBuffer(
        op, arg.getAsOpaquePointer(), type, I.nameOf(arg));
    if (failed(b))
      return failure();
    Interpreter::describe(I.def(arg), *b, type.getShape());
  }
  for (BlockArgument arg : priv) {
    auto type = cast<MemRefType>(arg.getType());
    if (!type.hasStaticShape())
      return I.unsupported(op, "private attributions need a static shape");
    int64_t count = type.getNumElements();
    FailureOr<Buffer *> b =
        I.allocate(op, type.getElementType(), count * I.numLanes(), false,
                   I.nameOf(arg));
    if (failed(b))
      return failure();
    SimValue &v = I.def(arg);
    Interpreter::describe(v, *b, type.getShape());
    Word *o = v.setVarying(I.numLanes());
    for (unsigned l = 0; l < I.numLanes(); ++l)
      o[l].i = (int64_t)l * count;
  }
  return success();
}

void defineTokens(Interpreter &I, Operation *op) {
  for (Value r : op->getResults())
    I.def(r).setUniform(1)[0].i = 0;
}

LogicalResult launchOp(Interpreter &I, Operation *op) {
  auto l = cast<gpu::LaunchOp>(op);
  if (l.hasClusterSize())
    return I.unsupported(op, "thread block clusters are not supported");
  std::array<int64_t, 3> grid, block;
  if (failed(dims(I, op, l.getGridSizeOperandValues(), grid)) ||
      failed(dims(I, op, l.getBlockSizeOperandValues(), block)))
    return failure();
  LogicalResult r = I.launch(op, l.getBody(), grid, block, [&] {
    Interpreter::KernelState *ks = I.kernel();
    gpu::KernelDim3 bid = l.getBlockIds(), tid = l.getThreadIds(),
                    gs = l.getGridSize(), bs = l.getBlockSize();
    Value bids[3] = {bid.x, bid.y, bid.z}, tids[3] = {tid.x, tid.y, tid.z},
          gss[3] = {gs.x, gs.y, gs.z}, bss[3] = {bs.x, bs.y, bs.z};
    for (int d = 0; d < 3; ++d) {
      I.def(bids[d]).setUniform(1)[0].i = I.block()->blockId[d];
      I.def(tids[d]) = ks->tid[d];
      I.def(gss[d]).setUniform(1)[0].i = ks->gridDim[d];
      I.def(bss[d]).setUniform(1)[0].i = ks->blockDim[d];
    }
    return bindAttributions(I, op, l.getWorkgroupAttributions(),
                            l.getPrivateAttributions());
  });
  defineTokens(I, op);
  return r;
}

LogicalResult launchFuncOp(Interpreter &I, Operation *op) {
  auto l = cast<gpu::LaunchFuncOp>(op);
  if (l.hasClusterSize())
    return I.unsupported(op, "thread block clusters are not supported");
  auto kernel = dyn_cast_or_null<gpu::GPUFuncOp>(
      SymbolTable::lookupNearestSymbolFrom(op, l.getKernel()));
  if (!kernel || kernel.getBody().empty())
    return I.unsupported(op, "kernel not found");
  std::array<int64_t, 3> grid, block;
  if (failed(dims(I, op, l.getGridSizeOperandValues(), grid)) ||
      failed(dims(I, op, l.getBlockSizeOperandValues(), block)))
    return failure();
  SmallVector<SimValue, 8> args;
  for (Value v : l.getKernelOperands())
    args.push_back(I.get(v));
  if (args.size() != kernel.getNumArguments())
    return I.unsupported(op, "kernel argument count mismatch");
  LogicalResult r = I.launch(op, kernel.getBody(), grid, block, [&] {
    for (auto [arg, v] : llvm::zip(kernel.getArguments(), args))
      I.def(arg) = v;
    return bindAttributions(I, op, kernel.getWorkgroupAttributions(),
                            kernel.getPrivateAttributions());
  });
  defineTokens(I, op);
  return r;
}

/// Handlers of ops that read the kernel and block state; on the host they
/// are bad input.
template <typename Fn>
LogicalResult kernelQuery(Interpreter &I, Operation *op, Fn fn) {
  Interpreter::KernelState *ks = I.kernel();
  if (!ks || !I.isInKernel() || !I.block())
    return I.unsupported(op, "used outside of a kernel");
  fn(*ks, I.def(op->getResult(0)));
  return success();
}

int dimIndex(Operation *op) {
  auto d = op->getAttrOfType<gpu::DimensionAttr>("dimension");
  return d ? (int)d.getValue() : 0;
}

LogicalResult threadIdOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &ks, SimValue &r) {
    r = ks.tid[d];
  });
}
LogicalResult blockIdOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &ks, SimValue &r) {
    r.setUniform(1)[0].i = I.block()->blockId[d];
  });
}
LogicalResult blockDimOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &ks, SimValue &r) {
    r.setUniform(1)[0].i = ks.blockDim[d];
  });
}
LogicalResult gridDimOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &ks, SimValue &r) {
    r.setUniform(1)[0].i = ks.gridDim[d];
  });
}
LogicalResult globalIdOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &ks, SimValue &r) {
    r = ks.tid[d];
    for (Word &w : r.data)
      w.i += I.block()->blockId[d] * ks.blockDim[d];
  });
}

// A subgroup is a warp (BlockState.h): lane_id is the lane in the warp,
// subgroup_id the warp in the block.

LogicalResult laneIdOp(Interpreter &I, Operation *op) {
  return kernelQuery(I, op, [&](Interpreter::KernelState &, SimValue &r) {
    Word *o = r.setVarying(I.numLanes());
    for (unsigned l = 0; l < I.numLanes(); ++l)
      o[l].i = I.laneInWarp(l);
  });
}
LogicalResult subgroupIdOp(Interpreter &I, Operation *op) {
  return kernelQuery(I, op, [&](Interpreter::KernelState &, SimValue &r) {
    Word *o = r.setVarying(I.numLanes());
    for (unsigned l = 0; l < I.numLanes(); ++l)
      o[l].i = I.warpOf(l);
  });
}
LogicalResult subgroupSizeOp(Interpreter &I, Operation *op) {
  return kernelQuery(I, op, [&](Interpreter::KernelState &, SimValue &r) {
    r.setUniform(1)[0].i = I.getWarpSize();
  });
}
LogicalResult numSubgroupsOp(Interpreter &I, Operation *op) {
  return kernelQuery(I, op, [&](Interpreter::KernelState &, SimValue &r) {
    r.setUniform(1)[0].i = I.numWarps();
  });
}

LogicalResult barrierOp(Interpreter &I, Operation *op) {
  I.barrier(op);
  return success();
}

LogicalResult noOp(Interpreter &, Operation *) { return success(); }

} // namespace

void mlir::uop::sim::registerGPUHandlers(HandlerRegistry &r) {
  r.add<gpu::LaunchOp>(launchOp);
  r.add<gpu::LaunchFuncOp>(launchFuncOp);
  r.add<gpu::ThreadIdOp>(threadIdOp);
  r.add<gpu::BlockIdOp>(blockIdOp);
  r.add<gpu::BlockDimOp>(blockDimOp);
  r.add<gpu::GridDimOp>(gridDimOp);
  r.add<gpu::GlobalIdOp>(globalIdOp);
  r.add<gpu::LaneIdOp>(laneIdOp);
  r.add<gpu::SubgroupIdOp>(subgroupIdOp);
  r.add<gpu::SubgroupSizeOp>(subgroupSizeOp);
  r.add<gpu::NumSubgroupsOp>(numSubgroupsOp);
  r.add<gpu::BarrierOp>(barrierOp);
  r.add<gpu::TerminatorOp, gpu::ReturnOp, gpu::GPUModuleOp, gpu::GPUFuncOp>(
      noOp);
}
