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
// Asynchronous copies (cp.async) add one state: an element a copy is
// writing is "in flight" from the copy until a wait of the issuing thread
// completes the copy's group. The copy counts as a write when it is issued
// (so it races with other threads' accesses of the same interval) and
// again when the wait completes it (so other threads may read it only after
// a barrier that follows the wait); any read or write of an in-flight
// element, by any thread, is a race naming the copy.
//
// A tensor-core MMA of tcgen05 reads its shared tiles asynchronously: from
// its issue until the mbarrier phase of its commit completes. Its reads
// are checked when it is issued (a write by another thread in the same
// barrier interval is a race) without counting as reads of the interval,
// and the elements stay "read in flight" until it completes: a write to one by any thread is a
// race naming the MMA (reads are not). The tensor core reads through the
// async proxy: an element whose writer has not executed a
// fence.proxy.async since writing it is not visible to the MMA, which is
// reported as a RAW race across proxies.
//
// A TMA store reads its tile alike, from its issue until a
// cp.async.bulk.wait_group.read of the issuing thread; the wait then
// records the issuer's read, so another thread's write needs a barrier
// after it.
//
// Named barriers (bar.sync id, threads) order the accesses of the threads
// that arrive at them, not the block's: within an interval, each thread
// has a clock, the last named barrier it passed, and knows, per other
// thread, the latest clock of that thread whose accesses are ordered
// before its own (joined transitively at every named barrier, as vector
// clocks are). An access at clock c by thread w is ordered before thread
// t's when t knows a clock of w past c. The readers of an element kept are
// then those no later reader is ordered after; past two, the others are
// kept beside. An interval without a named barrier keeps none of this.
//
// A TMA load writes its tile asynchronously: its elements are in flight
// from the issue (a write of the issuing thread then) until the load
// completes on its mbarrier. The completed write belongs to no thread (the
// async proxy): a thread may read or write the element in the same
// interval only once a wait of its own has seen the mbarrier phase the
// load completed in (observe), otherwise it is a race naming the load and
// the phase; after a block barrier every thread may.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_RACETRACKER_H
#define UOP_SIM_RACETRACKER_H

#include "Uop/Sim/BlockState.h"
#include "Uop/Sim/Memory.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <memory>
#include <string>

namespace mlir::uop::sim {

/// The shape reports use to name the elements of each buffer.
using BufferShapes =
    llvm::DenseMap<const Buffer *, llvm::SmallVector<int64_t, 4>>;

/// Race and initialization checks for the shared memory of one block (one
/// tracker per block of a running cluster).
class RaceTracker {
public:
  RaceTracker(FaultLog &log, BufferShapes &shapes)
      : shapes(shapes), log(log) {}

  /// The writer of an element a TMA load wrote (no thread of the block).
  static constexpr uint32_t kAsyncProxy = UINT32_MAX - 1;

  /// Starts a block (whose ids and warps name threads in reports); `block`
  /// must outlive the block's execution.
  void beginBlock(const BlockState &block) {
    this->block = &block;
    epoch = 1;
    endNamedIntervals();
    clocks.assign(block.numThreads(), 0);
    known.assign(block.numThreads(), nullptr);
    observed.clear();
    proxyFences.assign(block.numThreads(), 0);
  }
  /// Thread `tid` executed fence.proxy.async: its earlier shared writes are
  /// visible to the async proxy.
  void proxyFence(uint32_t tid) {
    if (tid < proxyFences.size())
      ++proxyFences[tid];
  }
  /// A barrier ends the current interval. Copies in flight stay in flight:
  /// a barrier does not wait for cp.async.
  void barrier() {
    ++epoch;
    endNamedIntervals();
  }
  /// The threads `tids` completed a named barrier: their accesses before
  /// it are ordered before their accesses after it.
  void namedBarrier(llvm::ArrayRef<uint32_t> tids);

  /// Records a read of element `idx` of shared buffer `b` by thread `tid`.
  /// Returns false when the element was never written in this block.
  bool onRead(Buffer &b, int64_t idx, uint32_t tid, Operation *op) {
    ElemAccess &a = b.access[idx];
    // Fast path: written before this interval (or by this thread), and this
    // thread is already one of the recorded readers.
    if (!named && b.inFlight == 0 && a.writeEpoch != 0 &&
        (a.writeEpoch != epoch || a.writer == tid) &&
        a.readEpoch == epoch &&
        (a.reader1 == tid || a.reader2 != UINT32_MAX))
      return true;
    return onReadSlow(b, idx, tid, op);
  }
  bool onReadSlow(Buffer &b, int64_t idx, uint32_t tid, Operation *op);
  /// Records a write of element `idx` of shared buffer `b` by thread `tid`.
  void onWrite(Buffer &b, int64_t idx, uint32_t tid, Operation *op);

