// uop-tile{mma=tcgen05} on sm_100a builds the Blackwell GEMM ladder's kernel
// (Tcgen05Gemm.cpp) in uop IR; the result runs as it is in uop-sim (the
// tile copies are still uop.copy) and agrees with the linalg input.
// RUN: uop-opt %s --uop-attach-target=chip=sm_100a --uop-tile="mma=tcgen05 ladder-step=3" | FileCheck %s
// RUN: uop-opt %s --uop-attach-target=chip=sm_100a --uop-tile="mma=tcgen05 ladder-step=3" | uop-sim - --compare-with %s | FileCheck %s --check-prefix=SIM
// SIM: mismatches=0/
// With K = 0 the kernel stores the initial C (added to nothing) and uses no
// tensor memory.
// RUN: uop-opt %s --uop-attach-target=chip=sm_100a --uop-tile="mma=tcgen05 ladder-step=3" | uop-sim - --entry k0 --compare-with %s | FileCheck %s --check-prefix=SIM

// C += A B with A stored K x M and B K x N, on step 3 (both copied through
// transposed views into the M x K and N x K shared tiles; by default TMA
// loads these layouts as they are, read M- and N-major, which
// test/Pipelines/tcgen05.test checks), C accumulated into (the old
// C added at the writeback): N = 40 takes BN = 48 (the narrowest N of
// tcgen05.mma at M = 128 that covers it) with 64 columns of tensor memory,
// a grid of 1 x 2 blocks, tiles at the edges zero-filled.
// CHECK-LABEL: func.func @main
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}, {{.*}} = %c2{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
// CHECK: uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK: uop.alloc_shared {alignment = 1024 : i64} : memref<48x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mbarrier.create
// CHECK: uop.tmem_alloc %{{.*}}[%{{.*}}] {columns = 64 : i32}
// CHECK: uop.tmem_relinquish_alloc_permit
// CHECK: uop.mbarrier_init %{{.*}}[%{{.*}}], %{{.*}}
// CHECK: uop.tcgen05_fence before
// CHECK-NEXT: uop.barrier
// CHECK-NEXT: uop.tcgen05_fence after
// CHECK: scf.for {{.*}} iter_args(%[[PHASE:.*]] = %false) -> (i1)
// CHECK: memref.transpose
// CHECK: uop.copy {{.*}} {layout = #uop.shared_layout<swizzle = 8, unit = 8>}
// CHECK: uop.copy {{.*}} {layout = #uop.shared_layout<swizzle = 8, unit = 8>}
// CHECK: uop.fence_proxy_async
// CHECK-NEXT: uop.barrier
// CHECK: uop.elect {
// CHECK: uop.tcgen05_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<48x64xf16, #gpu.address_space<workgroup>>
// CHECK: uop.tcgen05_commit
// CHECK: uop.mbarrier_wait %{{.*}}[%{{.*}}], %[[PHASE]]
// CHECK: uop.tcgen05_ld %{{.*}} : vector<16xf32>
// CHECK-NEXT: uop.tcgen05_wait_ld
// CHECK: memref.load
// CHECK: arith.addf
// CHECK: uop.tmem_dealloc %{{.*}} {columns = 64 : i32}
func.func @main(%A: memref<72x136xf16>, %B: memref<72x40xf16>, %C: memref<136x40xf32>) {
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<72x136xf16>, memref<72x40xf16>)
      outs(%C : memref<136x40xf32>)
  return
}

// CHECK-LABEL: func.func @k0
// CHECK-NOT: uop.tmem_alloc
// CHECK: return
func.func @k0(%A: memref<100x0xf16>, %B: memref<0x40xf16>, %C: memref<100x40xf32>) {
  linalg.matmul ins(%A, %B : memref<100x0xf16>, memref<0x40xf16>) outs(%C : memref<100x40xf32>)
  return
}
