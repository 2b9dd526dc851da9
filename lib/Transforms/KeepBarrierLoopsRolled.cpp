//===- KeepBarrierLoopsRolled.cpp - uop-keep-barrier-loops-rolled pass ----===//
//
// Tells LLVM not to unroll the loops of a kernel that hold a block barrier.
// In a shared-memory GEMM that loop is the K loop: each trip stages a tile,
// waits, computes and waits again. Unrolling it copies both barriers into
// every unrolled trip, so the code grows (and with it instruction-cache
// pressure and register live ranges) without a single wait going away.
// The inner loops, which hold no barrier, keep LLVM's default heuristics.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPKEEPBARRIERLOOPSROLLED
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

/// Returns `#llvm.loop_annotation<unroll = <disable = true>>`.
static LLVM::LoopAnnotationAttr getDoNotUnrollAnnotation(MLIRContext *ctx) {
  auto unroll = LLVM::LoopUnrollAttr::get(
      ctx, /*disable=*/BoolAttr::get(ctx, true), /*count=*/{},
      /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
      /*followupRemainder=*/{}, /*followupAll=*/{});
  return LLVM::LoopAnnotationAttr::get(
      ctx, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{}, unroll,
      /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{}, /*pipeline=*/{},
      /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
}

void mlir::uop::keepBarrierLoopsRolled(Operation *root) {
  LLVM::LoopAnnotationAttr annotation =
      getDoNotUnrollAnnotation(root->getContext());
  root->walk([&](Operation *op) {
    if (!isa<BarrierOp, NamedBarrierOp, gpu::BarrierOp>(op))
      return;
    // Climb to the kernel (or device function) that runs the barrier: loops
    // further out are host code, where unrolling costs no barrier.
    for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
      if (isa<gpu::LaunchOp, FunctionOpInterface>(p))
        break;
      if (auto forOp = dyn_cast<scf::ForOp>(p))
        if (!forOp->hasAttr(kLoopAnnotation))
          forOp->setAttr(kLoopAnnotation, annotation);
      if (p == root)
        break;
    }
  });
}

namespace {
struct UopKeepBarrierLoopsRolledPass
    : public mlir::uop::impl::UopKeepBarrierLoopsRolledBase<
          UopKeepBarrierLoopsRolledPass> {
  void runOnOperation() override { keepBarrierLoopsRolled(getOperation()); }
};
} // namespace
