//===- Tma.cpp - TMA bulk tensor loads for uop-sim ------------------------===//
//
// Implements the TMA load model described in Tma.h.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Tma.h"

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Sim/MBarrier.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;

namespace {

/// The shared address, inside its buffer, where the TMA unit writes byte
/// `offset` of a box packed from `base` with a swizzle of `swizzle` bytes.
uint64_t swizzledAddress(uint64_t base, uint64_t offset, int64_t swizzle) {
  uint64_t a = base + offset;
  if (swizzle == 0)
    return a;
  // The chunk bits [4, 4 + n) are XORed with bits [7, 7 + n), n being
  // log2(swizzle / 16): 1, 2 or 3.
  uint64_t mask = uint64_t(swizzle / 16) - 1;
  return a ^ (((a >> 7) & mask) << 4);
}

std::string hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
  return buf;
}

/// Checks, for a TMA copy of `op`, that the tensor `global` (in global
/// memory), the tile `tile` (in shared memory, packed row after row: the
/// box) and the coordinates agree; reports bad input otherwise.
LogicalResult checkOperands(Interpreter &I, Operation *op,
                            const SimValue &global, const SimValue &tile,
                            size_t numCoordinates, llvm::StringRef what) {
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "expected a TMA " + what + " in a kernel");
  if (!global.buffer || global.buffer->isShared)
    return I.unsupported(op, "expected the TMA " + what +
                                 "'s tensor in global memory");
  if (!tile.buffer || !tile.buffer->isShared)
    return I.unsupported(op, "expected the TMA " + what +
                                 "'s tile in shared memory");
  size_t rank = global.sizes.size(), tileRank = tile.sizes.size();
  if (tileRank == 0 || tileRank > rank || numCoordinates != rank)
    return I.unsupported(op, "expected a TMA " + what +
                                 " with tensor and coordinates of one rank, "
                                 "and a tile of that rank or less");
  int64_t expect = 1;
  for (size_t k = tileRank; k-- > 0;) {
    if (tile.strides[k] != expect)
      return I.unsupported(op, "expected a contiguous TMA tile");
    expect *= tile.sizes[k];
  }
  if (global.strides.back() != 1)
    return I.unsupported(op, "expected a TMA tensor contiguous in its "
                             "innermost dimension");
  return success();
}

/// The box of a TMA copy between the tensor `global` and the tile `tile`:
/// the tile's shape after as many 1s as the tensor has more dimensions.
llvm::SmallVector<int64_t, 5> boxSizes(const SimValue &global,
                                       const SimValue &tile) {
  llvm::SmallVector<int64_t, 5> box(global.sizes.size() - tile.sizes.size(),
                                    1);
  box.append(tile.sizes.begin(), tile.sizes.end());
  return box;
}

/// The shared address of `lane`'s tile `tile` of `boxBytes` bytes for the
/// TMA copy `op`, or nullopt after reporting a tile not 128-byte aligned
/// or past the end of its buffer (`verb`: what the copy does to it).
std::optional<uint64_t> tileAddress(Interpreter &I, Operation *op,
                                    const SimValue &tile, unsigned lane,
                                    int64_t boxBytes, llvm::StringRef verb) {
  uint32_t tid = I.threadOf(lane);
  int64_t elemBytes = getElementBytes(tile.buffer->elemType);
  uint64_t base = tile.buffer->sharedAddress +
                  uint64_t(tile.offset(lane)) * uint64_t(elemBytes);
  uint64_t end = tile.buffer->sharedAddress + tile.buffer->sizeInBytes();
  std::string who = op->getName().getStringRef().str() + " by thread " +
                    I.block()->threadName(tid) + " in block " +
                    I.block()->name() + " at " + formatLoc(op->getLoc());
  if (base % 128 != 0) {
    I.reportFault(FaultKind::Misaligned, tile.buffer, op, {lane},
                  "misaligned: " + who + " " + verb.str() +
                      " a tile at shared address " + hex(base) + " of " +
                      tile.buffer->name + ", which is not 128-byte aligned");
    return std::nullopt;
  }
  if (base + uint64_t(boxBytes) > end) {
    I.reportFault(FaultKind::OutOfBounds, tile.buffer, op, {lane},
                  "out of bounds: " + who + ": its box of " +
                      std::to_string(boxBytes) + " bytes at " + hex(base) +
                      " ends past " + tile.buffer->name);
    return std::nullopt;
  }
  return base;
}

/// The box's start coordinates for `lane` (outermost first). The
/// instruction's coordinates are 32-bit signed (the lowering truncates the
/// index operands), so are the simulator's.
llvm::SmallVector<int64_t, 5> boxStart(Interpreter &I, ValueRange coordinates,
                                       bool innermostFirst, unsigned lane) {
  size_t rank = coordinates.size();
  llvm::SmallVector<int64_t, 5> start(rank);
  for (size_t k = 0; k < rank; ++k)
    start[k] = int32_t(
        I.get(coordinates[innermostFirst ? rank - 1 - k : k]).at(lane).i);
  return start;
}

