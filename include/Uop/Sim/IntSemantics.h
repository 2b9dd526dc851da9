//===- IntSemantics.h - what arith's integer ops compute --------*- C++ -*-===//
//
// The integer and index semantics of the arith dialect, one value at a time,
// as pure functions. The simulator's arith handlers apply them to every lane
// of a block; uop-bank-conflicts applies them to the index expressions of the
// lanes of one warp. With one definition the analysis cannot disagree with
// the simulator about which address a lane touches.
//
// Values are words: an integer of width `bw` (1 to 64 bits; index is 64) held
// in an int64_t, sign-extended from bit `bw - 1`. Every function takes words
// of width `bw` and returns one.
//
// Some results are poison under arith's rules: a zero divisor, INT_MIN / -1
// and shifts by `bw` or more. The simulator must still produce a value, since
// inactive lanes compute on whatever their registers hold; it produces 0
// (and the wrapped quotient for INT_MIN / -1) rather than trapping. Each
// result also says whether it is poison, so that a caller that must not guess
// (the bank analysis) can refuse it.
//
// Nothing here depends on the interpreter: the analysis library links this
// file alone.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_INTSEMANTICS_H
#define UOP_SIM_INTSEMANTICS_H

#include "Uop/Sim/Memory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace mlir::uop::sim {

/// Why an integer result is poison under arith's rules.
enum class IntPoison : uint8_t {
  None,
  /// Division or remainder by zero.
  DivisionByZero,
  /// Signed division or remainder of INT_MIN by -1 (the quotient does not
  /// fit the width).
  DivisionOverflow,
  /// A shift by at least the bit width.
  ShiftOutOfRange,
};

/// One integer result: the word the simulator produces and whether arith
/// calls it poison.
struct IntResult {
  int64_t value = 0;
  IntPoison poison = IntPoison::None;
  /// A defined result.
  static IntResult of(int64_t v) { return {v, IntPoison::None}; }
};

/// The semantics of a binary integer op on words of width `bw`.
using IntBinaryFn = IntResult (*)(int64_t lhs, int64_t rhs, unsigned bw);

/// Returns the width the simulator's words give an integer or index type
/// (index is 64 bits), or nothing when `type` is neither.
std::optional<unsigned> getIntWordWidth(Type type);

/// Returns the word of width `bw` of the integer constant `value`.
inline int64_t intConstant(const APInt &value, unsigned bw) {
  return signExtend(value.getSExtValue(), bw);
}

//===----------------------------------------------------------------------===//
// Wrapping arithmetic and bitwise ops
//===----------------------------------------------------------------------===//

/// arith.addi / subi / muli wrap modulo 2^bw (the overflow flags are not
/// modeled, as the hardware ignores them).
inline IntResult addi(int64_t a, int64_t b, unsigned bw) {
  return IntResult::of(signExtend((int64_t)((uint64_t)a + (uint64_t)b), bw));
}
inline IntResult subi(int64_t a, int64_t b, unsigned bw) {
  return IntResult::of(signExtend((int64_t)((uint64_t)a - (uint64_t)b), bw));
}
inline IntResult muli(int64_t a, int64_t b, unsigned bw) {
  return IntResult::of(signExtend((int64_t)((uint64_t)a * (uint64_t)b), bw));
}
inline IntResult andi(int64_t a, int64_t b, unsigned) {
  return IntResult::of(a & b);
}
inline IntResult ori(int64_t a, int64_t b, unsigned) {
  return IntResult::of(a | b);
}
inline IntResult xori(int64_t a, int64_t b, unsigned) {
  return IntResult::of(a ^ b);
}
inline IntResult maxsi(int64_t a, int64_t b, unsigned) {
  return IntResult::of(std::max(a, b));
}
inline IntResult minsi(int64_t a, int64_t b, unsigned) {
  return IntResult::of(std::min(a, b));
}
inline IntResult maxui(int64_t a, int64_t b, unsigned bw) {
  return IntResult::of(zeroExtend(a, bw) >= zeroExtend(b, bw) ? a : b);
}
inline IntResult minui(int64_t a, int64_t b, unsigned bw) {
  return IntResult::of(zeroExtend(a, bw) <= zeroExtend(b, bw) ? a : b);
}

