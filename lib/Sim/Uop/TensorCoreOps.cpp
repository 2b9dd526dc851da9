//===- TensorCoreOps.cpp - uop-sim handlers of the uop tensor-core ops ----===//
//
// The tensor-core family of the uop dialect, run by the same semantics as
// the nvgpu and gpu.subgroup_mma ops they lower to (TensorCore.h), so that
// the kernel stage after uop-tensorcore and the nvgpu stage after
// convert-uop-to-nvgpu compute the same numbers lane by lane:
//
// - uop.ldmatrix: ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16, lane l
//   supplying row l % 8 of matrix l / 8;
// - uop.mma_sync: mma.sync m16n8k16 (f16, bf16) and m16n8k8 (tf32), f32
//   accumulation, by the PTX ISA fragment maps.
//
// Both are warp-collective: a warp of which only some lanes reach them is a
// partial-warp fault.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Sim/TensorCore.h"

using namespace mlir;
using namespace mlir::uop;
using namespace mlir::uop::sim;
namespace tc = mlir::uop::sim::tensorcore;

namespace {

LogicalResult ldmatrixOp(Interpreter &I, Operation *op) {
  auto ld = cast<LdMatrixOp>(op);
  return tc::ldmatrix(I, op, ld.getSource(), ld.getIndices(), ld.getNum(),
                      ld.getTranspose(), ld.getResult());
}

LogicalResult mmaSyncOp(Interpreter &I, Operation *op) {
  auto mma = cast<MmaSyncOp>(op);
  Type elem = cast<VectorType>(mma.getA().getType()).getElementType();
  // The verifier admits exactly these forms: m16n8k16 over f16 / bf16 and
  // m16n8k8 over f32 taken as tf32, all with an f32 accumulator.
  tc::MmaKind kind = mma.isTf32()     ? tc::MmaKind::TF32
                     : elem.isBF16() ? tc::MmaKind::BF16
                                     : tc::MmaKind::F16;
  return tc::mma(I, op, kind, mma.getA(), mma.getB(), mma.getC(),
                 mma.getResult());
}

} // namespace

void mlir::uop::sim::registerUopTensorCoreHandlers(HandlerRegistry &r) {
  r.add<LdMatrixOp>(ldmatrixOp);
  r.add<MmaSyncOp>(mmaSyncOp);
}
