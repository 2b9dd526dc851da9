//===- ArithOps.cpp - uop-sim handlers for the arith dialect --------------===//
//
// Integer ops work on sign-extended 64-bit words and re-normalize to their
// width; unsigned ops read the zero-extended form. Float ops round to their
// result type after every operation. Division by zero and other poison
// cases produce 0 instead of trapping the simulator (inactive lanes compute
// too, on whatever their registers hold).
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

using I64 = int64_t;
using U64 = uint64_t;

LogicalResult constantOp(Interpreter &I, Operation *op) {
  auto c = cast<arith::ConstantOp>(op);
  Attribute attr = c.getValue();
  Type t = c.getType();
  SimValue &r = I.def(c.getResult());
  ElemKind k = kindOf(t);
  auto toWord = [&](Attribute a) {
    Word w;
    if (auto f = dyn_cast<FloatAttr>(a))
      w.f = roundToKind(f.getValue().convertToDouble(), k);
    else if (auto i = dyn_cast<IntegerAttr>(a))
      w.i = signExtend(i.getValue().getSExtValue(), intWidthOf(t));
    else
      w.i = 0;
    return w;
  };
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    Word *o = r.setUniform(widthOf(t));
    unsigned e = 0;
    for (Attribute a : dense.getValues<Attribute>())
      o[e++] = toWord(a);
    return success();
  }
  if (!isa<FloatAttr, IntegerAttr>(attr))
    return I.unsupported(op, "unsupported constant");
  r.setUniform(1)[0] = toWord(attr);
  return success();
}

/// Integer division rounding toward zero without trapping.
I64 sdiv(I64 a, I64 b, unsigned bw) {
  if (b == 0)
    return 0;
  if (b == -1)
    return signExtend((I64)(0 - (U64)a), bw);
  return a / b;
}
I64 srem(I64 a, I64 b) {
  if (b == 0 || b == -1)
    return 0;
  return a % b;
}
U64 udiv(I64 a, I64 b, unsigned bw) {
  U64 y = zeroExtend(b, bw);
  return y ? zeroExtend(a, bw) / y : 0;
}
U64 urem(I64 a, I64 b, unsigned bw) {
  U64 y = zeroExtend(b, bw);
  return y ? zeroExtend(a, bw) % y : 0;
}

bool cmpI(arith::CmpIPredicate p, I64 a, I64 b, unsigned bw) {
  U64 ua = zeroExtend(a, bw), ub = zeroExtend(b, bw);
  switch (p) {
  case arith::CmpIPredicate::eq:
    return a == b;
  case arith::CmpIPredicate::ne:
    return a != b;
  case arith::CmpIPredicate::slt:
    return a < b;
  case arith::CmpIPredicate::sle:
    return a <= b;
  case arith::CmpIPredicate::sgt:
    return a > b;
  case arith::CmpIPredicate::sge:
    return a >= b;
  case arith::CmpIPredicate::ult:
    return ua < ub;
  case arith::CmpIPredicate::ule:
    return ua <= ub;
  case arith::CmpIPredicate::ugt:
    return ua > ub;
  case arith::CmpIPredicate::uge:
    return ua >= ub;
  }
  return false;
}

bool cmpF(arith::CmpFPredicate p, double a, double b) {
  bool uno = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return false;
  case P::AlwaysTrue:
    return true;
  case P::OEQ:
    return !uno && a == b;
  case P::OGT:
    return !uno && a > b;
  case P::OGE:
    return !uno && a >= b;
  case P::OLT:
    return !uno && a < b;
  case P::OLE:
    return !uno && a <= b;
  case P::ONE:
    return !uno && a != b;
  case P::ORD:
    return !uno;
  case P::UEQ:
    return uno || a == b;
  case P::UGT:
    return uno || a > b;
  case P::UGE:
    return uno || a >= b;
  case P::ULT:
    return uno || a < b;
  case P::ULE:
    return uno || a <= b;
  case P::UNE:
    return uno || a != b;
  case P::UNO:
    return uno;
  }
  return false;
}

LogicalResult cmpiOp(Interpreter &I, Operation *op) {
  auto c = cast<arith::CmpIOp>(op);
  auto p = c.getPredicate();
  unsigned bw = intWidthOf(c.getLhs().getType());
  map2(I, I.get(c.getLhs()), I.get(c.getRhs()), I.def(c.getResult()),
       widthOf(c.getType()), [&](Word x, Word y) {
         Word o;
         o.i = cmpI(p, x.i, y.i, bw) ? -1 : 0;
         return o;
       });
  return success();
}

LogicalResult cmpfOp(Interpreter &I, Operation *op) {
  auto c = cast<arith::CmpFOp>(op);
  auto p = c.getPredicate();
  map2(I, I.get(c.getLhs()), I.get(c.getRhs()), I.def(c.getResult()),
       widthOf(c.getType()), [&](Word x, Word y) {
         Word o;
         o.i = cmpF(p, x.f, y.f) ? -1 : 0;
         return o;
       });
  return success();
}

