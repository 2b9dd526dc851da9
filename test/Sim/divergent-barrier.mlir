// A barrier that only threads with tx < 8 reach: on the hardware the block
// hangs or the barrier silently counts the wrong threads. The uop verifier
// rejects uop.barrier under thread-dependent control flow; gpu.barrier is
// not checked statically, so the simulator must catch it when it runs.

// RUN: sh -c 'uop-sim %s 2>&1; echo exit=$?' | FileCheck %s
// CHECK: uop-sim: fault: divergent barrier at {{.*}}divergent-barrier.mlir:[[@LINE+15]]:7 in block (0, 0, 0): reached by thread (0, 0, 0) but not by thread (8, 0, 0)
// CHECK-NOT: uop-sim: fault
// CHECK: exit=2

func.func @main(%out: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %one, %s[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    %low = arith.cmpi ult, %tx, %c8 : index
    scf.if %low {
      gpu.barrier
    }
    %v = memref.load %s[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tx] : memref<16xf32>
    gpu.terminator
  }
  return
}
