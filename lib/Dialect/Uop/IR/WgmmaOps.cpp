//===- WgmmaOps.cpp - verifiers of the uop wgmma family -------------------===//
//
// Verifiers of uop.wgmma_fence / wgmma_mma / wgmma_commit_group /
// wgmma_wait_group: the static rules of wgmma.mma_async m64nNk16 with f16 /
// bf16 inputs (m64nNk8 with tf32, K-major) and f32 accumulation (tile
// shapes and types, the fragment's size, the wait depth). What depends on
// run-time values (which threads execute together, the order of fence,
// commit and wait, the tiles' alignment) is checked by uop-sim.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Dialect/Uop/IR/Wgmma.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::uop;

LogicalResult WgmmaFenceOp::verify() { return verifyInKernel(*this); }

LogicalResult WgmmaMmaOp::verify() {
  if (failed(verifySwizzledOperandTiles(*this, getAType(), getBType(),
                                        /*allowTf32=*/true)))
    return failure();
  // m64nNk8 of tf32 has no transpose immediates: both operands K-major.
  if (getAType().getElementType().isF32() && (getAMMajor() || getBNMajor()))
    return emitOpError("expected K-major tf32 (f32) operands (wgmma of tf32 "
                       "has no transpose: no ")
           << (getAMMajor() ? "a_m_major" : "b_n_major") << ")";
  if (getM() != wgmma::kMmaM)
    return emitOpError("expected M = 64 (A with 64 rows, one warpgroup's "
                       "accumulator), got ")
           << getM();
  int64_t n = getN();
  if (failed(verifyMmaN(*this, n, 8, wgmma::kMmaM)))
    return failure();
  if (getBNMajor() && n % wgmma::kNMajorBlockElements != 0)
    return emitOpError("expected N a multiple of 64 with b_n_major (B's "
                       "rows are blocks of K rows, each the 64 columns of "
                       "one 128-byte swizzle row), got ")
           << n;
  int64_t elements = getC().getType().getNumElements();
  if (elements != n / 2)
    return emitOpError("expected the accumulator fragment to hold N / 2 = ")
           << n / 2 << " f32 per thread (64 x " << n
           << " over 128 threads), got " << elements;
  return success();
}

LogicalResult WgmmaCommitGroupOp::verify() { return verifyInKernel(*this); }

LogicalResult WgmmaWaitGroupOp::verify() {
  if (failed(verifyInKernel(*this)))
    return failure();
  // The attribute's getter is unsigned; the value is read as written.
  int64_t pending = int64_t(getPending());
  if (pending < 0 || pending > 7)
    return emitOpError("expected 'pending' from 0 to 7 (the wait_group "
                       "immediate), got ")
           << pending;
  return success();
}

LogicalResult SetMaxNRegOp::verify() {
  if (failed(verifyInKernel(*this)))
    return failure();
  int64_t count = int64_t(getCount());
  if (count < 24 || count > 256 || count % 8 != 0)
    return emitOpError("expected a register count that is a multiple of 8 "
                       "from 24 to 256, got ")
           << count;
  return success();
}
