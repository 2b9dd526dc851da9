//===- TranslateToPTX.cpp - uop-translate --uop-to-ptx --------------------===//
//
// Emits PTX for the kernels of a compiled module through the NVVM target
// attribute (LLVM's NVPTX backend), and the launch configuration of each
// gpu.launch_func as JSON for a runner.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "Uop/Target/PTX.h"
#include "Uop/Target/Targets.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::uop;

/// Returns the first op of `gpuModule` that is not LLVM or NVVM yet, if any.
static Operation *findUnloweredOp(gpu::GPUModuleOp gpuModule) {
  Operation *found = nullptr;
  gpuModule.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<LLVM::LLVMDialect, NVVM::NVVMDialect>(op->getDialect()))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

FailureOr<std::string> mlir::uop::translateModuleToPTX(ModuleOp module) {
  SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
  if (gpuModules.empty())
    return mlir::emitError(module.getLoc(),
                           "no gpu.module to translate: compile the input "
                           "with uop-opt --uop-compile first");
  if (gpuModules.size() != 1)
    return mlir::emitError(gpuModules[1].getLoc(),
                           "expected one gpu.module, found ")
           << gpuModules.size() << "; run uop-opt --uop-merge-kernel-modules";
  gpu::GPUModuleOp gpuModule = gpuModules.front();

  ArrayAttr targets = gpuModule.getTargetsAttr();
  if (!targets || targets.empty())
    return mlir::emitError(gpuModule.getLoc(),
                           "the gpu.module has no #nvvm.target: compile "
                           "it with uop-opt --uop-compile");
  if (targets.size() != 1 || !isa<NVVM::NVVMTargetAttr>(targets[0]))
    return mlir::emitError(gpuModule.getLoc(),
                           "expected exactly one #nvvm.target on the "
                           "gpu.module, got ")
           << targets;
  // LLVM only warns about a chip it does not know and then writes PTX no
  // ptxas accepts: refuse chips outside the table of targets.
  auto nvvmTarget = cast<NVVM::NVVMTargetAttr>(targets[0]);
  if (!lookupTarget(module.getContext(), nvvmTarget.getChip()))
    return mlir::emitError(gpuModule.getLoc(), "expected a chip of ")
           << getSupportedChips() << ", got '" << nvvmTarget.getChip() << "'";
  if (Operation *op = findUnloweredOp(gpuModule))
    return mlir::emitError(op->getLoc(),
                           "gpu.module is not lowered to LLVM/NVVM: found '")
           << op->getName() << "'; compile with --uop-compile=\"emit=llvm\"";

  // What passed --uop-compile passes here too; hand-written or edited IR
  // is checked before it can crash the backend.
  if (failed(verifyLoweredModule(module)))
    return failure();

  auto target = cast<gpu::TargetAttrInterface>(targets[0]);
  gpu::TargetOptions options(/*toolkitPath=*/{}, /*librariesToLink=*/{},
                             /*cmdOptions=*/{}, /*elfSection=*/{},
                             gpu::CompilationTarget::Assembly);
  std::optional<SmallVector<char, 0>> ptx =
      target.serializeToObject(gpuModule, options);
  if (!ptx)
    return mlir::emitError(gpuModule.getLoc(),
                           "NVPTX code generation failed for ")
           << targets[0];
  std::string text(ptx->begin(), ptx->end());
  // The serializer null-terminates the assembly.
  while (!text.empty() && text.back() == '\0')
    text.pop_back();
  return text;
}

/// Returns the three values as constants where they are constants.
static std::array<std::optional<int64_t>, 3> getConstants(Value x, Value y,
                                                          Value z) {
  return {getConstantIntValue(x), getConstantIntValue(y),
          getConstantIntValue(z)};
}

SmallVector<KernelLaunch> mlir::uop::collectLaunches(ModuleOp module) {
  SmallVector<KernelLaunch> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    KernelLaunch info;
    if (auto func = launch->getParentOfType<FunctionOpInterface>())
      info.hostFunction = func.getName().str();
    info.kernel = launch.getKernelName().str();
    info.grid = getConstants(launch.getGridSizeX(), launch.getGridSizeY(),
                             launch.getGridSizeZ());
    info.block = getConstants(launch.getBlockSizeX(), launch.getBlockSizeY(),
                              launch.getBlockSizeZ());
    if (Value dyn = launch.getDynamicSharedMemorySize())
      info.dynamicSharedBytes = getConstantIntValue(dyn);
    else
      info.dynamicSharedBytes = 0;
    launches.push_back(std::move(info));
  });
  return launches;
}

void mlir::uop::writeLaunchConfigJSON(ArrayRef<KernelLaunch> launches,
                                      raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  auto writeDims = [&](StringRef key,
                       const std::array<std::optional<int64_t>, 3> &dims) {
    json.attributeArray(key, [&] {
      for (const std::optional<int64_t> &d : dims)
        d ? json.value(*d) : json.value(nullptr);
    });
  };
  json.object([&] {
    json.attributeArray("launches", [&] {
      for (const KernelLaunch &launch : launches) {
        json.object([&] {
          json.attribute("host", launch.hostFunction);
          json.attribute("kernel", launch.kernel);
          writeDims("grid", launch.grid);
          writeDims("block", launch.block);
          if (launch.dynamicSharedBytes)
            json.attribute("dynamic_shared_bytes", *launch.dynamicSharedBytes);
          else
            json.attribute("dynamic_shared_bytes", nullptr);
        });
      }
    });
  });
  os << "\n";
}

void mlir::uop::registerUopToPTXTranslation() {
  static llvm::cl::opt<std::string> launchConfigFile(
      "uop-launch-config",
      llvm::cl::desc("with --uop-to-ptx: also write the launch configuration "
                     "of every kernel (grid, block, dynamic shared bytes) as "
                     "JSON to this file"),
      llvm::cl::value_desc("filename"), llvm::cl::init(""));

  TranslateFromMLIRRegistration registration(
      "uop-to-ptx", "emit PTX for the kernels of a uop-compiled module",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return mlir::emitError(op->getLoc(),
                                 "expected a builtin.module, got '")
                 << op->getName() << "'";
        // Open the launch configuration first: a path that cannot be
        // written fails before code generation, and nothing is left behind
        // when code generation fails.
        std::unique_ptr<llvm::ToolOutputFile> launchConfig;
        if (!launchConfigFile.empty()) {
          std::error_code ec;
          launchConfig = std::make_unique<llvm::ToolOutputFile>(
              launchConfigFile, ec, llvm::sys::fs::OF_Text);
          if (ec)
            return module.emitError("cannot write the launch configuration "
                                    "to '")
                   << launchConfigFile << "': " << ec.message();
        }
        FailureOr<std::string> ptx = translateModuleToPTX(module);
        if (failed(ptx))
          return failure();
        if (launchConfig) {
          writeLaunchConfigJSON(collectLaunches(module), launchConfig->os());
          launchConfig->keep();
        }
        os << *ptx;
        return success();
      },
      [](DialectRegistry &registry) {
        registerAllDialects(registry);
        registry.insert<UopDialect>();
        NVVM::registerNVVMTargetInterfaceExternalModels(registry);
        registerAllToLLVMIRTranslations(registry);
      });
}
