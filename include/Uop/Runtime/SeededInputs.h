//===- SeededInputs.h - the reproducible input generator --------*- C++ -*-===//
//
// The seeded input generator shared by uop-sim (lib/Sim/Memory.cpp) and the
// GPU runner (uop-run): argument `argIndex` of a run with seed `seed` is the
// same sequence of values on every machine and in both tools, so a kernel run
// on the hardware sees exactly the inputs the simulator used. splitmix64 is
// written out here rather than taken from <random>, whose engines and
// distributions are not specified bit for bit. Plain C++17: no MLIR or LLVM,
// so the runner builds where neither exists.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_SEEDEDINPUTS_H
#define UOP_RUNTIME_SEEDEDINPUTS_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace uop::runtime {

/// splitmix64 (Steele, Lea, Flood 2014): a tiny, well-mixed generator whose
/// output is fully specified by its 64-bit state.
inline uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// The stream of raw 64-bit draws of argument `argIndex` under `seed`.
class SeededStream {
public:
  SeededStream(uint64_t seed, uint64_t argIndex) : state(seed) {
    uint64_t mix = splitmix64(state) ^ (argIndex * 0xd1b54a32d192ed03ULL);
    state = mix;
  }
  uint64_t next() { return splitmix64(state); }

private:
  uint64_t state;
};

/// The value of a float type with significand precision `p` (11 for f16, 8
/// for bf16, 24 for f32, 53 for f64) drawn from `r`: k / 2^(p-1) - 1 for k
/// the top p bits. Every such value is exactly representable in the type,
/// so "uniform in [-1, 1) rounded to the type" never rounds up to 1.0.
inline double seededFloat(uint64_t r, int p) {
  uint64_t k = r >> (64 - p);
  return std::ldexp((double)k, 1 - p) - 1.0;
}

/// The value of an i1 drawn from `r` (sign-extended: -1 or 0).
inline int64_t seededBool(uint64_t r) { return (r >> 63) ? -1 : 0; }

/// The value of a wider integer drawn from `r`: small, in [-8, 8], so that
/// sums of products stay exact in every integer type.
inline int64_t seededInt(uint64_t r) { return (int64_t)((r >> 32) % 17) - 8; }

/// The significand precision of the float types by storage width and kind.
constexpr int kF16Precision = 11;
constexpr int kBF16Precision = 8;
constexpr int kF32Precision = 24;
constexpr int kF64Precision = 53;

//===----------------------------------------------------------------------===//
// f16 / bf16 bit patterns on the host
//===----------------------------------------------------------------------===//

/// The bits of the f32 `x`.
inline uint32_t f32Bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return u;
}

/// The f32 whose bits are `u`.
inline float f32FromBits(uint32_t u) {
  float x;
  std::memcpy(&x, &u, 4);
  return x;
}

/// `x` rounded to bf16 (nearest, ties to even; NaN stays a quiet NaN).
inline uint16_t f32ToBF16Bits(float x) {
  uint32_t u = f32Bits(x);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((u >> 16) | 0x40);
  u += 0x7fffu + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}

/// The f32 value of the bf16 bits `h` (exact).
inline float bf16BitsToF32(uint16_t h) {
  return f32FromBits((uint32_t)h << 16);
}

/// `x` rounded to IEEE binary16 (nearest, ties to even; overflow to
/// infinity, gradual underflow).
inline uint16_t f32ToF16Bits(float x) {
  uint32_t u = f32Bits(x);
  uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
  uint32_t absBits = u & 0x7fffffffu;
  if (absBits > 0x7f800000u)
    return sign | 0x7e00u;
  if (absBits >= 0x47800000u) // >= 65536: beyond the largest finite half
    return sign | 0x7c00u;
  int exp = (int)(absBits >> 23) - 127;
  uint32_t mant = absBits & 0x7fffffu;
  if (exp >= -14) {
    // Normal: keep 10 of the 23 fraction bits, rounding the other 13.
    uint32_t half = ((uint32_t)(exp + 15) << 10) | (mant >> 13);
    uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1)))
      ++half; // may carry into the exponent, up to infinity: still right
    return sign | (uint16_t)half;
  }
  if (exp < -25)
    return sign;
  // Subnormal: the value is m * 2^-24 with m = (1.mant) * 2^(exp + 24).
  uint32_t full = mant | 0x800000u;
  int shift = -exp - 1; // 14..24: bits of `full` below the half's unit
  uint32_t half = full >> shift;
  uint32_t rest = full & ((1u << shift) - 1);
  uint32_t tie = 1u << (shift - 1);
  if (rest > tie || (rest == tie && (half & 1)))
    ++half;
  return sign | (uint16_t)half;
}

/// The f32 value of the binary16 bits `h` (exact).
inline float f16BitsToF32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f)
    return f32FromBits(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    float v = std::ldexp((float)mant, -24);
    return sign ? -v : v;
  }
  return f32FromBits(sign | ((exp + 112) << 23) | (mant << 13));
}

} // namespace uop::runtime

#endif // UOP_RUNTIME_SEEDEDINPUTS_H
