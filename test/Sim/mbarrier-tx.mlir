// The transaction count of an mbarrier phase (docs/sim.md, "mbarriers"):
// a TMA load's bytes count for the phase it was issued in. A load that
// lands after that phase completed without it counts for a later one: the
// protocol works only while the load is slow enough, so uop-sim reports it.
// Bytes completing ahead of their expect_tx are fine while the phase still
// awaits that arrival, and misuse once the last arrival leaves more bytes
// completed than announced (both in test/Sim/cluster.mlir's @early).

// @late: thread 0 announces one box for phase 0 but issues two loads in it;
// the phase completes on the first, and the second lands in phase 1, whose
// expect_tx counts it.
// RUN: sh -c 'uop-sim %s --entry late 2>&1; echo exit=$?' | FileCheck %s --check-prefix=LATE
// LATE: uop-sim: fault: mbarrier misuse at {{.*}}mbarrier-tx.mlir:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): the uop.tma_load of thread (0, 0, 0) completed 4096 transaction bytes in phase 1, issued in phase 0, which completed without them (expect_tx announced too few) on the mbarrier %bars[0]
// LATE: exit=2
// Both boxes announced for phase 0: right.
// RUN: sed 's/expect_tx %%bytes {first}/expect_tx %%both/; /{second}/d' %s | uop-sim - --entry late --compare-with %s --ref-entry late_ref | FileCheck %s
// CHECK: max_abs_err=0 max_rel_err=0 mismatches=0/

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @late(%A: memref<64x32xf16>, %O: memref<2x64x32xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %bytes = arith.constant 4096 : index
    %both = arith.constant 8192 : index
    %false = arith.constant false
    %true = arith.constant true
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %t0 = uop.alloc_shared {alignment = 128 : i64} : memref<64x32xf16, #gpu.address_space<workgroup>>
      %t1 = uop.alloc_shared {alignment = 128 : i64} : memref<64x32xf16, #gpu.address_space<workgroup>>
      %bars = nvgpu.mbarrier.create -> !bars
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        uop.mbarrier_init %bars[%c0], %c1 : !bars
      }
      uop.barrier
      scf.if %thread0 {
        uop.mbarrier_arrive %bars[%c0] expect_tx %bytes {first} : !bars
        uop.tma_load %A[%c0, %c0], %t0, %bars[%c0]
            : memref<64x32xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, !bars
        uop.tma_load %A[%c0, %c0], %t1, %bars[%c0]
            : memref<64x32xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, !bars
      }
      uop.mbarrier_wait %bars[%c0], %false : !bars
      scf.if %thread0 {
        uop.mbarrier_arrive %bars[%c0] expect_tx %bytes {second} : !bars
      }
      uop.mbarrier_wait %bars[%c0], %true {second} : !bars
      scf.for %r = %tx to %c64 step %c32 {
        scf.for %c = %c0 to %c32 step %c1 {
          %v0 = memref.load %t0[%r, %c] : memref<64x32xf16, #gpu.address_space<workgroup>>
          memref.store %v0, %O[%c0, %r, %c] : memref<2x64x32xf16>
          %v1 = memref.load %t1[%r, %c] : memref<64x32xf16, #gpu.address_space<workgroup>>
          memref.store %v1, %O[%c1, %r, %c] : memref<2x64x32xf16>
        }
      }
      gpu.terminator
    }
    return
  }

  func.func @late_ref(%A: memref<64x32xf16>, %O: memref<2x64x32xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c1 {
      scf.for %c = %c0 to %c32 step %c1 {
        %v = memref.load %A[%r, %c] : memref<64x32xf16>
        memref.store %v, %O[%c0, %r, %c] : memref<2x64x32xf16>
        memref.store %v, %O[%c1, %r, %c] : memref<2x64x32xf16>
      }
    }
    return
  }
}
