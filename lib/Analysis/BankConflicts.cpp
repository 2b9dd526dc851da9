//===- BankConflicts.cpp - shared-memory passes of warp accesses ----------===//
//
// Counts the shared-memory passes of each warp access in a kernel and reports
// them as remarks. Each bank serves one word per cycle; lanes that touch the
// same word share that cycle (a broadcast for loads), but distinct words in
// one bank are served one after the other, so an access costs as many passes
// as the most distinct words any single bank holds. Layout choices that look
// harmless (reading a 32-wide tile by columns) can make every access 32 times
// slower without changing a single result, which is why this is worth
// reporting at compile time.
//
// The analysis is concrete, not symbolic: for warp 0 of block 0, at the
// first iterations of the enclosing loops, it evaluates each lane's byte
// address (LaneAddressEvaluator) and hands the addresses to the bank rules
// (BankModel). This file only enumerates lanes and iterations, keeps the
// worst, and words the remarks.
//
//===----------------------------------------------------------------------===//

#include "Uop/Analysis/BankConflicts.h"
#include "Uop/Target/Targets.h"
#include "Uop/Analysis/LaneAddressEvaluator.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "uop-bank-conflicts"

using namespace mlir;
using namespace mlir::uop;

/// Most combinations of loop iterations evaluated for one access.
static constexpr int64_t kMaxIterationCombinations = 1024;

/// Returns how many iterations of each loop of `ivs` (outermost first) to
/// evaluate: `perLoop` each, inner loops (where the index usually changes
/// fastest) first, until the combinations would pass the limit.
static SmallVector<int64_t> getIterationCounts(ArrayRef<Value> ivs,
                                               unsigned perLoop) {
  SmallVector<int64_t> counts(ivs.size(), 1);
  int64_t combinations = 1;
  int64_t each = std::max<int64_t>(1, perLoop);
  for (int64_t i = static_cast<int64_t>(ivs.size()) - 1; i >= 0; --i) {
    if (combinations * each > kMaxIterationCombinations)
      break;
    counts[i] = each;
    combinations *= each;
  }
  return counts;
}

FailureOr<SharedAccessCost>
mlir::uop::analyzeSharedAccess(Operation *access,
                               const BankConflictOptions &options,
                               std::string *whyNot) {
  auto reject = [&](const Twine &why) -> FailureOr<SharedAccessCost> {
    if (whyNot)
      *whyNot = why.str();
    return failure();
  };
  const BankModel model =
      options.model ? *options.model
                    : BankModel::get(getTargetOrDefault(access));
  std::optional<SharedAccessDesc> desc = describeSharedAccess(access);
  if (!desc)
    return reject("the op is not a load or store of shared memory");
  if (!desc->unsupported.empty())
    return reject(desc->unsupported);
  Operation *kernel = getEnclosingKernel(access);
  if (!kernel)
    return reject("the access is not inside a kernel");

  KernelInfo info = getKernelInfo(kernel);
  SmallVector<int64_t, 3> blockDims;
  for (std::optional<int64_t> dim : info.blockDim) {
    if (!dim)
      return reject("the block size of the kernel is not a constant");
    if (*dim <= 0)
      return reject("the block size of the kernel is not positive");
    blockDims.push_back(*dim);
  }
  int64_t lanes = model.getWarpLanes(blockDims);

  // Bytes per lane: a vector moves all its elements, contiguously.
  auto memrefType = cast<MemRefType>(desc->memref.getType());
  DataLayout dataLayout = DataLayout::closest(access);
  Type elementType = memrefType.getElementType();
  int64_t elementBytes = dataLayout.getTypeSize(elementType).getFixedValue();
  int64_t bytesPerLane = elementBytes;
  if (desc->movesVector) {
    auto vec = cast<VectorType>(desc->valueType);
    if (vec.isScalable())
      return reject("scalable vectors are not modeled");
    bytesPerLane = vec.getNumElements() * elementBytes;
  }
  std::optional<int64_t> phases = model.getPhaseCount(bytesPerLane);
  if (!phases)
    return reject("a " + Twine(bytesPerLane) +
                  "-byte access per lane is not one shared-memory "
                  "instruction and is not modeled");

  SmallVector<Value> ivs = getSequentialInductionVars(access, kernel);
  SmallVector<int64_t> counts =
      getIterationCounts(ivs, options.loopIterations);

  SharedAccessCost worst;
  worst.phases = *phases;
  worst.lanesPerPhase = model.getLanesPerPhase(*phases);
  worst.bytesPerLane = bytesPerLane;
  DenseMap<Value, int64_t> iterations;
  SmallVector<int64_t> odometer(ivs.size(), 0);
  while (true) {
    for (auto [iv, j] : llvm::zip(ivs, odometer))
      iterations[iv] = j;
    SmallVector<std::optional<int64_t>> addresses(lanes);
    int64_t active = 0;
    for (int64_t lane = 0; lane < lanes; ++lane) {
      // ldmatrix / stmatrix: the lanes past the matrices' rows give no
      // address.
      if (desc->addressLanes && lane >= *desc->addressLanes)
        continue;
      LaneContext ctx{&info, lane, model.getThreadIdOfLane(lane, blockDims),
                      model.warpSize, &iterations};
      LaneEvaluator ev(ctx);
      if (!isLaneActive(access, kernel, ev))
        continue;
      FailureOr<int64_t> address =
          computeLaneByteAddress(*desc, ev, elementBytes);
      if (failed(address))
        return reject(ev.getReason());
      addresses[lane] = *address;
      ++active;
    }
    if (active > 0) {
      WarpAccessPasses cost = *model.countPasses(addresses, bytesPerLane);
      LLVM_DEBUG(llvm::dbgs() << "  iteration combination: " << cost.passes
                              << " passes, " << cost.conflictWays << "-way, "
                              << active << " lanes\n");
      if (cost.passes > worst.passes ||
          (cost.passes == worst.passes &&
           cost.conflictWays > worst.conflictWays)) {
        worst.passes = cost.passes;
        worst.conflictWays = cost.conflictWays;
        worst.activeLanes = active;
      }
    }
    // Next combination, innermost loop fastest.
    int64_t i = static_cast<int64_t>(ivs.size()) - 1;
    for (; i >= 0; --i) {
      if (++odometer[i] < counts[i])
        break;
      odometer[i] = 0;
    }
    if (i < 0)
      break;
  }
  return worst;
}

