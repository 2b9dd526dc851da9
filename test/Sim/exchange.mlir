// A correct exchange through shared memory: every thread writes its element,
// all meet at a barrier, then each reads its neighbour's. No race, no
// report, and the numbers equal a sequential rotation (no false positives).
// A second round reuses the buffer after another barrier (the WAR ordering
// the second barrier of smem_gemm provides), and a reduction by thread 0
// alone reads every element after a third barrier.

// RUN: uop-sim %s --compare-with %s --ref-entry reference 2>&1 | FileCheck %s
// CHECK-NOT: fault
// CHECK: max_abs_err=0 max_rel_err=0 mismatches=0/65
// RUN: uop-sim %s --print-outputs --seed 3 | FileCheck %s --check-prefix=OUT
// OUT: %in: memref<32xi32> =
// OUT: %out: memref<32xi32> =

func.func @main(%in: memref<32xi32>, %out: memref<32xi32>,
                %sum: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32xi32, #gpu.address_space<workgroup>>
    %x = memref.load %in[%tx] : memref<32xi32>
    memref.store %x, %s[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
    uop.barrier
    %t1 = arith.addi %tx, %c1 : index
    %n1 = arith.remui %t1, %c32 : index
    %y = memref.load %s[%n1] : memref<32xi32, #gpu.address_space<workgroup>>
    uop.barrier
    // Round two: rotate by two more.
    memref.store %y, %s[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
    uop.barrier
    %t2 = arith.addi %tx, %c2 : index
    %n2 = arith.remui %t2, %c32 : index
    %z = memref.load %s[%n2] : memref<32xi32, #gpu.address_space<workgroup>>
    memref.store %z, %out[%tx] : memref<32xi32>
    uop.barrier
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %zero = arith.constant 0 : i32
      %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %s[%i] : memref<32xi32, #gpu.address_space<workgroup>>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %r, %sum[%c0] : memref<1xi32>
    }
    gpu.terminator
  }
  return
}

func.func @reference(%in: memref<32xi32>, %out: memref<32xi32>,
                     %sum: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (i32) {
    %t = arith.addi %i, %c3 : index
    %n = arith.remui %t, %c32 : index
    %v = memref.load %in[%n] : memref<32xi32>
    memref.store %v, %out[%i] : memref<32xi32>
    %a = arith.addi %acc, %v : i32
    scf.yield %a : i32
  }
  memref.store %r, %sum[%c0] : memref<1xi32>
  return
}
