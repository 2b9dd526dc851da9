//===- RaceTracker.cpp - uop-sim shared-memory race tracker ---------------===//
//
// Implements the per-element race bookkeeping described in RaceTracker.h.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/RaceTracker.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::uop::sim;

std::string RaceTracker::elementName(int64_t idx,
                                     llvm::ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "[" + std::to_string(idx) + "]";
  llvm::SmallVector<int64_t, 4> pos(shape.size());
  for (int d = (int)shape.size() - 1; d >= 0; --d) {
    pos[d] = shape[d] ? idx % shape[d] : 0;
    idx = shape[d] ? idx / shape[d] : 0;
  }
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(pos, os);
  os << "]";
  return s;
}

void RaceTracker::race(FaultKind kind, Buffer &b, int64_t idx, uint32_t tid1,
                       Operation *op1, uint32_t tid2, Operation *op2) {
  // Name the earlier access first: "write by thread T2 at L2, read by thread
  // T1 at L1" reads in program order.
  const char *first = kind == FaultKind::RaceWAR ? "read" : "write";
  const char *second = kind == FaultKind::RaceRAW ? "read" : "write";
  auto it = shapes.find(&b);
  std::string elem =
      elementName(idx, it == shapes.end() ? llvm::ArrayRef<int64_t>()
                                          : llvm::ArrayRef(it->second));
  std::string msg =
      (llvm::Twine(getFaultKindName(kind)) + " on shared " + b.name + elem +
       " in block " + block->name() + ": " + first + " by thread " +
       block->threadName(tid2) + " at " + formatLoc(op2->getLoc()) + ", " +
       second + " by thread " + block->threadName(tid1) + " at " +
       formatLoc(op1->getLoc()))
          .str();
  report(kind, b, {tid2, tid1}, {op2, op1}, std::move(msg));
}

void RaceTracker::report(FaultKind kind, Buffer &b,
                         llvm::ArrayRef<uint32_t> tids,
                         llvm::ArrayRef<Operation *> ops, std::string message) {
  Fault f;
  f.kind = kind;
  f.buffer = b.name;
  f.block = block->blockId;
  f.message = std::move(message);
  for (uint32_t tid : tids)
    f.threads.push_back(block->thread(tid));
  for (Operation *op : ops)
    f.locations.push_back(op->getLoc());
  // The site is the access that found the fault and the earlier one.
  log.report(std::move(f), &b, ops.back(),
             ops.size() > 1 ? ops.front() : nullptr);
}

std::string RaceTracker::elementOf(const Buffer &b, int64_t idx) const {
  auto it = shapes.find(&b);
  return elementName(idx, it == shapes.end() ? llvm::ArrayRef<int64_t>()
                                             : llvm::ArrayRef(it->second));
}

/// A TMA load (uop.tma_load or nvgpu.tma.async.load).
static bool isTmaOp(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name == "uop.tma_load" || name == "nvgpu.tma.async.load";
}

/// What ends the asynchronous read of `op` (for reports).
static const char *asyncReadEnd(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name == "uop.wgmma_mma")
    return "a wgmma.wait_group completes its group";
  if (name == "uop.tma_store" || name == "nvgpu.tma.async.store")
    return "a cp.async.bulk.wait_group.read of the issuing thread";
  return "the mbarrier phase of its commit completes";
}

void RaceTracker::checkInFlight(Buffer &b, int64_t idx, uint32_t tid,
                                Operation *op, bool write) {
  const AsyncAccess *f = b.findAsync(idx);
  if (!f)
    return;
  if (write && f->reads) {
    std::string msg =
        (llvm::Twine(getFaultKindName(FaultKind::RaceWAR)) + " on shared " +
         b.name + elementOf(b, idx) + " in block " + block->name() + ": " +
         f->readOp->getName().getStringRef() + " by thread " +
         block->threadName(f->readTid) + " at " +
         formatLoc(f->readOp->getLoc()) + " reads it (in flight until " +
         asyncReadEnd(f->readOp) + "), write by thread " +
         block->threadName(tid) + " at " + formatLoc(op->getLoc()))
            .str();
    report(FaultKind::RaceWAR, b, {f->readTid, tid}, {f->readOp, op},
           std::move(msg));
  }
  if (!f->writes)
    return;
  // The copy may land before or after this access: its value is undefined
  // until a wait completes the copy's group, even for the issuing thread.
  FaultKind kind = write ? FaultKind::RaceWAW : FaultKind::RaceRAW;
  std::string msg =
      (llvm::Twine(getFaultKindName(kind)) + " on shared " + b.name +
       elementOf(b, idx) + " in block " + block->name() + ": " +
       f->writeOp->getName().getStringRef() + " by thread " +
       block->threadName(f->writeTid) + " at " +
       formatLoc(f->writeOp->getLoc()) +
       (isTmaOp(f->writeOp)
            ? " (in flight until its mbarrier phase completes), "
            : " (in flight until a wait of its group), ") +
       (write ? "write" : "read") + " by thread " + block->threadName(tid) +
       " at " + formatLoc(op->getLoc()))
          .str();
  report(kind, b, {f->writeTid, tid}, {f->writeOp, op}, std::move(msg));
}

