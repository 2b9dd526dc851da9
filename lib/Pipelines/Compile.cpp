//===- Compile.cpp - the uop-compile pipeline and its stages --------------===//
//
// The lowering ladder as named stages (see Pipelines.h):
//
//   kernel   uop-attach-target, uop-verify-launch, uop-tile, uop-promote-shared,
//            uop-tensorcore, uop-lower-tiles, uop-hoist-shared (+ canonicalize,
//            cse)
//   gpu      index sinking, gpu-kernel-outlining, convert-uop-to-gpu,
//            uop-merge-kernel-modules
//   nvgpu    convert-uop-to-nvgpu (tensor-core and async-copy ops)
//   llvm     uop-verify-launch, uop-attach-nvvm-target; inside the
//            gpu.module: scf -> cf,
//            nvgpu -> nvvm, gpu -> nvvm, nvvm -> llvm, cleanup;
//            uop-check-lowered, uop-check-host
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
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
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
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::uop;

//===----------------------------------------------------------------------===//
// Stages and options
//===----------------------------------------------------------------------===//

static constexpr std::pair<Stage, StringLiteral> kStages[] = {
    {Stage::Kernel, "kernel"},
    {Stage::Gpu, "gpu"},
    {Stage::NVGPU, "nvgpu"},
    {Stage::LLVM, "llvm"},
};

ArrayRef<Stage> mlir::uop::getAllStages() {
  static constexpr Stage stages[] = {Stage::Kernel, Stage::Gpu, Stage::NVGPU,
                                     Stage::LLVM};
  return stages;
}

StringRef mlir::uop::getStageName(Stage stage) {
  for (auto [s, name] : kStages)
    if (s == stage)
      return name;
  llvm_unreachable("every stage has a name");
}

std::optional<Stage> mlir::uop::parseStage(StringRef name) {
  for (auto [s, n] : kStages)
    if (n == name)
      return s;
  return std::nullopt;
}

std::string mlir::uop::getStageNames() {
  std::string names;
  for (auto [s, name] : kStages)
    names += (names.empty() ? "" : ", ") + name.str();
  return names;
}

UopAttachTargetOptions CompileOptions::getAttachTargetOptions() const {
  UopAttachTargetOptions options;
  options.chip = target;
  return options;
}

UopTileOptions CompileOptions::getTileOptions() const {
  UopTileOptions options;
  options.tile.assign(tile.begin(), tile.end());
  options.threadTile.assign(threadTile.begin(), threadTile.end());
  options.mma = mma;
  options.warps.assign(warps.begin(), warps.end());
  options.precision = precision;
  options.ladderStep = ladderStep;
  options.stages = stages;
  options.warpSpecialize = warpSpecialize;
  options.persistentBlocks = persistentBlocks;
  options.tmaStore = tmaStore;
  options.pingpong = pingpong;
  options.groupM = groupM;
  options.clusterM = clusterM;
  options.clusterN = clusterN;
  options.splitK = splitK;
  // The pipeline compiles GEMMs; a contraction it cannot compile is an
  // error, not something to leave on the host.
  options.requireMatch = true;
  return options;
}

UopPromoteSharedOptions CompileOptions::getPromoteSharedOptions() const {
  UopPromoteSharedOptions options;
  options.stages = stages;
  options.pad = pad;
  options.swizzle = swizzle;
  options.async = async;
  return options;
}

UopAttachNVVMTargetOptions CompileOptions::getAttachNVVMTargetOptions() const {
  UopAttachNVVMTargetOptions options;
  options.optLevel = optLevel;
  return options;
}

//===----------------------------------------------------------------------===//
// The stages
//===----------------------------------------------------------------------===//

/// linalg -> the uop kernel: the IR uop-sim runs with every thread of a
/// block in lockstep.
static void buildKernelStage(OpPassManager &pm, const CompileOptions &options) {
  pm.addPass(createUopAttachTarget(options.getAttachTargetOptions()));
  pm.addPass(createUopVerifyLaunch());
  pm.addPass(createUopTile(options.getTileOptions()));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createUopPromoteShared(options.getPromoteSharedOptions()));
  pm.addPass(createUopTensorCore());
  pm.addPass(createUopLowerTiles());
  pm.addPass(createUopHoistShared());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

/// Out of uop, into gpu.module / gpu.func.
static void buildGpuStage(OpPassManager &pm) {
  // Outline first: shared buffers become attributions of the gpu.func,
  // which (unlike gpu.launch) carries their alignment.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertUopToGPU());
  pm.addPass(createUopKeepBarrierLoopsRolled());
  pm.addPass(createUopMergeKernelModules());
}

/// The tensor-core conversions: they lower uop's tensor-core, async-copy
/// and mbarrier ops while loads, loops and arithmetic stay in memref / scf /
/// arith, where uop-sim still runs them.
static void buildNVGPUStage(OpPassManager &pm) {
  pm.addPass(createConvertUopToNVGPU());
}

