//===- TensorMemory.cpp - tcgen05 and tensor memory for uop-sim -----------===//
//
// Implements TensorMemory.h: the block's tensor memory and allocations,
// tcgen05.mma issued with encoded descriptors and executed by decoding
// them, commits completed lazily through their mbarriers, tcgen05.ld and
// its wait.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/TensorMemory.h"
#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/Tcgen05.h"
#include "Uop/Sim/MBarrier.h"
#include "Uop/Sim/TensorCore.h"

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;
namespace tc05 = mlir::uop::tcgen05;

TMemState::TMemState()
    : words(size_t(tc05::kTMemLanes * tc05::kTMemColumns)),
      written(size_t(tc05::kTMemLanes * tc05::kTMemColumns)) {}

namespace {

constexpr uint32_t kLanes = uint32_t(tc05::kTMemLanes);
constexpr uint32_t kColumns = uint32_t(tc05::kTMemColumns);

TMemState &state(Interpreter &I) {
  std::unique_ptr<TMemState> &t = I.block()->tmem;
  if (!t)
    t = std::make_unique<TMemState>();
  return *t;
}

LogicalResult requireKernel(Interpreter &I, Operation *op) {
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "expected a tcgen05 operation in a kernel");
  return success();
}

std::string hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

/// The warps that execute the warp-collective `op` (partial warps are
/// faults and left out); fails outside a kernel.
LogicalResult wholeWarps(Interpreter &I, Operation *op,
                         llvm::SmallVectorImpl<unsigned> &warps) {
  if (failed(requireKernel(I, op)))
    return failure();
  return tensorcore::activeWarps(I, op, warps);
}

/// Reports a tensor-memory misuse by `thread` at `op`.
void misuse(Interpreter &I, Operation *op, uint32_t thread,
            const std::string &what) {
  std::string msg = "tensor memory misuse at " + formatLoc(op->getLoc()) +
                    " in block " + I.block()->name() + ": thread " +
                    I.block()->threadName(thread) + " " + what;
  I.reportFault(FaultKind::TensorMemory, nullptr, op, {thread},
                std::move(msg));
}

/// The live allocation holding columns [first, first + n), if any.
const TMemState::Allocation *findAllocation(TMemState &t, uint32_t first,
                                            uint32_t n) {
  auto it = t.allocations.upper_bound(first);
  if (it == t.allocations.begin())
    return nullptr;
  --it;
  if (first + n > it->first + it->second.columns)
    return nullptr;
  return &it->second;
}

/// The live allocation holding columns [first, first + n), if any, for
/// recording accesses.
TMemState::Allocation *findAllocationMut(TMemState &t, uint32_t first,
                                         uint32_t n) {
  return const_cast<TMemState::Allocation *>(findAllocation(t, first, n));
}

/// "columns [a, b)".
std::string columnRange(uint32_t first, uint32_t n) {
  return "columns [" + std::to_string(first) + ", " +
         std::to_string(first + n) + ")";
}

