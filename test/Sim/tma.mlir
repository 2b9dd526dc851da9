// uop.tma_load as the TMA unit runs it: the box at the coordinates, zero
// outside the tensor (before its start and past its end), placed in shared
// memory with the tensor map's swizzle, and visible after the mbarrier
// phase its complete_tx finishes.
// RUN: uop-sim %s --entry edges --compare-with %s --ref-entry edges_ref | FileCheck %s
// Coordinates are 32-bit signed, as the instruction's: 2^32 - 8 is -8.
// RUN: sed 's/%%cm8 = arith.constant -8 : index/%%cm8 = arith.constant 4294967288 : index/' %s | uop-sim - --entry edges --compare-with %s --ref-entry edges_ref | FileCheck %s
// RUN: uop-sim %s --entry swizzled --compare-with %s --ref-entry swizzled_ref | FileCheck %s
// RUN: uop-sim %s --entry boxes3d --compare-with %s --ref-entry boxes3d_ref | FileCheck %s
// CHECK: max_abs_err=0 max_rel_err=0 mismatches=0/

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

// A 64 x 32 box of a 100 x 72 matrix at (-8, 48): rows -8 .. 55 and
// columns 48 .. 79, of which rows below 0 and columns from 72 on are zero.
func.func @edges(%A: memref<100x72xf16>, %O: memref<64x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %cm8 = arith.constant -8 : index
  %bytes = arith.constant 4096 : index
  %false = arith.constant false
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %t = uop.alloc_shared {alignment = 128 : i64} : memref<64x32xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !bars
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %thread0 {
      uop.mbarrier_init %bars[%c0], %c1 : !bars
    }
    uop.barrier
    scf.if %thread0 {
      uop.mbarrier_arrive %bars[%c0] expect_tx %bytes : !bars
      uop.tma_load %A[%cm8, %c48], %t, %bars[%c0]
          : memref<100x72xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>, !bars
    }
    uop.mbarrier_wait %bars[%c0], %false : !bars
    scf.for %r = %tx to %c64 step %c32 {
      scf.for %c = %c0 to %c32 step %c1 {
        %v = memref.load %t[%r, %c] : memref<64x32xf16, #gpu.address_space<workgroup>>
        memref.store %v, %O[%r, %c] : memref<64x32xf16>
      }
    }
    gpu.terminator
  }
  return
}

func.func @edges_ref(%A: memref<100x72xf16>, %O: memref<64x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c72 = arith.constant 72 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f16
  scf.for %r = %c0 to %c64 step %c1 {
    scf.for %c = %c0 to %c32 step %c1 {
      %gc = arith.addi %c, %c48 : index
      %rin = arith.cmpi uge, %r, %c8 : index
      %cin = arith.cmpi ult, %gc, %c72 : index
      %in = arith.andi %rin, %cin : i1
      %v = scf.if %in -> f16 {
        %gr = arith.subi %r, %c8 : index
        %x = memref.load %A[%gr, %gc] : memref<100x72xf16>
        scf.yield %x : f16
      } else {
        scf.yield %zero : f16
      }
      memref.store %v, %O[%r, %c] : memref<64x32xf16>
    }
  }
  return
}

// A 16 x 64 f16 box with the 128-byte swizzle: element (r, c) lands in
// 16-byte chunk (c / 8) xor (r mod 8) of row r, read back as such.
func.func @swizzled(%A: memref<40x64xf16>, %O: memref<16x64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c24 = arith.constant 24 : index
  %bytes = arith.constant 2048 : index
  %false = arith.constant false
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %t = uop.alloc_shared {alignment = 1024 : i64} : memref<16x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !bars
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %thread0 {
      uop.mbarrier_init %bars[%c0], %c1 : !bars
    }
    uop.barrier
    scf.if %thread0 {
      uop.mbarrier_arrive %bars[%c0] expect_tx %bytes : !bars
      uop.tma_load %A[%c24, %c0], %t, %bars[%c0] swizzle 128
          : memref<40x64xf16>, memref<16x64xf16, #gpu.address_space<workgroup>>, !bars
    }
    uop.mbarrier_wait %bars[%c0], %false : !bars
    %rm = arith.remui %tx, %c8 : index
    scf.for %c = %c0 to %c64 step %c1 {
      %chunk = arith.divui %c, %c8 : index
      %within = arith.remui %c, %c8 : index
      %sw = arith.xori %chunk, %rm : index
      %base = arith.muli %sw, %c8 : index
      %pc = arith.addi %base, %within : index
      %v = memref.load %t[%tx, %pc] : memref<16x64xf16, #gpu.address_space<workgroup>>
      memref.store %v, %O[%tx, %c] : memref<16x64xf16>
    }
    gpu.terminator
  }
  return
}

