//===- BankConflictsPass.cpp - the uop-bank-conflicts pass ----------------===//
//
// Wraps emitBankConflictRemarks (BankConflicts.h) as a pass: one remark per
// shared-memory access of every kernel, and with `emit-summary` one per
// kernel. The pass changes nothing, so every analysis stays valid.
//
//===----------------------------------------------------------------------===//

#include "Uop/Analysis/Passes.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPBANKCONFLICTS
#include "Uop/Analysis/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

namespace {
struct UopBankConflictsPass
    : public mlir::uop::impl::UopBankConflictsBase<UopBankConflictsPass> {
  using Base::Base;

  void runOnOperation() override {
    BankConflictOptions options;
    options.loopIterations = loopIterations;
    emitBankConflictRemarks(getOperation(), options, emitSummary);
    markAllAnalysesPreserved();
  }
};
} // namespace
