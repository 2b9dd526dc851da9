//===- MathOps.cpp - uop-sim handlers for the math dialect ----------------===//
//
// Transcendentals are evaluated in double and rounded once to the result
// type. The hardware's approximations (ex2.approx, rsqrt.approx, tanh.approx)
// differ from this by a few ulps; the comparison tolerances of docs/sim.md
// absorb that.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

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
  r.add("math.exp", unary<std::exp>);
  r.add("math.exp2", unary<exp2d>);
  r.add("math.expm1", unary<std::expm1>);
  r.add("math.log", unary<std::log>);
  r.add("math.log2", unary<std::log2>);
  r.add("math.log10", unary<std::log10>);
  r.add("math.log1p", unary<std::log1p>);
  r.add("math.sqrt", unary<std::sqrt>);
  r.add("math.rsqrt", unary<rsqrt>);
  r.add("math.tanh", unary<tanhd>);
  r.add("math.sin", unary<std::sin>);
  r.add("math.cos", unary<std::cos>);
  r.add("math.tan", unary<std::tan>);
  r.add("math.atan", unary<std::atan>);
  r.add("math.erf", unary<std::erf>);
  r.add("math.absf", unary<std::fabs>);
  r.add("math.floor", unary<std::floor>);
  r.add("math.ceil", unary<std::ceil>);
  r.add("math.trunc", unary<std::trunc>);
  r.add("math.round", unary<std::round>);
  r.add("math.roundeven", unary<std::nearbyint>);
  r.add("math.fma", fusedMultiplyAddOp);
  r.add("math.powf", [](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::pow(a, b); });
  });
  r.add("math.atan2", [](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::atan2(a, b); });
  });
  r.add("math.copysign", [](Interpreter &I, Operation *op) {
    return floatBinary(I, op,
                       [](double a, double b) { return std::copysign(a, b); });
  });
  r.add("math.absi", [](Interpreter &I, Operation *op) {
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
