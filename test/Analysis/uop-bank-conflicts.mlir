// RUN: uop-opt %s --uop-bank-conflicts --split-input-file -verify-diagnostics -o /dev/null

// The seed's smem_gemm (examples/smem_gemm.mlir): a 16x16 block, so warp 0 is
// rows ty = 0 and ty = 1 of the tile. Every shared access is conflict-free:
// the stores write 32 consecutive words; sA[ty][k] is two words (k and
// 16 + k, distinct banks), each broadcast to 16 lanes; sB[k][tx] is 16
// consecutive words, each read by two lanes.
func.func @smem_gemm(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
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
      %k0 = arith.muli %kt, %c16 : index
      %ka = arith.addi %k0, %tx : index
      %a = memref.load %A[%row, %ka] : memref<64x64xf32>
      // expected-remark @below {{shared store of 'memref<16x16xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      memref.store %a, %sA[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %kb = arith.addi %k0, %ty : index
      %b = memref.load %B[%kb, %col] : memref<64x64xf32>
      // expected-remark @below {{shared store of 'memref<16x16xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      memref.store %b, %sB[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      uop.barrier
      %next = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %sum) -> (f32) {
        // expected-remark @below {{shared load of 'memref<16x16xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
        %x = memref.load %sA[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        // expected-remark @below {{shared load of 'memref<16x16xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
        %y = memref.load %sB[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %n = arith.addf %s, %p : f32
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

// -----

// A 32x32 tile read by columns: lane tx reads word 32 * tx + k, so all 32
// lanes hit bank k with 32 distinct words. Padding the row to 33 words puts
// lane tx in bank (tx + k) mod 32; an XOR swizzle of the column does the same
// without wasting memory. Row-wise reads are conflict-free.
func.func @transposed_padded_swizzled() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %p = uop.alloc_shared : memref<32x33xf32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c32 step %c1 {
      // expected-remark @below {{shared load of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 32 passes per warp access (32-way bank conflict)}}
      %t = memref.load %s[%tx, %k] : memref<32x32xf32, #gpu.address_space<workgroup>>
      // expected-remark @below {{shared load of 'memref<32x33xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      %q = memref.load %p[%tx, %k] : memref<32x33xf32, #gpu.address_space<workgroup>>
      %col = arith.xori %k, %tx : index
      // expected-remark @below {{shared load of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      %w = memref.load %s[%tx, %col] : memref<32x32xf32, #gpu.address_space<workgroup>>
      // expected-remark @below {{shared load of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      %r = memref.load %s[%k, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// f16: two elements per word. Row reads pair lanes on one word (shared, so
// conflict-free); a column of a 32-wide f16 tile is 16 words apart, so banks
// 0 and 16 each serve 16 distinct words.
func.func @half() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %h = arith.constant 1.0 : f16
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32x32xf16, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared store of 'memref<32x32xf16, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
    memref.store %h, %s[%c0, %tx] : memref<32x32xf16, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared load of 'memref<32x32xf16, #gpu.address_space<workgroup>>': 16 passes per warp access (16-way bank conflict)}}
    %v = memref.load %s[%tx, %c0] : memref<32x32xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// A stride of two words: banks 0, 2, ..., 30 each serve two words.
// Every lane on one word is a broadcast.
func.func @two_way_and_broadcast() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c2 : index
    // expected-remark @below {{shared load of 'memref<64xf32, #gpu.address_space<workgroup>>': 2 passes per warp access (2-way bank conflict)}}
    %a = memref.load %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared load of 'memref<64xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
    %b = memref.load %s[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// 128-bit accesses run as four phases of eight lanes, 64-bit ones as two of
// sixteen. Consecutive vectors fill all 32 banks in each phase: the minimum,
// one pass per phase. Vectors a 32-word row apart put the eight lanes of a
// phase on the same four banks.
func.func @vectors() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %flat = uop.alloc_shared : memref<128xf32, #gpu.address_space<workgroup>>
    %i4 = arith.muli %tx, %c4 : index
    // expected-remark @below {{shared load of 'memref<128xf32, #gpu.address_space<workgroup>>': 4 passes per warp access (4 phases of 8 lanes, conflict-free)}}
    %v = vector.load %flat[%i4] : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    // expected-remark @below {{shared store of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 32 passes per warp access (4 phases of 8 lanes, 8-way bank conflict)}}
    vector.store %v, %s[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    %i2 = arith.muli %tx, %c2 : index
    // expected-remark @below {{shared load of 'memref<128xf32, #gpu.address_space<workgroup>>': 2 passes per warp access (2 phases of 16 lanes, conflict-free)}}
    %w = vector.load %flat[%i2] : memref<128xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    %pad = arith.constant 0.0 : f32
    // expected-remark @below {{shared load of 'memref<128xf32, #gpu.address_space<workgroup>>': 4 passes per warp access (4 phases of 8 lanes, conflict-free)}}
    %t = vector.transfer_read %flat[%i4], %pad {in_bounds = [true]} : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    // expected-remark @below {{shared load of 'memref<128xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: a 12-byte access per lane is not one shared-memory instruction and is not modeled}}
    %odd = vector.load %flat[%i4] : memref<128xf32, #gpu.address_space<workgroup>>, vector<3xf32>
    gpu.terminator
  }
  return
}

// -----

// An index read from memory is data: the analysis says so instead of
// guessing. Global-memory accesses get no remark.
func.func @data_dependent(%idx: memref<32xindex>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %i = memref.load %idx[%tx] : memref<32xindex>
    // expected-remark @below {{shared load of 'memref<32x32xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the index depends on data loaded by 'memref.load'}}
    %v = memref.load %s[%i, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// A block size only known at run time leaves the lanes' thread ids unknown.
func.func @dynamic_block(%n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared load of 'memref<32xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the block size of the kernel is not a constant}}
    %v = memref.load %s[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Fewer than 32 threads: only those lanes count (8 lanes, all in bank 0).
// In an (8, 8) block warp 0 is rows ty = 0..3 of eight lanes each.
func.func @small_and_2d_blocks() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x32xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    // expected-remark @below {{shared load of 'memref<8x32xf32, #gpu.address_space<workgroup>>': 8 passes per warp access (8-way bank conflict)}}
    %v = memref.load %s[%tx, %c0] : memref<8x32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    %t = uop.alloc_shared : memref<8x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared load of 'memref<8x8xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
    %v = memref.load %s[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    // Lanes of the same tx on rows ty = 0..3: bank tx, four words.
    // expected-remark @below {{shared load of 'memref<8x32xf32, #gpu.address_space<workgroup>>': 4 passes per warp access (4-way bank conflict)}}
    %w = memref.load %t[%ty, %tx] : memref<8x32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Branches on the thread id mask lanes off: only lanes 0..15 load, a 16-way
// conflict; warp 0 never takes the second branch.
func.func @guards() {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<64x32xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %low = arith.cmpi ult, %tx, %c16 : index
    scf.if %low {
      // expected-remark @below {{shared load of 'memref<64x32xf32, #gpu.address_space<workgroup>>': 16 passes per warp access (16-way bank conflict)}}
      %v = memref.load %s[%tx, %c0] : memref<64x32xf32, #gpu.address_space<workgroup>>
    }
    %high = arith.cmpi uge, %tx, %c32 : index
    scf.if %high {
      // expected-remark @below {{shared load of 'memref<64x32xf32, #gpu.address_space<workgroup>>': not executed by warp 0}}
      %v = memref.load %s[%tx, %c0] : memref<64x32xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// The worst of the first iterations counts: at k = 0 every lane reads word 0
// (a broadcast), at k = 2 the stride is two words (2-way).
func.func @worst_iteration() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c8 step %c1 {
      %i = arith.muli %tx, %k : index
      // expected-remark @below {{shared load of 'memref<256xf32, #gpu.address_space<workgroup>>': 2 passes per warp access (2-way bank conflict)}}
      %v = memref.load %s[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// Views: a subview at a dynamic column and a workgroup global, through
// affine.apply.
memref.global "private" @tile : memref<32x64xf32, #gpu.address_space<workgroup>>

func.func @views(%col: index) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %g = memref.get_global @tile : memref<32x64xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%tx)
    %sub = memref.subview %g[0, %off] [32, 2] [1, 1] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x2xf32, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    // Lane tx reads word 2 * tx: a 2-way conflict.
    // expected-remark @below {{shared load of '@tile': 2 passes per warp access (2-way bank conflict)}}
    %v = memref.load %sub[%c0, %c0] : memref<32x2xf32, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    // Rows 64 words apart: one bank.
    // expected-remark @below {{shared load of '@tile': 32 passes per warp access (32-way bank conflict)}}
    %w = memref.load %g[%tx, %c0] : memref<32x64xf32, #gpu.address_space<workgroup>>
    %moved = memref.subview %g[0, %col] [32, 2] [1, 1] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x2xf32, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared load of '@tile': cannot evaluate the addresses of warp 0: the index depends on an argument of the kernel}}
    %x = memref.load %moved[%c0, %c0] : memref<32x2xf32, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// An outlined kernel: workgroup attributions, gpu.thread_id and the block
// size from known_block_size; a loop distributed over the threads.
gpu.module @kernels {
  gpu.func @outlined() workgroup(%s : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tx = gpu.thread_id x
    // expected-remark @below {{shared load of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 32 passes per warp access (32-way bank conflict)}}
    %v = memref.load %s[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
    scf.forall (%i) in (32) {
      // expected-remark @below {{shared store of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      memref.store %v, %s[%c0, %i] : memref<32x32xf32, #gpu.address_space<workgroup>>
    } {mapping = [#gpu.thread<x>]}
    gpu.return
  }

  // A memref of vectors: each element is one 16-byte access per lane.
  gpu.func @vector_elements() workgroup(%vs : memref<32xvector<4xf32>, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tx = gpu.thread_id x
    // expected-remark @below {{shared load of 'memref<32xvector<4xf32>, #gpu.address_space<workgroup>>': 4 passes per warp access (4 phases of 8 lanes, conflict-free)}}
    %e = memref.load %vs[%tx] : memref<32xvector<4xf32>, #gpu.address_space<workgroup>>
    gpu.return
  }

  // Without a known block size the lanes' thread ids are unknown.
  gpu.func @unknown_block() workgroup(%s : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
    %tx = gpu.thread_id x
    // expected-remark @below {{shared load of 'memref<32xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the block size of the kernel is not a constant}}
    %v = memref.load %s[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// stmatrix (and ldmatrix): lane 8 q + r gives the address of row r of
// matrix q, 16 bytes, a phase per matrix. Rows 128 bytes apart at the same
// column all start in bank 0 (8-way); with the 128-byte swizzle (chunk xor
// row mod 8) the 8 rows of a phase take 8 distinct chunks. With x1 only
// lanes 0-7 give addresses: one phase, whatever the other lanes' indices.
func.func @stmatrix(%v4: vector<4x2xf16>, %v1: vector<1x2xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32x64xf16, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared store of 'memref<32x64xf16, #gpu.address_space<workgroup>>': 32 passes per warp access (4 phases of 8 lanes, 8-way bank conflict)}}
    uop.stmatrix %v4, %s[%tx, %c0] {num = 4 : i32} : vector<4x2xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>
    %phase = arith.remui %tx, %c8 : index
    %col = arith.muli %phase, %c8 : index
    // expected-remark @below {{shared store of 'memref<32x64xf16, #gpu.address_space<workgroup>>': 4 passes per warp access (4 phases of 8 lanes, conflict-free)}}
    uop.stmatrix %v4, %s[%tx, %col] {num = 4 : i32} : vector<4x2xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared store of 'memref<32x64xf16, #gpu.address_space<workgroup>>': 1 pass per warp access (4 phases of 8 lanes, conflict-free)}}
    uop.stmatrix %v1, %s[%tx, %col] {num = 1 : i32} : vector<1x2xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>
    // expected-remark @below {{shared load of 'memref<32x64xf16, #gpu.address_space<workgroup>>': 4 passes per warp access (4 phases of 8 lanes, conflict-free)}}
    %a = uop.ldmatrix %s[%tx, %col] {num = 4 : i32} : memref<32x64xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}
