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
    - `uop.barrier` becomes `gpu.barrier` (`bar.sync 0`);
    - with `keep-barrier-loops` (the default), every `scf.for` that contains
      a barrier gets `loop_annotation = #llvm.loop_annotation<unroll =
      <disable = true>>`: it is the main (K) loop of the kernel, and unrolling
      it would multiply the barriers and the code without removing a wait.

    The static shared memory of a kernel is checked against the limit of
    static `.shared` arrays (48 KiB; larger tiles need dynamic shared memory):
    a kernel over `max-static-shared-bytes` is an error naming its size.
  }];
  let options = [
    Option<"maxStaticSharedBytes", "max-static-shared-bytes", "int64_t",
           "49152", "limit on the static shared memory of one kernel, in bytes">,
    Option<"keepBarrierLoops", "keep-barrier-loops", "bool", "true",
           "tell LLVM not to unroll loops that contain a barrier">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect"];
}

#endif // UOP_CONVERSION_PASSES_TD
