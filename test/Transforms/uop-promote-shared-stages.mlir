// The ring of uop-promote-shared: S buffers per operand, S = 1 .. 4 (A's
// SIMT tiles K-major: 8 x 32, written through a memref.transpose).
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared=stages=3 | FileCheck %s --check-prefix=THREE
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared=stages=4 | FileCheck %s --check-prefix=FOUR
// RUN: uop-opt %s --uop-promote-shared=stages=3 | FileCheck %s --check-prefix=DYN

// Every depth computes the product, race-free, on tiles with edges (K = 70
// is 9 tiles of 8, the last of 6; M and N are not multiples of 32 either),
// at the uop level and lowered:
// RUN: uop-opt %S/../Integration/Inputs/gemm_100x60x70.mlir --uop-tile="tile=32,32,8 thread-tile=4,4" -o %t.tile.mlir
// RUN: uop-opt %t.tile.mlir --uop-promote-shared=stages=1 | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared=stages=2 | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared=stages=3 | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared=stages=4 | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared=stages=3 --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=4 swizzle=1" --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// A ring deeper than the loop has tiles (64 / 32 = 2 tiles, 4 stages):
// RUN: uop-opt %S/../Integration/Inputs/gemm_64x64x64.mlir --uop-tile="tile=32,32,32 thread-tile=4,4" \
// RUN:   | uop-opt --uop-promote-shared=stages=4 | uop-sim - --compare-with %S/../Integration/Inputs/gemm_64x64x64.mlir | FileCheck %s --check-prefix=SIM
// The asynchronous ring, at the uop level (uop.copy {async}) and lowered
// to per-thread uop.cp_async (B's rows of 60 floats: 16-byte copies with
// src_elements at the edge; A, stored K-major, is copied synchronously):
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=1 async=true" | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=3 async=true" | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=1 async=true" --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=2 async=true" --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=3 async=true" --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=4 async=true" --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=4 async=true swizzle=1" --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_100x60x70.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %S/../Integration/Inputs/gemm_64x64x64.mlir --uop-tile="tile=32,32,32 thread-tile=4,4" \
// RUN:   | uop-opt --uop-promote-shared="stages=4 async=true" --uop-lower-tiles | uop-sim - --compare-with %S/../Integration/Inputs/gemm_64x64x64.mlir | FileCheck %s --check-prefix=SIM
// SIM: mismatches=0/

// The wait is needed: without it step i reads tile i while its cp.async
// may still be in flight.
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=3 async=true" --uop-lower-tiles --mlir-print-op-generic \
// RUN:   | %python %S/Inputs/drop-op.py uop.cp_async_wait 0 > %t.no-wait.mlir
// RUN: not uop-sim %t.no-wait.mlir 2>&1 | FileCheck %s --check-prefix=NOWAIT
// NOWAIT: RAW race on shared {{.*}}: uop.cp_async by thread {{.*}} (in flight until a wait of its group)
// So is the barrier after it: without it a thread reads another's part of
// tile i before that thread's wait (RAW), and refills buffer (i-1) mod 3
// while others still read it (WAR).
// RUN: uop-opt %t.tile.mlir --uop-promote-shared="stages=3 async=true" --uop-lower-tiles --mlir-print-op-generic \
// RUN:   | %python %S/Inputs/drop-op.py uop.barrier 0 > %t.no-async-barrier.mlir
// RUN: not uop-sim %t.no-async-barrier.mlir 2>&1 | FileCheck %s --check-prefix=RACE

// Both barriers of the ring are needed: without the prologue's, step 0
// reads tile 0 before other threads wrote it (RAW); without the step's,
// step i+1 overwrites buffer i mod S while others still read it (WAR), and
// reads tile i+1 before it is complete (RAW).
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared=stages=3 --mlir-print-op-generic | %python %S/Inputs/drop-barrier.py 0 > %t.no-prologue.mlir
// RUN: not uop-sim %t.no-prologue.mlir 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: uop-opt %S/uop-promote-shared.mlir --uop-promote-shared=stages=3 --mlir-print-op-generic | %python %S/Inputs/drop-barrier.py 1 > %t.no-step.mlir
// RUN: not uop-sim %t.no-step.mlir 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: race on shared

