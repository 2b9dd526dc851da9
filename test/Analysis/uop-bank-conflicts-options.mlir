// RUN: uop-opt %s --uop-bank-conflicts="emit-summary loop-iterations=1" --split-input-file -verify-diagnostics -o /dev/null

// emit-summary: one remark per kernel, with a note on its worst access.
// loop-iterations=1: loops are evaluated at their lower bound only, so
// `tx * k` at k = 0 is one broadcast word.
func.func @summary() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  // expected-remark @below {{shared-memory bank conflicts of warp 0: 4 accesses, worst 32 passes per warp access (32-way bank conflict), 1 not evaluated}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %flat = uop.alloc_shared : memref<256xf32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c8 step %c1 {
      %i = arith.muli %tx, %k : index
      // expected-remark @below {{shared load of 'memref<256xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      %v = memref.load %flat[%i] : memref<256xf32, #gpu.address_space<workgroup>>
      // expected-remark @below {{shared load of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 32 passes per warp access (32-way bank conflict)}}
      // expected-note @below {{worst access here}}
      %w = memref.load %s[%tx, %k] : memref<32x32xf32, #gpu.address_space<workgroup>>
      %j = arith.fptosi %w : f32 to i32
      %jj = arith.index_cast %j : i32 to index
      // expected-remark @below {{shared load of 'memref<32x32xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the index depends on the result of 'arith.fptosi', which is not evaluated}}
      %x = memref.load %s[%jj, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      // expected-remark @below {{shared store of 'memref<32x32xf32, #gpu.address_space<workgroup>>': 1 pass per warp access (conflict-free)}}
      memref.store %x, %s[%k, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// A kernel without shared memory still gets its summary.
func.func @no_shared(%out: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %f = arith.constant 1.0 : f32
  // expected-remark @below {{shared-memory bank conflicts of warp 0: 0 accesses}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    memref.store %f, %out[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}
