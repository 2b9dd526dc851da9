//===- UopToNVGPU.cpp - lower uop tensor-core ops to nvgpu ----------------===//
//
// The nvgpu stage of the lowering ladder: uop's tensor-core and async-copy
// ops become the upstream ops of the same instruction, whose lowering to
// NVVM (convert-nvgpu-to-nvvm, convert-gpu-to-nvvm) uop reuses rather than
// writes again:
//
//   uop.ldmatrix         -> nvgpu.ldmatrix {numTiles, transpose}
//   uop.mma_sync         -> nvgpu.mma.sync (tf32Enabled for f32 operands)
//   uop.cp_async         -> nvgpu.device_async_copy
//   uop.cp_async_commit  -> nvvm.cp.async.commit.group (no tokens, below)
//   uop.cp_async_wait    -> nvvm.cp.async.wait.group
//   uop.wmma_load / wmma_mma / wmma_store / wmma_fill
//                        -> gpu.subgroup_mma_load_matrix / compute /
//                           store_matrix / constant_matrix
//   uop.mbarrier_init    -> nvgpu.mbarrier.init
//   uop.mbarrier_arrive  -> nvgpu.mbarrier.arrive (token dropped) or
//                           nvgpu.mbarrier.arrive.expect_tx
//   uop.mbarrier_wait    -> nvgpu.mbarrier.try_wait.parity (a spin loop)
//   uop.elect            -> nvvm.elect.sync + scf.if on its predicate
//   uop.tma_load         -> nvgpu.tma.async.load on a tensor-map argument
//                           the kernel gains, created by the host with
//                           nvgpu.tma.create.descriptor before each launch
//                           (materializeTensorMaps, before the patterns)
//   uop.tma_store        -> nvgpu.tma.async.store on a tensor-map argument
//                           made alike, then nvvm.cp.async.bulk.commit.group
//   uop.tma_store_wait   -> nvvm.cp.async.bulk.wait_group {read}
//
// The register types already agree (the uop verifiers demand nvgpu's; a
// !uop.fragment becomes the !gpu.mma_matrix of its kind), so each pattern
// is one to one. The conversion is partial: every other op of
// the kernel stays as it is.
//
//===----------------------------------------------------------------------===//

#include "Uop/Conversion/UopToNVGPU/UopToNVGPU.h"
#include "Uop/Conversion/Passes.h"
#include "Uop/Dialect/Uop/IR/TensorMap.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Target/Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::uop {
#define GEN_PASS_DEF_CONVERTUOPTONVGPU
#include "Uop/Conversion/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

/// The suspend-time hint of each try_wait in the loop of
/// uop.mbarrier_wait, in nanoseconds: a waiting thread may sleep up to that
/// long before the barrier's phase change wakes it.
static constexpr int64_t kMBarrierWaitTicks = 10000000;

//===----------------------------------------------------------------------===//
// ldmatrix, mma.sync
//===----------------------------------------------------------------------===//

namespace {

/// uop.ldmatrix -> nvgpu.ldmatrix: `num` is nvgpu's `numTiles`.
struct LdMatrixToNVGPU : public OpConversionPattern<LdMatrixOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LdMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nvgpu::LdMatrixOp>(
        op, op.getResult().getType(), adaptor.getSource(),
        adaptor.getIndices(), op.getTranspose(),
        static_cast<uint32_t>(op.getNum()));
    return success();
  }
};

/// uop.mma_sync -> nvgpu.mma.sync. f32 operands are the tf32 form, which
/// nvgpu only accepts with `tf32Enabled` (otherwise it reads f32 operands as
/// the exact-f32 emulation it does not lower).
struct MmaSyncToNVGPU : public OpConversionPattern<MmaSyncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MmaSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nvgpu::MmaSyncOp>(
        op, adaptor.getA(), adaptor.getB(), adaptor.getC(), op.getShape(),
        op.isTf32());
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// cp.async and its groups
//===----------------------------------------------------------------------===//
//
// nvgpu's async copies are token based: device_async_copy returns a token,
// device_async_create_group takes tokens and returns one, device_async_wait
// requires one. The hardware has no tokens: cp.async.commit_group closes
// every cp.async the thread issued since its previous commit, and
// cp.async.wait_group N waits until all but the N most recent groups are
// complete. uop's ops state exactly that, and so do NVVM's
// `nvvm.cp.async.commit.group` / `nvvm.cp.async.wait.group N`, which take no
// tokens: commits and waits lower to those directly (the copies to
// nvgpu.device_async_copy, whose token is unused). Threading tokens through
// the ring's guarded copies and loops would only describe what the counts
// already say, and a create_group with no token to name does not survive
// printing and parsing (its operand list swallows the next line's result).

