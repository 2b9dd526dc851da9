//===- MBarrier.cpp - mbarrier semantics for uop-sim ----------------------===//
//
// Implements MBarrier.h: mbarrier groups as shared buffers, the phase,
// arrival and transaction-count state machine of each barrier, and waits
// that either return or are reported as a deadlock.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/MBarrier.h"
#include "Uop/Sim/TensorCore.h"
#include "Uop/Sim/TensorMemory.h"
#include "Uop/Sim/Tma.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::uop::sim;

/// The largest arrival count and transaction count of an mbarrier (20-bit
/// fields of the barrier object).
static constexpr int64_t kMaxCount = (int64_t(1) << 20) - 1;

namespace {
/// Refuses an mbarrier op outside a kernel: a barrier belongs to a block.
LogicalResult requireKernel(Interpreter &I, Operation *op) {
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "expected an mbarrier operation in a kernel");
  return success();
}

/// "%bars[1]": the barrier `index` of the group `g`.
std::string barrierName(const SimValue &g, int64_t index) {
  return g.buffer->name + "[" + std::to_string(index) + "]";
}

/// The state of barrier `index` of group `g` for `lane`, or null after an
/// out-of-bounds fault.
MBarrierState *lookup(Interpreter &I, Operation *op, const SimValue &g,
                      int64_t index, unsigned lane) {
  if (index < 0 || g.sizes.empty() || index >= g.sizes[0]) {
    std::string msg = "out of bounds: " + op->getName().getStringRef().str() +
                      " of mbarrier " + barrierName(g, index) + " (group of " +
                      std::to_string(g.sizes.empty() ? 0 : g.sizes[0]) +
                      ") in block " + I.block()->name() + " by thread " +
                      I.block()->threadName(I.threadOf(lane)) + " at " +
                      formatLoc(op->getLoc());
    I.reportFault(FaultKind::OutOfBounds, g.buffer, op, {lane},
                  std::move(msg));
    return nullptr;
  }
  return &I.block()->mbarriers[{g.buffer, index}];
}

/// Reports an mbarrier misuse by `lane` at `op`: "<what> (<why>)".
void misuse(Interpreter &I, Operation *op, const SimValue &g, int64_t index,
            unsigned lane, const std::string &what) {
  std::string msg = "mbarrier misuse at " + formatLoc(op->getLoc()) +
                    " in block " + I.block()->name() + ": thread " +
                    I.block()->threadName(I.threadOf(lane)) + " " + what +
                    " mbarrier " + barrierName(g, index);
  I.reportFault(FaultKind::MBarrier, g.buffer, op, {lane}, std::move(msg));
}

/// Whether `lane` takes part: active, and `predicate` (if any) true.
bool takesPart(Interpreter &I, Value predicate, unsigned lane) {
  return I.isActive(lane) && (!predicate || I.get(predicate).at(lane).i & 1);
}

/// Whether the phase of parity `want` of barrier `index` of `group` has
/// completed, completing first what is asynchronously in flight on it
/// (TMA loads, tcgen05 commits) as far as the wait needs. An absent or
/// uninitialized barrier counts as complete (the wait reports it).
bool phaseDone(Interpreter &I, const Buffer *group, int64_t index,
               unsigned want) {
  auto found = I.block()->mbarriers.find({group, index});
  if (found == I.block()->mbarriers.end() || !found->second.initialized)
    return true;
  MBarrierState &b = found->second;
  auto completed = [&] { return (b.phase & 1) != want; };
  if (!completed())
    tma::completeLoads(I, group, index, completed);
  if (!completed())
    tmem::completeCommits(I, group, index, completed);
  return completed();
}

/// Completes the phase of `b` when nothing is pending.
void maybeComplete(MBarrierState &b) {
  if (b.pendingArrivals == 0 && b.pendingBytes == 0) {
    ++b.phase;
    b.pendingArrivals = b.expected;
  }
}
} // namespace

LogicalResult mbarrier::create(Interpreter &I, Operation *op, Value result,
                               int64_t numBarriers) {
  if (failed(requireKernel(I, op)))
    return failure();
  MLIRContext *ctx = op->getContext();
  auto type = MemRefType::get(
      {numBarriers}, IntegerType::get(ctx, 64), MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  FailureOr<Buffer *> b = I.getSharedBuffer(op, op, type, I.nameOf(result));
  if (failed(b))
    return failure();
  Interpreter::describe(I.def(result), *b, {numBarriers});
  return success();
}

LogicalResult mbarrier::init(Interpreter &I, Operation *op, Value group,
                             Value index, Value count, Value predicate) {
  if (failed(requireKernel(I, op)))
    return failure();
  const SimValue &g = I.get(group), &idx = I.get(index), &n = I.get(count);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!takesPart(I, predicate, lane))
      continue;
    int64_t i = idx.at(lane).i, expected = n.at(lane).i;
    MBarrierState *b = lookup(I, op, g, i, lane);
    if (!b)
      continue;
    if (expected < 1 || expected > kMaxCount) {
      misuse(I, op, g, i, lane,
             "initialized with an arrival count of " +
                 std::to_string(expected) + ", outside [1, 2^20 - 1], the");
      continue;
    }
    *b = MBarrierState();
    b->initialized = true;
    b->expected = b->pendingArrivals = uint32_t(expected);
    b->initClusterArrivals =
        I.kernel()->cluster[I.block()->clusterRank].clusterArrivals;
  }
  return success();
}