func.func @swizzled_ref(%A: memref<40x64xf16>, %O: memref<16x64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c64 = arith.constant 64 : index
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %c = %c0 to %c64 step %c1 {
      %gr = arith.addi %r, %c24 : index
      %x = memref.load %A[%gr, %c] : memref<40x64xf16>
      memref.store %x, %O[%r, %c] : memref<16x64xf16>
    }
  }
  return
}

// A 3-D box (2 x 4 x 8 f32, 32-byte rows, the 32-byte swizzle) of a
// 3 x 5 x 8 tensor at (1, 2, 0): the planes and rows past the end are
// zero. With the 32-byte swizzle, address bit 4 (the 16-byte half of a
// 32-byte row) is XORed with bit 7: the halves of the rows in the second
// 128 bytes of every 256 (here plane 1) trade places.
func.func @boxes3d(%X: memref<3x5x8xf32>, %O: memref<2x4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %bytes = arith.constant 256 : index
  %false = arith.constant false
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    // 256-byte aligned: the 32-byte swizzle repeats every 256 bytes of
    // address (uop-sim places a buffer at its alignment and no more).
    %t = uop.alloc_shared {alignment = 256 : i64} : memref<2x4x8xf32, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !bars
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %thread0 {
      uop.mbarrier_init %bars[%c0], %c1 : !bars
    }
    uop.barrier
    scf.if %thread0 {
      uop.mbarrier_arrive %bars[%c0] expect_tx %bytes : !bars
      uop.tma_load %X[%c1, %c2, %c0], %t, %bars[%c0] swizzle 32
          : memref<3x5x8xf32>, memref<2x4x8xf32, #gpu.address_space<workgroup>>, !bars
    }
    uop.mbarrier_wait %bars[%c0], %false : !bars
    // Thread t reads row t (plane t / 4, row t mod 4): 32 bytes at byte
    // 32 t, its halves swapped in plane 1.
    %p = arith.divui %tx, %c4 : index
    %r = arith.remui %tx, %c4 : index
    %flip = arith.muli %p, %c4 : index
    scf.for %c = %c0 to %c8 step %c1 {
      %pc = arith.xori %c, %flip : index
      %v = memref.load %t[%p, %r, %pc] : memref<2x4x8xf32, #gpu.address_space<workgroup>>
      memref.store %v, %O[%p, %r, %c] : memref<2x4x8xf32>
    }
    gpu.terminator
  }
  return
}

func.func @boxes3d_ref(%X: memref<3x5x8xf32>, %O: memref<2x4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.for %p = %c0 to %c2 step %c1 {
    scf.for %r = %c0 to %c4 step %c1 {
      scf.for %c = %c0 to %c8 step %c1 {
        %gp = arith.addi %p, %c1 : index
        %gr = arith.addi %r, %c2 : index
        %pin = arith.cmpi ult, %gp, %c3 : index
        %rin = arith.cmpi ult, %gr, %c5 : index
        %in = arith.andi %pin, %rin : i1
        %v = scf.if %in -> f32 {
          %x = memref.load %X[%gp, %gr, %c] : memref<3x5x8xf32>
          scf.yield %x : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %v, %O[%p, %r, %c] : memref<2x4x8xf32>
      }
    }
  }
  return
}
