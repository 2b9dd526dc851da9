// RUN: uop-opt %s --split-input-file --uop-tile="mma=mma_sync tile=64,64,32 warps=2,2" --canonicalize --cse | FileCheck %s

// Warp tiling: a 2 x 2 block of warps (64 x 2 threads), each with a 32 x 32
// warp tile held as 2 x 4 m16n8 fragments, vector<4x8xf32> per thread. The
// K loop's uop.matmul is in tensor-core form; the store addresses C through
// the fragment map: row = m0 + 32 ty + lane / 4 + 16 (i / 2) + 8 (i mod 2),
// col = n0 + 32 (tx / 32) + 2 (lane mod 4) + 8 (j / 2) + j mod 2.
// CHECK-LABEL: func.func @f16
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C4]], %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[C64]], %{{.*}} = %[[C2]], %{{.*}} = %{{.*}})
// CHECK-DAG: %[[LANE:.*]] = arith.remui %[[TX]], %[[C32]]
// CHECK-DAG: %[[WN:.*]] = arith.divui %[[TX]], %[[C32]]
// CHECK-DAG: %[[WROW:.*]] = arith.muli %[[TY]], %[[C32]]
// CHECK-DAG: %[[G:.*]] = arith.divui %[[LANE]], %[[C4]]
// CHECK-DAG: %[[T:.*]] = arith.remui %[[LANE]], %[[C4]]
// CHECK: scf.for {{.*}} -> (vector<4x8xf32>)
// CHECK: uop.matmul %{{.*}}, %{{.*}}, %{{.*}} {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 2, 64>, warps = array<i64: 2, 2>} : memref<64x32xf16, strided<[96, 1], offset: ?>>, memref<32x64xf16, strided<[128, 1], offset: ?>>, vector<4x8xf32>
// CHECK-COUNT-32: memref.store
// CHECK-NOT: memref.store
func.func @f16(%A: memref<256x96xf16>, %B: memref<96x128xf16>, %C: memref<256x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<256x128xf32>)
  linalg.matmul ins(%A, %B : memref<256x96xf16>, memref<96x128xf16>) outs(%C : memref<256x128xf32>)
  return
}

// -----

// bf16, transposed B (N x K): the matmul says so, the map is the same.
// CHECK-LABEL: func.func @bf16_transb
// CHECK: uop.matmul %{{.*}}, %{{.*}}, %{{.*}} {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 2, 64>, transpose_b, warps = array<i64: 2, 2>} : memref<64x32xbf16, strided<[64, 1], offset: ?>>, memref<64x32xbf16, strided<[64, 1], offset: ?>>, vector<4x8xf32>
func.func @bf16_transb(%A: memref<64x64xbf16>, %B: memref<64x64xbf16>, %C: memref<64x64xf32>) {
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x64xbf16>, memref<64x64xbf16>) outs(%C : memref<64x64xf32>)
  return
}
