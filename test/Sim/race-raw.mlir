// Without the first barrier, a thread reads sA / sB while other threads of
// its block may not have written their elements yet: a read-after-write race.
// The lockstep simulation happens to compute the right numbers here (every
// thread's store runs before every load), which is why races are found by
// tracking accesses, not by checking results.

// RUN: sh -c 'uop-sim %s 2>&1; echo exit=$?' | FileCheck %s
// RUN: sh -c 'uop-sim %s --compare-with %S/Inputs/matmul_ref.mlir 2>&1; echo exit=$?' | FileCheck %s --check-prefix=CMP

// CHECK-DAG: uop-sim: fault: RAW race on shared %sA[0, 0] in block (0, 0, 0): write by thread (0, 0, 0) at {{.*}}race-raw.mlir:41:7, read by thread (1, 0, 0) at {{.*}}race-raw.mlir:46:14
// CHECK-DAG: uop-sim: fault: RAW race on shared %sB[0, 0] in block (0, 0, 0): write by thread (0, 0, 0) at {{.*}}race-raw.mlir:44:7, read by thread (0, 1, 0) at {{.*}}race-raw.mlir:47:14
// CHECK-NOT: WAR
// CHECK-NOT: uop-sim: fault
// CHECK: exit=2
// A fault outranks the comparison's verdict.
// CMP: RAW race
// CMP: max_abs_err=0 max_rel_err=0 mismatches=0/12288
// CMP: exit=2

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
      %next = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %sum) -> (f32) {
        %x = memref.load %sA[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = memref.load %sB[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %n = arith.addf %s, %p : f32
        scf.yield %n : f32
      }
      uop.barrier
      scf.yield %next : f32
    }
    memref.store %acc, %C[%row, %col] : memref<64x64xf32>
    gpu.terminator
  }
  return
}

// A racy reference is a fault too, named as the reference's.
// RUN: sh -c 'uop-sim %S/Inputs/matmul_ref.mlir --compare-with %s 2>&1; echo exit=$?' | FileCheck %s --check-prefix=REF
// REF: uop-sim: fault in reference: RAW race on shared %sA[0, 0] in block (0, 0, 0): write by thread (0, 0, 0) at {{.*}}race-raw.mlir:41:7, read by thread (1, 0, 0) at {{.*}}race-raw.mlir:46:14
// REF: max_abs_err=0 max_rel_err=0 mismatches=0/12288
// REF: exit=2
