//===- TensorMemory.h - tcgen05 and tensor memory for uop-sim ---*- C++ -*-===//
//
// The fifth-generation tensor core as the PTX ISA defines it, for the uop
// ops of the tcgen05 family (lib/Sim/Uop/Tcgen05Ops.cpp):
//
// - Tensor memory per block (TMemState): 128 lanes x 512 columns of 32
//   bits. Allocations are warp-collective, a power of two of columns placed
//   first-fit at a multiple of their size; the address (lane 0, first
//   column) is written to a shared word. A leak at the block's end, a double
//   free, a free of what is not an allocation, an access outside an
//   allocation or outside the warp's 32 lanes, and an allocation after the
//   permit was relinquished are `tensor memory misuse` faults.
// - tcgen05.mma is asynchronous. Issuing it records the instruction with
//   its encoded operands (the shared-memory descriptors and the
//   instruction descriptor of Tcgen05.h) and registers its reads of the
//   shared tiles: a read by the issuing thread now (a write by another
//   thread in the same barrier interval is a race: the copy was not
//   published), and "read in flight" until it completes (a write is a
//   race). tcgen05.commit hands the thread's uncommitted MMAs to an
//   mbarrier. The MMAs complete, and the barrier receives its arrival, as
//   late as the program allows: when a wait on that barrier could not
//   otherwise return, or at the end of the block. A program that reads the
//   accumulator or reuses a tile without waiting for the right phase is
//   thus caught here, where on the GPU it would only be wrong sometimes.
// - Executing an MMA decodes its descriptors as the hardware does: start
//   address, 8-row group stride, swizzle mode (none or 128-byte, whose
//   XOR of address bits [4, 7) with bits [7, 10) is applied to shared
//   addresses, so a tile not aligned as it assumes is read wrongly), and the
//   instruction descriptor's formats and shape. Products of f16 or bf16 are
//   exact in f32 and are summed in k order into the f32 accumulator.
// - An M = 64 MMA writes the ISA's layout F: row r in lane
//   32 (r / 16) + r mod 16, the lower half of each sub-partition.
// - tcgen05.ld gives each lane of a warp one TMEM lane's columns (shape
//   32x32b), or 16 lanes read twice, the second time H columns further
//   (16x32bx2); its result may be used only after tcgen05.wait::ld.
// - Ordering between threads: a tcgen05 operation on an allocation that
//   depends on another thread's (alloc, MMA, ld, dealloc; one of the two
//   writing) through a thread synchronization needs the ISA's fences
//   around it: tcgen05.fence::before_thread_sync (or a commit) by the
//   earlier thread before it synchronizes, after_thread_sync by the later
//   thread after. A missing one is a `tcgen05 fence missing` fault.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_TENSORMEMORY_H
#define UOP_SIM_TENSORMEMORY_H

#include "Uop/Sim/Interpreter.h"

namespace mlir::uop::sim::tmem {

/// tcgen05.alloc of `columns` by every active warp (whole warps only),
/// writing each allocation's address to `slot[indices]`.
LogicalResult alloc(Interpreter &I, Operation *op, Value slot,
                    ValueRange indices, int64_t columns);

/// tcgen05.dealloc of `columns` at `address` by every active warp.
LogicalResult dealloc(Interpreter &I, Operation *op, Value address,
                      int64_t columns);

/// tcgen05.relinquish_alloc_permit.
LogicalResult relinquish(Interpreter &I, Operation *op);

/// Issues, for the one active thread, the tcgen05.mma instructions of
/// uop.tcgen05_mma: one per k16 slice of the 128-byte-swizzled tiles `a`
/// (M x K, K-major or with `mMajorA` M-major) and `b` (N x K, K-major or
/// with `nMajorB` N-major) into the accumulator at `address`.
LogicalResult mma(Interpreter &I, Operation *op, Value address, Value a,
                  Value b, Value accumulate, bool nMajorB, bool mMajorA);

/// tcgen05.commit of each active thread's uncommitted MMAs to barrier
/// `index` of `group`.
LogicalResult commit(Interpreter &I, Operation *op, Value group, Value index);

/// tcgen05.ld.32x32b.xN, or with `halfSplit` 16x32bx2.xN, by every active
/// warp into `result` (vector<N x f32>).
LogicalResult load(Interpreter &I, Operation *op, Value address,
                   Value result, std::optional<uint32_t> halfSplit);

/// tcgen05.wait::ld: releases the active threads' loads.
LogicalResult waitLoad(Interpreter &I, Operation *op);

/// Completes, oldest first, the block's commits to barrier `index` of
/// `group` until `done` returns true or none is left: their MMAs execute
/// and the barrier receives their arrivals. Returns whether any completed.
bool completeCommits(Interpreter &I, const Buffer *group, int64_t index,
                     llvm::function_ref<bool()> done);

/// Reports a use at `op` of a tcgen05.ld result before its wait.
void checkPendingLoads(Interpreter &I, Operation *op);

/// Records that `thread` synchronized (passed a block barrier, returned
/// from an mbarrier wait): the point tcgen05 fences pair around.
void noteSync(Interpreter &I, uint32_t thread);

/// tcgen05.fence::before_thread_sync (`after` false) or
/// after_thread_sync by every active thread.
LogicalResult fence(Interpreter &I, Operation *op, bool after);

/// The block is ending: completes what is in flight and reports
/// allocations never freed.
void endBlock(Interpreter &I, Operation *launch);

} // namespace mlir::uop::sim::tmem

#endif // UOP_SIM_TENSORMEMORY_H
