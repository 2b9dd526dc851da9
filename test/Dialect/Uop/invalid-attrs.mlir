// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the uop attributes (#uop.target, #uop.shared_layout)
// and of the uop.target, uop.dynamic_shared_alignment, uop.gemm and
// uop.aligned_rows attributes.

// expected-error @+1 {{expected a chip name of the form sm_<N>, got 'gfx90a'}}
module attributes {uop.target = #uop.target<chip = "gfx90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected a PTX ISA version major * 10 + minor of at least 60, got 8}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 8, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected 0 < max_static_shared <= max_shared, got 65536 and 49152}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 65536, max_shared = 49152, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected max_shared of at most 1 GiB, got 4294967296}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 4294967296, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected a power-of-two bank count up to 1024, got 33}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 33, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected a power-of-two bank width up to 64 bytes, got 0}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 0, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected a power-of-two warp size up to 1024, got 48}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 48, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected 'uop.target' on a builtin.module, got it on 'func.func'}}
func.func @f() attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  return
}

// -----

// expected-error @+1 {{expected 'uop.target' to be a #uop.target, got "sm_90a"}}
module attributes {uop.target = "sm_90a"} {
}

// -----

// expected-error @+1 {{unknown uop attribute 'uop.tile'}}
module attributes {uop.tile = 1} {
}

// -----

func.func @pad(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a pad between 0 and 2^20 elements, got -1}}
    uop.copy %src, %s {layout = #uop.shared_layout<pad = -1>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @swizzle(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a swizzle of 0 or a power of two, got 12}}
    uop.copy %src, %s {layout = #uop.shared_layout<swizzle = 12>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// expected-error @+1 {{expected max_threads between the warp size and 2^20, got 16}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 16, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected max_block to hold three sizes x, y, z, got 2}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// expected-error @+1 {{expected max_grid sizes between 1 and 2^31, got 0}}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 0, 65535]>} {
}

// -----

func.func @unit(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a power-of-two unit up to 2^20, got 3}}
    uop.copy %src, %s {layout = #uop.shared_layout<swizzle = 2, unit = 3>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @period(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a power-of-two period up to 2^20, got 0}}
    uop.copy %src, %s {layout = #uop.shared_layout<swizzle = 2, period = 0>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @unit_without_swizzle(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected unit = 1 and period = 1 without a swizzle, got unit = 4 and period = 1}}
    uop.copy %src, %s {layout = #uop.shared_layout<unit = 4>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// expected-error @+1 {{expected 'uop.dynamic_shared_alignment' to be a power-of-two integer on a gpu.module, got 48 : i64 on 'gpu.module'}}
gpu.module @bad attributes {uop.dynamic_shared_alignment = 48 : i64} {
}

// -----

// expected-error @+1 {{expected 'uop.dynamic_shared_alignment' to be a power-of-two integer on a gpu.module, got 1024 : i64 on 'builtin.module'}}
module attributes {uop.dynamic_shared_alignment = 1024 : i64} {
}

// -----

// expected-error @+1 {{expected 'uop.gemm' on a function, got it on 'builtin.module'}}
module attributes {uop.gemm = {a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, accumulate = false, epilogue = false}} {}

// -----

// expected-error @+1 {{'uop.gemm': expected 'c' to be the index of one of the function's 3 arguments, got}}
func.func @gemm_index_out_of_range(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 3, transpose_a = false, transpose_b = false, accumulate = false, epilogue = false}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected 'a' to be the index of one of the function's 3 arguments}}
func.func @gemm_index_signed(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0 : si64, b = 1, c = 2, transpose_a = false, transpose_b = false, accumulate = false, epilogue = false}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected c to be another argument than a and b (which may be one), got 0, 1 and 0}}
func.func @gemm_same_argument(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 0, transpose_a = false, transpose_b = false, accumulate = false, epilogue = false}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected 'epilogue' to be true or false}}
func.func @gemm_flag_not_bool(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, accumulate = false, epilogue = 1}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected a dictionary of a, b, c, transpose_a, transpose_b, accumulate and epilogue}}
func.func @gemm_missing_key(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 2}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected 'dims' only with an epilogue, one string per argument of the function's 3}}
func.func @gemm_dims_without_epilogue(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, accumulate = false, epilogue = false, dims = ["mk", "kn", "mn"]}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected 'dims' only with an epilogue, one string per argument of the function's 3}}
func.func @gemm_dims_too_few(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, accumulate = false, epilogue = true, dims = ["mk", "kn"]}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected 'dims' entry 2 to be "" or one of 'b', 'm', 'n', 'k' and '1' per dimension of the argument}}
func.func @gemm_dims_letter(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, accumulate = false, epilogue = true, dims = ["mk", "kn", "mx"]}} {
  return
}

// -----

// expected-error @+1 {{'uop.gemm': expected 'dims' entry 1 to be "" or one of 'b', 'm', 'n', 'k' and '1' per dimension of the argument}}
func.func @gemm_dims_rank(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {uop.gemm = {a = 0, b = 1, c = 2, transpose_a = false, transpose_b = false, accumulate = false, epilogue = true, dims = ["mk", "k", "mn"]}} {
  return
}

// -----

// expected-error @+1 {{expected 'uop.aligned_rows' to be an array<i64> on a gpu.launch, got array<i64: 0> on 'func.func'}}
func.func @aligned_rows_on_func(%a: memref<?x?xf16>) attributes {uop.aligned_rows = array<i64: 0>} {
  return
}

// -----

func.func @aligned_rows_not_array(%a: memref<?x?xf16>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected 'uop.aligned_rows' to be an array<i64> on a gpu.launch, got 0 : i64 on 'gpu.launch'}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    gpu.terminator
  } {uop.aligned_rows = 0 : i64}
  return
}

// -----

func.func @aligned_rows_out_of_range(%a: memref<?x?xf16>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected 'uop.aligned_rows' to name arguments of the enclosing function that are 2-D memrefs (3-D for a batch of GEMMs) of the identity layout, got 1}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    gpu.terminator
  } {uop.aligned_rows = array<i64: 0, 1>}
  return
}

// -----

func.func @aligned_rows_strided(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected 'uop.aligned_rows' to name arguments of the enclosing function that are 2-D memrefs (3-D for a batch of GEMMs) of the identity layout, got 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    gpu.terminator
  } {uop.aligned_rows = array<i64: 0>}
  return
}

// -----

func.func @aligned_rows_4d(%a: memref<?x?x?x?xf16>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected 'uop.aligned_rows' to name arguments of the enclosing function that are 2-D memrefs (3-D for a batch of GEMMs) of the identity layout, got 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    gpu.terminator
  } {uop.aligned_rows = array<i64: 0>}
  return
}

// -----

func.func @aligned_rows_not_memref(%n: index, %a: memref<?xf16>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected 'uop.aligned_rows' to name arguments of the enclosing function that are 2-D memrefs (3-D for a batch of GEMMs) of the identity layout, got 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    gpu.terminator
  } {uop.aligned_rows = array<i64: 0>}
  return
}
