//===- Tma.cpp - TMA bulk tensor loads for uop-sim ------------------------===//
//
// Implements the TMA load model described in Tma.h.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Tma.h"

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Sim/MBarrier.h"

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

} // namespace

LogicalResult tma::load(Interpreter &I, Operation *op, Value source,
                        ValueRange coordinates, bool innermostFirst,
                        Value dest, Value group, Value index, int64_t swizzle,
                        Value predicate) {
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "expected a TMA load in a kernel");
  const SimValue &s = I.get(source), &d = I.get(dest);
  const SimValue &g = I.get(group), &idx = I.get(index);
  if (!s.buffer || s.buffer->isShared)
    return I.unsupported(op, "expected a TMA source in global memory");
  if (!d.buffer || !d.buffer->isShared)
    return I.unsupported(op, "expected a TMA destination in shared memory");
  size_t rank = d.sizes.size();
  if (rank == 0 || s.sizes.size() != rank || coordinates.size() != rank)
    return I.unsupported(op, "expected a TMA load with source, box and "
                             "coordinates of one rank");
  // The box is the destination tile, packed row after row.
  int64_t expect = 1;
  for (size_t k = rank; k-- > 0;) {
    if (d.strides[k] != expect)
      return I.unsupported(op, "expected a contiguous TMA destination tile");
    expect *= d.sizes[k];
  }
  if (s.strides.back() != 1)
    return I.unsupported(op, "expected a TMA source contiguous in its "
                             "innermost dimension");
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
    uint64_t base = d.buffer->sharedAddress + uint64_t(d.offset(lane)) *
                                                  uint64_t(elemBytes);
    uint64_t end = d.buffer->sharedAddress + d.buffer->sizeInBytes();
    if (base % 128 != 0) {
      I.reportFault(FaultKind::Misaligned, d.buffer, op, {lane},
                    "misaligned: " + op->getName().getStringRef().str() +
                        " by thread " + I.block()->threadName(tid) +
                        " in block " + I.block()->name() + " at " +
                        formatLoc(op->getLoc()) + " writes a tile at shared "
                        "address " + hex(base) + " of " + d.buffer->name +
                        ", which is not 128-byte aligned");
      continue;
    }
    if (base + uint64_t(boxBytes) > end) {
      I.reportFault(FaultKind::OutOfBounds, d.buffer, op, {lane},
                    "out of bounds: " + op->getName().getStringRef().str() +
                        " by thread " + I.block()->threadName(tid) +
                        " in block " + I.block()->name() + " at " +
                        formatLoc(op->getLoc()) + ": its box of " +
                        std::to_string(boxBytes) + " bytes at " + hex(base) +
                        " ends past " + d.buffer->name);
      continue;
    }
    // The instruction's coordinates are 32-bit signed (the lowering
    // truncates the index operands), so are the simulator's.
    llvm::SmallVector<int64_t, 5> start(rank);
    for (size_t k = 0; k < rank; ++k)
      start[k] = int32_t(
          I.get(coordinates[innermostFirst ? rank - 1 - k : k]).at(lane).i);
    PendingTma t{tid, op, g.buffer, bar, d.buffer, boxBytes, {}};
    t.writes.reserve(size_t(boxElems));
    llvm::SmallVector<int64_t, 5> pos(rank, 0);
    for (int64_t e = 0; e < boxElems; ++e) {
      // The box element at `pos`: the source's element at start + pos, or
      // zero outside the tensor.
      bool inside = true;
      for (size_t k = 0; k < rank; ++k) {
        int64_t c = start[k] + pos[k];
        inside = inside && c >= 0 && c < s.sizes[k];
      }
      Word w;
      w.i = 0;
      if (inside) {
        int64_t linear = s.offset(lane);
        for (size_t k = 0; k < rank; ++k)
          linear += (start[k] + pos[k]) * s.strides[k];
        w = I.loadElem(*s.buffer, linear, lane, op);
      }
      uint64_t addr = swizzledAddress(base, uint64_t(e * elemBytes), swizzle);
      // The XOR stays inside the swizzle's span of a 128-byte aligned
      // tile, so inside the box.
      int64_t elem = int64_t(addr - d.buffer->sharedAddress) / elemBytes;
      I.getRaces().tmaIssue(*d.buffer, elem, tid, op);
      t.writes.push_back({elem, w});
      for (size_t k = rank; k-- > 0;) {
        if (++pos[k] < d.sizes[k])
          break;
        pos[k] = 0;
      }
    }
    I.block()->tmaLoads.push_back(std::move(t));
  }
  return success();
}

static void complete(Interpreter &I, PendingTma &t) {
  MBarrierState &b = I.block()->mbarriers[{t.group, t.index}];
  for (auto [elem, w] : t.writes) {
    t.dest->store(elem, w);
    I.getRaces().tmaComplete(*t.dest, elem, t.thread, t.op, t.group, t.index,
                             b.phase);
  }
  I.countStores(*t.dest, t.writes.size());
  mbarrier::completeTx(I, t.op, t.group, t.index, t.bytes, t.thread);
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
