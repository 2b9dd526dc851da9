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

#include "Uop/Dialect/Uop/IR/SmemLayout.h"

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
/// The operand tiles (SmemLayout.h): rows of 128 bytes with the 128-byte
/// swizzle, 1024-byte atoms; one instruction multiplies a K slice of 32
/// bytes: 16 elements of f16 / bf16 (m64nNk16), 8 of tf32 (m64nNk8, f32
/// in shared memory, K-major only).
using smem::kInstrKBytes;
using smem::kNMajorBlockElements;
using smem::kNMajorSliceBytes;
using smem::kRowBytes;
using smem::kSwizzleAtomBytes;
constexpr int64_t kInstrK = 16;

/// The K of one instruction for operands of `elementBytes` bytes (2: f16
/// / bf16, 4: tf32).
constexpr int64_t instrK(int64_t elementBytes) {
  return kInstrKBytes / elementBytes;
}

/// tf32 operands reach the tensor core as the f32 bits in shared memory;
/// wgmma ignores the low 13 mantissa bits (PTX ISA: it truncates them),
/// keeping tf32's 10 (sign, exponent and NaN / infinity unchanged; a NaN
/// whose payload lies in the dropped bits alone reads as an infinity).
constexpr uint32_t truncateToTf32(uint32_t f32Bits) {
  return f32Bits & ~uint32_t(0x1FFF);
}

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

/// The descriptor bits of a 128-byte-swizzled tile independent of its
/// address, for the offsets SmemLayout.h gives.
constexpr uint64_t swizzle128High(uint64_t lbo, uint64_t sbo) {
  return smemDescriptorHigh(lbo, sbo, SwizzleMode::Swizzle128B);
}

using smem::sliceOffset;

/// SmemLayout.h's descriptor bits of an operand tile of K columns, and of
/// its k16 slice `s` at shared address `tileAddress`.
constexpr uint64_t operandDescriptorHigh(int64_t k, bool mnMajor) {
  return smem::operandDescriptorHigh(swizzle128High, k, mnMajor);
}
constexpr uint64_t sliceDescriptor(uint64_t tileAddress, int64_t s, int64_t k,
                                   bool mnMajor) {
  return smem::sliceDescriptor(swizzle128High, tileAddress, s, k, mnMajor);
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
