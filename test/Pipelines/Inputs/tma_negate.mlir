// D = -A through shared memory with the data movement of compute
// capability 9.0 and no tensor core: one elected thread announces the
// bytes on an mbarrier (expect_tx) and issues a TMA load of a 64 x 64 box
// of A (zero-filled past A's ragged edges); every thread waits on the
// barrier's phase (mbarrier.try_wait), negates its half row into a second
// tile, fences them into the async proxy, and after a barrier one thread
// stores the tile with a TMA store, which clips the box at D's edges. The
// kernel of targets sm_90 and sm_120, which have TMA but not wgmma.

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>
!tile = memref<64x64xf16, #gpu.address_space<workgroup>>

func.func @main(%A: memref<100x72xf16>, %D: memref<100x72xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %bytes = arith.constant 8192 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared {alignment = 128 : i64} : !tile
    %sD = uop.alloc_shared {alignment = 128 : i64} : !tile
    %bars = nvgpu.mbarrier.create -> !bars
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %thread0 {
      uop.mbarrier_init %bars[%c0], %c1 : !bars
      uop.fence_proxy_async
    }
    uop.barrier
    %m0 = arith.muli %bx, %c64 : index
    %n0 = arith.muli %by, %c64 : index
    %c32 = arith.constant 32 : index
    %first_warp = arith.cmpi ult, %tx, %c32 : index
    scf.if %first_warp {
      uop.elect {
        uop.mbarrier_arrive %bars[%c0] expect_tx %bytes : !bars
        uop.tma_load %A[%m0, %n0], %sA, %bars[%c0]
            : memref<100x72xf16>, !tile, !bars
      }
    }
    uop.mbarrier_wait %bars[%c0], %false : !bars
    // Thread t negates row t / 2 from column 32 (t % 2) on.
    %half = arith.remui %tx, %c2 : index
    %col = arith.muli %half, %c32 : index
    %r = arith.divui %tx, %c2 : index
    scf.for %j = %c0 to %c32 step %c1 {
      %cj = arith.addi %col, %j : index
      %v = memref.load %sA[%r, %cj] : !tile
      %n = arith.negf %v : f16
      memref.store %n, %sD[%r, %cj] : !tile
    }
    uop.fence_proxy_async
    uop.barrier
    scf.if %thread0 {
      uop.tma_store %sD, %D[%m0, %n0] : !tile, memref<100x72xf16>
      uop.tma_store_wait {pending = 0 : i32}
    }
    gpu.terminator
  }
  return
}
