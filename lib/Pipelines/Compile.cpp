//===- Compile.cpp - the uop-compile pipeline -----------------------------===//
//
// `--uop-compile="target=<chip> emit=<kernel|llvm>"` runs the lowering ladder:
//
//   uop level (emit=kernel stops here)   uop-hoist-shared
//   to gpu                               index sinking, gpu-kernel-outlining,
//                                        convert-uop-to-gpu,
//                                        uop-merge-kernel-modules
//   to NVVM (inside the gpu.module)      nvvm-attach-target, scf→cf,
//                                        gpu→nvvm, nvvm→llvm, cleanup
//
// Host code is never lowered: every input function keeps its name and
// signature and launches its kernels with gpu.launch_func, so the input and
// any stage of its lowering can be run and compared side by side.
//
//===----------------------------------------------------------------------===//

#include "Uop/Conversion/Passes.h"
#include "Uop/Pipelines/Pipelines.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::uop;

std::optional<TargetInfo> mlir::uop::lookupTarget(StringRef name) {
  return llvm::StringSwitch<std::optional<TargetInfo>>(name)
      .Case("sm_80", TargetInfo{"sm_80", "+ptx70"})
      .Case("sm_90a", TargetInfo{"sm_90a", "+ptx80"})
      .Case("sm_100a", TargetInfo{"sm_100a", "+ptx86"})
      .Default(std::nullopt);
}

StringRef mlir::uop::getSupportedTargets() { return "sm_80, sm_90a, sm_100a"; }

LogicalResult mlir::uop::buildCompilePipeline(
    OpPassManager &pm, const CompileOptions &options,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  std::optional<TargetInfo> target = lookupTarget(options.target);
  if (!target)
    return errorHandler("unsupported target '" + options.target +
                        "': expected one of " + getSupportedTargets());
  StringRef emit = options.emit;
  if (emit != "kernel" && emit != "llvm")
    return errorHandler("unsupported emit stage '" + options.emit +
                        "': expected 'kernel' or 'llvm'");
  if (options.stages != 1 && options.stages != 2)
    return errorHandler("stages must be 1 or 2, got " +
                        Twine(options.stages.getValue()));
  if (options.pad < -1)
    return errorHandler("pad must be -1 (automatic) or at least 0");
  if (!options.tile.empty() && options.tile.size() != 3)
    return errorHandler("tile takes three sizes BM,BN,BK");
  if (!options.threadTile.empty() && options.threadTile.size() != 2)
    return errorHandler("thread-tile takes two sizes TM,TN");
  {
    TileConfig config;
    if (!options.tile.empty()) {
      config.blockM = options.tile[0];
      config.blockN = options.tile[1];
      config.blockK = options.tile[2];
    }
    if (!options.threadTile.empty()) {
      config.threadM = options.threadTile[0];
      config.threadN = options.threadTile[1];
    }
    std::string whyNot;
    if (failed(verifyTileConfig(config, whyNot)))
      return errorHandler("invalid tiling: " + whyNot);
  }
  if (options.optLevel > 3)
    return errorHandler("opt-level must be between 0 and 3");

  // The uop level: the kernel IR uop-sim runs.
  UopTileOptions tileOptions;
  tileOptions.tile.assign(options.tile.begin(), options.tile.end());
  tileOptions.threadTile.assign(options.threadTile.begin(),
                                options.threadTile.end());
  tileOptions.requireMatch = true;
  pm.addPass(createUopTile(tileOptions));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  UopPromoteSharedOptions promote;
  promote.stages = options.stages;
  promote.pad = options.pad;
  promote.swizzle = options.swizzle;
  pm.addPass(createUopPromoteShared(promote));
  pm.addPass(createUopLowerTiles());
  pm.addPass(createUopHoistShared());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (emit == "kernel")
    return success();

  // Out of uop, into gpu.module / gpu.func.
  // Outline first: shared buffers become attributions of the gpu.func,
  // which (unlike gpu.launch) carries their alignment.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertUopToGPU());
  pm.addPass(createUopKeepBarrierLoopsRolled());
  pm.addPass(createUopMergeKernelModules());

  GpuNVVMAttachTargetOptions attach;
  attach.chip = target->chip.str();
  attach.features = target->ptxFeature.str();
  attach.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(attach));

  // Device code to LLVM + NVVM; the host side stays as it is.
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(memref::createExpandStridedMetadataPass());
  device.addPass(createLowerAffinePass());
  device.addPass(createSCFToControlFlowPass());
  device.addPass(createConvertGpuOpsToNVVMOps());
  device.addPass(createConvertNVVMToLLVMPass());
  // What convert-gpu-to-nvvm leaves of n-D vectors (a broadcast into a
  // one-row register tile, say) and the poison values their lowering uses.
  device.addPass(createConvertVectorToLLVMPass());
  device.addPass(createUBToLLVMConversionPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  // Nothing but LLVM and NVVM may be left in the kernels.
  pm.addPass(createUopCheckLowered());
  return success();
}

void mlir::uop::registerUopPipelines() {
  registerPassPipeline(
      "uop-compile",
      "compile GEMM kernels for a GPU target: uop → gpu → LLVM/NVVM",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        CompileOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        return buildCompilePipeline(pm, options, errorHandler);
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(CompileOptions());
      });
}
