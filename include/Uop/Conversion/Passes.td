//===- Passes.td - uop conversion passes -------------------*- tablegen -*-===//
//
// Conversions that move a kernel down the lowering ladder, out of the uop
// dialect.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_PASSES_TD
#define UOP_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertUopToGPU : Pass<"convert-uop-to-gpu"> {
  let summary = "lower uop shared memory and barriers to the gpu dialect";
  let description = [{
    Rewrites the uop ops of every kernel (`gpu.launch` or kernel `gpu.func`)
    into the gpu dialect, ready for `gpu-kernel-outlining` and
    `convert-gpu-to-nvvm`:

    - each `uop.alloc_shared` becomes a workgroup attribution of its kernel
      (a `.shared` array of the PTX kernel), whatever scope it was written in;
    - `uop.barrier` becomes `gpu.barrier` (`bar.sync 0`).

    It leaves every other op as it is (a partial conversion): tensor-core ops
    of the uop dialect pass through to the conversions after it. The tile ops
    (`uop.copy`, `uop.matmul`) must have been lowered by `uop-lower-tiles`.
    Loops that hold a barrier are marked not-to-unroll by the separate
    `uop-keep-barrier-loops-rolled` pass.

    A kernel's shared buffers up to the limit of static `.shared` arrays,
    the `max_static_shared` of the module's `uop.target` (48 KiB), are
    attributions. Past it, a kernel `gpu.func` gets them in dynamic shared
    memory, up to the chip's `max_shared` per block (227 KiB on sm_90a and
    sm_100a): one `gpu.dynamic_shared_memory` region, a `memref.view` per
    buffer at an offset keeping its alignment (largest first), the region's
    bytes as the `dynamic_shared_memory_size` of every `gpu.launch_func` of
    the kernel, and the largest alignment as `uop.dynamic_shared_alignment`
    on the gpu.module, which `uop-align-dynamic-shared` gives the region's
    `.extern .shared` declaration in the llvm stage. Over `max_shared`, or
    past 48 KiB in a kernel that is not outlined or already has workgroup
    attributions, is an error naming the size.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect"];
}

