//===- RaceTracker.h - uop-sim shared-memory race tracker -------*- C++ -*-===//
//
// The shared-memory race and initialization checks.
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

#include "Uop/Sim/BlockState.h"
#include "Uop/Sim/Memory.h"

#include "llvm/ADT/DenseMap.h"

#include <string>

namespace mlir::uop::sim {

/// Race and initialization checks for shared memory of one block at a time.
class RaceTracker {
public:
  explicit RaceTracker(FaultLog &log) : log(log) {}

  /// Starts a block (whose ids and warps name threads in reports); `block`
  /// must outlive the block's execution.
  void beginBlock(const BlockState &block) {
    this->block = &block;
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

  /// "[i, j]" of linear element `idx` of `b` when it has static shape
  /// `shape`, else "[idx]".
  static std::string elementName(int64_t idx, llvm::ArrayRef<int64_t> shape);

  /// The shape reports use to name elements of each shared buffer.
  llvm::DenseMap<const Buffer *, llvm::SmallVector<int64_t, 4>> shapes;

private:
  void race(FaultKind kind, Buffer &b, int64_t idx, uint32_t tid1,
            Operation *op1, uint32_t tid2, Operation *op2);

  /// Reports `message` for the accesses by `tids` at `ops` (earlier first).
  void report(FaultKind kind, Buffer &b, llvm::ArrayRef<uint32_t> tids,
              llvm::ArrayRef<Operation *> ops, std::string message);

  FaultLog &log;
  const BlockState *block = nullptr;
  uint32_t epoch = 1;
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_RACETRACKER_H