/// Whether an MMA still in flight writes any of columns [first, first + n).
const PendingMma *mmaWriting(TMemState &t, uint32_t first, uint32_t n) {
  auto overlaps = [&](const PendingMma &m) {
    uint32_t c = tc05::tmemColumn(m.dAddress);
    uint32_t width = ((m.idesc >> 17) & 0x3F) << 3;
    return c < first + n && first < c + width;
  };
  for (auto &[thread, mmas] : t.uncommitted)
    for (const PendingMma &m : mmas)
      if (overlaps(m))
        return &m;
  for (const PendingCommit &c : t.commits)
    for (const PendingMma &m : c.mmas)
      if (overlaps(m))
        return &m;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Ordering of tcgen05 operations between threads
//===----------------------------------------------------------------------===//
//
// tcgen05 operations are asynchronous to the thread's other instructions:
// a thread synchronization (a block barrier, an mbarrier wait) orders them
// only when the earlier thread executes tcgen05.fence::before_thread_sync
// (or a tcgen05.commit, which implies it) between its operation and the
// synchronization, and the later thread tcgen05.fence::after_thread_sync
// between the synchronization and its operation. For each access to an
// allocation, the model finds the other threads' accesses it conflicts
// with (one of the two writes), the earlier thread's first `before` fence
// after its access and the later thread's first synchronization after
// that fence, and looks for an `after` fence between that synchronization
// and the access. A later thread that synchronized since the earlier
// access, but never after such a fence, is reported too. Accesses not
// ordered by any synchronization are left to the other checks (an MMA
// still writing, a shared race).

TMemState::ThreadOrder &orderOf(TMemState &t, uint32_t thread) {
  if (t.order.size() <= thread)
    t.order.resize(thread + 1);
  return t.order[thread];
}

/// The first time in the increasing `times` after `t`, if any.
std::optional<uint64_t> firstAfter(const std::vector<uint64_t> &times,
                                   uint64_t t) {
  auto it = std::upper_bound(times.begin(), times.end(), t);
  if (it == times.end())
    return std::nullopt;
  return *it;
}

/// Whether the increasing `times` has one in (lo, hi).
bool anyBetween(const std::vector<uint64_t> &times, uint64_t lo,
                uint64_t hi) {
  std::optional<uint64_t> t = firstAfter(times, lo);
  return t && *t < hi;
}

/// Checks the access of `thread` at `op` (a write or a read; an MMA) to
/// allocation `a` against the other threads' accesses, then records it.
void orderAccess(Interpreter &I, TMemState &t, Operation *op,
                 TMemState::Allocation &a, uint32_t thread, bool write,
                 bool mma) {
  uint64_t now = ++t.clock;
  auto check = [&](uint32_t other, const TMemState::Access &earlier) {
    // A thread's own operations are ordered, except after its MMA (an
    // asynchronous operation completes through its commit's mbarrier).
    if (other == thread && !(earlier.mma && !mma))
      return;
    // Not synchronized at all since the earlier access: not ordered, and
    // not this check's to report.
    const std::vector<uint64_t> &syncs = orderOf(t, thread).syncs;
    if (!firstAfter(syncs, earlier.time))
      return;
    // The earlier thread's first `before` fence after its access, then the
    // later thread's first synchronization after that fence: the one that
    // can order the two.
    std::optional<uint64_t> fence =
        firstAfter(orderOf(t, other).befores, earlier.time);
    std::optional<uint64_t> sync =
        fence ? firstAfter(syncs, *fence) : std::nullopt;
    std::string what;
    if (!sync)
      what = "thread " + I.block()->threadName(other) +
             " executed no tcgen05.fence::before_thread_sync (or "
             "tcgen05.commit) between them";
    else if (!anyBetween(orderOf(t, thread).afters, *sync, now))
      what = "it executed no tcgen05.fence::after_thread_sync between that "
             "synchronization and this " +
             op->getName().getStringRef().str();
    else
      return;
    std::string msg =
        "tcgen05 fence missing at " + formatLoc(op->getLoc()) + " in block " +
        I.block()->name() + ": the " + op->getName().getStringRef().str() +
        " of thread " + I.block()->threadName(thread) + " follows the " +
        earlier.op->getName().getStringRef().str() + " at " +
        formatLoc(earlier.op->getLoc()) + " of thread " +
        I.block()->threadName(other) + " through a thread synchronization, "
        "but " + what;
    I.reportFault(FaultKind::Tcgen05Fence, nullptr, op, {thread},
                  std::move(msg));
  };
  for (auto &[other, accesses] : a.accesses) {
    if (accesses.write)
      check(other, *accesses.write);
    if (write && accesses.read)
      check(other, *accesses.read);
  }
  TMemState::Accesses &mine = a.accesses[thread];
  (write ? mine.write : mine.read) = TMemState::Access{now, op, mma};
}

//===----------------------------------------------------------------------===//
// The hardware's reading of a shared-memory descriptor
//===----------------------------------------------------------------------===//

/// The fields of a tcgen05 shared-memory descriptor.
struct SmemDescriptor {
  uint64_t start, lbo, sbo;
  unsigned version, baseOffset, lboMode, swizzle;

  explicit SmemDescriptor(uint64_t d)
      : start((d & 0x3FFF) << 4), lbo(((d >> 16) & 0x3FFF) << 4),
        sbo(((d >> 32) & 0x3FFF) << 4), version(unsigned((d >> 46) & 7)),
        baseOffset(unsigned((d >> 49) & 7)), lboMode(unsigned((d >> 52) & 1)),
        swizzle(unsigned(d >> 61)) {}

  /// Why the simulator cannot read through this descriptor, or empty.
  std::string unsupportedReason() const {
    if (version != 1)
      return "a descriptor version of " + std::to_string(version) +
             " (sm_100 descriptors carry 0b001 at bit 46)";
    if (baseOffset != 0)
      return "a non-zero matrix base offset";
    if (lboMode != 0)
      return "the absolute leading-dimension mode";
    if (swizzle != 0 && swizzle != 2)
      return "swizzle mode " + std::to_string(swizzle) +
             " (only none and 128-byte are modelled)";
    return {};
  }

  /// The shared address of element (`row`, `k`) of a 16-bit operand read
  /// K-major or (`mnMajor`, the instruction descriptor's transpose bit)
  /// MN-major.
  uint64_t element(uint64_t row, uint64_t k, bool mnMajor) const {
    return tensorcore::operandAddress(start, lbo, sbo, swizzle == 2, mnMajor,
                                      row, k);
  }
};

/// The fields of a kind::f16 instruction descriptor the model uses.
struct InstrDescriptor {
  unsigned dFormat, aFormat, bFormat, aMajor, bMajor, negate, sparse;
  uint32_t n, m;

  explicit InstrDescriptor(uint32_t d)
      : dFormat((d >> 4) & 3), aFormat((d >> 7) & 7), bFormat((d >> 10) & 7),
        aMajor((d >> 15) & 1), bMajor((d >> 16) & 1), negate((d >> 13) & 3),
        sparse((d >> 2) & 1), n(((d >> 17) & 0x3F) << 3),
        m(((d >> 24) & 0x1F) << 4) {}

  std::string unsupportedReason() const {
    if (dFormat != 1)
      return "an accumulator format other than F32";
    if (aFormat > 1 || bFormat > 1)
      return "an operand format other than F16 or BF16";
    if (negate || sparse)
      return "negation or sparsity";
    // M = 128 with N in steps of 16, M = 64 with N in steps of 8.
    uint32_t step = m == 128 ? 16 : 8;
    if ((m != 128 && m != 64) || n < step || n > 256 || n % step)
      return "shape M = " + std::to_string(m) + ", N = " + std::to_string(n);
    return {};
  }
};

/// The value of the 16-bit element at shared address `address` of `buf`
/// in format `format` (0 f16, 1 bf16), or nullopt outside the buffer.
std::optional<float> readOperand(const Buffer &buf, uint64_t address,
                                 unsigned format) {
  if (address < buf.sharedAddress ||
      address + 2 > buf.sharedAddress + buf.sizeInBytes())
    return std::nullopt;
  size_t off = size_t(address - buf.sharedAddress);
  uint64_t bits = uint64_t(buf.bytes[off]) | (uint64_t(buf.bytes[off + 1]) << 8);
  return float(floatFromBits(bits, format ? ElemKind::BF16 : ElemKind::F16));
}

/// The element index of `buf` at shared `address` (inside it).
int64_t elementAt(const Buffer &buf, uint64_t address) {
  return int64_t(address - buf.sharedAddress) /
         getElementBytes(buf.elemType);
}

/// Calls fn(buffer, address), when given, for every operand byte pair the
/// MMA `m` reads; returns false (after an out-of-bounds fault) at the first
/// address outside its tile's buffer.
bool visitOperands(Interpreter &I, const PendingMma &m,
                   llvm::function_ref<void(Buffer &, uint64_t)> fn) {
  InstrDescriptor id(m.idesc);
  for (int operand = 0; operand < 2; ++operand) {
    Buffer &buf = operand == 0 ? *m.a : *m.b;
    SmemDescriptor d(operand == 0 ? m.descA : m.descB);
    uint32_t rows = operand == 0 ? id.m : id.n;
    bool mnMajor = operand == 0 ? id.aMajor : id.bMajor;
    for (uint32_t r = 0; r < rows; ++r)
      for (uint32_t k = 0; k < tc05::kInstrK; ++k) {
        uint64_t addr = d.element(r, k, mnMajor);
        if (addr < buf.sharedAddress ||
            addr + 2 > buf.sharedAddress + buf.sizeInBytes()) {
          std::string msg =
              "out of bounds: " + m.op->getName().getStringRef().str() +
              " by thread " + I.block()->threadName(m.thread) +
              " in block " + I.block()->name() + " at " +
              formatLoc(m.op->getLoc()) + ": the descriptor of operand " +
              (operand == 0 ? "A" : "B") + " addresses shared byte " +
              hex(addr) + " for row " + std::to_string(r) +
              ", outside " + buf.name + " (" + hex(buf.sharedAddress) +
              " to " + hex(buf.sharedAddress + buf.sizeInBytes()) + ")";
          I.reportFault(FaultKind::OutOfBounds, &buf, m.op, {m.thread},
                        std::move(msg));
          return false;
        }
        if (fn)
          fn(buf, addr);
      }
  }
  return true;
}

/// visitOperands with `fn` called only once every address is known to be
/// inside its buffer: all of the MMA's reads, or none.
bool forEachOperandElement(
    Interpreter &I, const PendingMma &m,
    llvm::function_ref<void(Buffer &, uint64_t)> fn) {
  return visitOperands(I, m, nullptr) && visitOperands(I, m, fn);
}

/// Executes one MMA: D[m][n] (+)= sum_k A[m][k] * B[n][k] over its k16
/// slice, read through its descriptors.
void execute(Interpreter &I, TMemState &t, const PendingMma &m) {
  InstrDescriptor id(m.idesc);
  SmemDescriptor da(m.descA), db(m.descB);
  // Releases the tiles' elements (the reads are no longer in flight).
  forEachOperandElement(I, m, [&](Buffer &buf, uint64_t addr) {
    I.getRaces().asyncReadComplete(buf, elementAt(buf, addr));
  });
  uint32_t lane0 = tc05::tmemLane(m.dAddress);
  uint32_t col0 = tc05::tmemColumn(m.dAddress);
  if (lane0 != 0 || !findAllocation(t, col0, id.n)) {
    misuse(I, m.op, m.thread,
           "issued a tcgen05.mma whose accumulator at " + hex(m.dAddress) +
               " (lane " + std::to_string(lane0) + ", " +
               columnRange(col0, id.n) +
               ") is not inside one allocation of all 128 lanes");
    return;
  }
  std::vector<float> a(size_t(id.m) * tc05::kInstrK),
      b(size_t(id.n) * tc05::kInstrK);
  for (uint32_t r = 0; r < id.m; ++r)
    for (uint32_t k = 0; k < tc05::kInstrK; ++k)
      a[r * tc05::kInstrK + k] =
          readOperand(*m.a, da.element(r, k, id.aMajor), id.aFormat)
              .value_or(0.f);
  for (uint32_t r = 0; r < id.n; ++r)
    for (uint32_t k = 0; k < tc05::kInstrK; ++k)
      b[r * tc05::kInstrK + k] =
          readOperand(*m.b, db.element(r, k, id.bMajor), id.bFormat)
              .value_or(0.f);
  bool unwritten = false;
  for (uint32_t r = 0; r < id.m; ++r)
    for (uint32_t n = 0; n < id.n; ++n) {
      // The data-path layout of the shape: row r in lane r (M = 128) or in
      // the lower half of a sub-partition (M = 64).
      size_t w = size_t(tc05::accumulatorLane(id.m, r)) * kColumns + col0 + n;
      float acc = 0.f;
      if (m.accumulate) {
        unwritten |= !t.written[w];
        memcpy(&acc, &t.words[w], 4);
      }
      for (uint32_t k = 0; k < tc05::kInstrK; ++k)
        acc += a[r * tc05::kInstrK + k] * b[n * tc05::kInstrK + k];
      memcpy(&t.words[w], &acc, 4);
      t.written[w] = 1;
    }
  if (unwritten)
    misuse(I, m.op, m.thread,
           "issued a tcgen05.mma that accumulates into tensor memory no MMA "
           "wrote since its allocation (the first MMA of a tile needs "
           "accumulate = false)");
}

void completeCommit(Interpreter &I, TMemState &t, size_t i) {
  PendingCommit c = std::move(t.commits[i]);
  t.commits.erase(t.commits.begin() + ptrdiff_t(i));
  for (const PendingMma &m : c.mmas)
    execute(I, t, m);
  mbarrier::arriveFrom(I, c.op, c.group, c.index, c.thread);
}

} // namespace

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