def ConvertUopToNVGPU : Pass<"convert-uop-to-nvgpu"> {
  let summary = "lower uop tensor-core and async-copy ops to nvgpu and gpu";
  let description = [{
    The conversion of the nvgpu stage. Each tensor-core or async-copy op of
    uop becomes the upstream op of the same instruction, whose lowering to
    NVVM (`convert-nvgpu-to-nvvm`, `convert-gpu-to-nvvm`) is reused:

    - `uop.ldmatrix` -> `nvgpu.ldmatrix`, `uop.mma_sync` -> `nvgpu.mma.sync`;
    - `uop.cp_async` -> `nvgpu.device_async_copy`, `uop.cp_async_commit` ->
      `nvvm.cp.async.commit.group`, `uop.cp_async_wait` ->
      `nvvm.cp.async.wait.group` (token-free, as the hardware counts groups);
    - `uop.wmma_load` / `wmma_mma` / `wmma_store` / `wmma_fill` ->
      `gpu.subgroup_mma_load_matrix` / `compute` / `store_matrix` /
      `constant_matrix`, a `!uop.fragment` becoming a `!gpu.mma_matrix`
      (also through scf loops that carry it). The gpu dialect has no bf16
      fragment, so a bf16 WMMA op is an error here.
    - `uop.tma_load` -> `nvgpu.tma.async.load` on a tensor map: the kernel
      gains one `!nvgpu.tensormap.descriptor` argument per (source argument,
      box, swizzle), appended to its arguments, and every `gpu.launch_func`
      of it creates the map just before the launch with
      `nvgpu.tma.create.descriptor` on the host's memref (cast to unranked).
      The source must be an argument of the kernel, and the pass must run
      on the module that holds the kernel's launches.
    - `uop.tma_store` -> `nvgpu.tma.async.store` on a tensor map of its
      destination, made the same way (one per destination argument, box
      and swizzle; loads and stores of one argument, box and swizzle share
      it), followed by `nvvm.cp.async.bulk.commit.group`;
      `uop.tma_store_wait` -> `nvvm.cp.async.bulk.wait_group` {read}.

    Other ops are left as they are (a partial conversion).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ConvertNVGPUBF16MmaToNVVM : Pass<"convert-nvgpu-bf16-mma-to-nvvm"> {
  let summary = "lower bf16 nvgpu.mma.sync to nvvm.mma.sync";
  let description = [{
    Rewrites every bf16 `nvgpu.mma.sync` with an f32 accumulator (m16n8k16
    or m16n8k8) into `nvvm.mma.sync` on the instruction's registers: each
    two-element row of the A and B fragments is one i32 holding two bf16
    values, the accumulator four f32. Upstream's `convert-nvgpu-to-nvvm`
    lowers the other element types but not bf16; the llvm stage runs this
    pass just before it. Other ops are left as they are.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::vector::VectorDialect"];
}

def ConvertNVGPUTensorMapArgsToLLVM
    : Pass<"convert-nvgpu-tensormap-args-to-llvm"> {
  let summary = "make tensor-map kernel arguments !llvm.ptr parameters";
  let description = [{
    Retypes every `!nvgpu.tensormap.descriptor` argument of a `gpu.func` to
    `!llvm.ptr` and casts it back to the descriptor for its uses
    (`builtin.unrealized_conversion_cast`). Upstream's
    `convert-nvgpu-to-nvvm` lowers those uses to the same pointer, so the
    casts cancel, but neither it nor `convert-gpu-to-nvvm` converts a
    function signature holding the descriptor type. The llvm stage runs
    this pass just before `convert-nvgpu-to-nvvm`: the kernel's tensor map
    becomes one .u64 PTX parameter, the generic address of a 128-byte
    CUtensorMap in global memory, which the runner passes. The host
    function's `nvgpu.tma.create.descriptor` and the launch are left as
    they are.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertUopToNVVM : Pass<"convert-uop-to-nvvm"> {
  let summary = "lower uop tensor-memory and tcgen05 ops to NVVM";
  let description = [{
    The llvm-stage conversion of the uop ops nvgpu has no counterpart for,
    which therefore stay uop ops (and run in uop-sim) through the nvgpu
    stage:

    - `uop.tmem_alloc` -> `nvvm.tcgen05.alloc` on the slot's shared
      address; `uop.tmem_dealloc` / `tmem_relinquish_alloc_permit` ->
      `nvvm.tcgen05.dealloc` / `relinquish_alloc_permit`;
    - `uop.tcgen05_mma` -> one `nvvm.tcgen05.mma` (kind f16, cta_group 1)
      per k16 slice of the tiles, on shared-memory descriptors computed
      from the tiles' shared addresses (K-major, 128-byte swizzle, start
      advanced 32 bytes per slice) and the instruction descriptor of the
      types and shape (Uop/Dialect/Uop/IR/Tcgen05.h);
    - `uop.tcgen05_commit` -> `nvvm.tcgen05.commit` on the barrier's shared
      address; `uop.tcgen05_ld` -> `nvvm.tcgen05.ld` (shape 32x32b) and a
      bitcast to f32; `uop.tcgen05_wait_ld` -> `nvvm.tcgen05.wait <load>`;
    - `uop.tcgen05_fence` -> `nvvm.tcgen05.fence`; `uop.fence_proxy_async`
      -> `nvvm.fence.proxy` (async.shared, cta).

    Tensor-memory addresses are i32 values; they become `!llvm.ptr<6>` at
    each instruction. The llvm stage runs it before convert-nvgpu-to-nvvm,
    mapping `!nvgpu.mbarrier.group` the way that pass does.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // UOP_CONVERSION_PASSES_TD
