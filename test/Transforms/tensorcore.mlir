// RUN: uop-opt %s --split-input-file --uop-tile="mma=mma_sync precision=tf32 tile=64,64,32 warps=2,2" --uop-promote-shared --uop-tensorcore --canonicalize --cse | FileCheck %s

// A 2 x 2 block of warps with 32 x 32 warp tiles (2 m16 x 4 n8 fragments):
// per k16 step of the 32-deep shared tiles, 2 ldmatrix x4 of A (no
// transpose: A's rows are m), 2 ldmatrix x4 .trans of B (B's rows are k),
// 8 mma.sync m16n8k16. The shared tiles are stored with the 16-byte-chunk
// swizzle: A (64-byte rows) changes pattern every 2 rows over its 4
// chunks, B (128-byte rows) every row over 8 chunks.
// CHECK-LABEL: func.func @f16
// CHECK: uop.copy %{{.*}}, %{{.*}} {async, layout = #uop.shared_layout<swizzle = 4, unit = 8, period = 2>}
// CHECK: uop.copy %{{.*}}, %{{.*}} {async, layout = #uop.shared_layout<swizzle = 8, unit = 8>}
// CHECK-NOT: uop.matmul
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<4x8xf32>)
// CHECK-COUNT-2: uop.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {num = 4 : i32} : memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-COUNT-2: uop.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {num = 4 : i32, transpose} : memref<32x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-COUNT-8: uop.mma_sync %{{.*}}, %{{.*}}, %{{.*}} {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK-NOT: uop.mma_sync
// CHECK: scf.yield
// CHECK-NOT: uop.ldmatrix
func.func @f16(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<128x128xf32>)
  linalg.matmul ins(%A, %B : memref<128x64xf16>, memref<64x128xf16>) outs(%C : memref<128x128xf32>)
  return
}

// -----

// Transposed A (K x M: ldmatrix .trans) and transposed B (N x K: ldmatrix
// as is), bf16.
// CHECK-LABEL: func.func @bf16_transab
// CHECK-COUNT-2: uop.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {num = 4 : i32, transpose} : memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-COUNT-2: uop.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {num = 4 : i32} : memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-COUNT-8: uop.mma_sync {{.*}} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
func.func @bf16_transab(%A: memref<64x128xbf16>, %B: memref<128x64xbf16>, %C: memref<128x128xf32>) {
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x128xbf16>, memref<128x64xbf16>) outs(%C : memref<128x128xf32>)
  return
}

// -----

// TF32 (f32 inputs, m16n8k8): 32-bit elements are not ldmatrix rows, so
// the fragments are loaded element by element; 4 k8 steps of 8 mma.sync.
// CHECK-LABEL: func.func @tf32
// CHECK-NOT: uop.ldmatrix
// CHECK: vector.from_elements {{.*}} : vector<4x1xf32>
// CHECK: vector.from_elements {{.*}} : vector<2x1xf32>
// CHECK-COUNT-8: uop.mma_sync {{.*}} {shape = array<i64: 16, 8, 8>} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
func.func @tf32(%A: memref<128x64xf32>, %B: memref<64x128xf32>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x64xf32>, memref<64x128xf32>) outs(%C : memref<128x128xf32>)
  return
}
