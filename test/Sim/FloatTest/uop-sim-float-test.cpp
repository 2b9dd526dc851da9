//===- uop-sim-float-test.cpp - uop-sim's half-precision conversions ------===//
//
// Checks the simulator's f16 and bf16 arithmetic (lib/Sim/Memory.cpp:
// roundToKind, floatToBits, floatFromBits) against independent referees:
// the compiler's _Float16, whose conversions from double round to nearest
// even (where the compiler has it; otherwise the f16 value of each bit
// pattern by its formula), and a reference rounding written here by
// scaling to an integer. Every f16 bit pattern is decoded and re-encoded; rounding is
// tried on the midpoints between neighbouring representable values (and
// one double ulp either side), the overflow and subnormal edges, and
// millions of random doubles over both formats' ranges. Prints the number
// of checks and mismatches, and exits non-zero on any mismatch.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Memory.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

using namespace mlir::uop::sim;

namespace {

uint64_t checks = 0, mismatches = 0;

uint64_t bitsOf(double x) {
  uint64_t u;
  std::memcpy(&u, &x, 8);
  return u;
}

/// Same value, NaN matching any NaN (the sign of zero counts).
bool same(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || bitsOf(a) == bitsOf(b);
}

void expect(bool ok, const char *what, double x, double got, double want) {
  ++checks;
  if (ok)
    return;
  if (++mismatches <= 10)
    std::printf("mismatch: %s of %a: got %a, expected %a\n", what, x, got,
                want);
}

/// Round to nearest even into a format of `mant` explicit bits, normal
/// exponents [emin, emax], by scaling one unit in the last place to 1.
double referenceRound(double x, int mant, int emin, int emax) {
  if (!std::isfinite(x) || x == 0.0)
    return x;
  int e = std::max(std::ilogb(x), emin);
  double ulp = std::ldexp(1.0, e - mant);
  double r = std::nearbyint(x / ulp) * ulp;
  if (std::fabs(r) > std::ldexp(2.0 - std::ldexp(1.0, -mant), emax))
    return std::copysign(INFINITY, x);
  return r;
}

#ifdef __FLT16_MAX__
double f16Bits(uint16_t h) {
  _Float16 f;
  std::memcpy(&f, &h, 2);
  return (double)f;
}

double referenceF16(double x) { return (double)(_Float16)x; }
#else
double f16Bits(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 31)
    return m ? NAN : s * INFINITY;
  return s * (e ? std::ldexp(1024.0 + m, e - 25) : std::ldexp(double(m), -24));
}

double referenceF16(double x) { return referenceRound(x, 10, -14, 15); }
#endif

void checkF16Round(double x) {
  double got = roundToKind(x, ElemKind::F16);
  double want = referenceF16(x);
  expect(same(got, want), "f16 rounding", x, got, want);
}

void checkBF16Round(double x) {
  double got = roundToKind(x, ElemKind::BF16);
  double want = referenceRound(x, 7, -126, 127);
  expect(same(got, want), "bf16 rounding", x, got, want);
  if (std::isfinite(got)) {
    double back = floatFromBits(floatToBits(got, ElemKind::BF16),
                                ElemKind::BF16);
    expect(same(back, got), "bf16 encoding", got, back, got);
  }
}

/// The midpoint between `a` and `b` and one double ulp either side.
template <typename F> void aroundMidpoint(double a, double b, F check) {
  double mid = a + (b - a) / 2;
  check(mid);
  check(std::nextafter(mid, -INFINITY));
  check(std::nextafter(mid, INFINITY));
  check(-mid);
}

} // namespace

int main() {
  // Every f16: decoded as _Float16 does, encoded back to the same bits
  // (NaNs to the canonical quiet NaN); rounding a value to f16 keeps it.
  for (uint32_t h = 0; h < 0x10000; ++h) {
    double want = f16Bits(uint16_t(h));
    double got = floatFromBits(h, ElemKind::F16);
    expect(same(got, want), "f16 decoding", double(h), got, want);
    uint64_t back = floatToBits(got, ElemKind::F16);
    uint64_t wantBits = std::isnan(want) ? 0x7e00 : h;
    expect(back == wantBits, "f16 encoding", want, double(back),
           double(wantBits));
    checkF16Round(want);
  }
  // Midpoints between neighbouring finite f16 values, and past the largest
  // (65504 and the next step, 65536, which rounds to infinity).
  for (uint32_t h = 0; h < 0x7bff; ++h)
    aroundMidpoint(f16Bits(uint16_t(h)), f16Bits(uint16_t(h + 1)),
                   checkF16Round);
  aroundMidpoint(65504.0, 65536.0, checkF16Round);
  // bf16: every pattern decoded and encoded back; midpoints between
  // neighbours, past the largest finite value.
  for (uint32_t h = 0; h < 0x10000; ++h) {
    double v = floatFromBits(h, ElemKind::BF16);
    checkBF16Round(v);
    if ((h & 0x7fff) < 0x7f7f)
      aroundMidpoint(v, floatFromBits(h + 1, ElemKind::BF16), checkBF16Round);
  }
  // Random doubles over and past both ranges, and the double subnormals.
  std::mt19937_64 gen(20261202);
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-160, 140);
  for (int i = 0; i < 4000000; ++i) {
    double x = std::ldexp(mantissa(gen), exponent(gen));
    if (i & 1)
      x = -x;
    checkBF16Round(x);
    if (std::abs(std::ilogb(x)) < 40)
      checkF16Round(x);
  }
  for (double x : {0.0, -0.0, double(INFINITY), -double(INFINITY),
                   double(NAN), 4.9e-324, -2.2e-308,
                   1.7976931348623157e308, 0x1p-25, 0x1.8p-25, 0x1p-24}) {
    checkF16Round(x);
    checkBF16Round(x);
  }
  std::printf("float-test: %llu checks, %llu mismatches\n",
              (unsigned long long)checks, (unsigned long long)mismatches);
  return mismatches ? 1 : 0;
}
