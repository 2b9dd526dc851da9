//===- AttachTarget.cpp - state the module's GPU as #uop.target -----------===//
//
// The first stage of the pipeline. After it, the GPU a module is compiled for
// is a fact of the IR that any pass can read (Uop/Target/Targets.h), rather
// than an option only the pipeline builder sees.
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/Targets.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPATTACHTARGET
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

LogicalResult mlir::uop::attachTarget(ModuleOp module, StringRef chip) {
  TargetAttr target = lookupTarget(module.getContext(), chip);
  if (!target)
    return module.emitError("unsupported target '")
           << chip << "': expected one of " << getSupportedChips();
  if (TargetAttr existing = getTarget(module))
    if (existing != target)
      return module.emitError("expected a module for ")
             << chip << ", got one already compiled for "
             << existing.getChip();
  setTarget(module, target);
  return success();
}

namespace {
struct UopAttachTargetPass
    : public mlir::uop::impl::UopAttachTargetBase<UopAttachTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(attachTarget(getOperation(), chip)))
      signalPassFailure();
  }
};
} // namespace