LogicalResult tmem::alloc(Interpreter &I, Operation *op, Value slot,
                          ValueRange indices, int64_t columns) {
  llvm::SmallVector<unsigned> warps;
  if (failed(wholeWarps(I, op, warps)))
    return failure();
  TMemState &t = state(I);
  const SimValue &s = I.get(slot);
  for (unsigned w : warps) {
    unsigned lane = I.block()->warps[w].firstThread;
    if (t.relinquished) {
      misuse(I, op, lane,
             "allocated tensor memory after the block relinquished its "
             "allocation permit");
      continue;
    }
    // First fit, at a multiple of the size.
    uint32_t n = uint32_t(columns), found = kColumns;
    for (uint32_t c = 0; c + n <= kColumns && found == kColumns; c += n) {
      auto next = t.allocations.lower_bound(c);
      bool free = next == t.allocations.end() || next->first >= c + n;
      if (free && next != t.allocations.begin()) {
        auto prev = std::prev(next);
        free = prev->first + prev->second.columns <= c;
      }
      if (free)
        found = c;
    }
    if (found == kColumns) {
      uint32_t used = 0;
      for (auto &[c, a] : t.allocations)
        used += a.columns;
      return I.fatalFault(
          FaultKind::Deadlock, nullptr, op,
          "deadlock at " + formatLoc(op->getLoc()) + " in block " +
              I.block()->name() + ": warp " + std::to_string(w) +
              " allocates " + std::to_string(n) +
              " columns of tensor memory, but " + std::to_string(used) +
              " of 512 are taken and no free range of that size exists; "
              "nothing in the block can free them while it waits");
    }
    t.allocations[found] = {n, op, {}};
    orderAccess(I, t, op, t.allocations[found], lane, /*write=*/true,
                /*mma=*/false);
    for (uint32_t l = 0; l < kLanes; ++l)
      for (uint32_t c = found; c < found + n; ++c)
        t.written[size_t(l) * kColumns + c] = 0;
    // The address goes to the shared slot, written by the warp's first
    // lane.
    llvm::SmallVector<int64_t, 4> idx;
    for (Value v : indices)
      idx.push_back(I.get(v).at(lane).i);
    int64_t linear;
    if (!I.linearIndex(s, lane, idx.data(), op, linear))
      continue;
    Word word;
    word.i = int64_t(tc05::tmemAddress(0, found));
    I.storeElem(*s.buffer, linear, word, lane, op);
  }
  return success();
}

