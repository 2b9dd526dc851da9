//===- IntSemantics.cpp - arith integer ops to their semantics ------------===//
//
// Maps arith's integer ops to the pure functions of IntSemantics.h, for
// callers that meet an op and need what it computes (the bank analysis walks
// an index expression op by op). The simulator's handlers call the functions
// directly, so that the per-lane loops inline them.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/IntSemantics.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::uop::sim;

std::optional<unsigned> mlir::uop::sim::getIntWordWidth(Type type) {
  if (type.isIndex())
    return 64;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  return std::nullopt;
}

IntBinaryFn mlir::uop::sim::getIntBinarySemantics(Operation *op) {
  return llvm::TypeSwitch<Operation *, IntBinaryFn>(op)
      .Case([](arith::AddIOp) { return addi; })
      .Case([](arith::SubIOp) { return subi; })
      .Case([](arith::MulIOp) { return muli; })
      .Case([](arith::DivSIOp) { return divsi; })
      .Case([](arith::DivUIOp) { return divui; })
      .Case([](arith::RemSIOp) { return remsi; })
      .Case([](arith::RemUIOp) { return remui; })
      .Case([](arith::FloorDivSIOp) { return floordivsi; })
      .Case([](arith::CeilDivSIOp) { return ceildivsi; })
      .Case([](arith::CeilDivUIOp) { return ceildivui; })
      .Case([](arith::AndIOp) { return andi; })
      .Case([](arith::OrIOp) { return ori; })
      .Case([](arith::XOrIOp) { return xori; })
      .Case([](arith::ShLIOp) { return shli; })
      .Case([](arith::ShRSIOp) { return shrsi; })
      .Case([](arith::ShRUIOp) { return shrui; })
      .Case([](arith::MaxSIOp) { return maxsi; })
      .Case([](arith::MinSIOp) { return minsi; })
      .Case([](arith::MaxUIOp) { return maxui; })
      .Case([](arith::MinUIOp) { return minui; })
      .Default([](Operation *) -> IntBinaryFn { return nullptr; });
}

std::optional<IntCastKind> mlir::uop::sim::getIntCastKind(Operation *op) {
  // trunci keeps the low bits either way; the sign-extending form is the
  // canonical word.
  if (isa<arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>(op))
    return IntCastKind::SignExtendOrTruncate;
  if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op))
    return IntCastKind::ZeroExtendOrTruncate;
  return std::nullopt;
}
