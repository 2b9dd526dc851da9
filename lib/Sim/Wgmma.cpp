//===- Wgmma.cpp - the warpgroup MMA of sm_90a for uop-sim ----------------===//
//
// Implements Wgmma.h: warpgroup-collective wgmma.mma_async executed from
// its encoded descriptors, its fragment placement, the fence rule, and the
// commit_group / wait_group bookkeeping of its asynchronous completion.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Wgmma.h"
#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Dialect/Uop/IR/Wgmma.h"
#include "Uop/Sim/TensorCore.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cstring>

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;
namespace wg = mlir::uop::wgmma;

namespace {

constexpr uint32_t kWarpgroup = uint32_t(wg::kWarpgroupThreads);

LogicalResult requireKernel(Interpreter &I, Operation *op) {
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "expected a wgmma operation in a kernel");
  if (I.getWarpSize() != 32)
    return I.unsupported(op, "expected a warp size of 32 for a wgmma "
                             "operation, got " +
                                 std::to_string(I.getWarpSize()));
  return success();
}

WgmmaState &state(Interpreter &I) {
  std::unique_ptr<WgmmaState> &w = I.block()->wgmma;
  if (!w)
    w = std::make_unique<WgmmaState>(I.block()->numThreads());
  return *w;
}

std::string hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

/// The active threads among `first` .. `end` - 1 (one warpgroup), and the
/// first of them in `lead`.
uint32_t activeThreads(Interpreter &I, uint32_t first, uint32_t end,
                       uint32_t &lead) {
  uint32_t active = 0;
  for (uint32_t t = first; t < end; ++t)
    if (I.isActive(t) && active++ == 0)
      lead = t;
  return active;
}

/// Calls `fn(thread)` for the thread of every active lane.
template <typename Fn>
void forEachActiveThread(Interpreter &I, Fn fn) {
  for (unsigned lane = 0; lane < I.numLanes(); ++lane)
    if (I.isActive(lane))
      fn(I.threadOf(lane));
}

/// Reports a wgmma misuse by `thread` at `op`.
void misuse(Interpreter &I, Operation *op, uint32_t thread,
            const std::string &what) {
  std::string msg = "wgmma misuse at " + formatLoc(op->getLoc()) +
                    " in block " + I.block()->name() + ": thread " +
                    I.block()->threadName(thread) + " " + what;
  I.reportFault(FaultKind::Wgmma, nullptr, op, {thread}, std::move(msg));
}

/// The fields of a wgmma shared-memory matrix descriptor.
struct Descriptor {
  uint64_t start, lbo, sbo;
  unsigned baseOffset, swizzle;

  explicit Descriptor(uint64_t d)
      : start((d & 0x3FFF) << 4), lbo(((d >> 16) & 0x3FFF) << 4),
        sbo(((d >> 32) & 0x3FFF) << 4), baseOffset(unsigned((d >> 49) & 7)),
        swizzle(unsigned(d >> 62)) {}

  /// Why the simulator cannot read through this descriptor, or empty.
  std::string unsupportedReason() const {
    if (baseOffset != 0)
      return "a non-zero matrix base offset";
    if (swizzle != 0 && swizzle != 1)
      return "swizzle mode " + std::to_string(swizzle) +
             " (only none and 128-byte are modelled)";
    return {};
  }

  /// The shared address of element (`row`, `k`) of an operand of
  /// `elementBytes`-byte elements read K-major or (`mnMajor`, the
  /// instruction's transpose bit) MN-major.
  uint64_t element(uint64_t row, uint64_t k, bool mnMajor,
                   uint64_t elementBytes) const {
    return tensorcore::operandAddress(start, lbo, sbo, swizzle == 1, mnMajor,
                                      row, k, elementBytes);
  }
};

/// The accumulator position of register `i` of warpgroup thread `t` in the
/// ISA's figure of the m64nNk16 `D` fragment for .f32: each warp owns 16
/// rows; in its lanes' groups of four, lane group g holds rows g and g + 8,
/// each register pair two adjacent columns, pairs of pairs 8 columns apart.
std::pair<uint32_t, uint32_t> fragmentPosition(uint32_t t, uint32_t i) {
  uint32_t warp = t / 32, lane = t % 32;
  uint32_t groupId = lane >> 2, inGroup = lane & 3;
  uint32_t row = warp * 16 + groupId + ((i & 2) ? 8 : 0);
  uint32_t col = (i >> 2) * 8 + inGroup * 2 + (i & 1);
  return {row, col};
}

