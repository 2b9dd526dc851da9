// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared=stages=1 --uop-lower-tiles --canonicalize --cse | FileCheck %s --check-prefix=FULL
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared="stages=1 pad=1" --uop-lower-tiles --canonicalize --cse | FileCheck %s --check-prefix=PAD
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared="stages=1 swizzle=1" --uop-lower-tiles --canonicalize --cse | FileCheck %s --check-prefix=SWZ
// RUN: uop-opt %s --uop-lower-tiles --canonicalize --cse --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=EDGE
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared=stages=2 --uop-lower-tiles --canonicalize --cse | FileCheck %s --check-prefix=RING

// Numerics of the expanded code, full and edge tiles:
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared="stages=1 pad=1 swizzle=1" --uop-lower-tiles \
// RUN:   | uop-sim - --compare-with %S/uop-promote-shared.mlir --ref-entry ref | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared=stages=2 --uop-lower-tiles \
// RUN:   | uop-sim - --compare-with %S/uop-promote-shared.mlir --ref-entry ref | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %S/../Integration/Inputs/gemm_100x60x70.mlir --uop-tile="tile=32,32,8 thread-tile=4,4" --uop-lower-tiles \
// RUN:   | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// SIM: mismatches=0/

// Full tiles: each thread moves 16 bytes per access, consecutive threads
// consecutive vectors (64 threads, 256 floats: one vector each), no guard.
// A is stored K-major (8 x 32, the transpose of its 32 x 8 tile): its
// 16-byte loads along K become 4 scalar stores down a column, consecutive
// threads in consecutive words.
// FULL-LABEL: func.func @main
// FULL: scf.for
// FULL-NOT: scf.if
// FULL: vector.load %{{.*}} {alignment = 16 : i64} : memref<32x8xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// FULL-COUNT-4: memref.store %{{.*}} : memref<8x32xf32, #gpu.address_space<workgroup>>
// FULL: vector.load %{{.*}} {alignment = 16 : i64} : memref<8x32xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// FULL-NEXT: vector.store %{{.*}} {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FULL-NEXT: uop.barrier
// The register-blocked product, its 8 k-steps unrolled: per step one
// 16-byte load of A's 4 rows and one of B's 4 columns (both K-major), and
// 4 rows of 4 fused multiply-adds.
// FULL-NOT: scf.for
// FULL: vector.load %{{.*}}[%c0, %{{.*}}] {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FULL: vector.load %{{.*}}[%c0, %{{.*}}] {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FULL-COUNT-4: vector.fma
// FULL-NOT: scf.for
// FULL-NOT: memref.load
// FULL: vector.load %{{.*}}[%c7, %{{.*}}] {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FULL: vector.load %{{.*}}[%c7, %{{.*}}] {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FULL-COUNT-4: vector.fma
// FULL: vector.from_elements
// FULL-NEXT: uop.barrier
// FULL: scf.yield
// FULL-NOT: uop.copy
// FULL-NOT: uop.matmul

// Register double buffering in the two-stage ring: the prefetch of tile
// i+1 loads its vectors into registers (yielded by the if, zero past the
// last tile) before the product of tile i, and stores them into the other
// buffer after it, before the step's barrier (race-free in uop-sim above).
// RING-LABEL: func.func @main
// RING: scf.for
// RING: %[[NEXT:.*]]:2 = scf.if %[[HAS:.*]] -> (vector<4xf32>, vector<4xf32>) {
// RING-NEXT: memref.subview
// RING-NEXT: memref.subview
// RING-NEXT: %[[VA:.*]] = vector.load %{{.*}} : memref<32x8xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// RING-NEXT: %[[VB:.*]] = vector.load %{{.*}} : memref<8x32xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// RING-NEXT: scf.yield %[[VA]], %[[VB]]
// RING-NEXT: } else {
// RING-NEXT: scf.yield %[[Z:.*]], %[[Z]]
// RING-NOT: memref.store
// RING-NOT: vector.store
// RING-COUNT-32: vector.fma
// RING: scf.if %[[HAS]] {
// RING-COUNT-4: memref.store %{{.*}} : memref<8x32xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
// RING: vector.store %[[NEXT]]#1, %{{.*}} : memref<8x32xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<4xf32>
// RING-NEXT: }
// RING-NEXT: uop.barrier