/// Calls `fn(e, linear)` for each element e of a box of `sizes` starting at
/// `start` of the tensor `t` (row after row), linear being the tensor's
/// element for `lane`, or -1 outside the tensor.
void forEachBoxElement(const SimValue &t, llvm::ArrayRef<int64_t> sizes,
                       llvm::ArrayRef<int64_t> start, unsigned lane,
                       llvm::function_ref<void(int64_t, int64_t)> fn) {
  size_t rank = sizes.size();
  int64_t elems = 1;
  for (int64_t d : sizes)
    elems *= d;
  llvm::SmallVector<int64_t, 5> pos(rank, 0);
  for (int64_t e = 0; e < elems; ++e) {
    bool inside = true;
    for (size_t k = 0; k < rank && inside; ++k) {
      int64_t c = start[k] + pos[k];
      inside = c >= 0 && c < t.sizes[k];
    }
    // The linear index only inside the tensor (outside, a coordinate of up
    // to 2^31 times a stride could overflow).
    int64_t linear = -1;
    if (inside) {
      linear = t.offset(lane);
      for (size_t k = 0; k < rank; ++k)
        linear += (start[k] + pos[k]) * t.strides[k];
    }
    fn(e, linear);
    for (size_t k = rank; k-- > 0;) {
      if (++pos[k] < sizes[k])
        break;
      pos[k] = 0;
    }
  }
}

/// The cluster ranks of the blocks a multicast load by `lane` with mask
/// `mask` writes to, into `ranks`; false after reporting a mask naming no
/// block, a block outside the cluster or one that has exited, or a block
/// whose barrier `index` of `group` is not initialized.
bool destinations(Interpreter &I, Operation *op, unsigned lane, uint16_t mask,
                  const Buffer *group, int64_t index,
                  llvm::SmallVectorImpl<unsigned> &ranks) {
  Interpreter::KernelState &ks = *I.kernel();
  BlockState &me = *I.block();
  std::string who = op->getName().getStringRef().str() + " by thread " +
                    me.threadName(I.threadOf(lane)) + " in block " +
                    me.name() + " at " + formatLoc(op->getLoc());
  auto fault = [&](FaultKind kind, const std::string &what) {
    I.reportFault(kind, group, op, {lane}, kind == FaultKind::MBarrier
                                               ? "mbarrier misuse: " + who +
                                                     ": " + what
                                               : "out of bounds: " + who +
                                                     ": " + what);
    return false;
  };
  size_t size = ks.cluster.size();
  if (mask == 0)
    return fault(FaultKind::OutOfBounds,
                 "its multicast mask names no block of the cluster");
  for (unsigned r = 0; r < 16; ++r) {
    if (!(mask & (1u << r)))
      continue;
    if (r >= size)
      return fault(FaultKind::OutOfBounds,
                   "its multicast mask 0x" + llvm::utohexstr(mask) +
                       " names rank " + std::to_string(r) +
                       ", outside the cluster of " + std::to_string(size) +
                       " block(s)");
    const Interpreter::KernelState::ClusterBlock &to = ks.cluster[r];
    if (to.exited)
      return fault(FaultKind::MBarrier,
                   "it multicasts into block " + to.state->name() +
                       ", which has exited");
    if (!mbarrier::reachableBarrier(I, group, index, r))
      return fault(FaultKind::MBarrier,
                   "it completes on mbarrier " + group->name + "[" +
                       std::to_string(index) + "] of block " +
                       to.state->name() +
                       ", whose initialization no cluster barrier orders "
                       "before the load");
    ranks.push_back(r);
  }
  return true;
}

} // namespace