/// The barrier `index` of group `g` in the block of cluster rank `rank`
/// that `lane` arrives on remotely, or null after a fault: a rank outside
/// the cluster, a block that has exited, an index out of bounds.
static MBarrierState *lookupRemote(Interpreter &I, Operation *op,
                                   const SimValue &g, int64_t index,
                                   int64_t rank, unsigned lane) {
  Interpreter::KernelState &ks = *I.kernel();
  BlockState &me = *I.block();
  std::string who = op->getName().getStringRef().str() + " by thread " +
                    me.threadName(I.threadOf(lane)) + " in block " +
                    me.name() + " at " + formatLoc(op->getLoc());
  if (rank < 0 || rank >= int64_t(ks.cluster.size())) {
    I.reportFault(FaultKind::OutOfBounds, g.buffer, op, {lane},
                  "out of bounds: " + who + ": it arrives on mbarrier " +
                      barrierName(g, index) + " of cluster rank " +
                      std::to_string(rank) + ", outside the cluster of " +
                      std::to_string(ks.cluster.size()) + " block(s)");
    return nullptr;
  }
  if (rank == me.clusterRank)
    return lookup(I, op, g, index, lane);
  const Interpreter::KernelState::ClusterBlock &to = ks.cluster[rank];
  if (to.exited) {
    I.reportFault(FaultKind::MBarrier, g.buffer, op, {lane},
                  "mbarrier misuse: " + who + ": it arrives on mbarrier " +
                      barrierName(g, index) + " of block " +
                      to.state->name() + ", which has exited");
    return nullptr;
  }
  // lookup reports the index out of bounds.
  if (index < 0 || g.sizes.empty() || index >= g.sizes[0])
    return lookup(I, op, g, index, lane);
  MBarrierState *b =
      mbarrier::reachableBarrier(I, g.buffer, index, unsigned(rank));
  if (!b) {
    I.reportFault(FaultKind::MBarrier, g.buffer, op, {lane},
                  "mbarrier misuse: " + who + ": it arrives on mbarrier " +
                      barrierName(g, index) + " of block " +
                      to.state->name() +
                      ", whose initialization no cluster barrier orders "
                      "before the arrival");
    return nullptr;
  }
  return b;
}

MBarrierState *mbarrier::reachableBarrier(Interpreter &I, const Buffer *group,
                                          int64_t index, unsigned rank) {
  Interpreter::KernelState &ks = *I.kernel();
  unsigned self = I.block()->clusterRank;
  const Buffer *at = rank == self ? group : I.peerBuffer(group, rank);
  if (!at)
    return nullptr;
  auto &barriers = ks.cluster[rank].state->mbarriers;
  auto found = barriers.find({at, index});
  if (found == barriers.end() || !found->second.initialized)
    return nullptr;
  // A peer initialized the barrier before its arrival number
  // initClusterArrivals + 1: this block must have seen that arrival
  // complete.
  if (rank != self &&
      ks.cluster[self].clusterSeen <= found->second.initClusterArrivals)
    return nullptr;
  return &found->second;
}

LogicalResult mbarrier::arrive(Interpreter &I, Operation *op, Value group,
                               Value index, Value expectTx, Value predicate,
                               Value cta) {
  if (failed(requireKernel(I, op)))
    return failure();
  const SimValue &g = I.get(group), &idx = I.get(index);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!takesPart(I, predicate, lane))
      continue;
    int64_t i = idx.at(lane).i;
    MBarrierState *b =
        cta ? lookupRemote(I, op, g, i, I.get(cta).at(lane).i, lane)
            : lookup(I, op, g, i, lane);
    if (!b)
      continue;
    if (!b->initialized) {
      misuse(I, op, g, i, lane,
             cta ? "arrived (remotely, on cluster rank " +
                       std::to_string(I.get(cta).at(lane).i) +
                       ") on the uninitialized"
                 : "arrived on the uninitialized");
      continue;
    }
    if (expectTx) {
      int64_t bytes = I.get(expectTx).at(lane).i;
      if (bytes < 0 || b->pendingBytes + bytes > kMaxCount) {
        misuse(I, op, g, i, lane,
               "raised the transaction count by " + std::to_string(bytes) +
                   " bytes past 2^20 - 1 on the");
        continue;
      }
      b->pendingBytes += bytes;
    }
    if (b->pendingArrivals == 0) {
      // Only possible while transaction bytes hold the phase open.
      misuse(I, op, g, i, lane,
             "arrived more often than the phase expects (" +
                 std::to_string(b->expected) + " arrivals) on the");
      continue;
    }
    --b->pendingArrivals;
    if (b->pendingArrivals == 0 && b->pendingBytes < 0) {
      // Loads completed more bytes than every expect_tx of the phase
      // announced (they landed ahead of the last arrival).
      misuse(I, op, g, i, lane,
             "made the phase's last arrival with " +
                 std::to_string(-b->pendingBytes) +
                 " transaction bytes completed beyond what expect_tx "
                 "announced (expect_tx announced too few) on the");
      continue;
    }
    maybeComplete(*b);
  }
  return success();
}

