//===- VerifyLowered.cpp - what the NVPTX backend may be handed -----------===//
//
// The checks between the lowering and LLVM's NVPTX backend. The backend
// trusts its input: a launch of zero or 2^40 blocks goes into the launch
// configuration as it is, and IR the MLIR verifiers accept but the backend
// cannot select (a barrier outside any function, a GEP into a vector, an
// i0 or zero-sized parameter, an index-typed GEP operand) ends in a crash or
// an `LLVM ERROR`. These checks turn each of those into a diagnostic on the
// op, run by uop-check-lowered at the end of --uop-compile and by
// uop-translate before it serializes.
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/PTX.h"
#include "Uop/Target/Targets.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::uop;

LogicalResult mlir::uop::verifyLaunchSizes(Operation *op, ValueRange grid,
                                           ValueRange block) {
  TargetAttr target = getTargetOrDefault(op);
  ArrayRef<int64_t> maxGrid = target.getMaxGrid().asArrayRef();
  ArrayRef<int64_t> maxBlock = target.getMaxBlock().asArrayRef();
  static constexpr StringLiteral kDims[] = {"x", "y", "z"};
  // Only constant sizes can be checked before the launch; the hardware
  // refuses the others when they are out of range.
  auto check = [&](ValueRange sizes, ArrayRef<int64_t> limits,
                   StringRef what) -> LogicalResult {
    for (auto [d, size] : llvm::enumerate(sizes)) {
      std::optional<int64_t> value = getConstantIntValue(size);
      if (value && (*value < 1 || *value > limits[d]))
        return op->emitOpError("expected a ")
               << what << " size along " << kDims[d] << " between 1 and "
               << limits[d] << " (the limit of " << target.getChip()
               << "), got " << *value;
    }
    return success();
  };
  if (failed(check(grid, maxGrid, "grid")) ||
      failed(check(block, maxBlock, "block")))
    return failure();
  std::optional<int64_t> x = getConstantIntValue(block[0]);
  std::optional<int64_t> y = getConstantIntValue(block[1]);
  std::optional<int64_t> z = getConstantIntValue(block[2]);
  // Each factor is at most 1024 here: the product cannot overflow.
  if (x && y && z && *x * *y * *z > target.getMaxThreads())
    return op->emitOpError("expected at most ")
           << target.getMaxThreads() << " threads per block (the limit of "
           << target.getChip() << "), got " << *x << "x" << *y << "x" << *z
           << " = " << *x * *y * *z;
  return success();
}

LogicalResult mlir::uop::verifyClusterSizes(Operation *op, ValueRange grid,
                                            ValueRange cluster) {
  TargetAttr target = getTargetOrDefault(op);
  int64_t maxCluster = target.getMaxCluster();
  if (maxCluster <= 1)
    return op->emitOpError("expected a target with thread-block clusters "
                           "(sm_90 and newer), got ")
           << target.getChip();
  static constexpr StringLiteral kDims[] = {"x", "y", "z"};
  int64_t blocks = 1;
  bool known = true;
  for (auto [d, size] : llvm::enumerate(cluster)) {
    std::optional<int64_t> value = getConstantIntValue(size);
    if (!value) {
      known = false;
      continue;
    }
    if (*value < 1 || *value > maxCluster)
      return op->emitOpError("expected a cluster size along ")
             << kDims[d] << " between 1 and " << maxCluster
             << " (the portable cluster size of " << target.getChip()
             << "), got " << *value;
    blocks *= *value;
    std::optional<int64_t> g = getConstantIntValue(grid[d]);
    if (g && *g % *value != 0)
      return op->emitOpError("expected a grid that is a whole number of "
                             "clusters, got a grid size of ")
             << *g << " along " << kDims[d] << " for clusters of " << *value;
  }
  // Each factor is at most 8 here: the product cannot overflow.
  if (known && blocks > maxCluster)
    return op->emitOpError("expected at most ")
           << maxCluster << " blocks per cluster (the portable cluster size "
           << "of " << target.getChip() << "), got " << blocks;
  return success();
}

/// Returns true when `type` holds no bits: i0, or an aggregate with no
/// element (the NVPTX backend has no parameter or value of that type).
static bool isEmptyType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() == 0;
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return array.getNumElements() == 0 || isEmptyType(array.getElementType());
  if (auto st = dyn_cast<LLVM::LLVMStructType>(type))
    return !st.isOpaque() &&
           llvm::all_of(st.getBody(), [](Type t) { return isEmptyType(t); });
  return false;
}