LogicalResult tma::load(Interpreter &I, Operation *op, Value source,
                        ValueRange coordinates, bool innermostFirst,
                        Value dest, Value group, Value index, int64_t swizzle,
                        Value predicate, Value multicast) {
  const SimValue &s = I.get(source), &d = I.get(dest);
  if (failed(checkOperands(I, op, s, d, coordinates.size(), "load")))
    return failure();
  const SimValue &g = I.get(group), &idx = I.get(index);
  int64_t elemBytes = getElementBytes(d.buffer->elemType);
  int64_t boxElems = d.numElements();
  int64_t boxBytes = boxElems * elemBytes;

  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane) ||
        (predicate && !(I.get(predicate).at(lane).i & 1)))
      continue;
    uint32_t tid = I.threadOf(lane);
    int64_t bar = idx.at(lane).i;
    if (bar < 0 || g.sizes.empty() || bar >= g.sizes[0]) {
      I.reportFault(FaultKind::OutOfBounds, g.buffer, op, {lane},
                    "out of bounds: " + op->getName().getStringRef().str() +
                        " completes on mbarrier " + g.buffer->name + "[" +
                        std::to_string(bar) + "] of a group of " +
                        std::to_string(g.sizes.empty() ? 0 : g.sizes[0]) +
                        " in block " + I.block()->name() + " (thread " +
                        I.block()->threadName(tid) + ")");
      continue;
    }
    std::optional<uint64_t> base =
        tileAddress(I, op, d, lane, boxBytes, "writes");
    if (!base)
      continue;
    // The blocks the copy writes to: this one, or those of the mask.
    Interpreter::KernelState &ks = *I.kernel();
    unsigned self = I.block()->clusterRank;
    llvm::SmallVector<unsigned, 16> ranks;
    if (!multicast) {
      ranks.push_back(self);
    } else if (!destinations(I, op, lane,
                             uint16_t(I.get(multicast).at(lane).i), g.buffer,
                             bar, ranks)) {
      continue;
    }
    PendingTma t{tid, op, g.buffer, bar, d.buffer, boxBytes, {}};
    t.writes.reserve(size_t(boxElems));
    forEachBoxElement(
        s, boxSizes(s, d), boxStart(I, coordinates, innermostFirst, lane),
        lane,
        [&](int64_t e, int64_t linear) {
          // The source's element, or zero outside the tensor.
          Word w;
          w.i = 0;
          if (linear >= 0)
            w = I.loadElem(*s.buffer, linear, lane, op);
          uint64_t addr =
              swizzledAddress(*base, uint64_t(e * elemBytes), swizzle);
          // The XOR stays inside the swizzle's span of a 128-byte aligned
          // tile, so inside the box.
          int64_t elem = int64_t(addr - d.buffer->sharedAddress) / elemBytes;
          t.writes.push_back({elem, w});
        });
    // One copy per destination block, in flight in that block, completing
    // on its barrier; a peer names the issuing thread as its peer.
    for (unsigned r : ranks) {
      PendingTma copy = t;
      Interpreter::KernelState::ClusterBlock &to = ks.cluster[r];
      if (r != self) {
        copy.thread = peerThread(self, tid);
        copy.group = I.peerBuffer(g.buffer, r);
        copy.dest = I.peerBuffer(d.buffer, r);
      }
      auto found = to.state->mbarriers.find({copy.group, bar});
      if (found != to.state->mbarriers.end())
        copy.phase = found->second.phase;
      for (auto [elem, w] : copy.writes)
        to.races->tmaIssue(*copy.dest, elem, copy.thread, op);
      to.state->tmaLoads.push_back(std::move(copy));
    }
  }
  return success();
}

LogicalResult tma::store(Interpreter &I, Operation *op, Value source,
                         Value dest, ValueRange coordinates,
                         bool innermostFirst, int64_t swizzle, bool commit,
                         Value predicate) {
  const SimValue &s = I.get(source), &d = I.get(dest);
  if (failed(checkOperands(I, op, d, s, coordinates.size(), "store")))
    return failure();
  int64_t elemBytes = getElementBytes(s.buffer->elemType);
  int64_t boxBytes = s.numElements() * elemBytes;
  BlockState &block = *I.block();
  block.bulkGroups.resize(block.numThreads(), 0);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane) ||
        (predicate && !(I.get(predicate).at(lane).i & 1)))
      continue;
    uint32_t tid = I.threadOf(lane);
    std::optional<uint64_t> base =
        tileAddress(I, op, s, lane, boxBytes, "reads");
    if (!base)
      continue;
    PendingTmaStore t{tid, op, s.buffer, {}, -1};
    t.reads.reserve(size_t(s.numElements()));
    uint64_t stores = 0;
    forEachBoxElement(
        d, boxSizes(d, s), boxStart(I, coordinates, innermostFirst, lane),
        lane,
        [&](int64_t e, int64_t linear) {
          // The box elements inside the tensor are read through the async
          // proxy, and stay read until the wait, and written now (a later
          // read of them in this kernel is not modelled: nothing reads C
          // back); the others are dropped.
          if (linear < 0)
            return;
          uint64_t addr =
              swizzledAddress(*base, uint64_t(e * elemBytes), swizzle);
          int64_t elem = int64_t(addr - s.buffer->sharedAddress) / elemBytes;
          bool written = I.getRaces().asyncReadIssue(*s.buffer, elem, tid, op);
          t.reads.push_back(elem);
          Word w = written ? s.buffer->load(elem)
                           : Interpreter::uninitializedWord(*s.buffer);
          I.noteGlobalWrite(*d.buffer, linear, lane, op);
          d.buffer->store(linear, w);
          ++stores;
        });
    I.countLoads(*s.buffer, t.reads.size());
    I.countStores(*d.buffer, stores);
    if (commit)
      t.group = block.bulkGroups[tid]++;
    block.tmaStores.push_back(std::move(t));
  }
  return success();
}

