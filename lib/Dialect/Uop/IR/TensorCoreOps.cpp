//===- TensorCoreOps.cpp - verifiers of the uop tensor-core family --------===//
//
// Verifiers of uop.ldmatrix, uop.stmatrix and uop.mma_sync and of the WMMA
// ops (uop.wmma_load / wmma_mma / wmma_store / wmma_fill). The register
// operands must have exactly the shapes the PTX instructions give each
// lane (and upstream nvgpu.ldmatrix / nvgpu.mma.sync accept), the
// fragments the kinds their instruction takes, so that a verified op
// always has an instruction and a one-to-one lowering. Being
// warp-collective, the ops are not checked for divergence here: control
// flow that depends on the thread id may still be uniform per warp, which
// only the simulator sees.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::uop;

/// Returns true when the innermost dimension of `type` has unit stride, i.e.
/// consecutive elements of a row are consecutive in memory (a rank-0 memref
/// has no row and is not).
static bool hasContiguousRows(MemRefType type) {
  if (type.getRank() == 0)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

/// Checks the common rules of a memory operand: `indices` address one
/// element of `type` (named `name` in diagnostics), whose rows are
/// contiguous.
static LogicalResult verifyRowAccess(Operation *op, StringRef name,
                                     MemRefType type, ValueRange indices) {
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return op->emitOpError("expected ")
           << type.getRank() << " indices into " << name << ", got "
           << indices.size();
  if (!hasContiguousRows(type))
    return op->emitOpError("expected ")
           << name << " with a unit-stride innermost dimension, got " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// LdMatrixOp
//===----------------------------------------------------------------------===//

/// The checks ldmatrix and stmatrix share: `memory` (named `name`) in
/// shared memory with 16-bit elements and contiguous rows, one index per
/// dimension, `num` 1, 2 or 4, and the registers `fragment` (named
/// `fragmentName`) a vector<num x 2 x T>: one 32-bit register (two b16
/// elements) per matrix and lane.
static LogicalResult verifyMatrixAccess(Operation *op, StringRef name,
                                        MemRefType memory, ValueRange indices,
                                        IntegerAttr numAttr,
                                        StringRef fragmentName,
                                        Type fragment) {
  if (!isWorkgroupMemRef(memory))
    return op->emitOpError("expected a ")
           << name << " in #gpu.address_space<workgroup>, got " << memory;
  Type elem = memory.getElementType();
  if (!elem.isF16() && !elem.isBF16())
    return op->emitOpError("expected an f16 or bf16 ")
           << name << ", got " << elem;
  if (failed(verifyRowAccess(op, name, memory, indices)))
    return failure();
  // Signed: the generated getter would read a negative i32 as unsigned.
  int64_t num = numAttr.getInt();
  if (num != 1 && num != 2 && num != 4)
    return op->emitOpError("expected num to be 1, 2 or 4, got ") << num;
  auto expected = VectorType::get({num, 2}, elem);
  if (fragment != expected)
    return op->emitOpError("expected a ")
           << fragmentName << " of type " << expected << ", got " << fragment;
  if (!getEnclosingKernel(op))
    return op->emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

// ldmatrix's fragments are those of the f16 / bf16 mma.sync.
LogicalResult LdMatrixOp::verify() {
  return verifyMatrixAccess(*this, "source", getSourceType(), getIndices(),
                            getNumAttr(), "result", getResult().getType());
}

//===----------------------------------------------------------------------===//
// StMatrixOp
//===----------------------------------------------------------------------===//

// stmatrix stores the pairs of an accumulator fragment cast to 16 bits.
LogicalResult StMatrixOp::verify() {
  return verifyMatrixAccess(*this, "dest", getDestType(), getIndices(),
                            getNumAttr(), "value", getValue().getType());
}

//===----------------------------------------------------------------------===//
// MmaSyncOp
//===----------------------------------------------------------------------===//

/// Checks that operand `name` of `op` has type `expected`.
static LogicalResult verifyFragment(Operation *op, StringRef name, Value value,
                                    VectorType expected) {
  if (value.getType() != expected)
    return op->emitOpError("expected ")
           << name << " of type " << expected << ", got " << value.getType();
  return success();
}

LogicalResult MmaSyncOp::verify() {
  ArrayRef<int64_t> shape = getShape();
  auto aType = cast<VectorType>(getA().getType());
  Type elem = aType.getElementType();
  Builder b(getContext());
  // The shapes are those of the instructions: m16n8k16 for the 16-bit
  // inputs, m16n8k8 for tf32 (a 32-bit register holds one tf32 but two
  // f16). Per lane, A is 4 registers, B 2, C/D 4 f32.
  int64_t k;
  VectorType a, bType;
  if (elem.isF16() || elem.isBF16()) {
    k = 16;
    a = VectorType::get({4, 2}, elem);
    bType = VectorType::get({2, 2}, elem);
  } else if (elem.isF32()) {
    k = 8;
    a = VectorType::get({4, 1}, elem);
    bType = VectorType::get({2, 1}, elem);
  } else {
    return emitOpError("expected f16, bf16 or f32 (tf32) operands, got ")
           << elem;
  }
  if (shape[0] != 16 || shape[1] != 8 || shape[2] != k)
    return emitOpError("expected shape [16, 8, ")
           << k << "] for " << elem << " operands, got [" << shape[0] << ", "
           << shape[1] << ", " << shape[2] << "]";
  if (failed(verifyFragment(*this, "a", getA(), a)) ||
      failed(verifyFragment(*this, "b", getB(), bType)) ||
      failed(verifyFragment(*this, "c", getC(),
                            VectorType::get({2, 2}, b.getF32Type()))))
    return failure();
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

//===----------------------------------------------------------------------===//
// WMMA
//===----------------------------------------------------------------------===//

/// Returns true when `type` is in memory that wmma.load / wmma.store can
/// address: global (no space, `#gpu.address_space<global>`, NVVM space 1)
/// or shared.
static bool isWmmaAddressable(MemRefType type) {
  return isWorkgroupMemRef(type) || isGlobalMemRef(type);
}

/// Checks the memory operand of a wmma load or store: global or shared, of
/// the fragment's element type, one index per dimension, contiguous rows
/// and a static row stride (the instruction's leading dimension, an
/// immediate of the gpu op it lowers to).
static LogicalResult verifyWmmaMemory(Operation *op, StringRef name,
                                      MemRefType type, ValueRange indices,
                                      FragmentType fragment) {
  if (!isWmmaAddressable(type))
    return op->emitOpError("expected ")
           << name << " in global or workgroup memory, got " << type;
  if (type.getElementType() != fragment.getElementType())
    return op->emitOpError("expected ")
           << name << " of the fragment's element type "
           << fragment.getElementType() << ", got " << type.getElementType();
  if (failed(verifyRowAccess(op, name, type, indices)))
    return failure();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(strides[0]))
    return op->emitOpError("expected ")
           << name << " with a static row stride, got " << type;
  return success();
}

/// Checks that `fragment` (operand `name`) is of kind `kind`.
static LogicalResult verifyFragmentKind(Operation *op, StringRef name,
                                        FragmentType fragment,
                                        FragmentKind kind) {
  if (fragment.getKind() != kind)
    return op->emitOpError("expected ")
           << name << " to be a " << stringifyFragmentKind(kind)
           << " fragment, got " << fragment;
  return success();
}

LogicalResult WmmaLoadOp::verify() {
  if (failed(verifyWmmaMemory(*this, "source", getSource().getType(),
                              getIndices(), getResult().getType())))
    return failure();
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

LogicalResult WmmaMmaOp::verify() {
  FragmentType a = getA().getType(), b = getB().getType(),
               c = getC().getType();
  if (failed(verifyFragmentKind(*this, "a", a, FragmentKind::MatrixA)) ||
      failed(verifyFragmentKind(*this, "b", b, FragmentKind::MatrixB)) ||
      failed(verifyFragmentKind(*this, "c", c, FragmentKind::Accumulator)))
    return failure();
  if (a.getElementType() != b.getElementType())
    return emitOpError("expected a and b of one element type, got ")
           << a.getElementType() << " and " << b.getElementType();
  // The f16 accumulator exists for f16 inputs only (wmma.mma.sync has no
  // bf16 x bf16 -> f16 form).
  if (c.getElementType().isF16() && !a.getElementType().isF16())
    return emitOpError("expected an f32 accumulator for ")
           << a.getElementType() << " inputs, got " << c.getElementType();
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

LogicalResult WmmaStoreOp::verify() {
  FragmentType value = getValue().getType();
  if (failed(verifyFragmentKind(*this, "value", value,
                                FragmentKind::Accumulator)) ||
      failed(verifyWmmaMemory(*this, "dest", getDest().getType(), getIndices(),
                              value)))
    return failure();
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

LogicalResult WmmaFillOp::verify() {
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}
