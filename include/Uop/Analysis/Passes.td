//===- Passes.td - uop analysis passes ---------------------*- tablegen -*-===//
//
// Passes that inspect kernels and report what they find as diagnostics; they
// never change the IR.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_ANALYSIS_PASSES_TD
#define UOP_ANALYSIS_PASSES_TD

include "mlir/Pass/PassBase.td"

def UopBankConflicts : Pass<"uop-bank-conflicts"> {
  let summary = "report the shared-memory passes of every warp access";
  let description = [{
    Shared memory is 32 banks of 4 bytes; 32-bit word `w` lives in bank
    `w mod 32`, and each bank serves one word per cycle. When the lanes of a
    warp access shared memory, lanes that touch the same word share one read
    (broadcast) or write, while distinct words in the same bank are served one
    after the other. The number of passes an access takes is the largest
    number of distinct words any one bank must serve.

    For every `memref.load`, `memref.store`, `vector.load`, `vector.store`,
    `vector.transfer_read` and `vector.transfer_write` on a workgroup-space
    memref inside a kernel (`gpu.launch` body or kernel `gpu.func`), this pass
    evaluates the byte address of each lane of warp 0 of block 0 and emits a
    remark on the access:

    ```
    shared load of '<buffer>': 32 passes per warp access (32-way bank conflict)
    ```

    An address that cannot be evaluated (it depends on loaded data, a
    loop-carried value, a kernel argument or a dynamic block size) gets a
    remark that says so and names what blocked it. 64- and 128-bit accesses
    are served in 2 and 4 phases of 16 and 8 lanes. Each enclosing sequential
    loop is evaluated at its first `loop-iterations` iterations and the worst
    is reported. See docs/bank-conflicts.md for the exact model.
  }];
  let options = [
    Option<"emitSummary", "emit-summary", "bool", "false",
           "also emit one remark per kernel with its worst access">,
    Option<"loopIterations", "loop-iterations", "unsigned", "4",
           "iterations of each enclosing loop to evaluate (the worst counts); "
           "1 evaluates every loop at its lower bound only">
  ];
}

#endif // UOP_ANALYSIS_PASSES_TD
