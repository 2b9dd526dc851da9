// A tcgen05.commit tracks every earlier tcgen05 operation of its thread. Two
// MMAs into one accumulator, the first (accumulate = false) committed to
// %bars[0], the second (accumulate = true) to %bars[1]; the block waits on
// %bars[1] first. That wait completes the first commit too, in issue
// order, so D = 2 A B^T exactly, and the later wait on %bars[0] returns.
// RUN: uop-sim %s --compare-with %s --ref-entry ref | FileCheck %s
// CHECK: max_abs_err=0 max_rel_err=0 mismatches=0/

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!slot = memref<1xi32, #gpu.address_space<workgroup>>

func.func @main(%A: memref<128x64xf16>, %B: memref<128x64xf16>, %D: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %true = arith.constant true
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %sB = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %slot = uop.alloc_shared : !slot
    %bars = nvgpu.mbarrier.create -> !bars
    %warp = arith.divui %tx, %c32 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %warp0 {
      uop.tmem_alloc %slot[%c0] {columns = 128 : i32} : !slot
    }
    scf.if %thread0 {
      uop.mbarrier_init %bars[%c0], %c1 : !bars
      uop.mbarrier_init %bars[%c1], %c1 : !bars
    }
    uop.copy %A, %sA {layout = #uop.shared_layout<swizzle = 8, unit = 8>} : memref<128x64xf16> to !tile
    uop.copy %B, %sB {layout = #uop.shared_layout<swizzle = 8, unit = 8>} : memref<128x64xf16> to !tile
    uop.fence_proxy_async
    uop.tcgen05_fence before
    uop.barrier
    uop.tcgen05_fence after
    %acc = memref.load %slot[%c0] : !slot
    scf.if %warp0 {
      uop.elect {
        uop.tcgen05_mma %acc, %sA, %sB, %false : !tile, !tile
        uop.tcgen05_commit %bars[%c0] : !bars
        uop.tcgen05_mma %acc, %sA, %sB, %true : !tile, !tile
        uop.tcgen05_commit %bars[%c1] : !bars
      }
    }
    uop.mbarrier_wait %bars[%c1], %false : !bars
    uop.mbarrier_wait %bars[%c0], %false : !bars
    uop.tcgen05_fence after
    %lane = arith.muli %warp, %c32 : index
    %lane_i = arith.index_cast %lane : index to i32
    %c16_i32 = arith.constant 16 : i32
    %bits = arith.shli %lane_i, %c16_i32 : i32
    %base = arith.addi %acc, %bits : i32
    scf.for %j = %c0 to %c128 step %c32 {
      %j_i = arith.index_cast %j : index to i32
      %addr = arith.addi %base, %j_i : i32
      %v = uop.tcgen05_ld %addr : vector<32xf32>
      uop.tcgen05_wait_ld
      vector.store %v, %D[%tx, %j] : memref<128x128xf32>, vector<32xf32>
    }
    uop.tcgen05_fence before
    uop.barrier
    uop.tcgen05_fence after
    scf.if %warp0 {
      uop.tmem_dealloc %acc {columns = 128 : i32}
    }
    gpu.terminator
  }
  return
}

func.func @ref(%A: memref<128x64xf16>, %B: memref<128x64xf16>, %D: memref<128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%D : memref<128x128xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x64xf16>, memref<128x64xf16>)
      outs(%D : memref<128x128xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x64xf16>, memref<128x64xf16>)
      outs(%D : memref<128x128xf32>)
  return
}