void tma::commitStores(Interpreter &I) {
  if (!I.isInKernel() || !I.block())
    return;
  BlockState &block = *I.block();
  block.bulkGroups.resize(block.numThreads(), 0);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane))
      continue;
    uint32_t tid = I.threadOf(lane);
    // An empty commit makes an empty group, which the waits count too.
    for (PendingTmaStore &t : block.tmaStores)
      if (t.thread == tid && t.group < 0)
        t.group = block.bulkGroups[tid];
    ++block.bulkGroups[tid];
  }
}

void tma::waitStores(Interpreter &I, int64_t pending) {
  if (!I.isInKernel() || !I.block())
    return;
  BlockState &block = *I.block();
  block.bulkGroups.resize(block.numThreads(), 0);
  std::vector<PendingTmaStore> &stores = block.tmaStores;
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane))
      continue;
    uint32_t tid = I.threadOf(lane);
    // Groups older than the `pending` most recent committed ones are done
    // reading; uncommitted stores are not waited for.
    int64_t limit = block.bulkGroups[tid] - pending;
    for (size_t i = 0; i < stores.size();) {
      PendingTmaStore &t = stores[i];
      if (t.thread != tid || t.group < 0 || t.group >= limit) {
        ++i;
        continue;
      }
      // The reads are over: other threads' writes are ordered after them
      // by a synchronization after this wait, as after the issuer's own
      // reads.
      for (int64_t elem : t.reads) {
        I.getRaces().asyncReadComplete(*t.source, elem);
        I.getRaces().onRead(*t.source, elem, tid, t.op);
      }
      stores.erase(stores.begin() + ptrdiff_t(i));
    }
  }
}

static void complete(Interpreter &I, PendingTma &t) {
  MBarrierState &b = I.block()->mbarriers[{t.group, t.index}];
  for (auto [elem, w] : t.writes) {
    t.dest->store(elem, w);
    I.getRaces().tmaComplete(*t.dest, elem, t.thread, t.op, t.group, t.index,
                             b.phase);
  }
  I.countStores(*t.dest, t.writes.size());
  mbarrier::completeTx(I, t.op, t.group, t.index, t.bytes, t.thread,
                       t.phase);
}

bool tma::completeLoads(Interpreter &I, const Buffer *group, int64_t index,
                        llvm::function_ref<bool()> done) {
  std::vector<PendingTma> &loads = I.block()->tmaLoads;
  bool any = false;
  for (size_t i = 0; i < loads.size() && !done();) {
    if (loads[i].group != group || loads[i].index != index) {
      ++i;
      continue;
    }
    PendingTma t = std::move(loads[i]);
    loads.erase(loads.begin() + ptrdiff_t(i));
    complete(I, t);
    any = true;
  }
  return any;
}

void tma::endBlock(Interpreter &I) {
  std::vector<PendingTmaStore> stores = std::move(I.block()->tmaStores);
  I.block()->tmaStores.clear();
  llvm::DenseSet<uint32_t> reported;
  for (PendingTmaStore &t : stores) {
    if (!reported.insert(t.thread).second)
      continue;
    for (int64_t elem : t.reads)
      I.getRaces().asyncReadComplete(*t.source, elem);
    std::string msg =
        std::string(getFaultKindName(FaultKind::TmaStore)) + ": the " +
        t.op->getName().getStringRef().str() + " at " +
        formatLoc(t.op->getLoc()) + " by thread " +
        I.block()->threadName(t.thread) + " in block " + I.block()->name() +
        " still reads " + t.source->name +
        " when the block ends (" +
        (t.group < 0 ? "never committed, " : "") +
        "no cp.async.bulk.wait_group.read of the thread waited for it): "
        "the kernel exits while the copy reads its shared memory";
    I.reportFault(FaultKind::TmaStore, t.source, t.op, {t.thread},
                  std::move(msg));
  }
  std::vector<PendingTma> loads = std::move(I.block()->tmaLoads);
  I.block()->tmaLoads.clear();
  for (PendingTma &t : loads) {
    std::string msg =
        "mbarrier misuse at " + formatLoc(t.op->getLoc()) + " in block " +
        I.block()->name() + ": the " + t.op->getName().getStringRef().str() +
        " of thread " + I.block()->threadName(t.thread) +
        " is still in flight when the block ends (no wait on mbarrier " +
        t.group->name + "[" + std::to_string(t.index) +
        "] needed it): the kernel exits while the copy writes its shared "
        "memory";
    I.reportFault(FaultKind::MBarrier, t.group, t.op, {t.thread},
                  std::move(msg));
  }
}
