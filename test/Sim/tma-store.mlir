// uop.tma_store as the TMA unit runs it: the shared tile read through the
// async proxy (from where the tensor map's swizzle puts each element), the
// box written at the coordinates, clipped at the tensor's edges (before
// its start and past its end), and the tile's reads over at the issuing
// thread's cp.async.bulk.wait_group.read. Each kernel is compared with a
// plain host loop that writes the same elements.
// RUN: uop-sim %s --entry edges --compare-with %s --ref-entry edges_ref | FileCheck %s
// RUN: uop-sim %s --entry swizzled --compare-with %s --ref-entry swizzled_ref | FileCheck %s
// RUN: uop-sim %s --entry reuse --compare-with %s --ref-entry reuse_ref | FileCheck %s
// RUN: uop-opt %s --uop-stage-gpu --uop-stage-nvgpu | uop-sim - --entry edges --compare-with %s --ref-entry edges_ref | FileCheck %s
// RUN: uop-opt %s --uop-stage-gpu --uop-stage-nvgpu | uop-sim - --entry swizzled --compare-with %s --ref-entry swizzled_ref | FileCheck %s
// CHECK: max_abs_err=0 max_rel_err=0 mismatches=0/

// Read with the wrong swizzle (none), the tile lands scrambled in C.
// RUN: sed 's/ swizzle 128 :/ :/' %s | not uop-sim - --entry swizzled --compare-with %s --ref-entry swizzled_ref | FileCheck %s --check-prefix=UNSWIZZLED
// UNSWIZZLED: mismatches={{[1-9][0-9]*}}/

module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {

// A 64 x 32 tile (row t written by thread t) stored as the box of a
// 100 x 72 C at (-8, 48): rows -8 .. 55 and columns 48 .. 79, of which
// rows below 0 and columns from 72 on are dropped; the rest of C keeps its
// values.
func.func @edges(%A: memref<64x32xf16>, %C: memref<100x72xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %cm8 = arith.constant -8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %t = uop.alloc_shared {alignment = 128 : i64} : memref<64x32xf16, #gpu.address_space<workgroup>>
    scf.for %c = %c0 to %c32 step %c1 {
      %v = memref.load %A[%tx, %c] : memref<64x32xf16>
      memref.store %v, %t[%tx, %c] : memref<64x32xf16, #gpu.address_space<workgroup>>
    }
    uop.fence_proxy_async
    uop.barrier
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %thread0 {
      uop.tma_store %t, %C[%cm8, %c48] : memref<64x32xf16, #gpu.address_space<workgroup>>, memref<100x72xf16>
      uop.tma_store_wait {pending = 0 : i32}
    }
    gpu.terminator
  }
  return
}

func.func @edges_ref(%A: memref<64x32xf16>, %C: memref<100x72xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  scf.for %r = %c8 to %c64 step %c1 {
    scf.for %c = %c0 to %c24 step %c1 {
      %v = memref.load %A[%r, %c] : memref<64x32xf16>
      %row = arith.subi %r, %c8 : index
      %col = arith.addi %c, %c48 : index
      memref.store %v, %C[%row, %col] : memref<100x72xf16>
    }
  }
  return
}

// Two 128-byte-swizzled boxes of 16 rows of 64 f16: thread t writes row t
// of both, chunk q of the row at chunk q xor (t mod 8), as the TMA unit
// reads them; thread 0 stores them side by side as C, the second store
// committed while the first may still read.
func.func @swizzled(%A: memref<16x128xf16>, %C: memref<16x128xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %boxes = uop.alloc_shared {alignment = 1024 : i64} : memref<2x16x64xf16, #gpu.address_space<workgroup>>
    %phase = arith.remui %tx, %c8 : index
    scf.for %c = %c0 to %c128 step %c1 {
      %v = memref.load %A[%tx, %c] : memref<16x128xf16>
      %box = arith.divui %c, %c64 : index
      %col = arith.remui %c, %c64 : index
      %chunk = arith.divui %col, %c8 : index
      %in = arith.remui %col, %c8 : index
      %sw = arith.xori %chunk, %phase : index
      %base = arith.muli %sw, %c8 : index
      %phys = arith.addi %base, %in : index
      memref.store %v, %boxes[%box, %tx, %phys] : memref<2x16x64xf16, #gpu.address_space<workgroup>>
    }
    uop.fence_proxy_async
    uop.barrier
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %thread0 {
      %b0 = memref.subview %boxes[0, 0, 0] [1, 16, 64] [1, 1, 1] : memref<2x16x64xf16, #gpu.address_space<workgroup>> to memref<16x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
      %b1 = memref.subview %boxes[1, 0, 0] [1, 16, 64] [1, 1, 1] : memref<2x16x64xf16, #gpu.address_space<workgroup>> to memref<16x64xf16, strided<[64, 1], offset: 1024>, #gpu.address_space<workgroup>>
      uop.tma_store %b0, %C[%c0, %c0] swizzle 128 : memref<16x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>, memref<16x128xf16>
      uop.tma_store %b1, %C[%c0, %c64] swizzle 128 : memref<16x64xf16, strided<[64, 1], offset: 1024>, #gpu.address_space<workgroup>>, memref<16x128xf16>
      uop.tma_store_wait {pending = 1 : i32}
      uop.tma_store_wait {pending = 0 : i32}
    }
    gpu.terminator
  }
  return
}

func.func @swizzled_ref(%A: memref<16x128xf16>, %C: memref<16x128xf16>) {
  memref.copy %A, %C : memref<16x128xf16> to memref<16x128xf16>
  return
}

// One tile reused for two stores, as a kernel looping over tiles does:
// after the first store's wait (thread 0) and a barrier, every thread
// writes the tile again (rows 32 t .. of A's second half) for the second.
func.func @reuse(%A: memref<64x32xf32>, %C: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %t = uop.alloc_shared {alignment = 128 : i64} : memref<32x32xf32, #gpu.address_space<workgroup>>
    %thread0 = arith.cmpi eq, %tx, %c0 : index
    scf.for %c = %c0 to %c32 step %c1 {
      %v = memref.load %A[%tx, %c] : memref<64x32xf32>
      memref.store %v, %t[%tx, %c] : memref<32x32xf32, #gpu.address_space<workgroup>>
    }
    uop.fence_proxy_async
    uop.barrier
    scf.if %thread0 {
      uop.tma_store %t, %C[%c0, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<64x32xf32>
      uop.tma_store_wait {pending = 0 : i32, first_of_reuse}
    }
    uop.barrier {after_wait}
    %r = arith.addi %tx, %c32 : index
    scf.for %c = %c0 to %c32 step %c1 {
      %v = memref.load %A[%r, %c] : memref<64x32xf32>
      memref.store %v, %t[%tx, %c] : memref<32x32xf32, #gpu.address_space<workgroup>>
    }
    uop.fence_proxy_async
    uop.barrier
    scf.if %thread0 {
      uop.tma_store %t, %C[%c32, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<64x32xf32>
      uop.tma_store_wait {pending = 0 : i32}
    }
    gpu.terminator
  }
  return
}

func.func @reuse_ref(%A: memref<64x32xf32>, %C: memref<64x32xf32>) {
  memref.copy %A, %C : memref<64x32xf32> to memref<64x32xf32>
  return
}

}
