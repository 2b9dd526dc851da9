// A shared store one past the end of its row: thread (15, y) writes
// s[y, 16], outside the 16x16 buffer. Reported once for the store (not once
// per thread), naming the index, the buffer and the first thread that hit
// it; the store itself is skipped. A global load past the end is caught too.

// RUN: sh -c 'uop-sim %s 2>&1; echo exit=$?' | FileCheck %s
// CHECK-DAG: uop-sim: fault: out of bounds: memref.store of shared %s[0, 16] (sizes 16x16) in block (0, 0, 0) by thread (15, 0, 0) at {{.*}}out-of-bounds.mlir:[[@LINE+14]]:5
// CHECK-DAG: uop-sim: fault: out of bounds: memref.load of %in[16] (sizes 16) in block (0, 0, 0) by thread (15, 0, 0) at {{.*}}out-of-bounds.mlir:[[@LINE+17]]:12
// CHECK-NOT: uop-sim: fault
// CHECK: exit=2

func.func @main(%in: memref<16xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %next = arith.addi %tx, %c1 : index
    memref.store %one, %s[%ty, %next] : memref<16x16xf32, #gpu.address_space<workgroup>>
    uop.barrier
    %first = arith.cmpi eq, %ty, %c0 : index
    scf.if %first {
      %v = memref.load %in[%next] : memref<16xf32>
      memref.store %v, %out[%ty, %tx] : memref<16x16xf32>
    }
    gpu.terminator
  }
  return
}