LogicalResult selectOp(Interpreter &I, Operation *op) {
  auto s = cast<arith::SelectOp>(op);
  const SimValue &c = I.get(s.getCondition());
  const SimValue &a = I.get(s.getTrueValue());
  const SimValue &b = I.get(s.getFalseValue());
  SimValue &r = I.def(s.getResult());
  if (c.uniform && c.width == 1) {
    r = c.data[0].i ? a : b;
    return success();
  }
  if (a.buffer || b.buffer) {
    if (a.buffer != b.buffer)
      return I.unsupported(op, "per-thread choice between different buffers");
    r.copyDescriptor(a);
  }
  map3(I, c, a, b, r, widthOf(s.getType()), [](Word c, Word x, Word y) {
    return c.i ? x : y;
  });
  return success();
}

/// Casts: `f` maps the source word to the result word.
template <typename F>
LogicalResult castOp(Interpreter &I, Operation *op, F f) {
  map1(I, I.get(op->getOperand(0)), I.def(op->getResult(0)),
       widthOf(op->getResult(0).getType()), f);
  return success();
}

/// Float to integer conversion, saturating instead of undefined behaviour
/// (LLVM gives poison out of range; the hardware's cvt.rzi saturates).
I64 fpToInt(double x, unsigned bw, bool isSigned) {
  if (std::isnan(x))
    return 0;
  double t = std::trunc(x);
  if (isSigned) {
    double lo = -std::ldexp(1.0, bw - 1), hi = std::ldexp(1.0, bw - 1) - 1;
    t = std::min(std::max(t, lo), hi);
    return signExtend((I64)t, bw);
  }
  double hi = std::ldexp(1.0, bw) - 1;
  t = std::min(std::max(t, 0.0), hi);
  if (t >= 9223372036854775808.0)
    return (I64)(U64)t;
  return signExtend((I64)t, bw);
}

enum class Cast { SExt, ZExt, FloatResize, SIToFP, UIToFP, FPToSI, FPToUI,
                  Bitcast };

template <Cast C> LogicalResult castHandler(Interpreter &I, Operation *op) {
  Type srcT = op->getOperand(0).getType(), dstT = op->getResult(0).getType();
  unsigned sbw = intWidthOf(srcT), dbw = intWidthOf(dstT);
  ElemKind sk = kindOf(srcT), dk = kindOf(dstT);
  if constexpr (C == Cast::SExt)
    return castOp(I, op, [=](Word w) {
      w.i = signExtend(w.i, std::min(sbw, dbw));
      return w;
    });
  if constexpr (C == Cast::ZExt)
    return castOp(I, op, [=](Word w) {
      if (dbw > sbw)
        w.i = (I64)zeroExtend(w.i, sbw);
      else
        w.i = signExtend(w.i, dbw);
      return w;
    });
  if constexpr (C == Cast::FloatResize)
    return castOp(I, op, [=](Word w) {
      w.f = roundToKind(w.f, dk);
      return w;
    });
  if constexpr (C == Cast::SIToFP)
    return castOp(I, op, [=](Word w) {
      w.f = roundToKind((double)w.i, dk);
      return w;
    });
  if constexpr (C == Cast::UIToFP)
    return castOp(I, op, [=](Word w) {
      w.f = roundToKind((double)zeroExtend(w.i, sbw), dk);
      return w;
    });
  if constexpr (C == Cast::FPToSI || C == Cast::FPToUI) {
    bool isSigned = C == Cast::FPToSI;
    return castOp(I, op, [=](Word w) {
      w.i = fpToInt(w.f, dbw, isSigned);
      return w;
    });
  }
  if constexpr (C == Cast::Bitcast) {
    bool srcF = isa<FloatType>(scalarOf(srcT)),
         dstF = isa<FloatType>(scalarOf(dstT));
    return castOp(I, op, [=](Word w) {
      uint64_t bits = srcF ? floatToBits(w.f, sk) : zeroExtend(w.i, sbw);
      Word o;
      if (dstF)
        o.f = floatFromBits(bits, dk);
      else
        o.i = signExtend((I64)bits, dbw);
      return o;
    });
  }
  return I.unsupported(op, "unsupported cast");
}

double fmaxIEEE(double a, double b, bool isMax) {
  // maximumf / minimumf: NaN propagates, -0 < +0.
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == b)
    return isMax ? (std::signbit(a) ? b : a) : (std::signbit(a) ? a : b);
  return isMax ? std::max(a, b) : std::min(a, b);
}

} // namespace

