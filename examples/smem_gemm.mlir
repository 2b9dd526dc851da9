// smem_gemm: C = A @ B for 64x64 f32 matrices, with 16x16 tiles of A and B
// staged in shared memory (the seed's smem_gemm_ir, N = 64, T = 16).
//
// A 4x4 grid of 16x16-thread blocks; each block owns one 16x16 tile of C and
// each thread one element of it. For each of the N/T = 4 steps along K the
// block copies a 16x16 tile of A and of B into shared memory, one element per
// thread (tx walks the columns of both, so both global loads are coalesced),
// waits at a barrier (read-after-write: no thread reads a tile before all of
// it is written), multiplies the tiles out of shared memory, and waits again
// (write-after-read: no thread overwrites a tile another still reads).
//
//   uop-opt --uop-compile="target=sm_90a" examples/smem_gemm.mlir |
//     uop-translate --uop-to-ptx -o smem_gemm.ptx
func.func @main(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %sA = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %acc = scf.for %kt = %c0 to %c4 step %c1 iter_args(%sum = %zero) -> (f32) {
      // Cooperative copy: thread (ty, tx) copies A[row, kt*T + tx] and
      // B[kt*T + ty, col].
      %k0 = arith.muli %kt, %c16 : index
      %ka = arith.addi %k0, %tx : index
      %a = memref.load %A[%row, %ka] : memref<64x64xf32>
      memref.store %a, %sA[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %kb = arith.addi %k0, %ty : index
      %b = memref.load %B[%kb, %col] : memref<64x64xf32>
      memref.store %b, %sB[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      uop.barrier
      %next = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %sum) -> (f32) {
        %x = memref.load %sA[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = memref.load %sB[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        // `contract` lets the NVPTX backend fuse the multiply and the add
        // into one fma.rn.f32, as nvcc's default --fmad=true does with
        // s + x * y; uop-sim computes them unfused (two roundings), which
        // the flag equally allows.
        %p = arith.mulf %x, %y fastmath<contract> : f32
        %n = arith.addf %s, %p fastmath<contract> : f32
        scf.yield %n : f32
      }
      uop.barrier
      scf.yield %next : f32
    }
    memref.store %acc, %C[%row, %col] : memref<64x64xf32>
    gpu.terminator
  }
  return
}
