// RUN: uop-opt %s --uop-bank-conflicts --split-input-file -verify-diagnostics -o /dev/null

// Index arithmetic is evaluated with the simulator's integer semantics
// (Uop/Sim/IntSemantics.h): narrow types wrap, unsigned ops read the
// zero-extended bits, and poison results are reported, not guessed.

// i8 arithmetic wraps: 64 * tx is 0, 64, 128, 192, 0, ... (read unsigned),
// four words of bank 0, each shared by eight lanes: a 4-way conflict. Without
// the wrap, 32 distinct words of bank 0 would be a 32-way one.
func.func @narrow_wraps() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64_i8 = arith.constant 64 : i8
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<2048xf32, #gpu.address_space<workgroup>>
    %t8 = arith.index_cast %tx : index to i8
    %m = arith.muli %t8, %c64_i8 : i8
    %i = arith.index_castui %m : i8 to index
    // expected-remark @below {{shared load of 'memref<2048xf32, #gpu.address_space<workgroup>>': 4 passes per warp access (4-way bank conflict)}}
    %v = memref.load %s[%i] : memref<2048xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// An unsigned comparison of tx - 16 < 16 holds for lanes 16 to 31 only
// (lanes 0 to 15 wrap to huge values): those read word 0, lanes 0 to 15 the
// words 0, 32, ..., 480 of bank 0: 16 distinct words.
func.func @unsigned_compare() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<1024xf32, #gpu.address_space<workgroup>>
    %n = arith.subi %tx, %c16 : index
    %upper = arith.cmpi ult, %n, %c16 : index
    %row = arith.muli %tx, %c32 : index
    %i = arith.select %upper, %c0, %row : index
    // expected-remark @below {{shared load of 'memref<1024xf32, #gpu.address_space<workgroup>>': 16 passes per warp access (16-way bank conflict)}}
    %v = memref.load %s[%i] : memref<1024xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Negative dividends: (tx - 16) floordivsi 4 + 4 is tx / 4 because
// floordivsi rounds toward negative infinity, and ((tx - 16) remsi 16 + 16)
// remui 16 is tx mod 16 because remsi keeps the dividend's sign. Lane tx
// reads row tx / 4, column tx mod 16 of rows of 16 words: lanes tx and
// tx + 16 are four rows (64 words) apart, in the same bank: 2-way.
func.func @signed_division() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x16xf32, #gpu.address_space<workgroup>>
    %n = arith.subi %tx, %c16 : index
    %q = arith.floordivsi %n, %c4 : index
    %r = arith.addi %q, %c4 : index
    %m = arith.remsi %n, %c16 : index
    %c = arith.addi %m, %c16 : index
    %col = arith.remui %c, %c16 : index
    // expected-remark @below {{shared load of 'memref<8x16xf32, #gpu.address_space<workgroup>>': 2 passes per warp access (2-way bank conflict)}}
    %v = memref.load %s[%r, %col] : memref<8x16xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Results arith calls poison: the simulator gives them a value so that it
// can go on, the analysis says why it stops.
func.func @poison() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %min_i8 = arith.constant -128 : i8
  %m1_i8 = arith.constant -1 : i8
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<256xf32, #gpu.address_space<workgroup>>
    %d = arith.divui %tx, %c0 : index
    // expected-remark @below {{shared load of 'memref<256xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the index divides by zero}}
    %a = memref.load %s[%d] : memref<256xf32, #gpu.address_space<workgroup>>
    %sh = arith.shli %tx, %c64 : index
    // expected-remark @below {{shared load of 'memref<256xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the index shifts by at least its bit width}}
    %b = memref.load %s[%sh] : memref<256xf32, #gpu.address_space<workgroup>>
    %q8 = arith.divsi %min_i8, %m1_i8 : i8
    %q = arith.index_castui %q8 : i8 to index
    %o = arith.addi %q, %tx : index
    // expected-remark @below {{shared load of 'memref<256xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the index divides the most negative value by -1}}
    %c = memref.load %s[%o] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Integers wider than the simulator's 64-bit words are not evaluated.
func.func @too_wide() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    %w = arith.index_cast %tx : index to i128
    %i = arith.index_cast %w : i128 to index
    // expected-remark @below {{shared load of 'memref<32xf32, #gpu.address_space<workgroup>>': cannot evaluate the addresses of warp 0: the index is wider than 64 bits}}
    %v = memref.load %s[%i] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