//===----------------------------------------------------------------------===//
// Division and remainder
//===----------------------------------------------------------------------===//

namespace detail {
/// Whether signed division of `a` by `b` at width `bw` is poison.
inline IntPoison signedDivisionPoison(int64_t a, int64_t b, unsigned bw) {
  if (b == 0)
    return IntPoison::DivisionByZero;
  if (b == -1 && a == signExtend((int64_t)(uint64_t(1) << (bw - 1)), bw))
    return IntPoison::DivisionOverflow;
  return IntPoison::None;
}
/// Signed quotient rounded toward zero; 0 for a zero divisor, the wrapped
/// negation for a divisor of -1 (no trap on INT_MIN / -1).
inline int64_t truncatedQuotient(int64_t a, int64_t b, unsigned bw) {
  if (b == 0)
    return 0;
  if (b == -1)
    return signExtend((int64_t)(0 - (uint64_t)a), bw);
  return a / b;
}
/// Whether `q * b` differs from `a`: the division had a remainder. The
/// product wraps instead of overflowing for the INT_MIN / -1 quotient.
inline bool isInexact(int64_t q, int64_t a, int64_t b) {
  return (int64_t)((uint64_t)q * (uint64_t)b) != a;
}
} // namespace detail

/// arith.divsi: rounds toward zero.
inline IntResult divsi(int64_t a, int64_t b, unsigned bw) {
  return {signExtend(detail::truncatedQuotient(a, b, bw), bw),
          detail::signedDivisionPoison(a, b, bw)};
}
/// arith.remsi: the sign of the dividend; 0 for divisors 0 and -1.
inline IntResult remsi(int64_t a, int64_t b, unsigned bw) {
  return {(b == 0 || b == -1) ? 0 : a % b,
          detail::signedDivisionPoison(a, b, bw)};
}
/// arith.floordivsi: rounds toward negative infinity.
inline IntResult floordivsi(int64_t a, int64_t b, unsigned bw) {
  int64_t q = detail::truncatedQuotient(a, b, bw);
  if (b != 0 && detail::isInexact(q, a, b) && ((a < 0) != (b < 0)))
    --q;
  return {signExtend(q, bw), detail::signedDivisionPoison(a, b, bw)};
}
/// arith.ceildivsi: rounds toward positive infinity.
inline IntResult ceildivsi(int64_t a, int64_t b, unsigned bw) {
  int64_t q = detail::truncatedQuotient(a, b, bw);
  if (b != 0 && detail::isInexact(q, a, b) && ((a < 0) == (b < 0)))
    ++q;
  return {signExtend(q, bw), detail::signedDivisionPoison(a, b, bw)};
}
/// arith.divui: the operands read as unsigned.
inline IntResult divui(int64_t a, int64_t b, unsigned bw) {
  uint64_t y = zeroExtend(b, bw);
  if (y == 0)
    return {0, IntPoison::DivisionByZero};
  return IntResult::of(signExtend((int64_t)(zeroExtend(a, bw) / y), bw));
}
/// arith.remui.
inline IntResult remui(int64_t a, int64_t b, unsigned bw) {
  uint64_t y = zeroExtend(b, bw);
  if (y == 0)
    return {0, IntPoison::DivisionByZero};
  return IntResult::of(signExtend((int64_t)(zeroExtend(a, bw) % y), bw));
}
/// arith.ceildivui.
inline IntResult ceildivui(int64_t a, int64_t b, unsigned bw) {
  uint64_t y = zeroExtend(b, bw);
  if (y == 0)
    return {0, IntPoison::DivisionByZero};
  uint64_t x = zeroExtend(a, bw);
  uint64_t q = x / y + (x % y != 0 ? 1 : 0);
  return IntResult::of(signExtend((int64_t)q, bw));
}

