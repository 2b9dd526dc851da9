// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// The tensor-core family parses, verifies and prints back unchanged.

// CHECK-LABEL: func.func @ldmatrix_mma
func.func @ldmatrix_mma(%acc: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<16x8xf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    // CHECK: %[[A:.*]] = uop.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {num = 4 : i32} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %a = uop.ldmatrix %sA[%tx, %c0] {num = 4 : i32}
        : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    // CHECK: %[[B:.*]] = uop.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {num = 2 : i32, transpose} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %b = uop.ldmatrix %sB[%tx, %c0] {num = 2 : i32, transpose}
        : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    // CHECK: uop.ldmatrix %{{.*}} {num = 1 : i32} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<1x2xf16>
    %b1 = uop.ldmatrix %sB[%tx, %c0] {num = 1 : i32}
        : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<1x2xf16>
    // CHECK: uop.mma_sync %[[A]], %[[B]], %{{.*}} {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d = uop.mma_sync %a, %b, %acc {shape = array<i64: 16, 8, 16>}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @stmatrix
func.func @stmatrix(%v: vector<4x2xf16>, %w: vector<1x2xbf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %sC = uop.alloc_shared : memref<2x64x64xf16, #gpu.address_space<workgroup>>
    %sD = uop.alloc_shared : memref<8x8xbf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    // CHECK: uop.stmatrix %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] {num = 4 : i32} : vector<4x2xf16>, memref<2x64x64xf16, #gpu.address_space<workgroup>>
    uop.stmatrix %v, %sC[%c1, %tx, %c0] {num = 4 : i32}
        : vector<4x2xf16>, memref<2x64x64xf16, #gpu.address_space<workgroup>>
    // CHECK: uop.stmatrix %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {num = 1 : i32} : vector<1x2xbf16>, memref<8x8xbf16, #gpu.address_space<workgroup>>
    uop.stmatrix %w, %sD[%tx, %c0] {num = 1 : i32}
        : vector<1x2xbf16>, memref<8x8xbf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @bf16_and_tf32
func.func @bf16_and_tf32(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>,
                         %a32: vector<4x1xf32>, %b32: vector<2x1xf32>,
                         %acc: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared : memref<16x16xbf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    // CHECK: uop.ldmatrix %{{.*}} {num = 4 : i32} : memref<16x16xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
    %l = uop.ldmatrix %sA[%tx, %c0] {num = 4 : i32}
        : memref<16x16xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
    // CHECK: uop.mma_sync %{{.*}} {shape = array<i64: 16, 8, 16>} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d = uop.mma_sync %l, %b, %acc {shape = array<i64: 16, 8, 16>}
        : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // CHECK: uop.mma_sync %{{.*}} {shape = array<i64: 16, 8, 8>} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %t = uop.mma_sync %a32, %b32, %d {shape = array<i64: 16, 8, 8>}
        : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @wmma
func.func @wmma(%A: memref<64x64xf16>, %C: memref<64x64xf32>,
                %Bh: memref<64x64xbf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %sB = uop.alloc_shared : memref<16x24xf16, #gpu.address_space<workgroup>>
    // CHECK: %[[A:.*]] = uop.wmma_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x64xf16> -> {{(!uop.fragment)?}}<matrix_a, 16x16xf16, row>
    %a = uop.wmma_load %A[%c0, %c0] : memref<64x64xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    // CHECK: %[[B:.*]] = uop.wmma_load %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x24xf16, #gpu.address_space<workgroup>> -> {{(!uop.fragment)?}}<matrix_b, 16x16xf16, col>
    %b = uop.wmma_load %sB[%c0, %c0] : memref<16x24xf16, #gpu.address_space<workgroup>> -> !uop.fragment<matrix_b, 16x16xf16, col>
    // CHECK: %[[C:.*]] = uop.wmma_fill %{{.*}} : {{(!uop.fragment)?}}<accumulator, 16x16xf32, row>
    %c = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf32, row>
    // CHECK: %[[D:.*]] = uop.wmma_mma %[[A]], %[[B]], %[[C]] : {{(!uop.fragment)?}}<matrix_a, 16x16xf16, row>, {{(!uop.fragment)?}}<matrix_b, 16x16xf16, col> -> {{(!uop.fragment)?}}<accumulator, 16x16xf32, row>
    %d = uop.wmma_mma %a, %b, %c : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, col> -> !uop.fragment<accumulator, 16x16xf32, row>
    // CHECK: uop.wmma_store %[[D]], %{{.*}}[%{{.*}}, %{{.*}}] : {{(!uop.fragment)?}}<accumulator, 16x16xf32, row>, memref<64x64xf32>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf32, row>, memref<64x64xf32>
    // CHECK: uop.wmma_load {{.*}} -> {{(!uop.fragment)?}}<matrix_b, 16x16xbf16, row>
    %hb = uop.wmma_load %Bh[%c0, %c0] : memref<64x64xbf16> -> !uop.fragment<matrix_b, 16x16xbf16, row>
    // CHECK: uop.wmma_fill {{.*}} : {{(!uop.fragment)?}}<accumulator, 16x16xf16, col>
    %h0 = arith.constant 0.0 : f16
    %h = uop.wmma_fill %h0 : !uop.fragment<accumulator, 16x16xf16, col>
    gpu.terminator
  }
  return
}
