//===- SyncOps.cpp - verifiers of the uop sync family ---------------------===//
//
// Verifiers of uop.mbarrier_init, uop.mbarrier_arrive, uop.mbarrier_wait
// and uop.elect. Each mbarrier op is one instruction of one thread in a
// kernel on a barrier of a group in shared memory; where an operand is a
// constant the verifier checks it against the ISA's limits (arrival and
// transaction counts below 2^20, an index inside the group). An elected
// region holds no op that the whole warp must execute together.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::uop;

/// The largest arrival count and transaction count of an mbarrier: both
/// are 20-bit fields of the barrier object.
static constexpr int64_t kMaxMBarrierCount = (int64_t(1) << 20) - 1;

/// Checks what every mbarrier op needs: a kernel, a group in workgroup
/// memory and, when constant, an index inside it.
LogicalResult mlir::uop::verifyMBarrierOperand(Operation *op,
                                              nvgpu::MBarrierGroupType group,
                                              Value index) {
  if (!getEnclosingKernel(op))
    return op->emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  if (!isWorkgroupMemRef(MemRefType::get({1}, IntegerType::get(
                                                  op->getContext(), 64),
                                         MemRefLayoutAttrInterface(),
                                         group.getMemorySpace())))
    return op->emitOpError("expected mbarriers in "
                           "#gpu.address_space<workgroup>, got ")
           << group;
  APInt value;
  if (matchPattern(index, m_ConstantInt(&value))) {
    int64_t i = value.getSExtValue();
    if (i < 0 || i >= group.getNumBarriers())
      return op->emitOpError("expected a barrier index in [0, ")
             << group.getNumBarriers() << "), got " << i;
  }
  return success();
}

/// The most blocks a thread-block cluster can have (16, with the
/// non-portable size opted in to).
static constexpr int64_t kMaxClusterBlocks = 16;

/// Checks a constant count operand against [lo, kMaxMBarrierCount].
static LogicalResult verifyCount(Operation *op, Value count, StringRef what,
                                 int64_t lo) {
  APInt value;
  if (!matchPattern(count, m_ConstantInt(&value)))
    return success();
  int64_t n = value.getSExtValue();
  if (n < lo || n > kMaxMBarrierCount)
    return op->emitOpError("expected ")
           << what << " in [" << lo << ", " << kMaxMBarrierCount << "], got "
           << n;
  return success();
}

LogicalResult MBarrierInitOp::verify() {
  if (failed(verifyMBarrierOperand(*this, getBarriers().getType(),
                                   getIndex())))
    return failure();
  return verifyCount(*this, getCount(), "an arrival count", 1);
}

LogicalResult MBarrierArriveOp::verify() {
  if (failed(verifyMBarrierOperand(*this, getBarriers().getType(),
                                   getIndex())))
    return failure();
  APInt rank;
  if (getCta() && matchPattern(getCta(), m_ConstantInt(&rank)) &&
      (rank.getSExtValue() < 0 || rank.getSExtValue() >= kMaxClusterBlocks))
    return emitOpError("expected a cluster rank in [0, ")
           << kMaxClusterBlocks << "), got " << rank.getSExtValue();
  if (getExpectTx())
    return verifyCount(*this, getExpectTx(), "an expect_tx byte count", 0);
  return success();
}

LogicalResult MBarrierWaitOp::verify() {
  return verifyMBarrierOperand(*this, getBarriers().getType(), getIndex());
}

/// Returns true for the ops that all lanes of a warp (or of a warpgroup, or
/// all threads of the block) execute together: the `.sync.aligned`
/// instructions, the block-wide tile ops and barriers, and gpu's barrier,
/// shuffles, reductions and WMMA fragment ops. One lane running
/// one of them alone is undefined on the hardware.
static bool isCollective(Operation *op) {
  return isa<BarrierOp, ClusterBarrierOp, NamedBarrierOp, CopyOp, MatmulOp,
             LdMatrixOp, StMatrixOp, MmaSyncOp, WmmaLoadOp, WmmaMmaOp,
             WmmaStoreOp, WmmaFillOp, TMemAllocOp, TMemDeallocOp,
             TMemRelinquishAllocPermitOp, Tcgen05LdOp, Tcgen05WaitLdOp,
             WgmmaFenceOp, WgmmaMmaOp, WgmmaCommitGroupOp, WgmmaWaitGroupOp,
             SetMaxNRegOp, ElectOp, gpu::BarrierOp, gpu::ShuffleOp,
             gpu::AllReduceOp, gpu::SubgroupReduceOp,
             gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaComputeOp,
             gpu::SubgroupMmaStoreMatrixOp>(op);
}

LogicalResult ElectOp::verify() {
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  // The body runs on one lane of each warp: nothing in it may need the
  // whole warp (or more) to take part.
  WalkResult result = getBody().walk([&](Operation *inner) {
    if (!isCollective(inner))
      return WalkResult::advance();
    InFlightDiagnostic diag =
        inner->emitOpError("needs every lane of its warp to execute it "
                           "together, but it is inside 'uop.elect', whose "
                           "body runs on one lane of each warp");
    diag.attachNote(getLoc()) << "the elected region starts here";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}
