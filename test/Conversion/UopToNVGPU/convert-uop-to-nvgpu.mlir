// RUN: uop-opt %s -split-input-file --convert-uop-to-nvgpu | FileCheck %s
// Each tensor-core and async-copy op of uop becomes its nvgpu / gpu
// counterpart, one to one, with the same operands.

// CHECK-LABEL: func.func @ldmatrix_mma
func.func @ldmatrix_mma(%acc: vector<2x2xf32>, %a32: vector<4x1xf32>,
                        %b32: vector<2x1xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<16x8xf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    // CHECK: %[[A:.*]] = nvgpu.ldmatrix %[[SA:.*]][%{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %a = uop.ldmatrix %sA[%tx, %c0] {num = 4 : i32}
        : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    // CHECK: %[[B:.*]] = nvgpu.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %b = uop.ldmatrix %sB[%tx, %c0] {num = 2 : i32, transpose}
        : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    // CHECK: %[[D:.*]] = nvgpu.mma.sync(%[[A]], %[[B]], %{{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %d = uop.mma_sync %a, %b, %acc {shape = array<i64: 16, 8, 16>}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // CHECK: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %[[D]]) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %t = uop.mma_sync %a32, %b32, %d {shape = array<i64: 16, 8, 8>}
        : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    // CHECK-NOT: uop.ldmatrix
    // CHECK-NOT: uop.mma_sync
    gpu.terminator
  }
  return
}

// -----

// The copies stay nvgpu.device_async_copy; commit and wait become the
// token-free nvvm group ops, as the hardware counts groups per thread (a
// zero-token nvgpu.device_async_create_group does not parse back, and a
// wait on "the group committed n groups ago" has no token to name).

// CHECK-LABEL: func.func @cp_async_groups
func.func @cp_async_groups(%A: memref<256x512xf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  // CHECK: gpu.launch
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared : memref<2x128x32xf16, #gpu.address_space<workgroup>>
    // CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], 8 {bypassL1} : memref<256x512xf16> to memref<2x128x32xf16, #gpu.address_space<workgroup>>
    uop.cp_async %A[%tx, %c0], %sA[%c0, %tx, %c0], 8 {bypass_l1}
        : memref<256x512xf16> to memref<2x128x32xf16, #gpu.address_space<workgroup>>
    // CHECK-NEXT: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], 4, %{{.*}} : memref<256x512xf16> to memref<2x128x32xf16, #gpu.address_space<workgroup>>
    uop.cp_async %A[%tx, %c0], %sA[%c0, %tx, %c0], 4, %n
        : memref<256x512xf16> to memref<2x128x32xf16, #gpu.address_space<workgroup>>
    // CHECK-NEXT: nvvm.cp.async.commit.group
    uop.cp_async_commit
    // CHECK-NEXT: scf.for
    scf.for %k = %c0 to %c4 step %c1 {
      // CHECK-NEXT: nvvm.cp.async.wait.group 1
      uop.cp_async_wait {pending = 1 : i32}
      uop.barrier
      // CHECK: nvgpu.device_async_copy
      uop.cp_async %A[%tx, %k], %sA[%c1, %tx, %c0], 8
          : memref<256x512xf16> to memref<2x128x32xf16, #gpu.address_space<workgroup>>
      // CHECK-NEXT: nvvm.cp.async.commit.group
      uop.cp_async_commit
    }
    // An empty group (no copy since the last commit) is a group all the same.
    // CHECK: nvvm.cp.async.commit.group
    uop.cp_async_commit
    // CHECK-NEXT: nvvm.cp.async.wait.group 0
    uop.cp_async_wait {pending = 0 : i32}
    // CHECK-NOT: uop.cp_async
    // CHECK-NOT: nvgpu.device_async_create_group
    gpu.terminator
  }
  return
}

// -----

// In an outlined kernel a wait needs no group before it.

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @wait_only
  gpu.func @wait_only() kernel {
    // CHECK-NEXT: nvvm.cp.async.wait.group 0
    // CHECK-NEXT: nvvm.cp.async.wait.group 2
    uop.cp_async_wait {pending = 0 : i32}
    uop.cp_async_wait {pending = 2 : i32}
    gpu.return
  }
}

// -----

// A fragment becomes the !gpu.mma_matrix of its kind, also where a loop
// carries it; its layout becomes the ops' transpose flags, the row stride the
// leading dimension.

