// Launches beyond the limits of the module's #uop.target (here the default
// target's: max_threads 1024, max_block [1024, 1024, 64], max_grid
// [2^31 - 1, 65535, 65535]) and empty or negative sizes are bad input
// (exit 3) at the launch, before any block runs.

// RUN: sh -c 'uop-sim %s --entry threads_2048 2>&1; echo exit=$?' | FileCheck %s --check-prefix=T2048
// T2048: launch-limits.mlir:[[@LINE+6]]:3: error: expected at most 1024 threads per block (the target's max_threads), got 2048 in block (1024, 2, 1)
// T2048: exit=3
func.func @threads_2048(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c1024 = arith.constant 1024 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1024, %sy = %c2, %sz = %c1) {
    gpu.terminator
  }
  return
}

// 2^32 x 2^32 threads: the product would overflow; each size is checked
// against max_block first.
// RUN: sh -c 'uop-sim %s --entry block_2_32 2>&1; echo exit=$?' | FileCheck %s --check-prefix=B232
// B232: launch-limits.mlir:[[@LINE+5]]:3: error: expected a block within the target's max_block (1024, 1024, 64), got (4294967296, 4294967296, 1)
// B232: exit=3
func.func @block_2_32(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %big = arith.constant 4294967296 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %big, %sy = %big, %sz = %c1) {
    gpu.terminator
  }
  return
}

// A grid of 2^40 blocks, and one of 65536 in y.
// RUN: sh -c 'uop-sim %s --entry grid_2_40 2>&1; echo exit=$?' | FileCheck %s --check-prefix=G240
// G240: launch-limits.mlir:[[@LINE+5]]:3: error: expected a grid within the target's max_grid (2147483647, 65535, 65535), got (1099511627776, 1, 1)
// G240: exit=3
func.func @grid_2_40(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %big = arith.constant 1099511627776 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %big, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry grid_y 2>&1; echo exit=$?' | FileCheck %s --check-prefix=GY
// GY: launch-limits.mlir:[[@LINE+5]]:3: error: expected a grid within the target's max_grid (2147483647, 65535, 65535), got (1, 65536, 1)
// GY: exit=3
func.func @grid_y(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c65536 = arith.constant 65536 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c65536, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// A grid of 0 and a block of -1.
// RUN: sh -c 'uop-sim %s --entry negative 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NEG
// NEG: launch-limits.mlir:[[@LINE+6]]:3: error: expected positive grid and block sizes, got grid (0, 1, 1) and block (-1, 1, 1)
// NEG: exit=3
func.func @negative(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c0, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %cm1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// The limits are the module's target's: a target allowing 512 threads per
// block refuses 1024 (gpu.launch_func of an outlined kernel alike).
// RUN: sh -c 'uop-sim %S/Inputs/small-target.mlir 2>&1; echo exit=$?' | FileCheck %s --check-prefix=TARGET
// TARGET: small-target.mlir:{{[0-9]+}}:5: error: expected at most 512 threads per block (the target's max_threads), got 1024 in block (1024, 1, 1)
// TARGET: exit=3
