//===- RaceTracker.cpp - uop-sim faults and shared-memory races -----------===//
//
// Implements the per-element race bookkeeping described in RaceTracker.h and
// the deduplicated fault log.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/RaceTracker.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::uop::sim;

const char *mlir::uop::sim::getFaultKindName(FaultKind kind) {
  switch (kind) {
  case FaultKind::RaceRAW:
    return "RAW race";
  case FaultKind::RaceWAR:
    return "WAR race";
  case FaultKind::RaceWAW:
    return "WAW race";
  case FaultKind::DivergentBarrier:
    return "divergent barrier";
  case FaultKind::OutOfBounds:
    return "out of bounds";
  case FaultKind::UninitializedRead:
    return "uninitialized read";
  case FaultKind::Misaligned:
    return "misaligned access";
  }
  return "fault";
}

std::string mlir::uop::sim::formatLoc(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().str() + ":" + llvm::Twine(fl.getLine()) + ":" +
            llvm::Twine(fl.getColumn()))
        .str();
  if (auto nl = dyn_cast<NameLoc>(loc))
    return formatLoc(nl.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return formatLoc(fused.getLocations().front());
  if (auto cs = dyn_cast<CallSiteLoc>(loc))
    return formatLoc(cs.getCallee());
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

void FaultLog::report(FaultKind kind, const void *buffer, Operation *op1,
                      Operation *op2, const std::string &message) {
  if (!seen.insert({(int)kind, buffer, op1, op2}).second)
    return;
  lines.push_back(message);
}

void FaultLog::print(llvm::raw_ostream &os, llvm::StringRef prefix) const {
  for (const std::string &l : lines)
    os << prefix << l << "\n";
}

std::string RaceTracker::threadName(uint32_t tid) const {
  int64_t x = tid % blockDim[0];
  int64_t y = (tid / blockDim[0]) % blockDim[1];
  int64_t z = tid / (blockDim[0] * blockDim[1]);
  return ("(" + llvm::Twine(x) + ", " + llvm::Twine(y) + ", " +
          llvm::Twine(z) + ")")
      .str();
}

std::string RaceTracker::blockName() const {
  return ("(" + llvm::Twine(blockId[0]) + ", " + llvm::Twine(blockId[1]) +
          ", " + llvm::Twine(blockId[2]) + ")")
      .str();
}

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
  std::string msg = (llvm::Twine(getFaultKindName(kind)) + " on shared " +
                     b.name + elem + " in block " + blockName() + ": " +
                     first + " by thread " + threadName(tid2) + " at " +
                     formatLoc(op2->getLoc()) + ", " + second +
                     " by thread " + threadName(tid1) + " at " +
                     formatLoc(op1->getLoc()))
                        .str();
  log.report(kind, &b, op1, op2, msg);
}

bool RaceTracker::onReadSlow(Buffer &b, int64_t idx, uint32_t tid,
                         Operation *op) {
  ElemAccess &a = b.access[idx];
  if (a.writeEpoch == 0) {
    auto it = shapes.find(&b);
    std::string elem =
        elementName(idx, it == shapes.end() ? llvm::ArrayRef<int64_t>()
                                            : llvm::ArrayRef(it->second));
    log.report(FaultKind::UninitializedRead, &b, op, nullptr,
               (llvm::Twine("uninitialized read of shared ") + b.name + elem +
                " in block " + blockName() + " by thread " + threadName(tid) +
                " at " + formatLoc(op->getLoc()) +
                ": no thread of the block wrote it")
                   .str());
    return false;
  }
  if (a.writeEpoch == epoch && a.writer != tid)
    race(FaultKind::RaceRAW, b, idx, tid, op, a.writer, a.writeOp);
  if (a.readEpoch != epoch) {
    a.readEpoch = epoch;
    a.reader1 = tid;
    a.read1Op = op;
    a.reader2 = UINT32_MAX;
  } else if (a.reader2 == UINT32_MAX && a.reader1 != tid) {
    a.reader2 = tid;
    a.read2Op = op;
  }
  return true;
}

void RaceTracker::onWrite(Buffer &b, int64_t idx, uint32_t tid,
                          Operation *op) {
  ElemAccess &a = b.access[idx];
  if (a.readEpoch == epoch) {
    if (a.reader1 != tid)
      race(FaultKind::RaceWAR, b, idx, tid, op, a.reader1, a.read1Op);
    else if (a.reader2 != UINT32_MAX)
      race(FaultKind::RaceWAR, b, idx, tid, op, a.reader2, a.read2Op);
  }
  if (a.writeEpoch == epoch && a.writer != tid)
    race(FaultKind::RaceWAW, b, idx, tid, op, a.writer, a.writeOp);
  a.writeEpoch = epoch;
  a.writer = tid;
  a.writeOp = op;
}