  /// Records that thread `tid`'s cp.async `op` starts writing element `idx`
  /// of shared buffer `b`: a write now, and in flight until asyncComplete.
  void asyncIssue(Buffer &b, int64_t idx, uint32_t tid, Operation *op);
  /// Records that a wait of thread `tid` completed its cp.async `op` to
  /// element `idx`: no longer in flight, and written now.
  void asyncComplete(Buffer &b, int64_t idx, uint32_t tid, Operation *op);
  /// Records that thread `tid`'s asynchronous `op` (a tcgen05.mma) reads
  /// element `idx` of shared buffer `b`: checked as a read now (a write of
  /// another thread in this interval is a race), and writes to it are races
  /// until asyncReadComplete. Returns false when the element was never
  /// written.
  bool asyncReadIssue(Buffer &b, int64_t idx, uint32_t tid, Operation *op);
  /// The asynchronous read of element `idx` of `b` has completed.
  void asyncReadComplete(Buffer &b, int64_t idx);
  /// Thread `tid` issued the TMA load `op`, which will write element `idx`
  /// of `b`: races with this interval's other accesses, in flight until
  /// tmaComplete.
  void tmaIssue(Buffer &b, int64_t idx, uint32_t tid, Operation *op);
  /// The TMA load `op` that thread `tid` issued has written element `idx`
  /// of `b`, completing in phase `phase` of barrier `index` of `group`: no
  /// longer in flight, written by the async proxy, visible to the threads
  /// that observe that phase.
  void tmaComplete(Buffer &b, int64_t idx, uint32_t tid, Operation *op,
                   const Buffer *group, int64_t index, uint64_t phase);
  /// A wait of thread `tid` on barrier `index` of `group` returned with
  /// `completedPhases` phases of it complete.
  void observe(const Buffer *group, int64_t index, uint32_t tid,
               uint64_t completedPhases);

  /// "[i, j]" of linear element `idx` of `b` when it has static shape
  /// `shape`, else "[idx]".
  static std::string elementName(int64_t idx, llvm::ArrayRef<int64_t> shape);

  /// The shape reports use to name elements of each buffer (the
  /// interpreter's, shared by its trackers).
  BufferShapes &shapes;

private:
  void race(FaultKind kind, Buffer &b, int64_t idx, uint32_t tid1,
            Operation *op1, uint32_t tid2, Operation *op2);

  /// Reports `message` for the accesses by `tids` at `ops` (earlier first).
  void report(FaultKind kind, Buffer &b, llvm::ArrayRef<uint32_t> tids,
              llvm::ArrayRef<Operation *> ops, std::string message);

  /// Reports an access by `tid` at `op` to an in-flight element, if it is.
  void checkInFlight(Buffer &b, int64_t idx, uint32_t tid, Operation *op,
                     bool write);
  /// The checks of a write by thread `tid` at `op` to element `idx` of
  /// `b` against the interval's other accesses (in-flight copies and reads,
  /// readers, the writer); a TMA load's write over one of the async proxy
  /// (`overAsyncProxy`) is ordered by the mbarriers, not checked.
  void checkWrite(Buffer &b, int64_t idx, uint32_t tid, Operation *op,
                  bool overAsyncProxy);
  /// Whether thread `tid` may access element `idx` of `b`, last written by
  /// a TMA load in the current interval; reports a race (a read when
  /// `!write`) naming the load when it may not.
  bool checkTmaWrite(Buffer &b, int64_t idx, uint32_t tid, Operation *op,
                     bool write);
  /// "[i, j]" of element `idx` of `b` for reports.
  std::string elementOf(const Buffer &b, int64_t idx) const;

  /// Whether the access of thread `who` at named-barrier clock `at` in this
  /// interval is unordered with thread `tid`'s now.
  bool concurrent(uint32_t who, uint32_t at, uint32_t tid) const {
    if (who == tid)
      return false;
    if (!named || tid >= known.size() || !known[tid])
      return true;
    auto it = known[tid]->find(who);
    return it == known[tid]->end() || it->second <= at;
  }
  /// Thread `tid`'s named-barrier clock (0 before its first).
  uint32_t clockOf(uint32_t tid) const {
    return named && tid < clocks.size() ? clocks[tid] : 0;
  }
  /// Records the read of element `idx` by thread `tid` at `op` among the
  /// interval's readers.
  void recordRead(Buffer &b, int64_t idx, ElemAccess &a, uint32_t tid,
                  Operation *op);
  /// Forgets the named barriers' orders (a block barrier orders all).
  void endNamedIntervals() {
    if (!named)
      return;
    named = false;
    std::fill(clocks.begin(), clocks.end(), 0);
    std::fill(known.begin(), known.end(), nullptr);
    extraReaders.clear();
  }

  /// Per mbarrier and thread: the phases complete when the thread's last
  /// wait on it returned.
  llvm::DenseMap<std::pair<const Buffer *, int64_t>, std::vector<uint64_t>>
      observed;
  /// Per thread of the block: the async-proxy fences it executed.
  std::vector<uint32_t> proxyFences;

  /// Named barriers (see the file comment): whether this interval has had
  /// one, the last one's clock, per thread its clock and what it knows of
  /// the others' (shared by the threads that arrived together), and the
  /// readers past two of an element, as (thread, clock, op).
  bool named = false;
  uint32_t lastClock = 0;
  std::vector<uint32_t> clocks;
  using Knowledge = llvm::DenseMap<uint32_t, uint32_t>;
  std::vector<std::shared_ptr<const Knowledge>> known;
  struct Reader {
    uint32_t tid, clock;
    Operation *op;
  };
  llvm::DenseMap<std::pair<const Buffer *, int64_t>,
                 llvm::SmallVector<Reader, 2>>
      extraReaders;

  FaultLog &log;
  const BlockState *block = nullptr;
  uint32_t epoch = 1;
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_RACETRACKER_H
