//===- NVGPUToNVVMBF16.cpp - bf16 mma.sync to NVVM ------------------------===//
//
// Upstream's convert-nvgpu-to-nvvm lowers `nvgpu.mma.sync` for f16, tf32,
// f64 and integer operands, but it cannot name the PTX type of a bf16
// fragment, so a bf16 mma.sync, which every target from sm_80 on executes
// (`mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`), would stop the
// llvm stage. This conversion runs just before it and writes the op
// directly as `nvvm.mma.sync`.
//
// The registers are the instruction's: each `vector<2xbf16>` row of the A
// and B fragments is one 32-bit register holding two bf16 values (the lower
// half the first), so a row is bitcast to an i32; the f32 accumulator is
// four scalar registers, rows g then g + 8 of the C fragment, and the
// result struct is read back in the same order. The nvgpu stage before it
// keeps the nvgpu op, which uop-sim runs lane by lane.
//
//===----------------------------------------------------------------------===//

#include "Uop/Conversion/NVGPUToNVVMBF16/NVGPUToNVVMBF16.h"
#include "Uop/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::uop {
#define GEN_PASS_DEF_CONVERTNVGPUBF16MMATONVVM
#include "Uop/Conversion/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

namespace {

/// bf16 `nvgpu.mma.sync` with an f32 accumulator -> `nvvm.mma.sync`.
struct BF16MmaSyncToNVVM : public OpRewritePattern<nvgpu::MmaSyncOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(nvgpu::MmaSyncOp op,
                                PatternRewriter &rewriter) const override {
    auto aType = cast<VectorType>(op.getMatrixA().getType());
    auto cType = cast<VectorType>(op.getMatrixC().getType());
    if (!aType.getElementType().isBF16())
      return rewriter.notifyMatchFailure(op, "not a bf16 mma.sync");
    if (!cType.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "bf16 mma.sync accumulates f32");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Type f32 = rewriter.getF32Type();
    auto packed = VectorType::get({1}, i32);

    // One i32 register per two-element row of a bf16 fragment.
    auto registers = [&](Value fragment) {
      SmallVector<Value> regs;
      auto type = cast<VectorType>(fragment.getType());
      for (int64_t row = 0; row < type.getDimSize(0); ++row) {
        Value pair = vector::ExtractOp::create(rewriter, loc, fragment, row);
        Value bits = vector::BitCastOp::create(rewriter, loc, packed, pair);
        regs.push_back(vector::ExtractOp::create(rewriter, loc, bits, 0));
      }
      return regs;
    };
    SmallVector<Value> a = registers(op.getMatrixA());
    SmallVector<Value> b = registers(op.getMatrixB());
    SmallVector<Value> c;
    for (int64_t row = 0; row < cType.getDimSize(0); ++row)
      for (int64_t col = 0; col < cType.getDimSize(1); ++col)
        c.push_back(vector::ExtractOp::create(
            rewriter, loc, op.getMatrixC(), ArrayRef<int64_t>{row, col}));

    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(c.size(), f32));
    std::array<int64_t, 3> shape = op.getMmaShapeAsArray();
    Value d = NVVM::MmaOp::create(
        rewriter, loc, resultType, a, b, c, shape,
        /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt,
        std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                      NVVM::MMATypes::bf16},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    SmallVector<Value> elements;
    for (int64_t i = 0, e = c.size(); i < e; ++i)
      elements.push_back(LLVM::ExtractValueOp::create(rewriter, loc, d, i));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, cType, elements);
    return success();
  }
};

struct ConvertNVGPUBF16MmaToNVVMPass
    : public mlir::uop::impl::ConvertNVGPUBF16MmaToNVVMBase<
          ConvertNVGPUBF16MmaToNVVMPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateNVGPUToNVVMBF16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

void mlir::uop::populateNVGPUToNVVMBF16Patterns(RewritePatternSet &patterns) {
  patterns.add<BF16MmaSyncToNVVM>(patterns.getContext());
}