namespace {

/// uop.cp_async -> nvgpu.device_async_copy (`elements` is nvgpu's
/// `dstElements`, `src_elements` its `srcElements`).
struct CpAsyncToNVGPU : public OpConversionPattern<CpAsyncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CpAsyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvgpu::DeviceAsyncCopyOp::create(
        rewriter, op.getLoc(),
        nvgpu::DeviceAsyncTokenType::get(op.getContext()), adaptor.getDest(),
        adaptor.getDstIndices(), adaptor.getSource(), adaptor.getSrcIndices(),
        op.getElementsAttr(), adaptor.getSrcElements(),
        op.getBypassL1() ? rewriter.getUnitAttr() : UnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

/// uop.cp_async_commit -> nvvm.cp.async.commit.group.
struct CpAsyncCommitToNVVM : public OpConversionPattern<CpAsyncCommitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CpAsyncCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

/// uop.tma_store_wait {pending = N} -> nvvm.cp.async.bulk.wait_group N
/// {read}: the stores' reads of shared memory are over.
struct TmaStoreWaitToNVVM : public OpConversionPattern<TmaStoreWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TmaStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkWaitGroupOp>(
        op, op.getPending(), rewriter.getUnitAttr());
    return success();
  }
};

/// uop.cp_async_wait {pending = N} -> nvvm.cp.async.wait.group N.
struct CpAsyncWaitToNVVM : public OpConversionPattern<CpAsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CpAsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(op,
                                                          op.getPending());
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// WMMA
//===----------------------------------------------------------------------===//
//
// A fragment becomes the !gpu.mma_matrix of its kind ("AOp", "BOp",
// "COp"). gpu's matrix type has no layout: the layout of a uop fragment is
// passed to the ops instead, as `transpose` on the load and store (NVVM's
// `.col`) and `a_transpose` / `b_transpose` on the multiply, which is what
// the NVVM lowering reads to pick wmma.load.*.col and wmma.mma.sync.col.*.
// gpu's matrix type has no bf16 either: bf16 fragments are not converted
// (the pass reports them).

/// Returns the !gpu.mma_matrix type of `fragment`, or null for a bf16
/// fragment, which gpu cannot express.
static Type convertFragment(FragmentType fragment) {
  if (!gpu::MMAMatrixType::isValidElementType(fragment.getElementType()))
    return {};
  StringRef operand;
  switch (fragment.getKind()) {
  case FragmentKind::MatrixA:
    operand = "AOp";
    break;
  case FragmentKind::MatrixB:
    operand = "BOp";
    break;
  case FragmentKind::Accumulator:
    operand = "COp";
    break;
  }
  return gpu::MMAMatrixType::get(fragment.getShape(),
                                 fragment.getElementType(), operand);
}

/// Leading dimension of a wmma access to `type`: its row stride, static by
/// the uop verifier.
static IntegerAttr getLeadDimension(MemRefType type, Builder &b) {
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)type.getStridesAndOffset(strides, offset);
  return b.getIndexAttr(strides[0]);
}

/// The unit attribute that marks a column-major fragment access, or null.
static UnitAttr getTransposeAttr(FragmentType fragment, Builder &b) {
  return fragment.isColumnMajor() ? b.getUnitAttr() : UnitAttr();
}

namespace {

/// uop.wmma_load -> gpu.subgroup_mma_load_matrix.
struct WmmaLoadToGPU : public OpConversionPattern<WmmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WmmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "fragment has no gpu type");
    rewriter.replaceOpWithNewOp<gpu::SubgroupMmaLoadMatrixOp>(
        op, type, adaptor.getSource(), adaptor.getIndices(),
        getLeadDimension(op.getSource().getType(), rewriter),
        getTransposeAttr(op.getType(), rewriter));
    return success();
  }
};

