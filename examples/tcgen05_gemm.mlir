// D = A * B^T on the fifth-generation tensor core (sm_100a), written by hand
// in uop IR: steps 2 and 3 of the Blackwell GEMM ladder. A is M x K, B is
// N x K (a row-band of B is a column-band of B^T), both f16; the product
// accumulates in f32 in tensor memory and is rounded to f16 once, at the
// writeback. One CTA of 128 threads (one warpgroup) per 128 x 128 tile of
// D, a 2-D grid over the tiles; any M, N and K > 0 (edge tiles are
// zero-filled by the copies and the stores are predicated).
//
//   uop-sim examples/tcgen05_gemm.mlir --compare-with examples/tcgen05_gemm_ref.mlir
//   uop-opt examples/tcgen05_gemm.mlir --uop-compile="target=sm_100a" | \
//     uop-translate --uop-to-ptx > gemm.ptx && ptxas -arch=sm_100a gemm.ptx

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>
!tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!slot = memref<1xi32, #gpu.address_space<workgroup>>

func.func @main(%A: memref<256x192xf16>, %B: memref<128x192xf16>,
                %D: memref<256x128xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %true = arith.constant true
  %M = memref.dim %A, %c0 : memref<256x192xf16>
  %K = memref.dim %A, %c1 : memref<256x192xf16>
  %N = memref.dim %B, %c0 : memref<128x192xf16>
  %gm = arith.ceildivui %M, %c128 : index
  %gn = arith.ceildivui %N, %c128 : index
  %ktiles = arith.ceildivui %K, %c64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %gm, %gy = %gn, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    // (1) ALLOCATE: two 128 x 64 f16 tiles with the 128-byte swizzle
    // (1024-byte aligned, as the swizzle is computed on shared addresses),
    // the word that receives the tensor-memory address, one mbarrier.
    %sA = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %sB = uop.alloc_shared {alignment = 1024 : i64} : !tile
    %slot = uop.alloc_shared {alignment = 4 : i64} : !slot
    %mma_bar = nvgpu.mbarrier.create -> !bars
    %warp = arith.divui %tx, %c32 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    // Warp 0 allocates the f32 accumulator: 128 lanes x 128 columns.
    scf.if %warp0 {
      uop.tmem_alloc %slot[%c0] {columns = 128 : i32} : !slot
      uop.tmem_relinquish_alloc_permit
    }
    scf.if %thread0 {
      uop.mbarrier_init %mma_bar[%c0], %c1 : !bars
      uop.fence_proxy_async
    }
    uop.tcgen05_fence before
    uop.barrier
    uop.tcgen05_fence after
    %acc = memref.load %slot[%c0] : !slot

    // This CTA's tile (step 3).
    %m0 = arith.muli %bx, %c128 : index
    %n0 = arith.muli %by, %c128 : index
    %mleft = arith.subi %M, %m0 : index
    %mrows = arith.minui %mleft, %c128 : index
    %nleft = arith.subi %N, %n0 : index
    %nrows = arith.minui %nleft, %c128 : index

    // (2)-(3) The K-loop (step 2): copy, publish, one elected thread
    // issues the MMAs and commits them to mma_bar, everyone waits for the
    // phase, which is then toggled.
    %last = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%phase = %false) -> (i1) {
      %k0 = arith.muli %kt, %c64 : index
      %kleft = arith.subi %K, %k0 : index
      %kcols = arith.minui %kleft, %c64 : index
      %tA = memref.subview %A[%m0, %k0] [%mrows, %kcols] [1, 1]
          : memref<256x192xf16> to memref<?x?xf16, strided<[192, 1], offset: ?>>
      %tB = memref.subview %B[%n0, %k0] [%nrows, %kcols] [1, 1]
          : memref<128x192xf16> to memref<?x?xf16, strided<[192, 1], offset: ?>>
      uop.copy %tA, %sA {layout = #uop.shared_layout<swizzle = 8, unit = 8>}
          : memref<?x?xf16, strided<[192, 1], offset: ?>> to !tile
      uop.copy %tB, %sB {layout = #uop.shared_layout<swizzle = 8, unit = 8>}
          : memref<?x?xf16, strided<[192, 1], offset: ?>> to !tile
      // The tensor core reads through the async proxy.
      uop.fence_proxy_async
      uop.barrier
      uop.tcgen05_fence after
      scf.if %warp0 {
        uop.elect {
          %accumulate = arith.cmpi ne, %kt, %c0 : index
          uop.tcgen05_mma %acc, %sA, %sB, %accumulate : !tile, !tile
          uop.tcgen05_commit %mma_bar[%c0] : !bars
        }
      }
      uop.mbarrier_wait %mma_bar[%c0], %phase : !bars
      uop.tcgen05_fence after
      %next = arith.xori %phase, %true : i1
      scf.yield %next : i1
    }

    // (4) WRITEBACK: warp w reads tensor-memory lanes 32w .. 32w + 31, so
    // thread (w, l) holds row 32w + l; 32 columns at a time, cast to f16,
    // stored where the row and the columns are inside D.
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
      // Columns past N are masked by the transfer (out of bounds).
      %col = arith.addi %n0, %j : index
      scf.if %row_ok {
        vector.transfer_write %h, %D[%row, %col] : vector<32xf16>, memref<256x128xf16>
      }
    }
    // Everyone has read the accumulator before warp 0 frees it.
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