// CHECK-LABEL: func.func @wmma
func.func @wmma(%A: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %zero = arith.constant 0.0 : f32
    %sB = uop.alloc_shared : memref<16x24xf16, #gpu.address_space<workgroup>>
    // CHECK: %[[C:.*]] = gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf32, "COp">
    %c = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf32, row>
    // CHECK: %[[D:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[C]]) -> (!gpu.mma_matrix<16x16xf32, "COp">)
    %d = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (!uop.fragment<accumulator, 16x16xf32, row>) {
      %k16 = arith.muli %k, %c16 : index
      // CHECK: %[[A:.*]] = gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 64 : index} : memref<64x64xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %a = uop.wmma_load %A[%c0, %k16] : memref<64x64xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
      // CHECK: %[[B:.*]] = gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 24 : index, transpose} : memref<16x24xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %b = uop.wmma_load %sB[%c0, %c0] : memref<16x24xf16, #gpu.address_space<workgroup>> -> !uop.fragment<matrix_b, 16x16xf16, col>
      // CHECK: %[[N:.*]] = gpu.subgroup_mma_compute %[[A]], %[[B]], %[[ACC]] {b_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      %n = uop.wmma_mma %a, %b, %acc : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, col> -> !uop.fragment<accumulator, 16x16xf32, row>
      // CHECK: scf.yield %[[N]] : !gpu.mma_matrix<16x16xf32, "COp">
      scf.yield %n : !uop.fragment<accumulator, 16x16xf32, row>
    }
    // CHECK: gpu.subgroup_mma_store_matrix %[[D]], %{{.*}}[%{{.*}}, %{{.*}}] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf32, row>, memref<64x64xf32>
    // CHECK-NOT: uop.wmma
    // CHECK-NOT: !uop.fragment
    gpu.terminator
  }
  return
}

// -----

// Column-major A and C: transpose on the load, a_transpose on the multiply,
// transpose on the store.

// CHECK-LABEL: func.func @wmma_col
func.func @wmma_col(%A: memref<32x32xf16>, %B: memref<32x32xf16>,
                    %C: memref<32x32xf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // CHECK: gpu.subgroup_mma_load_matrix {{.*}} {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %a = uop.wmma_load %A[%c0, %c0] : memref<32x32xf16> -> !uop.fragment<matrix_a, 16x16xf16, col>
    // CHECK: gpu.subgroup_mma_load_matrix {{.*}} {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %b = uop.wmma_load %B[%c0, %c0] : memref<32x32xf16> -> !uop.fragment<matrix_b, 16x16xf16, row>
    // CHECK: gpu.subgroup_mma_load_matrix {{.*}} {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    %c = uop.wmma_load %C[%c0, %c0] : memref<32x32xf16> -> !uop.fragment<accumulator, 16x16xf16, col>
    // CHECK: gpu.subgroup_mma_compute {{.*}} {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
    %d = uop.wmma_mma %a, %b, %c : !uop.fragment<matrix_a, 16x16xf16, col>, !uop.fragment<matrix_b, 16x16xf16, row> -> !uop.fragment<accumulator, 16x16xf16, col>
    // CHECK: gpu.subgroup_mma_store_matrix {{.*}} {leadDimension = 32 : index, transpose} : !gpu.mma_matrix<16x16xf16, "COp">, memref<32x32xf16>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf16, col>, memref<32x32xf16>
    gpu.terminator
  }
  return
}

// -----

// Clusters: the cluster barrier becomes the aligned barrier.cluster arrive
// and wait here (before scf-to-cf, where the verifier can still prove every
// thread reaches it); a remote arrival stays for convert-uop-to-nvvm; a
// local one becomes nvgpu's.

!cbars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  // CHECK-LABEL: func.func @cluster_ops
  func.func @cluster_ops() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %bars = nvgpu.mbarrier.create -> !cbars
      // CHECK: nvvm.fence.mbarrier.init
      // CHECK-NEXT: nvvm.cluster.arrive {aligned}
      // CHECK-NEXT: nvvm.cluster.wait {aligned}
      uop.cluster_barrier
      // CHECK: nvgpu.mbarrier.arrive
      uop.mbarrier_arrive %bars[%c0] : !cbars
      // CHECK: uop.mbarrier_arrive %{{.*}}[%{{.*}}] cta %{{.*}} :
      uop.mbarrier_arrive %bars[%c0] cta %c1 : !cbars
      // CHECK-NOT: uop.cluster_barrier
      gpu.terminator
    }
    return
  }
}
