// The shared-memory limit uop-promote-shared checks is the module target's
// max_static_shared: the two 8x32 (A K-major) and 8x32 f32 tiles of two stages (4 KiB)
// fit the 48 KiB of every real chip but not a hypothetical 2 KiB one.
// RUN: uop-opt %s --uop-promote-shared=stages=2 --split-input-file -verify-diagnostics
// The automatic depth (stages=0, the default) takes the deepest ring that
// fits: one stage (2 KiB) on the 2 KiB chip; two on sm_80 for synchronous
// copies, four (16 KiB) with async.
// RUN: uop-opt %s --uop-promote-shared --split-input-file | FileCheck %s --check-prefix=AUTO
// RUN: uop-opt %s --uop-promote-shared=async=true --split-input-file | FileCheck %s --check-prefix=ASYNC
// AUTO: uop.alloc_shared {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>
// AUTO: uop.alloc_shared {alignment = 16 : i64} : memref<2x8x32xf32, #gpu.address_space<workgroup>>
// ASYNC: uop.alloc_shared {alignment = 16 : i64} : memref<8x32xf32, #gpu.address_space<workgroup>>
// ASYNC: uop.cp_async_wait {pending = 0 : i32}
// ASYNC: uop.alloc_shared {alignment = 16 : i64} : memref<4x8x32xf32, #gpu.address_space<workgroup>>
// ASYNC: uop.cp_async_wait {pending = 2 : i32}

module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 2048, max_shared = 2048, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
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
        // expected-error @+1 {{staging its tiles needs 4096 bytes of shared memory per block, above the limit of 2048 bytes of static shared memory}}
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
}

// -----

// The same tiles fit the default target (sm_80's 48 KiB): no diagnostic.
module {
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
}
