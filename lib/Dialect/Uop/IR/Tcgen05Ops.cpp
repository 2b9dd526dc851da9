//===- Tcgen05Ops.cpp - verifiers of the uop tcgen05 family ---------------===//
//
// Verifiers of the tensor-memory ops (uop.tmem_alloc / tmem_dealloc /
// tmem_relinquish_alloc_permit) and of uop.tcgen05_mma / commit / ld /
// wait_ld / fence. Static facts are checked here against the ISA's rules
// for cta_group::1 and kind::f16 (column counts, tile shapes and types,
// load widths); what depends on run-time values (which warp allocates, the
// address a warp reads, ordering through mbarriers) is checked by uop-sim.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/Tcgen05.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::uop;

LogicalResult mlir::uop::verifyInKernel(Operation *op) {
  if (!getEnclosingKernel(op))
    return op->emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

/// Allocations are powers of two from 32 to 512 columns.
static LogicalResult verifyColumns(Operation *op, int64_t columns) {
  if (columns < 32 || columns > tcgen05::kTMemColumns ||
      !llvm::isPowerOf2_64(uint64_t(columns)))
    return op->emitOpError("expected a column count that is a power of two "
                           "from 32 to 512, got ")
           << columns;
  return success();
}

LogicalResult TMemAllocOp::verify() {
  if (failed(verifyInKernel(*this)))
    return failure();
  auto type = cast<MemRefType>(getSlot().getType());
  if (!isWorkgroupMemRef(type) || !type.getElementType().isInteger(32))
    return emitOpError("expected the address slot to be i32 in "
                       "#gpu.address_space<workgroup>, got ")
           << type;
  if (int64_t(getIndices().size()) != type.getRank())
    return emitOpError("expected ")
           << type.getRank() << " indices into the slot, got "
           << getIndices().size();
  return verifyColumns(*this, getColumns());
}

LogicalResult TMemDeallocOp::verify() {
  if (failed(verifyInKernel(*this)))
    return failure();
  return verifyColumns(*this, getColumns());
}

LogicalResult TMemRelinquishAllocPermitOp::verify() {
  return verifyInKernel(*this);
}

/// One operand tile `name` of verifySwizzledOperandTiles.
static LogicalResult verifySwizzledOperandTile(Operation *op, StringRef name,
                                               MemRefType type,
                                               bool allowTf32) {
  if (!isWorkgroupMemRef(type))
    return op->emitOpError("expected ")
           << name << " in #gpu.address_space<workgroup>, got " << type;
  if (type.getRank() != 2 || !isContiguousTile(type))
    return op->emitOpError("expected ")
           << name
           << " to be a static 2-D tile stored contiguously, row after row "
              "(the identity layout's strides, any offset), got "
           << type;
  Type element = type.getElementType();
  if (!element.isF16() && !element.isBF16() &&
      !(allowTf32 && element.isF32()))
    return op->emitOpError("expected ")
           << name << " of f16 or bf16"
           << (allowTf32 ? " (or f32, as tf32)" : "") << ", got " << element;
  int64_t bytes = getElementBytes(element);
  if (type.getDimSize(1) * bytes != tcgen05::kRowBytes)
    return op->emitOpError("expected ")
           << name << " rows of " << tcgen05::kRowBytes << " bytes (K = "
           << tcgen05::kRowBytes / bytes
           << ", one 128-byte swizzle atom), got " << type.getDimSize(1)
           << " elements";
  return success();
}

LogicalResult mlir::uop::verifySwizzledOperandTiles(Operation *op,
                                                   MemRefType a,
                                                   MemRefType b,
                                                   bool allowTf32) {
  if (failed(verifyInKernel(op)) ||
      failed(verifySwizzledOperandTile(op, "A", a, allowTf32)) ||
      failed(verifySwizzledOperandTile(op, "B", b, allowTf32)))
    return failure();
  if (a.getElementType() != b.getElementType())
    return op->emitOpError("expected A and B of one element type, got ")
           << a.getElementType() << " and " << b.getElementType();
  return success();
}

LogicalResult mlir::uop::verifyMmaN(Operation *op, int64_t n, int64_t step,
                                    int64_t forM) {
  if (n < step || n > 256 || n % step != 0)
    return op->emitOpError("expected N (the rows of B) a multiple of ")
           << step << " from " << step << " to 256 for M = " << forM
           << ", got " << n;
  return success();
}

LogicalResult Tcgen05MmaOp::verify() {
  if (failed(verifySwizzledOperandTiles(*this, getAType(), getBType())))
    return failure();
  int64_t m = getM();
  if (m != tcgen05::kMmaM && m != tcgen05::kMmaMHalf)
    return emitOpError("expected M = 64 or 128 (A with 64 rows, the "
                       "accumulator in half of the data path, or 128 rows, "
                       "in all 128 lanes), got ")
           << m;
  // M = 64 takes N in steps of 8, M = 128 in steps of 16.
  if (failed(verifyMmaN(*this, getN(), m == tcgen05::kMmaM ? 16 : 8, m)))
    return failure();
  if (getBNMajor() && getN() % tcgen05::kNMajorBlockElements != 0)
    return emitOpError("expected N a multiple of 64 with b_n_major (B's "
                       "rows are blocks of K rows, each the 64 columns of "
                       "one 128-byte swizzle row), got ")
           << getN();
  return success();
}

LogicalResult Tcgen05CommitOp::verify() {
  return verifyMBarrierOperand(*this, getBarriers().getType(), getIndex());
}

LogicalResult Tcgen05LdOp::verify() {
  if (failed(verifyInKernel(*this)))
    return failure();
  int64_t n = getResult().getType().getNumElements();
  if (n > 128 || !llvm::isPowerOf2_64(uint64_t(n)))
    return emitOpError("expected a power of two up to 128 columns (.x1 to "
                       ".x128), got ")
           << n;
  if (std::optional<uint32_t> split = getHalfSplit();
      split && (*split < 1 || *split >= tcgen05::kTMemColumns))
    return emitOpError("expected a half_split column offset from 1 to 511 "
                       "(the immediate of shape 16x32bx2), got ")
           << int32_t(*split);
  return success();
}

LogicalResult Tcgen05WaitLdOp::verify() { return verifyInKernel(*this); }

LogicalResult Tcgen05FenceOp::verify() { return verifyInKernel(*this); }

LogicalResult FenceProxyAsyncOp::verify() { return verifyInKernel(*this); }
