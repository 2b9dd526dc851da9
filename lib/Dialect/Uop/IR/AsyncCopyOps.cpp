//===- AsyncCopyOps.cpp - verifiers of the uop async-copy family ----------===//
//
// Verifiers of uop.cp_async, uop.cp_async_commit, uop.cp_async_wait and
// uop.tma_load (the tensor map's limits: box, strides, swizzle). A
// verified cp_async is one cp.async instruction: a global source, a shared
// destination, 4, 8 or 16 bytes contiguous in both, .cg only for 16 bytes.
// The group ops are per thread and only need to be in a kernel.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::uop;

/// Checks that `indices` address one element of `type` (named `name`), in a
/// row of at least `elements` contiguous elements.
static LogicalResult verifyCopyOperand(Operation *op, StringRef name,
                                       MemRefType type, ValueRange indices,
                                       int64_t elements) {
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return op->emitOpError("expected ")
           << type.getRank() << " indices into " << name << ", got "
           << indices.size();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() == 0 ||
      failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return op->emitOpError("expected ")
           << name << " with a unit-stride innermost dimension, got " << type;
  int64_t row = type.getShape().back();
  if (!ShapedType::isDynamic(row) && row < elements)
    return op->emitOpError("expected the innermost dimension of ")
           << name << " to hold the " << elements << " elements copied, got "
           << row;
  return success();
}

//===----------------------------------------------------------------------===//
// CpAsyncOp
//===----------------------------------------------------------------------===//

LogicalResult CpAsyncOp::verify() {
  MemRefType source = getSourceType(), dest = getDestType();
  if (!isWorkgroupMemRef(dest))
    return emitOpError("expected a dest in #gpu.address_space<workgroup>, got ")
           << dest;
  if (!isGlobalMemRef(source))
    return emitOpError("expected a source in global memory, got ") << source;
  Type elem = dest.getElementType();
  if (source.getElementType() != elem)
    return emitOpError("expected source and dest of one element type, got ")
           << source.getElementType() << " and " << elem;
  // cp.async moves whole bytes; sub-byte and index elements have no fixed
  // byte size to count with.
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() % 8 != 0)
    return emitOpError("expected an integer or float element of whole bytes, "
                       "got ")
           << elem;
  int64_t elements = getNumElements();
  // Clamped first so that the byte count cannot overflow.
  int64_t bytes = (elements > 0 && elements <= 16)
                      ? elements * (elem.getIntOrFloatBitWidth() / 8)
                      : 0;
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitOpError("expected a copy of 4, 8 or 16 bytes, got ")
           << elements << " x " << elem;
  // .cg (bypass L1) exists only for the 16-byte copy.
  if (getBypassL1() && bytes != 16)
    return emitOpError("expected a 16-byte copy with bypass_l1, got ")
           << bytes << " bytes";
  if (failed(verifyCopyOperand(*this, "source", source, getSrcIndices(),
                               elements)) ||
      failed(verifyCopyOperand(*this, "dest", dest, getDstIndices(), elements)))
    return failure();
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

//===----------------------------------------------------------------------===//
// CpAsyncCommitOp, CpAsyncWaitOp
//===----------------------------------------------------------------------===//

