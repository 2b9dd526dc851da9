// uop.copy (zero-filled, optionally swizzled cooperative tile copy) and
// uop.matmul (per-thread register tiles) compute linalg.matmul's numbers.
// A 40x24 by 24x36 product with 32x32 block tiles and K tiles of 16: the
// edge tiles are partial, so the zero fill and the zero reads past the
// bounds both matter. uop.matmul accumulates with fused multiply-adds, so
// the results agree within the f32 tolerance rather than bit for bit.

// RUN: uop-sim %s --compare-with %s --ref-entry reference | FileCheck %s
// CHECK-NOT: fault
// CHECK: mismatches=0/3264
// Without the barrier after the copies, the tile reads race with the writes.
// RUN: sh -c 'uop-sim %s --entry racy 2>&1; echo exit=$?' | FileCheck %s --check-prefix=RACY
// RACY: uop-sim: fault: RAW race on shared %sA
// RACY: exit=2


func.func @main(%A: memref<40x24xf32>, %B: memref<24x36xf32>,
                %C: memref<40x36xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  %c36 = arith.constant 36 : index
  %c40 = arith.constant 40 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %sA = uop.alloc_shared : memref<32x16xf32, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<16x32xf32, #gpu.address_space<workgroup>>
    %m0 = arith.muli %by, %c32 : index
    %n0 = arith.muli %bx, %c32 : index
    %mr = arith.subi %c40, %m0 : index
    %bm = arith.minsi %mr, %c32 : index
    %nr = arith.subi %c36, %n0 : index
    %bn = arith.minsi %nr, %c32 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %acc = scf.for %k0 = %c0 to %c24 step %c16 iter_args(%a = %zero) -> (vector<2x2xf32>) {
      %kr = arith.subi %c24, %k0 : index
      %bk = arith.minsi %kr, %c16 : index
      %ta = memref.subview %A[%m0, %k0] [%bm, %bk] [1, 1] : memref<40x24xf32> to memref<?x?xf32, strided<[24, 1], offset: ?>>
      %tb = memref.subview %B[%k0, %n0] [%bk, %bn] [1, 1] : memref<24x36xf32> to memref<?x?xf32, strided<[36, 1], offset: ?>>
      uop.copy %ta, %sA {layout = #uop.shared_layout<swizzle = 4>} : memref<?x?xf32, strided<[24, 1], offset: ?>> to memref<32x16xf32, #gpu.address_space<workgroup>>
      uop.copy %tb, %sB : memref<?x?xf32, strided<[36, 1], offset: ?>> to memref<16x32xf32, #gpu.address_space<workgroup>>
      uop.barrier
      %n = uop.matmul %sA, %sB, %a {threads = array<i64: 16, 16>, a_layout = #uop.shared_layout<swizzle = 4>}
          : memref<32x16xf32, #gpu.address_space<workgroup>>, memref<16x32xf32, #gpu.address_space<workgroup>>, vector<2x2xf32>
      uop.barrier
      scf.yield %n : vector<2x2xf32>
    }
    %r0 = arith.addi %m0, %ty : index
    %cc0 = arith.addi %n0, %tx : index
    %r1 = arith.addi %r0, %c16 : index
    %cc1 = arith.addi %cc0, %c16 : index
    %v00 = vector.extract %acc[0, 0] : f32 from vector<2x2xf32>
    %v01 = vector.extract %acc[0, 1] : f32 from vector<2x2xf32>
    %v10 = vector.extract %acc[1, 0] : f32 from vector<2x2xf32>
    %v11 = vector.extract %acc[1, 1] : f32 from vector<2x2xf32>
    %okr0 = arith.cmpi ult, %r0, %c40 : index
    %okr1 = arith.cmpi ult, %r1, %c40 : index
    %okc0 = arith.cmpi ult, %cc0, %c36 : index
    %okc1 = arith.cmpi ult, %cc1, %c36 : index
    %p00 = arith.andi %okr0, %okc0 : i1
    scf.if %p00 { memref.store %v00, %C[%r0, %cc0] : memref<40x36xf32> }
    %p01 = arith.andi %okr0, %okc1 : i1
    scf.if %p01 { memref.store %v01, %C[%r0, %cc1] : memref<40x36xf32> }
    %p10 = arith.andi %okr1, %okc0 : i1
    scf.if %p10 { memref.store %v10, %C[%r1, %cc0] : memref<40x36xf32> }
    %p11 = arith.andi %okr1, %okc1 : i1
    scf.if %p11 { memref.store %v11, %C[%r1, %cc1] : memref<40x36xf32> }
    gpu.terminator
  }
  return
}

func.func @racy(%A: memref<40x24xf32>, %B: memref<24x36xf32>,
                %C: memref<40x36xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  %c36 = arith.constant 36 : index
  %c40 = arith.constant 40 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %sA = uop.alloc_shared : memref<32x16xf32, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<16x32xf32, #gpu.address_space<workgroup>>
    %m0 = arith.muli %by, %c32 : index
    %n0 = arith.muli %bx, %c32 : index
    %mr = arith.subi %c40, %m0 : index
    %bm = arith.minsi %mr, %c32 : index
    %nr = arith.subi %c36, %n0 : index
    %bn = arith.minsi %nr, %c32 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %acc = scf.for %k0 = %c0 to %c24 step %c16 iter_args(%a = %zero) -> (vector<2x2xf32>) {
      %kr = arith.subi %c24, %k0 : index
      %bk = arith.minsi %kr, %c16 : index
      %ta = memref.subview %A[%m0, %k0] [%bm, %bk] [1, 1] : memref<40x24xf32> to memref<?x?xf32, strided<[24, 1], offset: ?>>
      %tb = memref.subview %B[%k0, %n0] [%bk, %bn] [1, 1] : memref<24x36xf32> to memref<?x?xf32, strided<[36, 1], offset: ?>>
      uop.copy %ta, %sA {layout = #uop.shared_layout<swizzle = 4>} : memref<?x?xf32, strided<[24, 1], offset: ?>> to memref<32x16xf32, #gpu.address_space<workgroup>>
      uop.copy %tb, %sB : memref<?x?xf32, strided<[36, 1], offset: ?>> to memref<16x32xf32, #gpu.address_space<workgroup>>

      %n = uop.matmul %sA, %sB, %a {threads = array<i64: 16, 16>, a_layout = #uop.shared_layout<swizzle = 4>}
          : memref<32x16xf32, #gpu.address_space<workgroup>>, memref<16x32xf32, #gpu.address_space<workgroup>>, vector<2x2xf32>
      uop.barrier
      scf.yield %n : vector<2x2xf32>
    }
    %r0 = arith.addi %m0, %ty : index
    %cc0 = arith.addi %n0, %tx : index
    %r1 = arith.addi %r0, %c16 : index
    %cc1 = arith.addi %cc0, %c16 : index
    %v00 = vector.extract %acc[0, 0] : f32 from vector<2x2xf32>
    %v01 = vector.extract %acc[0, 1] : f32 from vector<2x2xf32>
    %v10 = vector.extract %acc[1, 0] : f32 from vector<2x2xf32>
    %v11 = vector.extract %acc[1, 1] : f32 from vector<2x2xf32>
    %okr0 = arith.cmpi ult, %r0, %c40 : index
    %okr1 = arith.cmpi ult, %r1, %c40 : index
    %okc0 = arith.cmpi ult, %cc0, %c36 : index
    %okc1 = arith.cmpi ult, %cc1, %c36 : index
    %p00 = arith.andi %okr0, %okc0 : i1
    scf.if %p00 { memref.store %v00, %C[%r0, %cc0] : memref<40x36xf32> }
    %p01 = arith.andi %okr0, %okc1 : i1
    scf.if %p01 { memref.store %v01, %C[%r0, %cc1] : memref<40x36xf32> }
    %p10 = arith.andi %okr1, %okc0 : i1
    scf.if %p10 { memref.store %v10, %C[%r1, %cc0] : memref<40x36xf32> }
    %p11 = arith.andi %okr1, %okc1 : i1
    scf.if %p11 { memref.store %v11, %C[%r1, %cc1] : memref<40x36xf32> }
    gpu.terminator
  }
  return
}

func.func @reference(%A: memref<40x24xf32>, %B: memref<24x36xf32>,
                     %C: memref<40x36xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<40x36xf32>)
  linalg.matmul ins(%A, %B : memref<40x24xf32>, memref<24x36xf32>)
                outs(%C : memref<40x36xf32>)
  return
}
