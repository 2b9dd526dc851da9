//===- RaceTracker.h - uop-sim faults and shared-memory races ---*- C++ -*-===//
//
// Faults of the simulated program (races, divergent barriers, out-of-bounds
// and uninitialized accesses) and the shared-memory race tracker.
//
// On the hardware the warps of a block are not in lockstep: between two
// barriers any thread may run ahead of any other. Two accesses to the same
// shared element from different threads within one barrier interval, at
// least one of them a write, therefore have no defined order: a race. The
// tracker keeps, per shared element, the last writer and up to two readers
// of the current interval (an "epoch", bumped at every barrier); that is
// enough to name a conflicting thread for every RAW, WAR and WAW pair, and
// the result does not depend on the order in which the simulator happens to
// execute the threads.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_RACETRACKER_H
#define UOP_SIM_RACETRACKER_H

#include "Uop/Sim/Memory.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <string>
#include <tuple>
#include <vector>

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
};

/// Returns the report name of `kind` ("RAW race", "out of bounds", ...).
const char *getFaultKindName(FaultKind kind);

/// Formats a source location as `file:line:col` (or the printed location).
std::string formatLoc(Location loc);

/// Collects faults, one line per distinct fault site (kind, buffer, the ops
/// involved): a race between two statements is reported once, not once per
/// pair of threads that hit it.
class FaultLog {
public:
  /// Records a fault unless its site was already reported. `op1` is the
  /// access that found the fault, `op2` the earlier conflicting one (or
  /// null). `message` is the full report line.
  void report(FaultKind kind, const void *buffer, Operation *op1,
              Operation *op2, const std::string &message);
  bool empty() const { return lines.empty(); }
  size_t size() const { return lines.size(); }
  /// Prints every report, prefixed with `prefix`.
  void print(llvm::raw_ostream &os, llvm::StringRef prefix) const;

private:
  llvm::DenseSet<std::tuple<int, const void *, Operation *, Operation *>>
      seen;
  std::vector<std::string> lines;
};

/// Race and initialization checks for shared memory of one block at a time.
class RaceTracker {
public:
  explicit RaceTracker(FaultLog &log) : log(log) {}

  /// Starts a block: sets its ids and shape (for thread names in reports).
  void beginBlock(std::array<int64_t, 3> blockId,
                  std::array<int64_t, 3> blockDim) {
    this->blockId = blockId;
    this->blockDim = blockDim;
    epoch = 1;
  }
  /// A barrier ends the current interval.
  void barrier() { ++epoch; }

  /// Records a read of element `idx` of shared buffer `b` by thread `tid`.
  /// Returns false when the element was never written in this block.
  bool onRead(Buffer &b, int64_t idx, uint32_t tid, Operation *op) {
    ElemAccess &a = b.access[idx];
    // Fast path: written before this interval (or by this thread), and this
    // thread is already one of the recorded readers.
    if (a.writeEpoch != 0 && (a.writeEpoch != epoch || a.writer == tid) &&
        a.readEpoch == epoch &&
        (a.reader1 == tid || a.reader2 != UINT32_MAX))
      return true;
    return onReadSlow(b, idx, tid, op);
  }
  bool onReadSlow(Buffer &b, int64_t idx, uint32_t tid, Operation *op);
  /// Records a write of element `idx` of shared buffer `b` by thread `tid`.
  void onWrite(Buffer &b, int64_t idx, uint32_t tid, Operation *op);

  /// "(x, y, z)" of the linear thread index `tid` of the current block.
  std::string threadName(uint32_t tid) const;
  /// "(x, y, z)" of the current block.
  std::string blockName() const;
  /// "[i, j]" of linear element `idx` of `b` when it has static shape
  /// `shape`, else "[idx]".
  static std::string elementName(int64_t idx, llvm::ArrayRef<int64_t> shape);

  /// The shape reports use to name elements of each shared buffer.
  llvm::DenseMap<const Buffer *, llvm::SmallVector<int64_t, 4>> shapes;

private:
  void race(FaultKind kind, Buffer &b, int64_t idx, uint32_t tid1,
            Operation *op1, uint32_t tid2, Operation *op2);

  FaultLog &log;
  std::array<int64_t, 3> blockId = {0, 0, 0};
  std::array<int64_t, 3> blockDim = {1, 1, 1};
  uint32_t epoch = 1;
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_RACETRACKER_H