/// Counts one more asynchronous write of an element `b` records in `a`
/// (the first names the element's in-flight copy).
static void beginAsyncWrite(Buffer &b, AsyncAccess &a, uint32_t tid,
                            Operation *op) {
  if (a.writes++ == 0) {
    a.writeTid = tid;
    a.writeOp = op;
    ++b.inFlight;
  }
}

/// Counts one asynchronous write of element `idx` of `b` complete.
static void endAsyncWrite(Buffer &b, int64_t idx) {
  if (b.async.empty())
    return;
  AsyncAccess &a = b.async[size_t(idx)];
  if (a.writes && --a.writes == 0)
    --b.inFlight;
}

void RaceTracker::asyncIssue(Buffer &b, int64_t idx, uint32_t tid,
                             Operation *op) {
  onWrite(b, idx, tid, op);
  beginAsyncWrite(b, b.asyncAt(idx), tid, op);
}

void RaceTracker::asyncComplete(Buffer &b, int64_t idx, uint32_t tid,
                                Operation *op) {
  endAsyncWrite(b, idx);
  onWrite(b, idx, tid, op);
}

bool RaceTracker::asyncReadIssue(Buffer &b, int64_t idx, uint32_t tid,
                                 Operation *op) {
  // Checked as a read, but not recorded as one of the interval's: the MMA
  // is ordered with later accesses by the mbarrier wait of its commit, not
  // by barriers, and until then it is in flight.
  if (b.inFlight)
    checkInFlight(b, idx, tid, op, /*write=*/false);
  bool ok = true;
  ElemAccess &a = b.access[idx];
  if (a.writeEpoch == 0) {
    report(FaultKind::UninitializedRead, b, {tid}, {op},
           (llvm::Twine("uninitialized read of shared ") + b.name +
            elementOf(b, idx) + " in block " + block->name() + " by " +
            op->getName().getStringRef() + " of thread " +
            block->threadName(tid) + " at " + formatLoc(op->getLoc()) +
            ": no thread of the block wrote it")
               .str());
    ok = false;
  } else if (a.writeEpoch == epoch && a.writer == kAsyncProxy) {
    checkTmaWrite(b, idx, tid, op, /*write=*/false);
  } else if (a.writeEpoch == epoch &&
             concurrent(a.writer, a.writeClock, tid)) {
    race(FaultKind::RaceRAW, b, idx, tid, op, a.writer, a.writeOp);
  } else if (a.writer < proxyFences.size() &&
             proxyFences[a.writer] == a.writerFences) {
    report(FaultKind::RaceRAW, b, {a.writer, tid}, {a.writeOp, op},
           (llvm::Twine(getFaultKindName(FaultKind::RaceRAW)) +
            " across proxies on shared " + b.name + elementOf(b, idx) +
            " in block " + block->name() + ": write by thread " +
            block->threadName(a.writer) + " at " +
            formatLoc(a.writeOp->getLoc()) + ", read through the async "
            "proxy by " + op->getName().getStringRef() + " of thread " +
            block->threadName(tid) + " at " + formatLoc(op->getLoc()) +
            " with no fence.proxy.async by the writer after its write")
               .str());
  }
  AsyncAccess &r = b.asyncAt(idx);
  if (r.reads++ == 0) {
    r.readTid = tid;
    r.readOp = op;
    ++b.inFlight;
  }
  return ok;
}

void RaceTracker::asyncReadComplete(Buffer &b, int64_t idx) {
  if (b.async.empty())
    return;
  AsyncAccess &r = b.async[size_t(idx)];
  if (r.reads && --r.reads == 0)
    --b.inFlight;
}

