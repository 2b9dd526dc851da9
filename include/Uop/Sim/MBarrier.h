//===- MBarrier.h - mbarrier semantics for uop-sim --------------*- C++ -*-===//
//
// The mbarriers of a block as the PTX ISA defines them (and elect.sync, the
// way one lane of a warp is picked to work on them), shared by the
// handlers of the upstream ops (nvgpu.mbarrier.create / init / arrive /
// arrive.expect_tx / try_wait.parity, lib/Sim/NVGPUOps.cpp) and of the uop
// ops (uop.mbarrier_init / arrive / wait, lib/Sim/Uop/SyncOps.cpp).
//
// A group of mbarriers is one shared buffer of i64 per block; each barrier
// of it has its state in the BlockState (MBarrierState): the phase, the
// arrivals the phase still expects and the transaction bytes pending. An
// arrival (with expect_tx first raising the byte count) completes the phase
// when nothing is left pending. A wait for the phase of parity P returns
// when the barrier's current phase has the other parity (so a wait for
// parity 1 on a fresh barrier returns at once, as on the hardware).
//
// The threads of a block run in lockstep, so a wait is reached by every
// thread that will ever reach it before any runs on: a wait whose phase is
// still incomplete then can never complete, and is a deadlock fault that
// ends the run, naming the barrier, the parity and what is missing. A wait
// reached by the whole block on a barrier that expects one arrival per
// thread of the block orders the block like a barrier (it ends the race
// check's interval); other waits order nothing for the race check.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_MBARRIER_H
#define UOP_SIM_MBARRIER_H

#include "Uop/Sim/Interpreter.h"

namespace mlir::uop::sim::mbarrier {

/// nvgpu.mbarrier.create: binds `result` to the running block's group of
/// `numBarriers` mbarriers made by `op`.
LogicalResult create(Interpreter &I, Operation *op, Value result,
                     int64_t numBarriers);

/// mbarrier.init of barrier `index` of `group` to expect `count` arrivals,
/// by every active lane (where `predicate`, when given, is true).
LogicalResult init(Interpreter &I, Operation *op, Value group, Value index,
                   Value count, Value predicate);

/// Barrier `index` of `group` (a group of the running block) in the block
/// of cluster rank `rank`, when the running block may reach it: initialized,
/// and, in a peer, initialized before an arrival of the peer's that the
/// running block's cluster waits have seen complete. Null otherwise.
MBarrierState *reachableBarrier(Interpreter &I, const Buffer *group,
                                int64_t index, unsigned rank);

/// mbarrier.arrive (after raising the transaction count by `expectTx` bytes
/// when given) by every active lane (where `predicate` is true); with
/// `cta`, on the barrier at the same place in the block of that cluster
/// rank (a remote arrival).
LogicalResult arrive(Interpreter &I, Operation *op, Value group, Value index,
                     Value expectTx, Value predicate, Value cta = Value());

/// mbarrier.try_wait.parity in a loop: every active lane waits for the
/// phase of parity `parity` (an i1) of barrier `index`.
LogicalResult wait(Interpreter &I, Operation *op, Value group, Value index,
                   Value parity);

/// One arrival on barrier `index` of `group` by thread `thread` through
/// `op` (a tcgen05.commit whose operations completed); a misuse (an
/// uninitialized barrier, an arrival the phase does not expect) is
/// reported.
void arriveFrom(Interpreter &I, Operation *op, const Buffer *group,
                int64_t index, uint32_t thread);

/// complete_tx of `bytes` on barrier `index` of `group` by the asynchronous
/// `op` (a TMA load) of thread `thread`, issued while the barrier was in
/// phase `issuedIn`; more bytes than the phase expects once all
/// its arrivals are in, a phase that completed since the issue (without
/// these bytes), or an uninitialized barrier, is reported. While arrivals
/// are pending the count may go below zero (bytes ahead of their
/// expect_tx).
void completeTx(Interpreter &I, Operation *op, const Buffer *group,
                int64_t index, int64_t bytes, uint32_t thread,
                uint64_t issuedIn);

/// elect.sync over the active lanes: `leaders` gets one entry per lane, set
/// for the lowest lane of every warp whose lanes are all active. A warp
/// only partly active is a partial warp fault (elect.sync names the whole
/// warp) and elects nobody.
LogicalResult electLeaders(Interpreter &I, Operation *op,
                           std::vector<uint8_t> &leaders);

} // namespace mlir::uop::sim::mbarrier

#endif // UOP_SIM_MBARRIER_H
