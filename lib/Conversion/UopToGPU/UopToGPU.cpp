//===- UopToGPU.cpp - lower uop to the gpu dialect ------------------------===//
//
// Moves a kernel from uop's shared-memory and barrier ops to the gpu dialect:
// uop.alloc_shared becomes a workgroup attribution of the kernel (which
// outlining carries to the gpu.func and convert-gpu-to-nvvm turns into a
// `.shared` global), uop.barrier becomes gpu.barrier. A kernel gpu.func
// whose buffers exceed the chip's static shared memory (48 KiB) gets them
// in dynamic shared memory instead, up to the chip's limit per block:
// `gpu.dynamic_shared_memory` and a `memref.view` per buffer, the size on
// every launch, the alignment on the gpu.module for uop-align-dynamic-shared.
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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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
/// Places the uop.alloc_shared buffers `allocs` of the kernel gpu.func
/// `func` in its dynamic shared memory: one `gpu.dynamic_shared_memory`
/// region, a `memref.view` per buffer at an offset that keeps its alignment
/// (largest alignment first), the region's size set on every launch of the
/// kernel in `module`, and the region's alignment recorded on the kernel's
/// gpu.module (`uop.dynamic_shared_alignment`) for the llvm stage.
static LogicalResult placeInDynamicShared(gpu::GPUFuncOp func,
                                         ArrayRef<AllocSharedOp> allocs,
                                         int64_t bytes, int64_t maxSharedBytes,
                                         ModuleOp module) {
  MLIRContext *ctx = func.getContext();
  auto gpuModule = func->getParentOfType<gpu::GPUModuleOp>();
  if (!module || !gpuModule)
    return func.emitOpError("needs ")
           << bytes
           << " bytes of shared memory, more than static .shared arrays "
              "hold; expected a gpu.module in the module that launches it "
              "to give it dynamic shared memory";
  SmallVector<AllocSharedOp> order(allocs);
  // Alignments past the region's size cannot be honored (and are kept
  // from wrapping as int64).
  for (AllocSharedOp alloc : allocs)
    if (alloc.getAlignment().value_or(0) > uint64_t(maxSharedBytes))
      return alloc.emitOpError("alignment ")
             << *alloc.getAlignment()
             << " cannot be honored in dynamic shared memory of at most "
             << maxSharedBytes << " bytes";
  auto alignOf = [](AllocSharedOp a) -> int64_t {
    return std::max<int64_t>(
        int64_t(a.getAlignment().value_or(0)),
        getElementBytes(a.getType().getElementType()));
  };
  llvm::stable_sort(order, [&](AllocSharedOp a, AllocSharedOp b) {
    return alignOf(a) > alignOf(b);
  });
  int64_t alignment =
      order.empty() ? 16 : std::max<int64_t>(16, alignOf(order[0]));
  // The offsets first: the padding that keeps each buffer aligned counts
  // against the limit too, and nothing is rewritten past it.
  SmallVector<int64_t> offsets;
  int64_t total = 0;
  for (AllocSharedOp alloc : order) {
    total = int64_t(llvm::alignTo(uint64_t(total), uint64_t(alignOf(alloc))));
    offsets.push_back(total);
    total += getBufferBytes(alloc.getType());
    if (total > maxSharedBytes)
      break;
  }
  if (total > maxSharedBytes)
    return func.emitOpError("needs at least ")
           << total << " bytes of dynamic shared memory with its buffers "
           << "aligned, above the chip's limit of " << maxSharedBytes
           << " bytes per block; use smaller tiles or fewer stages";
  OpBuilder b(ctx);
  b.setInsertionPointToStart(&func.getBody().front());
  Location loc = func.getLoc();
  Attribute workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  Value region = gpu::DynamicSharedMemoryOp::create(
      b, loc,
      MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  for (auto [alloc, offset] : llvm::zip(order, offsets)) {
    Value at = arith::ConstantIndexOp::create(b, loc, offset);
    Value view = memref::ViewOp::create(b, alloc.getLoc(), alloc.getType(),
                                        region, at, ValueRange());
    alloc.getBuffer().replaceAllUsesWith(view);
    alloc.erase();
  }
  // One region per kernel, but one alignment per gpu.module (its kernels
  // share the .extern declaration): the largest any kernel needs.
  StringRef alignName = "uop.dynamic_shared_alignment";
  if (auto old = gpuModule->getAttrOfType<IntegerAttr>(alignName))
    alignment = std::max(alignment, old.getInt());
  gpuModule->setAttr(alignName, b.getI64IntegerAttr(alignment));
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernelModuleName() != gpuModule.getNameAttr() ||
        launch.getKernelName() != func.getNameAttr())
      return;
    OpBuilder lb(launch);
    launch.getDynamicSharedMemorySizeMutable().assign(
        arith::ConstantIntOp::create(lb, launch.getLoc(), lb.getI32Type(),
                                     total));
  });
  return success();
}

LogicalResult
mlir::uop::convertSharedAllocations(Operation *kernel,
                                    int64_t maxStaticSharedBytes,
                                    int64_t maxSharedBytes) {
  int64_t bytes = getStaticSharedBytes(kernel);
  SmallVector<AllocSharedOp> allocs;
  kernel->walk([&](AllocSharedOp alloc) {
    if (getEnclosingKernel(alloc) == kernel)
      allocs.push_back(alloc);
  });
  if (bytes > maxStaticSharedBytes) {
    auto func = dyn_cast<gpu::GPUFuncOp>(kernel);
    // Attributions already there stay static: the dynamic region is for
    // the uop buffers, and both must fit the chip's limit together.
    bool attributions =
        func ? func.getNumWorkgroupAttributions() != 0
             : !cast<gpu::LaunchOp>(kernel).getWorkgroupAttributions().empty();
    if (bytes > maxSharedBytes || !func || attributions) {
      InFlightDiagnostic diag = kernel->emitError("kernel needs ")
                                << bytes << " bytes of shared memory, above ";
      if (bytes > maxSharedBytes)
        diag << "the chip's limit of " << maxSharedBytes
             << " bytes per block; use smaller tiles or fewer stages";
      else if (!func)
        diag << "the limit of " << maxStaticSharedBytes
             << " bytes for static .shared arrays; dynamic shared memory "
                "needs an outlined kernel (run gpu-kernel-outlining first)";
      else
        diag << "the limit of " << maxStaticSharedBytes
             << " bytes for static .shared arrays, and its workgroup "
                "attributions cannot move to dynamic shared memory";
      return diag;
    }
    return placeInDynamicShared(func, allocs, bytes, maxSharedBytes,
                                kernel->getParentOfType<ModuleOp>());
  }

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
              kernel, getTargetOrDefault(kernel).getMaxStaticShared(),
              getTargetOrDefault(kernel).getMaxShared())))
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
