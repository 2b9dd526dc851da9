//===- MathOps.cpp - uop-sim handlers for the math dialect ----------------===//
//
// Transcendentals are evaluated in double and rounded once to the result
// type. The hardware's approximations (ex2.approx, rsqrt.approx, tanh.approx)
// differ from this by a few ulps; the comparison tolerances of docs/sim.md
// absorb that.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

template <double (*F)(double)>
LogicalResult unary(Interpreter &I, Operation *op) {
  return floatUnary(I, op, [](double x) { return F(x); });
}

double rsqrt(double x) { return 1.0 / std::sqrt(x); }
double exp2d(double x) { return std::exp2(x); }
double tanhd(double x) { return std::tanh(x); }

} // namespace

void mlir::uop::sim::registerMathHandlers(HandlerRegistry &r) {
  r.add<math::ExpOp>(unary<std::exp>);
  r.add<math::Exp2Op>(unary<exp2d>);
  r.add<math::ExpM1Op>(unary<std::expm1>);
  r.add<math::LogOp>(unary<std::log>);
  r.add<math::Log2Op>(unary<std::log2>);
  r.add<math::Log10Op>(unary<std::log10>);
  r.add<math::Log1pOp>(unary<std::log1p>);
  r.add<math::SqrtOp>(unary<std::sqrt>);
  r.add<math::RsqrtOp>(unary<rsqrt>);
  r.add<math::TanhOp>(unary<tanhd>);
  r.add<math::SinOp>(unary<std::sin>);
  r.add<math::CosOp>(unary<std::cos>);
  r.add<math::TanOp>(unary<std::tan>);
  r.add<math::AtanOp>(unary<std::atan>);
  r.add<math::ErfOp>(unary<std::erf>);
  r.add<math::AbsFOp>(unary<std::fabs>);
  r.add<math::FloorOp>(unary<std::floor>);
  r.add<math::CeilOp>(unary<std::ceil>);
  r.add<math::TruncOp>(unary<std::trunc>);
  r.add<math::RoundOp>(unary<std::round>);
  r.add<math::RoundEvenOp>(unary<std::nearbyint>);
  r.add<math::FmaOp>(fusedMultiplyAddOp);
  r.add<math::PowFOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::pow(a, b); });
  });
  r.add<math::Atan2Op>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::atan2(a, b); });
  });
  r.add<math::CopySignOp>([](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::copysign(a, b); });
  });
  r.add<math::AbsIOp>([](Interpreter &I, Operation *op) {
    Type t = op->getResult(0).getType();
    unsigned bw = intWidthOf(t);
    map1(I, I.get(op->getOperand(0)), I.def(op->getResult(0)), widthOf(t),
         [bw](Word w) {
           w.i = signExtend(w.i < 0 ? (int64_t)(0 - (uint64_t)w.i) : w.i, bw);
           return w;
         });
    return success();
  });
}
