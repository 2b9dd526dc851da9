//===- Wgmma.h - the warpgroup MMA of sm_90a for uop-sim --------*- C++ -*-===//
//
// wgmma.mma_async as the PTX ISA defines it, for the uop ops of the wgmma
// family (lib/Sim/Uop/WgmmaOps.cpp):
//
// - It is warpgroup-collective: the active threads must be whole
//   warpgroups (four consecutive warps, the first a multiple of four) that
//   give the same tiles; anything else is a `wgmma misuse`.
// - Each thread needs a wgmma.fence before its first MMA and before the
//   first after each of its wait_groups (where it reads results).
// - Issuing the MMA executes the K / 16 instructions of the lowering, each
//   from the encoded shared-memory descriptors of Wgmma.h decoded as the
//   hardware reads them (start address, 8-row group stride, for an M-major
//   A or N-major B the stride of its 64-column blocks, which the
//   instruction's transpose bits select, the 128-byte swizzle's XOR of
//   address bits [4, 7) with bits [7, 10), so a tile not 1024-byte aligned
//   is read wrongly), products of f16 / bf16 exact in f32, summed in k
//   order onto C; the accumulator is placed in the threads'
//   registers by the ISA's fragment figure (modelled here on its own, not
//   through uop-tile's map).
// - The MMA is asynchronous: its reads of the tiles are in flight (a write
//   to them is a race) and its result may not be used (except as C of the
//   next MMA) until a wait_group of the thread completes its group
//   (wgmma.commit_group closes a thread's uncommitted MMAs into a group;
//   wait_group N completes all but the N most recent groups).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_WGMMA_H
#define UOP_SIM_WGMMA_H

#include "Uop/Sim/Interpreter.h"

namespace mlir::uop::sim::wgmma {

/// wgmma.fence by the active threads.
LogicalResult fence(Interpreter &I, Operation *op);

/// Issues uop.wgmma_mma for every active warpgroup: `result` (vector<N/2 x
/// f32> per thread) = A (64 x K, tile `a`, read M-major with `mMajorA`) *
/// B^T (N x K, tile `b`, read N-major with `nMajorB`) + `c`.
LogicalResult mma(Interpreter &I, Operation *op, Value a, Value b, Value c,
                  Value result, bool nMajorB, bool mMajorA);

/// wgmma.commit_group by the active threads.
LogicalResult commitGroup(Interpreter &I, Operation *op);

/// wgmma.wait_group `pending` by the active threads.
LogicalResult waitGroup(Interpreter &I, Operation *op, int64_t pending);

/// setmaxnreg (`increase` or decrease to `count` registers per thread) by
/// the active threads: whole warpgroups, moving their budget the way the
/// action says.
LogicalResult setMaxNReg(Interpreter &I, Operation *op, bool increase,
                         int64_t count);

/// Reports a use at `op` of a wgmma result before its wait_group.
void checkPendingResults(Interpreter &I, Operation *op);

/// The block is ending: the MMAs in flight complete.
void endBlock(Interpreter &I);

} // namespace mlir::uop::sim::wgmma

#endif // UOP_SIM_WGMMA_H
