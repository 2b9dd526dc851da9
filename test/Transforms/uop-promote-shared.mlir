// RUN: uop-opt %s --uop-promote-shared=stages=1 | FileCheck %s --check-prefix=ONE
// RUN: uop-opt %s --uop-promote-shared=stages=2 | FileCheck %s --check-prefix=TWO
// RUN: uop-opt %s --uop-promote-shared="stages=1 pad=1" | FileCheck %s --check-prefix=PAD
// RUN: uop-opt %s --uop-promote-shared="stages=1 swizzle=1" | FileCheck %s --check-prefix=SWZ

// Numerically the same as the input, without races (uop-sim exits 2 on a
// race, 1 on a mismatch):
// RUN: uop-opt %s --uop-promote-shared=stages=1 | uop-sim - --compare-with %s --ref-entry ref | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %s --uop-promote-shared=stages=2 | uop-sim - --compare-with %s --ref-entry ref | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %s --uop-promote-shared="stages=1 pad=1 swizzle=1" | uop-sim - --compare-with %s --ref-entry ref | FileCheck %s --check-prefix=SIM
// SIM: mismatches=0/

// Each barrier the pass places is needed: without the one after the copies
// a thread reads a tile element another thread has not written yet (RAW);
// without the one after the matmul, the next step's copy overwrites what
// another thread still reads (WAR); with two stages the single barrier does
// both jobs.
// RUN: uop-opt %s --uop-promote-shared=stages=1 --mlir-print-op-generic | %python %S/Inputs/drop-barrier.py 0 > %t.no-raw.mlir
// RUN: not uop-sim %t.no-raw.mlir 2>&1 | FileCheck %s --check-prefix=RAW
// RAW: RAW race on shared
// RUN: uop-opt %s --uop-promote-shared=stages=1 --mlir-print-op-generic | %python %S/Inputs/drop-barrier.py 1 > %t.no-war.mlir
// RUN: not uop-sim %t.no-war.mlir 2>&1 | FileCheck %s --check-prefix=WAR
// WAR: WAR race on shared
// RUN: uop-opt %s --uop-promote-shared=stages=2 --mlir-print-op-generic | %python %S/Inputs/drop-barrier.py 1 > %t.no-db.mlir
// RUN: not uop-sim %t.no-db.mlir 2>&1 | FileCheck %s --check-prefix=DB
// DB: race on shared

// A is stored K-major (8 x 32): the copy writes the transpose of its
// 32 x 8 tile, the matmul reads it with transpose_a.
// ONE-LABEL: func.func @main
// ONE: gpu.launch
// ONE-NEXT: %[[SA:.*]] = uop.alloc_shared {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>
// ONE-NEXT: %[[SB:.*]] = uop.alloc_shared {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>
// ONE: scf.for
// ONE: %[[TA:.*]] = memref.subview
// ONE: %[[TB:.*]] = memref.subview
// ONE-NEXT: %[[T:.*]] = memref.transpose %[[SA]] (d0, d1) -> (d1, d0)
// ONE-NEXT: uop.copy %[[TA]], %[[T]] : memref<32x8xf32, strided<[64, 1], offset: ?>> to memref<32x8xf32, strided<[1, 32]>, #gpu.address_space<workgroup>>
// ONE-NEXT: uop.copy %[[TB]], %[[SB]]
// ONE-NEXT: uop.barrier
// ONE-NEXT: %[[MM:.*]] = uop.matmul %[[SA]], %[[SB]], %{{.*}} {threads = array<i64: 8, 8>, transpose_a}
// ONE-NEXT: uop.barrier
// ONE-NEXT: scf.yield %[[MM]]

// TWO-LABEL: func.func @main
// TWO: gpu.launch
// TWO-NEXT: %[[SA:.*]] = uop.alloc_shared {alignment = 16 : i64} : memref<2x8x32xf32, #gpu.address_space<workgroup>>
// TWO-NEXT: %[[SB:.*]] = uop.alloc_shared {alignment = 16 : i64} : memref<2x8x32xf32, #gpu.address_space<workgroup>>
// The prologue fills stage 0, then one barrier.
// TWO: uop.copy
// TWO: uop.copy
// TWO-NEXT: uop.barrier
// TWO-NEXT: scf.for %[[K:.*]] =
// TWO-NOT: uop.barrier
// TWO: %[[NEXT:.*]] = arith.cmpi slt
// TWO-NEXT: scf.if %[[NEXT]] {
// TWO: uop.copy
// TWO: uop.copy
// TWO: }
// TWO-NOT: uop.barrier
// TWO: uop.matmul
// TWO-NEXT: uop.barrier
// TWO-NEXT: scf.yield
// TWO-NOT: uop.barrier

// PAD: uop.alloc_shared {alignment = 16 : i64} : memref<8x33xf32, #gpu.address_space<workgroup>>
// PAD: uop.alloc_shared {alignment = 16 : i64} : memref<8x33xf32, #gpu.address_space<workgroup>>
// PAD: uop.copy {{.*}} : {{.*}} to memref<32x8xf32, strided<[1, 33]>, #gpu.address_space<workgroup>>
// PAD: uop.copy {{.*}} {layout = #uop.shared_layout<pad = 1>} : {{.*}} to memref<8x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
// PAD: uop.matmul {{.*}} {a_layout = #uop.shared_layout<pad = 1>, b_layout = #uop.shared_layout<pad = 1>, threads = array<i64: 8, 8>, transpose_a}

// SWZ: uop.copy %{{.*}}, %{{.*}} {layout = #uop.shared_layout<swizzle = 8>}
// SWZ: uop.copy %{{.*}}, %{{.*}} {layout = #uop.shared_layout<swizzle = 32>}
// SWZ: uop.matmul {{.*}} {a_layout = #uop.shared_layout<swizzle = 8>, b_layout = #uop.shared_layout<swizzle = 32>, threads = array<i64: 8, 8>}

func.func @main(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<4x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %m0 = arith.muli %by, %c32 : index
    %n0 = arith.muli %bx, %c32 : index
    %acc = scf.for %k0 = %c0 to %c64 step %c8 iter_args(%it = %zero) -> (vector<4x4xf32>) {
      %a = memref.subview %A[%m0, %k0] [32, 8] [1, 1] : memref<64x64xf32> to memref<32x8xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[%k0, %n0] [8, 32] [1, 1] : memref<64x64xf32> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      %r = uop.matmul %a, %b, %it {threads = array<i64: 8, 8>}
          : memref<32x8xf32, strided<[64, 1], offset: ?>>, memref<8x32xf32, strided<[64, 1], offset: ?>>, vector<4x4xf32>
      scf.yield %r : vector<4x4xf32>
    }
    // Thread (x, y) holds C[m0 + 4 y + i][n0 + 4 x + j] (groups of 4).
    %ty4 = arith.muli %ty, %c4 : index
    %row0 = arith.addi %m0, %ty4 : index
    %tx4 = arith.muli %tx, %c4 : index
    %col0 = arith.addi %n0, %tx4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.addi %row0, %i : index
      scf.for %j = %c0 to %c4 step %c1 {
        %col = arith.addi %col0, %j : index
        %v = vector.extract %acc[%i, %j] : f32 from vector<4x4xf32>
        memref.store %v, %C[%row, %col] : memref<64x64xf32>
      }
    }
    gpu.terminator
  }
  return
}

// The reference: the same product, written as linalg.
func.func @ref(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
