// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the wgmma family (fence, the warpgroup MMA,
// commit_group, wait_group) and of setmaxnreg.

func.func @fence_outside_a_kernel() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.wgmma_fence
  return
}

// -----

func.func @mma_outside_a_kernel(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %d = uop.wgmma_mma %a, %a, %c : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>, vector<32xf32>
  return
}

// -----

func.func @commit_outside_a_kernel() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.wgmma_commit_group
  return
}

// -----

func.func @wait_outside_a_kernel() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.wgmma_wait_group 0
  return
}

// -----

func.func @a_global(%a: memref<64x64xf16>, %b: memref<64x64xf16, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected A in #gpu.address_space<workgroup>, got 'memref<64x64xf16>'}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x64xf16>, memref<64x64xf16, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @b_strided(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected B to be a static 2-D tile stored contiguously, row after row (the identity layout's strides, any offset), got 'memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>'}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @a_f64(%a: memref<64x16xf64, #gpu.address_space<workgroup>>, %b: memref<64x16xf64, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected A of f16 or bf16 (or f32, as tf32), got 'f64'}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x16xf64, #gpu.address_space<workgroup>>, memref<64x16xf64, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @tf32_rows_not_128_bytes(%a: memref<64x64xf32, #gpu.address_space<workgroup>>, %b: memref<64x64xf32, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected A rows of 128 bytes (K = 32, one 128-byte swizzle atom), got 64 elements}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x64xf32, #gpu.address_space<workgroup>>, memref<64x64xf32, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @tf32_b_n_major(%a: memref<64x32xf32, #gpu.address_space<workgroup>>, %b: memref<64x32xf32, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected K-major tf32 (f32) operands (wgmma of tf32 has no transpose: no b_n_major)}}
    %d = uop.wgmma_mma %a, %b, %c b_n_major : memref<64x32xf32, #gpu.address_space<workgroup>>, memref<64x32xf32, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @tf32_a_m_major(%a: memref<64x32xf32, #gpu.address_space<workgroup>>, %b: memref<64x32xf32, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected K-major tf32 (f32) operands (wgmma of tf32 has no transpose: no a_m_major)}}
    %d = uop.wgmma_mma %a, %b, %c a_m_major : memref<64x32xf32, #gpu.address_space<workgroup>>, memref<64x32xf32, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @rows_not_128_bytes(%a: memref<64x32xf16, #gpu.address_space<workgroup>>, %b: memref<64x32xf16, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected A rows of 128 bytes (K = 64, one 128-byte swizzle atom), got 32 elements}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x32xf16, #gpu.address_space<workgroup>>, memref<64x32xf16, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mixed_types(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x64xbf16, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected A and B of one element type, got 'f16' and 'bf16'}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xbf16, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @m_128(%a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<64x64xf16, #gpu.address_space<workgroup>>, %c: vector<32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected M = 64 (A with 64 rows, one warpgroup's accumulator), got 128}}
    %d = uop.wgmma_mma %a, %b, %c : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>, vector<32xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @n_12(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<12x64xf16, #gpu.address_space<workgroup>>, %c: vector<6xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected N (the rows of B) a multiple of 8 from 8 to 256 for M = 64, got 12}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<12x64xf16, #gpu.address_space<workgroup>>, vector<6xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @n_264(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<264x64xf16, #gpu.address_space<workgroup>>, %c: vector<132xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected N (the rows of B) a multiple of 8 from 8 to 256 for M = 64, got 264}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<264x64xf16, #gpu.address_space<workgroup>>, vector<132xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @n_major_96(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<96x64xf16, #gpu.address_space<workgroup>>, %c: vector<48xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected N a multiple of 64 with b_n_major (B's rows are blocks of K rows, each the 64 columns of one 128-byte swizzle row), got 96}}
    %d = uop.wgmma_mma %a, %b, %c b_n_major : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<96x64xf16, #gpu.address_space<workgroup>>, vector<48xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @fragment_size(%a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<128x64xf16, #gpu.address_space<workgroup>>, %c: vector<128xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected the accumulator fragment to hold N / 2 = 64 f32 per thread (64 x 128 over 128 threads), got 128}}
    %d = uop.wgmma_mma %a, %b, %c : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>, vector<128xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @wait_8() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected 'pending' from 0 to 7 (the wait_group immediate), got 8}}
    uop.wgmma_wait_group 8
    gpu.terminator
  }
  return
}

// -----

func.func @wait_negative() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected 'pending' from 0 to 7 (the wait_group immediate), got -1}}
    uop.wgmma_wait_group -1
    gpu.terminator
  }
  return
}

// -----

func.func @setmaxnreg_below_24() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a register count that is a multiple of 8 from 24 to 256, got 16}}
    uop.setmaxnreg decrease 16
    gpu.terminator
  }
  return
}

// -----

func.func @setmaxnreg_above_256() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a register count that is a multiple of 8 from 24 to 256, got 264}}
    uop.setmaxnreg increase 264
    gpu.terminator
  }
  return
}

// -----

func.func @setmaxnreg_not_multiple_of_8() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a register count that is a multiple of 8 from 24 to 256, got 100}}
    uop.setmaxnreg increase 100
    gpu.terminator
  }
  return
}

// -----

func.func @setmaxnreg_outside_a_kernel() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.setmaxnreg decrease 40
  return
}
