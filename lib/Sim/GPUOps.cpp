//===- GPUOps.cpp - uop-sim handlers for the gpu dialect ------------------===//
//
// Kernel launches (gpu.launch and gpu.launch_func), thread, block, warp
// (subgroup) and lane ids, barriers, workgroup attributions and dynamic
// shared memory (the region gpu.dynamic_shared_memory names; memref.view
// makes typed buffers of it, MemRefOps.cpp). Every form
// of a kernel the lowering produces runs through `Interpreter::launch`, so
// all stages see the same lockstep semantics. The uop ops' handlers are in
// lib/Sim/Uop/.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

#include "Uop/Target/Targets.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

#include <map>
#include <tuple>

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
/// `func`, when given, is the kernel gpu.func whose attributions they are.
LogicalResult bindAttributions(Interpreter &I, Operation *op,
                               ArrayRef<BlockArgument> workgroup,
                               ArrayRef<BlockArgument> priv,
                               gpu::GPUFuncOp func = nullptr) {
  for (auto [i, arg] : llvm::enumerate(workgroup)) {
    auto type = cast<MemRefType>(arg.getType());
    // A kernel gpu.func's attribution may carry its alignment (llvm.align).
    uint64_t alignment = 0;
    if (func)
      if (auto align = dyn_cast_or_null<IntegerAttr>(
              func.getWorkgroupAttributionAttr(i, "llvm.align")))
        alignment = align.getValue().getZExtValue();
    FailureOr<Buffer *> b = I.getSharedBuffer(
        op, arg.getAsOpaquePointer(), type, I.nameOf(arg), alignment);
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

/// gpu.dynamic_shared_memory: the launch's dynamic shared memory as one
/// i8 buffer of the block, at its recorded alignment. memref.view makes
/// typed buffers of it (MemRefOps.cpp).
LogicalResult dynamicSharedMemoryOp(Interpreter &I, Operation *op) {
  Interpreter::KernelState *ks = I.kernel();
  if (!ks)
    return I.unsupported(op, "dynamic shared memory outside of a kernel");
  auto type = MemRefType::get({ks->dynamicSharedBytes},
                              IntegerType::get(op->getContext(), 8));
  FailureOr<Buffer *> b =
      I.getSharedBuffer(op, op, type, "dynamic shared memory",
                        ks->dynamicSharedAlignment);
  if (failed(b))
    return failure();
  Interpreter::describe(I.def(op->getResult(0)), *b, type.getShape());
  return success();
}

void defineTokens(Interpreter &I, Operation *op) {
  for (Value r : op->getResults())
    I.def(r).setUniform(1)[0].i = 0;
}

LogicalResult launchOp(Interpreter &I, Operation *op) {
  auto l = cast<gpu::LaunchOp>(op);
  std::array<int64_t, 3> grid, block, cluster = {1, 1, 1};
  if (failed(dims(I, op, l.getGridSizeOperandValues(), grid)) ||
      failed(dims(I, op, l.getBlockSizeOperandValues(), block)) ||
      (l.hasClusterSize() &&
       failed(dims(I, op, *l.getClusterSizeOperandValues(), cluster))))
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
    // The body's cluster arguments: the cluster's index in the grid and
    // the grid's clusters along each dimension (gpu.cluster_id and
    // gpu.cluster_dim, which kernel outlining makes of them; not the
    // launch's cluster size).
    if (std::optional<gpu::KernelDim3> cid = l.getClusterIds()) {
      gpu::KernelDim3 csz = *l.getClusterSize();
      Value cids[3] = {cid->x, cid->y, cid->z},
            cszs[3] = {csz.x, csz.y, csz.z};
      for (int d = 0; d < 3; ++d) {
        I.def(cids[d]).setUniform(1)[0].i = I.block()->clusterId[d];
        I.def(cszs[d]).setUniform(1)[0].i =
            ks->gridDim[d] / ks->clusterDim[d];
      }
    }
    return bindAttributions(I, op, l.getWorkgroupAttributions(),
                            l.getPrivateAttributions());
  }, cluster);
  defineTokens(I, op);
  return r;
}

