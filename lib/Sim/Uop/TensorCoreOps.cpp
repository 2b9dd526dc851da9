//===- TensorCoreOps.cpp - uop-sim handlers of the uop tensor-core ops ----===//
//
// The tensor-core family of the uop dialect, run by the same semantics as
// the nvgpu and gpu.subgroup_mma ops they lower to (TensorCore.h), so that
// the kernel stage after uop-tensorcore and the nvgpu stage after
// convert-uop-to-nvgpu compute the same numbers lane by lane:
//
// - uop.ldmatrix: ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16, lane l
//   supplying row l % 8 of matrix l / 8;
// - uop.stmatrix: stmatrix.sync.aligned.m8n8.x{1,2,4}.b16, its inverse
//   (the rows' addresses from lanes 0 .. 8 num - 1, each 16-byte aligned);
// - uop.mma_sync: mma.sync m16n8k16 (f16, bf16) and m16n8k8 (tf32), f32
//   accumulation, by the PTX ISA fragment maps;
// - uop.wmma_load / wmma_mma / wmma_store / wmma_fill: m16n16k16 on
//   fragments kept in the simulator's scrambled layout (opaque by
//   contract), the leading dimension being the memref's row stride and a
//   `col` fragment reading the tile transposed.
//
// All but wmma_fill are warp-collective: a warp of which only some lanes reach them is a
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

LogicalResult stmatrixOp(Interpreter &I, Operation *op) {
  auto st = cast<StMatrixOp>(op);
  return tc::stmatrix(I, op, st.getValue(), st.getDest(), st.getIndices(),
                      st.getNum());
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

/// The simulator's layout of a fragment type (one scramble per kind).
tc::WmmaOperand wmmaOperand(Type type) {
  auto ft = cast<FragmentType>(type);
  return ft.isMatrixA()   ? tc::WmmaOperand::A
         : ft.isMatrixB() ? tc::WmmaOperand::B
                          : tc::WmmaOperand::C;
}

/// The leading dimension of a 2-D memref: its row stride, in elements.
int64_t leadDimension(Interpreter &I, Value mem) {
  return I.get(mem).strides[0];
}

LogicalResult wmmaLoadOp(Interpreter &I, Operation *op) {
  auto ld = cast<WmmaLoadOp>(op);
  auto ft = cast<FragmentType>(ld.getResult().getType());
  return tc::wmmaLoad(I, op, wmmaOperand(ft), ld.getSource(), ld.getIndices(),
                      leadDimension(I, ld.getSource()), ft.isColumnMajor(),
                      ld.getResult());
}

LogicalResult wmmaMmaOp(Interpreter &I, Operation *op) {
  auto mma = cast<WmmaMmaOp>(op);
  return tc::wmmaCompute(
      I, op, mma.getA(), mma.getB(), mma.getC(),
      cast<FragmentType>(mma.getResult().getType()).getElementType(),
      mma.getResult());
}

LogicalResult wmmaStoreOp(Interpreter &I, Operation *op) {
  auto st = cast<WmmaStoreOp>(op);
  auto ft = cast<FragmentType>(st.getValue().getType());
  return tc::wmmaStore(I, op, st.getValue(), st.getDest(), st.getIndices(),
                       leadDimension(I, st.getDest()), ft.isColumnMajor());
}

LogicalResult wmmaFillOp(Interpreter &I, Operation *op) {
  auto fill = cast<WmmaFillOp>(op);
  return tc::wmmaFill(I, op, fill.getValue(), fill.getResult());
}

} // namespace

void mlir::uop::sim::registerUopTensorCoreHandlers(HandlerRegistry &r) {
  r.add<LdMatrixOp>(ldmatrixOp);
  r.add<StMatrixOp>(stmatrixOp);
  r.add<MmaSyncOp>(mmaSyncOp);
  r.add<WmmaLoadOp>(wmmaLoadOp);
  r.add<WmmaMmaOp>(wmmaMmaOp);
  r.add<WmmaStoreOp>(wmmaStoreOp);
  r.add<WmmaFillOp>(wmmaFillOp);
}
