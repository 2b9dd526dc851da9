// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// The wgmma family (fence, the warpgroup MMA, commit_group, wait_group)
// and setmaxnreg parse, verifies and prints back unchanged.

!a = memref<64x64xf16, #gpu.address_space<workgroup>>
!b = memref<128x64xf16, #gpu.address_space<workgroup>>
!ring = memref<2x64x64xbf16, #gpu.address_space<workgroup>>
!stage = memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @wgmma
func.func @wgmma() {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared {alignment = 1024 : i64} : !a
    %sB = uop.alloc_shared {alignment = 1024 : i64} : !b
    %ring = uop.alloc_shared {alignment = 1024 : i64} : !ring
    %zero = arith.constant dense<0.0> : vector<64xf32>
    // CHECK: uop.wgmma_fence
    uop.wgmma_fence
    // CHECK: %[[D:.*]] = uop.wgmma_mma %{{.*}}, %{{.*}}, %{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64xf32>
    %d = uop.wgmma_mma %sA, %sB, %zero : !a, !b, vector<64xf32>
    // CHECK: uop.wgmma_mma %{{.*}}, %{{.*}}, %[[D]] : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64xf32>
    %e = uop.wgmma_mma %sA, %sB, %d : !a, !b, vector<64xf32>
    // CHECK: uop.wgmma_mma %{{.*}}, %{{.*}}, %[[D]] b_n_major : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64xf32>
    %t = uop.wgmma_mma %sA, %sB, %d b_n_major : !a, !b, vector<64xf32>
    // CHECK: uop.wgmma_mma %{{.*}}, %{{.*}}, %{{.*}} a_m_major b_n_major : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>, vector<64xf32>
    %u = uop.wgmma_mma %sA, %sB, %t a_m_major b_n_major : !a, !b, vector<64xf32>
    // CHECK: uop.wgmma_commit_group
    uop.wgmma_commit_group
    // CHECK: uop.wgmma_wait_group 1
    uop.wgmma_wait_group 1
    // CHECK: uop.wgmma_wait_group 0
    uop.wgmma_wait_group 0
    // A stage of a ring (a contiguous tile at a dynamic offset) and N = 8.
    %s = arith.constant 1 : index
    %tile = memref.subview %ring[%s, 0, 0] [1, 64, 64] [1, 1, 1] : !ring to !stage
    %small = memref.subview %ring[%s, 0, 0] [1, 8, 64] [1, 1, 1] : !ring to memref<8x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %z4 = arith.constant dense<0.0> : vector<4xf32>
    uop.wgmma_fence
    // CHECK: uop.wgmma_mma %{{.*}} : memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<8x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<4xf32>
    %f = uop.wgmma_mma %tile, %small, %z4 : !stage, memref<8x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<4xf32>
    uop.wgmma_commit_group
    uop.wgmma_wait_group 0
    // f32 tiles read as tf32: K = 32, one 128-byte row.
    %tA = uop.alloc_shared {alignment = 1024 : i64} : memref<64x32xf32, #gpu.address_space<workgroup>>
    %tB = uop.alloc_shared {alignment = 1024 : i64} : memref<256x32xf32, #gpu.address_space<workgroup>>
    %z128 = arith.constant dense<0.0> : vector<128xf32>
    uop.wgmma_fence
    // CHECK: uop.wgmma_mma %{{.*}} : memref<64x32xf32, #gpu.address_space<workgroup>>, memref<256x32xf32, #gpu.address_space<workgroup>>, vector<128xf32>
    %g = uop.wgmma_mma %tA, %tB, %z128 : memref<64x32xf32, #gpu.address_space<workgroup>>, memref<256x32xf32, #gpu.address_space<workgroup>>, vector<128xf32>
    uop.wgmma_commit_group
    uop.wgmma_wait_group 0
    // CHECK: uop.setmaxnreg decrease 40
    uop.setmaxnreg decrease 40
    // CHECK: uop.setmaxnreg increase 232
    uop.setmaxnreg increase 232
    gpu.terminator
  }
  return
}