LogicalResult tmem::dealloc(Interpreter &I, Operation *op, Value address,
                            int64_t columns) {
  llvm::SmallVector<unsigned> warps;
  if (failed(wholeWarps(I, op, warps)))
    return failure();
  TMemState &t = state(I);
  const SimValue &a = I.get(address);
  for (unsigned w : warps) {
    unsigned lane = I.block()->warps[w].firstThread;
    uint32_t addr = uint32_t(a.at(lane).i);
    uint32_t col = tc05::tmemColumn(addr);
    auto it = t.allocations.find(col);
    if (tc05::tmemLane(addr) != 0 || it == t.allocations.end()) {
      misuse(I, op, lane,
             "frees tensor memory at " + hex(addr) +
                 ", which is not a live allocation (freed twice, or never "
                 "allocated)");
      continue;
    }
    if (it->second.columns != uint32_t(columns)) {
      misuse(I, op, lane,
             "frees " + std::to_string(columns) + " columns at " + hex(addr) +
                 ", an allocation of " +
                 std::to_string(it->second.columns) + " columns");
      continue;
    }
    if (const PendingMma *m = mmaWriting(t, col, uint32_t(columns))) {
      misuse(I, op, lane,
             "frees tensor memory at " + hex(addr) +
                 " that the tcgen05.mma at " + formatLoc(m->op->getLoc()) +
                 " is still writing (wait on the mbarrier of its commit "
                 "first)");
      continue;
    }
    orderAccess(I, t, op, it->second, lane, /*write=*/true, /*mma=*/false);
    t.allocations.erase(it);
  }
  return success();
}

