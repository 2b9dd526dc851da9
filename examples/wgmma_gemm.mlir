// D = A * B^T on the warpgroup tensor core of sm_90a (wgmma), written by
// hand in uop IR. A is M x K, B is N x K, both f16; the product accumulates
// in f32 in the registers of one warpgroup (128 threads) per 64 x 128 tile
// of D, a 2-D grid over the tiles; any M, N and K > 0 (edge tiles are
// zero-filled by the copies and the stores are predicated).
//
//   uop-sim examples/wgmma_gemm.mlir --compare-with examples/wgmma_gemm_ref.mlir
//   uop-opt examples/wgmma_gemm.mlir --uop-compile="target=sm_90a" | \
//     uop-translate --uop-to-ptx > gemm.ptx && ptxas -arch=sm_90a gemm.ptx

!atile = memref<64x64xf16, #gpu.address_space<workgroup>>
!btile = memref<128x64xf16, #gpu.address_space<workgroup>>

func.func @main(%A: memref<256x192xf16>, %B: memref<128x192xf16>,
                %D: memref<256x128xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %M = memref.dim %A, %c0 : memref<256x192xf16>
  %K = memref.dim %A, %c1 : memref<256x192xf16>
  %N = memref.dim %B, %c0 : memref<128x192xf16>
  %gm = arith.ceildivui %M, %c64 : index
  %gn = arith.ceildivui %N, %c128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %gm, %gy = %gn, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    // A 64 x 64 tile of A and a 128 x 64 tile of B, 128-byte swizzled,
    // 1024-byte aligned (the swizzle is computed on shared addresses).
    %sA = uop.alloc_shared {alignment = 1024 : i64} : !atile
    %sB = uop.alloc_shared {alignment = 1024 : i64} : !btile
    %m0 = arith.muli %bx, %c64 : index
    %n0 = arith.muli %by, %c128 : index
    %mleft = arith.subi %M, %m0 : index
    %mrows = arith.minui %mleft, %c64 : index
    %nleft = arith.subi %N, %n0 : index
    %nrows = arith.minui %nleft, %c128 : index

    // The K-loop: copy, publish, the warpgroup's MMA (fence, issue, commit,
    // wait), and a barrier before the tiles are overwritten.
    %zero = arith.constant dense<0.0> : vector<64xf32>
    %acc = scf.for %k0 = %c0 to %K step %c64
        iter_args(%c = %zero) -> (vector<64xf32>) {
      %kleft = arith.subi %K, %k0 : index
      %kcols = arith.minui %kleft, %c64 : index
      %tA = memref.subview %A[%m0, %k0] [%mrows, %kcols] [1, 1]
          : memref<256x192xf16> to memref<?x?xf16, strided<[192, 1], offset: ?>>
      %tB = memref.subview %B[%n0, %k0] [%nrows, %kcols] [1, 1]
          : memref<128x192xf16> to memref<?x?xf16, strided<[192, 1], offset: ?>>
      uop.copy %tA, %sA {layout = #uop.shared_layout<swizzle = 8, unit = 8>}
          : memref<?x?xf16, strided<[192, 1], offset: ?>> to !atile
      uop.copy %tB, %sB {layout = #uop.shared_layout<swizzle = 8, unit = 8>}
          : memref<?x?xf16, strided<[192, 1], offset: ?>> to !btile
      // The tensor core reads through the async proxy.
      uop.fence_proxy_async
      uop.barrier
      uop.wgmma_fence
      %d = uop.wgmma_mma %sA, %sB, %c : !atile, !btile, vector<64xf32>
      uop.wgmma_commit_group
      uop.wgmma_wait_group 0
      uop.barrier
      scf.yield %d : vector<64xf32>
    }

    // WRITEBACK: register i of thread t holds row 16 (t / 32) + (t % 32) / 4
    // + 8 ((i / 2) % 2), column 8 (i / 4) + 2 (t % 4) + i % 2 of the tile.
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %wrow = arith.muli %warp, %c16 : index
    %lrow = arith.divui %lane, %c4 : index
    %trow = arith.addi %wrow, %lrow : index
    %row_lo = arith.addi %m0, %trow : index
    %row_hi = arith.addi %row_lo, %c8 : index
    %quad = arith.remui %lane, %c4 : index
    %tcol = arith.muli %quad, %c2 : index
    %col_t = arith.addi %n0, %tcol : index
    %h = arith.truncf %acc : vector<64xf32> to vector<64xf16>
    %c0_i = arith.constant 0 : index
    scf.for %j = %c0 to %c16 step %c1 {
      // Registers 4j .. 4j + 3: (row_lo, col), (row_lo, col + 1),
      // (row_hi, col), (row_hi, col + 1) with col = col_t + 8 j.
      %j8 = arith.muli %j, %c8 : index
      %col = arith.addi %col_t, %j8 : index
      %col1 = arith.addi %col, %c1 : index
      %i0 = arith.muli %j, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %c3 = arith.constant 3 : index
      %i3 = arith.addi %i0, %c3 : index
      %v0 = vector.extract %h[%i0] : f16 from vector<64xf16>
      %v1 = vector.extract %h[%i1] : f16 from vector<64xf16>
      %v2 = vector.extract %h[%i2] : f16 from vector<64xf16>
      %v3 = vector.extract %h[%i3] : f16 from vector<64xf16>
      %lo_ok = arith.cmpi ult, %row_lo, %M : index
      %hi_ok = arith.cmpi ult, %row_hi, %M : index
      %c_ok = arith.cmpi ult, %col, %N : index
      %c1_ok = arith.cmpi ult, %col1, %N : index
      %p0 = arith.andi %lo_ok, %c_ok : i1
      %p1 = arith.andi %lo_ok, %c1_ok : i1
      %p2 = arith.andi %hi_ok, %c_ok : i1
      %p3 = arith.andi %hi_ok, %c1_ok : i1
      scf.if %p0 {
        memref.store %v0, %D[%row_lo, %col] : memref<256x128xf16>
      }
      scf.if %p1 {
        memref.store %v1, %D[%row_lo, %col1] : memref<256x128xf16>
      }
      scf.if %p2 {
        memref.store %v2, %D[%row_hi, %col] : memref<256x128xf16>
      }
      scf.if %p3 {
        memref.store %v3, %D[%row_hi, %col1] : memref<256x128xf16>
      }
    }
    gpu.terminator
  }
  return
}
