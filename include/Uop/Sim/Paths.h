//===- Paths.h - interleaved execution of divergent paths -------*- C++ -*-===//
//
// Warp-specialized kernels give the warps of a block different roles in
// the two branches of one `scf.if` (a producer warp issuing TMA loads, MMA
// warpgroups consuming them) that talk through mbarriers: one branch waits
// for arrivals the other makes later. Lockstep execution of one branch
// after the other cannot run that: the first branch to wait would wait
// for a branch that has not started.
//
// `PathScheduler` runs such branches as *paths*: separate executions of
// the interpreter, each with its own active mask, that take turns. A path
// runs until it finishes or reaches an mbarrier wait whose phase is not
// complete; then another path that can make progress runs. The turns are
// passed between host threads (one per path, so that a path can stop in
// the middle of the interpreter's recursion), exactly one of which runs at
// any time: the simulation stays single-threaded and deterministic (the
// next path is the first one after the current in creation order that can
// run). The branches reconverge at the end of the `scf.if`: the path that
// reached it waits until every branch has finished.
//
// The blocks of a thread-block cluster wait for each other too (a cluster
// barrier, an mbarrier another block arrives on, a load another block
// multicasts): a cluster launch runs each of its blocks as a path of one
// `run`, each with its own block state, and a block's divergent branches
// become paths nested in its own.
//
// With a preemption seed (SimOptions::preemptSeed) a path may also hand
// the turn on at a wait that is already satisfied, so that the other paths
// run ahead of it: the interleavings of warps and blocks that hardware may
// choose and the default order never does (a block's consumers that fall
// a k-tile behind its peer's, say). Each seed is one deterministic order.
//
// When no path can make progress, the wait of the path that blocked last
// is a deadlock (MBarrier.cpp reports it). When a path fails (a fault that
// ends the run, bad input), every waiting path is woken to unwind without
// running on.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_PATHS_H
#define UOP_SIM_PATHS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace mlir::uop::sim {

class Interpreter;
class RaceTracker;
struct BlockState;

/// What a path's wait for a condition came to.
enum class WaitOutcome {
  /// The condition holds: go on.
  Ready,
  /// No path can make progress: the condition never will hold.
  Deadlock,
  /// Another path failed: unwind without running on.
  Aborted,
};

/// The interpreter state that belongs to one path (saved when it stops,
/// restored when it runs again).
struct PathContext {
  const uint8_t *mask = nullptr;
  void *frame = nullptr;
  unsigned callDepth = 0;
  /// The block the path belongs to and its race tracker: the blocks of a
  /// thread-block cluster run as paths of one `run`.
  BlockState *block = nullptr;
  RaceTracker *races = nullptr;
};

/// The paths of the running block, or of the running cluster's blocks
/// (see the file comment).
class PathScheduler {
public:
  explicit PathScheduler(Interpreter &I) : I(I) {}
  ~PathScheduler();
  PathScheduler(const PathScheduler &) = delete;
  PathScheduler &operator=(const PathScheduler &) = delete;

  /// Runs each of `paths` as a path of its own and returns when all have
  /// finished: failure when any failed. `op` (the branch) is named when a
  /// path cannot be started.
  LogicalResult run(Operation *op,
                    ArrayRef<std::function<LogicalResult()>> paths);

  /// Stops the running path until `ready` holds (evaluated whenever a
  /// path stops, by whichever path stops); returns at once when it holds
  /// already. Outside of `run`, or when no other path can run, returns
  /// Deadlock for a condition that does not hold.
  WaitOutcome waitUntil(std::function<bool()> ready);

  /// True while paths run (inside `run`).
  bool active() const { return running != nullptr; }

  /// Seeds the preemption of satisfied waits (SimOptions::preemptSeed; 0:
  /// none).
  void setPreemptSeed(uint64_t seed);

private:
  struct Path {
    std::function<LogicalResult()> body;
    /// Set while the path waits: the condition it waits for.
    std::function<bool()> ready;
    /// Waiting for its child paths (not for an mbarrier).
    bool joining = false;
    bool started = false, done = false, failed = false;
    unsigned liveChildren = 0;
    Path *parent = nullptr;
    WaitOutcome outcome = WaitOutcome::Ready;
    PathContext context;
  };

  /// The body of the host thread of `p`.
  void threadMain(Path *p);
  /// Stops `cur` (whose `ready` is set) and runs other paths until `cur`
  /// is picked again; returns its outcome.
  WaitOutcome stop(Path *cur);
  /// The path to run after `cur` stopped or finished; sets its outcome.
  /// Called with the lock held.
  Path *pickNext(Path *cur);
  /// Evaluates the condition `p` waits for in `p`'s own context.
  bool readyIn(Path *p);
  /// Gives the turn to `next` (lock held).
  void handTo(Path *next);
  /// Whether a satisfied wait hands the turn on this time.
  bool preemptNow();

  Interpreter &I;
  std::mutex mutex;
  std::condition_variable turn;
  /// The path that has the turn; null outside of `run`.
  Path *running = nullptr;
  /// Live paths in creation order (the order turns go round).
  std::vector<Path *> paths;
  std::vector<std::unique_ptr<Path>> owned;
  /// Set when a path failed.
  bool aborted = false;
  /// The preemption sequence's state (xorshift64); 0: no preemption.
  uint64_t preemptState = 0;
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_PATHS_H