FailureOr<int64_t> mlir::uop::computeSharedAccessPasses(Operation *access) {
  FailureOr<SharedAccessCost> cost = analyzeSharedAccess(access);
  if (failed(cost))
    return failure();
  return cost->passes;
}

//===----------------------------------------------------------------------===//
// Remarks
//===----------------------------------------------------------------------===//

/// Formats "N pass(es) per warp access (…)" for `cost`.
static std::string describeCost(const SharedAccessCost &cost) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << cost.passes << (cost.passes == 1 ? " pass" : " passes")
     << " per warp access (";
  if (cost.phases > 1)
    os << cost.phases << " phases of " << cost.lanesPerPhase << " lanes, ";
  if (cost.conflictWays <= 1)
    os << "conflict-free)";
  else
    os << cost.conflictWays << "-way bank conflict)";
  return text;
}

void mlir::uop::emitBankConflictRemarks(Operation *root,
                                        const BankConflictOptions &options,
                                        bool emitSummary) {
  root->walk([&](Operation *kernel) {
    if (!isa<gpu::LaunchOp, gpu::GPUFuncOp>(kernel) ||
        !getKernelBody(kernel))
      return;
    if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel); func && !func.isKernel())
      return;
    int64_t accesses = 0, notEvaluated = 0;
    std::optional<SharedAccessCost> worst;
    Operation *worstOp = nullptr;
    kernel->walk([&](Operation *op) {
      std::optional<SharedAccessDesc> desc = describeSharedAccess(op);
      if (!desc || getEnclosingKernel(op) != kernel)
        return;
      ++accesses;
      std::string prefix = (Twine("shared ") +
                            (desc->isStore ? "store" : "load") + " of '" +
                            getSharedBufferName(op) + "': ")
                               .str();
      std::string why;
      FailureOr<SharedAccessCost> cost = analyzeSharedAccess(op, options, &why);
      if (failed(cost)) {
        ++notEvaluated;
        op->emitRemark() << prefix
                         << "cannot evaluate the addresses of warp 0: " << why;
        return;
      }
      if (cost->activeLanes == 0) {
        op->emitRemark() << prefix << "not executed by warp 0";
        return;
      }
      op->emitRemark() << prefix << describeCost(*cost);
      if (!worst || cost->passes > worst->passes ||
          (cost->passes == worst->passes &&
           cost->conflictWays > worst->conflictWays)) {
        worst = *cost;
        worstOp = op;
      }
    });
    if (!emitSummary)
      return;
    InFlightDiagnostic diag = kernel->emitRemark();
    diag << "shared-memory bank conflicts of warp 0: " << accesses
         << (accesses == 1 ? " access" : " accesses");
    if (worst)
      diag << ", worst " << describeCost(*worst);
    if (notEvaluated)
      diag << ", " << notEvaluated << " not evaluated";
    if (worstOp)
      diag.attachNote(worstOp->getLoc()) << "worst access here";
  });
}
