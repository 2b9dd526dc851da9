//===- MergeKernelModules.cpp - uop-merge-kernel-modules pass -------------===//
//
// Gathers the kernels that outlining spread over several gpu.modules into one,
// so that a compiled module becomes one PTX file with every kernel in it.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPMERGEKERNELMODULES
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

/// Prints the target list of `gpuModule` ("no target" when it has none).
static std::string printTargets(gpu::GPUModuleOp gpuModule) {
  ArrayAttr targets = gpuModule.getTargetsAttr();
  if (!targets || targets.empty())
    return "no target";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << targets;
  return text;
}

namespace {
struct UopMergeKernelModulesPass
    : public mlir::uop::impl::UopMergeKernelModulesBase<
          UopMergeKernelModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    if (gpuModules.empty())
      return;
    if (gpuModules.size() == 1 && gpuModules.front().getName() == moduleName)
      return;

    SymbolTable topSymbols(module);
    if (Operation *clash = topSymbols.lookup(moduleName)) {
      if (!isa<gpu::GPUModuleOp>(clash) ||
          !llvm::is_contained(gpuModules, cast<gpu::GPUModuleOp>(clash))) {
        clash->emitError("symbol '")
            << moduleName << "' is taken; pick another module-name";
        return signalPassFailure();
      }
    }

    gpu::GPUModuleOp first = gpuModules.front();
    for (gpu::GPUModuleOp other : ArrayRef(gpuModules).drop_front()) {
      if (other.getTargetsAttr() != first.getTargetsAttr()) {
        // One PTX file is built for one chip: kernels for another chip
        // cannot share it.
        other.emitError("cannot merge gpu.modules with different targets: "
                        "expected ")
            << printTargets(first) << " (as '" << first.getName()
            << "'), got " << printTargets(other);
        return signalPassFailure();
      }
    }

    // Move every symbol into the first module. A name already taken there
    // (two launches in one function outline to modules that each hold a
    // `@main_kernel`) is renamed, with its uses, before the move.
    SymbolTable firstSymbols(first);
    DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    for (gpu::GPUModuleOp other : ArrayRef(gpuModules).drop_front()) {
      SymbolTable otherSymbols(other);
      for (Operation &op :
           llvm::make_early_inc_range(other.getBody()->without_terminator())) {
        auto sym = dyn_cast<SymbolOpInterface>(op);
        if (!sym || !firstSymbols.lookup(sym.getNameAttr()))
          continue;
        StringAttr oldName = sym.getNameAttr();
        std::string candidate;
        for (unsigned i = 1;; ++i) {
          candidate = (oldName.getValue() + "_" + Twine(i)).str();
          if (!firstSymbols.lookup(candidate) &&
              !otherSymbols.lookup(candidate))
            break;
        }
        StringAttr fresh = StringAttr::get(&getContext(), candidate);
        // Renaming rewrites every use in `other`; an unregistered op with a
        // region may be a symbol table of its own, where a reference names
        // something else, so its uses cannot be told apart.
        if (!SymbolTable::getSymbolUses(&op, other.getOperation())) {
          op.emitError("cannot rename '")
              << oldName.getValue() << "' to '" << candidate
              << "' while merging kernel modules: expected its uses in '"
              << other.getName()
              << "' to be known, got an unregistered op with a region";
          return signalPassFailure();
        }
        LogicalResult renamedUses = otherSymbols.rename(&op, fresh);
        assert(succeeded(renamedUses) && "uses were found above");
        (void)renamedUses;
        renamed[{other.getNameAttr(), oldName}] = fresh;
      }
      // The alignment of the kernels' dynamic shared memory
      // (convert-uop-to-gpu) holds for every kernel of the merged module:
      // the largest any of them needs.
      StringRef alignName = "uop.dynamic_shared_alignment";
      if (auto align = other->getAttrOfType<IntegerAttr>(alignName)) {
        auto old = first->getAttrOfType<IntegerAttr>(alignName);
        if (!old || old.getInt() < align.getInt())
          first->setAttr(alignName, align);
      }
      for (Operation &op :
           llvm::make_early_inc_range(other.getBody()->without_terminator())) {
        op.moveBefore(first.getBody(), first.getBody()->end());
        if (isa<SymbolOpInterface>(op))
          firstSymbols.insert(&op);
      }
    }

    StringAttr newName = StringAttr::get(&getContext(), moduleName);
    module.walk([&](gpu::LaunchFuncOp launch) {
      StringAttr kernel = launch.getKernelName();
      auto it = renamed.find({launch.getKernelModuleName(), kernel});
      if (it != renamed.end())
        kernel = it->second;
      launch.setKernelAttr(
          SymbolRefAttr::get(newName, {FlatSymbolRefAttr::get(kernel)}));
    });
    for (gpu::GPUModuleOp other : ArrayRef(gpuModules).drop_front())
      other.erase();
    first.setName(moduleName);
  }
};
} // namespace
