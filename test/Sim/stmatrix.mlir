// uop.stmatrix (stmatrix.sync.aligned.m8n8.x4.b16) by its PTX ISA layout:
// lane l holds, in register q, elements (l / 4, 2 (l % 4) + e) of matrix q,
// and lane 8 q + r gives the address of row r of matrix q. Each lane here
// holds 64 q + 2 l + e, which lands at row r = l / 4, column c = 2 (l % 4)
// + e of matrix q: 64 q + 8 r + c. With lane l addressing tile row l, the
// 32 x 8 tile is 0, 1, 2, ... in row-major order, which the reference
// writes directly.
// RUN: uop-sim %s --entry layout --compare-with %s --ref-entry layout_ref | FileCheck %s --check-prefix=OK
// OK: max_abs_err=0 max_rel_err=0 mismatches=0/256

// Matrix q's rows at an address that is not 16-byte aligned (column 4 of
// an f16 row: byte 8): the hardware's alignment rule, reported.
// RUN: sh -c 'uop-sim %s --entry misaligned 2>&1; echo exit=$?' | FileCheck %s --check-prefix=MISALIGNED
// MISALIGNED: uop-sim: fault: misaligned access: uop.stmatrix row of shared %s at byte 8, which is not a multiple of 16, given by thread (0, 0, 0) at {{.*}}stmatrix.mlir:[[#]]:5
// MISALIGNED: exit=2

// Rows past the tile (lanes 24-31 address rows 32-39 of 32): an
// out-of-bounds fault, the row skipped.
// RUN: sh -c 'uop-sim %s --entry out_of_bounds 2>&1; echo exit=$?' | FileCheck %s --check-prefix=OOB
// OOB: uop-sim: fault: out of bounds: uop.stmatrix of shared %s[32, 0] (sizes 32x8) in block (0, 0, 0) by thread (24, 0, 0)
// OOB: exit=2

// Half a warp: a warp-collective op needs all 32 lanes.
// RUN: sh -c 'uop-sim %s --entry partial 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: partial warp at {{.*}}stmatrix.mlir:[[#]]:7 in block (0, 0, 0): uop.stmatrix reached by thread (0, 0, 0) but not by thread (16, 0, 0)
// PARTIAL: exit=2

// Stored and then read by another thread without a barrier: the race
// checker sees stmatrix's writes (by the lane holding each element).
// RUN: sh -c 'uop-sim %s --entry no_barrier 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOBAR
// NOBAR: uop-sim: fault: RAW race on shared %s[1, 0] in block (0, 0, 0): write by thread (4, 0, 0) at {{.*}}stmatrix.mlir:[[#]]:5, read by thread (1, 0, 0)
// NOBAR: exit=2

// Lane l's registers: 64 q + 2 l + e as f16, q = 0..3, e = 0, 1; lane l
// addresses row l of the tile (row l % 8 of matrix l / 8).
func.func @layout(%out: memref<32x8xf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<32x8xf16, #gpu.address_space<workgroup>>
    %c2 = arith.constant 2 : index
    %base = arith.muli %tx, %c2 : index
    %k00 = arith.constant 0 : index
    %s00 = arith.addi %base, %k00 : index
    %i00 = arith.index_cast %s00 : index to i32
    %f00 = arith.sitofp %i00 : i32 to f16
    %k01 = arith.constant 1 : index
    %s01 = arith.addi %base, %k01 : index
    %i01 = arith.index_cast %s01 : index to i32
    %f01 = arith.sitofp %i01 : i32 to f16
    %k10 = arith.constant 64 : index
    %s10 = arith.addi %base, %k10 : index
    %i10 = arith.index_cast %s10 : index to i32
    %f10 = arith.sitofp %i10 : i32 to f16
    %k11 = arith.constant 65 : index
    %s11 = arith.addi %base, %k11 : index
    %i11 = arith.index_cast %s11 : index to i32
    %f11 = arith.sitofp %i11 : i32 to f16
    %k20 = arith.constant 128 : index
    %s20 = arith.addi %base, %k20 : index
    %i20 = arith.index_cast %s20 : index to i32
    %f20 = arith.sitofp %i20 : i32 to f16
    %k21 = arith.constant 129 : index
    %s21 = arith.addi %base, %k21 : index
    %i21 = arith.index_cast %s21 : index to i32
    %f21 = arith.sitofp %i21 : i32 to f16
    %k30 = arith.constant 192 : index
    %s30 = arith.addi %base, %k30 : index
    %i30 = arith.index_cast %s30 : index to i32
    %f30 = arith.sitofp %i30 : i32 to f16
    %k31 = arith.constant 193 : index
    %s31 = arith.addi %base, %k31 : index
    %i31 = arith.index_cast %s31 : index to i32
    %f31 = arith.sitofp %i31 : i32 to f16
    %v = vector.from_elements %f00, %f01, %f10, %f11, %f20, %f21, %f30, %f31 : vector<4x2xf16>
    uop.stmatrix %v, %s[%tx, %c0] {num = 4 : i32} : vector<4x2xf16>, memref<32x8xf16, #gpu.address_space<workgroup>>
    uop.barrier
    // Thread t copies row t of the tile.
    %c8 = arith.constant 8 : index
    scf.for %j = %c0 to %c8 step %c1 {
      %x = memref.load %s[%tx, %j] : memref<32x8xf16, #gpu.address_space<workgroup>>
      memref.store %x, %out[%tx, %j] : memref<32x8xf16>
    }
    gpu.terminator
  }
  return
}

