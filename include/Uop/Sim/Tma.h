//===- Tma.h - TMA bulk tensor loads for uop-sim ----------------*- C++ -*-===//
//
// The tensor memory accelerator's tiled load (cp.async.bulk.tensor, global
// to shared, completing on an mbarrier with complete_tx) as the PTX ISA
// defines it, for uop.tma_load (lib/Sim/Uop/AsyncCopyOps.cpp) and
// upstream's nvgpu.tma.async.load on a descriptor made by
// nvgpu.tma.create.descriptor (lib/Sim/NVGPUOps.cpp):
//
// - Issue: every thread that executes the op issues one copy of the box
//   (the destination tile's shape) at the given coordinates. The source is
//   read now; box elements outside the tensor (past an edge or before it)
//   are zero. The destination is written where the hardware puts each
//   element: the box is packed row after row from the tile's shared
//   address, and with a swizzle of S bytes (32, 64, 128) the 16-byte chunk
//   bits [4, 4 + log2(S/16)) of the address are XORed with bits [7, 7 +
//   log2(S/16)), so a tile not aligned as its reader assumes is read
//   wrongly (never silently fixed). A destination not 128-byte aligned is
//   a misaligned fault.
// - In flight: from issue until it completes, every element of the tile is
//   in flight (RaceTracker): any read or write by any thread is a race
//   naming the load.
// - Completion: as late as the program allows, when a wait on the load's
//   mbarrier could not otherwise return (or at the end of the block):
//   oldest first, the load's values land and it performs complete_tx of
//   the box's bytes on the barrier's current phase. More bytes than the
//   phase expects is an mbarrier misuse (expect_tx too small); too few
//   leave the phase open, a deadlock at the wait. A thread may read the
//   tile only once its own wait has seen that phase complete (or after a
//   block barrier that follows such a wait); a read before is a RAW race
//   naming the load and the mbarrier phase. The tile is written by the
//   async proxy: the tensor core reads it without a proxy fence.
// - A load still in flight when its block ends is an mbarrier misuse: the
//   kernel exits while the copy still writes its shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_TMA_H
#define UOP_SIM_TMA_H

#include "Uop/Sim/Interpreter.h"

namespace mlir::uop::sim::tma {

/// Issues, for every active lane (where `predicate`, when given, is true),
/// the TMA load of the box `dest` (a shared tile) of the global tensor
/// `source` at `coordinates` (outermost first, or innermost first with
/// `innermostFirst` as PTX and nvgpu give them), completing on barrier
/// `index` of `group`, with a swizzle of `swizzle` bytes (0: none).
LogicalResult load(Interpreter &I, Operation *op, Value source,
                   ValueRange coordinates, bool innermostFirst, Value dest,
                   Value group, Value index, int64_t swizzle,
                   Value predicate);

/// Completes, oldest first, the block's loads on barrier `index` of
/// `group` until `done` returns true or none is left. Returns whether any
/// completed.
bool completeLoads(Interpreter &I, const Buffer *group, int64_t index,
                   llvm::function_ref<bool()> done);

/// The block is ending: reports and completes the loads still in flight.
void endBlock(Interpreter &I);

} // namespace mlir::uop::sim::tma

#endif // UOP_SIM_TMA_H
