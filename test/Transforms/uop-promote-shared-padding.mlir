// RUN: uop-opt %s --uop-promote-shared=stages=1 --split-input-file | FileCheck %s
// RUN: uop-opt %s --uop-promote-shared=stages=1 --uop-lower-tiles --split-input-file \
// RUN:   | uop-opt --uop-bank-conflicts -o /dev/null 2>&1 | FileCheck %s --check-prefix=BANKS

// Register tiles of a width 4 does not divide (2 x 2 here; 4-wide ones are
// stored K-major, see uop-promote-shared.mlir) are read a column at a time.
// With the default (automatic) padding, only tiles whose rows the lanes of
// a warp walk down a column of are padded, by the fewest elements that give
// an odd number of words per row. Here: B is stored N x K, so the 8 lanes
// along x read 8 different rows of its 16 x 8 tile at one column (rows of 8
// words: a 4-way conflict); a row of 9 words spreads them. A's rows are
// read by the 4 rows of threads a warp spans (8 words apart: banks 0, 8,
// 16, 24), already conflict-free, so A keeps 16-byte copies.
// CHECK-LABEL: func.func @transposed_b
// CHECK: uop.alloc_shared {alignment = 16 : i64} : memref<16x8xf32, #gpu.address_space<workgroup>>
// CHECK: uop.alloc_shared {alignment = 16 : i64} : memref<16x9xf32, #gpu.address_space<workgroup>>
// The product's loads, TN times as frequent as the copy's stores, are
// conflict-free; the scalar stores into 9-word rows are not all (a warp's
// lanes cover rows of 8 words spread over 9-word strides: 2-way), the price
// of the padding.
// BANKS-NOT: shared load of {{.*}} bank conflict
// BANKS: shared store of 'memref<16x9xf32, #gpu.address_space<workgroup>>': 2 passes per warp access (2-way bank conflict)
// BANKS-NOT: shared load of {{.*}} bank conflict
func.func @transposed_b(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<2x2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %acc = scf.for %k0 = %c0 to %c64 step %c8 iter_args(%it = %zero) -> (vector<2x2xf32>) {
      %a = memref.subview %A[0, %k0] [16, 8] [1, 1] : memref<64x64xf32> to memref<16x8xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[0, %k0] [16, 8] [1, 1] : memref<64x64xf32> to memref<16x8xf32, strided<[64, 1], offset: ?>>
      %r = uop.matmul %a, %b, %it {threads = array<i64: 8, 8>, transpose_b}
          : memref<16x8xf32, strided<[64, 1], offset: ?>>, memref<16x8xf32, strided<[64, 1], offset: ?>>, vector<2x2xf32>
      scf.yield %r : vector<2x2xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A block only 4 threads wide: a warp spans 8 rows of threads, whose A rows
// (8 words apart) would meet in bank 0 twice; A gets a row of 9 words.
// CHECK-LABEL: func.func @narrow_block
// CHECK: uop.alloc_shared {alignment = 16 : i64} : memref<32x9xf32, #gpu.address_space<workgroup>>
// CHECK: uop.alloc_shared {alignment = 16 : i64} : memref<8x8xf32, #gpu.address_space<workgroup>>
func.func @narrow_block(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<2x2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c16, %sz = %c1) {
    %acc = scf.for %k0 = %c0 to %c64 step %c8 iter_args(%it = %zero) -> (vector<2x2xf32>) {
      %a = memref.subview %A[0, %k0] [32, 8] [1, 1] : memref<64x64xf32> to memref<32x8xf32, strided<[64, 1], offset: ?>>
      %b = memref.subview %B[%k0, 0] [8, 8] [1, 1] : memref<64x64xf32> to memref<8x8xf32, strided<[64, 1], offset: ?>>
      %r = uop.matmul %a, %b, %it {threads = array<i64: 16, 4>}
          : memref<32x8xf32, strided<[64, 1], offset: ?>>, memref<8x8xf32, strided<[64, 1], offset: ?>>, vector<2x2xf32>
      scf.yield %r : vector<2x2xf32>
    }
    gpu.terminator
  }
  return
}