func.func @layout_ref(%out: memref<32x8xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %i8 = arith.muli %i, %c8 : index
      %n = arith.addi %i8, %j : index
      %n32 = arith.index_cast %n : index to i32
      %f = arith.sitofp %n32 : i32 to f16
      memref.store %f, %out[%i, %j] : memref<32x8xf16>
    }
  }
  return
}

func.func @misaligned() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<32x8xf16, #gpu.address_space<workgroup>>
    %c2 = arith.constant 2 : index
    %base = arith.muli %tx, %c2 : index
    %k00 = arith.constant 0 : index
    %s00 = arith.addi %base, %k00 : index
    %i00 = arith.index_cast %s00 : index to i32
    %f00 = arith.sitofp %i00 : i32 to f16
    %k01 = arith.constant 1 : index
    %s01 = arith.addi %base, %k01 : index
    %i01 = arith.index_cast %s01 : index to i32
    %f01 = arith.sitofp %i01 : i32 to f16
    %k10 = arith.constant 64 : index
    %s10 = arith.addi %base, %k10 : index
    %i10 = arith.index_cast %s10 : index to i32
    %f10 = arith.sitofp %i10 : i32 to f16
    %k11 = arith.constant 65 : index
    %s11 = arith.addi %base, %k11 : index
    %i11 = arith.index_cast %s11 : index to i32
    %f11 = arith.sitofp %i11 : i32 to f16
    %k20 = arith.constant 128 : index
    %s20 = arith.addi %base, %k20 : index
    %i20 = arith.index_cast %s20 : index to i32
    %f20 = arith.sitofp %i20 : i32 to f16
    %k21 = arith.constant 129 : index
    %s21 = arith.addi %base, %k21 : index
    %i21 = arith.index_cast %s21 : index to i32
    %f21 = arith.sitofp %i21 : i32 to f16
    %k30 = arith.constant 192 : index
    %s30 = arith.addi %base, %k30 : index
    %i30 = arith.index_cast %s30 : index to i32
    %f30 = arith.sitofp %i30 : i32 to f16
    %k31 = arith.constant 193 : index
    %s31 = arith.addi %base, %k31 : index
    %i31 = arith.index_cast %s31 : index to i32
    %f31 = arith.sitofp %i31 : i32 to f16
    %v = vector.from_elements %f00, %f01, %f10, %f11, %f20, %f21, %f30, %f31 : vector<4x2xf16>
    %c4 = arith.constant 4 : index
    uop.stmatrix %v, %s[%tx, %c4] {num = 4 : i32} : vector<4x2xf16>, memref<32x8xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

