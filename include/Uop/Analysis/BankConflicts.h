//===- BankConflicts.h - shared-memory bank conflicts of a warp -*- C++ -*-===//
//
// Counts the shared-memory passes a warp needs for one load or store. The
// analysis evaluates the address every lane of warp 0 of block 0 uses
// (LaneAddressEvaluator.h) and applies the bank rules of a BankModel
// (BankModel.h): lanes touching the same word share it (broadcast), distinct
// words in one bank are serialized. docs/bank-conflicts.md describes the
// model in full.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_ANALYSIS_BANKCONFLICTS_H
#define UOP_ANALYSIS_BANKCONFLICTS_H

#include "Uop/Analysis/BankModel.h"
#include "Uop/Analysis/SharedAccess.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::uop {

/// Knobs of the bank-conflict analysis.
struct BankConflictOptions {
  /// The banks and the warp to count with; unset: those of the module's
  /// `uop.target` (BankModel::get).
  std::optional<BankModel> model;
  /// Iterations of each enclosing sequential loop (scf.for, affine.for,
  /// scf.parallel, scf.forall not mapped to threads) that are evaluated; the
  /// worst iteration is reported. 1 takes every loop at its lower bound.
  unsigned loopIterations = 4;
};

/// What one warp access to shared memory costs, for warp 0 of block 0: the
/// passes and conflict degree of the worst evaluated loop iteration (most
/// passes, then the highest degree), and the shape of the access.
struct SharedAccessCost : WarpAccessPasses {
  /// Phases the hardware splits the access into (BankModel::getPhaseCount):
  /// 1 for accesses of up to 4 bytes per lane, 2 for 8 bytes (16 lanes each),
  /// 4 for 16 bytes (8 lanes each) with the default model.
  int64_t phases = 1;
  /// Lanes served together in each phase.
  int64_t lanesPerPhase = 0;
  /// Bytes each lane reads or writes.
  int64_t bytesPerLane = 0;
  /// Lanes of warp 0 that perform the access (at the reported iteration);
  /// 0 when warp 0 never reaches it.
  int64_t activeLanes = 0;
};

/// Evaluates the addresses of the lanes of warp 0 of block 0 for the shared
/// memory access `access` and returns its cost. Fails when `access` is not a
/// shared-memory access in a kernel or an address cannot be evaluated; then
/// `whyNot` (if given) receives a reason such as "the index depends on the
/// result of 'memref.load'".
FailureOr<SharedAccessCost>
analyzeSharedAccess(Operation *access, const BankConflictOptions &options = {},
                    std::string *whyNot = nullptr);

/// Returns the number of shared-memory passes of `access` for warp 0 of
/// block 0 with the default options, or failure when it cannot be evaluated.
FailureOr<int64_t> computeSharedAccessPasses(Operation *access);

/// Emits a remark on every shared-memory access inside a kernel nested in
/// `root` (see the uop-bank-conflicts pass for the wording); with
/// `emitSummary`, also one remark per kernel on its worst access.
void emitBankConflictRemarks(Operation *root,
                             const BankConflictOptions &options = {},
                             bool emitSummary = false);

} // namespace mlir::uop

#endif // UOP_ANALYSIS_BANKCONFLICTS_H
