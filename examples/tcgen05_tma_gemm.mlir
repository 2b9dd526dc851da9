// D = A * B^T on the fifth-generation tensor core (sm_100a) with the tiles
// loaded by TMA: step 4 of the Blackwell GEMM ladder, written by hand in
// uop IR. A is M x K, B is N x K, both f16 and stored K-major as TMA copies
// them; the product accumulates in f32 in tensor memory and is rounded to
// f16 once. One CTA of 128 threads per 128 x 128 tile of D on a 2-D grid.
// The shape is ragged on purpose (200 x 136 x 72): the TMA unit zero-fills
// the parts of a box outside A or B, so the edge tiles need no predication
// on the load side; the stores are predicated.
//
//   uop-sim examples/tcgen05_tma_gemm.mlir --compare-with examples/tcgen05_tma_gemm_ref.mlir
//   uop-opt examples/tcgen05_tma_gemm.mlir --uop-compile="target=sm_100a" | \
//     uop-translate --uop-to-ptx > gemm.ptx && ptxas -arch=sm_100a gemm.ptx

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!slot = memref<1xi32, #gpu.address_space<workgroup>>

func.func @main(%A: memref<200x72xf16>, %B: memref<136x72xf16>,
                %D: memref<200x136xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %true = arith.constant true
  %M = memref.dim %A, %c0 : memref<200x72xf16>
  %K = memref.dim %A, %c1 : memref<200x72xf16>
  %N = memref.dim %B, %c0 : memref<136x72xf16>
  %gm = arith.ceildivui %M, %c128 : index
  %gn = arith.ceildivui %N, %c128 : index
  %ktiles = arith.ceildivui %K, %c64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %gm, %gy = %gn, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    // (1) ALLOCATE: the two tiles (1024-byte aligned for the 128-byte
    // swizzle), the tensor-memory address word, and two mbarriers:
    // mma_bar (0) for the MMAs' commit, full (1) for the TMA loads.
    %sA = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %sB = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %slot = uop.alloc_shared {alignment = 4 : i64} : !slot
    %bars = nvgpu.mbarrier.create -> !bars
    %warp = arith.divui %tx, %c32 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %warp0 {
      uop.tmem_alloc %slot[%c0] {columns = 128 : i32} : !slot
      uop.tmem_relinquish_alloc_permit
    }
    scf.if %thread0 {
      uop.mbarrier_init %bars[%c0], %c1 : !bars
      uop.mbarrier_init %bars[%c1], %c1 : !bars
      uop.fence_proxy_async
    }
    uop.tcgen05_fence before
    uop.barrier
    uop.tcgen05_fence after
    %acc = memref.load %slot[%c0] : !slot

    %m0 = arith.muli %bx, %c128 : index
    %n0 = arith.muli %by, %c128 : index
    // Both boxes: 2 x 128 x 64 f16.
    %bytes = arith.constant 32768 : index

    // (2)-(3) The K-loop: one thread announces the bytes and issues both
    // loads; everyone waits for them to land, one elected thread issues
    // the MMAs and commits them; everyone waits for the MMAs before the
    // next loads overwrite the tiles. One phase per k-tile on each barrier.
    %last = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%phase = %false) -> (i1) {
      %k0 = arith.muli %kt, %c64 : index
      scf.if %thread0 {
        uop.mbarrier_arrive %bars[%c1] expect_tx %bytes : !bars
        uop.tma_load %A[%m0, %k0], %sA, %bars[%c1] swizzle 128
            : memref<200x72xf16>, !tile, !bars
        uop.tma_load %B[%n0, %k0], %sB, %bars[%c1] swizzle 128
            : memref<136x72xf16>, !tile, !bars
      }
      uop.mbarrier_wait %bars[%c1], %phase : !bars
      scf.if %warp0 {
        uop.elect {
          %accumulate = arith.cmpi ne, %kt, %c0 : index
          uop.tcgen05_mma %acc, %sA, %sB, %accumulate : !tile, !tile
          uop.tcgen05_commit %bars[%c0] : !bars
        }
      }
      uop.mbarrier_wait %bars[%c0], %phase : !bars
      uop.tcgen05_fence after
      %next = arith.xori %phase, %true : i1
      scf.yield %next : i1
    }

    // (4) WRITEBACK: thread (w, l) holds row 32w + l of the tile.
    %lane_base = arith.muli %warp, %c32 : index
    %lane_of_thread = arith.remui %tx, %c32 : index
    %row_t = arith.addi %lane_base, %lane_of_thread : index
    %row = arith.addi %m0, %row_t : index
    %row_ok = arith.cmpi ult, %row, %M : index
    %lane_i = arith.index_cast %lane_base : index to i32
    %c16_i32 = arith.constant 16 : i32
    %lane_field = arith.shli %lane_i, %c16_i32 : i32
    %warp_acc = arith.addi %acc, %lane_field : i32
    scf.for %j = %c0 to %c128 step %c32 {
      %j_i = arith.index_cast %j : index to i32
      %addr = arith.addi %warp_acc, %j_i : i32
      %v = uop.tcgen05_ld %addr : vector<32xf32>
      uop.tcgen05_wait_ld
      %h = arith.truncf %v : vector<32xf32> to vector<32xf16>
      %col = arith.addi %n0, %j : index
      scf.if %row_ok {
        vector.transfer_write %h, %D[%row, %col] : vector<32xf16>, memref<200x136xf16>
      }
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
