//===- UopToGPU.cpp - lower uop to the gpu dialect ------------------------===//
//
// Moves a kernel from uop's shared-memory and barrier ops to the gpu dialect:
// uop.alloc_shared becomes a workgroup attribution of the kernel (which
// outlining carries to the gpu.func and convert-gpu-to-nvvm turns into a
// `.shared` global), uop.barrier becomes gpu.barrier.
//
//===----------------------------------------------------------------------===//

#include "Uop/Conversion/Passes.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::uop {
#define GEN_PASS_DEF_CONVERTUOPTOGPU
#include "Uop/Conversion/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

namespace {
/// uop.barrier → gpu.barrier. The uniformity the uop verifier proved is what
/// makes the plain `bar.sync 0` correct.
struct BarrierToGPU : public OpRewritePattern<BarrierOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BarrierOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};
} // namespace

void mlir::uop::populateUopToGPUConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<BarrierToGPU>(patterns.getContext());
}

int64_t mlir::uop::getStaticSharedBytes(Operation *kernel) {
  int64_t bytes = 0;
  ArrayRef<BlockArgument> attributions;
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel))
    attributions = launch.getWorkgroupAttributions();
  else if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel))
    attributions = func.getWorkgroupAttributions();
  for (BlockArgument arg : attributions)
    bytes += getBufferBytes(cast<MemRefType>(arg.getType()));
  kernel->walk([&](AllocSharedOp alloc) {
    if (getEnclosingKernel(alloc) == kernel)
      bytes += getBufferBytes(alloc.getType());
  });
  return bytes;
}

LogicalResult
mlir::uop::convertSharedAllocations(Operation *kernel,
                                    int64_t maxStaticSharedBytes) {
  int64_t bytes = getStaticSharedBytes(kernel);
  if (bytes > maxStaticSharedBytes)
    return kernel->emitError("kernel needs ")
           << bytes << " bytes of static shared memory, above the limit of "
           << maxStaticSharedBytes
           << " bytes for static .shared arrays; use smaller tiles";

  SmallVector<AllocSharedOp> allocs;
  kernel->walk([&](AllocSharedOp alloc) {
    if (getEnclosingKernel(alloc) == kernel)
      allocs.push_back(alloc);
  });
  for (AllocSharedOp alloc : allocs) {
    BlockArgument buffer;
    std::optional<uint64_t> alignment = alloc.getAlignment();
    if (auto launch = dyn_cast<gpu::LaunchOp>(kernel)) {
      // A gpu.launch cannot carry attribution attributes: the buffer gets
      // its element's alignment, so a larger one must wait for outlining.
      if (alignment && *alignment > uint64_t(getElementBytes(
                                        alloc.getType().getElementType())))
        return alloc.emitOpError("alignment ")
               << *alignment
               << " can only be honored in a kernel gpu.func: run "
                  "gpu-kernel-outlining before convert-uop-to-gpu";
      buffer = launch.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
    } else {
      auto func = cast<gpu::GPUFuncOp>(kernel);
      buffer = func.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
      if (alignment)
        func.setWorkgroupAttributionAttr(
            func.getNumWorkgroupAttributions() - 1,
            LLVM::LLVMDialect::getAlignAttrName(),
            IntegerAttr::get(IntegerType::get(func.getContext(), 64),
                             *alignment));
    }
    alloc.getBuffer().replaceAllUsesWith(buffer);
    alloc.erase();
  }
  return success();
}

void mlir::uop::keepBarrierLoopsRolled(Operation *kernel) {
  MLIRContext *ctx = kernel->getContext();
  auto unroll = LLVM::LoopUnrollAttr::get(
      ctx, /*disable=*/BoolAttr::get(ctx, true), /*count=*/{},
      /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
      /*followupRemainder=*/{}, /*followupAll=*/{});
  auto annotation = LLVM::LoopAnnotationAttr::get(
      ctx, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{}, unroll,
      /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{}, /*pipeline=*/{},
      /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
  kernel->walk([&](Operation *op) {
    if (!isa<BarrierOp, gpu::BarrierOp>(op))
      return;
    for (Operation *p = op->getParentOp(); p && p != kernel;
         p = p->getParentOp())
      if (auto forOp = dyn_cast<scf::ForOp>(p))
        if (!forOp->hasAttr(kLoopAnnotation))
          forOp->setAttr(kLoopAnnotation, annotation);
  });
}

namespace {
struct ConvertUopToGPUPass
    : public mlir::uop::impl::ConvertUopToGPUBase<ConvertUopToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> kernels;
    getOperation()->walk([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op) ||
          (isa<gpu::GPUFuncOp>(op) && cast<gpu::GPUFuncOp>(op).isKernel()))
        kernels.push_back(op);
    });
    for (Operation *kernel : kernels) {
      if (failed(convertSharedAllocations(kernel, maxStaticSharedBytes)))
        return signalPassFailure();
      if (keepBarrierLoops)
        keepBarrierLoopsRolled(kernel);
    }

    RewritePatternSet patterns(&getContext());
    populateUopToGPUConversionPatterns(patterns);
    // A single walk: no folding or dead-code removal of the user's IR.
    walkAndApplyPatterns(getOperation(), std::move(patterns));

    // Anything of uop left here is an op this conversion does not know yet.
    WalkResult leftover = getOperation()->walk([](Operation *op) {
      if (isa<UopDialect>(op->getDialect())) {
        op->emitError("convert-uop-to-gpu has no lowering for '")
            << op->getName() << "'";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (leftover.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
