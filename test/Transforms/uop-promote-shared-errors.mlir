// Every diagnostic of uop-promote-shared: its options, and operands it
// cannot stage.
// RUN: uop-opt %s --uop-promote-shared --split-input-file -verify-diagnostics
// RUN: not uop-opt %s --uop-promote-shared=pad=-2 2>&1 | FileCheck %s --check-prefix=PADNEG
// RUN: not uop-opt %s --uop-promote-shared=pad=2000000 2>&1 | FileCheck %s --check-prefix=PADBIG
// RUN: not uop-opt %s --uop-promote-shared=stages=5 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not uop-opt %s --uop-promote-shared=stages=-1 2>&1 | FileCheck %s --check-prefix=STAGESNEG
// PADNEG: error: uop-promote-shared: expected pad to be -1 (automatic) or between 0 and 1048576, got -2
// PADBIG: error: uop-promote-shared: expected pad to be -1 (automatic) or between 0 and 1048576, got 2000000
// STAGES: error: uop-promote-shared: expected stages to be 0 (automatic) or between 1 and 4, got 5
// STAGESNEG: error: uop-promote-shared: expected stages to be 0 (automatic) or between 1 and 4, got -1

// A tile whose rows have no constant bound cannot get a shared buffer.
func.func @unbounded(%A: memref<?x64xf32>, %B: memref<64x64xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<4x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %acc = scf.for %k0 = %c0 to %c64 step %c8 iter_args(%it = %zero) -> (vector<4x4xf32>) {
      %a = memref.subview %A[0, %k0] [%rows, 8] [1, 1] : memref<?x64xf32> to memref<?x8xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[%k0, 0] [8, 32] [1, 1] : memref<64x64xf32> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      // expected-error @+1 {{cannot bound the size of operand #0 by a constant, so it cannot be staged in shared memory}}
      %r = uop.matmul %a, %b, %it {threads = array<i64: 8, 8>}
          : memref<?x8xf32, strided<[64, 1], offset: ?>>, memref<8x32xf32, strided<[64, 1], offset: ?>>, vector<4x4xf32>
      scf.yield %r : vector<4x4xf32>
    }
    gpu.terminator
  }
  return
}