/// Checks the GEP `gep`: its indices walk struct and array types only (LLVM
/// does not address an element of a vector through a GEP), and its dynamic
/// indices are integers.
static LogicalResult verifyGEP(LLVM::GEPOp gep) {
  for (Value index : gep.getDynamicIndices())
    if (!isa<IntegerType>(index.getType()))
      return gep.emitOpError("expected integer GEP indices, got ")
             << index.getType();
  Type type = gep.getElemType();
  // The first index steps over whole elements; the others go inside.
  size_t depth = gep.getIndices().size();
  for (size_t i = 1; i < depth; ++i) {
    if (isa<VectorType>(type))
      return gep.emitOpError("expected a GEP into a struct or array, got one "
                             "into the vector ")
             << type << "; use llvm.extractelement on a loaded vector";
    if (auto array = dyn_cast<LLVM::LLVMArrayType>(type)) {
      type = array.getElementType();
      continue;
    }
    auto st = dyn_cast<LLVM::LLVMStructType>(type);
    if (!st)
      break;
    auto constant = gep.getIndices()[i].dyn_cast<IntegerAttr>();
    if (!constant || constant.getInt() < 0 ||
        constant.getInt() >= int64_t(st.getBody().size()))
      break;
    type = st.getBody()[constant.getInt()];
  }
  return success();
}

LogicalResult mlir::uop::verifyLoweredModule(ModuleOp module) {
  bool failedAny = false;
  // A kernel still inline in its host function (a file of the kernel
  // stage given to the llvm stage): nothing lowered it.
  module.walk([&](gpu::LaunchOp launch) {
    mlir::emitError(launch.getLoc(),
                    "expected the kernels outlined into a gpu.module, got "
                    "a gpu.launch: this is a file of the kernel stage; run "
                    "the gpu and nvgpu stages first (--uop-stage-gpu, "
                    "--uop-stage-nvgpu), or --uop-compile");
    failedAny = true;
  });
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    for (Operation &top : gpuModule.getBody()->getOperations()) {
      // What may stand at the top of a gpu.module: symbols. Code (a barrier,
      // an arithmetic op) has no function to run in.
      if (!isa<LLVM::LLVMDialect, NVVM::NVVMDialect>(top.getDialect()))
        continue; // reported below as not lowered
      if (!isa<LLVM::LLVMFuncOp, LLVM::GlobalOp, LLVM::ComdatOp,
               LLVM::AliasOp>(top)) {
        top.emitOpError("expected to be in an llvm.func, got it at the top "
                        "of the gpu.module");
        failedAny = true;
      }
    }
    gpuModule.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa<LLVM::LLVMDialect, NVVM::NVVMDialect>(op->getDialect())) {
        op->emitError("'") << op->getName()
                           << "' was not lowered to LLVM/NVVM: the kernel "
                              "cannot become PTX";
        failedAny = true;
        return WalkResult::skip();
      }
      if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op)) {
        LLVM::LLVMFunctionType type = func.getFunctionType();
        for (auto [i, param] : llvm::enumerate(type.getParams()))
          if (isEmptyType(param)) {
            func.emitOpError("expected parameters that hold data, got ")
                << param << " for parameter " << i;
            failedAny = true;
          }
        if (isEmptyType(type.getReturnType())) {
          func.emitOpError("expected a result that holds data, got ")
              << type.getReturnType();
          failedAny = true;
        }
      }
      if (auto gep = dyn_cast<LLVM::GEPOp>(op))
        failedAny |= failed(verifyGEP(gep));
      return WalkResult::advance();
    });
  }
  module.walk([&](gpu::LaunchFuncOp launch) {
    SmallVector<Value, 3> grid = {launch.getGridSizeX(),
                                  launch.getGridSizeY(),
                                  launch.getGridSizeZ()};
    failedAny |= failed(verifyLaunchSizes(
        launch, grid,
        {launch.getBlockSizeX(), launch.getBlockSizeY(),
         launch.getBlockSizeZ()}));
    if (launch.hasClusterSize())
      failedAny |= failed(verifyClusterSizes(
          launch, grid,
          {launch.getClusterSizeX(), launch.getClusterSizeY(),
           launch.getClusterSizeZ()}));
  });
  return failure(failedAny);
}
