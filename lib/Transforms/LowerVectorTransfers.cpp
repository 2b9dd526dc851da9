//===- LowerVectorTransfers.cpp - uop-lower-vector-transfers pass ---------===//
//
// Rewrites 1-D vector transfers of device code into vector loads and
// stores, masked where the transfer may leave its memref. The llvm stage
// needs it before convert-gpu-to-nvvm: the mask is arithmetic on the
// memref's size that convert-gpu-to-nvvm lowers, while the masked accesses
// themselves are lowered later by convert-vector-to-llvm.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPLOWERVECTORTRANSFERS
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;

namespace {

struct UopLowerVectorTransfersPass
    : public mlir::uop::impl::UopLowerVectorTransfersBase<
          UopLowerVectorTransfersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Out-of-bounds dimensions become an explicit mask (32-bit lane
    // positions, as in convert-vector-to-llvm), masked transfers become
    // masked loads and stores, and the masks' create_mask ops arithmetic.
    vector::populateVectorMaskMaterializationPatterns(
        patterns, /*force32BitVectorIndices=*/true);
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    vector::populateVectorMaskOpLoweringPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
