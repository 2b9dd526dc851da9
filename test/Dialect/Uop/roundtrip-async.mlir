// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// The async-copy family parses, verifies and prints back unchanged.

// CHECK-LABEL: func.func @cp_async
func.func @cp_async(%A: memref<256x512xf16>, %B: memref<?x?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared : memref<128x32xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    // CHECK: uop.cp_async %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], 8 {bypass_l1} : memref<256x512xf16> to memref<128x32xf16, #gpu.address_space<workgroup>>
    uop.cp_async %A[%tx, %c0], %sA[%tx, %c0], 8 {bypass_l1}
        : memref<256x512xf16> to memref<128x32xf16, #gpu.address_space<workgroup>>
    // CHECK: uop.cp_async %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], 4 : memref<256x512xf16> to memref<128x32xf16, #gpu.address_space<workgroup>>
    uop.cp_async %A[%tx, %c0], %sA[%tx, %c0], 4
        : memref<256x512xf16> to memref<128x32xf16, #gpu.address_space<workgroup>>
    // CHECK: uop.cp_async %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], 4, %{{.*}} : memref<?x?xf32> to memref<32x32xf32, #gpu.address_space<workgroup>>
    uop.cp_async %B[%tx, %c0], %sB[%c0, %c0], 4, %n
        : memref<?x?xf32> to memref<32x32xf32, #gpu.address_space<workgroup>>
    // CHECK: uop.cp_async {{.*}}, 1 : memref<?x?xf32> to memref<32x32xf32, #gpu.address_space<workgroup>>
    uop.cp_async %B[%tx, %c0], %sB[%c0, %c0], 1
        : memref<?x?xf32> to memref<32x32xf32, #gpu.address_space<workgroup>>
    // CHECK: uop.cp_async_commit
    uop.cp_async_commit
    // CHECK: uop.cp_async_wait {pending = 1 : i32}
    uop.cp_async_wait {pending = 1 : i32}
    // CHECK: uop.cp_async_wait {pending = 0 : i32}
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}

// A source in #gpu.address_space<global>, in an outlined kernel.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @global_space
  gpu.func @global_space(%G: memref<64xf32, #gpu.address_space<global>>) kernel {
    %s = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    // CHECK: uop.cp_async %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], 4 {bypass_l1} : memref<64xf32, #gpu.address_space<global>> to memref<64xf32, #gpu.address_space<workgroup>>
    uop.cp_async %G[%c0], %s[%c0], 4 {bypass_l1}
        : memref<64xf32, #gpu.address_space<global>> to memref<64xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    gpu.return
  }
}

// CHECK-LABEL: func.func @tma_load
func.func @tma_load(%A: memref<512x512xf16>, %X: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %sX = uop.alloc_shared {alignment = 128 : i64} : memref<2x8x4xf32, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // CHECK: uop.tma_load %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] swizzle 128 : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    uop.tma_load %A[%c128, %c0], %sA, %bars[%c1] swizzle 128
        : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>,
          !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // CHECK: uop.tma_load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] : memref<?x?x?xf32>, memref<2x8x4xf32, #gpu.address_space<workgroup>>
    uop.tma_load %X[%c0, %tx, %c0], %sX, %bars[%c0]
        : memref<?x?x?xf32>, memref<2x8x4xf32, #gpu.address_space<workgroup>>,
          !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // A 2-D tile of a 3-D tensor: the box is 1 x 8 x 4 (matrix %tx of a
    // batch).
    %sY = uop.alloc_shared {alignment = 128 : i64} : memref<8x4xf32, #gpu.address_space<workgroup>>
    // CHECK: uop.tma_load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] : memref<?x?x?xf32>, memref<8x4xf32, #gpu.address_space<workgroup>>
    uop.tma_load %X[%tx, %c0, %c0], %sY, %bars[%c0]
        : memref<?x?x?xf32>, memref<8x4xf32, #gpu.address_space<workgroup>>,
          !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // CHECK: uop.tma_load %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] swizzle 128 multicast %{{.*}} : memref<512x512xf16>
    %mask = arith.constant 3 : i16
    uop.tma_load %A[%c128, %c0], %sA, %bars[%c1] swizzle 128 multicast %mask
        : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>,
          !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @tma_load_ring_stage
func.func @tma_load_ring_stage(%A: memref<512x512xf16>, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %ring = uop.alloc_shared {alignment = 1024 : i64} : memref<4x128x64xf16, #gpu.address_space<workgroup>>
    %tile = memref.subview %ring[%s, 0, 0] [1, 128, 64] [1, 1, 1] : memref<4x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    // CHECK: uop.tma_load %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}}[%{{.*}}] swizzle 128 : memref<512x512xf16>, memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    uop.tma_load %A[%c0, %c0], %tile, %bars[%s] swizzle 128
        : memref<512x512xf16>, memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>,
          !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: func.func @tma_store
func.func @tma_store(%C: memref<512x512xf16>, %X: memref<?x?x?xf32>, %s: index, %Y: memref<?x?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %boxes = uop.alloc_shared {alignment = 1024 : i64} : memref<2x128x64xf16, #gpu.address_space<workgroup>>
    %box = memref.subview %boxes[%s, 0, 0] [1, 128, 64] [1, 1, 1] : memref<2x128x64xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %sX = uop.alloc_shared {alignment = 128 : i64} : memref<2x8x4xf32, #gpu.address_space<workgroup>>
    // CHECK: uop.tma_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] swizzle 128 : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<512x512xf16>
    uop.tma_store %box, %C[%c64, %c0] swizzle 128
        : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<512x512xf16>
    // CHECK: uop.tma_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x8x4xf32, #gpu.address_space<workgroup>>, memref<?x?x?xf32>
    uop.tma_store %sX, %X[%c0, %tx, %c0] : memref<2x8x4xf32, #gpu.address_space<workgroup>>, memref<?x?x?xf32>
    // A 2-D tile into matrix %tx of a batch (a box of 1 x 128 x 64).
    // CHECK: uop.tma_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] swizzle 128 : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<?x?x?xf16>
    uop.tma_store %box, %Y[%tx, %c64, %c0] swizzle 128
        : memref<128x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>, memref<?x?x?xf16>
    // CHECK: uop.tma_store_wait {pending = 1 : i32}
    uop.tma_store_wait {pending = 1 : i32}
    // CHECK: uop.tma_store_wait {pending = 0 : i32}
    uop.tma_store_wait {pending = 0 : i32}
    gpu.terminator
  }
  return
}
