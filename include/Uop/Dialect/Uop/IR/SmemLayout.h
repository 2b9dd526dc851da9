//===- SmemLayout.h - the operand tiles the tensor cores read ---*- C++ -*-===//
//
// The 128-byte-swizzled shared-memory operand tiles that wgmma (Wgmma.h)
// and tcgen05.mma (Tcgen05.h) read through matrix descriptors: rows of 128
// bytes (64 16-bit elements), 8-row swizzle atoms of 1024 bytes, a k16
// slice per instruction. The two families place the same canonical layouts
// (PTX ISA, "Shared Memory Matrix Layout": K-major ((8,m),(T,2k)) and
// MN-major ((T,8,m),(8,k)) with their leading and stride byte offsets) and
// differ only in how a descriptor word encodes them, which each family's
// header does.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_SMEMLAYOUT_H
#define UOP_DIALECT_UOP_IR_SMEMLAYOUT_H

#include <cstdint>

namespace mlir::uop::smem {

/// Operand rows are one 128-byte swizzle row (K = 64 of f16 / bf16); an
/// atom is 8 rows (1024 bytes, the tiles' alignment).
constexpr int64_t kRowBytes = 128;
constexpr int64_t kSwizzleAtomBytes = 1024;
/// One instruction multiplies a K slice of 16 elements (32 bytes of a
/// K-major row).
constexpr int64_t kInstrKBytes = 32;
/// An MN-major operand (`a_m_major` / `b_n_major`): blocks of K rows of 128
/// bytes, each row the 64 consecutive MN-elements of one k, so a k16 slice
/// is 16 rows (two 8-row atoms) and the blocks are K x 128 bytes apart.
constexpr int64_t kNMajorSliceBytes = 2 * kSwizzleAtomBytes;
constexpr int64_t kNMajorBlockElements = 64;

/// The leading-dimension and stride byte offsets of a descriptor.
struct Offsets {
  uint64_t lbo, sbo;
};

/// The offsets of an operand tile of K columns: K-major, 8-row groups 1024
/// bytes apart and the leading offset unused by the swizzled layout (given
/// as 16 bytes, the conventional 1); or (`mnMajor`) MN-major, the leading
/// offset the stride between the blocks of 64 MN-elements (K rows of 128
/// bytes) and the stride offset the one between groups of 8 k.
constexpr Offsets operandOffsets(int64_t k, bool mnMajor) {
  return mnMajor ? Offsets{uint64_t(k) * kRowBytes, kSwizzleAtomBytes}
                 : Offsets{16, kSwizzleAtomBytes};
}

/// The byte offset of k16 slice `s` of an operand tile from its start.
constexpr int64_t sliceOffset(int64_t s, bool mnMajor) {
  return s * (mnMajor ? kNMajorSliceBytes : kInstrKBytes);
}

/// The start-address field of either family's descriptor: bits [4, 18) of
/// the shared address in bits [0, 14).
constexpr uint64_t descriptorAddress(uint64_t sharedAddress) {
  return (sharedAddress >> 4) & 0x3FFF;
}

/// The address-independent bits of a descriptor of a 128-byte-swizzled
/// operand tile of K columns, K-major or (`mnMajor`) MN-major, as the
/// family's `swizzle128High(lbo, sbo)` encodes them.
template <typename Encode>
constexpr uint64_t operandDescriptorHigh(Encode swizzle128High, int64_t k,
                                         bool mnMajor) {
  Offsets o = operandOffsets(k, mnMajor);
  return swizzle128High(o.lbo, o.sbo);
}

/// The descriptor of k16 slice `s` of such a tile at shared address
/// `tileAddress` (what the lowering emits per instruction).
template <typename Encode>
constexpr uint64_t sliceDescriptor(Encode swizzle128High, uint64_t tileAddress,
                                   int64_t s, int64_t k, bool mnMajor) {
  return operandDescriptorHigh(swizzle128High, k, mnMajor) |
         descriptorAddress(tileAddress + uint64_t(sliceOffset(s, mnMajor)));
}

} // namespace mlir::uop::smem

#endif // UOP_DIALECT_UOP_IR_SMEMLAYOUT_H
