//===- TileOps.cpp - verifiers of the uop tile family ---------------------===//
//
// Verifiers of uop.alloc_shared, uop.barrier, uop.named_barrier, uop.copy
// and uop.matmul: the shared buffer is a static workgroup memref in a
// kernel; block-wide ops are reached by every thread of the block; a named
// barrier's id and thread count fit the hardware and the block; shared-tile
// layouts agree with the memrefs they describe.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::uop;

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
  if (llvm::is_contained(type.getShape(), 0))
    return emitOpError("expected a non-empty buffer, got ") << type;
  // A byte count past 64 bits would wrap to a small (even zero-byte)
  // .shared array; getBufferBytes saturates instead.
  if (getBufferBytes(type) == std::numeric_limits<int64_t>::max())
    return emitOpError("expected a buffer of fewer than 2^63 bytes, got ")
           << type;
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

LogicalResult ClusterBarrierOp::verify() { return verifyBlockWide(*this); }

//===----------------------------------------------------------------------===//
// NamedBarrierOp
//===----------------------------------------------------------------------===//

/// The most threads a block may have.
constexpr int64_t kMaxBlockThreads = 1024;

LogicalResult NamedBarrierOp::verify() {
  Operation *kernel = getEnclosingKernel(*this);
  if (!kernel)
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  // Signed: an I32Attr's getter reads the bits as unsigned.
  int64_t id = getIdAttr().getInt(), threads = getThreadsAttr().getInt();
  if (id < 1 || id > 15)
    return emitOpError("expected a barrier id from 1 to 15 (barrier 0 is "
                       "uop.barrier's), got ")
           << id;
  if (threads <= 0 || threads % kWarpSize != 0 || threads > kMaxBlockThreads)
    return emitOpError("expected threads to be a positive multiple of the "
                       "warp size (32), at most ")
           << kMaxBlockThreads << ", got " << threads;
  // A block of constant size: its threads, each size clamped first so the
  // product cannot overflow (a block past 1024 threads is refused at the
  // launch; here only the comparison matters).
  if (std::optional<std::array<int64_t, 3>> block =
          getKnownBlockSize(kernel)) {
    int64_t blockThreads = 1;
    for (int64_t n : *block)
      blockThreads *= std::clamp<int64_t>(n, 0, kMaxBlockThreads + 1);
    if (threads > blockThreads)
      return emitOpError("expected at most the block's ")
             << blockThreads << " threads, got " << threads;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

/// Checks the shared-tile layout `layout` (named `name` in diagnostics)
/// against `type`, the tile it describes: the swizzle permutes whole rows, so
/// it divides the row length; the padding is what separates rows, so the row
/// stride is the row length plus the padding.
static LogicalResult verifySharedLayout(Operation *op, StringRef name,
                                        SharedLayoutAttr layout,
                                        MemRefType type) {
  if (!layout)
    return success();
  int64_t rowLength = type.getDimSize(1);
  int64_t swizzle = layout.getSwizzle();
  // The swizzle permutes `swizzle` chunks of `unit` elements.
  int64_t span = swizzle * layout.getUnit();
  if (swizzle > 1 && (ShapedType::isDynamic(rowLength) ||
                      rowLength % span != 0))
    return op->emitOpError("expected the swizzle ")
           << swizzle << (layout.getUnit() > 1 ? " x unit " : "")
           << (layout.getUnit() > 1 ? std::to_string(layout.getUnit()) : "")
           << " of " << name
           << " to divide the row length of the tile, got "
           << (ShapedType::isDynamic(rowLength) ? std::string("?")
                                                : std::to_string(rowLength));
  if (int64_t pad = layout.getPad()) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        ShapedType::isDynamic(strides[0]) || ShapedType::isDynamic(rowLength))
      return op->emitOpError("expected a static row length and row stride for ")
             << name << " padded by " << pad << ", got " << type;
    if (strides[0] != rowLength + pad)
      return op->emitOpError("expected a row stride of ")
             << rowLength + pad << " for " << name << " (" << rowLength
             << " elements padded by " << pad << "), got " << strides[0];
  }
  return success();
}

LogicalResult CopyOp::verify() {
  auto src = getSource().getType();
  auto dst = getDest().getType();
  if (!dst.hasStaticShape())
    return emitOpError("expected a statically shaped dest, got ") << dst;
  for (unsigned d = 0; d < 2; ++d)
    if (!src.isDynamicDim(d) && src.getDimSize(d) > dst.getDimSize(d))
      return emitOpError("expected source dimension ")
             << d << " to fit the dest dimension of " << dst.getDimSize(d)
             << ", got " << src.getDimSize(d);
  if (failed(verifySharedLayout(*this, "dest", getLayoutAttr(), dst)))
    return failure();
  // cp.async moves global memory to shared memory only.
  if (getAsync() && !isWorkgroupMemRef(dst))
    return emitOpError("expected an async copy's dest in shared memory, got ")
           << dst;
  return verifyBlockWide(*this);
}

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