LogicalResult tmem::relinquish(Interpreter &I, Operation *op) {
  llvm::SmallVector<unsigned> warps;
  if (failed(wholeWarps(I, op, warps)))
    return failure();
  if (!warps.empty())
    state(I).relinquished = true;
  return success();
}

//===----------------------------------------------------------------------===//
// MMA and commit
//===----------------------------------------------------------------------===//

LogicalResult tmem::mma(Interpreter &I, Operation *op, Value address, Value a,
                        Value b, Value accumulate, bool nMajorB,
                        bool mMajorA) {
  if (failed(requireKernel(I, op)))
    return failure();
  TMemState &t = state(I);
  const SimValue &d = I.get(address), &sa = I.get(a), &sb = I.get(b),
                 &acc = I.get(accumulate);
  auto aType = cast<MemRefType>(a.getType());
  auto bType = cast<MemRefType>(b.getType());
  if (!sa.buffer->isShared || !sb.buffer->isShared)
    return I.unsupported(op, "expected tcgen05.mma tiles in shared memory");
  int64_t m = aType.getDimSize(0), n = bType.getDimSize(0),
          k = aType.getDimSize(1);
  auto format = aType.getElementType().isBF16() ? tc05::F16Format::BF16
                                                : tc05::F16Format::F16;
  uint32_t idesc = tc05::f16InstrDescriptor(format, m, n, nMajorB, mMajorA);
  int64_t elemBytes = getElementBytes(aType.getElementType());

  unsigned issuers = 0, first = 0;
  for (unsigned lane = 0; lane < I.numLanes(); ++lane)
    if (I.isActive(lane) && issuers++ == 0)
      first = lane;
  if (issuers == 0)
    return success();
  if (issuers > 1)
    misuse(I, op, first,
           "issues a tcgen05.mma together with " +
               std::to_string(issuers - 1) +
               " other threads: each thread issues the whole multiply "
               "(issue it from one elected thread); only this thread's is "
               "executed");
  uint64_t addrA = sa.buffer->sharedAddress + uint64_t(sa.offset(first) *
                                                       elemBytes);
  uint64_t addrB = sb.buffer->sharedAddress + uint64_t(sb.offset(first) *
                                                       elemBytes);
  // The accumulator's allocation is written from now on (an address
  // outside any allocation is reported when the MMA executes).
  uint32_t dAddress = uint32_t(d.at(first).i);
  if (TMemState::Allocation *alloc = findAllocationMut(
          t, tc05::tmemColumn(dAddress), uint32_t(n)))
    orderAccess(I, t, op, *alloc, first, /*write=*/true, /*mma=*/true);
  // The instructions the lowering emits: one per k16 slice, the start
  // addresses advanced 32 bytes each (2048 where MN-major), the first with
  // `accumulate`.
  std::vector<PendingMma> &mine = t.uncommitted[first];
  for (int64_t s = 0; s < k / tc05::kInstrK; ++s) {
    PendingMma p;
    p.thread = first;
    p.op = op;
    p.dAddress = uint32_t(d.at(first).i);
    p.descA = tc05::sliceDescriptor(addrA, s, k, mMajorA);
    p.descB = tc05::sliceDescriptor(addrB, s, k, nMajorB);
    p.idesc = idesc;
    p.accumulate = s > 0 || (acc.at(first).i & 1);
    p.a = sa.buffer;
    p.b = sb.buffer;
    std::string why = SmemDescriptor(p.descA).unsupportedReason();
    if (why.empty())
      why = SmemDescriptor(p.descB).unsupportedReason();
    if (why.empty())
      why = InstrDescriptor(p.idesc).unsupportedReason();
    if (!why.empty())
      return I.unsupported(op, "tcgen05.mma with " + why);
    // The tiles are read from now until the MMA completes.
    bool inside = forEachOperandElement(I, p, [&](Buffer &buf, uint64_t ad) {
      I.getRaces().asyncReadIssue(buf, elementAt(buf, ad), first, op);
    });
    if (!inside)
      return success();
    mine.push_back(p);
  }
  return success();
}