LogicalResult launchFuncOp(Interpreter &I, Operation *op) {
  auto l = cast<gpu::LaunchFuncOp>(op);
  auto kernel = dyn_cast_or_null<gpu::GPUFuncOp>(
      SymbolTable::lookupNearestSymbolFrom(op, l.getKernel()));
  if (!kernel || kernel.getBody().empty())
    return I.unsupported(op, "kernel not found");
  std::array<int64_t, 3> grid, block, cluster = {1, 1, 1};
  if (failed(dims(I, op, l.getGridSizeOperandValues(), grid)) ||
      failed(dims(I, op, l.getBlockSizeOperandValues(), block)) ||
      (l.hasClusterSize() &&
       failed(dims(I, op, l.getClusterSizeOperandValues(), cluster))))
    return failure();
  SmallVector<SimValue, 8> args;
  for (Value v : l.getKernelOperands())
    args.push_back(I.get(v));
  if (args.size() != kernel.getNumArguments())
    return I.unsupported(op, "kernel argument count mismatch");
  // Dynamic shared memory: the launch's size, within the chip's limit per
  // block; its start aligned as the gpu.module records.
  int64_t dynamicBytes = 0;
  if (Value size = l.getDynamicSharedMemorySize()) {
    dynamicBytes = I.get(size).at(0).i;
    int64_t limit = uop::getTargetOrDefault(op).getMaxShared();
    if (dynamicBytes < 0 || dynamicBytes > limit)
      return I.unsupported(op, "expected dynamic shared memory of 0 to " +
                                   std::to_string(limit) +
                                   " bytes (the target's max_shared), got " +
                                   std::to_string(dynamicBytes));
  }
  uint64_t dynamicAlignment = 16;
  if (auto module = kernel->getParentOfType<gpu::GPUModuleOp>())
    if (auto a = module->getAttrOfType<IntegerAttr>(
            "uop.dynamic_shared_alignment"))
      dynamicAlignment = std::max<uint64_t>(16, a.getValue().getZExtValue());
  LogicalResult r = I.launch(op, kernel.getBody(), grid, block, [&] {
    I.kernel()->dynamicSharedBytes = dynamicBytes;
    I.kernel()->dynamicSharedAlignment = dynamicAlignment;
    for (auto [arg, v] : llvm::zip(kernel.getArguments(), args))
      I.def(arg) = v;
    return bindAttributions(I, op, kernel.getWorkgroupAttributions(),
                            kernel.getPrivateAttributions(), kernel);
  }, cluster);
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

// Clusters: the cluster's index in the grid and the grid's clusters, the
// block's index in its cluster and the cluster's blocks (1 and 0 without
// clusters, as on the hardware).
LogicalResult clusterIdOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &, SimValue &r) {
    r.setUniform(1)[0].i = I.block()->clusterId[d];
  });
}
LogicalResult clusterDimOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &ks, SimValue &r) {
    r.setUniform(1)[0].i = ks.gridDim[d] / ks.clusterDim[d];
  });
}
LogicalResult clusterBlockIdOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &, SimValue &r) {
    r.setUniform(1)[0].i = I.block()->clusterBlockId[d];
  });
}
LogicalResult clusterDimBlocksOp(Interpreter &I, Operation *op) {
  int d = dimIndex(op);
  return kernelQuery(I, op, [&](Interpreter::KernelState &ks, SimValue &r) {
    r.setUniform(1)[0].i = ks.clusterDim[d];
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

/// The first active lane (0 when none is).
unsigned firstActiveLane(Interpreter &I) {
  for (unsigned l = 0; l < I.numLanes(); ++l)
    if (I.isActive(l))
      return l;
  return 0;
}

/// a `kind` b for a block or warp reduction of values of type `type`: the
/// semantics of arith's op of the same name, rounded to the type.
Word reduceStep(gpu::AllReduceOperation kind, Word a, Word b, Type type) {
  unsigned bw = intWidthOf(type);
  Word r;
  auto fp = [&](double x) {
    r.f = roundToKind(x, kindOf(type));
    return r;
  };
  auto in = [&](IntResult x) {
    r.i = x.value;
    return r;
  };
  using K = gpu::AllReduceOperation;
  switch (kind) {
  case K::ADD:
    return isa<FloatType>(type) ? fp(a.f + b.f) : in(addi(a.i, b.i, bw));
  case K::MUL:
    return isa<FloatType>(type) ? fp(a.f * b.f) : in(muli(a.i, b.i, bw));
  case K::MINUI:
    return in(minui(a.i, b.i, bw));
  case K::MINSI:
    return in(minsi(a.i, b.i, bw));
  case K::MAXUI:
    return in(maxui(a.i, b.i, bw));
  case K::MAXSI:
    return in(maxsi(a.i, b.i, bw));
  case K::AND:
    return in(andi(a.i, b.i, bw));
  case K::OR:
    return in(ori(a.i, b.i, bw));
  case K::XOR:
    return in(xori(a.i, b.i, bw));
  case K::MINNUMF:
    return fp(std::fmin(a.f, b.f));
  case K::MAXNUMF:
    return fp(std::fmax(a.f, b.f));
  case K::MINIMUMF:
  case K::MAXIMUMF: {
    // NaN propagates, -0 < +0.
    bool isMax = kind == K::MAXIMUMF;
    if (std::isnan(a.f) || std::isnan(b.f))
      return fp(NAN);
    if (a.f == b.f)
      return std::signbit(a.f) == isMax ? b : a;
    return fp(isMax ? std::max(a.f, b.f) : std::min(a.f, b.f));
  }
  }
  return a;
}

/// gpu.all_reduce: every thread of the block gets the reduction of the
/// values of all threads. The lowering exchanges partial results through
/// shared memory between barriers, so every thread must reach it (a
/// divergent barrier fault otherwise) and it ends the race interval. The
/// values are combined in thread order (the hardware's tree order may round
/// a float sum differently); a reduction given as a region runs the region
/// on each pair.
LogicalResult allReduceOp(Interpreter &I, Operation *op) {
  auto red = cast<gpu::AllReduceOp>(op);
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "used outside of a kernel");
  Type type = red.getType();
  if (!type.isIntOrFloat())
    return I.unsupported(op, "expected an integer or float operand");
  I.barrier(op);
  const SimValue &v = I.get(red.getValue());
  std::optional<gpu::AllReduceOperation> kind = red.getOp();
  SimValue acc;
  bool first = true;
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    if (!I.isActive(l))
      continue;
    Word x = v.at(l);
    if (first) {
      acc.setUniform(1)[0] = x;
      first = false;
      continue;
    }
    if (kind) {
      acc.data[0] = reduceStep(*kind, acc.data[0], x, type);
      continue;
    }
    SimValue rhs;
    rhs.setUniform(1)[0] = x;
    SmallVector<SimValue, 1> results;
    if (failed(I.runRegion(red.getBody(), {acc, rhs}, results)))
      return failure();
    if (results.size() != 1)
      return I.unsupported(op, "expected the body to yield one value");
    acc.setUniform(1)[0] = results[0].at(firstActiveLane(I));
  }
  if (first)
    acc.setUniform(1)[0].i = 0;
  I.def(red.getResult()) = acc;
  return success();
}

/// gpu.subgroup_reduce: every lane gets the reduction of the active lanes of
/// its warp (or of its cluster of `cluster_size` lanes `cluster_stride`
/// apart), combined in lane order.
LogicalResult subgroupReduceOp(Interpreter &I, Operation *op) {
  auto red = cast<gpu::SubgroupReduceOp>(op);
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "used outside of a kernel");
  Type type = red.getType();
  if (!type.isIntOrFloat())
    return I.unsupported(op, "expected an integer or float operand");
  unsigned warp = I.getWarpSize();
  unsigned size = red.getClusterSize().value_or(warp);
  unsigned stride = red.getClusterStride();
  if (size == 0 || stride == 0 || (uint64_t)size * stride > warp)
    return I.unsupported(op, "expected a cluster within one warp");
  const SimValue &v = I.get(red.getValue());
  unsigned n = I.numLanes();
  // Lanes are grouped by (warp, span of size * stride lanes, lane % stride).
  auto key = [&](unsigned l) {
    unsigned lw = I.laneInWarp(l);
    return std::make_tuple(I.warpOf(l), lw / (size * stride), lw % stride);
  };
  std::map<std::tuple<unsigned, unsigned, unsigned>, Word> acc;
  for (unsigned l = 0; l < n; ++l) {
    if (!I.isActive(l))
      continue;
    auto [it, inserted] = acc.try_emplace(key(l), v.at(l));
    if (!inserted)
      it->second = reduceStep(red.getOp(), it->second, v.at(l), type);
  }
  Word *o = I.def(red.getResult()).setVarying(n);
  for (unsigned l = 0; l < n; ++l) {
    o[l].i = 0;
    if (I.isActive(l))
      o[l] = acc[key(l)];
  }
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
  r.add<gpu::ClusterIdOp>(clusterIdOp);
  r.add<gpu::ClusterDimOp>(clusterDimOp);
  r.add<gpu::ClusterBlockIdOp>(clusterBlockIdOp);
  r.add<gpu::ClusterDimBlocksOp>(clusterDimBlocksOp);
  r.add<gpu::LaneIdOp>(laneIdOp);
  r.add<gpu::SubgroupIdOp>(subgroupIdOp);
  r.add<gpu::SubgroupSizeOp>(subgroupSizeOp);
  r.add<gpu::NumSubgroupsOp>(numSubgroupsOp);
  r.add<gpu::BarrierOp>(barrierOp);
  r.add<gpu::DynamicSharedMemoryOp>(dynamicSharedMemoryOp);
  r.add<gpu::AllReduceOp>(allReduceOp);
  r.add<gpu::SubgroupReduceOp>(subgroupReduceOp);
  r.add<gpu::TerminatorOp, gpu::ReturnOp, gpu::YieldOp, gpu::GPUModuleOp,
        gpu::GPUFuncOp>(
      noOp);
}
