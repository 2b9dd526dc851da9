//===- VerifyLaunch.cpp - uop-verify-launch pass --------------------------===//
//
// Checks the kernels of the input against the launch limits of the module's
// target before anything is compiled from them. A hand-written gpu.launch
// with a block of 0 or 2048 threads or a grid of 2^40 blocks would
// otherwise compile and carry those sizes into the launch configuration; a
// uop.matmul whose `threads` are not the block's shape would be lowered to
// reads outside its tiles. A launch with thread-block clusters needs a chip
// that has them, at most 8 blocks a cluster and a grid of whole clusters.
//
// It also refuses the synchronization ops of a kernel that the NVVM lowering
// cannot take, naming the op and the reason, where the lowering would fail
// much later in upstream terms ("failed to legalize", an unrealized cast, an
// NVVM operand type): atomics PTX has no instruction for, block reductions of
// values that are not 32- or 64-bit words, subgroup reductions, gpu.func
// parameters of types without an LLVM type (none, tensor, tuple), and
// shared buffers (uop.alloc_shared, workgroup and private attributions)
// whose element type has no LLVM form (tf32: the gpu.func lowering would
// crash on it).
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/PTX.h"
#include "Uop/Transforms/Passes.h"

#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPVERIFYLAUNCH
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

LogicalResult mlir::uop::verifyMatmulThreads(MatmulOp op) {
  std::optional<std::array<int64_t, 3>> block = getKnownBlockSize(op);
  if (!block)
    return success();
  // threads = [along M, along N]: the block is threads[1] x threads[0]
  // (x runs along N), one layer deep.
  ArrayRef<int64_t> threads = op.getThreads();
  if ((*block)[0] != threads[1] || (*block)[1] != threads[0] ||
      (*block)[2] != 1)
    return op.emitOpError("expected a block of ")
           << threads[1] << "x" << threads[0] << "x1 threads for threads = ["
           << threads[0] << ", " << threads[1] << "], got " << (*block)[0]
           << "x" << (*block)[1] << "x" << (*block)[2];
  return success();
}

/// The atomic_rmw kinds that read as integers (the rest are float kinds).
static bool isIntegerAtomicKind(arith::AtomicRMWKind kind) {
  switch (kind) {
  case arith::AtomicRMWKind::addi:
  case arith::AtomicRMWKind::andi:
  case arith::AtomicRMWKind::maxs:
  case arith::AtomicRMWKind::maxu:
  case arith::AtomicRMWKind::mins:
  case arith::AtomicRMWKind::minu:
  case arith::AtomicRMWKind::muli:
  case arith::AtomicRMWKind::ori:
  case arith::AtomicRMWKind::xori:
    return true;
  default:
    return false;
  }
}

LogicalResult mlir::uop::verifyLowerableSyncOp(Operation *op) {
  if (auto atomic = dyn_cast<memref::AtomicRMWOp>(op)) {
    arith::AtomicRMWKind kind = atomic.getKind();
    // PTX's atom and red have add, min, max, exchange and the bitwise ops,
    // but no multiply; the lowering leaves an unrealized cast behind.
    if (kind == arith::AtomicRMWKind::mulf ||
        kind == arith::AtomicRMWKind::muli)
      return atomic.emitOpError("expected an atomic PTX has (add, min, max, "
                                "exchange, and, or, xor), got ")
             << arith::stringifyAtomicRMWKind(kind)
             << ": there is no atomic multiply";
    // The op's verifier lets a float kind through on an integer (maxnumf on
    // i32); LLVM's atomicrmw does not.
    Type type = atomic.getValue().getType();
    if (kind != arith::AtomicRMWKind::assign &&
        isIntegerAtomicKind(kind) != type.isIntOrIndex())
      return atomic.emitOpError("expected ")
             << (type.isIntOrIndex() ? "an integer" : "a float")
             << " atomic kind for " << type << ", got "
             << arith::stringifyAtomicRMWKind(kind);
    return success();
  }
  if (auto atomic = dyn_cast<memref::GenericAtomicRMWOp>(op)) {
    // The lowering is a compare-and-swap loop on the element's bits, which
    // LLVM's cmpxchg takes as an integer only.
    Type type = atomic.getResult().getType();
    if (!type.isIntOrIndex())
      return atomic.emitOpError("expected an integer element type for the "
                                "compare-and-swap loop, got ")
             << type;
    // The lowering moves the body into the loop and loses a yielded value
    // defined outside it.
    Value yielded = atomic.getBody()->getTerminator()->getOperand(0);
    if (!atomic.getRegion().isAncestor(yielded.getParentRegion()))
      return atomic.emitOpError(
          "expected the yielded value to be computed in the body, got one "
          "defined outside it (compute it from the current value, or use "
          "memref.atomic_rmw assign)");
    return success();
  }
  if (auto reduce = dyn_cast<gpu::AllReduceOp>(op)) {
    // The block reduction is a butterfly of 32-bit shuffles (a 64-bit value
    // takes two); narrower values have no shuffle.
    Type type = reduce.getType();
    unsigned width = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
    if (width != 32 && width != 64)
      return reduce.emitOpError("expected a 32- or 64-bit integer or float, "
                                "got ")
             << type << ": the reduction shuffles 32-bit words";
    return success();
  }
  if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op))
    return reduce.emitOpError("is not supported by uop's NVVM lowering: "
                              "expected gpu.all_reduce (a block) or "
                              "gpu.shuffle (a warp)");
  return success();
}

