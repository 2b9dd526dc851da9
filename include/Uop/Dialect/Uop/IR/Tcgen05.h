//===- Tcgen05.h - the encodings of tcgen05 operands ------------*- C++ -*-===//
//
// The 64-bit shared-memory matrix descriptor and the 32-bit instruction
// descriptor of tcgen05.mma (PTX ISA, "Shared memory descriptor" and
// "Instruction descriptor" of the tcgen05 family), and the shape rules of
// uop.tcgen05_mma. The lowering (convert-uop-to-nvvm) builds its operands
// with these functions and uop-sim executes the MMA from the same encoded
// words, decoding them with its own model of the hardware
// (lib/Sim/TensorMemory.cpp): an encoding mistake gives wrong numbers in
// the simulator, not only on the GPU.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_TCGEN05_H
#define UOP_DIALECT_UOP_IR_TCGEN05_H

#include "Uop/Dialect/Uop/IR/SmemLayout.h"

#include <cstdint>

namespace mlir::uop::tcgen05 {

/// Tensor memory of one CTA: 128 lanes x 512 columns of 32 bits.
constexpr int64_t kTMemLanes = 128;
constexpr int64_t kTMemColumns = 512;

/// The operand tiles of uop.tcgen05_mma (SmemLayout.h): rows of 128 bytes
/// with the 128-byte swizzle, 1024-byte atoms; one instruction multiplies
/// a K slice of 16 elements.
using smem::kInstrKBytes;
using smem::kNMajorBlockElements;
using smem::kNMajorSliceBytes;
using smem::kRowBytes;
using smem::kSwizzleAtomBytes;
constexpr int64_t kInstrK = 16;
/// The accumulator tile's rows: 128 (cta_group::1, all 128 lanes, layout D)
/// or 64 (half the data path, layout F).
constexpr int64_t kMmaM = 128;
constexpr int64_t kMmaMHalf = 64;

/// The tensor-memory lane (relative to the accumulator's) of row `row` of
/// an M-row accumulator: row r itself for M = 128; for M = 64, the lower
/// 16 lanes of each warp's 32-lane sub-partition, 16 rows each.
constexpr uint32_t accumulatorLane(int64_t m, uint32_t row) {
  return m == kMmaM ? row : 32 * (row / 16) + row % 16;
}

/// Swizzle modes of the descriptor's 3-bit field at bit 61.
enum class SwizzleMode : uint64_t {
  None = 0,
  Swizzle128B = 2,
};

/// Descriptor bits independent of the start address: leading-dimension
/// byte offset `lbo`, stride byte offset `sbo` (both multiples of 16, below
/// 2^18), the fixed version value 0b001 at bit 46, base offset 0, relative
/// leading-dimension mode and the swizzle mode.
constexpr uint64_t smemDescriptorHigh(uint64_t lbo, uint64_t sbo,
                                      SwizzleMode swizzle) {
  return (((lbo >> 4) & 0x3FFF) << 16) | (((sbo >> 4) & 0x3FFF) << 32) |
         (uint64_t(1) << 46) | (uint64_t(swizzle) << 61);
}


/// Operand formats of kind::f16 (A and B fields).
enum class F16Format : uint32_t { F16 = 0, BF16 = 1 };

/// The instruction descriptor of a dense kind::f16 MMA with f32
/// accumulation, A K-major or (`mMajorA`) M-major, B K-major or
/// (`nMajorB`) N-major, no negation: D format F32 (1) at bit 4, A format at
/// bit 7, B format at bit 10, the transpose-A bit 15 and transpose-B bit
/// 16, N >> 3 at bit 17, M >> 4 at bit 24.
constexpr uint32_t f16InstrDescriptor(F16Format ab, int64_t m, int64_t n,
                                      bool nMajorB = false,
                                      bool mMajorA = false) {
  return (uint32_t(1) << 4) | (uint32_t(ab) << 7) | (uint32_t(ab) << 10) |
         (uint32_t(mMajorA) << 15) | (uint32_t(nMajorB) << 16) |
         ((uint32_t(n >> 3) & 0x3F) << 17) | ((uint32_t(m >> 4) & 0x1F) << 24);
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

/// A tensor-memory address: lane in the upper 16 bits, column in the
/// lower 16.
constexpr uint32_t tmemAddress(uint32_t lane, uint32_t column) {
  return (lane << 16) | (column & 0xFFFF);
}
constexpr uint32_t tmemLane(uint32_t address) { return address >> 16; }
constexpr uint32_t tmemColumn(uint32_t address) { return address & 0xFFFF; }

} // namespace mlir::uop::tcgen05

#endif // UOP_DIALECT_UOP_IR_TCGEN05_H
