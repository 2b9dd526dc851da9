//===- UopWgmmaOps.td - uop warpgroup MMA ops (sm_90a) ------*- tablegen -*-===//
//
// The warpgroup-level tensor core of sm_90a: wgmma.mma_async, which four
// warps (a warpgroup of 128 threads) issue together to multiply two tiles
// of shared memory into an accumulator spread over their registers, and the
// fence / commit_group / wait_group discipline of its asynchronous
// completion.
//
// As for tcgen05, the shared-memory matrix descriptors are derived from the
// operand types (Wgmma.h), never written by hand. The ops stay uop ops
// through the nvgpu stage (uop-sim runs them there: nvgpu's warpgroup ops
// hold the accumulator in an opaque warpgroup-wide type that a per-thread
// value cannot become) and are lowered to NVVM's wgmma ops in the llvm stage
// by convert-uop-to-nvvm. Verifiers in lib/Dialect/Uop/IR/WgmmaOps.cpp;
// semantics in lib/Sim/Uop/WgmmaOps.cpp and lib/Sim/Wgmma.cpp (docs/sim.md).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPWGMMAOPS_TD
#define UOP_DIALECT_UOP_IR_UOPWGMMAOPS_TD

include "Uop/Dialect/Uop/IR/UopDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// WgmmaFenceOp
//===----------------------------------------------------------------------===//