void mlir::uop::sim::registerArithHandlers(HandlerRegistry &r) {
  r.add<arith::ConstantOp>(constantOp);
  r.add<arith::AddIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned) {
      return (I64)((U64)a + (U64)b);
    });
  });
  r.add<arith::SubIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned) {
      return (I64)((U64)a - (U64)b);
    });
  });
  r.add<arith::MulIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned) {
      return (I64)((U64)a * (U64)b);
    });
  });
  r.add<arith::DivSIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, sdiv);
  });
  r.add<arith::RemSIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned) { return srem(a, b); });
  });
  r.add<arith::DivUIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      return (I64)udiv(a, b, bw);
    });
  });
  r.add<arith::RemUIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      return (I64)urem(a, b, bw);
    });
  });
  r.add<arith::CeilDivSIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      I64 q = sdiv(a, b, bw);
      if (b != 0 && q * b != a && ((a < 0) == (b < 0)))
        ++q;
      return q;
    });
  });
  r.add<arith::CeilDivUIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      U64 q = udiv(a, b, bw);
      if (urem(a, b, bw) != 0)
        ++q;
      return (I64)q;
    });
  });
  r.add<arith::FloorDivSIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      I64 q = sdiv(a, b, bw);
      if (b != 0 && q * b != a && ((a < 0) != (b < 0)))
        --q;
      return q;
    });
  });
  r.add<arith::AndIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned) { return a & b; });
  });
  r.add<arith::OrIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned) { return a | b; });
  });
  r.add<arith::XOrIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned) { return a ^ b; });
  });
  r.add<arith::ShLIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      U64 s = zeroExtend(b, bw);
      return s >= bw ? (I64)0 : (I64)((U64)a << s);
    });
  });
  r.add<arith::ShRSIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      U64 s = zeroExtend(b, bw);
      return s >= bw ? (I64)0 : a >> s;
    });
  });
  r.add<arith::ShRUIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      U64 s = zeroExtend(b, bw);
      return s >= bw ? (I64)0 : (I64)(zeroExtend(a, bw) >> s);
    });
  });
  r.add<arith::MaxSIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op,
                     [](I64 a, I64 b, unsigned) { return std::max(a, b); });
  });
  r.add<arith::MinSIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op,
                     [](I64 a, I64 b, unsigned) { return std::min(a, b); });
  });
  r.add<arith::MaxUIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      return zeroExtend(a, bw) >= zeroExtend(b, bw) ? a : b;
    });
  });
  r.add<arith::MinUIOp>([](Interpreter &I, Operation *op) {
    return intBinary(I, op, [](I64 a, I64 b, unsigned bw) {
      return zeroExtend(a, bw) <= zeroExtend(b, bw) ? a : b;
    });
  });

  r.add<arith::AddFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op, [](double a, double b) { return a + b; });
  });
  r.add<arith::SubFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op, [](double a, double b) { return a - b; });
  });
  r.add<arith::MulFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op, [](double a, double b) { return a * b; });
  });
  r.add<arith::DivFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op, [](double a, double b) { return a / b; });
  });
  r.add<arith::RemFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::fmod(a, b); });
  });
  r.add<arith::MaximumFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(
        I, op, [](double a, double b) { return fmaxIEEE(a, b, true); });
  });
  r.add<arith::MinimumFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(
        I, op, [](double a, double b) { return fmaxIEEE(a, b, false); });
  });
  r.add<arith::MaxNumFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::fmax(a, b); });
  });
  r.add<arith::MinNumFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::fmin(a, b); });
  });
  r.add<arith::NegFOp>([](Interpreter &I, Operation *op) {
    return floatUnary(I, op, [](double a) { return -a; });
  });
  r.add<arith::CmpIOp>(cmpiOp);
  r.add<arith::CmpFOp>(cmpfOp);
  r.add<arith::SelectOp>(selectOp);
  r.add<arith::ExtSIOp>(castHandler<Cast::SExt>);
  r.add<arith::TruncIOp>(castHandler<Cast::SExt>);
  r.add<arith::IndexCastOp>(castHandler<Cast::SExt>);
  r.add<arith::ExtUIOp>(castHandler<Cast::ZExt>);
  r.add<arith::IndexCastUIOp>(castHandler<Cast::ZExt>);
  r.add<arith::ExtFOp>(castHandler<Cast::FloatResize>);
  r.add<arith::TruncFOp>(castHandler<Cast::FloatResize>);
  r.add<arith::SIToFPOp>(castHandler<Cast::SIToFP>);
  r.add<arith::UIToFPOp>(castHandler<Cast::UIToFP>);
  r.add<arith::FPToSIOp>(castHandler<Cast::FPToSI>);
  r.add<arith::FPToUIOp>(castHandler<Cast::FPToUI>);
  r.add<arith::BitcastOp>(castHandler<Cast::Bitcast>);
}
