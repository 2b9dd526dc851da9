//===- Fault.cpp - faults of a simulated program --------------------------===//
//
// Fault kind names, source locations as reports print them, and the log
// that keeps one fault per site.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Fault.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::uop::sim;

const char *mlir::uop::sim::getFaultKindName(FaultKind kind) {
  switch (kind) {
  case FaultKind::RaceRAW:
    return "RAW race";
  case FaultKind::RaceWAR:
    return "WAR race";
  case FaultKind::RaceWAW:
    return "WAW race";
  case FaultKind::DivergentBarrier:
    return "divergent barrier";
  case FaultKind::OutOfBounds:
    return "out of bounds";
  case FaultKind::UninitializedRead:
    return "uninitialized read";
  case FaultKind::Misaligned:
    return "misaligned access";
  case FaultKind::InterBlockRace:
    return "inter-block race";
  case FaultKind::PartialWarp:
    return "partial warp";
  case FaultKind::StepLimit:
    return "step limit";
  case FaultKind::CallDepth:
    return "call depth";
  case FaultKind::MBarrier:
    return "mbarrier misuse";
  case FaultKind::Deadlock:
    return "deadlock";
  case FaultKind::TensorMemory:
    return "tensor memory misuse";
  case FaultKind::Wgmma:
    return "wgmma misuse";
  case FaultKind::SetMaxNReg:
    return "setmaxnreg misuse";
  case FaultKind::Tcgen05Fence:
    return "tcgen05 fence missing";
  case FaultKind::TmaStore:
    return "TMA store not waited";
  }
  return "fault";
}

std::string mlir::uop::sim::formatLoc(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().str() + ":" + llvm::Twine(fl.getLine()) + ":" +
            llvm::Twine(fl.getColumn()))
        .str();
  if (auto nl = dyn_cast<NameLoc>(loc))
    return formatLoc(nl.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return formatLoc(fused.getLocations().front());
  if (auto cs = dyn_cast<CallSiteLoc>(loc))
    return formatLoc(cs.getCallee());
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

void FaultLog::report(Fault fault, const void *buffer, Operation *op1,
                      Operation *op2) {
  if (!seen.insert({(int)fault.kind, buffer, op1, op2}).second)
    return;
  faults.push_back(std::move(fault));
}
