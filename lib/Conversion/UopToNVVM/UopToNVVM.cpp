//===- UopToNVVM.cpp - uop tcgen05 ops to NVVM ----------------------------===//
//
// Lowers the tensor-memory and tcgen05 ops of uop (and the async-proxy
// fence, the wgmma ops, setmaxnreg, named barriers and stmatrix) to NVVM
// in the llvm stage, where the memref operands are LLVM descriptors whose
// aligned pointer and offset give shared addresses:
//
//   uop.tmem_alloc        -> nvvm.tcgen05.alloc %slot_ptr, %ncols
//   uop.tmem_dealloc      -> nvvm.tcgen05.dealloc %tmem_ptr, %ncols
//   uop.tmem_relinquish.. -> nvvm.tcgen05.relinquish_alloc_permit
//   uop.tcgen05_mma       -> K/16 x nvvm.tcgen05.mma (kind f16, cta_group 1)
//   uop.tcgen05_commit    -> nvvm.tcgen05.commit %mbarrier_ptr
//   uop.tcgen05_ld        -> nvvm.tcgen05.ld (32x32b) + bitcast to f32
//   uop.tcgen05_wait_ld   -> nvvm.tcgen05.wait <load>
//   uop.tcgen05_fence     -> nvvm.tcgen05.fence <before|after>
//   uop.fence_proxy_async -> nvvm.fence.proxy async.shared, cta
//   uop.wgmma_fence       -> nvvm.wgmma.fence.aligned
//   uop.wgmma_mma         -> K/16 x nvvm.wgmma.mma_async (m64nNk16, f32 D;
//                            K/8 x m64nNk8 for tf32)
//                            on the accumulator as a struct of N/2 f32
//   uop.wgmma_commit_group-> nvvm.wgmma.commit.group.sync.aligned
//   uop.wgmma_wait_group  -> nvvm.wgmma.wait.group.sync.aligned
//   uop.setmaxnreg        -> nvvm.setmaxregister
//   uop.named_barrier     -> nvvm.barrier id, number_of_threads (bar.sync)
//   uop.stmatrix          -> nvvm.stmatrix (m8n8, b16) of one i32 per matrix
//
// The descriptors are the words of Tcgen05.h and Wgmma.h, which uop-sim
// decodes: the constant upper bits of a shared-memory descriptor or-ed with
// the start address's bits [4, 18).
//
//===----------------------------------------------------------------------===//

#include "Uop/Conversion/UopToNVVM/UopToNVVM.h"
#include "Uop/Conversion/Passes.h"
#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/Tcgen05.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Dialect/Uop/IR/Wgmma.h"

#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::uop {
#define GEN_PASS_DEF_CONVERTUOPTONVVM
#include "Uop/Conversion/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;
namespace tc05 = mlir::uop::tcgen05;

namespace {

constexpr unsigned kSharedSpace = 3;
constexpr unsigned kTensorSpace = 6;

Value i32Constant(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(int32_t(v)));
}

Value i64Constant(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(v));
}

/// The i32 tensor-memory address as the `!llvm.ptr<6>` NVVM takes.
Value tmemPointer(OpBuilder &b, Location loc, Value address) {
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), kTensorSpace),
      address);
}

NVVM::CTAGroupKindAttr ctaGroup1(MLIRContext *ctx) {
  return NVVM::CTAGroupKindAttr::get(ctx, NVVM::CTAGroupKind::CTA_1);
}