LogicalResult tmem::commit(Interpreter &I, Operation *op, Value group,
                           Value index) {
  if (failed(requireKernel(I, op)))
    return failure();
  TMemState &t = state(I);
  const SimValue &g = I.get(group), &idx = I.get(index);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane))
      continue;
    int64_t i = idx.at(lane).i;
    if (i < 0 || g.sizes.empty() || i >= g.sizes[0]) {
      I.reportFault(FaultKind::OutOfBounds, g.buffer, op, {lane},
                    "out of bounds: " + op->getName().getStringRef().str() +
                        " of mbarrier " + g.buffer->name + "[" +
                        std::to_string(i) + "] in block " +
                        I.block()->name() + " at " + formatLoc(op->getLoc()));
      continue;
    }
    // A commit implies tcgen05.fence::before_thread_sync.
    orderOf(t, lane).befores.push_back(++t.clock);
    PendingCommit c{lane, op, g.buffer, i, {}};
    auto it = t.uncommitted.find(lane);
    if (it != t.uncommitted.end()) {
      c.mmas = std::move(it->second);
      t.uncommitted.erase(it);
    }
    t.commits.push_back(std::move(c));
  }
  return success();
}

bool tmem::completeCommits(Interpreter &I, const Buffer *group, int64_t index,
                           llvm::function_ref<bool()> done) {
  if (!I.block() || !I.block()->tmem)
    return false;
  TMemState &t = *I.block()->tmem;
  bool any = false;
  for (size_t i = 0; i < t.commits.size() && !done();) {
    if (t.commits[i].group != group || t.commits[i].index != index) {
      ++i;
      continue;
    }
    // A commit tracks every earlier tcgen05 operation of its thread: the
    // thread's earlier commits (to other barriers) complete first, in
    // issue order, and arrive on their own barriers.
    uint32_t thread = t.commits[i].thread;
    for (size_t j = 0; j < i;) {
      if (t.commits[j].thread == thread) {
        completeCommit(I, t, j);
        --i;
        continue;
      }
      ++j;
    }
    completeCommit(I, t, i);
    any = true;
  }
  return any;
}