//===----------------------------------------------------------------------===//
// Shifts
//===----------------------------------------------------------------------===//

/// arith.shli / shrsi / shrui: the shift amount is read as unsigned; a shift
/// by `bw` or more gives 0.
inline IntResult shli(int64_t a, int64_t b, unsigned bw) {
  uint64_t s = zeroExtend(b, bw);
  if (s >= bw)
    return {0, IntPoison::ShiftOutOfRange};
  return IntResult::of(signExtend((int64_t)((uint64_t)a << s), bw));
}
inline IntResult shrsi(int64_t a, int64_t b, unsigned bw) {
  uint64_t s = zeroExtend(b, bw);
  if (s >= bw)
    return {0, IntPoison::ShiftOutOfRange};
  return IntResult::of(a >> s);
}
inline IntResult shrui(int64_t a, int64_t b, unsigned bw) {
  uint64_t s = zeroExtend(b, bw);
  if (s >= bw)
    return {0, IntPoison::ShiftOutOfRange};
  return IntResult::of(signExtend((int64_t)(zeroExtend(a, bw) >> s), bw));
}

//===----------------------------------------------------------------------===//
// Comparison and width conversions
//===----------------------------------------------------------------------===//

/// arith.cmpi on words of width `bw`: the i1 word, -1 for true and 0 for
/// false (i1 true sign-extended).
inline int64_t cmpi(arith::CmpIPredicate p, int64_t a, int64_t b,
                    unsigned bw) {
  uint64_t ua = zeroExtend(a, bw), ub = zeroExtend(b, bw);
  bool r = false;
  switch (p) {
  case arith::CmpIPredicate::eq:
    r = a == b;
    break;
  case arith::CmpIPredicate::ne:
    r = a != b;
    break;
  case arith::CmpIPredicate::slt:
    r = a < b;
    break;
  case arith::CmpIPredicate::sle:
    r = a <= b;
    break;
  case arith::CmpIPredicate::sgt:
    r = a > b;
    break;
  case arith::CmpIPredicate::sge:
    r = a >= b;
    break;
  case arith::CmpIPredicate::ult:
    r = ua < ub;
    break;
  case arith::CmpIPredicate::ule:
    r = ua <= ub;
    break;
  case arith::CmpIPredicate::ugt:
    r = ua > ub;
    break;
  case arith::CmpIPredicate::uge:
    r = ua >= ub;
    break;
  }
  return r ? -1 : 0;
}

/// arith.extsi, trunci and index_cast: the word of width `srcBw` as one of
/// width `dstBw`, sign-extended or truncated.
inline int64_t sextOrTrunc(int64_t w, unsigned srcBw, unsigned dstBw) {
  return signExtend(w, std::min(srcBw, dstBw));
}
/// arith.extui and index_castui: zero-extended or truncated.
inline int64_t zextOrTrunc(int64_t w, unsigned srcBw, unsigned dstBw) {
  if (dstBw > srcBw)
    return (int64_t)zeroExtend(w, srcBw);
  return signExtend(w, dstBw);
}

/// How an integer-to-integer cast op converts its operand.
enum class IntCastKind : uint8_t { SignExtendOrTruncate, ZeroExtendOrTruncate };

/// Returns the semantics of `op` when it is one of arith's binary integer
/// ops (addi ... minui), or null.
IntBinaryFn getIntBinarySemantics(Operation *op);

/// Returns how `op` converts when it is one of arith's integer-to-integer
/// casts (extsi, extui, trunci, index_cast, index_castui), or nothing.
std::optional<IntCastKind> getIntCastKind(Operation *op);

/// Applies the cast `kind` to the word `w`.
inline int64_t castInt(IntCastKind kind, int64_t w, unsigned srcBw,
                       unsigned dstBw) {
  return kind == IntCastKind::SignExtendOrTruncate
             ? sextOrTrunc(w, srcBw, dstBw)
             : zextOrTrunc(w, srcBw, dstBw);
}

} // namespace mlir::uop::sim

#endif // UOP_SIM_INTSEMANTICS_H