struct TMemAllocLowering : public ConvertOpToLLVMPattern<TMemAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(TMemAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value slot = getStridedElementPtr(
        rewriter, loc, cast<MemRefType>(op.getSlot().getType()),
        adaptor.getSlot(), adaptor.getIndices());
    NVVM::Tcgen05AllocOp::create(rewriter, loc, slot,
                                 i32Constant(rewriter, loc, op.getColumns()),
                                 ctaGroup1(getContext()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMemDeallocLowering : public ConvertOpToLLVMPattern<TMemDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(TMemDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::Tcgen05DeallocOp::create(
        rewriter, loc, tmemPointer(rewriter, loc, adaptor.getAddress()),
        i32Constant(rewriter, loc, op.getColumns()), ctaGroup1(getContext()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMemRelinquishLowering
    : public ConvertOpToLLVMPattern<TMemRelinquishAllocPermitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(TMemRelinquishAllocPermitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05RelinquishAllocPermitOp>(
        op, ctaGroup1(getContext()));
    return success();
  }
};

/// The shared address of element [0, 0] of the 2-D tile `desc` of type
/// `type`, as an i64.
Value sharedAddress(ConversionPatternRewriter &rewriter, Location loc,
                    MemRefType type, Value desc,
                    const LLVMTypeConverter &converter) {
  Value zero = i64Constant(rewriter, loc, 0);
  Value ptr = LLVM::getStridedElementPtr(
      rewriter, loc, converter, type, desc, ValueRange{zero, zero});
  return LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), ptr);
}

/// A shared-memory matrix descriptor: the constant bits `high` or-ed with
/// bits [4, 18) of `address + offset` (tcgen05 and wgmma share the start
/// field; Tcgen05.h and Wgmma.h give the rest).
Value matrixDescriptor(ConversionPatternRewriter &rewriter, Location loc,
                       Value address, int64_t offset, uint64_t high) {
  Value start = LLVM::AddOp::create(rewriter, loc, address,
                                    i64Constant(rewriter, loc, offset));
  Value field = LLVM::AndOp::create(
      rewriter, loc,
      LLVM::LShrOp::create(rewriter, loc, start,
                           i64Constant(rewriter, loc, 4)),
      i64Constant(rewriter, loc, 0x3FFF));
  return LLVM::OrOp::create(rewriter, loc, field,
                            i64Constant(rewriter, loc, int64_t(high)));
}

struct Tcgen05MmaLowering : public ConvertOpToLLVMPattern<Tcgen05MmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(Tcgen05MmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addrA = sharedAddress(rewriter, loc, op.getAType(), adaptor.getA(),
                                *getTypeConverter());
    Value addrB = sharedAddress(rewriter, loc, op.getBType(), adaptor.getB(),
                                *getTypeConverter());
    auto format = op.getAType().getElementType().isBF16()
                      ? tc05::F16Format::BF16
                      : tc05::F16Format::F16;
    Value idesc = i32Constant(
        rewriter, loc,
        int64_t(tc05::f16InstrDescriptor(format, op.getM(), op.getN(),
                                         op.getBNMajor(), op.getAMMajor())));
    Value d = tmemPointer(rewriter, loc, adaptor.getAddress());
    Value enable = adaptor.getAccumulate();
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    // K-major operands, or an M-major A / N-major B (Tcgen05.h).
    bool mMajorA = op.getAMMajor(), nMajorB = op.getBNMajor();
    int64_t k = op.getK();
    for (int64_t s = 0; s < k / tc05::kInstrK; ++s) {
      Value descA = matrixDescriptor(rewriter, loc, addrA,
                                     tc05::sliceOffset(s, mMajorA),
                                     tc05::operandDescriptorHigh(k, mMajorA));
      Value descB = matrixDescriptor(rewriter, loc, addrB,
                                     tc05::sliceOffset(s, nMajorB),
                                     tc05::operandDescriptorHigh(k, nMajorB));
      NVVM::Tcgen05MMAOp::create(
          rewriter, loc, NVVM::Tcgen05MMAKind::F16,
          NVVM::CTAGroupKind::CTA_1, NVVM::Tcgen05MMACollectorOp::DISCARD,
          /*aShift=*/false, d, descA, descB, idesc, s == 0 ? enable : always,
          /*scaleInputD=*/Value(), /*disableOutputLane=*/Value());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct Tcgen05CommitLowering : public ConvertOpToLLVMPattern<Tcgen05CommitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(Tcgen05CommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemRefType type =
        nvgpu::getMBarrierMemrefType(getContext(), op.getBarriers().getType());
    Value barrier = getStridedElementPtr(rewriter, loc, type,
                                         adaptor.getBarriers(),
                                         ValueRange{adaptor.getIndex()});
    NVVM::Tcgen05CommitOp::create(rewriter, loc, barrier,
                                  /*multicastMask=*/Value(),
                                  ctaGroup1(getContext()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct Tcgen05LdLowering : public ConvertOpToLLVMPattern<Tcgen05LdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(Tcgen05LdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    VectorType type = op.getResult().getType();
    int64_t n = type.getNumElements();
    Type i32 = rewriter.getI32Type();
    Type raw = n == 1 ? i32 : Type(VectorType::get({n}, i32));
    // 16x32bx2 takes the second half's column offset as an immediate.
    std::optional<uint32_t> split = op.getHalfSplit();
    Value offset =
        split ? i64Constant(rewriter, loc, int64_t(*split)) : Value();
    auto shape = split ? NVVM::Tcgen05LdStShape::SHAPE_16X32BX2
                       : NVVM::Tcgen05LdStShape::SHAPE_32X32B;
    Value words = NVVM::Tcgen05LdOp::create(
        rewriter, loc, raw, /*pack=*/UnitAttr(),
        NVVM::Tcgen05LdStShapeAttr::get(getContext(), shape),
        tmemPointer(rewriter, loc, adaptor.getAddress()), offset);
    if (n == 1)
      words = LLVM::BitcastOp::create(
          rewriter, loc, VectorType::get({1}, i32), words);
    rewriter.replaceOpWithNewOp<LLVM::BitcastOp>(op, type, words);
    return success();
  }
};

struct Tcgen05WaitLdLowering : public ConvertOpToLLVMPattern<Tcgen05WaitLdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(Tcgen05WaitLdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05WaitOp>(
        op, NVVM::Tcgen05WaitKindAttr::get(getContext(),
                                           NVVM::Tcgen05WaitKind::LOAD));
    return success();
  }
};

struct Tcgen05FenceLowering : public ConvertOpToLLVMPattern<Tcgen05FenceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(Tcgen05FenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05FenceOp>(
        op, op.getAfter() ? NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC
                          : NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
    return success();
  }
};

struct FenceProxyAsyncLowering
    : public ConvertOpToLLVMPattern<FenceProxyAsyncOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(FenceProxyAsyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
        op,
        NVVM::ProxyKindAttr::get(getContext(), NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(getContext(),
                                   NVVM::SharedSpace::shared_cta));
    return success();
  }
};

/// uop.mbarrier_arrive ... cta %rank (a remote arrival; the local ones
/// became nvgpu ops in convert-uop-to-nvgpu) -> nvvm.mapa of the barrier's
/// shared address to the block of that rank, then nvvm.mbarrier.arrive
/// (.expect_tx) on the shared::cluster address at cluster scope:
/// mbarrier.arrive.release.cluster.shared::cluster.b64.
struct RemoteMBarrierArriveLowering
    : public ConvertOpToLLVMPattern<MBarrierArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getCta())
      return rewriter.notifyMatchFailure(op, "a local arrival (nvgpu's)");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    MemRefType type =
        nvgpu::getMBarrierMemrefType(getContext(), op.getBarriers().getType());
    Value barrier = getStridedElementPtr(rewriter, loc, type,
                                         adaptor.getBarriers(),
                                         ValueRange{adaptor.getIndex()});
    Value rank = LLVM::TruncOp::create(rewriter, loc, i32, adaptor.getCta());
    auto clusterPtr = LLVM::LLVMPointerType::get(
        getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster));
    Value remote =
        NVVM::MapaOp::create(rewriter, loc, clusterPtr, barrier, rank);
    if (Value tx = adaptor.getExpectTx()) {
      Value bytes = LLVM::TruncOp::create(rewriter, loc, i32, tx);
      NVVM::MBarrierArriveExpectTxOp::create(
          rewriter, loc, /*res=*/Type(), remote, bytes,
          NVVM::MemScopeKind::CLUSTER, /*relaxed=*/false,
          /*predicate=*/Value());
    } else {
      NVVM::MBarrierArriveOp::create(rewriter, loc, /*res=*/Type(), remote,
                                     /*count=*/Value(),
                                     NVVM::MemScopeKind::CLUSTER,
                                     /*relaxed=*/false);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// uop.named_barrier -> nvvm.barrier id = %id number_of_threads = %threads
/// (bar.sync id, threads).
struct NamedBarrierLowering : public ConvertOpToLLVMPattern<NamedBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(NamedBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value id = LLVM::ConstantOp::create(rewriter, loc, i32, op.getIdAttr());
    Value threads =
        LLVM::ConstantOp::create(rewriter, loc, i32, op.getThreadsAttr());
    rewriter.replaceOpWithNewOp<NVVM::BarrierOp>(
        op, /*res=*/Type(), id, threads, /*reductionOp=*/nullptr,
        /*reductionPredicate=*/Value());
    return success();
  }
};

struct WgmmaFenceLowering : public ConvertOpToLLVMPattern<WgmmaFenceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WgmmaFenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaFenceAlignedOp>(op);
    return success();
  }
};

struct WgmmaMmaLowering : public ConvertOpToLLVMPattern<WgmmaMmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WgmmaMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Value addrA = sharedAddress(rewriter, loc, op.getAType(), adaptor.getA(),
                                *getTypeConverter());
    Value addrB = sharedAddress(rewriter, loc, op.getBType(), adaptor.getB(),
                                *getTypeConverter());
    int64_t n = op.getN(), regs = n / 2;
    // The accumulator's registers as the struct of f32 wgmma takes.
    Type f32 = rewriter.getF32Type();
    auto structType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(size_t(regs), f32));
    Value acc = LLVM::UndefOp::create(rewriter, loc, structType);
    for (int64_t i = 0; i < regs; ++i) {
      Value e = LLVM::ExtractElementOp::create(
          rewriter, loc, adaptor.getC(), i64Constant(rewriter, loc, i));
      acc = LLVM::InsertValueOp::create(rewriter, loc, acc, e, i);
    }
    Type element = op.getAType().getElementType();
    auto inType = NVVM::WGMMATypesAttr::get(
        ctx, element.isBF16()  ? NVVM::WGMMATypes::bf16
             : element.isF32() ? NVVM::WGMMATypes::tf32
                               : NVVM::WGMMATypes::f16);
    // K-major operands, or an M-major A / N-major B (Wgmma.h); one
    // instruction per 32-byte K slice (k16 of f16 / bf16, k8 of tf32).
    bool mMajorA = op.getAMMajor(), nMajorB = op.getBNMajor();
    int64_t k = op.getK();
    int64_t instrK = wgmma::instrK(getElementBytes(element));
    for (int64_t s = 0; s < k / instrK; ++s) {
      Value descA = matrixDescriptor(rewriter, loc, addrA,
                                     wgmma::sliceOffset(s, mMajorA),
                                     wgmma::operandDescriptorHigh(k, mMajorA));
      Value descB = matrixDescriptor(rewriter, loc, addrB,
                                     wgmma::sliceOffset(s, nMajorB),
                                     wgmma::operandDescriptorHigh(k, nMajorB));
      acc = NVVM::WgmmaMmaAsyncOp::create(
          rewriter, loc, structType, acc, descA, descB,
          NVVM::MMAShapeAttr::get(ctx, int(wgmma::kMmaM), int(n),
                                  int(instrK)),
          inType, inType,
          NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
          NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one),
          NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
          NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
          // K-major A is "row", K-major B "col" (imm-trans = 0); an
          // M-major A "col", an N-major B "row" (imm-trans = 1).
          NVVM::MMALayoutAttr::get(ctx, mMajorA ? NVVM::MMALayout::col
                                                : NVVM::MMALayout::row),
          NVVM::MMALayoutAttr::get(ctx, nMajorB ? NVVM::MMALayout::row
                                                : NVVM::MMALayout::col),
          /*satfinite=*/NVVM::MMAIntOverflowAttr());
    }
    Value result = LLVM::UndefOp::create(rewriter, loc, op.getType());
    for (int64_t i = 0; i < regs; ++i) {
      Value e = LLVM::ExtractValueOp::create(rewriter, loc, acc, i);
      result = LLVM::InsertElementOp::create(rewriter, loc, result, e,
                                             i64Constant(rewriter, loc, i));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct WgmmaCommitGroupLowering
    : public ConvertOpToLLVMPattern<WgmmaCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WgmmaCommitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaGroupSyncAlignedOp>(op);
    return success();
  }
};

