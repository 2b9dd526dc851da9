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

    The static shared memory of a kernel is checked against the limit of
    static `.shared` arrays, the `max_static_shared` of the module's
    `uop.target` (48 KiB; larger tiles need dynamic shared memory): a kernel
    over it is an error naming its size.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect"];
}

#endif // UOP_CONVERSION_PASSES_TD
