//===- UopTcgen05Ops.td - uop tcgen05 and tensor-memory ops -*- tablegen -*-===//
//
// The fifth-generation tensor core of sm_100a: tensor memory (TMEM), the
// per-CTA accumulator store of 128 lanes x 512 columns of 32 bits, its
// allocation, and the asynchronous tcgen05.mma that multiplies two tiles of
// shared memory into it, completed through an mbarrier (tcgen05.commit) and
// read back into registers (tcgen05.ld and its wait).
//
// The ops hide the encodings the ISA asks for: the shared-memory matrix
// descriptors and the instruction descriptor are derived from the operand
// types (Tcgen05.h), never written by hand. They stay uop ops through the
// nvgpu stage (nvgpu has no tcgen05 ops; uop-sim runs them there) and are
// lowered to NVVM's tcgen05 ops in the llvm stage by convert-uop-to-nvvm.
// Verifiers in lib/Dialect/Uop/IR/Tcgen05Ops.cpp; semantics in
// lib/Sim/Uop/Tcgen05Ops.cpp and lib/Sim/TensorMemory.cpp (docs/sim.md).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPTCGEN05OPS_TD
#define UOP_DIALECT_UOP_IR_UOPTCGEN05OPS_TD

include "Uop/Dialect/Uop/IR/UopDialect.td"
include "Uop/Dialect/Uop/IR/UopSyncOps.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// TMemAllocOp
//===----------------------------------------------------------------------===//

