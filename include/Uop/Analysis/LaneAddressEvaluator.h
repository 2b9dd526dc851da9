//===- LaneAddressEvaluator.h - the address one lane accesses ---*- C++ -*-===//
//
// Evaluates, for one lane of warp 0 of block 0 at one iteration of each
// enclosing loop, the byte address a shared-memory load or store touches.
// The evaluation is concrete: the thread ids, launch sizes and loop counters
// of the lane are numbers, and the index expression is computed op by op.
// What the arith ops compute comes from the simulator's integer semantics
// (Uop/Sim/IntSemantics.h), so this and uop-sim agree on every address;
// what is particular to the analysis lives here: affine maps, gpu ids,
// induction variables, strided layouts and the reasons an address cannot be
// known (loaded data, kernel arguments, loop-carried values).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_ANALYSIS_LANEADDRESSEVALUATOR_H
#define UOP_ANALYSIS_LANEADDRESSEVALUATOR_H

#include "Uop/Analysis/SharedAccess.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::uop {

/// One lane of warp 0 of block 0, at one iteration of each enclosing loop.
struct LaneContext {
  const KernelInfo *kernel;
  /// The lane id, equal to the linear thread id in warp 0.
  int64_t lane;
  std::array<int64_t, 3> tid;
  /// Threads per warp (what gpu.subgroup_size reads).
  int64_t warpSize;
  /// Iteration number (0-based) of each enumerated loop induction variable;
  /// absent ones are at iteration 0.
  const DenseMap<Value, int64_t> *iterations;
};

/// A strided layout with every entry known, in elements.
struct ConcreteLayout {
  int64_t offset = 0;
  SmallVector<int64_t> strides;
};

/// Evaluates the integer and index values one lane computes, with the thread
/// ids, loop counters and launch sizes of its LaneContext. Values are words
/// of their type's width (at most 64 bits), sign-extended as the simulator
/// keeps them, so narrow and unsigned arithmetic wraps as on the GPU. The
/// first reason evaluation fails is kept.
class LaneEvaluator {
public:
  explicit LaneEvaluator(const LaneContext &ctx) : ctx(ctx) {}

  /// Evaluates an integer or index value, or fails and records why.
  FailureOr<int64_t> evalInt(Value value);
  /// Evaluates a static or dynamic operand of a mixed-operand op.
  FailureOr<int64_t> evalInt(OpFoldResult ofr);

  /// Like evalInt, but a failure leaves no reason behind: used for the
  /// conditions that decide whether a lane is active, which may be unknown.
  std::optional<int64_t> tryEvalInt(Value value);
  std::optional<int64_t> tryEvalInt(OpFoldResult ofr);

  /// Resolves the offset and strides of `memref` (in its elements) for this
  /// lane, looking through views whose layout has dynamic entries.
  FailureOr<ConcreteLayout> resolveLayout(Value memref);

  /// Records `why` as the reason evaluation failed (the first one wins).
  LogicalResult fail(const Twine &why);

  const std::string &getReason() const { return reason; }
  const LaneContext &getContext() const { return ctx; }

private:
  /// Evaluates `value` (not cached): an integer of at most 64 bits.
  FailureOr<int64_t> compute(Value value);
  /// Thread and block ids of a `gpu.launch` body, induction variables.
  FailureOr<int64_t> computeBlockArgument(BlockArgument arg);
  /// The result of an arith, affine or gpu op.
  FailureOr<int64_t> computeResult(OpResult result);
  /// Evaluates a thread, block or lane id or a launch size (gpu dialect or
  /// NVVM special register); nothing when `op` is none of them.
  std::optional<FailureOr<int64_t>> computeGpuId(Operation *op, Type type);
  /// Evaluates an arith op on integers of width `width`.
  FailureOr<int64_t> computeArith(Operation *op, unsigned width);
  /// Evaluates the results of `map` on `operands` and returns the least
  /// (affine.apply, affine.min) or, with `takeMax`, the greatest.
  FailureOr<int64_t> evalAffine(AffineMap map, ValueRange operands,
                                bool takeMax, Type type);
  /// Value of induction variable `iv` of a loop with lower bound `lb` and
  /// step `step` at the iteration recorded for it.
  FailureOr<int64_t> loopValue(Value iv, OpFoldResult lb, OpFoldResult step);
  /// Returns `v` as a word of the width of `type`.
  FailureOr<int64_t> make(Type type, int64_t v);

  const LaneContext &ctx;
  DenseMap<Value, int64_t> cache;
  unsigned depth = 0;
  std::string reason;
};

/// Returns true when the lane of `ev` runs `access` at the iterations of its
/// context. A branch condition or loop bound that cannot be evaluated counts
/// as taken at iteration 0 and as not taken at later iterations, so only
/// iterations that provably exist are reported.
bool isLaneActive(Operation *access, Operation *kernel, LaneEvaluator &ev);

/// Returns the byte address (from the start of the buffer the access views)
/// that the lane of `ev` accesses, or fails with the reason recorded in `ev`.
FailureOr<int64_t> computeLaneByteAddress(const SharedAccessDesc &desc,
                                          LaneEvaluator &ev,
                                          int64_t elementBytes);

} // namespace mlir::uop

#endif // UOP_ANALYSIS_LANEADDRESSEVALUATOR_H
