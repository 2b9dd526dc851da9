//===- UopTileOps.td - uop tile ops ------------------------*- tablegen -*-===//
//
// The tile family: block-wide shared buffers and barriers, the cooperative
// tile copy and the tile-level multiply. These are the ops of the SIMT
// ladder (uop-tile, uop-promote-shared) and what the tensor-core rewrite
// starts from.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPTILEOPS_TD
#define UOP_DIALECT_UOP_IR_UOPTILEOPS_TD

include "Uop/Dialect/Uop/IR/UopAttrs.td"
include "Uop/Dialect/Uop/IR/UopDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// AllocSharedOp
//===----------------------------------------------------------------------===//

def Uop_AllocSharedOp : Uop_Op<"alloc_shared", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "one shared-memory buffer per thread block";
  let description = [{
    Allocates a statically shaped buffer in GPU shared memory
    (`#gpu.address_space<workgroup>`). There is exactly one buffer per thread
    block, visible to every thread of the block, and it lives as long as the
    block: the op names that buffer wherever it is written. Writing it inside a
    loop or a branch does not make it per iteration or per thread; the
    `uop-hoist-shared` pass moves it to the top of its kernel, where its real
    scope is stated, and `convert-uop-to-gpu` turns it into a workgroup
    attribution of the kernel (a `.shared` array in PTX).

    The contents are undefined when the block starts. The op must be nested in
    a `gpu.launch` or in a kernel `gpu.func`.

    `alignment` (bytes, a power of two) is the least alignment of the buffer,
    for 16-byte vector accesses into it (`ld.shared.v4`); without it the
    buffer is aligned to its element. The alignment is honored on kernel
    `gpu.func`s (outline a `gpu.launch` before `convert-uop-to-gpu`).

    Example:

    ```mlir
    %sA = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared {alignment = 16 : i64} : memref<8x128xf32, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$alignment);
  let results = (outs Res<AnyStaticShapeMemRef, "the shared buffer",
                          [MemAlloc<DefaultResource>]>:$buffer);
  let assemblyFormat = "attr-dict `:` type($buffer)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::MemRefType getType() {
      return ::llvm::cast<::mlir::MemRefType>(getBuffer().getType());
    }
  }];
}

//===----------------------------------------------------------------------===//
// BarrierOp
//===----------------------------------------------------------------------===//

def Uop_BarrierOp : Uop_Op<"barrier", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "block-wide barrier (__syncthreads, bar.sync 0)";
  let description = [{
    No thread of the block proceeds past the barrier until every thread of the
    block has reached it, and every shared- and global-memory write made by a
    thread of the block before the barrier is visible to every thread of the
    block after it. Lowers to `gpu.barrier`, then `bar.sync 0` in PTX.

    Every thread of the block must reach the same barrier: a barrier under
    control flow whose condition (or loop bounds) depends on the thread id is
    undefined behaviour on the hardware, and the verifier rejects it. Control
    flow that depends only on block ids, kernel arguments and constants is
    fine.

    Example:

    ```mlir
    memref.store %v, %sA[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
    uop.barrier
    %x = memref.load %sA[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// NamedBarrierOp
//===----------------------------------------------------------------------===//

def Uop_NamedBarrierOp : Uop_Op<"named_barrier", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "barrier over some warps of the block (bar.sync id, threads)";
  let description = [{
    Hardware barrier `id` (1 to 15; barrier 0 is `uop.barrier`'s) over
    `threads` threads, a multiple of the warp size: it completes when that
    many threads have reached it, whichever warps they belong to, and every
    shared- and global-memory access an arriving thread made before it is
    ordered before the accesses every arriving thread makes after it.
    Threads that do not arrive run on and are not ordered by it. Lowers to
    `nvvm.barrier id = ..., number_of_threads = ...`, `bar.sync id, threads`
    in PTX.

    Warp-specialized kernels use it where a role must synchronize without
    the others: the consumer warpgroups of a persistent GEMM hand the output
    tile to the thread that stores it while the producer warpgroup loads the
    next tile's operands. Arrivals count whole warps: every thread of an
    arriving warp must reach it (uop-sim reports a partial warp), and
    exactly `threads` threads must arrive at each use (fewer is a deadlock,
    more an error).

    Example:

    ```mlir
    // The 256 threads of two consumer warpgroups, not the producer's 128.
    uop.named_barrier id(1) threads(256)
    ```
  }];
  let arguments = (ins I32Attr:$id, I32Attr:$threads);
  let assemblyFormat = "`id` `(` $id `)` `threads` `(` $threads `)` attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ClusterBarrierOp
//===----------------------------------------------------------------------===//

def Uop_ClusterBarrierOp : Uop_Op<"cluster_barrier", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "barrier over every thread of a thread-block cluster "
                "(barrier.cluster.arrive + barrier.cluster.wait)";
  let description = [{
    No thread of the cluster proceeds past the barrier until every thread
    of every block of the cluster has reached it. The arrival releases and
    the wait acquires at cluster scope: what a thread wrote before it,
    including mbarrier initializations, is visible to every thread of the
    cluster after it. Without a cluster (a launch of one-block clusters) it
    orders the block alone, as `uop.barrier` does.

    Kernels that work across the blocks of a cluster need it twice: after
    initializing their mbarriers, before a peer may arrive on them or
    multicast a load into the block's shared memory, and before exiting,
    so that no block ends (and its shared memory with it) while a peer may
    still reach into it.

    Every thread of the block must reach it, as for `uop.barrier` (the
    verifier rejects it under thread-dependent control flow). Lowers to
    `nvvm.cluster.arrive` and `nvvm.cluster.wait`, both `.aligned`; it
    needs sm_90 or newer. uop-sim runs the blocks of a cluster interleaved
    and reports a cluster barrier that a block never reaches as a deadlock
    naming the blocks that did not arrive.

    Example:

    ```mlir
    uop.mbarrier_init %full[%c0], %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    uop.cluster_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

def Uop_CopyOp : Uop_Op<"copy", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
    AllElementTypesMatch<["source", "dest"]>]> {
  let summary = "cooperative 2-D tile copy by all threads of the block, zero-filled";
  let description = [{
    All threads of the block together copy the 2-D `source` tile into the
    top-left corner of `dest` and write zero to the rest of `dest`: element
    `dest[r][c]` becomes `source[r][c]` when `r < dim(source, 0)` and
    `c < dim(source, 1)`, else zero. Each element is written by exactly one
    thread. The zero fill is how tiles at the edge of a matrix whose sizes are
    not multiples of the tile become full tiles: the multiply that reads them
    then needs no bounds checks.

    This is the global → shared staging copy of a GEMM's operand tiles.
    `uop-lower-tiles` spreads the elements over the threads so that
    consecutive threads move consecutive 16-byte vectors (coalesced global
    loads, conflict-free shared stores) where the row strides allow, and
    predicates the edge.

    `layout` (a `#uop.shared_layout`) says how `dest` is stored: with a
    non-zero `swizzle`, element `[r][c]` of `dest` is at column
    `c xor (r mod swizzle)` (the readers apply the same swizzle), spreading a
    column walk over the banks without the padding's wasted words; the
    swizzle must divide the row length of `dest`. A non-zero `pad` states
    the padding of the buffer `dest` is a view of: its row stride must be
    the row length plus `pad`.

    Every thread of the block must reach the op (the verifier applies the rule
    of `uop.barrier`). The copy is not a barrier: readers in other threads
    need a `uop.barrier` after it.

    With `async` the copy is asynchronous (cp.async, sm_80 and later): each
    thread issues its part of the copy and goes on; what it wrote belongs to
    the thread's current cp.async group, which `uop.cp_async_commit` closes.
    `dest` must then be in shared memory (cp.async copies global to shared
    only). Nothing of `dest` may be read, by any thread, before the writing
    thread's `uop.cp_async_wait` has completed the group and a `uop.barrier`
    has followed that wait; `uop-promote-shared` builds its multi-stage ring
    on this. `uop-lower-tiles` lowers the async form to per-thread
    `uop.cp_async` of 16 bytes where the layouts allow.

    ```mlir
    uop.copy %tile, %sA : memref<?x?xf32, strided<[64, 1], offset: ?>>
                       to memref<128x8xf32, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins
    Arg<MemRefRankOf<[AnyType], [2]>, "the tile read",
        [MemRead<DefaultResource>]>:$source,
    Arg<MemRefRankOf<[AnyType], [2]>, "the tile written",
        [MemWrite<DefaultResource>]>:$dest,
    OptionalAttr<Uop_SharedLayoutAttr>:$layout,
    UnitAttr:$async);
  let assemblyFormat = [{
    $source `,` $dest attr-dict `:` type($source) `to` type($dest)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The XOR swizzle of `dest` (0: none).
    int64_t getSwizzle() {
      return getLayout() ? getLayout()->getSwizzle() : 0;
    }
  }];
}

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

def Uop_MatmulOp : Uop_Op<"matmul", [
    MemoryEffects<[MemRead<DefaultResource>]>,
    AllTypesMatch<["acc", "result"]>,
    AllElementTypesMatch<["a", "b"]>]> {
  let summary = "block-tile multiply-accumulate into per-thread register tiles";
  let description = [{
    The tile-level multiply between tiling and the tensor-core rewrite. The
    block multiplies the tile `a` (BM x K, or K x BM with `transpose_a`) by
    the tile `b` (K x BN, or BN x K with `transpose_b`) and adds the product
    to the BM x BN accumulator tile, which lives in registers distributed over
    the threads: with `threads = [TY, TX]` (a TX x TY block, x fastest) and
    `acc : vector<TM x TN x f32>`, thread `(x, y)` holds

        acc[i][j] = C[row(i)][col(j)]            (BM = TM * TY, BN = TN * TX)
        row(i) = gM * y + i mod gM + gM * TY * (i / gM)
        col(j) = gN * x + j mod gN + gN * TX * (j / gN)

    gM (gN) being 4 when 4 divides TM (TN), else 1 (`getSimtGroup` in
    Layout.h): groups of 4 consecutive rows (columns), the groups strided
    by the thread count; with groups of 1 row i is `y + i * TY`. A thread
    reads a group of a K-major tile with one 16-byte load and writes 4
    columns of C with one 16-byte store; a quarter warp's loads of a row of
    B are 128 consecutive bytes and a row of A is a broadcast
    (conflict-free), and the stores to C stay coalesced.

    Each thread returns `acc + sum_k A[row][k] * B[k][col]` over its TM x TN
    elements, K being the size of the reduction dimension of `a` (which must
    agree with `b`'s). Elements of `a` or `b` outside the memref's bounds
    read as zero, so edge tiles of any size are handled without a separate
    code path. Inputs f32, f16 or bf16 (the same for both); products and the
    sum are f32, as tensor cores do.

    `a_layout` / `b_layout` name the `#uop.shared_layout` (padding, XOR
    swizzle) `uop.copy` used to write the operand; without one the operand
    is read as a plain row-major tile.

    The op does not synchronize: when `a` or `b` is in shared memory, writers
    and readers are ordered by `uop.barrier`s around it.

    ```mlir
    %acc2 = uop.matmul %sA, %sB, %acc {threads = array<i64: 16, 16>}
        : memref<128x8xf32, #gpu.address_space<workgroup>>,
          memref<8x128xf32, #gpu.address_space<workgroup>>, vector<8x8xf32>
    ```

    **Tensor-core form.** With `kind = #uop.matmul_kind<mma_sync>` (or
    `wmma`) and `warps = [WM, WN]`, the block is WM x WN warps, each owning
    a WTM x WTN warp tile of C (BM = WM * WTM, BN = WN * WTN), and
    `threads = [WM, 32 * WN]`: warp (wm, wn) is threads x in
    [32 wn, 32 wn + 32) of row y = wm, its lane is x mod 32 (a block's warps
    are its runs of 32 consecutive linear thread ids). The accumulator is
    still `vector<TM x TN x f32>`, now with TM = WTM / 8 and TN = WTN / 4,
    and it holds the warp tile as the m16n8 accumulator fragments of
    `mma.sync` (PTX ISA, "mma.m16n8k16", fragment of C/D; g = lane / 4,
    t = lane mod 4):

        acc[i][j] = C[rowOf(i)][colOf(j)]
        rowOf(i) = WTM * wm + 16 * (i / 2) + 8 * (i mod 2) + g
        colOf(j) = WTN * wn + 8 * (j / 2) + 2 * t + j mod 2

    so that the 2 x 2 slice `acc[2p .. 2p+1][2q .. 2q+1]` is exactly the
    `vector<2x2xf32>` C fragment of the m16n8 tile (p, q) of the warp tile
    (row g, then row g + 8; columns 2t, 2t + 1). `uop-tensorcore` rewrites
    the op into `uop.ldmatrix` + `uop.mma_sync` on those slices; the op's
    meaning is the same sum as the SIMT form's over the same elements, read
    through the map above. Inputs are f16 or bf16 (instruction m16n8k16),
    or f32 with the unit attribute `tf32`: each input is then rounded to
    TF32 (10 mantissa bits) before its exact product, as `mma.sync` with
    `.tf32` operands computes (instruction m16n8k8). The warp tile is a
    multiple of 16 x 8 (16 x 16 for `wmma`, which needs f16 or bf16). The
    reduction extent may be any size (the edge of K); `uop-tensorcore`
    rewrites the op only on whole zero-filled block tiles whose reduction
    is a multiple of the instruction's k (16, or 8 for TF32), which is how
    `uop-promote-shared` stages a tensor-core operand. The SIMT form takes
    neither `warps` nor `tf32`.

    ```mlir
    %acc2 = uop.matmul %sA, %sB, %acc {kind = #uop.matmul_kind<mma_sync>,
                                       threads = array<i64: 2, 128>,
                                       warps = array<i64: 2, 4>}
        : memref<128x32xf16, #gpu.address_space<workgroup>>,
          memref<32x128xf16, #gpu.address_space<workgroup>>, vector<8x8xf32>
    ```
  }];
  let arguments = (ins
    Arg<MemRefRankOf<[F32, F16, BF16], [2]>, "tile of A",
        [MemRead<DefaultResource>]>:$a,
    Arg<MemRefRankOf<[F32, F16, BF16], [2]>, "tile of B",
        [MemRead<DefaultResource>]>:$b,
    VectorOfRankAndType<[2], [F32]>:$acc,
    ConfinedAttr<DenseI64ArrayAttr, [DenseArrayCount<2>]>:$threads,
    UnitAttr:$transpose_a,
    UnitAttr:$transpose_b,
    OptionalAttr<Uop_SharedLayoutAttr>:$a_layout,
    OptionalAttr<Uop_SharedLayoutAttr>:$b_layout,
    DefaultValuedAttr<Uop_MatmulKindAttr,
                      "::mlir::uop::MatmulKind::simt">:$kind,
    OptionalAttr<ConfinedAttr<DenseI64ArrayAttr, [DenseArrayCount<2>]>>:$warps,
    UnitAttr:$tf32);
  let results = (outs VectorOfRankAndType<[2], [F32]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `,` type($acc)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Threads along M (block y) and N (block x).
    int64_t getThreadsM() { return getThreads()[0]; }
    int64_t getThreadsN() { return getThreads()[1]; }
    /// Register tile of one thread.
    int64_t getThreadTileM() { return getAcc().getType().getDimSize(0); }
    int64_t getThreadTileN() { return getAcc().getType().getDimSize(1); }
    /// Block tile.
    int64_t getBlockTileM() {
      return isTensorCore() && getWarps() ? getWarpsM() * getWarpTileM()
                                          : getThreadsM() * getThreadTileM();
    }
    int64_t getBlockTileN() {
      return isTensorCore() && getWarps() ? getWarpsN() * getWarpTileN()
                                          : getThreadsN() * getThreadTileN();
    }
    /// Dimension of `a` / `b` that holds M / N / K.
    unsigned getADimM() { return getTransposeA() ? 1 : 0; }
    unsigned getADimK() { return getTransposeA() ? 0 : 1; }
    unsigned getBDimK() { return getTransposeB() ? 1 : 0; }
    unsigned getBDimN() { return getTransposeB() ? 0 : 1; }
    /// XOR swizzle of the shared tile `a` / `b` was written with (0: none).
    int64_t getASwizzle() {
      return getALayout() ? getALayout()->getSwizzle() : 0;
    }
    int64_t getBSwizzle() {
      return getBLayout() ? getBLayout()->getSwizzle() : 0;
    }
    /// True for the tensor-core form (see the op's description).
    bool isTensorCore() { return getKind() != ::mlir::uop::MatmulKind::simt; }
    /// Warps along M and N of the tensor-core form.
    int64_t getWarpsM() { return (*getWarps())[0]; }
    int64_t getWarpsN() { return (*getWarps())[1]; }
    /// Warp tile of the tensor-core form (WTM = 8 TM, WTN = 4 TN).
    int64_t getWarpTileM() { return 8 * getThreadTileM(); }
    int64_t getWarpTileN() { return 4 * getThreadTileN(); }
    /// The instruction shape m, n, k the tensor-core form is made of:
    /// m16n8k16 (m16n8k8 for TF32) for mma_sync, m16n16k16 for wmma.
    std::array<int64_t, 3> getInstructionShape() {
      if (getKind() == ::mlir::uop::MatmulKind::wmma)
        return {16, 16, 16};
      return {16, 8, getTf32() ? 8 : 16};
    }
  }];
}

#endif // UOP_DIALECT_UOP_IR_UOPTILEOPS_TD
