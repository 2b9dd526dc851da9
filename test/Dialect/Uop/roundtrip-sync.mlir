// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// The sync family (mbarriers) parses, verifies and prints back unchanged.

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

// CHECK-LABEL: func.func @mbarriers
func.func @mbarriers(%n: index, %phase: i1) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %bars = nvgpu.mbarrier.create -> !bars
    // CHECK: uop.mbarrier_init %{{.*}}[%{{.*}}], %{{.*}} : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    uop.mbarrier_init %bars[%c1], %c128 : !bars
    // CHECK: uop.mbarrier_arrive %{{.*}}[%{{.*}}] : <memorySpace
    uop.mbarrier_arrive %bars[%c0] : !bars
    // CHECK: uop.mbarrier_arrive %{{.*}}[%{{.*}}] expect_tx %{{.*}} : <memorySpace
    uop.mbarrier_arrive %bars[%tx] expect_tx %n : !bars
    // CHECK: uop.mbarrier_wait %{{.*}}[%{{.*}}], %{{.*}} : <memorySpace
    uop.mbarrier_wait %bars[%c0], %phase : !bars
    // A remote arrival, with and without a transaction count.
    // CHECK: uop.mbarrier_arrive %{{.*}}[%{{.*}}] cta %{{.*}} : <memorySpace
    uop.mbarrier_arrive %bars[%c0] cta %c1 : !bars
    // CHECK: uop.mbarrier_arrive %{{.*}}[%{{.*}}] expect_tx %{{.*}} cta %{{.*}} : <memorySpace
    uop.mbarrier_arrive %bars[%c1] expect_tx %n cta %c0 : !bars
    gpu.terminator
  }
  return
}