func.func @partial() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<32x8xf16, #gpu.address_space<workgroup>>
    %c2 = arith.constant 2 : index
    %base = arith.muli %tx, %c2 : index
    %k00 = arith.constant 0 : index
    %s00 = arith.addi %base, %k00 : index
    %i00 = arith.index_cast %s00 : index to i32
    %f00 = arith.sitofp %i00 : i32 to f16
    %k01 = arith.constant 1 : index
    %s01 = arith.addi %base, %k01 : index
    %i01 = arith.index_cast %s01 : index to i32
    %f01 = arith.sitofp %i01 : i32 to f16
    %k10 = arith.constant 64 : index
    %s10 = arith.addi %base, %k10 : index
    %i10 = arith.index_cast %s10 : index to i32
    %f10 = arith.sitofp %i10 : i32 to f16
    %k11 = arith.constant 65 : index
    %s11 = arith.addi %base, %k11 : index
    %i11 = arith.index_cast %s11 : index to i32
    %f11 = arith.sitofp %i11 : i32 to f16
    %k20 = arith.constant 128 : index
    %s20 = arith.addi %base, %k20 : index
    %i20 = arith.index_cast %s20 : index to i32
    %f20 = arith.sitofp %i20 : i32 to f16
    %k21 = arith.constant 129 : index
    %s21 = arith.addi %base, %k21 : index
    %i21 = arith.index_cast %s21 : index to i32
    %f21 = arith.sitofp %i21 : i32 to f16
    %k30 = arith.constant 192 : index
    %s30 = arith.addi %base, %k30 : index
    %i30 = arith.index_cast %s30 : index to i32
    %f30 = arith.sitofp %i30 : i32 to f16
    %k31 = arith.constant 193 : index
    %s31 = arith.addi %base, %k31 : index
    %i31 = arith.index_cast %s31 : index to i32
    %f31 = arith.sitofp %i31 : i32 to f16
    %v = vector.from_elements %f00, %f01, %f10, %f11, %f20, %f21, %f30, %f31 : vector<4x2xf16>
    %c16 = arith.constant 16 : index
    %half = arith.cmpi ult, %tx, %c16 : index
    scf.if %half {
      uop.stmatrix %v, %s[%tx, %c0] {num = 4 : i32} : vector<4x2xf16>, memref<32x8xf16, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

func.func @no_barrier(%out: memref<32x8xf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<32x8xf16, #gpu.address_space<workgroup>>
    %c2 = arith.constant 2 : index
    %base = arith.muli %tx, %c2 : index
    %k00 = arith.constant 0 : index
    %s00 = arith.addi %base, %k00 : index
    %i00 = arith.index_cast %s00 : index to i32
    %f00 = arith.sitofp %i00 : i32 to f16
    %k01 = arith.constant 1 : index
    %s01 = arith.addi %base, %k01 : index
    %i01 = arith.index_cast %s01 : index to i32
    %f01 = arith.sitofp %i01 : i32 to f16
    %k10 = arith.constant 64 : index
    %s10 = arith.addi %base, %k10 : index
    %i10 = arith.index_cast %s10 : index to i32
    %f10 = arith.sitofp %i10 : i32 to f16
    %k11 = arith.constant 65 : index
    %s11 = arith.addi %base, %k11 : index
    %i11 = arith.index_cast %s11 : index to i32
    %f11 = arith.sitofp %i11 : i32 to f16
    %k20 = arith.constant 128 : index
    %s20 = arith.addi %base, %k20 : index
    %i20 = arith.index_cast %s20 : index to i32
    %f20 = arith.sitofp %i20 : i32 to f16
    %k21 = arith.constant 129 : index
    %s21 = arith.addi %base, %k21 : index
    %i21 = arith.index_cast %s21 : index to i32
    %f21 = arith.sitofp %i21 : i32 to f16
    %k30 = arith.constant 192 : index
    %s30 = arith.addi %base, %k30 : index
    %i30 = arith.index_cast %s30 : index to i32
    %f30 = arith.sitofp %i30 : i32 to f16
    %k31 = arith.constant 193 : index
    %s31 = arith.addi %base, %k31 : index
    %i31 = arith.index_cast %s31 : index to i32
    %f31 = arith.sitofp %i31 : i32 to f16
    %v = vector.from_elements %f00, %f01, %f10, %f11, %f20, %f21, %f30, %f31 : vector<4x2xf16>
    uop.stmatrix %v, %s[%tx, %c0] {num = 4 : i32} : vector<4x2xf16>, memref<32x8xf16, #gpu.address_space<workgroup>>
    // Thread t copies row t of the tile.
    %c8 = arith.constant 8 : index
    scf.for %j = %c0 to %c8 step %c1 {
      %x = memref.load %s[%tx, %j] : memref<32x8xf16, #gpu.address_space<workgroup>>
      memref.store %x, %out[%tx, %j] : memref<32x8xf16>
    }
    gpu.terminator
  }
  return
}

func.func @out_of_bounds() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<32x8xf16, #gpu.address_space<workgroup>>
    %c2 = arith.constant 2 : index
    %base = arith.muli %tx, %c2 : index
    %k00 = arith.constant 0 : index
    %s00 = arith.addi %base, %k00 : index
    %i00 = arith.index_cast %s00 : index to i32
    %f00 = arith.sitofp %i00 : i32 to f16
    %k01 = arith.constant 1 : index
    %s01 = arith.addi %base, %k01 : index
    %i01 = arith.index_cast %s01 : index to i32
    %f01 = arith.sitofp %i01 : i32 to f16
    %k10 = arith.constant 64 : index
    %s10 = arith.addi %base, %k10 : index
    %i10 = arith.index_cast %s10 : index to i32
    %f10 = arith.sitofp %i10 : i32 to f16
    %k11 = arith.constant 65 : index
    %s11 = arith.addi %base, %k11 : index
    %i11 = arith.index_cast %s11 : index to i32
    %f11 = arith.sitofp %i11 : i32 to f16
    %k20 = arith.constant 128 : index
    %s20 = arith.addi %base, %k20 : index
    %i20 = arith.index_cast %s20 : index to i32
    %f20 = arith.sitofp %i20 : i32 to f16
    %k21 = arith.constant 129 : index
    %s21 = arith.addi %base, %k21 : index
    %i21 = arith.index_cast %s21 : index to i32
    %f21 = arith.sitofp %i21 : i32 to f16
    %k30 = arith.constant 192 : index
    %s30 = arith.addi %base, %k30 : index
    %i30 = arith.index_cast %s30 : index to i32
    %f30 = arith.sitofp %i30 : i32 to f16
    %k31 = arith.constant 193 : index
    %s31 = arith.addi %base, %k31 : index
    %i31 = arith.index_cast %s31 : index to i32
    %f31 = arith.sitofp %i31 : i32 to f16
    %v = vector.from_elements %f00, %f01, %f10, %f11, %f20, %f21, %f30, %f31 : vector<4x2xf16>
    %c8 = arith.constant 8 : index
    %row = arith.addi %tx, %c8 : index
    uop.stmatrix %v, %s[%row, %c0] {num = 4 : i32} : vector<4x2xf16>, memref<32x8xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