void RaceTracker::checkWrite(Buffer &b, int64_t idx, uint32_t tid,
                             Operation *op, bool overAsyncProxy) {
  if (b.inFlight)
    checkInFlight(b, idx, tid, op, /*write=*/true);
  ElemAccess &a = b.access[idx];
  if (a.readEpoch == epoch) {
    if (concurrent(a.reader1, a.read1Clock, tid)) {
      race(FaultKind::RaceWAR, b, idx, tid, op, a.reader1, a.read1Op);
    } else if (a.reader2 != UINT32_MAX &&
               concurrent(a.reader2, a.read2Clock, tid)) {
      race(FaultKind::RaceWAR, b, idx, tid, op, a.reader2, a.read2Op);
    } else if (named) {
      auto extra = extraReaders.find({&b, idx});
      if (extra != extraReaders.end())
        for (const Reader &r : extra->second)
          if (concurrent(r.tid, r.clock, tid)) {
            race(FaultKind::RaceWAR, b, idx, tid, op, r.tid, r.op);
            break;
          }
    }
  }
  if (a.writeEpoch != epoch || !concurrent(a.writer, a.writeClock, tid))
    return;
  if (a.writer != kAsyncProxy)
    race(FaultKind::RaceWAW, b, idx, tid, op, a.writer, a.writeOp);
  else if (!overAsyncProxy)
    checkTmaWrite(b, idx, tid, op, /*write=*/true);
}

void RaceTracker::tmaIssue(Buffer &b, int64_t idx, uint32_t tid,
                           Operation *op) {
  // Threads reading the old contents in this interval race with the copy.
  // A tile a TMA load wrote before is overwritten in the async proxy's
  // order (its reuse is ordered by the mbarriers of the ring).
  checkWrite(b, idx, tid, op, /*overAsyncProxy=*/true);
  beginAsyncWrite(b, b.asyncAt(idx), tid, op);
}

void RaceTracker::tmaComplete(Buffer &b, int64_t idx, uint32_t tid,
                              Operation *op, const Buffer *group,
                              int64_t index, uint64_t phase) {
  endAsyncWrite(b, idx);
  ElemAccess &a = b.access[idx];
  a.writeEpoch = epoch;
  a.writer = kAsyncProxy;
  a.writeOp = op;
  a.writerFences = 0;
  a.writeClock = 0;
  AsyncAccess &t = b.asyncAt(idx);
  t.tmaOp = op;
  t.tmaTid = tid;
  t.tmaGroup = group;
  t.tmaIndex = index;
  t.tmaPhase = phase;
}

void RaceTracker::observe(const Buffer *group, int64_t index, uint32_t tid,
                          uint64_t completedPhases) {
  std::vector<uint64_t> &seen = observed[{group, index}];
  if (seen.size() <= tid)
    seen.resize(size_t(tid) + 1, 0);
  seen[tid] = std::max(seen[tid], completedPhases);
}

bool RaceTracker::checkTmaWrite(Buffer &b, int64_t idx, uint32_t tid,
                                Operation *op, bool write) {
  const AsyncAccess *w = b.findAsync(idx);
  if (!w || !w->tmaOp)
    return true;
  const AsyncAccess &t = *w;
  auto seen = observed.find({t.tmaGroup, t.tmaIndex});
  if (seen != observed.end() && tid < seen->second.size() &&
      seen->second[tid] > t.tmaPhase)
    return true;
  FaultKind kind = write ? FaultKind::RaceWAW : FaultKind::RaceRAW;
  std::string msg =
      (llvm::Twine(getFaultKindName(kind)) + " on shared " + b.name +
       elementOf(b, idx) + " in block " + block->name() + ": " +
       t.tmaOp->getName().getStringRef() + " by thread " +
       block->threadName(t.tmaTid) + " at " + formatLoc(t.tmaOp->getLoc()) +
       " wrote it, completing phase " + std::to_string(t.tmaPhase) +
       " of mbarrier " + t.tmaGroup->name + "[" +
       std::to_string(t.tmaIndex) +
       "]; " + (write ? "write" : "read") + " by thread " +
       block->threadName(tid) + " at " + formatLoc(op->getLoc()) +
       ", which has not waited for that phase")
          .str();
  report(kind, b, {t.tmaTid, tid}, {t.tmaOp, op}, std::move(msg));
  return false;
}