/// uop.wmma_mma -> gpu.subgroup_mma_compute.
struct WmmaMmaToGPU : public OpConversionPattern<WmmaMmaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WmmaMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<gpu::MMAMatrixType>(adaptor.getA().getType()) ||
        !isa<gpu::MMAMatrixType>(adaptor.getB().getType()) ||
        !isa<gpu::MMAMatrixType>(adaptor.getC().getType()))
      return rewriter.notifyMatchFailure(op, "fragment has no gpu type");
    rewriter.replaceOpWithNewOp<gpu::SubgroupMmaComputeOp>(
        op, adaptor.getC().getType(), adaptor.getA(), adaptor.getB(),
        adaptor.getC(), getTransposeAttr(op.getA().getType(), rewriter),
        getTransposeAttr(op.getB().getType(), rewriter));
    return success();
  }
};

/// uop.wmma_store -> gpu.subgroup_mma_store_matrix.
struct WmmaStoreToGPU : public OpConversionPattern<WmmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WmmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<gpu::MMAMatrixType>(adaptor.getValue().getType()))
      return rewriter.notifyMatchFailure(op, "fragment has no gpu type");
    rewriter.replaceOpWithNewOp<gpu::SubgroupMmaStoreMatrixOp>(
        op, adaptor.getValue(), adaptor.getDest(), adaptor.getIndices(),
        getLeadDimension(op.getDest().getType(), rewriter),
        getTransposeAttr(op.getValue().getType(), rewriter));
    return success();
  }
};

/// uop.wmma_fill -> gpu.subgroup_mma_constant_matrix.
struct WmmaFillToGPU : public OpConversionPattern<WmmaFillOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WmmaFillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "fragment has no gpu type");
    rewriter.replaceOpWithNewOp<gpu::SubgroupMmaConstantMatrixOp>(
        op, type, adaptor.getValue());
    return success();
  }
};

struct MBarrierInitToNVGPU : public OpConversionPattern<MBarrierInitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MBarrierInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nvgpu::MBarrierInitOp>(
        op, adaptor.getBarriers(), adaptor.getCount(), adaptor.getIndex(),
        /*predicate=*/Value());
    return success();
  }
};

/// uop.cluster_barrier -> nvvm.cluster.arrive + nvvm.cluster.wait, both
/// aligned (barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned):
/// every thread of the block executes it, as the verifier proved, which
/// it can only while the control flow is structured (before scf-to-cf).
struct ClusterBarrierToNVVM : public OpConversionPattern<ClusterBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ClusterBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    UnitAttr aligned = rewriter.getUnitAttr();
    // The arrival releases at cluster scope; the fence also orders the
    // block's mbarrier initializations before it for the peers that
    // arrive on them or complete multicast loads on them (cheap, and what
    // the PTX ISA names for publishing an mbarrier to the cluster).
    NVVM::FenceMbarrierInitOp::create(rewriter, op.getLoc());
    NVVM::ClusterArriveOp::create(rewriter, op.getLoc(), aligned);
    rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(op, aligned);
    return success();
  }
};

struct MBarrierArriveToNVGPU : public OpConversionPattern<MBarrierArriveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A remote arrival has no nvgpu op: convert-uop-to-nvvm lowers it.
    if (op.getCta())
      return rewriter.notifyMatchFailure(op, "a remote arrival");
    if (Value tx = adaptor.getExpectTx()) {
      rewriter.replaceOpWithNewOp<nvgpu::MBarrierArriveExpectTxOp>(
          op, adaptor.getBarriers(), tx, adaptor.getIndex(),
          /*predicate=*/Value());
      return success();
    }
    // The state token of mbarrier.arrive is only for test.wait, which the
    // uop ops do not use: waits name the phase parity instead.
    nvgpu::MBarrierArriveOp::create(
        rewriter, op.getLoc(),
        nvgpu::MBarrierTokenType::get(op.getContext()), adaptor.getBarriers(),
        adaptor.getIndex());
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierWaitToNVGPU : public OpConversionPattern<MBarrierWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MBarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value ticks = arith::ConstantIndexOp::create(rewriter, op.getLoc(),
                                                 kMBarrierWaitTicks);
    rewriter.replaceOpWithNewOp<nvgpu::MBarrierTryWaitParityOp>(
        op, adaptor.getBarriers(), adaptor.getPhase(), ticks,
        adaptor.getIndex());
    return success();
  }
};

