//===- Tma.h - TMA bulk tensor loads for uop-sim ----------------*- C++ -*-===//
//
// The tensor memory accelerator's tiled load (cp.async.bulk.tensor, global
// to shared, completing on an mbarrier with complete_tx) and tiled store
// (shared to global, waited for by bulk async-group) as the PTX ISA
// defines them, for uop.tma_load (lib/Sim/Uop/AsyncCopyOps.cpp) and
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
// - Multicast (a cluster launch): the load writes the same box to the same
//   tile of every block of the cluster its 16-bit mask names (bit r: the
//   block of rank r), and each block's copy completes on the mbarrier at
//   the same place in that block, counting the whole box there. A mask
//   naming a block outside the cluster or one that has exited, and a
//   destination barrier not yet initialized (no cluster barrier between
//   the peer's initialization and the load), are faults. In a peer's race
//   reports the issuing thread is "(x, y, z) of the cluster's block of
//   rank r".
//
// The tiled store (cp.async.bulk.tensor, shared to global, bulk_group
// completion; uop.tma_store, nvgpu.tma.async.store):
//
// - Issue: the box elements inside the tensor are read from the tile now,
//   through the async proxy, from where a load with the same swizzle
//   writes them (their writers must have executed fence.proxy.async since
//   writing: otherwise a RAW race across proxies), and written to the
//   tensor now; the others are neither read nor written. A tile not
//   128-byte aligned is a misaligned fault.
// - In flight: the tile is read until a cp.async.bulk.wait_group.read of
//   the issuing thread has waited for the store's group (RaceTracker's
//   asynchronous reads): a write by any thread before is a race naming the
//   store. The wait then counts as the issuer's read of the tile, so other
//   threads may write it only after a synchronization that follows it.
// - A store still reading when its block ends is a `TMA store not waited`
//   fault: the kernel exits while the copy reads its shared memory.
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
/// `index` of `group`, with a swizzle of `swizzle` bytes (0: none); with
/// `multicast` (an i16 mask of cluster ranks), into every block it names.
LogicalResult load(Interpreter &I, Operation *op, Value source,
                   ValueRange coordinates, bool innermostFirst, Value dest,
                   Value group, Value index, int64_t swizzle,
                   Value predicate, Value multicast = Value());

/// Issues, for every active lane (where `predicate` is true, when given),
/// the TMA store of the shared tile `source` into the box of the global
/// tensor `dest` at `coordinates`, with a swizzle of `swizzle` bytes; with
/// `commit` the store is its own bulk async-group at once (uop.tma_store),
/// otherwise the thread's next commit takes it (nvgpu.tma.async.store).
LogicalResult store(Interpreter &I, Operation *op, Value source, Value dest,
                    ValueRange coordinates, bool innermostFirst,
                    int64_t swizzle, bool commit, Value predicate);

/// cp.async.bulk.commit_group for every active lane: the thread's
/// uncommitted stores become one group.
void commitStores(Interpreter &I);

/// cp.async.bulk.wait_group.read `pending` for every active lane: the
/// stores of the thread's groups but the `pending` most recent ones finish
/// reading their tiles.
void waitStores(Interpreter &I, int64_t pending);

/// Completes, oldest first, the block's loads on barrier `index` of
/// `group` until `done` returns true or none is left. Returns whether any
/// completed.
bool completeLoads(Interpreter &I, const Buffer *group, int64_t index,
                   llvm::function_ref<bool()> done);

/// The block is ending: reports and completes the loads still in flight
/// and the stores still reading shared memory.
void endBlock(Interpreter &I);

} // namespace mlir::uop::sim::tma

#endif // UOP_SIM_TMA_H
