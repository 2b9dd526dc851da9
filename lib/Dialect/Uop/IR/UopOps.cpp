//===- UopOps.cpp - uop dialect operations --------------------------------===//
//
// Verifiers of the uop operations.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::uop;

int64_t mlir::uop::getElementBytes(Type type) {
  int64_t bits = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  return (bits + 7) / 8;
}

int64_t mlir::uop::getBufferBytes(MemRefType type) {
  return type.getNumElements() * getElementBytes(type.getElementType());
}

/// Returns true when `type` lives in GPU shared (workgroup) memory.
static bool isWorkgroupMemRef(MemRefType type) {
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
  return space && space.getValue() == gpu::AddressSpace::Workgroup;
}

//===----------------------------------------------------------------------===//
// AllocSharedOp
//===----------------------------------------------------------------------===//

LogicalResult AllocSharedOp::verify() {
  MemRefType type = getType();
  if (!isWorkgroupMemRef(type))
    return emitOpError(
               "expected a memref in #gpu.address_space<workgroup>, got ")
           << type;
  if (!type.getLayout().isIdentity())
    return emitOpError("expected an identity layout, got ") << type.getLayout();
  Type elem = type.getElementType();
  if (!elem.isIntOrIndexOrFloat())
    return emitOpError("expected an integer, index or float element type, got ")
           << elem;
  if (type.getNumElements() == 0)
    return emitOpError("expected a non-empty buffer, got ") << type;
  if (std::optional<uint64_t> align = getAlignment())
    if (*align == 0 || !llvm::isPowerOf2_64(*align))
      return emitOpError("expected a power-of-two alignment, got ") << *align;
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

//===----------------------------------------------------------------------===//
// BarrierOp
//===----------------------------------------------------------------------===//

/// Checks that `op`, a block-wide operation, is in a kernel and reached by
/// every thread of the block.
static LogicalResult verifyBlockWide(Operation *op) {
  Operation *kernel = getEnclosingKernel(op);
  if (!kernel)
    return op->emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  for (Operation *cur = op; cur != kernel; cur = cur->getParentOp()) {
    if (!cur->getParentRegion()->hasOneBlock()) {
      InFlightDiagnostic diag = op->emitOpError(
          "must be reached by every thread of the block, but it is in a region "
          "with unstructured control flow, where that is not proven");
      diag.attachNote(cur->getParentOp()->getLoc())
          << "region with several blocks here";
      return diag;
    }
  }
  if (Operation *divergent = findDivergentAncestor(op)) {
    InFlightDiagnostic diag =
        op->emitOpError(
            "must be reached by every thread of the block, but it is under '")
        << divergent->getName() << "' whose control depends on the thread id";
    diag.attachNote(divergent->getLoc())
        << "thread-dependent control flow here";
    return diag;
  }
  return success();
}

LogicalResult BarrierOp::verify() { return verifyBlockWide(*this); }

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

/// Checks an XOR swizzle factor against the row length it permutes.
static LogicalResult verifySwizzle(Operation *op, StringRef name,
                                   int64_t swizzle, int64_t rowLength) {
  if (swizzle == 0)
    return success();
  if (swizzle < 0 || !llvm::isPowerOf2_64(swizzle))
    return op->emitOpError("expected ")
           << name << " to be 0 or a power of two, got " << swizzle;
  if (ShapedType::isDynamic(rowLength) || rowLength % swizzle != 0)
    return op->emitOpError("expected ")
           << name << " " << swizzle
           << " to divide the row length of the swizzled tile, got "
           << (ShapedType::isDynamic(rowLength) ? std::string("?")
                                                : std::to_string(rowLength));
  return success();
}

LogicalResult CopyOp::verify() {
  auto src = getSource().getType();
  auto dst = getDest().getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError(
               "expected source and dest of the same element type, got ")
           << src.getElementType() << " and " << dst.getElementType();
  if (!dst.hasStaticShape())
    return emitOpError("expected a statically shaped dest, got ") << dst;
  for (unsigned d = 0; d < 2; ++d)
    if (!src.isDynamicDim(d) && src.getDimSize(d) > dst.getDimSize(d))
      return emitOpError("source dimension ")
             << d << " (" << src.getDimSize(d)
             << ") does not fit the dest dimension (" << dst.getDimSize(d)
             << ")";
  if (failed(verifySwizzle(*this, "swizzle", getSwizzle(), dst.getDimSize(1))))
    return failure();
  return verifyBlockWide(*this);
}

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::verify() {
  MemRefType a = getA().getType();
  MemRefType b = getB().getType();
  if (a.getElementType() != b.getElementType())
    return emitOpError("expected A and B of the same element type, got ")
           << a.getElementType() << " and " << b.getElementType();
  ArrayRef<int64_t> threads = getThreads();
  if (threads.size() != 2 || threads[0] <= 0 || threads[1] <= 0)
    return emitOpError("expected 'threads' to hold two positive counts "
                       "[along M, along N]");
  int64_t blockM = getBlockTileM(), blockN = getBlockTileN();
  int64_t aM = a.getDimSize(getADimM()), bN = b.getDimSize(getBDimN());
  if (!ShapedType::isDynamic(aM) && aM > blockM)
    return emitOpError("tile of A has ")
           << aM << " rows, more than the block tile M = " << blockM;
  if (!ShapedType::isDynamic(bN) && bN > blockN)
    return emitOpError("tile of B has ")
           << bN << " columns, more than the block tile N = " << blockN;
  int64_t aK = a.getDimSize(getADimK()), bK = b.getDimSize(getBDimK());
  if (!ShapedType::isDynamic(aK) && !ShapedType::isDynamic(bK) && aK != bK)
    return emitOpError("reduction sizes differ: A has ")
           << aK << ", B has " << bK;
  if (failed(
          verifySwizzle(*this, "a_swizzle", getASwizzle(), a.getDimSize(1))) ||
      failed(verifySwizzle(*this, "b_swizzle", getBSwizzle(), b.getDimSize(1))))
    return failure();
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

#define GET_OP_CLASSES
#include "Uop/Dialect/Uop/IR/UopOps.cpp.inc"