//===----------------------------------------------------------------------===//
// Loads
//===----------------------------------------------------------------------===//

LogicalResult tmem::load(Interpreter &I, Operation *op, Value address,
                         Value result, std::optional<uint32_t> halfSplit) {
  llvm::SmallVector<unsigned> warps;
  if (failed(wholeWarps(I, op, warps)))
    return failure();
  TMemState &t = state(I);
  unsigned n = unsigned(cast<VectorType>(result.getType()).getNumElements());
  const SimValue &a = I.get(address);
  Word *out = I.def(result).setVarying(I.numLanes(), n);
  PendingLoad pending{result.getAsOpaquePointer(), op,
                      std::vector<uint8_t>(I.numLanes(), 0)};
  for (unsigned w : warps) {
    const WarpState &ws = I.block()->warps[w];
    unsigned lead = ws.firstThread;
    uint32_t addr = uint32_t(a.at(lead).i);
    bool same = true;
    for (unsigned l = lead; l < lead + ws.numThreads; ++l)
      same = same && uint32_t(a.at(l).i) == addr;
    uint32_t lane0 = tc05::tmemLane(addr), col0 = tc05::tmemColumn(addr);
    // 32x32b reads the warp's 32 lanes; 16x32bx2 16 of them (either half
    // of the sub-partition), at col0 and at col0 + H.
    uint32_t allowed = 32 * (w % 4);
    uint32_t laneCount = halfSplit ? 16 : 32;
    bool laneOk = lane0 == allowed || (halfSplit && lane0 == allowed + 16);
    llvm::SmallVector<uint32_t, 2> firsts = {col0};
    if (halfSplit)
      firsts.push_back(col0 + *halfSplit);
    std::string what;
    if (!same)
      what = "loads with addresses that differ between the lanes of warp " +
             std::to_string(w) + " (tcgen05.ld is .sync.aligned)";
    else if (!laneOk)
      what = "of warp " + std::to_string(w) + " loads tensor-memory lanes " +
             std::to_string(lane0) + " to " +
             std::to_string(lane0 + laneCount - 1) +
             "; warp w reaches only lanes 32 (w mod 4) to 32 (w mod 4) + "
             "31, here " +
             std::to_string(allowed) + " to " + std::to_string(allowed + 31) +
             (halfSplit ? ", from its first or its 17th lane" : "");
    for (uint32_t first : firsts) {
      if (!what.empty())
        break;
      if (!findAllocation(t, first, n))
        what = "loads " + columnRange(first, n) +
               " of tensor memory, which are not inside one allocation";
      else if (const PendingMma *m = mmaWriting(t, first, n))
        what = "loads " + columnRange(first, n) +
               " of tensor memory before the tcgen05.mma at " +
               formatLoc(m->op->getLoc()) +
               " writing them completed (wait on the mbarrier phase of its "
               "commit first)";
    }
    if (!what.empty()) {
      misuse(I, op, lead, what);
      continue;
    }
    for (uint32_t first : firsts)
      orderAccess(I, t, op, *findAllocationMut(t, first, n), lead,
                  /*write=*/false, /*mma=*/false);
    bool unwritten = false;
    for (unsigned l = 0; l < ws.numThreads; ++l) {
      unsigned lane = lead + l;
      pending.lanes[lane] = 1;
      uint32_t tlane = lane0 + l % laneCount;
      uint32_t first = firsts[l / laneCount];
      for (unsigned e = 0; e < n; ++e) {
        size_t word = size_t(tlane) * kColumns + first + e;
        unwritten |= !t.written[word];
        float f;
        memcpy(&f, &t.words[word], 4);
        out[size_t(lane) * n + e].f = f;
      }
    }
    if (unwritten)
      misuse(I, op, lead,
             "loads " + columnRange(col0, n) +
                 (halfSplit ? " and " + columnRange(firsts[1], n) : "") +
                 " of tensor memory that no MMA wrote since their "
                 "allocation");
  }
  t.loads.push_back(std::move(pending));
  return success();
}