/// True for the types the LLVM lowering gives a kernel parameter: scalars,
/// vectors and memrefs of them, complex numbers, LLVM's own types, and the
/// TMA tensor maps convert-uop-to-nvgpu adds (a pointer in the llvm stage).
static bool isLowerableParamType(Type type) {
  if (type.isIntOrIndexOrFloat() || isa<ComplexType>(type) ||
      isa<nvgpu::TensorMapDescriptorType>(type))
    return true;
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getElementType().isIntOrIndexOrFloat();
  if (auto memref = dyn_cast<MemRefType>(type))
    return isLowerableParamType(memref.getElementType());
  return type.getDialect().getNamespace() == "llvm";
}

LogicalResult mlir::uop::verifyKernelParams(gpu::GPUFuncOp func) {
  // A parameter of another type (none, tensor, tuple) has no LLVM type:
  // the conversion of the whole gpu.func fails ("failed to legalize").
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
    if (!isLowerableParamType(type))
      return func.emitOpError("expected parameters of integer, float, "
                              "vector or memref type, got ")
             << type << " for parameter " << i;
  return success();
}

/// Refuses a buffer of a kernel (`what`, of `type`, at `op`) whose element
/// type `converter` has no LLVM type for.
static LogicalResult verifyBufferElement(Operation *op, StringRef what,
                                         Type type,
                                         const LLVMTypeConverter &converter) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || converter.convertType(memref.getElementType()))
    return success();
  return op->emitOpError("expected ")
         << what << " of an element type with an LLVM form (integers, "
         << "index, f16, bf16, f32, f64, vectors of them), got "
         << memref.getElementType();
}

namespace {
struct UopVerifyLaunchPass
    : public mlir::uop::impl::UopVerifyLaunchBase<UopVerifyLaunchPass> {
  void runOnOperation() override {
    bool failedAny = false;
    // gpu.launch and gpu.launch_func name their sizes alike.
    auto checkSizes = [](auto launch) {
      SmallVector<Value, 3> grid = {launch.getGridSizeX(),
                                    launch.getGridSizeY(),
                                    launch.getGridSizeZ()};
      if (failed(verifyLaunchSizes(launch, grid,
                                   {launch.getBlockSizeX(),
                                    launch.getBlockSizeY(),
                                    launch.getBlockSizeZ()})))
        return true;
      return launch.hasClusterSize() &&
             failed(verifyClusterSizes(launch, grid,
                                       {launch.getClusterSizeX(),
                                        launch.getClusterSizeY(),
                                        launch.getClusterSizeZ()}));
    };
    LLVMTypeConverter converter(&getContext());
    getOperation()->walk([&](Operation *op) {
      if (auto alloc = dyn_cast<AllocSharedOp>(op)) {
        failedAny |= failed(verifyBufferElement(op, "a shared buffer",
                                                alloc.getType(), converter));
        return;
      }
      if (auto func = dyn_cast<gpu::GPUFuncOp>(op))
        for (ArrayRef<BlockArgument> attributions :
             {func.getWorkgroupAttributions(), func.getPrivateAttributions()})
          for (BlockArgument a : attributions)
            failedAny |= failed(verifyBufferElement(
                op, "workgroup and private attributions", a.getType(),
                converter));
      if (auto launch = dyn_cast<gpu::LaunchOp>(op))
        failedAny |= checkSizes(launch);
      else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
        failedAny |= checkSizes(launch);
      else if (auto matmul = dyn_cast<MatmulOp>(op))
        failedAny |= failed(verifyMatmulThreads(matmul));
      else if (auto func = dyn_cast<gpu::GPUFuncOp>(op))
        failedAny |= failed(verifyKernelParams(func));
      else
        failedAny |= failed(verifyLowerableSyncOp(op));
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