/// uop.elect -> %p = nvvm.elect.sync; scf.if %p { body }.
struct ElectToNVVM : public OpConversionPattern<ElectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ElectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value leader =
        NVVM::ElectSyncOp::create(rewriter, loc, rewriter.getI1Type(),
                                  /*membermask=*/Value());
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, leader,
                                  /*withElseRegion=*/false);
    Block *then = &ifOp.getThenRegion().front();
    rewriter.inlineBlockBefore(&op.getBody().front(), then->getTerminator());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

void mlir::uop::populateUopToNVGPUTypeConversions(TypeConverter &converter) {
  converter.addConversion(
      [](FragmentType fragment) -> std::optional<Type> {
        // A null type is a failed conversion (std::nullopt would let the
        // identity conversion keep the fragment): the ops on a bf16
        // fragment stay illegal, and the pass names them first.
        return convertFragment(fragment);
      });
}

void mlir::uop::populateUopToNVGPUConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<LdMatrixToNVGPU, MmaSyncToNVGPU, CpAsyncToNVGPU,
               CpAsyncCommitToNVVM, CpAsyncWaitToNVVM, WmmaLoadToGPU,
               WmmaMmaToGPU, WmmaStoreToGPU, WmmaFillToGPU,
               MBarrierInitToNVGPU, MBarrierArriveToNVGPU,
               MBarrierWaitToNVGPU, ElectToNVVM, TmaStoreWaitToNVVM,
               ClusterBarrierToNVVM>(converter, context);
}

void mlir::uop::configureUopToNVGPUConversionLegality(
    ConversionTarget &target) {
  // arith: the constants the patterns make (the try_wait loop's hint). The
  // scf.if of uop.elect is legal by the structural conversion's rule (its
  // types need no conversion).
  target.addLegalDialect<arith::ArithDialect, nvgpu::NVGPUDialect,
                         gpu::GPUDialect, NVVM::NVVMDialect>();
  target.addIllegalOp<LdMatrixOp, MmaSyncOp, CpAsyncOp, CpAsyncCommitOp,
                      CpAsyncWaitOp, WmmaLoadOp, WmmaMmaOp, WmmaStoreOp,
                      WmmaFillOp, MBarrierInitOp, MBarrierWaitOp, ElectOp,
                      TmaStoreWaitOp, ClusterBarrierOp>();
  // Remote arrivals stay for convert-uop-to-nvvm.
  target.addDynamicallyLegalOp<MBarrierArriveOp>(
      [](MBarrierArriveOp op) { return op.getCta() != nullptr; });
}

//===----------------------------------------------------------------------===//
// TMA: tensor maps as kernel arguments
//===----------------------------------------------------------------------===//

/// The global tensor a TMA op's tensor map describes (the load's source,
/// the store's dest) and its shared tile (the box).
static Value getTensorMapTensor(Operation *op) {
  if (auto load = dyn_cast<TmaLoadOp>(op))
    return load.getSource();
  return cast<TmaStoreOp>(op).getDest();
}
static MemRefType getTensorMapBox(Operation *op) {
  if (auto load = dyn_cast<TmaLoadOp>(op))
    return load.getDestType();
  return cast<TmaStoreOp>(op).getSourceType();
}
static int64_t getTensorMapSwizzle(Operation *op) {
  if (auto load = dyn_cast<TmaLoadOp>(op))
    return load.getSwizzle();
  return cast<TmaStoreOp>(op).getSwizzle();
}

