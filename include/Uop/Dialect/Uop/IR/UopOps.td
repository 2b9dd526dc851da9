//===- UopOps.td - uop dialect operations ------------------*- tablegen -*-===//
//
// Operations of the uop dialect.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPOPS_TD
#define UOP_DIALECT_UOP_IR_UOPOPS_TD

include "Uop/Dialect/Uop/IR/UopDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
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

    Example:

    ```mlir
    %sA = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    ```
  }];
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

#endif // UOP_DIALECT_UOP_IR_UOPOPS_TD