LogicalResult mbarrier::wait(Interpreter &I, Operation *op, Value group,
                             Value index, Value parity) {
  if (failed(requireKernel(I, op)))
    return failure();
  const SimValue &g = I.get(group), &idx = I.get(index), &p = I.get(parity);
  bool orders = I.allActive();
  // Among interleaved paths (warp specialization), the phase may still be
  // completed by another path: wait for it (the barriers and parities the
  // active lanes wait for, once each). Each lane waits on its own, as on
  // the hardware: a pair is done once its phase has been seen complete,
  // even if the barrier has moved on since (lanes waiting for both
  // parities of one barrier pass one after the other); `seen` keeps the
  // phase count each pair was seen at.
  bool paths = I.getPaths().active();
  std::vector<std::pair<int64_t, unsigned>> waits;
  std::vector<uint64_t> seen; // 0: not yet; else completed phases + 1
  if (paths) {
    int64_t groupSize = g.sizes.empty() ? 0 : g.sizes[0];
    for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
      if (!I.isActive(lane))
        continue;
      std::pair<int64_t, unsigned> w = {idx.at(lane).i,
                                        unsigned(p.at(lane).i & 1)};
      if (w.first >= 0 && w.first < groupSize && !llvm::is_contained(waits, w))
        waits.push_back(w);
    }
    seen.assign(waits.size(), 0);
    const Buffer *buffer = g.buffer;
    auto ready = [&I, buffer, &waits, &seen] {
      bool all = true;
      for (size_t k = 0; k < waits.size(); ++k) {
        if (seen[k])
          continue;
        auto [i, want] = waits[k];
        auto found = I.block()->mbarriers.find({buffer, i});
        if (found == I.block()->mbarriers.end() || !found->second.initialized)
          continue; // not waited for: the wait reports the misuse
        if (phaseDone(I, buffer, i, want))
          seen[k] = found->second.phase + 1;
        else
          all = false;
      }
      return all;
    };
    if (I.getPaths().waitUntil(ready) == WaitOutcome::Aborted)
      return failure();
  }
  // The phase count a lane's wait saw complete among paths, or 0.
  auto seenFor = [&](int64_t i, unsigned want) -> uint64_t {
    for (size_t k = 0; k < waits.size(); ++k)
      if (waits[k] == std::make_pair(i, want))
        return seen[k];
    return 0;
  };
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane))
      continue;
    int64_t i = idx.at(lane).i;
    MBarrierState *b = lookup(I, op, g, i, lane);
    if (!b)
      continue;
    if (!b->initialized) {
      misuse(I, op, g, i, lane, "waited on the uninitialized");
      orders = false;
      continue;
    }
    unsigned want = unsigned(p.at(lane).i & 1);
    if (uint64_t phases = seenFor(i, want)) {
      // Seen complete while the path waited (the barrier may have moved
      // on since).
      I.getRaces().observe(g.buffer, i, I.threadOf(lane), phases - 1);
      tmem::noteSync(I, I.threadOf(lane));
      orders = false;
      continue;
    }
    // The phase of parity `want` has completed when the current one has
    // the other parity. Asynchronous arrivals (tcgen05.commit) still in
    // flight complete only now that a wait needs them.
    auto completed = [&] { return (b->phase & 1) != want; };
    if (!completed())
      tma::completeLoads(I, g.buffer, i, completed);
    if (!completed())
      tmem::completeCommits(I, g.buffer, i, completed);
    if (completed()) {
      orders = orders && b->expected == I.block()->numThreads();
      I.getRaces().observe(g.buffer, i, I.threadOf(lane), b->phase);
      tmem::noteSync(I, I.threadOf(lane));
      continue;
    }
    // Every thread that will reach this wait has (lockstep), or every
    // other path has finished or waits too: nothing can arrive any more.
    std::string msg =
        "deadlock at " + formatLoc(op->getLoc()) + " in block " +
        I.block()->name() + ": thread " +
        I.block()->threadName(I.threadOf(lane)) + " waits for phase " +
        std::to_string(b->phase) + " (parity " + std::to_string(want) +
        ") of mbarrier " + barrierName(g, i) + ", which still expects " +
        std::to_string(b->pendingArrivals) + " of " +
        std::to_string(b->expected) + " arrivals and " +
        (b->pendingBytes < 0
             ? "no transaction bytes (" +
                   std::to_string(-b->pendingBytes) +
                   " completed ahead of their expect_tx)"
             : std::to_string(b->pendingBytes) + " transaction bytes") +
        " that no thread can provide " +
        (paths ? std::string(I.kernel()->clusterSize() > 1
                                 ? "(every other path of the cluster's "
                                   "blocks has finished or waits too)"
                                 : "(every other path of the block has "
                                   "finished or waits too)")
               : std::string("(the threads of a block run in lockstep: "
                             "every thread that arrives before this wait "
                             "has)"));
    return I.fatalFault(FaultKind::Deadlock, g.buffer, op, std::move(msg));
  }
  // A wait of the whole block on a barrier every thread arrives on is a
  // block barrier for the race check.
  if (orders)
    I.getRaces().barrier();
  return success();
}