/// Lowers every uop.tma_load and uop.tma_store of the kernels under `root`
/// (and in `module`, the module holding their launches) to
/// nvgpu.tma.async.load / store on a tensor map the kernel takes as a new
/// argument and the host creates before each launch; a store is committed
/// as its own bulk async-group.
static LogicalResult materializeTensorMaps(Operation *root, ModuleOp module) {
  MLIRContext *ctx = root->getContext();
  SmallVector<gpu::GPUFuncOp> kernels;
  root->walk([&](gpu::GPUFuncOp func) {
    if (func.walk([](Operation *op) {
              return isa<TmaLoadOp, TmaStoreOp>(op) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
            }).wasInterrupted())
      kernels.push_back(func);
  });
  // A TMA op still in a gpu.launch (the kernel stage) has no kernel
  // signature to extend.
  WalkResult inLaunch = root->walk([](Operation *op) {
    if (!isa<TmaLoadOp, TmaStoreOp>(op) ||
        op->getParentOfType<gpu::GPUFuncOp>())
      return WalkResult::advance();
    op->emitOpError("expected to be in an outlined kernel (gpu.func) to be "
                   "lowered: its tensor map becomes a kernel argument (run "
                   "convert-uop-to-gpu first)");
    return WalkResult::interrupt();
  });
  if (inLaunch.wasInterrupted())
    return failure();
  for (gpu::GPUFuncOp kernel : kernels) {
    auto gpuModule = kernel->getParentOfType<gpu::GPUModuleOp>();
    if (!module || !gpuModule) {
      kernel.emitOpError("expected the kernel in a gpu.module of the module "
                         "that launches it, to lower its TMA ops");
      return failure();
    }
    SmallVector<Operation *> ops;
    kernel.walk([&](Operation *op) {
      if (isa<TmaLoadOp, TmaStoreOp>(op))
        ops.push_back(op);
    });
    // One tensor map per (tensor argument, box, swizzle).
    struct MapKey {
      unsigned arg;
      MemRefType box;
      int64_t swizzle;
    };
    SmallVector<MapKey> maps;
    SmallVector<unsigned> mapOf;
    for (Operation *op : ops) {
      Value tensor = getTensorMapTensor(op);
      auto arg = dyn_cast<BlockArgument>(tensor);
      if (!arg || arg.getOwner() != &kernel.getBody().front() ||
          arg.getArgNumber() >= kernel.getNumArguments())
        return op->emitOpError("expected the ")
               << (isa<TmaLoadOp>(op) ? "source" : "dest")
               << " to be an argument of the kernel (the tensor map "
                  "describes a whole kernel argument), got "
               << tensor;
      MemRefType tile = getTensorMapBox(op);
      int64_t swizzle = getTensorMapSwizzle(op);
      // The box: the tile's shape after 1s for the tensor's outer
      // dimensions past the tile's (a matrix of a batch).
      auto tensorType = cast<MemRefType>(tensor.getType());
      SmallVector<int64_t> boxShape(tensorType.getRank() - tile.getRank(), 1);
      llvm::append_range(boxShape, tile.getShape());
      MemRefType box = MemRefType::get(
          boxShape, tile.getElementType(),
          MemRefLayoutAttrInterface(),
          gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
      auto it = llvm::find_if(maps, [&](const MapKey &k) {
        return k.arg == arg.getArgNumber() && k.box == box &&
               k.swizzle == swizzle;
      });
      mapOf.push_back(unsigned(it - maps.begin()));
      if (it == maps.end())
        maps.push_back({arg.getArgNumber(), box, swizzle});
    }
    // The kernel's new arguments, then the copies on them.
    unsigned first = kernel.getNumArguments();
    SmallVector<nvgpu::TensorMapDescriptorType> types;
    for (const MapKey &k : maps) {
      types.push_back(nvgpu::TensorMapDescriptorType::get(
          ctx, k.box, *getTensorMapSwizzleKind(k.swizzle),
          nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
          nvgpu::TensorMapOOBKind::OOB_ZERO,
          nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE));
      if (failed(kernel.insertArgument(kernel.getNumArguments(),
                                       types.back(), DictionaryAttr(),
                                       kernel.getLoc())))
        return kernel.emitOpError("could not add a tensor-map argument");
    }
    for (auto [op, map] : llvm::zip(ops, mapOf)) {
      OpBuilder b(op);
      Value descriptor = kernel.getArgument(first + map);
      // nvgpu's copies take a tile of the box's rank: a tile of lower rank
      // gains the box's outer 1s.
      auto asBox = [&](Value tile) -> Value {
        auto type = cast<MemRefType>(tile.getType());
        int64_t rank = maps[map].box.getRank();
        if (type.getRank() == rank)
          return tile;
        int64_t outer = rank - type.getRank();
        SmallVector<ReassociationIndices> groups;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          ReassociationIndices group;
          if (d == 0)
            for (int64_t o = 0; o < outer; ++o)
              group.push_back(o);
          group.push_back(outer + d);
          groups.push_back(group);
        }
        return memref::ExpandShapeOp::create(b, op->getLoc(),
                                             maps[map].box.getShape(), tile,
                                             groups);
      };
      if (auto load = dyn_cast<TmaLoadOp>(op)) {
        SmallVector<Value> coords(llvm::reverse(load.getCoordinates()));
        nvgpu::TmaAsyncLoadOp::create(
            b, op->getLoc(), asBox(load.getDest()), load.getBarriers(),
            descriptor, coords, load.getIndex(), load.getMulticast(),
            /*predicate=*/Value());
      } else {
        auto store = cast<TmaStoreOp>(op);
        SmallVector<Value> coords(llvm::reverse(store.getCoordinates()));
        nvgpu::TmaAsyncStoreOp::create(b, op->getLoc(),
                                       asBox(store.getSource()), descriptor,
                                       coords, /*predicate=*/Value());
        NVVM::CpAsyncBulkCommitGroupOp::create(b, op->getLoc());
      }
      op->erase();
    }
    // Every launch creates the maps from its operands.
    WalkResult bad = module.walk([&](gpu::LaunchFuncOp launch) {
      if (launch.getKernelModuleName() != gpuModule.getNameAttr() ||
          launch.getKernelName() != kernel.getNameAttr())
        return WalkResult::advance();
      OpBuilder b(launch);
      Location loc = launch.getLoc();
      SmallVector<Value> descriptors;
      for (auto [k, type] : llvm::zip(maps, types)) {
        Value tensor = launch.getKernelOperand(k.arg);
        auto memref = dyn_cast<MemRefType>(tensor.getType());
        if (!memref) {
          launch.emitOpError("expected a memref for the tensor map of "
                             "kernel argument ")
              << k.arg << ", got " << tensor.getType();
          return WalkResult::interrupt();
        }
        Value unranked = memref::CastOp::create(
            b, loc,
            UnrankedMemRefType::get(memref.getElementType(),
                                    memref.getMemorySpace()),
            tensor);
        SmallVector<Value> box;
        for (int64_t d : k.box.getShape())
          box.push_back(arith::ConstantIndexOp::create(b, loc, d));
        descriptors.push_back(nvgpu::TmaCreateDescriptorOp::create(
            b, loc, type, unranked, box));
      }
      launch.getKernelOperandsMutable().append(descriptors);
      return WalkResult::advance();
    });
    if (bad.wasInterrupted())
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

struct ConvertUopToNVGPUPass
    : public mlir::uop::impl::ConvertUopToNVGPUBase<ConvertUopToNVGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // gpu.mma_matrix has no bf16: say so on the op rather than leave the
    // conversion's "failed to legalize".
    WalkResult bf16 = getOperation()->walk([](Operation *op) {
      if (!isa<WmmaLoadOp, WmmaMmaOp, WmmaStoreOp, WmmaFillOp>(op))
        return WalkResult::advance();
      for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                          op->getResultTypes()))
        if (auto fragment = dyn_cast<FragmentType>(type))
          if (!convertFragment(fragment)) {
            op->emitOpError("expected f16 fragments for the gpu.subgroup_mma "
                            "lowering (gpu.mma_matrix has no bf16), got ")
                << fragment;
            return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    if (bf16.wasInterrupted())
      return signalPassFailure();
    // mbarrier.try_wait, transaction counts, TMA, elect.sync, stmatrix,
    // thread-block clusters and the async-proxy fence came with compute
    // capability 9.0 (sm_90, and every chip after it: sm_90a, sm_100a,
    // sm_120), each from a PTX ISA version on; sm_8x has none of them (the
    // NVPTX backend has no instruction to select and aborts). wgmma exists
    // on sm_90a alone (sm_100a has tcgen05 instead); tensor memory and
    // tcgen05 on sm_100a; setmaxnreg on the two "a" chips. The tcgen05 ops,
    // stmatrix and setmaxnreg stay uop ops here, for convert-uop-to-nvvm,
    // but a chip without them is refused now.
    WalkResult oldChip = getOperation()->walk([](Operation *op) {
      enum class Needs { None, Sm90, Wgmma, Tcgen05, ArchSpecific };
      Needs needs = Needs::None;
      const char *what = nullptr;
      int64_t minPtx = 0;
      auto sm90 = [&](const char *name, int64_t ptx) {
        needs = Needs::Sm90, what = name, minPtx = ptx;
      };
      auto arrive = dyn_cast<MBarrierArriveOp>(op);
      if (isa<MBarrierWaitOp, nvgpu::MBarrierTryWaitParityOp>(op))
        sm90("mbarrier.try_wait (sm_90 and newer)", 78);
      else if ((arrive && arrive.getExpectTx()) ||
               isa<nvgpu::MBarrierArriveExpectTxOp>(op))
        sm90("mbarrier expect_tx (sm_90 and newer)", 80);
      else if (isa<ElectOp>(op))
        sm90("elect.sync (sm_90 and newer)", 80);
      else if (isa<StMatrixOp>(op))
        sm90("stmatrix (sm_90 and newer)", 78);
      else if (isa<ClusterBarrierOp>(op))
        sm90("thread-block clusters (sm_90 and newer)", 78);
      else if (arrive && arrive.getCta())
        sm90("thread-block clusters (sm_90 and newer)", 80);
      else if (isa<FenceProxyAsyncOp>(op))
        sm90("fence.proxy.async (sm_90 and newer)", 80);
      else if (isa<TmaLoadOp, TmaStoreOp, TmaStoreWaitOp,
                   nvgpu::TmaAsyncLoadOp, nvgpu::TmaAsyncStoreOp>(op))
        sm90("TMA (sm_90 and newer)", 80);
      else if (isa<TMemAllocOp, TMemDeallocOp, TMemRelinquishAllocPermitOp,
                   Tcgen05MmaOp, Tcgen05CommitOp, Tcgen05LdOp,
                   Tcgen05WaitLdOp, Tcgen05FenceOp>(op))
        needs = Needs::Tcgen05, what = "tensor memory and tcgen05 (sm_100a)";
      else if (isa<WgmmaFenceOp, WgmmaMmaOp, WgmmaCommitGroupOp,
                   WgmmaWaitGroupOp>(op))
        needs = Needs::Wgmma, what = "wgmma (sm_90a alone)";
      else if (isa<SetMaxNRegOp>(op))
        needs = Needs::ArchSpecific, what = "setmaxnreg (sm_90a or sm_100a)";
      if (needs == Needs::None)
        return WalkResult::advance();
      TargetAttr target = getTargetOrDefault(op);
      bool has = false;
      switch (needs) {
      case Needs::None:
        break;
      case Needs::Sm90:
        has = target.hasSm90Async();
        break;
      case Needs::Wgmma:
        has = target.hasWgmma();
        break;
      case Needs::Tcgen05:
        has = target.hasTensorCore(TensorCoreKind::tcgen05);
        break;
      case Needs::ArchSpecific:
        has = target.hasWgmma() ||
              target.hasTensorCore(TensorCoreKind::tcgen05);
        break;
      }
      if (!has) {
        op->emitOpError("expected a target with ")
            << what << ", got " << target.getChip();
        return WalkResult::interrupt();
      }
      if (target.getPtx() < minPtx) {
        op->emitOpError("expected PTX ISA ")
            << minPtx / 10 << "." << minPtx % 10 << " or newer for " << what
            << ", got " << target.getPtx() / 10 << "." << target.getPtx() % 10
            << " (the target's ptx)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (oldChip.wasInterrupted())
      return signalPassFailure();
    auto module = dyn_cast<ModuleOp>(getOperation());
    if (!module)
      module = getOperation()->getParentOfType<ModuleOp>();
    if (failed(materializeTensorMaps(getOperation(), module)))
      return signalPassFailure();

    TypeConverter converter;
    // Types no uop conversion owns stay as they are.
    converter.addConversion([](Type type) { return type; });
    populateUopToNVGPUTypeConversions(converter);

    ConversionTarget target(*context);
    configureUopToNVGPUConversionLegality(target);
    RewritePatternSet patterns(context);
    populateUopToNVGPUConversionPatterns(converter, patterns);
    // Fragments are carried through loops (the accumulator of a k-loop):
    // scf.for / if / while convert their region and result types with them.
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
