// Programs that verify but that the interpreter cannot run are bad input
// (exit 3), named at the operation that cannot run: forms the simulator does
// not model, launches the hardware would refuse, and allocations it cannot
// make. Each entry below hits one.

// A size that differs between threads: one allocation cannot have it.
// RUN: sh -c 'uop-sim %s --entry varying_size 2>&1; echo exit=$?' | FileCheck %s --check-prefix=VARYING
// VARYING: interpreter-errors.mlir:[[@LINE+8]]:10: error: operand %tid must be the same for all threads here
// VARYING: exit=3
func.func @varying_size(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %tid = gpu.thread_id x
    %p = memref.alloc(%tid) : memref<?xf32>
    gpu.terminator
  }
  return
}

// Regions run straight through: more than one block is not modelled.
// RUN: sh -c 'uop-sim %s --entry two_blocks 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: interpreter-errors.mlir:[[@LINE+2]]:1: error: regions with more than one block are not supported
// BLOCKS: exit=3
func.func @two_blocks(%out: memref<4xf32>) {
  return
^unreachable:
  return
}

// A call needs the callee's body.
// RUN: sh -c 'uop-sim %s --entry external_call 2>&1; echo exit=$?' | FileCheck %s --check-prefix=EXTERNAL
// EXTERNAL: interpreter-errors.mlir:[[@LINE+4]]:3: error: call of a function without a body
// EXTERNAL: exit=3
func.func private @external(memref<4xf32>)
func.func @external_call(%out: memref<4xf32>) {
  func.call @external(%out) : (memref<4xf32>) -> ()
  return
}

// Dynamic parallelism: a kernel launching a kernel.
// RUN: sh -c 'uop-sim %s --entry nested_launch 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NESTED
// NESTED: interpreter-errors.mlir:[[@LINE+6]]:5: error: kernel launch inside a kernel
// NESTED: exit=3
func.func @nested_launch(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.launch blocks(%bx2, %by2, %bz2) in (%gx2 = %c1, %gy2 = %c1, %gz2 = %c1)
               threads(%tx2, %ty2, %tz2) in (%sx2 = %c1, %sy2 = %c1, %sz2 = %c1) {
      gpu.terminator
    }
    gpu.terminator
  }
  return
}

// Grid and block sizes are checked when the launch runs.
// RUN: sh -c 'uop-sim %s --entry empty_block 2>&1; echo exit=$?' | FileCheck %s --check-prefix=EMPTY
// EMPTY: interpreter-errors.mlir:[[@LINE+5]]:3: error: expected positive grid and block sizes, got grid (1, 1, 1) and block (0, 1, 1)
// EMPTY: exit=3
func.func @empty_block(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c0, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// A block over the target's max_threads (1024 for every chip, and for a
// module without a target), though each size is within max_block.
// RUN: sh -c 'uop-sim %s --entry huge_block 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HUGE
// HUGE: interpreter-errors.mlir:[[@LINE+6]]:3: error: expected at most 1024 threads per block (the target's max_threads), got 65792 in block (257, 256, 1)
// HUGE: exit=3
func.func @huge_block(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c257 = arith.constant 257 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c257, %sy = %c256, %sz = %c1) {
    gpu.terminator
  }
  return
}

// A kernel body runs straight through too.
// RUN: sh -c 'uop-sim %s --entry two_block_kernel 2>&1; echo exit=$?' | FileCheck %s --check-prefix=KBLOCKS
// KBLOCKS: interpreter-errors.mlir:[[@LINE+4]]:3: error: kernel bodies must have one block
// KBLOCKS: exit=3
func.func @two_block_kernel(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  ^unreachable:
    gpu.terminator
  }
  return
}

// Shared memory belongs to a block; the host has none.
// RUN: sh -c 'uop-sim %s --entry host_shared 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HOST
// HOST: interpreter-errors.mlir:[[@LINE+3]]:8: error: shared memory outside of a kernel
// HOST: exit=3
func.func @host_shared(%out: memref<4xf32>) {
  %s = memref.alloc() : memref<4xf32, #gpu.address_space<workgroup>>
  return
}

// Shared buffers are sized once per kernel, before any thread runs.
// RUN: sh -c 'uop-sim %s --entry dynamic_shared 2>&1; echo exit=$?' | FileCheck %s --check-prefix=DYNSHARED
// DYNSHARED: interpreter-errors.mlir:[[@LINE+7]]:10: error: shared buffers must have a static shape
// DYNSHARED: exit=3
func.func @dynamic_shared(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = memref.alloc(%c4) : memref<?xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// Buffers hold the element types of docs/sim.md only.
// RUN: sh -c 'uop-sim %s --entry i4_buffer 2>&1; echo exit=$?' | FileCheck %s --check-prefix=ELEMENT
// ELEMENT: interpreter-errors.mlir:[[@LINE+3]]:8: error: unsupported element type i4
// ELEMENT: exit=3
func.func @i4_buffer(%out: memref<4xf32>) {
  %b = memref.alloc() : memref<4xi4>
  return
}

// A size computed at run time can be negative.
// RUN: sh -c 'uop-sim %s --entry negative_size 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: interpreter-errors.mlir:[[@LINE+4]]:8: error: negative buffer size
// NEGATIVE: exit=3
func.func @negative_size(%out: memref<4xf32>) {
  %n = arith.constant -1 : index
  %b = memref.alloc(%n) : memref<?xf32>
  return
}
