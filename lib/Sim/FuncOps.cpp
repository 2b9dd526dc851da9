//===- FuncOps.cpp - uop-sim handlers for the func dialect ----------------===//
//
// Host functions run sequentially; a call inside a kernel runs the callee
// for all active lanes at once, like an inlined device function.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

LogicalResult callOp(Interpreter &I, Operation *op) {
  auto c = cast<func::CallOp>(op);
  Operation *callee =
      SymbolTable::lookupNearestSymbolFrom(op, c.getCalleeAttr());
  if (!callee)
    return I.unsupported(op, "callee @" + c.getCallee() + " not found");
  SmallVector<SimValue, 4> args, results;
  for (Value v : c.getOperands())
    args.push_back(I.get(v));
  if (failed(I.call(op, callee, args, results)))
    return failure();
  for (auto [r, v] : llvm::zip(c.getResults(), results))
    I.def(r) = v;
  return success();
}

LogicalResult noOp(Interpreter &, Operation *) { return success(); }

} // namespace

void mlir::uop::sim::registerFuncHandlers(HandlerRegistry &r) {
  r.add<func::CallOp>(callOp);
  r.addWaiting<func::CallOp>();
  r.add<func::ReturnOp>(noOp);
  r.add<func::FuncOp>(noOp);
}
