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
/// of two is exact, so this is a single correct rounding.
static double roundToFormat(double x, int mant, int emin, int emax) {
  if (!std::isfinite(x) || x == 0.0)
    return x;
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

double mlir::uop::sim::roundToKind(double x, ElemKind k) {
  switch (k) {
  case ElemKind::F16:
    return roundToFormat(x, 10, -14, 15);
  case ElemKind::BF16:
    return roundToFormat(x, 7, -126, 127);
  case ElemKind::F32:
    return (double)(float)x;
  default:
    return x;
  }
}

/// Encodes a double that is exactly representable in f16 as its bits.
static uint16_t encodeF16(double x) {
  uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  if (std::isnan(x))
    return 0x7e00;
  double a = std::fabs(x);
  if (std::isinf(a))
    return sign | 0x7c00;
  if (a == 0.0)
    return sign;
  int e = std::ilogb(a);
  if (e < -14)
    return sign | (uint16_t)std::ldexp(a, 24); // subnormal
  uint16_t m = (uint16_t)(std::ldexp(a, -e) * 1024.0 - 1024.0);
  return sign | (uint16_t)((e + 15) << 10) | m;
}

static double decodeF16(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  int m = h & 0x3ff;
  double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 0)
    return s * std::ldexp((double)m, -24);
  if (e == 31)
    return m ? NAN : s * INFINITY;
  return s * std::ldexp(1024.0 + m, e - 25);
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