/// Checks the tensor-core form of `op` (see uop.matmul): warps that make
/// its block (each at most 1024, so their products cannot overflow), a warp
/// tile made of whole instructions and its element types. The reduction may
/// be any size: uop-tensorcore checks its shared tiles for whole k steps.
static LogicalResult verifyTensorCoreForm(MatmulOp op) {
  StringRef kind = stringifyMatmulKind(op.getKind());
  if (!op.getWarps())
    return op.emitOpError("expected warps = [WM, WN] for kind ")
           << kind << ", got none";
  int64_t wm = op.getWarpsM(), wn = op.getWarpsN();
  if (wm <= 0 || wn <= 0 || wm > 1024 || wn > 1024)
    return op.emitOpError("expected warps between 1 and 1024, got [")
           << wm << ", " << wn << "]";
  // A warp is 32 consecutive threads along x: the block is 32 WN x WM.
  ArrayRef<int64_t> threads = op.getThreads();
  if (threads[0] != wm || threads[1] != 32 * wn)
    return op.emitOpError("expected threads = [")
           << wm << ", " << 32 * wn << "] for warps = [" << wm << ", " << wn
           << "], got [" << threads[0] << ", " << threads[1] << "]";
  Type elem = op.getA().getType().getElementType();
  if (op.getTf32()) {
    if (op.getKind() != MatmulKind::mma_sync || !elem.isF32())
      return op.emitOpError("expected tf32 only with kind mma_sync and f32 "
                            "inputs, got kind ")
             << kind << " and " << elem;
  } else if (!elem.isF16() && !elem.isBF16()) {
    return op.emitOpError("expected f16 or bf16 inputs for kind ")
           << kind
           << (op.getKind() == MatmulKind::mma_sync
                   ? " (f32 inputs with the tf32 attribute)"
                   : "")
           << ", got " << elem;
  }
  std::array<int64_t, 3> shape = op.getInstructionShape();
  // Accumulator rows come in pairs (rows g and g + 8 of a fragment), columns
  // in pairs (2t, 2t + 1): WTM = 8 TM and WTN = 4 TN, multiples of m x n.
  int64_t tm = op.getThreadTileM(), tn = op.getThreadTileN();
  int64_t wtm = op.getWarpTileM(), wtn = op.getWarpTileN();
  if (tm % 2 || tn % 2 || wtm % shape[0] || wtn % shape[1])
    return op.emitOpError("expected an accumulator of a warp tile of whole ")
           << shape[0] << "x" << shape[1] << " fragments (8 TM x 4 TN, TM "
           << "and TN even), got " << op.getAcc().getType();
  // The reduction extent of a tile-level operand may be any size: at the
  // edge of K it is what is left, and uop-promote-shared stages it into a
  // zero-filled tile of whole k steps, which uop-tensorcore requires.
  return success();
}

LogicalResult MatmulOp::verify() {
  MemRefType a = getA().getType();
  MemRefType b = getB().getType();
  ArrayRef<int64_t> threads = getThreads();
  if (threads[0] <= 0 || threads[1] <= 0)
    return emitOpError("expected positive thread counts [along M, along N], "
                       "got [")
           << threads[0] << ", " << threads[1] << "]";
  if (isTensorCore()) {
    if (failed(verifyTensorCoreForm(*this)))
      return failure();
  } else if (getWarps() || getTf32()) {
    return emitOpError("expected neither warps nor tf32 for kind simt, got ")
           << (getWarps() ? "warps" : "tf32");
  }
  int64_t blockM = getBlockTileM(), blockN = getBlockTileN();
  int64_t aM = a.getDimSize(getADimM()), bN = b.getDimSize(getBDimN());
  if (!ShapedType::isDynamic(aM) && aM > blockM)
    return emitOpError("expected a tile of A with at most the block tile's ")
           << blockM << " rows, got " << aM;
  if (!ShapedType::isDynamic(bN) && bN > blockN)
    return emitOpError("expected a tile of B with at most the block tile's ")
           << blockN << " columns, got " << bN;
  int64_t aK = a.getDimSize(getADimK()), bK = b.getDimSize(getBDimK());
  if (!ShapedType::isDynamic(aK) && !ShapedType::isDynamic(bK) && aK != bK)
    return emitOpError("expected A and B of the same reduction size, got ")
           << aK << " and " << bK;
  if (failed(verifySharedLayout(*this, "a", getALayoutAttr(), a)) ||
      failed(verifySharedLayout(*this, "b", getBLayoutAttr(), b)))
    return failure();
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}