bool RaceTracker::onReadSlow(Buffer &b, int64_t idx, uint32_t tid,
                         Operation *op) {
  if (b.inFlight)
    checkInFlight(b, idx, tid, op, /*write=*/false);
  ElemAccess &a = b.access[idx];
  if (a.writeEpoch == 0) {
    auto it = shapes.find(&b);
    std::string elem =
        elementName(idx, it == shapes.end() ? llvm::ArrayRef<int64_t>()
                                            : llvm::ArrayRef(it->second));
    report(FaultKind::UninitializedRead, b, {tid}, {op},
           (llvm::Twine("uninitialized read of shared ") + b.name + elem +
            " in block " + block->name() + " by thread " +
            block->threadName(tid) + " at " + formatLoc(op->getLoc()) +
            ": no thread of the block wrote it")
               .str());
    return false;
  }
  if (a.writeEpoch == epoch && a.writer == kAsyncProxy)
    checkTmaWrite(b, idx, tid, op, /*write=*/false);
  else if (a.writeEpoch == epoch && concurrent(a.writer, a.writeClock, tid))
    race(FaultKind::RaceRAW, b, idx, tid, op, a.writer, a.writeOp);
  recordRead(b, idx, a, tid, op);
  return true;
}

void RaceTracker::recordRead(Buffer &b, int64_t idx, ElemAccess &a,
                             uint32_t tid, Operation *op) {
  uint32_t clock = clockOf(tid);
  if (a.readEpoch != epoch) {
    a.readEpoch = epoch;
    a.reader1 = tid;
    a.read1Op = op;
    a.read1Clock = clock;
    a.reader2 = UINT32_MAX;
    return;
  }
  if (!named) {
    // Every pair of accesses of the interval by different threads is
    // unordered: two readers name a conflicting one for any writer.
    if (a.reader2 == UINT32_MAX && a.reader1 != tid) {
      a.reader2 = tid;
      a.read2Op = op;
    }
    return;
  }
  // A later read of a recorded reader, or one ordered after a recorded
  // read, takes its place: a writer ordered after it is ordered after the
  // read it replaces.
  if (a.reader1 == tid || !concurrent(a.reader1, a.read1Clock, tid)) {
    a.reader1 = tid;
    a.read1Op = op;
    a.read1Clock = clock;
    return;
  }
  if (a.reader2 == UINT32_MAX || a.reader2 == tid ||
      !concurrent(a.reader2, a.read2Clock, tid)) {
    a.reader2 = tid;
    a.read2Op = op;
    a.read2Clock = clock;
    return;
  }
  llvm::SmallVector<Reader, 2> &extra = extraReaders[{&b, idx}];
  for (Reader &r : extra)
    if (r.tid == tid || !concurrent(r.tid, r.clock, tid)) {
      r = Reader{tid, clock, op};
      return;
    }
  extra.push_back(Reader{tid, clock, op});
}

void RaceTracker::namedBarrier(llvm::ArrayRef<uint32_t> tids) {
  named = true;
  uint32_t clock = ++lastClock;
  // What the arriving threads knew, joined, and each of them at this
  // barrier: every access of theirs before it is ordered before every
  // access of theirs after it.
  auto joined = std::make_shared<Knowledge>();
  llvm::SmallPtrSet<const Knowledge *, 4> seen;
  for (uint32_t t : tids) {
    if (t >= known.size() || !known[t] || !seen.insert(known[t].get()).second)
      continue;
    for (auto [who, c] : *known[t]) {
      uint32_t &mine = (*joined)[who];
      mine = std::max(mine, c);
    }
  }
  for (uint32_t t : tids)
    (*joined)[t] = clock;
  std::shared_ptr<const Knowledge> shared = std::move(joined);
  for (uint32_t t : tids) {
    if (t >= known.size())
      continue;
    clocks[t] = clock;
    known[t] = shared;
  }
}

void RaceTracker::onWrite(Buffer &b, int64_t idx, uint32_t tid,
                          Operation *op) {
  checkWrite(b, idx, tid, op, /*overAsyncProxy=*/false);
  ElemAccess &a = b.access[idx];
  a.writeEpoch = epoch;
  a.writer = tid;
  a.writeOp = op;
  a.writerFences = tid < proxyFences.size() ? proxyFences[tid] : 0;
  a.writeClock = clockOf(tid);
}
