// Without the second barrier, a fast thread goes on to the next K step and
// overwrites sA / sB while slower threads still read the current tiles: a
// write-after-read race (seed 13.4, "the one people forget").

// RUN: sh -c 'uop-sim %s 2>&1; echo exit=$?' | FileCheck %s

// CHECK-DAG: uop-sim: fault: WAR race on shared %sA[0, 0] in block (0, 0, 0): read by thread (1, 0, 0) at {{.*}}race-war.mlir:40:14, write by thread (0, 0, 0) at {{.*}}race-war.mlir:34:7
// CHECK-DAG: uop-sim: fault: WAR race on shared %sB[0, 0] in block (0, 0, 0): read by thread (0, 1, 0) at {{.*}}race-war.mlir:41:14, write by thread (0, 0, 0) at {{.*}}race-war.mlir:37:7
// CHECK-NOT: RAW
// CHECK-NOT: uop-sim: fault
// CHECK: exit=2

func.func @main(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %sA = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %acc = scf.for %kt = %c0 to %c4 step %c1 iter_args(%sum = %zero) -> (f32) {
      // Cooperative copy: thread (ty, tx) copies A[row, kt*T + tx] and
      // B[kt*T + ty, col].
      %k0 = arith.muli %kt, %c16 : index
      %ka = arith.addi %k0, %tx : index
      %a = memref.load %A[%row, %ka] : memref<64x64xf32>
      memref.store %a, %sA[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %kb = arith.addi %k0, %ty : index
      %b = memref.load %B[%kb, %col] : memref<64x64xf32>
      memref.store %b, %sB[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      uop.barrier
      %next = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %sum) -> (f32) {
        %x = memref.load %sA[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = memref.load %sB[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %n = arith.addf %s, %p : f32
        scf.yield %n : f32
      }
      scf.yield %next : f32
    }
    memref.store %acc, %C[%row, %col] : memref<64x64xf32>
    gpu.terminator
  }
  return
}
