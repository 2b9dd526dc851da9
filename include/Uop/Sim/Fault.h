//===- Fault.h - faults of a simulated program ------------------*- C++ -*-===//
//
// The faults uop-sim finds in a simulated program: shared-memory and
// inter-block races, divergent barriers, out-of-bounds, uninitialized and
// misaligned accesses, and programs that do not end (a step budget, a call
// depth).
// On the hardware each of these is a wrong answer that may or may not show,
// or a trap; the simulator records every one as a structured fault (kind,
// buffer, block, the threads and source locations involved, the report
// line) and keeps one per fault site, so that a race between two statements
// is reported once, not once per pair of threads that hit it.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_FAULT_H
#define UOP_SIM_FAULT_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::uop::sim {

/// Kinds of faults of the simulated program (exit code 2).
enum class FaultKind {
  RaceRAW,
  RaceWAR,
  RaceWAW,
  DivergentBarrier,
  OutOfBounds,
  UninitializedRead,
  Misaligned,
  /// Two blocks of one launch touch one global element, at least one of
  /// them writing, without atomics (blocks have no order on the hardware).
  InterBlockRace,
  /// A warp-collective operation (ldmatrix, mma.sync, wmma) reached by some
  /// but not all 32 lanes of a warp: the hardware requires the whole warp.
  PartialWarp,
  /// The run exceeded its step budget (--max-steps): a program that does not
  /// end, or one too large to simulate. Ends the run.
  StepLimit,
  /// Calls nested deeper than the simulator allows (unbounded recursion
  /// overflows the hardware's stack). Ends the run.
  CallDepth,
  /// An mbarrier used against the ISA: before its initialization, with an
  /// arrival count or transaction count out of range, or arrived on more
  /// often than its phase expects.
  MBarrier,
  /// An mbarrier wait that can never complete: the phase waited for lacks
  /// arrivals (or transaction bytes) that no thread can still provide. Ends
  /// the run (the hardware would hang).
  Deadlock,
  /// Tensor memory or a tcgen05 operation used against the ISA: columns
  /// allocated and never freed, freed twice or not allocated, accessed
  /// outside an allocation or outside the warp's lanes; an MMA issued by
  /// more than one thread; the accumulator read before its MMA completed;
  /// a tcgen05.ld result used before tcgen05.wait::ld.
  TensorMemory,
  /// A warpgroup MMA (wgmma) used against the ISA: executed by part of a
  /// warpgroup or with tiles that differ between its threads, without a
  /// wgmma.fence before it, or its result used before the wgmma.wait_group
  /// that completes its group.
  Wgmma,
  /// setmaxnreg executed by part of a warpgroup, or an `increase` below
  /// (a `decrease` above) the warpgroup's current register budget.
  SetMaxNReg,
  /// A tcgen05 operation that depends on another thread's, ordered by a
  /// thread synchronization without the fences the ISA asks for around it:
  /// tcgen05.fence::before_thread_sync (or a commit) after the earlier
  /// operation, tcgen05.fence::after_thread_sync before the later one.
  Tcgen05Fence,
  /// A TMA store (cp.async.bulk.tensor, shared to global) still reading its
  /// shared tile when its block ends: no cp.async.bulk.wait_group.read of
  /// the issuing thread waited for it.
  TmaStore,
};

/// Returns the report name of `kind` ("RAW race", "out of bounds", ...).
const char *getFaultKindName(FaultKind kind);

/// Formats a source location as `file:line:col` (or the printed location).
std::string formatLoc(Location loc);

/// One thread of a block, numbered the three ways the hardware numbers it:
/// its thread index, its linear index in the block, and its warp and lane.
struct SimThread {
  /// threadIdx (x, y, z).
  std::array<int64_t, 3> id = {0, 0, 0};
  /// x + y * blockDim.x + z * blockDim.x * blockDim.y.
  uint32_t linear = 0;
  /// The warp of the block the thread belongs to (linear / warp size) and
  /// its lane in that warp (linear % warp size).
  uint32_t warp = 0, lane = 0;
};

/// One fault site of a run.
struct Fault {
  FaultKind kind;
  /// The name of the buffer accessed (its SSA name or symbol, as in the
  /// message); empty for a divergent barrier.
  std::string buffer;
  /// The block that hit the fault; none for a fault in host code.
  std::optional<std::array<int64_t, 3>> block;
  /// The threads involved, in the order the message names them: for a race
  /// the earlier access first; for a divergent barrier a thread that
  /// reached it, then one that did not. Empty in host code.
  llvm::SmallVector<SimThread, 2> threads;
  /// The operations involved, in the same order as `threads` for a race
  /// (the earlier access first); the one operation otherwise.
  llvm::SmallVector<Location, 2> locations;
  /// The report line (without the `uop-sim: fault: ` prefix).
  std::string message;
};

/// Collects faults, one per distinct fault site (kind, buffer, the ops
/// involved).
class FaultLog {
public:
  /// Records `fault` unless its site was already reported. `op1` is the
  /// access that found the fault, `op2` the earlier conflicting one (or
  /// null); with `buffer` they identify the site.
  void report(Fault fault, const void *buffer, Operation *op1, Operation *op2);
  bool empty() const { return faults.empty(); }
  size_t size() const { return faults.size(); }
  /// The faults, in the order they were found.
  llvm::ArrayRef<Fault> getFaults() const { return faults; }
  /// Moves the faults out of the log.
  std::vector<Fault> takeFaults() { return std::move(faults); }

private:
  llvm::DenseSet<std::tuple<int, const void *, Operation *, Operation *>> seen;
  std::vector<Fault> faults;
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_FAULT_H
