//===- Memory.cpp - uop-sim buffers, rounding and seeded inputs -----------===//
//
// Typed element storage, exact round-to-nearest-even into f16 / bf16 / f32,
// and the reproducible input generator (include/Uop/Runtime/SeededInputs.h,
// shared with uop-run, so every machine and tool sees the same inputs for the
// same seed).
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Memory.h"
#include "Uop/Runtime/SeededInputs.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::uop::sim;

std::optional<ElemKind> mlir::uop::sim::getElemKind(Type type) {
  if (type.isF16())
    return ElemKind::F16;
  if (type.isBF16())
    return ElemKind::BF16;
  if (type.isF32())
    return ElemKind::F32;
  if (type.isF64())
    return ElemKind::F64;
  if (type.isIndex())
    return ElemKind::I64;
  if (auto it = dyn_cast<IntegerType>(type)) {
    switch (it.getWidth()) {
    case 1:
      return ElemKind::I1;
    case 8:
      return ElemKind::I8;
    case 16:
      return ElemKind::I16;
    case 32:
      return ElemKind::I32;
    case 64:
      return ElemKind::I64;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

unsigned mlir::uop::sim::getElemBytes(ElemKind kind) {
  switch (kind) {
  case ElemKind::F16:
  case ElemKind::BF16:
  case ElemKind::I16:
    return 2;
  case ElemKind::F32:
  case ElemKind::I32:
    return 4;
  case ElemKind::F64:
  case ElemKind::I64:
    return 8;
  case ElemKind::I1:
  case ElemKind::I8:
    return 1;
  }
  return 8;
}

/// Rounds `x` to a binary format with `mant` explicit mantissa bits and
/// exponent range [emin, emax]: scale so that one unit in the last place is
/// 1, round to an integer with ties to even, scale back. Scaling by a power
/// of two is exact, so this is a single correct rounding. The general path,
/// for results below the format's normal range.
static double roundToFormatSlow(double x, int mant, int emin, int emax) {
  int e = std::ilogb(x);
  if (e < emin)
    e = emin; // subnormal: fixed quantum
  double q = std::ldexp(1.0, e - mant);
  double r = std::nearbyint(x / q) * q;
  double maxFinite = std::ldexp(2.0 - std::ldexp(1.0, -mant), emax);
  if (std::fabs(r) > maxFinite)
    return std::copysign(INFINITY, x);
  return r;
}

/// 2^e, at compile time.
static constexpr double pow2(int e) {
  double r = 1.0;
  for (; e > 0; --e)
    r *= 2.0;
  for (; e < 0; ++e)
    r /= 2.0;
  return r;
}

/// roundToFormatSlow, with the common case on the bits of `x`: when `x` is
/// a normal double whose exponent is in the format's normal range, rounding
/// to `Mant` bits with ties to even is adding just under half a unit of the
/// kept last place (plus the kept last bit, for ties) to the magnitude and
/// clearing the dropped bits; a carry out of the mantissa bumps the
/// exponent, as it should. The hot path of every f16 and bf16 operation.
template <int Mant, int Emin, int Emax>
static double roundToFormat(double x) {
  constexpr int drop = 52 - Mant;
  constexpr double maxFinite = (2.0 - pow2(-Mant)) * pow2(Emax);
  uint64_t u = doubleBits(x);
  int biased = int((u >> 52) & 0x7ff);
  if (biased == 0x7ff || (u << 1) == 0)
    return x; // inf, NaN, zero
  if (biased - 1023 < Emin)
    return roundToFormatSlow(x, Mant, Emin, Emax);
  u += ((uint64_t(1) << (drop - 1)) - 1) + ((u >> drop) & 1);
  u &= ~((uint64_t(1) << drop) - 1);
  double r = doubleFromBits(u);
  if (std::fabs(r) > maxFinite)
    return std::copysign(INFINITY, x);
  return r;
}

double mlir::uop::sim::roundToHalf(double x, ElemKind k) {
  return k == ElemKind::F16 ? roundToFormat<10, -14, 15>(x)
                            : roundToFormat<7, -126, 127>(x);
}

/// Encodes a double that is exactly representable in f16 as its bits
/// (others are truncated): the sign, the exponent rebiased, the top ten
/// bits of the mantissa; subnormals as their multiple of 2^-24.
static uint16_t encodeF16(double x) {
  uint64_t u = doubleBits(x);
  uint16_t sign = uint16_t((u >> 48) & 0x8000);
  int biased = int((u >> 52) & 0x7ff);
  if (biased == 0x7ff)
    return (u << 12) ? 0x7e00 : sign | 0x7c00; // NaN, infinity
  if ((u << 1) == 0)
    return sign;
  int e = biased - 1023;
  if (e < -14)
    return sign | (uint16_t)(std::fabs(x) * 0x1p24); // subnormal
  return sign | (uint16_t)((e + 15) << 10) | uint16_t((u >> 42) & 0x3ff);
}

/// bf16 is the top half of an f32; the value is already rounded, so the
/// truncation is exact.
static uint16_t encodeBF16(double x) {
  float f = (float)x;
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f))
    return 0x7fc0;
  return (uint16_t)(u >> 16);
}

static double decodeBF16(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

uint64_t mlir::uop::sim::floatToBits(double x, ElemKind k) {
  switch (k) {
  case ElemKind::F16:
    return encodeF16(x);
  case ElemKind::BF16:
    return encodeBF16(x);
  case ElemKind::F32: {
    float f = (float)x;
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  default: {
    uint64_t u;
    std::memcpy(&u, &x, 8);
    return u;
  }
  }
}

double mlir::uop::sim::floatFromBits(uint64_t bits, ElemKind k) {
  switch (k) {
  case ElemKind::F16:
    return decodeF16((uint16_t)bits);
  case ElemKind::BF16:
    return decodeBF16((uint16_t)bits);
  case ElemKind::F32: {
    uint32_t u = (uint32_t)bits;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  default: {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  }
}

Buffer::Buffer(ElemKind kind, Type elemType, int64_t numElements, bool shared,
               std::string name)
    : kind(kind), elemType(elemType), numElements(numElements),
      bytes((size_t)numElements * getElemBytes(kind), 0), isShared(shared),
      name(std::move(name)) {
  if (shared)
    access.resize(numElements);
}

Word Buffer::loadSlow(int64_t idx) const {
  return loadElement(kind, bytes.data(), idx);
}

Word mlir::uop::sim::loadElement(ElemKind kind, const uint8_t *p, int64_t idx) {
  Word w;
  w.i = 0;
  switch (kind) {
  case ElemKind::F32:
    w.f = ((const float *)p)[idx];
    break;
  case ElemKind::F64:
    w.f = ((const double *)p)[idx];
    break;
  case ElemKind::F16:
    w.f = decodeF16(((const uint16_t *)p)[idx]);
    break;
  case ElemKind::BF16:
    w.f = decodeBF16(((const uint16_t *)p)[idx]);
    break;
  case ElemKind::I1:
    w.i = ((const int8_t *)p)[idx] ? -1 : 0;
    break;
  case ElemKind::I8:
    w.i = ((const int8_t *)p)[idx];
    break;
  case ElemKind::I16:
    w.i = ((const int16_t *)p)[idx];
    break;
  case ElemKind::I32:
    w.i = ((const int32_t *)p)[idx];
    break;
  case ElemKind::I64:
    w.i = ((const int64_t *)p)[idx];
    break;
  }
  return w;
}

void Buffer::storeSlow(int64_t idx, Word w) {
  uint8_t *p = bytes.data();
  switch (kind) {
  case ElemKind::F32:
    ((float *)p)[idx] = (float)w.f;
    break;
  case ElemKind::F64:
    ((double *)p)[idx] = w.f;
    break;
  case ElemKind::F16:
    ((uint16_t *)p)[idx] = encodeF16(w.f);
    break;
  case ElemKind::BF16:
    ((uint16_t *)p)[idx] = encodeBF16(w.f);
    break;
  case ElemKind::I1:
    ((int8_t *)p)[idx] = (w.i & 1) ? 1 : 0;
    break;
  case ElemKind::I8:
    ((int8_t *)p)[idx] = (int8_t)w.i;
    break;
  case ElemKind::I16:
    ((int16_t *)p)[idx] = (int16_t)w.i;
    break;
  case ElemKind::I32:
    ((int32_t *)p)[idx] = (int32_t)w.i;
    break;
  case ElemKind::I64:
    ((int64_t *)p)[idx] = w.i;
    break;
  }
}

void Buffer::resetAccesses() {
  std::fill(access.begin(), access.end(), ElemAccess());
  async.clear();
  inFlight = 0;
}

void mlir::uop::sim::fillRandom(Buffer &buf, uint64_t seed, uint64_t argIndex) {
  // One generator for uop-sim and uop-run (include/Uop/Runtime/
  // SeededInputs.h): the hardware sees the inputs the simulator used.
  ::uop::runtime::SeededStream stream(seed, argIndex);
  int p = 0;
  switch (buf.kind) {
  case ElemKind::F16:
    p = ::uop::runtime::kF16Precision;
    break;
  case ElemKind::BF16:
    p = ::uop::runtime::kBF16Precision;
    break;
  case ElemKind::F32:
    p = ::uop::runtime::kF32Precision;
    break;
  case ElemKind::F64:
    p = ::uop::runtime::kF64Precision;
    break;
  default:
    break;
  }
  for (int64_t i = 0; i < buf.numElements; ++i) {
    uint64_t r = stream.next();
    Word w;
    if (p)
      w.f = ::uop::runtime::seededFloat(r, p);
    else if (buf.kind == ElemKind::I1)
      w.i = ::uop::runtime::seededBool(r);
    else
      w.i = ::uop::runtime::seededInt(r);
    buf.store(i, w);
  }
}