// THREE-LABEL: func.func @main
// THREE: gpu.launch
// THREE-NEXT: %[[SA:.*]] = uop.alloc_shared {alignment = 16 : i64} : memref<3x8x32xf32, #gpu.address_space<workgroup>>
// THREE-NEXT: %[[SB:.*]] = uop.alloc_shared {alignment = 16 : i64} : memref<3x8x32xf32, #gpu.address_space<workgroup>>
// The prologue fills stages 0 and 1 (the loop has 8 tiles: no guard), then
// one barrier.
// THREE: %[[S0:.*]] = arith.constant 0 : index
// THREE: memref.subview %[[SA]][%[[S0]], 0, 0]
// THREE-NEXT: memref.transpose
// THREE-NEXT: uop.copy
// THREE-NEXT: memref.subview %[[SB]][%[[S0]], 0, 0]
// THREE-NEXT: uop.copy
// THREE-NOT: scf.if
// THREE: %[[S1:.*]] = arith.constant 1 : index
// THREE-NOT: scf.if
// THREE: memref.subview %[[SA]][%[[S1]], 0, 0]
// THREE-NEXT: memref.transpose
// THREE-NEXT: uop.copy
// THREE-NEXT: memref.subview %[[SB]][%[[S1]], 0, 0]
// THREE-NEXT: uop.copy
// THREE-NEXT: uop.barrier
// THREE-NEXT: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[STEP:.*]] iter_args
// THREE-NOT: uop.barrier
// Step i: tile i+2 into buffer (i+2) mod 3 ...
// THREE: %[[I:.*]] = arith.divui
// THREE: %[[CUR:.*]] = arith.remui %[[I]], %[[C3:.*]] :
// THREE: %[[I2:.*]] = arith.addi %[[I]], %[[C2:.*]] :
// THREE: %[[NXT:.*]] = arith.remui %[[I2]], %[[C3]] :
// THREE: %[[AHEAD:.*]] = arith.muli %[[STEP]], %[[C2]] :
// THREE: %[[KA:.*]] = arith.addi %[[K]], %[[AHEAD]] :
// THREE: %[[HAS:.*]] = arith.cmpi slt, %[[KA]],
// THREE-NEXT: scf.if %[[HAS]] {
// THREE: memref.subview %{{.*}}[%[[NXT]], 0, 0] [1, 8, 32]
// THREE: uop.copy
// THREE: memref.subview %{{.*}}[%[[NXT]], 0, 0] [1, 8, 32]
// THREE: uop.copy
// THREE: }
// ... tile i out of buffer i mod 3, then the one barrier of the step.
// THREE-NOT: uop.barrier
// THREE: memref.subview %[[SA]][%[[CUR]], 0, 0] [1, 8, 32]
// THREE: memref.subview %[[SB]][%[[CUR]], 0, 0] [1, 8, 32]
// THREE: uop.matmul
// THREE-NEXT: uop.barrier
// THREE-NEXT: scf.yield
// THREE-NOT: uop.barrier

// FOUR: uop.alloc_shared {alignment = 16 : i64} : memref<4x8x32xf32, #gpu.address_space<workgroup>>
// FOUR: uop.alloc_shared {alignment = 16 : i64} : memref<4x8x32xf32, #gpu.address_space<workgroup>>
// FOUR-COUNT-6: uop.copy
// FOUR-NEXT: uop.barrier
// FOUR-NEXT: scf.for

// A loop of unknown length copies tile 0 (an empty view when the loop runs
// zero times) and guards tile 1.
// DYN-LABEL: func.func @dynamic
// DYN: uop.copy
// DYN: uop.copy
// DYN-NOT: uop.barrier
// DYN: %[[K1:.*]] = arith.addi %{{.*}}, %{{.*}} :
// DYN-NEXT: %[[HAS:.*]] = arith.cmpi slt, %[[K1]], %arg3 : index
// DYN-NEXT: scf.if %[[HAS]] {
// DYN: uop.copy
// DYN: uop.copy
// DYN: }
// DYN-NEXT: uop.barrier
// DYN-NEXT: scf.for
func.func @dynamic(%A: memref<64x?xf32>, %B: memref<?x64xf32>, %C: memref<64x64xf32>, %K: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : vector<4x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %acc = scf.for %k0 = %c0 to %K step %c8 iter_args(%it = %zero) -> (vector<4x4xf32>) {
      %a = memref.subview %A[0, %k0] [32, 8] [1, 1] : memref<64x?xf32> to memref<32x8xf32, strided<[?, 1], offset: ?>>
      %b = memref.subview %B[%k0, 0] [8, 32] [1, 1] : memref<?x64xf32> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      %r = uop.matmul %a, %b, %it {threads = array<i64: 8, 8>}
          : memref<32x8xf32, strided<[?, 1], offset: ?>>, memref<8x32xf32, strided<[64, 1], offset: ?>>, vector<4x4xf32>
      scf.yield %r : vector<4x4xf32>
    }
    gpu.terminator
  }
  return
}
