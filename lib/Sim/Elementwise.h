//===- Elementwise.h - SIMT elementwise helpers for handlers ----*- C++ -*-===//
//
// Helpers shared by the arith, math and vector handlers: apply a scalar
// function to every element of every lane, keeping the result uniform when
// all operands are uniform (the fast path for index math and constants).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_LIB_SIM_ELEMENTWISE_H
#define UOP_LIB_SIM_ELEMENTWISE_H

#include "Uop/Sim/IntSemantics.h"
#include "Uop/Sim/Interpreter.h"

#include <cmath>

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::uop::sim {

/// Elements per lane of a value of type `t` (vector size, else 1).
inline unsigned widthOf(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return (unsigned)v.getNumElements();
  return 1;
}
/// The scalar element type of `t`.
inline Type scalarOf(Type t) { return getElementTypeOrSelf(t); }
/// Bit width of an integer or index type (index is 64 bits); 64 for others.
inline unsigned intWidthOf(Type t) {
  return getIntWordWidth(scalarOf(t)).value_or(64);
}
/// Storage kind of the scalar type of `t` (F64 when not a storable type).
inline ElemKind kindOf(Type t) {
  return getElemKind(scalarOf(t)).value_or(ElemKind::F64);
}

/// r = f(a) for every element.
template <typename F>
void map1(Interpreter &I, const SimValue &a, SimValue &r, unsigned w, F f) {
  if (a.uniform) {
    Word *o = r.setUniform(w);
    for (unsigned e = 0; e < w; ++e)
      o[e] = f(a.data[e]);
    return;
  }
  size_t n = (size_t)I.numLanes() * w;
  Word *o = r.setVarying(I.numLanes(), w);
  const Word *pa = a.data.data();
  for (size_t i = 0; i < n; ++i)
    o[i] = f(pa[i]);
}

/// r = f(a, b) for every element; a uniform operand is broadcast.
template <typename F>
void map2(Interpreter &I, const SimValue &a, const SimValue &b, SimValue &r,
          unsigned w, F f) {
  const Word *pa = a.data.data(), *pb = b.data.data();
  if (a.uniform && b.uniform) {
    Word *o = r.setUniform(w);
    for (unsigned e = 0; e < w; ++e)
      o[e] = f(pa[e], pb[e]);
    return;
  }
  unsigned lanes = I.numLanes();
  size_t n = (size_t)lanes * w;
  Word *o = r.setVarying(lanes, w);
  if (!a.uniform && !b.uniform) {
    for (size_t i = 0; i < n; ++i)
      o[i] = f(pa[i], pb[i]);
  } else if (w == 1) {
    if (a.uniform) {
      Word x = pa[0];
      for (size_t i = 0; i < n; ++i)
        o[i] = f(x, pb[i]);
    } else {
      Word y = pb[0];
      for (size_t i = 0; i < n; ++i)
        o[i] = f(pa[i], y);
    }
  } else {
    for (unsigned l = 0; l < lanes; ++l)
      for (unsigned e = 0; e < w; ++e)
        o[(size_t)l * w + e] = f(a.at(l, e), b.at(l, e));
  }
}

/// r = f(a, b, c) for every element.
template <typename F>
void map3(Interpreter &I, const SimValue &a, const SimValue &b,
          const SimValue &c, SimValue &r, unsigned w, F f) {
  if (a.uniform && b.uniform && c.uniform) {
    Word *o = r.setUniform(w);
    for (unsigned e = 0; e < w; ++e)
      o[e] = f(a.data[e], b.data[e], c.data[e]);
    return;
  }
  unsigned lanes = I.numLanes();
  Word *o = r.setVarying(lanes, w);
  if (!a.uniform && !b.uniform && !c.uniform) {
    size_t n = (size_t)lanes * w;
    for (size_t i = 0; i < n; ++i)
      o[i] = f(a.data[i], b.data[i], c.data[i]);
    return;
  }
  for (unsigned l = 0; l < lanes; ++l)
    for (unsigned e = 0; e < w; ++e)
      o[(size_t)l * w + e] = f(a.at(l, e), b.at(l, e), c.at(l, e));
}

/// Unary float op of `op`: result = round(f(x)) in the result type.
template <typename F>
LogicalResult floatUnary(Interpreter &I, Operation *op, F f) {
  Type t = op->getResult(0).getType();
  ElemKind k = kindOf(t);
  const SimValue &a = I.get(op->getOperand(0));
  SimValue &r = I.def(op->getResult(0));
  map1(I, a, r, widthOf(t), [&](Word x) {
    Word o;
    o.f = roundToKind(f(x.f), k);
    return o;
  });
  return success();
}

/// Binary float op: computes in double and rounds to the result type once.
/// For f32 / f16 / bf16 add, sub, mul and div this equals the hardware's
/// correctly rounded result (double has more than 2p+2 bits for each).
template <typename F>
LogicalResult floatBinary(Interpreter &I, Operation *op, F f) {
  Type t = op->getResult(0).getType();
  ElemKind k = kindOf(t);
  const SimValue &a = I.get(op->getOperand(0));
  const SimValue &b = I.get(op->getOperand(1));
  SimValue &r = I.def(op->getResult(0));
  unsigned w = widthOf(t);
  if (k == ElemKind::F32) {
    map2(I, a, b, r, w, [&](Word x, Word y) {
      Word o;
      o.f = (double)(float)f(x.f, y.f);
      return o;
    });
  } else if (k == ElemKind::F64) {
    map2(I, a, b, r, w, [&](Word x, Word y) {
      Word o;
      o.f = f(x.f, y.f);
      return o;
    });
  } else {
    map2(I, a, b, r, w, [&](Word x, Word y) {
      Word o;
      o.f = roundToKind(f(x.f, y.f), k);
      return o;
    });
  }
  return success();
}

/// Binary integer op on sign-extended words: `Fn`, arith's semantics from
/// IntSemantics.h, on every element. A poison result (zero divisor, shift
/// too far) takes the defined value `Fn` gives it.
template <IntBinaryFn Fn>
LogicalResult intBinary(Interpreter &I, Operation *op) {
  Type t = op->getResult(0).getType();
  unsigned bw = intWidthOf(t);
  const SimValue &a = I.get(op->getOperand(0));
  const SimValue &b = I.get(op->getOperand(1));
  SimValue &r = I.def(op->getResult(0));
  map2(I, a, b, r, widthOf(t), [&](Word x, Word y) {
    Word o;
    o.i = Fn(x.i, y.i, bw).value;
    return o;
  });
  return success();
}

/// math.fma and vector.fma: one rounding, as the hardware's fma.rn.
inline LogicalResult fusedMultiplyAddOp(Interpreter &I, Operation *op) {
  Type t = op->getResult(0).getType();
  ElemKind k = kindOf(t);
  map3(I, I.get(op->getOperand(0)), I.get(op->getOperand(1)),
       I.get(op->getOperand(2)), I.def(op->getResult(0)), widthOf(t),
       [k](Word a, Word b, Word c) {
         Word o;
         if (k == ElemKind::F32)
           o.f = std::fma((float)a.f, (float)b.f, (float)c.f);
         else
           o.f = roundToKind(std::fma(a.f, b.f, c.f), k);
         return o;
       });
  return success();
}

} // namespace mlir::uop::sim

#endif // UOP_LIB_SIM_ELEMENTWISE_H
