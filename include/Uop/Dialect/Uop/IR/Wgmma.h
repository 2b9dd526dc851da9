//===- Wgmma.h - the encodings of wgmma operands ----------------*- C++ -*-===//
//
// The 64-bit shared-memory matrix descriptor of sm_90a's wgmma.mma_async
// (PTX ISA, "Matrix Descriptor Format" of the warpgroup MMA), the shape rules
// of uop.wgmma_mma and the map of its accumulator fragment. The lowering
// (convert-uop-to-nvvm) builds descriptors with these functions and uop-tile
// writes the accumulator back with the fragment map; uop-sim executes the
// MMA by decoding the descriptor words and places the accumulator with its
// own model of the ISA's fragment figure (lib/Sim/Wgmma.cpp), so a mistake
// here gives wrong numbers in the simulator, not only on the GPU.
//
// The descriptor differs from tcgen05's (Tcgen05.h): no version field, and
// the swizzle mode is the 2-bit field at bit 62 with 128-byte swizzle = 1.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_WGMMA_H
#define UOP_DIALECT_UOP_IR_WGMMA_H

#include <cstdint>

namespace mlir::uop::wgmma {

/// Threads of a warpgroup: four consecutive warps, the first a multiple of
/// four.
constexpr int64_t kWarpgroupThreads = 128;

/// 32-bit registers of an SM of sm_90a / sm_100a, the most one block holds.
constexpr int64_t kRegisterFile = 65536;

/// The per-thread register count a kernel that uses setmaxnreg starts with
/// in a block of `threads` threads: the most the block can hold (the
/// register file over the threads, at most 255, rounded down to the
/// multiple of 8 setmaxnreg counts in). The PTX ISA requires such a kernel
/// to fix its count at compile time; convert-uop-to-nvvm gives it this one
/// as `.maxnreg`, and uop-sim starts each warpgroup's budget at it, so a
/// setmaxnreg.inc that the pool cannot pay for waits in both.
constexpr int64_t registersAtLaunch(int64_t threads) {
  int64_t perThread = threads > 0 ? kRegisterFile / threads : 255;
  if (perThread > 255)
    perThread = 255;
  return perThread / 8 * 8;
}
/// The accumulator tile's rows per warpgroup.
constexpr int64_t kMmaM = 64;
/// One instruction multiplies a K slice of 16 elements (32 bytes of a row).
constexpr int64_t kInstrK = 16;
constexpr int64_t kInstrKBytes = 32;
/// Operand rows are one 128-byte swizzle atom (K = 64 of f16 / bf16); an
/// atom is 8 rows (1024 bytes, the tiles' alignment).
constexpr int64_t kRowBytes = 128;
constexpr int64_t kSwizzleAtomBytes = 1024;

/// Swizzle modes of the descriptor's 2-bit field at bit 62.
enum class SwizzleMode : uint64_t {
  None = 0,
  Swizzle128B = 1,
  Swizzle64B = 2,
  Swizzle32B = 3,
};

/// Descriptor bits independent of the start address: leading-dimension
/// byte offset `lbo` and stride byte offset `sbo` (multiples of 16, below
/// 2^18), base offset 0, and the swizzle mode.
constexpr uint64_t smemDescriptorHigh(uint64_t lbo, uint64_t sbo,
                                      SwizzleMode swizzle) {
  return (((lbo >> 4) & 0x3FFF) << 16) | (((sbo >> 4) & 0x3FFF) << 32) |
         (uint64_t(swizzle) << 62);
}

/// The start-address field: bits [4, 18) of the shared address in bits
/// [0, 14).
constexpr uint64_t smemDescriptorAddress(uint64_t sharedAddress) {
  return (sharedAddress >> 4) & 0x3FFF;
}

/// The descriptor of a K-major 128-byte-swizzled tile starting at shared
/// address `sharedAddress`: 8-row groups 1024 bytes apart, the leading
/// offset unused by the swizzled K-major layout (given as 16 bytes).
constexpr uint64_t kMajorSwizzle128Descriptor(uint64_t sharedAddress) {
  return smemDescriptorHigh(16, kSwizzleAtomBytes, SwizzleMode::Swizzle128B) |
         smemDescriptorAddress(sharedAddress);
}

/// An N-major operand (`b_n_major`): blocks of K rows of 128 bytes, each
/// row the 64 consecutive N-elements of one k, so a k16 slice is 16 rows
/// (two 8-row swizzle atoms) and the blocks are K x 128 bytes apart.
constexpr int64_t kNMajorSliceBytes = 2 * kSwizzleAtomBytes;
constexpr int64_t kNMajorBlockElements = 64;

/// The descriptor bits of an N-major 128-byte-swizzled operand whose
/// blocks of 64 N-elements are `blockBytes` apart: for the swizzled
/// MN-major layouts the leading-dimension byte offset is the stride between
/// those blocks and the stride byte offset the one between groups of 8 k
/// (the PTX ISA's canonical layout ((T,8,m),(8,k)) : ((1,T,LBO),(8T,SBO))
/// in 16-byte units).
constexpr uint64_t nMajorSwizzle128DescriptorHigh(uint64_t blockBytes) {
  return smemDescriptorHigh(blockBytes, kSwizzleAtomBytes,
                            SwizzleMode::Swizzle128B);
}

/// The descriptor bits of an operand tile of K columns independent of its
/// address: K-major, or (`mnMajor`) MN-major with its blocks of 64 rows
/// K rows of 128 bytes apart.
constexpr uint64_t operandDescriptorHigh(int64_t k, bool mnMajor) {
  return mnMajor ? nMajorSwizzle128DescriptorHigh(uint64_t(k) * kRowBytes)
                 : kMajorSwizzle128Descriptor(0);
}

/// The byte offset of k16 slice `s` of an operand tile from its start.
constexpr int64_t sliceOffset(int64_t s, bool mnMajor) {
  return s * (mnMajor ? kNMajorSliceBytes : kInstrKBytes);
}

/// The descriptor of k16 slice `s` of an operand tile of K columns at
/// shared address `tileAddress` (what the lowering emits per instruction).
constexpr uint64_t sliceDescriptor(uint64_t tileAddress, int64_t s, int64_t k,
                                   bool mnMajor) {
  return operandDescriptorHigh(k, mnMajor) |
         smemDescriptorAddress(tileAddress + uint64_t(sliceOffset(s, mnMajor)));
}

/// The accumulator element held in element `i` of the fragment of thread
/// `t` of the warpgroup (0 to 127), for the f32 accumulator of m64nNk16:
/// row 16 (t / 32) + (t % 32) / 4 + 8 ((i / 2) % 2), column
/// 8 (i / 4) + 2 (t % 4) + i % 2.
constexpr int64_t fragmentRow(int64_t t, int64_t i) {
  return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2);
}
constexpr int64_t fragmentCol(int64_t t, int64_t i) {
  return 8 * (i / 4) + 2 * (t % 4) + i % 2;
}

} // namespace mlir::uop::wgmma

#endif // UOP_DIALECT_UOP_IR_WGMMA_H