LogicalResult tmem::waitLoad(Interpreter &I, Operation *op) {
  if (failed(requireKernel(I, op)))
    return failure();
  if (!I.block()->tmem)
    return success();
  auto &loads = I.block()->tmem->loads;
  for (PendingLoad &p : loads)
    for (unsigned lane = 0; lane < I.numLanes(); ++lane)
      if (I.isActive(lane))
        p.lanes[lane] = 0;
  llvm::erase_if(loads, [](const PendingLoad &p) {
    return llvm::none_of(p.lanes, [](uint8_t b) { return b; });
  });
  return success();
}

void tmem::checkPendingLoads(Interpreter &I, Operation *op) {
  auto &loads = I.block()->tmem->loads;
  for (Value v : op->getOperands()) {
    const void *key = v.getAsOpaquePointer();
    for (PendingLoad &p : loads) {
      if (p.value != key)
        continue;
      for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
        if (!I.isActive(lane) || !p.lanes[lane])
          continue;
        misuse(I, op, lane,
               "uses the result of the tcgen05.ld at " +
                   formatLoc(p.op->getLoc()) +
                   " before a tcgen05.wait::ld (the registers are not "
                   "written yet)");
        // One report per load: its registers count as delivered now.
        std::fill(p.lanes.begin(), p.lanes.end(), 0);
        break;
      }
    }
  }
}

void tmem::noteSync(Interpreter &I, uint32_t thread) {
  if (!I.block() || !I.block()->tmem)
    return;
  TMemState &t = *I.block()->tmem;
  orderOf(t, thread).syncs.push_back(++t.clock);
}

LogicalResult tmem::fence(Interpreter &I, Operation *op, bool after) {
  if (failed(requireKernel(I, op)))
    return failure();
  TMemState &t = state(I);
  uint64_t now = ++t.clock;
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane))
      continue;
    TMemState::ThreadOrder &o = orderOf(t, I.threadOf(lane));
    (after ? o.afters : o.befores).push_back(now);
  }
  return success();
}

void tmem::endBlock(Interpreter &I, Operation *launch) {
  if (!I.block() || !I.block()->tmem)
    return;
  TMemState &t = *I.block()->tmem;
  // The hardware finishes what was issued; nothing waits for it any more.
  while (!t.commits.empty())
    completeCommit(I, t, 0);
  for (auto &[thread, mmas] : t.uncommitted)
    for (const PendingMma &m : mmas)
      execute(I, t, m);
  t.uncommitted.clear();
  for (auto &[col, a] : t.allocations) {
    std::string msg = "tensor memory misuse in block " + I.block()->name() +
                      ": " + std::to_string(a.columns) +
                      " columns allocated at " + formatLoc(a.op->getLoc()) +
                      " (" + columnRange(col, a.columns) +
                      ") were not freed before the block exited "
                      "(uop.tmem_dealloc)";
    I.reportFault(FaultKind::TensorMemory, nullptr, a.op, {},
                  std::move(msg));
  }
  t.allocations.clear();
}