/// Device code to LLVM + NVVM; the host side stays as it is.
static void buildLLVMStage(OpPassManager &pm, const CompileOptions &options) {
  // The stage may start from a file of an earlier one: what the NVVM
  // lowering cannot take is refused again here, by name, before upstream's
  // conversions meet it.
  pm.addPass(createUopVerifyLaunch());
  pm.addPass(createUopAttachNVVMTarget(options.getAttachNVVMTargetOptions()));
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(memref::createExpandStridedMetadataPass());
  device.addPass(createLowerAffinePass());
  device.addPass(createUopLowerVectorTransfers());
  device.addPass(createSCFToControlFlowPass());
  // nvgpu before gpu: its patterns take the memrefs gpu -> nvvm converts.
  // bf16 mma.sync first, which upstream's conversion does not lower.
  // tensor memory and tcgen05 (no nvgpu ops) before nvgpu's conversion.
  // Tensor-map kernel arguments become the pointer nvgpu's uses lower to.
  device.addPass(createConvertUopToNVVM());
  device.addPass(createConvertNVGPUBF16MmaToNVVM());
  device.addPass(createConvertNVGPUTensorMapArgsToLLVM());
  device.addPass(createConvertNVGPUToNVVMPass());
  device.addPass(createConvertGpuOpsToNVVMOps());
  // The dynamic shared memory region gets its buffers' alignment.
  device.addPass(createUopAlignDynamicShared());
  device.addPass(createConvertNVVMToLLVMPass());
  // What convert-gpu-to-nvvm leaves of n-D vectors (a broadcast into a
  // one-row register tile, say) and the poison values their lowering uses.
  device.addPass(createConvertVectorToLLVMPass());
  device.addPass(createUBToLLVMConversionPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  // Nothing but LLVM and NVVM may be left in the kernels, and nothing but
  // allocations, launches and calls in the host functions.
  pm.addPass(createUopCheckLowered());
  pm.addPass(createUopCheckHost());
}

void mlir::uop::buildStage(OpPassManager &pm, Stage stage,
                           const CompileOptions &options) {
  switch (stage) {
  case Stage::Kernel:
    return buildKernelStage(pm, options);
  case Stage::Gpu:
    return buildGpuStage(pm);
  case Stage::NVGPU:
    return buildNVGPUStage(pm);
  case Stage::LLVM:
    return buildLLVMStage(pm, options);
  }
}

LogicalResult mlir::uop::buildCompilePipeline(
    OpPassManager &pm, const CompileOptions &options,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  std::optional<Stage> last = parseStage(options.emit);
  if (!last)
    return errorHandler("unsupported emit stage '" + options.emit +
                        "': expected one of " + getStageNames());
  for (auto [stage, name] : kStages) {
    buildStage(pm, stage, options);
    if (stage == *last)
      break;
  }
  return success();
}

/// The option names of the pipeline options `text` ("a=1 b={c=2} a=3"
/// gives a, b, a): the keys of its space-separated, top-level options.
static SmallVector<std::string> optionKeys(StringRef text) {
  SmallVector<std::string> keys;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    char ch = i < text.size() ? text[i] : ' ';
    if (quote) {
      quote = ch == quote ? 0 : quote;
      continue;
    }
    if (ch == '"' || ch == '\'') {
      quote = ch;
    } else if (ch == '{') {
      ++depth;
    } else if (ch == '}') {
      --depth;
    } else if (ch == ' ' && depth == 0) {
      if (i > start) {
        StringRef key = text.slice(start, i).split('=').first.trim();
        if (!key.empty())
          keys.push_back(key.str());
      }
      start = i + 1;
    }
  }
  return keys;
}

/// Returns the first option named twice in the pipeline options `text`
/// ("a=1 b=2 a=3" names `a` twice), or an empty string. A repeated scalar
/// option silently keeps its last value and a repeated list option appends:
/// both are refused rather than guessed at.
static std::string findRepeatedOption(StringRef text) {
  llvm::StringSet<> seen;
  for (const std::string &key : optionKeys(text))
    if (!seen.insert(key).second)
      return key;
  return "";
}

namespace {
/// CompileOptions with the names of its options readable: the pass-options
/// parser reports an unknown one as "<Pass-Options-Parser>: no such option",
/// with no hint of what it would take.
struct CompileOptionNames : CompileOptions {
  bool has(StringRef name) const { return OptionsMap.count(name); }
  /// The names, sorted and comma separated.
  std::string list() const {
    SmallVector<StringRef> names;
    for (auto &entry : OptionsMap)
      names.push_back(entry.first);
    llvm::sort(names);
    return llvm::join(names, ", ");
  }
};
} // namespace

/// Checks the option text of the pipeline `pipeline` before it is parsed:
/// every option known and given once. Reports through `errorHandler`.
static LogicalResult
checkOptionText(StringRef optionsStr, StringRef pipeline,
                function_ref<LogicalResult(const Twine &)> errorHandler) {
  if (std::string key = findRepeatedOption(optionsStr); !key.empty())
    return errorHandler("option '" + key + "' of " + pipeline +
                        " is given twice: give it once");
  CompileOptionNames names;
  for (StringRef key : optionKeys(optionsStr))
    if (!names.has(key))
      return errorHandler("unknown option '" + key + "' of " + pipeline +
                          ": expected one of " + names.list());
  return success();
}

void mlir::uop::registerUopPipelines() {
  registerPassPipeline(
      "uop-compile",
      "compile GEMM kernels for a GPU target: the stages kernel, gpu, nvgpu, "
      "llvm up to emit=<stage>",
      [](OpPassManager &pm, StringRef optionsStr,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (failed(checkOptionText(optionsStr, "uop-compile", errorHandler)))
          return failure();
        CompileOptions options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        return buildCompilePipeline(pm, options, errorHandler);
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(CompileOptions());
      });
  for (auto [stage, name] : kStages) {
    Stage s = stage;
    registerPassPipeline(
        ("uop-stage-" + name).str(),
        ("one stage of uop-compile: from the state before '" + name +
         "' to '" + name + "'")
            .str(),
        [s, name](OpPassManager &pm, StringRef optionsStr,
                  function_ref<LogicalResult(const Twine &)> errorHandler) {
          if (failed(checkOptionText(optionsStr, ("uop-stage-" + name).str(),
                                     errorHandler)))
            return failure();
          CompileOptions options;
          if (failed(options.parseFromString(optionsStr)))
            return failure();
          buildStage(pm, s, options);
          return success();
        },
        [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
          optHandler(CompileOptions());
        });
  }
}