def Uop_WgmmaFenceOp : Uop_Op<"wgmma_fence", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "orders register and shared-memory accesses before the "
                "warpgroup's next wgmma (wgmma.fence.sync.aligned)";
  let description = [{
    Every warp of the warpgroup executes it before the first
    `uop.wgmma_mma` and again between any other access to an accumulator's
    registers (initializing it, reading a result after its wait) and the
    next `uop.wgmma_mma` on them. uop-sim asks for one before the first
    `uop.wgmma_mma` of a thread and before the first after each of its
    `uop.wgmma_wait_group`s (where the kernel reads results), and reports
    an MMA without it. Lowers to `nvvm.wgmma.fence.aligned`.

    ```mlir
    uop.wgmma_fence
    %d = uop.wgmma_mma %sA, %sB, %c : ...
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// WgmmaMmaOp
//===----------------------------------------------------------------------===//

def Uop_WgmmaMmaOp : Uop_Op<"wgmma_mma", [
    MemoryEffects<[MemRead<DefaultResource>]>,
    AllTypesMatch<["c", "result"]>]> {
  let summary = "asynchronous warpgroup multiply of two shared tiles into "
                "registers (wgmma.mma_async.sync.aligned.m64nNk16.f32, "
                "m64nNk8 for tf32)";
  let description = [{
    The 128 threads of a warpgroup (four consecutive warps, the first a
    multiple of four) together compute `D = A * B^T + C`, where `A` is the
    `64 x K` and `B` the `N x K` operand in shared memory, each K-major
    (a row holds K consecutive elements) or, with `a_m_major` /
    `b_n_major` (the instruction's imm-trans-a / imm-trans-b), M- / N-major,
    and `C` and
    `D` are the `64 x N` f32 accumulator spread over the warpgroup's
    registers: thread `t` of
    the warpgroup (warp `w = t / 32`, lane `l = t % 32`) holds in element
    `i` of its `vector<N/2 x f32>` the accumulator's
    `(16 w + l / 4 + 8 ((i / 2) mod 2), 8 (i / 4) + 2 (l mod 4) + i mod 2)`
    (PTX ISA, the wgmma `D` fragment for `.f32`).

    Shapes (f16 / bf16 inputs, f32 accumulation): M = 64, N a multiple of
    8 from 8 to 256, K = 64 (one row is the 128 bytes of one 128-byte
    swizzle atom). f32 tiles are read as tf32 (K = 32, the same 128-byte
    rows): the tensor core ignores the low 13 mantissa bits of each
    element, and both operands are K-major (tf32 has no transpose, so no
    `a_m_major` / `b_n_major`). Both tiles are stored with the 128-byte
    swizzle the hardware reads (the layout `#uop.shared_layout<swizzle = 8,
    unit = 8>`, `unit = 4` for f32, that `uop.copy` writes, and that
    `uop.tma_load` with `swizzle = 128` writes), starting 1024-byte
    aligned.
    An N-major `B` is the form TMA loads from a GEMM that stores `B` as
    `K x N` (row-major, linalg.matmul's): N / 64 blocks of `K x 64` (a
    128-byte row holds 64 consecutive columns of one k), block `j` in rows
    `64 j .. 64 j + 63` of the same `N x 64` tile type, so element
    `(n, k)` of `B` is at row `64 (n / 64) + k`, column `n mod 64`; N is
    then a multiple of 64. An M-major `A` (a GEMM storing `A` as `K x M`)
    is the one such block of its 64 rows: row `k` holds `A`'s 64 rows at
    that k.

    The op is asynchronous and warpgroup-collective: every thread of the
    warpgroup executes it with the same tiles, after a
    `uop.wgmma_fence`; `uop.wgmma_commit_group` closes the group of the
    thread's uncommitted MMAs, and the result may be used (other than as
    `C` of the next MMA, which the hardware allows) only after a
    `uop.wgmma_wait_group` has waited for that group. Until then the
    tiles must not be written. uop-sim faults on each of these misuses.

    Lowers to K / 16 `nvvm.wgmma.mma_async` instructions of shape m64nNk16
    (K / 8 of m64nNk8 for tf32), each on shared-memory descriptors of its
    32-byte K slice (start address advanced 32 bytes per slice, 1024
    bytes between 8-row groups, 128-byte swizzle; for an N-major `B`,
    2048 bytes per slice, 1024 between groups of 8 k and 8192 between the
    blocks of 64 columns) with the accumulator in N/2 f32 registers.

    ```mlir
    %d = uop.wgmma_mma %sA, %sB, %c
        : memref<64x64xf16, #gpu.address_space<workgroup>>,
          memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64xf32>
    %e = uop.wgmma_mma %sA, %sBt, %c b_n_major
        : memref<64x64xf16, #gpu.address_space<workgroup>>,
          memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64xf32>
    %t = uop.wgmma_mma %tA, %tB, %c
        : memref<64x32xf32, #gpu.address_space<workgroup>>,
          memref<128x32xf32, #gpu.address_space<workgroup>>, vector<64xf32>
    ```
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the 64 x K tile", [MemRead<DefaultResource>]>:$a,
    Arg<AnyMemRef, "the N x K operand, K-major or N-major",
        [MemRead<DefaultResource>]>:$b,
    VectorOfRankAndType<[1], [F32]>:$c,
    UnitAttr:$b_n_major,
    UnitAttr:$a_m_major);
  let results = (outs VectorOfRankAndType<[1], [F32]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`a_m_major` $a_m_major^)? (`b_n_major` $b_n_major^)?
    attr-dict `:` type($a) `,` type($b) `,` type($c)
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
// WgmmaCommitGroupOp
//===----------------------------------------------------------------------===//

def Uop_WgmmaCommitGroupOp : Uop_Op<"wgmma_commit_group", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "closes the thread's uncommitted wgmmas into a group "
                "(wgmma.commit_group.sync.aligned)";
  let description = [{
    Makes one wgmma-group of every `uop.wgmma_mma` the executing thread has
    issued since its last commit (an empty group when there is none).
    Warpgroup-collective. Lowers to `nvvm.wgmma.commit.group.sync.aligned`.
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// WgmmaWaitGroupOp
//===----------------------------------------------------------------------===//

def Uop_WgmmaWaitGroupOp : Uop_Op<"wgmma_wait_group", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "waits until at most `pending` of the thread's wgmma-groups "
                "are in flight (wgmma.wait_group.sync.aligned)";
  let description = [{
    Blocks until all but the `pending` most recent wgmma-groups of the
    executing thread have completed (`pending` from 0 to 7): their results
    may then be used and their tiles overwritten. With `pending = 1` a
    K-loop keeps the MMAs of one k-tile in flight while the next are
    issued. Warpgroup-collective. Lowers to
    `nvvm.wgmma.wait.group.sync.aligned`.

    ```mlir
    uop.wgmma_commit_group
    uop.wgmma_wait_group 0
    ```
  }];
  let arguments = (ins I64Attr:$pending);
  let assemblyFormat = "$pending attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// SetMaxNRegOp
//===----------------------------------------------------------------------===//

def Uop_SetMaxNRegOp : Uop_Op<"setmaxnreg"> {
  let summary = "moves the warpgroup's per-thread register budget "
                "(setmaxnreg.inc / .dec.sync.aligned.u32)";
  let description = [{
    Sets the number of registers each thread of the executing warpgroup
    may use to `count` (24 to 256, a multiple of 8): `decrease` releases
    registers to the block's pool, `increase` takes them from it (waiting
    until the pool holds enough). A warp-specialized kernel gives its
    producer warpgroup, which only issues TMA copies, a small budget and
    its MMA warpgroups, which hold the accumulators, a large one.

    Warpgroup-collective (.sync.aligned): the four warps of a warpgroup
    execute it together. uop-sim checks that, and that an `increase` does
    not lower nor a `decrease` raise the warpgroup's budget set by its
    previous setmaxnreg. Lowers to `nvvm.setmaxregister`; sm_90a and
    sm_100a have it.

    ```mlir
    uop.setmaxnreg decrease 40
    uop.setmaxnreg increase 232
    ```
  }];
  let arguments = (ins UnitAttr:$increase, I64Attr:$count);
  let assemblyFormat = [{
    (`increase` $increase^) : (`decrease`)? $count attr-dict
  }];
  let hasVerifier = 1;
}

#endif // UOP_DIALECT_UOP_IR_UOPWGMMAOPS_TD
