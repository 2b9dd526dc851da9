//===- ArithOps.cpp - uop-sim handlers for the arith dialect --------------===//
//
// Integer ops apply arith's semantics from Uop/Sim/IntSemantics.h (shared
// with the bank analysis) to sign-extended 64-bit words; division by zero and
// other poison cases produce a defined value there instead of trapping the
// simulator (inactive lanes compute too, on whatever their registers hold).
// Float ops round to their result type after every operation.
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
      w.i = intConstant(i.getValue(), intWidthOf(t));
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
         o.i = cmpi(p, x.i, y.i, bw);
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
      w.i = sextOrTrunc(w.i, sbw, dbw);
      return w;
    });
  if constexpr (C == Cast::ZExt)
    return castOp(I, op, [=](Word w) {
      w.i = zextOrTrunc(w.i, sbw, dbw);
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
    return intBinary<addi>(I, op);
  });
  r.add<arith::SubIOp>([](Interpreter &I, Operation *op) {
    return intBinary<subi>(I, op);
  });
  r.add<arith::MulIOp>([](Interpreter &I, Operation *op) {
    return intBinary<muli>(I, op);
  });
  r.add<arith::DivSIOp>([](Interpreter &I, Operation *op) {
    return intBinary<divsi>(I, op);
  });
  r.add<arith::RemSIOp>([](Interpreter &I, Operation *op) {
    return intBinary<remsi>(I, op);
  });
  r.add<arith::DivUIOp>([](Interpreter &I, Operation *op) {
    return intBinary<divui>(I, op);
  });
  r.add<arith::RemUIOp>([](Interpreter &I, Operation *op) {
    return intBinary<remui>(I, op);
  });
  r.add<arith::CeilDivSIOp>([](Interpreter &I, Operation *op) {
    return intBinary<ceildivsi>(I, op);
  });
  r.add<arith::CeilDivUIOp>([](Interpreter &I, Operation *op) {
    return intBinary<ceildivui>(I, op);
  });
  r.add<arith::FloorDivSIOp>([](Interpreter &I, Operation *op) {
    return intBinary<floordivsi>(I, op);
  });
  r.add<arith::AndIOp>([](Interpreter &I, Operation *op) {
    return intBinary<andi>(I, op);
  });
  r.add<arith::OrIOp>([](Interpreter &I, Operation *op) {
    return intBinary<ori>(I, op);
  });
  r.add<arith::XOrIOp>([](Interpreter &I, Operation *op) {
    return intBinary<xori>(I, op);
  });
  r.add<arith::ShLIOp>([](Interpreter &I, Operation *op) {
    return intBinary<shli>(I, op);
  });
  r.add<arith::ShRSIOp>([](Interpreter &I, Operation *op) {
    return intBinary<shrsi>(I, op);
  });
  r.add<arith::ShRUIOp>([](Interpreter &I, Operation *op) {
    return intBinary<shrui>(I, op);
  });
  r.add<arith::MaxSIOp>([](Interpreter &I, Operation *op) {
    return intBinary<maxsi>(I, op);
  });
  r.add<arith::MinSIOp>([](Interpreter &I, Operation *op) {
    return intBinary<minsi>(I, op);
  });
  r.add<arith::MaxUIOp>([](Interpreter &I, Operation *op) {
    return intBinary<maxui>(I, op);
  });
  r.add<arith::MinUIOp>([](Interpreter &I, Operation *op) {
    return intBinary<minui>(I, op);
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