void mbarrier::arriveFrom(Interpreter &I, Operation *op, const Buffer *group,
                          int64_t index, uint32_t thread) {
  MBarrierState &b = I.block()->mbarriers[{group, index}];
  std::string what;
  if (!b.initialized)
    what = "arrived on the uninitialized";
  else if (b.pendingArrivals == 0)
    what = "arrived more often than the phase expects (" +
           std::to_string(b.expected) + " arrivals) on the";
  if (!what.empty()) {
    std::string msg = "mbarrier misuse at " + formatLoc(op->getLoc()) +
                      " in block " + I.block()->name() + ": thread " +
                      I.block()->threadName(thread) + " " + what +
                      " mbarrier " + group->name + "[" +
                      std::to_string(index) + "]";
    I.reportFault(FaultKind::MBarrier, group, op, {thread}, std::move(msg));
    return;
  }
  --b.pendingArrivals;
  maybeComplete(b);
}

void mbarrier::completeTx(Interpreter &I, Operation *op, const Buffer *group,
                          int64_t index, int64_t bytes, uint32_t thread,
                          uint64_t issuedIn) {
  MBarrierState &b = I.block()->mbarriers[{group, index}];
  std::string what;
  if (!b.initialized)
    what = "completed a transaction on the uninitialized";
  else if (issuedIn != b.phase)
    // The phase the load was issued in completed without its bytes: they
    // would count for a later phase (or, had the load landed sooner, for
    // that one), so expect_tx announced too few for it.
    what = "completed " + std::to_string(bytes) +
           " transaction bytes in phase " + std::to_string(b.phase) +
           ", issued in phase " + std::to_string(issuedIn) +
           ", which completed without them (expect_tx announced too few) "
           "on the";
  // The transaction count may go below zero while the phase still awaits
  // arrivals: a peer's multicast can land before the block's own
  // arrive.expect_tx announced it (the ISA's tx-count is signed). Once
  // every arrival is in, more bytes than expected would complete the phase
  // early.
  else if (b.pendingArrivals == 0 && bytes > b.pendingBytes)
    what = "completed " + std::to_string(bytes) +
           " transaction bytes where the phase expects " +
           std::to_string(b.pendingBytes) +
           " (expect_tx announced too few) on the";
  else if (b.pendingBytes - bytes < -kMaxCount)
    what = "lowered the transaction count below -(2^20 - 1) (bytes "
           "completed ahead of any expect_tx) on the";
  if (!what.empty()) {
    std::string msg = "mbarrier misuse at " + formatLoc(op->getLoc()) +
                      " in block " + I.block()->name() + ": the " +
                      op->getName().getStringRef().str() + " of thread " +
                      I.block()->threadName(thread) + " " + what +
                      " mbarrier " + group->name + "[" +
                      std::to_string(index) + "]";
    I.reportFault(FaultKind::MBarrier, group, op, {thread}, std::move(msg));
    return;
  }
  b.pendingBytes -= bytes;
  maybeComplete(b);
}

LogicalResult mbarrier::electLeaders(Interpreter &I, Operation *op,
                                     std::vector<uint8_t> &leaders) {
  if (failed(requireKernel(I, op)))
    return failure();
  // activeWarps reports the warps reached by only some of their lanes.
  llvm::SmallVector<unsigned> warps;
  if (failed(tensorcore::activeWarps(I, op, warps)))
    return failure();
  leaders.assign(I.numLanes(), 0);
  for (unsigned w : warps)
    leaders[I.block()->warps[w].firstThread] = 1;
  return success();
}
