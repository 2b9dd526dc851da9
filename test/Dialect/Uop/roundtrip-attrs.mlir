// RUN: uop-opt %s -split-input-file | uop-opt -split-input-file | FileCheck %s
// RUN: uop-opt %s -split-input-file --mlir-print-op-generic | uop-opt -split-input-file | FileCheck %s

// The target a module is compiled for, with every fact spelled out.
// CHECK: module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>}
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// A hypothetical chip: CUDA cores only, 16 banks of 8 bytes.
// CHECK: #uop.target<chip = "sm_70", ptx = 63, tensor_core = none, max_static_shared = 49152, max_shared = 98304, banks = 16, bank_bytes = 8, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>
module attributes {uop.target = #uop.target<chip = "sm_70", ptx = 63, tensor_core = none, max_static_shared = 49152, max_shared = 98304, banks = 16, bank_bytes = 8, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
}

// -----

// Shared-tile layouts: parameters at their default are not printed.
// CHECK-LABEL: func.func @layouts
func.func @layouts(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x9xf32, #gpu.address_space<workgroup>>
    %v = memref.subview %s[0, 0] [8, 8] [1, 1] : memref<8x9xf32, #gpu.address_space<workgroup>> to memref<8x8xf32, strided<[9, 1]>, #gpu.address_space<workgroup>>
    // CHECK: uop.copy %{{.*}}, %{{.*}} {layout = #uop.shared_layout<pad = 1>}
    uop.copy %src, %v {layout = #uop.shared_layout<pad = 1, swizzle = 0>} : memref<8x8xf32> to memref<8x8xf32, strided<[9, 1]>, #gpu.address_space<workgroup>>
    %t = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // CHECK: uop.copy %{{.*}}, %{{.*}} {layout = #uop.shared_layout<swizzle = 8>}
    uop.copy %src, %t {layout = #uop.shared_layout<swizzle = 8>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// uop-tile's record of a host function's GEMM.
// CHECK-LABEL: func.func @recorded
// CHECK-SAME: uop.gemm = {a = 2 : i64, accumulate = true, b = 0 : i64, c = 1 : i64, epilogue = false, transpose_a = true, transpose_b = false}
func.func @recorded(%b: memref<4x8xf16>, %c: memref<2x8xf32>, %a: memref<4x2xf16>) attributes {uop.gemm = {a = 2 : i64, b = 0 : i64, c = 1 : i64, transpose_a = true, transpose_b = false, accumulate = true, epilogue = false}} {
  return
}

// With an epilogue, what each argument's dimensions are to the kernel.
// CHECK-LABEL: func.func @recorded_dims
// CHECK-SAME: uop.gemm = {a = 0 : i64, accumulate = false, b = 1 : i64, c = 3 : i64, dims = ["mk", "kn", "n", "mn", ""], epilogue = true, transpose_a = false, transpose_b = false}
func.func @recorded_dims(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %bias: memref<?xf32>, %d: memref<?x?xf16>, %unused: memref<4xf32>) attributes {uop.gemm = {a = 0 : i64, b = 1 : i64, c = 3 : i64, transpose_a = false, transpose_b = false, accumulate = false, epilogue = true, dims = ["mk", "kn", "n", "mn", ""]}} {
  return
}

// -----

// uop-tile's version of a launch for rows of A and B of whole 16-byte
// units (the host tested them before taking it).
// CHECK-LABEL: func.func @aligned_rows
// CHECK: gpu.launch
// CHECK: } {uop.aligned_rows = array<i64: 0, 2>}
func.func @aligned_rows(%a: memref<?x?xf16>, %n: index, %b: memref<?x?xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    gpu.terminator
  } {uop.aligned_rows = array<i64: 0, 2>}
  return
}