// Rows of 33 floats are not 16-byte aligned: copy loads stay vectors, the
// stores and the product's loads are scalar.
// PAD: vector.load %{{.*}} {alignment = 16 : i64} : memref<32x8xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// PAD-COUNT-4: memref.store %{{.*}} : memref<8x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
// PAD: vector.load %{{.*}} {alignment = 16 : i64} : memref<8x32xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// PAD-COUNT-4: memref.store %{{.*}} : memref<8x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
// PAD-COUNT-8: memref.load %{{.*}}[%c0, %{{.*}}] : memref<8x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>

// The XOR swizzle appears in the copy's stores and in the matmul's loads;
// a swizzled A stays M x K (scalar loads).
// SWZ: arith.xori
// SWZ: memref.store %{{.*}} : memref<32x8xf32, #gpu.address_space<workgroup>>
// SWZ: uop.barrier
// SWZ: arith.xori
// SWZ: memref.load %{{.*}} : memref<32x8xf32, #gpu.address_space<workgroup>>

// Edge tiles: a vector inside the source is loaded at once (here element by
// element: rows of 6 floats are not 16-byte aligned); one that crosses the
// edge element by element, each under its guard, zero past it. The shared
// tile (rows of 8) still takes 16-byte stores.
// EDGE-LABEL: func.func @edge
// EDGE: %[[IN:.*]] = scf.if %{{.*}} -> (vector<4xf32>) {
// EDGE-COUNT-4: memref.load %{{.*}} : memref<30x6xf32>
// EDGE: vector.from_elements
// EDGE: } else {
// EDGE: scf.if %{{.*}} -> (f32) {
// EDGE-NEXT: memref.load
// EDGE: } else {
// EDGE-NEXT: scf.yield %{{.*}} : f32
// EDGE: vector.store %[[IN]], %{{.*}} {alignment = 16 : i64} : memref<32x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
func.func @edge(%A: memref<30x6xf32>, %B: memref<6x20xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %sA = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf32, #gpu.address_space<workgroup>>
    %a = memref.cast %A : memref<30x6xf32> to memref<?x?xf32>
    uop.copy %a, %sA : memref<?x?xf32> to memref<32x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Alignment is claimed only where it is proven. The view starts at row %bx of
// a 6-wide source (byte 24 for bx = 1): its loads stay scalar although its
// own row stride (12) is a multiple of 4. The shared tile did not ask for
// 16-byte alignment: its stores stay scalar too.
// EDGE-LABEL: func.func @unproven_alignment
// EDGE-NOT: alignment = 16
// EDGE: memref.load %{{.*}} : memref<8x4xf32, strided<[12, 1], offset: ?>>
// EDGE-NOT: alignment = 16
// EDGE: memref.store %{{.*}} : memref<8x4xf32, #gpu.address_space<workgroup>>
// EDGE-NOT: alignment = 16
// EDGE: gpu.terminator
func.func @unproven_alignment(%X: memref<32x6xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x4xf32, #gpu.address_space<workgroup>>
    %v = memref.subview %X[%bx, 0] [8, 4] [2, 1] : memref<32x6xf32> to memref<8x4xf32, strided<[12, 1], offset: ?>>
    uop.copy %v, %s : memref<8x4xf32, strided<[12, 1], offset: ?>> to memref<8x4xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Index elements are 8 bytes: two per 16-byte vector.
// EDGE-LABEL: func.func @index_elements
// EDGE: vector.load %{{.*}} {alignment = 16 : i64} : memref<4x4xindex>, vector<2xindex>
func.func @index_elements(%X: memref<4x4xindex>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<4x4xindex, #gpu.address_space<workgroup>>
    uop.copy %X, %s : memref<4x4xindex> to memref<4x4xindex, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @unknown_block(%A: memref<32x8xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared : memref<32x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{needs a constant block size to spread the copy over the threads}}
    uop.copy %A, %sA : memref<32x8xf32> to memref<32x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
