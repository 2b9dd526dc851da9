// RUN: uop-opt %s --uop-verify-launch --split-input-file --verify-diagnostics

// Launch sizes outside the target's limits are refused where they are
// constants: a block of 2048, 0 or -1 threads, a grid of 0 or 2^40 blocks.
func.func @threads_2048() {
  %c1 = arith.constant 1 : index
  %c2048 = arith.constant 2048 : index
  // expected-error @+1 {{'gpu.launch' op expected a block size along x between 1 and 1024 (the limit of sm_80), got 2048}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2048, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @threads_product() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'gpu.launch' op expected at most 1024 threads per block (the limit of sm_80), got 64x64x1 = 4096}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c64, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @threads_zero() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'gpu.launch' op expected a block size along y between 1 and 1024 (the limit of sm_80), got 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c0, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @threads_negative() {
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  // expected-error @+1 {{'gpu.launch' op expected a block size along z between 1 and 64 (the limit of sm_80), got -1}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %cm1) {
    gpu.terminator
  }
  return
}

// -----

func.func @grid_zero() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'gpu.launch' op expected a grid size along x between 1 and 2147483647 (the limit of sm_80), got 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c0, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @grid_2_40() {
  %c1 = arith.constant 1 : index
  %big = arith.constant 1099511627776 : index
  // expected-error @+1 {{'gpu.launch' op expected a grid size along x between 1 and 2147483647 (the limit of sm_80), got 1099511627776}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %big, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// The limits are the module's target's.
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @grid_y(%n: index) {
    %c1 = arith.constant 1 : index
    %c65536 = arith.constant 65536 : index
    // expected-error @+1 {{'gpu.launch' op expected a grid size along y between 1 and 65535 (the limit of sm_90a), got 65536}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c65536, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    return
  }
}

// -----

// A uop.matmul whose threads are not the block's shape.
func.func @matmul_threads(%A: memref<16x4xf32>, %B: memref<4x16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %acc = arith.constant dense<0.0> : vector<1x1xf32>
    // expected-error @+1 {{'uop.matmul' op expected a block of 16x16x1 threads for threads = [16, 16], got 16x1x1}}
    %r = uop.matmul %A, %B, %acc {threads = array<i64: 16, 16>} : memref<16x4xf32>, memref<4x16xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

// Sizes within the limits, and sizes only known at run time, pass.
func.func @fine(%n: index) {
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1024, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}