/// Completes MMA `id` for warpgroup thread `thread`; once no thread has it
/// in flight its reads end.
void completeFor(Interpreter &I, WgmmaState &w, uint64_t id,
                 uint32_t thread) {
  auto it = w.mmas.find(id);
  if (it == w.mmas.end())
    return;
  PendingWgmma &p = it->second;
  if (thread < p.lanes.size())
    p.lanes[thread] = 0;
  if (llvm::any_of(p.lanes, [](uint8_t b) { return b; }))
    return;
  for (auto &[buf, idx] : p.reads)
    I.getRaces().asyncReadComplete(*buf, idx);
  w.mmas.erase(it);
}

} // namespace

LogicalResult sim::wgmma::fence(Interpreter &I, Operation *op) {
  if (failed(requireKernel(I, op)))
    return failure();
  WgmmaState &w = state(I);
  forEachActiveThread(I, [&](uint32_t t) { w.fenced[t] = 1; });
  return success();
}

LogicalResult sim::wgmma::mma(Interpreter &I, Operation *op, Value a, Value b,
                              Value c, Value result, bool nMajorB,
                              bool mMajorA) {
  if (failed(requireKernel(I, op)))
    return failure();
  WgmmaState &w = state(I);
  BlockState &bs = *I.block();
  auto aType = cast<MemRefType>(a.getType());
  auto bType = cast<MemRefType>(b.getType());
  const SimValue &sa = I.get(a), &sb = I.get(b), &sc = I.get(c);
  if (!sa.buffer->isShared || !sb.buffer->isShared)
    return I.unsupported(op, "expected wgmma tiles in shared memory");
  uint32_t n = uint32_t(bType.getDimSize(0));
  uint32_t k = uint32_t(aType.getDimSize(1));
  uint32_t regs = n / 2;
  // f16, bf16, or f32 read as tf32 (its low 13 mantissa bits ignored).
  Type elementType = aType.getElementType();
  ElemKind kind = elementType.isBF16()  ? ElemKind::BF16
                  : elementType.isF32() ? ElemKind::F32
                                        : ElemKind::F16;
  int64_t elemBytes = getElementBytes(elementType);
  uint32_t instrK = uint32_t(wg::instrK(elemBytes));
  // Every lane's fragment is defined (zero where no MMA ran), so that a
  // fault below leaves a well-formed value behind.
  Word *out = I.def(result).setVarying(I.numLanes(), regs);
  for (size_t e = 0, end = size_t(I.numLanes()) * regs; e < end; ++e)
    out[e].f = 0.0;

  uint32_t threads = bs.numThreads();
  for (uint32_t first = 0; first < threads; first += kWarpgroup) {
    uint32_t end = std::min(first + kWarpgroup, threads);
    uint32_t lead = 0;
    uint32_t active = activeThreads(I, first, end, lead);
    if (active == 0)
      continue;
    if (active != kWarpgroup) {
      misuse(I, op, lead,
             "issues a wgmma.mma_async with " + std::to_string(active) +
                 " of the 128 threads of warpgroup " +
                 std::to_string(first / kWarpgroup) +
                 " (wgmma is warpgroup-collective, .sync.aligned: four "
                 "whole warps execute it together)");
      continue;
    }
    // One instruction for the warpgroup: the tiles must be the same.
    bool same = true;
    for (uint32_t t = first; t < end; ++t)
      same = same && sa.offset(t) == sa.offset(lead) &&
             sb.offset(t) == sb.offset(lead);
    if (!same) {
      misuse(I, op, lead,
             "issues a wgmma.mma_async whose tiles differ between the "
             "threads of warpgroup " +
                 std::to_string(first / kWarpgroup) +
                 " (one instruction of the warpgroup reads one pair of "
                 "tiles)");
      continue;
    }
    for (uint32_t t = first; t < end; ++t)
      if (!w.fenced[t]) {
        misuse(I, op, t,
               "issues a wgmma.mma_async without a wgmma.fence since its "
               "last wgmma.wait_group (or its start): the registers and "
               "shared memory it accessed are not ordered before the MMA");
        break;
      }

    uint64_t addrA =
        sa.buffer->sharedAddress + uint64_t(sa.offset(lead) * elemBytes);
    uint64_t addrB =
        sb.buffer->sharedAddress + uint64_t(sb.offset(lead) * elemBytes);
    // The accumulator, gathered from the threads' fragments.
    std::vector<float> d(size_t(wg::kMmaM) * n);
    for (uint32_t t = 0; t < kWarpgroup; ++t)
      for (uint32_t i = 0; i < regs; ++i) {
        auto [r, col] = fragmentPosition(t, i);
        d[size_t(r) * n + col] = float(sc.at(first + t, i).f);
      }
    PendingWgmma pending{result.getAsOpaquePointer(), op,
                         std::vector<uint8_t>(I.numLanes(), 0), {}};
    bool inside = true;
    std::vector<float> av(size_t(wg::kMmaM) * instrK),
        bv(size_t(n) * instrK);
    // The instructions of the lowering: one per 32-byte K slice (k16 of
    // f16 / bf16, k8 of tf32), the start addresses advanced 32 bytes each
    // (2048, two 8-row atoms, for an M-major A or N-major B, whose
    // descriptor strides Wgmma.h gives).
    for (uint32_t s = 0; inside && s < k / instrK; ++s) {
      for (int operand = 0; inside && operand < 2; ++operand) {
        Buffer &buf = operand == 0 ? *sa.buffer : *sb.buffer;
        bool mnMajor = operand == 0 ? mMajorA : nMajorB;
        Descriptor desc(
            wg::sliceDescriptor(operand == 0 ? addrA : addrB, s, k, mnMajor));
        std::string why = desc.unsupportedReason();
        if (!why.empty())
          return I.unsupported(op, "wgmma.mma_async with " + why);
        uint32_t rows = operand == 0 ? uint32_t(wg::kMmaM) : n;
        std::vector<float> &vals = operand == 0 ? av : bv;
        for (uint32_t r = 0; inside && r < rows; ++r)
          for (uint32_t kk = 0; kk < instrK; ++kk) {
            uint64_t addr = desc.element(r, kk, mnMajor, uint64_t(elemBytes));
            if (addr < buf.sharedAddress ||
                addr + uint64_t(elemBytes) >
                    buf.sharedAddress + buf.sizeInBytes()) {
              I.reportFault(
                  FaultKind::OutOfBounds, &buf, op, {lead},
                  "out of bounds: " + op->getName().getStringRef().str() +
                      " by warpgroup " + std::to_string(first / kWarpgroup) +
                      " in block " + bs.name() + " at " +
                      formatLoc(op->getLoc()) +
                      ": the descriptor of operand " +
                      (operand == 0 ? "A" : "B") + " addresses shared byte " +
                      hex(addr) + " for row " + std::to_string(r) +
                      ", outside " + buf.name + " (" +
                      hex(buf.sharedAddress) + " to " +
                      hex(buf.sharedAddress + buf.sizeInBytes()) + ")");
              inside = false;
              break;
            }
            size_t off = size_t(addr - buf.sharedAddress);
            uint64_t bits = 0;
            for (int64_t byte = 0; byte < elemBytes; ++byte)
              bits |= uint64_t(buf.bytes[off + size_t(byte)]) << (8 * byte);
            if (kind == ElemKind::F32)
              bits = wg::truncateToTf32(uint32_t(bits));
            vals[size_t(r) * instrK + kk] = float(floatFromBits(bits, kind));
            int64_t idx = int64_t(off) / elemBytes;
            I.getRaces().asyncReadIssue(buf, idx, lead, op);
            pending.reads.push_back({&buf, idx});
          }
      }
      if (!inside)
        break;
      for (uint32_t r = 0; r < wg::kMmaM; ++r)
        for (uint32_t col = 0; col < n; ++col) {
          float acc = d[size_t(r) * n + col];
          for (uint32_t kk = 0; kk < instrK; ++kk)
            acc += av[size_t(r) * instrK + kk] * bv[size_t(col) * instrK + kk];
          d[size_t(r) * n + col] = acc;
        }
    }
    if (!inside) {
      for (auto &[buf, idx] : pending.reads)
        I.getRaces().asyncReadComplete(*buf, idx);
      continue;
    }
    for (uint32_t t = 0; t < kWarpgroup; ++t)
      for (uint32_t i = 0; i < regs; ++i) {
        auto [r, col] = fragmentPosition(t, i);
        out[size_t(first + t) * regs + i].f = double(d[size_t(r) * n + col]);
      }
    uint64_t id = w.nextId++;
    for (uint32_t t = first; t < end; ++t) {
      pending.lanes[t] = 1;
      w.uncommitted[t].push_back(id);
    }
    w.mmas.emplace(id, std::move(pending));
  }
  return success();
}