LogicalResult CpAsyncCommitOp::verify() {
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

/// The checks of a wait for the thread's asynchronous groups (cp.async,
/// bulk): a non-negative `pending` count, in a kernel.
static LogicalResult verifyGroupWait(Operation *op, IntegerAttr pending) {
  // The generated getter reads the i32 as unsigned; the sign is wanted here.
  if (pending.getInt() < 0)
    return op->emitOpError("expected a non-negative pending group count, "
                           "got ")
           << pending.getInt();
  if (!getEnclosingKernel(op))
    return op->emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

LogicalResult CpAsyncWaitOp::verify() {
  return verifyGroupWait(*this, getPendingAttr());
}

//===----------------------------------------------------------------------===//
// TmaLoadOp
//===----------------------------------------------------------------------===//

int64_t TmaLoadOp::getBoxBytes() {
  MemRefType dest = getDestType();
  if (!dest.hasStaticShape())
    return 0;
  return dest.getNumElements() * getElementBytes(dest.getElementType());
}

/// The checks a TMA tensor map makes of the global tensor `global` (the
/// load's source, the store's dest), the shared tile `tile` whose shape is
/// the box, the coordinates and the swizzle: common to uop.tma_load and
/// uop.tma_store. `globalName` and `tileName` name the operands.
static LogicalResult verifyTensorMapOperands(Operation *op, MemRefType global,
                                             StringRef globalName,
                                             MemRefType tile,
                                             StringRef tileName,
                                             size_t numCoordinates,
                                             int64_t swizzle) {
  if (!isGlobalMemRef(global))
    return op->emitOpError("expected a ")
           << globalName << " in global memory, got " << global;
  if (!isWorkgroupMemRef(tile))
    return op->emitOpError("expected a ")
           << tileName << " in #gpu.address_space<workgroup>, got " << tile;
  Type elem = tile.getElementType();
  if (global.getElementType() != elem)
    return op->emitOpError("expected ")
           << globalName << " and " << tileName
           << " of one element type, got " << global.getElementType()
           << " and " << elem;
  if (!elem.isF16() && !elem.isBF16() && !elem.isF32())
    return op->emitOpError("expected f16, bf16 or f32 elements, got ") << elem;
  // The box is the tile's shape after as many outer 1s as the tensor has
  // more dimensions (a matrix of a batch of them).
  int64_t rank = global.getRank();
  if (tile.getRank() < 1 || rank > 5 || tile.getRank() > rank)
    return op->emitOpError("expected a ")
           << tileName << " of rank 1 to 5 and a " << globalName
           << " of its rank or more, up to 5 (the box's outer sizes past the "
           << tileName << "'s are 1), got " << tileName << " rank "
           << tile.getRank() << " and " << globalName << " rank " << rank;
  if (int64_t(numCoordinates) != rank)
    return op->emitOpError("expected ")
           << rank << " coordinates (one per dimension), got "
           << numCoordinates;
  if (!isContiguousTile(tile))
    return op->emitOpError("expected the ")
           << tileName
           << " to be a static tile stored contiguously, row after row (the "
              "box is its shape), got "
           << tile;
  for (int64_t d : tile.getShape())
    if (d < 1 || d > 256)
      return op->emitOpError("expected every box dimension in [1, 256], got ")
             << tile;
  int64_t elemBytes = getElementBytes(elem);
  int64_t innerBytes = tile.getShape().back() * elemBytes;
  if (innerBytes % 16 != 0)
    return op->emitOpError("expected the innermost box dimension to be a "
                           "multiple of 16 bytes, got ")
           << innerBytes << " bytes";
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(global.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1)
    return op->emitOpError("expected a ")
           << globalName << " with a unit-stride innermost dimension, got "
           << global;
  for (int64_t s : ArrayRef(strides).drop_back())
    if (!ShapedType::isDynamic(s) && (s * elemBytes) % 16 != 0)
      return op->emitOpError("expected the ")
             << globalName
             << "'s outer strides to be multiples of 16 bytes, got " << global;
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return op->emitOpError("expected a swizzle of 0, 32, 64 or 128 bytes, got ")
           << swizzle;
  if (swizzle != 0 && innerBytes != swizzle)
    return op->emitOpError("expected the innermost box dimension to be the ")
           << swizzle << " bytes of the swizzle, got " << innerBytes
           << " bytes";
  return success();
}

LogicalResult TmaLoadOp::verify() {
  if (failed(verifyMBarrierOperand(*this, getBarriers().getType(),
                                   getIndex())))
    return failure();
  APInt mask;
  if (getMulticast() && matchPattern(getMulticast(), m_ConstantInt(&mask)) &&
      mask.isZero())
    return emitOpError("expected a multicast mask naming at least one block "
                       "of the cluster, got 0");
  return verifyTensorMapOperands(*this, getSourceType(), "source",
                                 getDestType(), "dest",
                                 getCoordinates().size(), getSwizzle());
}

//===----------------------------------------------------------------------===//
// TmaStoreOp, TmaStoreWaitOp
//===----------------------------------------------------------------------===//

LogicalResult TmaStoreOp::verify() {
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return verifyTensorMapOperands(*this, getDestType(), "dest",
                                 getSourceType(), "source",
                                 getCoordinates().size(), getSwizzle());
}

LogicalResult TmaStoreWaitOp::verify() {
  return verifyGroupWait(*this, getPendingAttr());
}
