// Shared memory starts undefined in every block: reading an element no
// thread of the block wrote is a fault, even when an earlier block wrote
// it (each block has its own shared memory).

// RUN: sh -c 'uop-sim %s 2>&1; echo exit=$?' | FileCheck %s
// CHECK: uop-sim: fault: uninitialized read of shared %s[15] in block (0, 0, 0) by thread (15, 0, 0) at {{.*}}uninitialized.mlir:[[@LINE+19]]:10: no thread of the block wrote it
// CHECK-NOT: uop-sim: fault
// CHECK: exit=2

func.func @main(%out: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16xf32, #gpu.address_space<workgroup>>
    // Thread 15 does not write its element.
    %w = arith.cmpi ult, %tx, %c15 : index
    scf.if %w {
      memref.store %one, %s[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    }
    uop.barrier
    %v = memref.load %s[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    %base = arith.muli %bx, %c16 : index
    %i = arith.addi %base, %tx : index
    memref.store %v, %out[%i] : memref<32xf32>
    gpu.terminator
  }
  return
}
