//===- UopAsyncCopyOps.td - uop async copy ops --------------*- tablegen -*-===//
//
// Asynchronous copies: cp.async (global -> shared, 4, 8 or 16 bytes per
// thread, commit groups, waits; sm_80), TMA bulk tensor loads that
// complete on an mbarrier with a transaction count, and TMA bulk tensor
// stores (shared -> global) waited for by bulk async-group (sm_90a,
// sm_100a). Verifiers in lib/Dialect/Uop/IR/AsyncCopyOps.cpp; the ops
// lower to nvgpu.device_async_copy / create_group / wait,
// nvgpu.tma.async.load and nvgpu.tma.async.store with
// nvvm.cp.async.bulk.commit.group / wait_group (convert-uop-to-nvgpu);
// semantics in lib/Sim/Uop/AsyncCopyOps.cpp and lib/Sim/Tma.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPASYNCCOPYOPS_TD
#define UOP_DIALECT_UOP_IR_UOPASYNCCOPYOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopDialect.td"
include "Uop/Dialect/Uop/IR/UopSyncOps.td"
include "Uop/Dialect/Uop/IR/UopTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// CpAsyncOp
//===----------------------------------------------------------------------===//

def Uop_CpAsyncOp : Uop_Op<"cp_async", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "one thread's asynchronous global -> shared copy (cp.async)";
  let description = [{
    Starts a copy of `elements` consecutive elements (4, 8 or 16 bytes) from
    global memory at `source[src_indices]` to shared memory at
    `dest[dst_indices]`, without waiting for it:
    `cp.async.{ca,cg}.shared.global [dst], [src], bytes[, src_bytes]`. The
    elements are contiguous in the innermost dimension of both memrefs, and
    both addresses must be aligned to the copy's size.

    With `src_elements` (an index, at most `elements`) only that many
    elements are read and the rest of the destination is written with zero;
    `src_elements = 0` reads nothing (the source address need not be valid),
    which is how the edge of a matrix is predicated without a branch.
    `bypass_l1` (`.cg`: cache in L2 only) is allowed for 16-byte copies.

    The copy joins the thread's current group, closed by
    `uop.cp_async_commit`. Its data is not visible to anyone, not even the
    issuing thread, before a `uop.cp_async_wait` completes its group; other
    threads see it after a barrier that follows that wait. It lowers to
    `nvgpu.device_async_copy`.

    ```mlir
    uop.cp_async %A[%r, %c], %sA[%sr, %sc], 8 {bypass_l1}
        : memref<256x512xf16> to memref<128x32xf16, #gpu.address_space<workgroup>>
    uop.cp_async %A[%r, %c], %sA[%sr, %sc], 4, %valid
        : memref<?x?xf32> to memref<128x32xf32, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the shared buffer written", [MemWrite<DefaultResource>]>:$dest,
    Variadic<Index>:$dst_indices,
    Arg<AnyMemRef, "the global buffer read", [MemRead<DefaultResource>]>:$source,
    Variadic<Index>:$src_indices,
    IndexAttr:$elements,
    Optional<Index>:$src_elements,
    UnitAttr:$bypass_l1);
  let assemblyFormat = [{
    $source `[` $src_indices `]` `,` $dest `[` $dst_indices `]` `,` $elements
    (`,` $src_elements^)? attr-dict `:` type($source) `to` type($dest)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getSourceType() {
      return ::llvm::cast<::mlir::MemRefType>(getSource().getType());
    }
    ::mlir::MemRefType getDestType() {
      return ::llvm::cast<::mlir::MemRefType>(getDest().getType());
    }
    /// Number of elements copied (the `elements` attribute).
    int64_t getNumElements() { return getElements().getSExtValue(); }
  }];
}

//===----------------------------------------------------------------------===//
// CpAsyncCommitOp
//===----------------------------------------------------------------------===//

def Uop_CpAsyncCommitOp : Uop_Op<"cp_async_commit", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "closes the thread's current group of cp.async copies "
                "(cp.async.commit_group)";
  let description = [{
    Every `uop.cp_async` the thread issued since its previous commit (none
    is fine: the group is then empty) forms one group, the thread's most
    recent. Groups complete in the order they are committed. The op is per
    thread, not a barrier. Lowers to `nvgpu.device_async_create_group`.

    ```mlir
    uop.cp_async_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// CpAsyncWaitOp
//===----------------------------------------------------------------------===//

def Uop_CpAsyncWaitOp : Uop_Op<"cp_async_wait", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "waits until at most `pending` of the thread's cp.async groups "
                "are in flight (cp.async.wait_group)";
  let description = [{
    Blocks the thread until every committed group but the `pending` most
    recent ones has completed: `cp.async.wait_group pending`. With
    `pending = 0` all of the thread's committed copies are done. A completed
    copy's data is visible to the issuing thread after the wait, and to the
    other threads of the block after a `uop.barrier` that follows the wait
    in each thread. Copies not yet committed are not waited for. Lowers to
    `nvgpu.device_async_wait` {numGroups = pending}.

    A multi-stage pipeline keeps `stages - 1` groups in flight and, before
    computing on the oldest, waits with `pending = stages - 2`:

    ```mlir
    uop.cp_async_wait {pending = 1 : i32}
    uop.barrier
    ```
  }];
  let arguments = (ins I32Attr:$pending);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TmaLoadOp
//===----------------------------------------------------------------------===//

def Uop_TmaLoadOp : Uop_Op<"tma_load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "asynchronous TMA load of a box of a global tensor into a "
                "shared tile, completing on an mbarrier "
                "(cp.async.bulk.tensor ... .mbarrier::complete_tx::bytes)";
  let description = [{
    Starts a copy, by the tensor memory accelerator, of the box of `source`
    whose first element is `source[coordinates]` (outermost dimension
    first, as memref indices) and whose shape is the shape of `dest`, the
    whole shared tile, after as many outer 1s as `source` has more
    dimensions (a matrix of a batch: `source` 3-D, `dest` 2-D, the box
    1 x rows x columns). Elements of the box outside `source` (at or past an
    edge, or before it: coordinates are signed) are written as zero, so
    edge tiles need no predication. The op is one command: every thread
    that executes it issues the whole copy (usually one elected thread
    does).

    The copy is asynchronous. When its bytes have landed it performs a
    complete_tx of the box's byte count (all of the box, the zero-filled
    part included) on mbarrier `index` of `barriers`, whose current phase
    must have been raised by as many bytes with `uop.mbarrier_arrive ...
    expect_tx`. Until a wait on that phase has returned in a thread, the
    thread must neither read nor write the tile (uop-sim reports either as
    a race naming the load). The tile is written through the async proxy:
    the tensor core may read it after the wait without a proxy fence.

    `swizzle` (0, 32, 64 or 128 bytes) is the tensor map's swizzle mode:
    with it, the 16-byte chunk `c` of each row lands at chunk `c xor ((a /
    128) mod (swizzle / 16))` of its row, `a` being the row's shared
    address, which is the layout `uop.tcgen05_mma` reads for 128. With a
    swizzle the innermost box dimension must be exactly `swizzle` bytes.
    The tile must be 128-byte aligned (1024 for the 128-byte swizzle, whose
    pattern repeats every 1024 bytes; uop-sim checks the address).

    Limits (the tensor map's): rank 1 to 5 (the tile's at most the
    source's); every box dimension 1 to 256;
    the innermost box dimension a multiple of 16 bytes; f16, bf16 or f32
    elements; a source contiguous in its innermost dimension with the other
    strides multiples of 16 bytes.

    With `multicast`, an i16 mask of cluster ranks (bit r: the block of
    rank r of the thread-block cluster), the one copy writes the same box
    to the same tile of every block the mask names, and performs each
    block's complete_tx on the mbarrier at the same place in that block.
    Each of those barriers must expect the bytes, and be initialized before
    the load is issued (a `uop.cluster_barrier` after the initialization
    orders it); a mask naming a block outside the cluster, or one that has
    exited, is a fault in uop-sim. Blocks of a cluster that need the same
    tile each load a part of it and multicast it to all, which divides the
    L2 traffic for that operand by the blocks sharing it.

    Lowering (convert-uop-to-nvgpu): the kernel gains one
    `!nvgpu.tensormap.descriptor` argument per (source argument, box,
    swizzle), the host creates it before each launch with
    `nvgpu.tma.create.descriptor`, and the op becomes
    `nvgpu.tma.async.load` (coordinates innermost first). The source must
    therefore be an argument of the kernel, or a value captured by the
    `gpu.launch`.

    ```mlir
    uop.mbarrier_arrive %full[%c0] expect_tx %c16384 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    uop.tma_load %A[%row, %k], %sA, %full[%c0] swizzle 128
        : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>,
          !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // The same box into the blocks of ranks 0 and 1 of the cluster.
    uop.tma_load %B[%col, %k], %sB, %full[%c0] swizzle 128 multicast %c3_i16
        : memref<512x512xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>,
          !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the global tensor read", [MemRead<DefaultResource>]>:$source,
    Variadic<Index>:$coordinates,
    Arg<AnyMemRef, "the shared tile written", [MemWrite<DefaultResource>]>:$dest,
    Uop_MBarrierGroup:$barriers,
    Index:$index,
    DefaultValuedAttr<I64Attr, "0">:$swizzle,
    Optional<I16>:$multicast);
  let assemblyFormat = [{
    $source `[` $coordinates `]` `,` $dest `,` $barriers `[` $index `]`
    (`swizzle` $swizzle^)? (`multicast` $multicast^)? attr-dict `:`
    type($source) `,` type($dest) `,` type($barriers)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getSourceType() {
      return ::llvm::cast<::mlir::MemRefType>(getSource().getType());
    }
    ::mlir::MemRefType getDestType() {
      return ::llvm::cast<::mlir::MemRefType>(getDest().getType());
    }
    /// The bytes of the box: what the load's complete_tx counts.
    int64_t getBoxBytes();
  }];
}

//===----------------------------------------------------------------------===//
// TmaStoreOp
//===----------------------------------------------------------------------===//

def Uop_TmaStoreOp : Uop_Op<"tma_store", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "asynchronous TMA store of a shared tile into a box of a "
                "global tensor, committed as one bulk async-group "
                "(cp.async.bulk.tensor ... .global.shared::cta.bulk_group)";
  let description = [{
    Starts a copy, by the tensor memory accelerator, of the whole shared
    tile `source` into the box of `dest` whose first element is
    `dest[coordinates]` (outermost dimension first, as memref indices;
    signed) and whose shape is the tile's (after outer 1s where `dest` has
    more dimensions, as for `uop.tma_load`). Box elements outside `dest` (at
    or past an edge, or before it) are not written, so edge tiles need no
    predication. The op is one command: every thread that executes it
    issues the whole copy (usually one thread of those that wrote the
    tile), and commits it as a bulk async-group of its own.

    The tile is read through the async proxy: its writers must execute
    `uop.fence_proxy_async` after their writes and before the
    synchronization that orders them before the store. The copy reads the
    tile asynchronously until a `uop.tma_store_wait` of the issuing thread
    has seen its group finish reading; until then no thread may write the
    tile (uop-sim reports such a write as a race naming the store), and a
    thread other than the issuer may write it only after a synchronization
    that follows that wait. The global writes are visible to the kernels
    launched after this one.

    `swizzle` (0, 32, 64 or 128 bytes) is the tensor map's swizzle mode:
    with it, element chunks are read from where `uop.tma_load` with the
    same swizzle writes them (the 16-byte chunk `c` of each row at chunk
    `c xor ((a / 128) mod (swizzle / 16))` of its row, `a` being the row's
    shared address); with a swizzle the innermost box dimension must be
    exactly `swizzle` bytes. The tile must be 128-byte aligned (1024 for
    the 128-byte swizzle). Limits are those of `uop.tma_load`: rank 1 to
    5; every box dimension 1 to 256; the innermost a multiple of 16 bytes;
    f16, bf16 or f32 elements; a destination contiguous in its innermost
    dimension with the other strides multiples of 16 bytes.

    Lowering (convert-uop-to-nvgpu): the kernel gains a
    `!nvgpu.tensormap.descriptor` argument per (destination argument, box,
    swizzle), created by the host before each launch, and the op becomes
    `nvgpu.tma.async.store` (coordinates innermost first) followed by
    `nvvm.cp.async.bulk.commit.group`. The destination must be an argument
    of the kernel or a value captured by the `gpu.launch`.

    ```mlir
    uop.fence_proxy_async
    uop.barrier
    uop.tma_store %sC, %C[%row, %col] swizzle 128
        : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16>
    uop.tma_store_wait {pending = 0 : i32}
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the shared tile read", [MemRead<DefaultResource>]>:$source,
    Arg<AnyMemRef, "the global tensor written", [MemWrite<DefaultResource>]>:$dest,
    Variadic<Index>:$coordinates,
    DefaultValuedAttr<I64Attr, "0">:$swizzle);
  let assemblyFormat = [{
    $source `,` $dest `[` $coordinates `]` (`swizzle` $swizzle^)? attr-dict
    `:` type($source) `,` type($dest)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getSourceType() {
      return ::llvm::cast<::mlir::MemRefType>(getSource().getType());
    }
    ::mlir::MemRefType getDestType() {
      return ::llvm::cast<::mlir::MemRefType>(getDest().getType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// TmaStoreWaitOp
//===----------------------------------------------------------------------===//

def Uop_TmaStoreWaitOp : Uop_Op<"tma_store_wait", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "waits until at most `pending` of the thread's TMA stores "
                "still read their shared tiles "
                "(cp.async.bulk.wait_group.read)";
  let description = [{
    Blocks the thread until every bulk async-group it committed (each
    `uop.tma_store` is one) but the `pending` most recent ones has
    finished reading its shared tile: the tile may then be written again,
    by the issuing thread at once, by the others after a synchronization
    that follows the wait. A block must not end with a store still reading
    its shared memory: the last wait of the issuing thread has `pending =
    0` (uop-sim reports a store never waited for). Lowers to
    `nvvm.cp.async.bulk.wait_group pending {read}`.

    ```mlir
    uop.tma_store_wait {pending = 0 : i32}
    ```
  }];
  let arguments = (ins I32Attr:$pending);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // UOP_DIALECT_UOP_IR_UOPASYNCCOPYOPS_TD