LogicalResult sim::wgmma::commitGroup(Interpreter &I, Operation *op) {
  if (failed(requireKernel(I, op)))
    return failure();
  WgmmaState &w = state(I);
  forEachActiveThread(I, [&](uint32_t t) {
    w.groups[t].push_back(std::move(w.uncommitted[t]));
    w.uncommitted[t].clear();
  });
  return success();
}

LogicalResult sim::wgmma::waitGroup(Interpreter &I, Operation *op,
                               int64_t pending) {
  if (failed(requireKernel(I, op)))
    return failure();
  WgmmaState &w = state(I);
  forEachActiveThread(I, [&](uint32_t t) {
    auto &groups = w.groups[t];
    while (int64_t(groups.size()) > pending) {
      for (uint64_t id : groups.front())
        completeFor(I, w, id, t);
      groups.erase(groups.begin());
    }
    // The thread may now touch the results: its next MMA needs a fence.
    w.fenced[t] = 0;
  });
  return success();
}

void sim::wgmma::checkPendingResults(Interpreter &I, Operation *op) {
  WgmmaState &w = *I.block()->wgmma;
  // A loop may carry an accumulator in flight to the next MMA (the
  // registers stay where they are); the pending state does not follow it
  // into the loop's arguments.
  if (isa<scf::YieldOp>(op))
    return;
  for (OpOperand &use : op->getOpOperands()) {
    if (auto mmaOp = dyn_cast<WgmmaMmaOp>(op))
      if (use.get() == mmaOp.getC())
        continue;
    const void *key = use.get().getAsOpaquePointer();
    for (auto &[id, p] : w.mmas) {
      if (p.value != key || p.reported)
        continue;
      for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
        if (!I.isActive(lane) || !p.lanes[I.threadOf(lane)])
          continue;
        misuse(I, op, I.threadOf(lane),
               "uses the result of the wgmma.mma_async at " +
                   formatLoc(p.op->getLoc()) +
                   " before a wgmma.wait_group completed its group (the "
                   "registers are still being written)");
        p.reported = true;
        break;
      }
    }
  }
}

