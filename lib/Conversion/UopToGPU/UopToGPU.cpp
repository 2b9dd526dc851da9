//===- UopToGPU.cpp - lower uop to the gpu dialect ------------------------===//
//
// Moves a kernel from uop's shared-memory and barrier ops to the gpu dialect:
// uop.alloc_shared becomes a workgroup attribution of the kernel (which
// outlining carries to the gpu.func and convert-gpu-to-nvvm turns into a
// `.shared` global), uop.barrier becomes gpu.barrier.
//
// The file has the shape every uop conversion follows: conversion patterns
// and the legality they establish are exported through
// `populateUopToGPUConversionPatterns` and
// `configureUopToGPUConversionLegality` (include/Uop/Conversion/UopToGPU/),
// and the pass is a thin driver around `applyPartialConversion`.
//
//===----------------------------------------------------------------------===//

#include "Uop/Conversion/UopToGPU/UopToGPU.h"
#include "Uop/Conversion/Passes.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Target/Targets.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

namespace mlir::uop {
#define GEN_PASS_DEF_CONVERTUOPTOGPU
#include "Uop/Conversion/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

//===----------------------------------------------------------------------===//
// Patterns and legality
//===----------------------------------------------------------------------===//

namespace {
/// uop.barrier → gpu.barrier. The uniformity the uop verifier proved is what
/// makes the plain `bar.sync 0` correct.
struct BarrierToGPU : public OpConversionPattern<BarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};
} // namespace

void mlir::uop::populateUopToGPUConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<BarrierToGPU>(patterns.getContext());
}

void mlir::uop::configureUopToGPUConversionLegality(ConversionTarget &target) {
  target.addLegalDialect<gpu::GPUDialect>();
  // Shared buffers are gone before the patterns run (see
  // convertSharedAllocations); marking them illegal makes the conversion
  // fail on any that the pre-step could not place.
  target.addIllegalOp<AllocSharedOp, BarrierOp>();
}

//===----------------------------------------------------------------------===//
// Shared allocations
//===----------------------------------------------------------------------===//

/// `a + b` for byte counts, saturating at INT64_MAX (above every limit)
/// rather than wrapping below one.
static int64_t addBytes(int64_t a, int64_t b) {
  return llvm::checkedAdd(a, b).value_or(std::numeric_limits<int64_t>::max());
}

int64_t mlir::uop::getStaticSharedBytes(Operation *kernel) {
  int64_t bytes = 0;
  ArrayRef<BlockArgument> attributions;
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel))
    attributions = launch.getWorkgroupAttributions();
  else if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel))
    attributions = func.getWorkgroupAttributions();
  for (BlockArgument arg : attributions)
    bytes = addBytes(bytes, getBufferBytes(cast<MemRefType>(arg.getType())));
  kernel->walk([&](AllocSharedOp alloc) {
    if (getEnclosingKernel(alloc) == kernel)
      bytes = addBytes(bytes, getBufferBytes(alloc.getType()));
  });
  return bytes;
}

// This step is a walk over each kernel, not a conversion pattern: a workgroup
// attribution is an argument of the kernel's entry block (counted by an
// attribute of the gpu.func), so turning an alloc into one changes the
// kernel op that encloses the matched op. A conversion pattern may only
// rewrite what it matched and what it creates, and the conversion rewriter
// has no (undoable) way to add an argument to an existing block. The
// shared-memory limit is also a fact of the whole kernel, not of one alloc.
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

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertUopToGPUPass
    : public mlir::uop::impl::ConvertUopToGPUBase<ConvertUopToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    // The tile ops are block-wide descriptions that uop-lower-tiles expands
    // into per-thread code; nothing below the uop level can run them.
    WalkResult tileOps = getOperation()->walk([](Operation *op) {
      if (!isa<CopyOp, MatmulOp>(op))
        return WalkResult::advance();
      op->emitOpError("expected to be lowered by uop-lower-tiles before "
                      "convert-uop-to-gpu");
      return WalkResult::interrupt();
    });
    if (tileOps.wasInterrupted())
      return signalPassFailure();

    SmallVector<Operation *> kernels;
    getOperation()->walk([&](Operation *op) {
      if (isa<gpu::LaunchOp>(op) ||
          (isa<gpu::GPUFuncOp>(op) && cast<gpu::GPUFuncOp>(op).isKernel()))
        kernels.push_back(op);
    });
    for (Operation *kernel : kernels)
      if (failed(convertSharedAllocations(
              kernel, getTargetOrDefault(kernel).getMaxStaticShared())))
        return signalPassFailure();

    ConversionTarget target(getContext());
    configureUopToGPUConversionLegality(target);
    RewritePatternSet patterns(&getContext());
    populateUopToGPUConversionPatterns(patterns);
    // Partial: every op the target does not name stays as it is, so the
    // user's IR is neither folded nor cleaned up, and uop ops of later
    // conversions (tensor cores) pass through untouched.
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
