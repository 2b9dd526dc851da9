//===- UopSyncOps.td - uop sync ops -------------------------*- tablegen -*-===//
//
// Synchronization below the block barrier: mbarriers (init, arrive, arrive
// with expect_tx, wait on an explicit phase), uop.elect (a region run by
// exactly one lane of a warp) and the fences the tensor-core ISA requires.
//
// uop.elect runs its region on one lane per warp (elect.sync).
//
// The mbarriers are those of upstream nvgpu: a group of N 64-bit barrier
// objects in shared memory, `!nvgpu.mbarrier.group<memorySpace =
// #gpu.address_space<workgroup>, num_barriers = N>`, made by
// `nvgpu.mbarrier.create`; the uop ops add what the ISA requires and the
// verifier can check (arrival counts and transaction counts in range, a
// barrier index inside the group, the phase a wait is for given
// explicitly) and lower one to one to nvgpu (convert-uop-to-nvgpu).
// Verifiers in lib/Dialect/Uop/IR/SyncOps.cpp; semantics in
// lib/Sim/Uop/SyncOps.cpp (docs/sim.md, mbarriers).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPSYNCOPS_TD
#define UOP_DIALECT_UOP_IR_UOPSYNCOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopDialect.td"
include "Uop/Dialect/Uop/IR/UopTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"

/// A group of mbarriers in shared memory (upstream nvgpu's type).
def Uop_MBarrierGroup : Type<
    CPred<"::llvm::isa<::mlir::nvgpu::MBarrierGroupType>($_self)">,
    "a !nvgpu.mbarrier.group", "::mlir::nvgpu::MBarrierGroupType">;

//===----------------------------------------------------------------------===//
// MBarrierInitOp
//===----------------------------------------------------------------------===//

def Uop_MBarrierInitOp : Uop_Op<"mbarrier_init", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "initializes an mbarrier to expect `count` arrivals per phase "
                "(mbarrier.init.shared.b64)";
  let description = [{
    Sets barrier `index` of the group to phase 0 with `count` pending
    arrivals (1 to 2^20 - 1) and a transaction count of zero. A phase
    completes when every expected arrival has happened and the transaction
    count is back to zero; the barrier then moves to the next phase with
    `count` arrivals pending again.

    One thread initializes a barrier (the others skip it with
    `scf.if`); a `uop.barrier` after the initialization makes it visible to
    the block before any thread arrives or waits. Lowers to
    `nvgpu.mbarrier.init`.

    ```mlir
    uop.mbarrier_init %bars[%c0], %c128 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Uop_MBarrierGroup:$barriers, Index:$index,
                       Index:$count);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $count attr-dict `:` type($barriers)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// MBarrierArriveOp
//===----------------------------------------------------------------------===//

def Uop_MBarrierArriveOp : Uop_Op<"mbarrier_arrive", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "one thread's arrival on an mbarrier, optionally announcing "
                "bytes of asynchronous transactions (mbarrier.arrive"
                "[.expect_tx])";
  let description = [{
    Each thread that executes it arrives once on barrier `index` of the
    current phase. With `expect_tx`, the thread first raises the barrier's
    transaction count by that many bytes, which asynchronous copies
    (TMA loads) bring back down as their bytes land; the phase cannot
    complete before they have. The transaction count is at most 2^20 - 1.

    Arriving more often than the phase expects is undefined in the ISA and
    a fault in uop-sim. Lowers to `nvgpu.mbarrier.arrive` (whose token is
    dropped) or `nvgpu.mbarrier.arrive.expect_tx`.

    With `cta`, the thread arrives on the barrier at the same place in the
    block of that cluster rank instead (a remote arrival through the
    cluster's shared memory window, with release semantics at cluster
    scope): the consumers of a tile that a peer multicast into their block
    tell that peer the stage is free. The rank must name a block of the
    cluster that has not exited, and its barrier must be initialized (a
    `uop.cluster_barrier` orders the initialization first); uop-sim reports
    either as a fault. Lowers to `nvvm.mapa` and `nvvm.mbarrier.arrive`
    (or `.expect_tx`) on the `shared::cluster` address at cluster scope;
    it needs sm_90 or newer.

    ```mlir
    uop.mbarrier_arrive %bars[%i] : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    uop.mbarrier_arrive %bars[%i] expect_tx %bytes : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    uop.mbarrier_arrive %bars[%i] cta %peer : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Uop_MBarrierGroup:$barriers, Index:$index,
                       Optional<Index>:$expect_tx, Optional<Index>:$cta);
  let assemblyFormat = [{
    $barriers `[` $index `]` (`expect_tx` $expect_tx^)? (`cta` $cta^)?
    attr-dict `:` type($barriers)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// MBarrierWaitOp
//===----------------------------------------------------------------------===//

def Uop_MBarrierWaitOp : Uop_Op<"mbarrier_wait", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "waits until the phase of parity `phase` of an mbarrier has "
                "completed (mbarrier.try_wait.parity in a loop)";
  let description = [{
    Blocks the thread until the barrier's phase whose parity is `phase`
    (0 for phases 0, 2, 4, ...; 1 for 1, 3, ...) has completed, i.e. until
    the barrier's current phase has the other parity. The caller tracks the
    parity: a loop that waits once per phase flips it after every wait.
    Waiting again on a parity whose phase completed long ago returns at
    once, which is the classic pipelining bug: the wait no longer orders
    anything (uop-sim then reports the data it should have protected as
    read in flight).

    Lowers to `nvgpu.mbarrier.try_wait.parity`, a loop around
    `mbarrier.try_wait.parity.shared.b64`.

    ```mlir
    uop.mbarrier_wait %bars[%i], %phase : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Uop_MBarrierGroup:$barriers, Index:$index,
                       I1:$phase);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $phase attr-dict `:` type($barriers)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ElectOp
//===----------------------------------------------------------------------===//

def Uop_ElectOp : Uop_Op<"elect", [NoTerminator, SingleBlock,
                                  RecursiveMemoryEffects]> {
  let summary = "a region run by exactly one lane of each warp (elect.sync)";
  let description = [{
    Every warp that reaches the op elects one of its lanes, which runs the
    body; the other lanes skip it. It is how one thread issues what must be
    issued once (a TMA load, a tensor-core instruction of tcgen05, an
    mbarrier initialization) without naming a thread id: `elect.sync`
    picks the leader among the active lanes.

    The whole warp must reach the op together (`elect.sync` with a full
    member mask); in uop-sim a warp with some lanes inactive is a partial
    warp fault. Lowers to `nvvm.elect.sync` and an `scf.if` on its
    predicate.

    The body holds nothing that a whole warp, warpgroup or block executes
    together (barriers, tile copies, ldmatrix / mma.sync / wmma, the
    wgmma ops, setmaxnreg, tensor-memory allocation and tcgen05.ld, another
    uop.elect): the verifier rejects such an op there.

    ```mlir
    uop.elect {
      uop.mbarrier_arrive %bars[%c0] expect_tx %bytes : !bars
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
  let hasVerifier = 1;
}

#endif // UOP_DIALECT_UOP_IR_UOPSYNCOPS_TD