void sim::wgmma::endBlock(Interpreter &I) {
  if (!I.block() || !I.block()->wgmma)
    return;
  WgmmaState &w = *I.block()->wgmma;
  // The hardware finishes what was issued; nothing waits for it any more.
  for (auto &[id, p] : w.mmas)
    for (auto &[buf, idx] : p.reads)
      I.getRaces().asyncReadComplete(*buf, idx);
  w.mmas.clear();
}

LogicalResult sim::wgmma::setMaxNReg(Interpreter &I, Operation *op,
                                     bool increase, int64_t count) {
  if (failed(requireKernel(I, op)))
    return failure();
  WgmmaState &w = state(I);
  uint32_t threads = I.block()->numThreads();
  int64_t atLaunch = wg::registersAtLaunch(threads);
  for (uint32_t first = 0; first < threads; first += kWarpgroup) {
    uint32_t end = std::min(first + kWarpgroup, threads);
    uint32_t lead = 0;
    uint32_t active = activeThreads(I, first, end, lead);
    if (active == 0)
      continue;
    uint32_t group = first / kWarpgroup;
    auto message = [&](const std::string &what) {
      return "setmaxnreg misuse at " + formatLoc(op->getLoc()) + " in block " +
             I.block()->name() + ": thread " + I.block()->threadName(lead) +
             " " + what;
    };
    if (active != kWarpgroup) {
      I.reportFault(FaultKind::SetMaxNReg, nullptr, op, {lead},
                    message("executes setmaxnreg with " +
                            std::to_string(active) +
                            " of the 128 threads of warpgroup " +
                            std::to_string(group) +
                            " (setmaxnreg is warpgroup-collective, "
                            ".sync.aligned)"));
      continue;
    }
    int64_t current =
        w.registerBudget.try_emplace(group, atLaunch).first->second;
    if (increase ? count < current : count > current) {
      I.reportFault(
          FaultKind::SetMaxNReg, nullptr, op, {lead},
          message(std::string(increase ? "increases" : "decreases") +
                  " the register budget of warpgroup " +
                  std::to_string(group) + " to " + std::to_string(count) +
                  " from " + std::to_string(current) + " (setmaxnreg." +
                  (increase ? "inc" : "dec") + " may only " +
                  (increase ? "raise" : "lower") + " it)"));
      continue;
    }
    int64_t delta = (count - current) * kWarpgroup;
    if (!increase) {
      w.registerPool -= delta;
      w.registerBudget[group] = count;
      continue;
    }
    // The increase takes its registers from the block's pool, which only
    // decreases fill; it waits (for another path's decrease) until the
    // pool holds them.
    WgmmaState *ws = &w;
    WaitOutcome outcome = I.getPaths().waitUntil(
        [ws, delta] { return ws->registerPool >= delta; });
    if (outcome == WaitOutcome::Aborted)
      return failure();
    if (outcome == WaitOutcome::Deadlock)
      return I.fatalFault(
          FaultKind::SetMaxNReg, nullptr, op,
          message("increases the register budget of warpgroup " +
                  std::to_string(group) + " from " + std::to_string(current) +
                  " to " + std::to_string(count) + ", which needs " +
                  std::to_string(delta) +
                  " registers from the block's pool, which holds " +
                  std::to_string(w.registerPool) +
                  " and no other thread can release more: it would wait "
                  "forever (the block's " +
                  std::to_string(threads) + " threads start with " +
                  std::to_string(atLaunch) +
                  " registers each, the most the SM's 65536 allow)"));
    w.registerPool -= delta;
    w.registerBudget[group] = count;
  }
  return success();
}