def Uop_TMemAllocOp : Uop_Op<"tmem_alloc", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "allocates columns of tensor memory, writing their address "
                "to shared memory (tcgen05.alloc.cta_group::1)";
  let description = [{
    A warp-collective allocation of `columns` columns (a power of two from
    32 to 512) of the CTA's tensor memory, all 128 lanes of each. The whole
    warp executes it together, and one warp allocates (wrap it in an
    `scf.if` on the warp index): every warp that executes it allocates
    again. The 32-bit address of the allocation, lane 0 in its upper 16
    bits and the first column in its lower 16, is written to the shared
    word `slot[indices]`; the block reads it from there after a barrier.

    Allocation blocks while the columns are taken (by this CTA or another
    on the same SM); uop-sim, which runs one CTA at a time, reports a
    request that cannot be met as a deadlock. Every allocation must be
    freed with `uop.tmem_dealloc` before the kernel exits. Lowers to
    `nvvm.tcgen05.alloc`.

    ```mlir
    uop.tmem_alloc %slot[%c0] {columns = 128 : i32} : memref<1xi32, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the shared word that receives the address",
        [MemWrite<DefaultResource>]>:$slot,
    Variadic<Index>:$indices,
    I32Attr:$columns);
  let assemblyFormat = [{
    $slot `[` $indices `]` attr-dict `:` type($slot)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMemDeallocOp
//===----------------------------------------------------------------------===//

def Uop_TMemDeallocOp : Uop_Op<"tmem_dealloc", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "frees tensor memory allocated by uop.tmem_alloc "
                "(tcgen05.dealloc.cta_group::1)";
  let description = [{
    A warp-collective release of the `columns` columns at `address`, which
    must be exactly an allocation of `uop.tmem_alloc` (same address, same
    column count) that is still live and that no tensor-core operation
    still writes. uop-sim reports a double free, a free of what was never
    allocated, a wrong column count and a free before the last MMA into
    the columns completed. Lowers to `nvvm.tcgen05.dealloc`.

    ```mlir
    uop.tmem_dealloc %taddr {columns = 128 : i32}
    ```
  }];
  let arguments = (ins I32:$address, I32Attr:$columns);
  let assemblyFormat = "$address attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMemRelinquishAllocPermitOp
//===----------------------------------------------------------------------===//

def Uop_TMemRelinquishAllocPermitOp : Uop_Op<"tmem_relinquish_alloc_permit", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "gives up the CTA's right to allocate tensor memory "
                "(tcgen05.relinquish_alloc_permit.cta_group::1)";
  let description = [{
    After it, no warp of the CTA may execute `uop.tmem_alloc` (uop-sim
    reports one that does); it lets a CTA waiting for columns on the same
    SM proceed sooner. Warp-collective. Lowers to
    `nvvm.tcgen05.relinquish_alloc_permit`.

    ```mlir
    uop.tmem_relinquish_alloc_permit
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tcgen05MmaOp
//===----------------------------------------------------------------------===//

def Uop_Tcgen05MmaOp : Uop_Op<"tcgen05_mma", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "asynchronous tensor-core multiply of two shared tiles into "
                "tensor memory (tcgen05.mma.cta_group::1.kind::f16)";
  let description = [{
    `D = A * B^T + (accumulate ? D : 0)`, where `A` is an `M x K` tile and
    `B` an `N x K` tile in shared memory, both K-major (a row holds the K
    elements of one row of A, or of one column of the product for B), and
    `D` is the `M x N` f32 accumulator in tensor memory at `address`, in
    the ISA's data-path layout for the shape: with M = 128 (layout D),
    element `D[m][n]` is lane `m` and column `n` (both plus the address's);
    with M = 64 (layout F, half the data path) row `m` is lane
    `32 (m / 16) + m mod 16`: rows 16 w to 16 w + 15 in the lower 16 lanes
    of warp w's sub-partition, which `uop.tcgen05_ld ... half_split` reads
    back with all 32 threads of the warp.

    Shapes (kind::f16, cta_group::1): A and B are f16 or bf16, the same
    type; M = 128 with N a multiple of 16 from 16 to 256, or M = 64 with N
    a multiple of 8 from 8 to 256; K = 64, so that a row
    is the 128 bytes of one 128-byte swizzle atom. Both tiles are stored
    with the 128-byte swizzle the hardware reads: the 16-byte chunk `c` of
    row `r` lives at chunk `c xor (r mod 8)` of that row, which is the
    layout `#uop.shared_layout<swizzle = 8, unit = 8>` that `uop.copy`
    writes; the swizzle is computed on shared addresses, so each tile must
    start 1024-byte aligned (`uop.alloc_shared {alignment = 1024}`).

    With `b_n_major` (the instruction descriptor's transpose-B bit) `B` is
    N-major instead, the form TMA loads from a GEMM storing `B` as `K x N`:
    N / 64 blocks of K rows, each row the 64 consecutive columns of one k,
    block `j` in rows `64 j .. 64 j + 63` of the same `N x 64` tile type;
    N is then a multiple of 64. With `a_m_major` (the transpose-A bit) `A`
    is M-major alike, from a GEMM storing `A` as `K x M`.

    The op is issued by exactly one thread (usually inside `uop.elect` in
    one warp): it is one command to the tensor core, and each thread that
    executes it issues the whole multiply again. It is asynchronous: it
    completes after a later `uop.tcgen05_commit` of the same thread, whose
    mbarrier phase then completes; until then the tiles must not be
    written and the accumulator columns not read (uop-sim faults on both).

    Lowers to K / 16 `nvvm.tcgen05.mma` instructions (the first with
    `accumulate`, the rest accumulating), each on shared-memory descriptors
    of its k16 slice (start address advanced 32 bytes per slice, stride
    1024 bytes between 8-row groups, 128-byte swizzle; an N-major `B`
    advances 2048 bytes a slice, 8192 between its blocks of 64 columns)
    and the instruction descriptor of the types, shape and majorness.

    ```mlir
    uop.tcgen05_mma %taddr, %sA, %sB, %accumulate
        : memref<128x64xf16, #gpu.address_space<workgroup>>,
          memref<128x64xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    I32:$address,
    Arg<AnyMemRef, "the M x K tile", [MemRead<DefaultResource>]>:$a,
    Arg<AnyMemRef, "the N x K operand, K-major or N-major",
        [MemRead<DefaultResource>]>:$b,
    I1:$accumulate,
    UnitAttr:$b_n_major,
    UnitAttr:$a_m_major);
  let assemblyFormat = [{
    $address `,` $a `,` $b `,` $accumulate (`a_m_major` $a_m_major^)?
    (`b_n_major` $b_n_major^)? attr-dict `:` type($a) `,` type($b)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getAType() {
      return ::llvm::cast<::mlir::MemRefType>(getA().getType());
    }
    ::mlir::MemRefType getBType() {
      return ::llvm::cast<::mlir::MemRefType>(getB().getType());
    }
    int64_t getM() { return getAType().getDimSize(0); }
    int64_t getN() { return getBType().getDimSize(0); }
    int64_t getK() { return getAType().getDimSize(1); }
  }];
}

//===----------------------------------------------------------------------===//
// Tcgen05CommitOp
//===----------------------------------------------------------------------===//

def Uop_Tcgen05CommitOp : Uop_Op<"tcgen05_commit", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "arrives on an mbarrier once the thread's tensor-core "
                "operations complete (tcgen05.commit.cta_group::1."
                "mbarrier::arrive::one)";
  let description = [{
    Makes barrier `index` of the group track the completion of every
    `uop.tcgen05_mma` the executing thread has issued and not yet
    committed: when they have all completed, the barrier receives one
    arrival. Waiting on the barrier's phase (`uop.mbarrier_wait`) is how
    every thread learns that the accumulator is ready and the tiles free.
    Executed by the thread that issued the MMAs. Lowers to
    `nvvm.tcgen05.commit` on the barrier's shared address.

    ```mlir
    uop.tcgen05_commit %bars[%c0] : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Uop_MBarrierGroup:$barriers, Index:$index);
  let assemblyFormat = [{
    $barriers `[` $index `]` attr-dict `:` type($barriers)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tcgen05LdOp
//===----------------------------------------------------------------------===//

def Uop_Tcgen05LdOp : Uop_Op<"tcgen05_ld", [
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "warp-collective load of tensor-memory columns into "
                "registers (tcgen05.ld.sync.aligned.32x32b / 16x32bx2 .xN.b32)";
  let description = [{
    Shape 32x32b (no `half_split`): lane `l` of the warp reads tensor-memory
    lane `lane(address) + l`, columns `column(address)` to
    `column(address) + N - 1`, into the `N` elements of its result (`N` a
    power of two up to 128; the 32-bit words are taken as f32, the
    accumulator's type).

    Shape 16x32bx2 (`half_split H`): the warp reads 16 tensor-memory lanes
    twice. Lane `l` reads lane `lane(address) + l mod 16`, columns from
    `column(address)` for `l < 16` and from `column(address) + H` for
    `l >= 16` (H from 1 to 511). This is how a warp reads the 16 rows an
    M = 64 tcgen05.mma leaves in its sub-partition with all its threads.

    A warp may only reach the 32 lanes of its sub-partition: warp `w` reads
    lanes `32 (w mod 4)` to `32 (w mod 4) + 31`, so `lane(address)` must
    be `32 (w mod 4)` (or, with `half_split`, that plus 16).

    The load is asynchronous: its result may be used only after
    `uop.tcgen05_wait_ld` (uop-sim faults on a use before it, and on a
    read of columns a tensor-core MMA has not finished writing). Lowers to
    `nvvm.tcgen05.ld` with shape 32x32b (or 16x32bx2 and the immediate
    offset H) and a bitcast to f32.

    ```mlir
    %row = uop.tcgen05_ld %addr : vector<64xf32>
    %half = uop.tcgen05_ld %addr half_split 32 : vector<32xf32>
    uop.tcgen05_wait_ld
    ```
  }];
  let arguments = (ins I32:$address, OptionalAttr<I32Attr>:$half_split);
  let results = (outs VectorOfRankAndType<[1], [F32]>:$result);
  let assemblyFormat = [{
    $address (`half_split` $half_split^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tcgen05WaitLdOp
//===----------------------------------------------------------------------===//

def Uop_Tcgen05WaitLdOp : Uop_Op<"tcgen05_wait_ld", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "waits for the thread's tcgen05.ld loads "
                "(tcgen05.wait::ld.sync.aligned)";
  let description = [{
    Blocks until every `uop.tcgen05_ld` the thread issued has delivered its
    registers; only then may their results be used. Lowers to
    `nvvm.tcgen05.wait <load>`.
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tcgen05FenceOp
//===----------------------------------------------------------------------===//

def Uop_Tcgen05FenceOp : Uop_Op<"tcgen05_fence", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "orders tcgen05 operations around a thread synchronization "
                "(tcgen05.fence::before_thread_sync / after_thread_sync)";
  let description = [{
    tcgen05 operations are not ordered by barriers on their own: a thread
    that hands tensor-memory work to another thread through a barrier or an
    mbarrier executes the fence with `before` ahead of the synchronization,
    and the receiving thread the fence with `after` behind it (the
    allocation's address read by the MMA warp, the accumulator read after
    the MMA's barrier). `tcgen05_commit` implies the `before` fence.

    uop-sim checks the pairing wherever one thread's tcgen05 operation on
    an allocation (alloc, MMA, ld, dealloc) depends on another's: between
    the earlier operation and the synchronization that orders them, its
    thread must execute `before` (or commit), and between that
    synchronization and the later operation, the later thread `after`;
    a missing fence is a `tcgen05 fence missing` fault naming both
    operations. Lowers to `nvvm.tcgen05.fence`.

    ```mlir
    uop.tcgen05_fence before
    uop.barrier
    uop.tcgen05_fence after
    ```
  }];
  let arguments = (ins UnitAttr:$after);
  let assemblyFormat = "(`after` $after^) : (`before`)? attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// FenceProxyAsyncOp
//===----------------------------------------------------------------------===//

def Uop_FenceProxyAsyncOp : Uop_Op<"fence_proxy_async", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "makes the thread's shared-memory writes visible to the "
                "async proxy (fence.proxy.async.shared::cta)";
  let description = [{
    Ordinary stores to shared memory belong to the generic proxy; the
    tensor core's reads of its operand tiles (tcgen05.mma, wgmma) and TMA
    belong to the async proxy. A thread that wrote a tile the tensor core
    will read executes this fence after its writes and before the barrier
    that publishes them. Lowers to `nvvm.fence.proxy` with kind
    `async.shared` and space `cta`. uop-sim reports a tensor-core read of
    an element whose writer has not executed this fence since writing it
    (a RAW race across proxies).

    ```mlir
    uop.copy %tile, %sA {layout = #uop.shared_layout<swizzle = 8, unit = 8>} : ...
    uop.fence_proxy_async
    uop.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // UOP_DIALECT_UOP_IR_UOPTCGEN05OPS_TD
