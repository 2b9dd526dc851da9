//===- Layout.h - memory and kernel facts shared by uop --------*- C++ -*-===//
//
// The facts about buffers and kernels that the passes, the analyses and the
// simulator all need, stated once: how many bytes an element takes, whether
// a memref is in shared memory, where an XOR-swizzled element lives, which
// kernel an op runs in and the kernel's constant block size.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_LAYOUT_H
#define UOP_DIALECT_UOP_IR_LAYOUT_H

#include "Uop/Dialect/Uop/IR/UopAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <array>
#include <optional>

namespace mlir::uop {

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// Bytes of one element of `type` in memory (index is 64 bits; sub-byte
/// types round up to a byte; a vector element takes all its lanes; 0 for a
/// type that is none of these). INT64_MAX when the count overflows.
int64_t getElementBytes(Type type);

/// Bytes of a statically shaped buffer of `type`; INT64_MAX when the count
/// does not fit in 64 bits (above every memory limit).
int64_t getBufferBytes(MemRefType type);

/// Returns true when `type` is a memref in GPU shared memory: the gpu
/// dialect's `#gpu.address_space<workgroup>`, or NVVM's numbered space 3
/// (what the memref takes once the kernel is in NVVM form).
bool isWorkgroupMemRef(Type type);

/// Returns true when `type` is a memref in GPU global memory, the only
/// source cp.async reads: no memory space, `#gpu.address_space<global>`, or
/// NVVM's numbered space 1.
bool isGlobalMemRef(MemRefType type);

/// The attribute of a `gpu.launch` that uop-tile versioned on the host
/// (an array of i64): the host-function arguments (2-D memrefs of the
/// identity layout, 3-D for a batch of GEMMs) whose rows the host found to
/// be whole 16-byte units before taking this launch, so that its copies
/// need not test them.
inline constexpr llvm::StringLiteral kAlignedRowsAttrName = "uop.aligned_rows";

/// Whether the launch enclosing `op` is one uop-tile versioned for rows of
/// `memref` of whole 16-byte units (kAlignedRowsAttrName): `memref` is one
/// of the host-function arguments it names.
bool hasAlignedRows(Operation *op, Value memref);

/// True when `type` is a static tile stored row after row with no gaps (the
/// strides of the identity layout) at any offset: a whole buffer, or one
/// stage of a ring of tiles (a subview of its leading dimension).
bool isContiguousTile(MemRefType type);

//===----------------------------------------------------------------------===//
// The XOR swizzle of a shared tile (#uop.shared_layout)
//===----------------------------------------------------------------------===//

/// Column at which element (row, col) of a tile stored with XOR swizzle
/// `swizzle` lives: `col xor (row mod swizzle)`. Rows then start their
/// column walk in different banks, so a warp reading one column of
/// `swizzle` consecutive rows hits `swizzle` distinct banks. A swizzle of 0
/// or 1 is the identity.
///
/// With a `unit` of u elements (a power of two) the swizzle permutes whole
/// chunks of u elements instead of elements, and with a `period` of p rows
/// p consecutive rows share one pattern: chunk `col / u` of row `row` is
/// stored at chunk `(col / u) xor ((row / p) mod swizzle)`, i.e. column
/// `col xor (((row / p) mod swizzle) * u)`. A chunk of 16 bytes stays whole
/// (16-byte copies into the tile stay single vectors), and the 16-byte rows
/// that one 8x8 `ldmatrix` phase reads (8 rows at one chunk) land in 8
/// distinct groups of 4 banks when the swizzle spans the 128 bytes of the
/// banks: p = max(1, 128 / row bytes), swizzle = min(8, chunks per row)
/// (see chooseLdmatrixLayout in uop-promote-shared).
inline int64_t getSwizzledColumn(int64_t row, int64_t col, int64_t swizzle,
                                 int64_t unit = 1, int64_t period = 1) {
  if (swizzle <= 1)
    return col;
  return col ^ (((row / period) % swizzle) * unit);
}

/// getSwizzledColumn with the swizzle, unit and period of `layout` (the
/// identity when `layout` is null).
int64_t getSwizzledColumn(int64_t row, int64_t col, SharedLayoutAttr layout);

/// Builds the index computation of getSwizzledColumn on `row` and `col`
/// (index values); returns `col` itself when `swizzle` is 0 or 1.
Value buildSwizzledColumn(OpBuilder &b, Location loc, Value row, Value col,
                          int64_t swizzle, int64_t unit = 1,
                          int64_t period = 1);
/// The same with the parameters of `layout` (null: `col` itself).
Value buildSwizzledColumn(OpBuilder &b, Location loc, Value row, Value col,
                          SharedLayoutAttr layout);

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// Returns the kernel that `op` runs in: the closest enclosing `gpu.launch`
/// or kernel `gpu.func`, or null when `op` is host code.
Operation *getEnclosingKernel(Operation *op);

/// Returns the block of the kernel body that holds its code (the body of a
/// `gpu.launch`, the entry block of a kernel `gpu.func`).
Block *getKernelBody(Operation *kernel);

/// Returns the constant block size (x, y, z) of the kernel `op` is in (or
/// is): the constant operands of a `gpu.launch`, or the `known_block_size`
/// of a kernel `gpu.func`. Nothing when the size is not known statically.
std::optional<std::array<int64_t, 3>> getKnownBlockSize(Operation *op);

//===----------------------------------------------------------------------===//
// The SIMT register tile (see uop.matmul)
//===----------------------------------------------------------------------===//

/// The width of the groups a SIMT register tile of `threadTile` elements
/// along one dimension is split into: 4 when it divides the tile, else 1.
/// A group is 4 consecutive rows (columns) of C, which a thread reads from
/// a K-major shared tile with one 16-byte `ld.shared.v4.f32` and writes
/// with one 16-byte store; groups of consecutive threads are adjacent, so a
/// quarter warp's v4 loads cover 128 consecutive bytes (conflict-free).
inline int64_t getSimtGroup(int64_t threadTile) {
  return threadTile % 4 == 0 ? 4 : 1;
}

/// The offset from `getSimtGroup(threadTile) * thread` of element `i` of
/// the register tile, with `threads` threads along the dimension:
/// `i mod g + (i / g) * g * threads`. With g = 1 this is the plain stride
/// `i * threads`.
inline int64_t getSimtOffset(int64_t i, int64_t threads, int64_t threadTile) {
  int64_t g = getSimtGroup(threadTile);
  return i % g + (i / g) * g * threads;
}

} // namespace mlir::uop

#endif // UOP_DIALECT_UOP_IR_LAYOUT_H
