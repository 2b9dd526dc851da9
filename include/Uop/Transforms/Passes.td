//===- Passes.td - uop transformation passes ---------------*- tablegen -*-===//
//
// Passes that rewrite kernels within the uop level of the lowering ladder.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TRANSFORMS_PASSES_TD
#define UOP_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // UOP_TRANSFORMS_PASSES_TD