struct WgmmaWaitGroupLowering
    : public ConvertOpToLLVMPattern<WgmmaWaitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WgmmaWaitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaWaitGroupSyncOp>(
        op, rewriter.getI64IntegerAttr(op.getPending()));
    return success();
  }
};

struct SetMaxNRegLowering : public ConvertOpToLLVMPattern<SetMaxNRegOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SetMaxNRegOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::SetMaxRegisterOp>(
        op, int32_t(op.getCount()),
        op.getIncrease() ? NVVM::SetMaxRegisterAction::increase
                         : NVVM::SetMaxRegisterAction::decrease);
    return success();
  }
};

/// uop.stmatrix: each lane's row address into the dest and, per matrix,
/// its register (two b16 elements as one i32).
struct StMatrixLowering : public ConvertOpToLLVMPattern<StMatrixOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value row = getStridedElementPtr(rewriter, loc, op.getDestType(),
                                     adaptor.getDest(), adaptor.getIndices());
    // vector<num x 2 x T> is an array of num vector<2 x T> in LLVM.
    SmallVector<Value, 4> registers;
    for (int64_t q = 0, e = op.getNum(); q < e; ++q) {
      Value pair = LLVM::ExtractValueOp::create(rewriter, loc,
                                                adaptor.getValue(), q);
      registers.push_back(LLVM::BitcastOp::create(
          rewriter, loc, rewriter.getI32Type(), pair));
    }
    NVVM::StMatrixOp::create(
        rewriter, loc, row, registers, NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertUopToNVVMPass
    : public mlir::uop::impl::ConvertUopToNVVMBase<ConvertUopToNVVMPass> {
  /// A kernel that uses setmaxnreg must start with a fixed register count
  /// (PTX ISA): `nvvm.maxnreg`, which becomes `.maxnreg`, set to the most
  /// its block can hold (Wgmma.h's registersAtLaunch), so the budgets its
  /// setmaxnregs move are the ones uop-sim checked.
  LogicalResult fixRegisterCounts() {
    WalkResult result = getOperation()->walk([&](gpu::GPUFuncOp func) {
      SetMaxNRegOp first;
      func.walk([&](SetMaxNRegOp op) {
        first = op;
        return WalkResult::interrupt();
      });
      if (!first)
        return WalkResult::advance();
      std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
      if (!block || block->size() != 3) {
        first.emitOpError("expected its kernel to have a known block size "
                          "(the register count it starts with must be fixed "
                          "at compile time)");
        return WalkResult::interrupt();
      }
      int64_t threads = int64_t((*block)[0]) * (*block)[1] * (*block)[2];
      func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                    IntegerAttr::get(IntegerType::get(func.getContext(), 32),
                                     wgmma::registersAtLaunch(threads)));
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    if (failed(fixRegisterCounts()))
      return signalPassFailure();
    LLVMTypeConverter converter(ctx);
    // As convert-nvgpu-to-nvvm and convert-gpu-to-nvvm map them.
    populateGpuMemorySpaceAttributeConversions(
        converter, [](gpu::AddressSpace space) -> unsigned {
          switch (space) {
          case gpu::AddressSpace::Global:
            return 1;
          case gpu::AddressSpace::Workgroup:
            return kSharedSpace;
          case gpu::AddressSpace::Private:
            return 0;
          }
          llvm_unreachable("unknown address space");
        });
    converter.addConversion([&](nvgpu::MBarrierGroupType type) -> Type {
      return converter.convertType(nvgpu::getMBarrierMemrefType(ctx, type));
    });
    RewritePatternSet patterns(ctx);
    populateUopToNVVMConversionPatterns(converter, patterns);
    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    target.addIllegalOp<TMemAllocOp, TMemDeallocOp,
                        TMemRelinquishAllocPermitOp, Tcgen05MmaOp,
                        Tcgen05CommitOp, Tcgen05LdOp, Tcgen05WaitLdOp,
                        Tcgen05FenceOp, FenceProxyAsyncOp, WgmmaFenceOp,
                        WgmmaMmaOp, WgmmaCommitGroupOp, WgmmaWaitGroupOp,
                        SetMaxNRegOp, NamedBarrierOp, StMatrixOp>();
    // Remote arrivals are this pass's; a local one is nvgpu's (left for
    // uop-check-lowered to name when it got here).
    target.addDynamicallyLegalOp<MBarrierArriveOp>(
        [](MBarrierArriveOp op) { return !op.getCta(); });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::uop::populateUopToNVVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<TMemAllocLowering, TMemDeallocLowering, TMemRelinquishLowering,
               Tcgen05MmaLowering, Tcgen05CommitLowering, Tcgen05LdLowering,
               Tcgen05WaitLdLowering, Tcgen05FenceLowering,
               FenceProxyAsyncLowering, WgmmaFenceLowering, WgmmaMmaLowering,
               WgmmaCommitGroupLowering, WgmmaWaitGroupLowering,
               SetMaxNRegLowering, NamedBarrierLowering,
               RemoteMBarrierArriveLowering, StMatrixLowering>(converter);
}
