//===- Passes.td - uop transformation passes ---------------*- tablegen -*-===//
//
// Passes that rewrite kernels within the uop level of the lowering ladder.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TRANSFORMS_PASSES_TD
#define UOP_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def UopAttachTarget : Pass<"uop-attach-target", "::mlir::ModuleOp"> {
  let summary = "state the GPU the module is compiled for as its uop.target";
  let description = [{
    The first stage of `--uop-compile`: looks `chip` up in the table of
    targets (lib/Target/Targets.cpp) and attaches its `#uop.target` to the
    module as `uop.target`. From there on every pass that chooses by
    hardware (tensor-core family, shared-memory limits, bank model, warp
    size, PTX ISA) reads it from the IR. A module that already names a
    different chip is an error: its earlier stages were compiled for that
    chip.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"sm_80\"",
           "the GPU to compile for: sm_80, sm_86, sm_89, sm_90, sm_90a, "
           "sm_100a or sm_120">
  ];
  let dependentDialects = ["::mlir::uop::UopDialect"];
}

def UopAttachNVVMTarget : Pass<"uop-attach-nvvm-target", "::mlir::ModuleOp"> {
  let summary = "give every gpu.module the #nvvm.target of the module's uop.target";
  let description = [{
    Attaches `#nvvm.target<chip = ..., features = "+ptxNN", O = ...>` to
    every `gpu.module`, with the chip and PTX ISA of the module's
    `uop.target` (the default target when it has none), so that the NVPTX
    backend emits PTX that ptxas accepts for the chip.
  }];
  let options = [
    Option<"optLevel", "opt-level", "unsigned", "3",
           "LLVM optimization level of the NVPTX backend (0 to 3)">
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def UopHoistShared : Pass<"uop-hoist-shared"> {
  let summary = "move every uop.alloc_shared to the top of its kernel";
  let description = [{
    A shared-memory buffer exists once per thread block for the whole life of
    the block, wherever `uop.alloc_shared` is written. This pass states that
    scope in the IR: each `uop.alloc_shared` nested in loops or branches of a
    `gpu.launch` body (or of a kernel `gpu.func`) moves to the start of the
    kernel body, in program order. It never changes what runs.
  }];
  let dependentDialects = ["::mlir::uop::UopDialect"];
}

def UopMergeKernelModules : Pass<"uop-merge-kernel-modules", "::mlir::ModuleOp"> {
  let summary = "gather all outlined kernels of a module into one gpu.module";
  let description = [{
    `gpu-kernel-outlining` puts every kernel in a `gpu.module` of its own. PTX
    is emitted per `gpu.module`, and a runner wants one PTX file holding every
    kernel of the compiled module, so this pass moves all functions and globals
    of the module's `gpu.module`s into a single one named by `module-name`
    (symbol names are already unique after outlining) and rewrites every
    `gpu.launch_func` to call the kernel there. Target attributes of the first
    module are kept; modules with differing targets are an error.
  }];
  let options = [
    Option<"moduleName", "module-name", "std::string", "\"uop_kernels\"",
           "name of the gpu.module that receives every kernel">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def UopTile : Pass<"uop-tile"> {
  let summary = "tile a linalg GEMM into a GPU kernel of block tiles and register tiles";
  let description = [{
    Replaces every GEMM the matcher proves (linalg.matmul, with or without
    transposing indexing_maps, or a linalg.generic that is a matrix product;
    f32, f16 or bf16 inputs; an f32 output or one of the inputs' f16 / bf16
    type, accumulated in f32 and rounded once when stored; an optional
    linalg.fill of the output right before it) by a `gpu.launch`:

    - a grid of ceil(N / BN) x ceil(M / BM) blocks, one BM x BN tile of C
      each, and BN/TN x BM/TM threads per block; a size known only at run
      time (a memref<?x?> operand) is read with memref.dim before the
      launch, which computes the grid from it (at least one block), and
      the kernel guards every edge (the warp-level kernels, and the wgmma
      and tcgen05 kernels, whose TMA rings take a row stride known only at
      run time to be a multiple of 16 bytes, which creating their tensor
      maps checks; with strides statically unaligned, or wgmma's
      stages=1, they copy the tiles themselves; the rungs of ladder-step
      refuse dynamic shapes; mma=auto takes wgmma or tcgen05
      for them only where the row strides are static and aligned,
      mma.sync otherwise);
    - each thread accumulates a TM x TN register tile (a `vector<TMxTNxf32>`
      carried by the K loop; seed 13.7: 4x4 is the break-even point of shared
      loads per FMA, 8x8 leaves headroom);
    - a K loop in steps of BK whose body is one `uop.matmul` of the BM x BK
      tile of A by the BK x BN tile of B (subviews of the global operands:
      edge tiles are smaller, and the matmul reads what lies past their edge
      as zero);
    - the initialization (the fill value, or the old C extended to f32) and
      the guarded store of each thread's elements;
    - epilogue fusion: the chain of elementwise linalg.generic consumers of
      an f32 temporary C (truncf, scale, bias, ReLU, ...) that the matcher
      proves safe to move (see matchEpilogue) is computed by that store,
      element by element, and the temporaries go away. A consumer that is
      not fused stays, with a remark when it is an all-parallel generic
      (`uop-check-host` then refuses it at emit=llvm).

    With `mma=mma_sync` the multiply is instead laid out for tensor cores:
    `warps = WM,WN` warps per block (default 2,4; block tile default
    128,128,32, 128,128,16 on sm_120 and for TF32, whose default warps are
    4,2 on sm_100a and sm_120), each owning a (BM / WM) x (BN / WN) warp tile of C, a
    block of 32 WN x WM threads (a warp is 32 consecutive threads along
    x), and a K loop of `uop.matmul`s in tensor-core form whose accumulator
    holds the warp tile as m16n8 `mma.sync` fragments (see uop.matmul);
    initialization and store address C through that map. f16 and bf16
    inputs take m16n8k16; f32 inputs take it only with `precision=tf32`
    (m16n8k8 on TF32-rounded inputs). `mma=auto` chooses per GEMM: mma_sync
    for f16 and bf16 (and for f32 with `precision=tf32`) where the module's
    target has it, SIMT otherwise; `thread-tile` then applies to the SIMT
    GEMMs and `warps` to the tensor-core ones. The 8 warps of 2 x 4 give a
    64 x 32 warp tile: 64 accumulators and 24 fragment registers per
    thread per k16 step, which ptxas keeps in registers on sm_80 and
    sm_90a. `uop-tensorcore` then turns each k16 step into ldmatrix and
    mma.sync. `mma=wmma` (f16 inputs only: the gpu dialect's WMMA fragments
    have no bf16) builds the same form of kind wmma, whose warp tiles are
    whole 16x16 fragments; `uop-tensorcore` then carries them as WMMA
    fragments.

    With `mma=tcgen05` (f16 / bf16 inputs on sm_100a; `mma=auto` picks it
    there) the kernel is the Blackwell GEMM ladder of seed 002, built
    directly in its final uop form (Tcgen05Gemm.cpp): one warpgroup (128
    threads) per BM x BN tile (default 128,128,64, with BM = 64 for a GEMM
    of at most 64 rows and BN the narrowest that covers fewer than 128
    columns; BM = 128 with BN a multiple of 16 up to 256, or
    BM = 64, tcgen05.mma's M = 64, with BN a multiple of 8; BK = 64), the
    f32 accumulator in tensor memory
    allocated by warp 0, the operand tiles copied cooperatively into
    1024-byte-aligned 128-byte-swizzled shared tiles (A as M x K, B as N x K,
    transposed on the way where the GEMM stores them otherwise), published
    with the async-proxy fence and a barrier, one elected thread of warp 0
    issuing `uop.tcgen05_mma` (accumulate from the second k-tile on) and
    committing it to an mbarrier, every thread waiting on the phase it
    carries and toggles; the writeback reads the accumulator (warp w lanes
    32w..32w+31, thread t row t), adds the old C or the fill value, applies
    the epilogue and stores. `ladder-step` selects the rung: 1 accepts one
    128 x BN tile with K <= 64 and has no K-loop, 2 a single tile with the
    K-loop, 3 the 2-D grid of any M, N, K, 4 the 2-D grid with the tiles
    loaded by TMA (one elected thread announces the bytes with
    `uop.mbarrier_arrive ... expect_tx` and issues `uop.tma_load` of both
    boxes, zero-filled past the matrix; every thread waits on that
    mbarrier's phase before the MMA), which needs rows that are 16-byte
    aligned and contiguous, and A stored M x K and B N x K (K-major), or A
    K x M with BM = 64 or 128 and B K x N with BN a multiple of 64, which
    TMA loads as stored in boxes of 64 columns for M- and N-major MMAs;
    5 and 6 turn the one pair of tiles into a
    ring of S stages (5: S = 2; 6: S = `stages`, by default the deepest
    that fits the chip's shared memory, at most 6), each with a full
    mbarrier (the loads' expect_tx) and an empty one (the MMAs' commit):
    the loads of the next S - 1 k-tiles are in flight while the tensor core
    works, a stage being refilled as soon as the MMAs of the k-tile before
    have released it; 7 specializes the warps of that ring: warp 0's
    first thread only loads (waiting on a stage's empty barrier before
    refilling it), warp 1 only issues the MMAs (waiting on the full
    barrier), and after the K-loop every warp reads the accumulator back;
    the roles meet only at the mbarriers; 0 (the default) is 7 where the
    GEMM allows TMA, else 3. Past 48 KiB the tiles live in dynamic shared memory
    (convert-uop-to-gpu). Each GEMM outside its rung is an error naming it.
    With `tma-store` (rungs 4 to 7) each thread writes its row of C, cast
    and through the epilogue, 16 bytes at a time into BN / (128 / output
    bytes) shared boxes of BM rows of 128 bytes, 128-byte swizzled
    (conflict-free), and fences them for the async proxy; after the block
    barrier thread 0 stores each box with `uop.tma_store` and waits for
    their reads (the boxes take their bytes from the ring's shared memory,
    as with wgmma below).

    With `mma=wgmma` (f16 / bf16 inputs on sm_90a; `mma=auto` picks it
    there unless `warps` is given or the tile does not suit it, which keep
    the warp-level mma_sync path) the kernel is built in its final uop form too (WgmmaGemm.cpp):
    BM / 64 warpgroups per BM x BN tile (default 128,128,64, with BM = 64
    for a GEMM of at most 64 rows and BN the narrowest that covers fewer
    than 128 columns; BM = 64 or 128, BK = 64, BN a multiple
    of 8 up to 256), each accumulating its 64
    rows in a `vector<BN/2 x f32>` per thread (the wgmma fragment) through
    `uop.wgmma_mma` on 128-byte-swizzled shared tiles. Where TMA applies
    (as above) the tiles are a ring of `stages` TMA stages (0: the deepest
    that fits, at most 6) with full and empty mbarriers, one k-tile's MMAs
    kept in flight (`uop.wgmma_wait_group 1`) while its predecessor's stage
    is released and refilled; otherwise, or with `stages=1`, the block
    copies each k-tile (transposing where needed) before the MMA. The ring
    is warp-specialized by default (`warp-specialize`): a producer
    warpgroup (`setmaxnreg decrease 40` with two consumers) loads, the BM /
    64 consumer warpgroups (`setmaxnreg increase 232`) wait, multiply and
    release; `persistent-blocks=P` then launches at most P blocks, each
    looping over tiles of C, and `pingpong` gives the block's tiles to two
    consumer warpgroups in turn, a whole BM x BN tile each (64 x 128 by
    default; BM = 128 is two MMAs of 64 rows a k-tile), their waits on the
    ring ordered by a turn mbarrier per warpgroup. With `tma-store` (a ring)
    the consumers write the tile of C, cast and through the epilogue, into
    BN / (128 / output bytes) shared boxes of BM rows of 128 bytes,
    128-byte swizzled (conflict-free; a 16-bit C that the tiles divide in
    N by `uop.stmatrix`), fence them for the async proxy, and
    after a block barrier (persistent blocks: a named barrier of the
    consumers, around each tile) thread 0 stores each box with
    `uop.tma_store` (clipped at the edges of C) and waits for their reads
    (persistent blocks: before the next tile's staging); the boxes take
    their bytes from the ring's shared memory (fewer stages where they do
    not fit beside it). `group-m=G` (both block-level kernels) launches the
    tiles G tile rows at a time, column after column within a group, also
    across persistent blocks' loops. `cluster-m=CM` and `cluster-n=CN` (the
    warp-specialized wgmma kernel, either consumer schedule) launch
    thread-block clusters of CN x CM blocks (the grid rounded up to whole
    clusters): the CM blocks of a cluster column share their tile of B,
    each loading 1 / CM of it, multicast into all of them; the CN blocks of
    a cluster row likewise A. A stage is refilled once the consumers of
    every block it writes into released it (remote mbarrier arrivals);
    with `group-m` the groups count rows of clusters; with
    `persistent-blocks=P`, P / (CM CN) clusters (at least one) loop over
    the cluster tiles. `split-k=S` (the warp-specialized wgmma kernel,
    one tile a block, an f32 C with nothing fused) launches S blocks per
    tile along z, each multiplying a slice of K and adding its partial
    sums into C with atomic adds, after a kernel that stores the fill
    value where the GEMM fills C.

    The result runs as it is (every operand read straight from global
    memory); `uop-promote-shared` then stages the tiles in shared memory.
    Anything that only looks like a GEMM is left alone with a remark saying
    why; with `require-match` it is an error. So is a GEMM already inside a
    kernel (uop-tile compiles the GEMMs of host code) and one whose grid
    would exceed CUDA's limits (65535 block rows along M; a dynamic M
    puts its tiles along x, whose limit is 2^31 - 1). A GEMM with an
    empty output (M or N = 0) computes nothing and is removed.
  }];
  let options = [
    ListOption<"tile", "tile", "int64_t",
               "block tile BM,BN,BK (default 128,128,8; 128,128,32 for "
               "mma_sync and wmma, 128,128,16 on sm_120 and for "
               "precision=tf32)">,
    ListOption<"threadTile", "thread-tile", "int64_t",
               "register tile of one thread TM,TN (default 8,8; mma=simt)">,
    Option<"mma", "mma", "std::string", "\"simt\"",
           "the units of the multiply: simt, mma_sync, wmma, wgmma, "
           "tcgen05, or auto (tcgen05 on sm_100a, wgmma on sm_90a, else "
           "mma_sync, where the inputs and the target allow it; else "
           "simt)">,
    Option<"ladderStep", "ladder-step", "int64_t", "0",
           "mma=tcgen05: the rung of the Blackwell GEMM ladder, 1 (one "
           "128-row tile, K = 64), 2 (the K-loop), 3 (the 2-D grid), 4 "
           "(TMA loads with expect_tx), 5 (a ring of 2 TMA stages), 6 (a "
           "ring of `stages`), 7 (the ring with a producer warp and an MMA "
           "warp), or 0 (the default: 7 where the GEMM's layout "
           "allows TMA, else 3)">,
    Option<"stages", "stages", "int64_t", "0",
           "mma=tcgen05 ladder-steps 6 and 7 and mma=wgmma: the stages of the TMA "
           "ring, 2 to 4 (0: the deepest that fits the chip's shared "
           "memory, at most 6; 1: no ring, tcgen05's ladder-step 4 or "
           "wgmma's block copies)">,
    Option<"warpSpecialize", "warp-specialize", "bool", "true",
           "mma=wgmma with a TMA ring: a producer warpgroup issues the "
           "loads while the MMA warpgroups multiply, the register budget "
           "moved to them by setmaxnreg (false: every thread does both)">,
    Option<"persistentBlocks", "persistent-blocks", "int64_t", "0",
           "mma=wgmma warp-specialized: launch at most this many blocks, "
           "each looping over tiles of C (the SMs of the GPU, e.g. 132 on "
           "an H100 or H200; 0: one block per tile)">,
    Option<"groupM", "group-m", "int64_t", "0",
           "mma=wgmma and mma=tcgen05: launch the tiles of C grouped G "
           "tile rows at a time, column after column within a group (the "
           "blocks running at once share bands of A and B in L2; Triton's "
           "GROUP_M); 0 (the default): 8 for the wgmma kernels, "
           "row-major for tcgen05's; 1: row-major">,
    Option<"clusterM", "cluster-m", "int64_t", "1",
           "mma=wgmma warp-specialized (also persistent and ping-pong): "
           "thread-block clusters of this many blocks along M (1, 2, 4 or "
           "8; sm_90a; cluster-m x cluster-n at most 8) that share their "
           "tile of B, each loading 1 / CM of it by a multicast TMA load "
           "into all of them; 1: no clusters along M">,
    Option<"splitK", "split-k", "int64_t", "1",
           "mma=wgmma warp-specialized, one tile a block (not persistent), "
           "f32 C without a fused epilogue or TMA store: split K over this "
           "many blocks along z, each adding its partial sums into C with "
           "atomic adds (for GEMMs with fewer tiles than the GPU has SMs); "
           "1: no split">,
    Option<"clusterN", "cluster-n", "int64_t", "1",
           "mma=wgmma warp-specialized (also persistent and ping-pong): "
           "thread-block clusters of this many blocks along N (1, 2, 4 or "
           "8; sm_90a; cluster-m x cluster-n at most 8) that share their "
           "tile of A, each loading 1 / CN of it by a multicast TMA load "
           "into all of them; 1: no clusters along N">,
    Option<"pingpong", "pingpong", "bool", "false",
           "mma=wgmma with persistent blocks: the two consumer warpgroups "
           "take the block's tiles in turn, a whole tile each (64 x 128 "
           "unless `tile` says otherwise; the "
           "ping-pong schedule: one's epilogue overlaps the other's MMAs; "
           "false: both share each tile)">,
    Option<"tmaStore", "tma-store", "std::string", "\"auto\"",
           "mma=wgmma with a TMA ring, mma=tcgen05 with TMA loads (ladder "
           "steps 4 to 7): true stages the tile "
           "of C in 128-byte-swizzled shared boxes and writes it with TMA "
           "stores; false: every thread stores its fragment or row to "
           "global memory; auto (the default): true for the wgmma kernel "
           "of a GEMM of static M, N and K (a batch's count may be "
           "dynamic) with a 16-bit C (f16, bf16) where C's rows and shared "
           "memory allow (a default tile widened to whole 128-byte boxes, "
           "the ring as deep as fits beside them), else false; `tma-store` "
           "alone: true",
           "llvm::cl::ValueOptional">,
    ListOption<"warps", "warps", "int64_t",
               "warps of a block along M and N, WM,WN (default 2,4; "
               "tensor-core GEMMs)">,
    Option<"precision", "precision", "std::string", "\"exact\"",
           "exact, or tf32: f32 inputs may be rounded to TF32 for tensor "
           "cores">,
    Option<"requireMatch", "require-match", "bool", "false",
           "fail on linalg contractions that are not provably GEMMs">
  ];
  let dependentDialects = [
    "::mlir::uop::UopDialect", "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect"
  ];
}

def UopPromoteShared : Pass<"uop-promote-shared"> {
  let summary = "stage the operand tiles of uop.matmul in shared memory";
  let description = [{
    For every `uop.matmul` in a K loop whose A or B tile is read from global
    memory, allocates a shared buffer for the tile (`uop.alloc_shared`, sized
    by the tile's constant upper bound), copies the tile into it with a
    cooperative, zero-filling `uop.copy`, and makes the matmul read the copy.
    Barriers go exactly where hazards between threads need them:

    - `stages=1`: per K step, copy; barrier (read-after-write: no thread
      reads the tile before all of it is written); matmul; barrier
      (write-after-read: the next step's copy must not overwrite what
      another thread still reads). Two barriers per step.
    - `stages=S`, 2 <= S <= 4: a ring of S buffers per operand. Tiles
      0 .. S-2 are copied into buffers 0 .. S-2 before the loop (a tile the
      loop does not reach is not copied), then a barrier. Step i copies
      tile i+S-1 (when the loop has one) into buffer (i+S-1) mod S and
      multiplies tile i out of buffer i mod S, then one barrier. That
      single barrier orders every hazard between threads. Read-after-write:
      tile i was written in step i-S+1 <= i-1 (or before the loop), and the
      barrier ending that step lies between the write and step i's reads.
      Write-after-read: the buffer step i writes, (i-1) mod S, was last
      read in step i-1, which the barrier ending step i-1 closes (earlier
      readers and writers of the buffer are further back, behind more
      barriers). No other buffer is both written and read in one step,
      since i+S-1 and i differ mod S when S >= 2. With S = 2 this is
      double buffering: one barrier per step instead of two, and the next
      tile's loads issued before the math on the current one. The copies
      being synchronous, a ring deeper than two holds the same hazards and
      hides no more latency; it is what the asynchronous form builds on.
    - `stages=0` (automatic, the default): one buffer when the matmul is
      not in a loop; else two, or with `async` four, fewer when the loop
      has fewer tiles (known bounds) or the buffers would not fit the
      target's shared memory (the deepest ring that fits). With
      synchronous copies this is the double buffering of `stages=2`.

    With `async` the copies are `uop.copy {async}` (cp.async: the copying
    threads do not wait for the data) and the ring is built on cp.async
    groups, each thread counting its own:

    - `stages=1`: per K step, copy; commit; wait for all groups; barrier;
      matmul; barrier.
    - `stages=S >= 2`: before the loop, tiles 0 .. S-2 are copied into
      buffers 0 .. S-2, each committed as a group of its own. Step i:
      `uop.cp_async_wait {pending = S-2}`; barrier; copy tile i+S-1 into
      buffer (i+S-1) mod S (nothing past the last tile); commit; matmul of
      tile i out of buffer i mod S. One barrier per step. Before the wait
      of step i the thread has committed S-1 + i groups, group g holding
      its part of tile g (the group of a step past the last tile is
      committed empty, so that the count holds in every step): at most
      S-2 pending means groups 0 .. i are complete, so the thread's part
      of tile i has landed. Read-after-write: the barrier after the wait
      makes every thread's part of tile i visible to all before any
      thread's matmul reads it. Write-after-read: step i's copy overwrites
      buffer (i-1) mod S, last read by the matmuls of step i-1, which
      every thread finished before it reached step i's barrier; the copy
      is issued after that barrier. The buffer being filled, (i+S-1) mod
      S, is never the one read, i mod S, since S >= 2. The groups still
      pending after the loop are the empty ones of the last S-1 steps.
    - `stages=0` with `async` takes the deepest ring, up to four, that
      fits: three tiles in flight during each step's math.

    `--uop-compile` passes its `stages` (default 0, automatic) and `async`
    (default off) options here.

    SIMT tiles (a `uop.matmul` of kind `simt`) whose register tile is a
    multiple of 4 wide along M (N) store A (B) K-major, K x BM (K x BN),
    spanning the whole block tile and zero-filled past a smaller matrix: A,
    and a transposed B, are written transposed (the copy's dest is a
    `memref.transpose` of the buffer, and the matmul reads the tile with
    `transpose_a` / without `transpose_b`), so that a thread reads each
    group of 4 of its rows (columns) at one k with one 16-byte load. Such a
    tile is conflict-free unpadded (a row of A is a broadcast, one of B a
    quarter warp's consecutive 16-byte vectors) and is not padded unless
    `pad` says so; with `swizzle` the tiles keep their M x K form.

    `pad` adds elements to every row of the shared tiles (a row of 33 floats
    spreads a column walk over all banks). The default, -1, pads only the
    tiles whose rows the lanes of a warp walk down a column of (A's rows
    when a warp spans several threads along M, a transposed B's rows), by
    the fewest elements that make the walk conflict-free (an odd number of
    words per row), and leaves the others unpadded so that their copies keep
    16-byte stores. `swizzle` instead stores element
    [r][c] at column c xor (r mod w), w the largest power of two dividing the
    row (at most 32), with no memory wasted. Both are applied consistently by
    the copies and the matmul, which carry it as a `#uop.shared_layout`.

    The shared buffers of a block (every stage of every operand, and the
    buffers the kernel already has) are kept within the static shared
    memory of the module's `uop.target` (`max_static_shared`, 48 KiB): the
    automatic choice takes the deepest ring that fits it. Where not even
    one stage fits, or an explicit `stages` does not, they may take the
    chip's dynamic shared memory (`max_shared`; convert-uop-to-gpu moves
    them there), the automatic ring then as deep as fits it; beyond that
    the tiles are an error naming the bytes. The bank model padding is
    chosen for is the target's too.
  }];
  let options = [
    Option<"stages", "stages", "int64_t", "0",
           "shared buffers per operand, 1 to 4 (a ring of that many); 0: "
           "the deepest that fits, up to 2 (4 with async)">,
    Option<"pad", "pad", "int64_t", "-1",
           "elements added to each row of a shared tile (-1: where a column "
           "walk would conflict)">,
    Option<"swizzle", "swizzle", "bool", "false",
           "XOR-swizzle the columns of the shared tiles">,
    Option<"async", "async", "bool", "false",
           "stage with asynchronous copies (cp.async, sm_80 and later); "
           "tensor-core matmuls always are">
  ];
  let dependentDialects = [
    "::mlir::uop::UopDialect", "::mlir::scf::SCFDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect"
  ];
}

def UopTensorCore : Pass<"uop-tensorcore"> {
  let summary = "rewrite tensor-core uop.matmuls on shared tiles into ldmatrix and mma.sync, or WMMA";
  let description = [{
    Every `uop.matmul` of kind `mma_sync` whose operands are shared tiles
    of the whole block tile (what `uop-promote-shared` makes) becomes a loop
    over the tile's k16 steps (k8 for TF32) whose body, for each warp:

    - loads each 16-row fragment of A with one `uop.ldmatrix` x4 (`.trans`
      when A is stored K x M): registers a0..a3 of `mma.m16n8k16`;
    - loads each pair of 8-column fragments of B with one `uop.ldmatrix`
      x4 (x2 for a last single one), `.trans` for a row-major B (rows of
      k), as is for a B stored N x K;
    - does one `uop.mma_sync` per (m16, n8) fragment of the warp tile on
      the 2 x 2 slice of the accumulator vector that holds it (the
      fragment map of uop.matmul), so the accumulator stays the op's
      `vector<TM x TN x f32>`.

    ldmatrix reads 16-byte rows: a tile stored with a swizzle of single
    elements, or rows that are not whole 16-byte chunks, and TF32 inputs
    (32-bit) get their fragments element by element with the same map.
    The chunk swizzle uop-promote-shared chooses for tensor-core operands
    makes every ldmatrix one pass of the banks (`uop-bank-conflicts`).
    A tensor-core matmul whose operands are still in global memory is left
    to `uop-lower-tiles`, which computes the same sums on CUDA cores. In
    `--uop-compile` the pass runs after `uop-promote-shared`.

    A matmul of kind `wmma` becomes WMMA m16n16k16 code instead: the K loop
    around it carries one `!uop.fragment<accumulator, 16x16xf32, row>` per
    16x16 tile of the warp tile in place of the vector accumulator, and each
    k16 step is one `uop.wmma_load` per fragment of A and of B (row- or
    column-major as the tile is stored; the leading dimension is its row
    stride) and one `uop.wmma_mma` per accumulator. WMMA fragment layouts
    are unspecified, so the accumulator enters the fragments (unless it is
    zero: `uop.wmma_fill`) and leaves them back into the op's m16n8 map
    through a 16x16 f32 tile per warp in shared memory, the lanes' stores
    and a wmma_load (a wmma_store and the lanes' loads), each fragment
    between two block barriers, once per block tile. uop-promote-shared
    counts that tile (`kWmmaScratchBytes` per warp) in its budget and pads
    the operand rows instead of swizzling them.
  }];
  let dependentDialects = [
    "::mlir::uop::UopDialect", "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect"
  ];
}

def UopLowerTiles : Pass<"uop-lower-tiles"> {
  let summary = "expand uop.copy and uop.matmul into per-thread loads, stores and FMAs";
  let description = [{
    The last uop-level rewrite before leaving the dialect; its output is the
    per-thread code of the kernel, in scf / vector / memref / arith.

    `uop.copy` becomes the cooperative copy: the tile is cut into vectors of
    16 bytes (where the row strides and the column offset are provably
    16-byte aligned; one element otherwise), vector e goes to thread
    e mod (threads per block), so consecutive threads move consecutive
    vectors: coalesced global loads and conflict-free shared stores. Vectors
    that cross the edge of the source are loaded element by element under a
    guard; those past it are zero.

    `uop.copy {async}` becomes one `uop.cp_async` per thread and vector,
    distributed the same way, of 16 bytes (4 f32, 8 f16/bf16; `bypass_l1`,
    PTX `.cg`), or of 8 or 4 bytes where the source's or destination's row
    stride or offset is only that aligned (cp.async addresses must be
    aligned to the copy size), or of one 4-byte element at its swizzled
    column for a swizzled tile. A vector crossing the source's edge copies
    with `src_elements` = the elements inside (the hardware zero-fills the
    rest), one past the edge with `src_elements` = 0 from the source's
    element (0, 0), so that no address outside the source is formed. Where
    not even 4 bytes are aligned (2-byte elements at an odd offset or
    stride, a swizzled f16/bf16 tile) or the source is not in global
    memory, the copy takes the synchronous path above; its stores are
    complete before the commit, wait and barrier that follow it, so the
    ring of `uop-promote-shared` stays correct.

    A copy whose dest is a `memref.transpose` of a tile (uop-promote-shared's
    K-major tiles) loads 16-byte vectors along the source's rows and stores
    their elements down a column of the tile, vector e at row e mod rows,
    so that consecutive threads store consecutive words (conflict-free).

    `uop.matmul` becomes the k-steps of the thread's outer product: each
    step loads the thread's TM elements of A and TN elements of B (in
    groups of 4 consecutive rows / columns strided by the thread counts, see
    the op) and does TM x TN fused multiply-adds (`vector.fma`, one
    `fma.rn.f32` each: one rounding, what nvcc's default `--fmad=true`
    makes of a * b + c). A group stored K-major, unguarded and aligned is
    one 16-byte load (`ld.shared.v4`; 8 bytes for f16 / bf16): for the
    default 8 x 8 tile, 4 loads for 64 FMAs. The k-steps of a tile of static
    depth up to 64 (a shared tile) are unrolled; a deeper or dynamic one is
    an `scf.for`. Reads that may fall outside the operand are guarded
    (zero).

    Register double buffering: in the synchronous ring of
    `uop-promote-shared` (stages >= 2), a step `scf.if (tile i+1 exists)
    { copies }; matmul; barrier` whose copies move at most one vector per
    thread becomes: the copies' global loads in the if (which yields the
    vectors, zero when it does not run), the matmul, then the stores of the
    vectors into the next buffer under the same condition, before the
    barrier. The loads' latency is then hidden behind the k-tile's FMAs;
    the stores go to the buffer no thread reads in the step, whose last
    readers passed the previous step's barrier, and complete before this
    step's barrier, after which the next step reads them.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect", "::mlir::memref::MemRefDialect",
    "::mlir::arith::ArithDialect"
  ];
}

def UopCheckLowered : Pass<"uop-check-lowered", "::mlir::ModuleOp"> {
  let summary = "fail when a gpu.module holds anything but LLVM and NVVM ops";
  let description = [{
    The last step of `--uop-compile` at `emit=llvm`: every op in every
    `gpu.module` must be in the LLVM or NVVM dialect, ready for PTX. An op
    that no conversion lowered is an error naming it, so the pipeline fails
    where the problem is instead of producing a module that only
    `uop-translate` rejects.
  }];
}

def UopCheckHost : Pass<"uop-check-host", "::mlir::ModuleOp"> {
  let summary = "fail when a host function still holds a linalg op";
  let description = [{
    Run by `--uop-compile` at `emit=llvm`: uop compiles host functions into
    allocations, kernel launches and calls, and runs nothing on the CPU. A
    linalg op left in a host function (one `uop-tile` neither compiled into
    a kernel nor fused into a GEMM's writeback, such as a reduction of a
    GEMM's result) would run on the CPU over device memory, so each is an
    error naming it. Functions inside a `gpu.module` and the bodies of
    `gpu.launch` are device code and are not checked here.
  }];
}

def UopVerifyLaunch : Pass<"uop-verify-launch"> {
  let summary = "check launch sizes and uop.matmul thread shapes against the target";
  let description = [{
    Every `gpu.launch` and `gpu.launch_func` whose grid or block sizes are
    constants must launch: each size at least 1 and at most the module
    target's `max_grid` / `max_block` along its dimension, and the block at
    most `max_threads` threads. Every `uop.matmul` in a kernel of constant
    block size must have `threads = [TY, TX]` equal to the block's TX x TY
    x 1 shape: its lowering assigns rows and columns by thread id and reads
    outside the tiles otherwise. The first step of `--uop-compile` after
    `uop-attach-target`, so that a hand-written kernel with a block of 2048
    threads or a grid of 2^40 blocks is an error, not a launch
    configuration.

    It also refuses, with the op named, what the NVVM lowering cannot take:
    `memref.atomic_rmw` `mulf` / `muli` (PTX has no atomic multiply) or a
    float kind on an integer, `memref.generic_atomic_rmw` of a float or
    yielding a value from outside its body, `gpu.all_reduce` of values
    other than 32- or 64-bit integers and floats, `gpu.subgroup_reduce`,
    and a `gpu.func` parameter of a type with no LLVM type (`none`, a
    tensor, a tuple).
  }];
}

def UopKeepBarrierLoopsRolled : Pass<"uop-keep-barrier-loops-rolled"> {
  let summary = "tell LLVM not to unroll loops that contain a barrier";
  let description = [{
    Every `scf.for` of a kernel that contains a block barrier (`uop.barrier`
    or `gpu.barrier`, at any depth) gets `loop_annotation =
    #llvm.loop_annotation<unroll = <disable = true>>`, which
    `convert-scf-to-cf` carries to the loop's back edge as `llvm.loop`
    metadata. Such a loop is the main (K) loop of a shared-memory GEMM:
    unrolling it multiplies the barriers and the code size without removing
    a single wait, while the barrier-free inner loops stay free to unroll.

    A loop that already has a `loop_annotation` keeps the one it has. Loops
    of host code (around a `gpu.launch`) are not touched: the search for
    enclosing loops stops at the kernel (`gpu.launch` or function).
    `--uop-compile` runs this pass right after `convert-uop-to-gpu`; it works
    the same before that conversion.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def UopLowerVectorTransfers : Pass<"uop-lower-vector-transfers"> {
  let summary = "lower 1-D vector transfers to (masked) vector loads and stores";
  let description = [{
    A 1-D `vector.transfer_read` / `vector.transfer_write` that may run past
    the end of its memref (the out-of-bounds masking of the vector dialect:
    the row store of an edge tile, say) becomes a `vector.maskedload` /
    `vector.maskedstore` whose mask compares the lanes' positions with the
    memref's size, and an in-bounds one a plain `vector.load` /
    `vector.store`. The llvm stage runs it on device code before
    `convert-gpu-to-nvvm`, which then lowers the mask's arithmetic;
    `convert-vector-to-llvm` lowers the masked accesses (predicated PTX
    loads and stores, no local memory). Transfers of higher rank or with
    permutation maps are left as they are.
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def UopAlignDynamicShared : Pass<"uop-align-dynamic-shared"> {
  let summary = "give a kernel's dynamic shared memory the alignment of its "
                "buffers";
  let description = [{
    `convert-uop-to-gpu` places the shared buffers of a kernel that exceeds
    static shared memory in its dynamic shared memory and records the
    largest alignment they need as `uop.dynamic_shared_alignment` on the
    gpu.module (1024 bytes for 128-byte swizzled tiles). After
    `convert-gpu-to-nvvm`, which declares the region as a zero-length
    `.shared` array of internal linkage aligned to 16 bytes, this pass gives
    every zero-length shared array of a gpu.module external linkage (else
    the NVPTX back end demotes it into its function as a zero-sized
    `.shared` variable, which ptxas may overlap with the static ones) and
    raises its alignment to the recorded one, so that the PTX reads
    `.extern .shared .align 1024 .b8 name[]` and the driver starts the
    region there, after all static shared memory.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // UOP_TRANSFORMS_PASSES_TD
