// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// The tcgen05 family (tensor memory, tcgen05 MMA / commit / ld / wait /
// fences, the async-proxy fence) and uop.elect parse, verify and print back
// unchanged.

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!btile = memref<256x64xbf16, #gpu.address_space<workgroup>>
!slot = memref<1xi32, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @tcgen05
func.func @tcgen05(%acc: i1) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %sA = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %sB = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %bA = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xbf16, #gpu.address_space<workgroup>>
    %bB = uop.alloc_shared {alignment = 1024 : i64} : !btile
    %hA = uop.alloc_shared {alignment = 1024 : i64} : memref<64x64xf16, #gpu.address_space<workgroup>>
    %hB = uop.alloc_shared {alignment = 1024 : i64} : memref<24x64xf16, #gpu.address_space<workgroup>>
    %slot = uop.alloc_shared : !slot
    %bars = nvgpu.mbarrier.create -> !bars
    // CHECK: uop.tmem_alloc %{{.*}}[%{{.*}}] {columns = 256 : i32} : memref<1xi32, #gpu.address_space<workgroup>>
    uop.tmem_alloc %slot[%c0] {columns = 256 : i32} : !slot
    // CHECK: uop.tmem_relinquish_alloc_permit
    uop.tmem_relinquish_alloc_permit
    // CHECK: uop.tcgen05_fence before
    uop.tcgen05_fence before
    // CHECK: uop.tcgen05_fence after
    uop.tcgen05_fence after
    %t = memref.load %slot[%c0] : !slot
    // CHECK: uop.fence_proxy_async
    uop.fence_proxy_async
    // CHECK: uop.elect {
    uop.elect {
      // CHECK: uop.tcgen05_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>
      uop.tcgen05_mma %t, %sA, %sB, %acc : !tile, !tile
      // CHECK: uop.tcgen05_mma %{{.*}} : memref<128x64xbf16, #gpu.address_space<workgroup>>, memref<256x64xbf16, #gpu.address_space<workgroup>>
      uop.tcgen05_mma %t, %bA, %bB, %acc : memref<128x64xbf16, #gpu.address_space<workgroup>>, !btile
      // An N-major B.
      // CHECK: uop.tcgen05_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} b_n_major : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>
      uop.tcgen05_mma %t, %sA, %sB, %acc b_n_major : !tile, !tile
      // CHECK: uop.tcgen05_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} a_m_major : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>
      uop.tcgen05_mma %t, %sA, %sB, %acc a_m_major : !tile, !tile
      // M = 64 (N in steps of 8).
      // CHECK: uop.tcgen05_mma %{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<24x64xf16, #gpu.address_space<workgroup>>
      uop.tcgen05_mma %t, %hA, %hB, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<24x64xf16, #gpu.address_space<workgroup>>
      // CHECK: uop.tcgen05_commit %{{.*}}[%{{.*}}] : <memorySpace = #gpu.address_space<workgroup>>
      uop.tcgen05_commit %bars[%c0] : !bars
    }
    // CHECK: uop.tcgen05_ld %{{.*}} : vector<32xf32>
    %v = uop.tcgen05_ld %t : vector<32xf32>
    // CHECK: uop.tcgen05_ld %{{.*}} : vector<1xf32>
    %w = uop.tcgen05_ld %t : vector<1xf32>
    // CHECK: uop.tcgen05_ld %{{.*}} half_split 12 : vector<4xf32>
    %h = uop.tcgen05_ld %t half_split 12 : vector<4xf32>
    // CHECK: uop.tcgen05_wait_ld
    uop.tcgen05_wait_ld
    // CHECK: uop.tmem_dealloc %{{.*}} {columns = 256 : i32}
    uop.tmem_dealloc %t {columns = 256 : i32}
    gpu.terminator
  }
  return
}

// One stage of a ring of tiles: a contiguous tile at a dynamic offset.
// CHECK-LABEL: func.func @mma_on_ring_stage
func.func @mma_on_ring_stage(%t: i32, %acc: i1, %s: index) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %ring = uop.alloc_shared {alignment = 1024 : i64} : memref<3x128x64xf16, #gpu.address_space<workgroup>>
    %tile = memref.subview %ring[%s, 0, 0] [1, 128, 64] [1, 1, 1] : memref<3x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    // CHECK: uop.tcgen05_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    uop.tcgen05_mma %t, %tile, %tile, %acc : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
