// The uop-level tensor-core and cp.async ops (uop.cp_async / commit / wait,
// uop.ldmatrix, uop.mma_sync) run by the same semantics as their nvgpu
// twins: a 32x16x32 GEMM on four warps, staged through shared memory with
// 16-byte copies, agrees exactly with linalg.matmul (f16 and bf16).

// RUN: uop-sim %s --entry f16 --compare-with %s --ref-entry f16_ref | FileCheck %s --check-prefix=OK
// RUN: uop-sim %s --entry bf16 --compare-with %s --ref-entry bf16_ref | FileCheck %s --check-prefix=OK
// The nvgpu stage (convert-uop-to-nvgpu) computes the same numbers. (The
// generic form: a device_async_create_group without tokens does not re-parse
// in the custom form when another op follows on the next line.)
// RUN: uop-opt --convert-uop-to-nvgpu --mlir-print-op-generic %s | uop-sim - --entry f16 --compare-with %s --ref-entry f16_ref | FileCheck %s --check-prefix=OK
// RUN: uop-opt --convert-uop-to-nvgpu --mlir-print-op-generic %s | uop-sim - --entry bf16 --compare-with %s --ref-entry bf16_ref | FileCheck %s --check-prefix=OK
// OK: max_abs_err=0 max_rel_err=0 mismatches=0/2048

// Without the wait, ldmatrix reads tiles still in flight (the next k-tile's
// copies then overwrite them again), and the numbers are wrong too.
// RUN: sh -c 'uop-sim %s --entry no_wait --compare-with %s --ref-entry f16_ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOWAIT
// NOWAIT: uop-sim: fault: RAW race on shared %sA[0, 0] in block (0, 0, 0): uop.cp_async by thread (0, 0, 0) at {{.*}}tensorcore-uop.mlir:[[#]]:9 (in flight until a wait of its group), read by thread (0, 0, 0) at {{.*}}tensorcore-uop.mlir:[[#]]:12
// NOWAIT: uop-sim: fault: RAW race on shared %sB[0, 0] in block (0, 0, 0): uop.cp_async by thread (64, 0, 0)
// NOWAIT: uop-sim: fault: WAW race on shared %sA[0, 0] in block (0, 0, 0): uop.cp_async by thread (0, 0, 0)
// NOWAIT: mismatches={{[1-9][0-9]*}}/2048
// NOWAIT: exit=2

// Waited for, but no barrier between the wait and ldmatrix: lanes read
// chunks other threads copied.
// RUN: sh -c 'uop-sim %s --entry no_barrier --compare-with %s --ref-entry f16_ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOBAR
// NOBAR: uop-sim: fault: RAW race on shared %sA[1, 0] in block (0, 0, 0): write by thread (2, 0, 0) at {{.*}}tensorcore-uop.mlir:[[#]]:9, read by thread (1, 0, 0) at {{.*}}tensorcore-uop.mlir:[[#]]:12
// NOBAR: uop-sim: fault: RAW race on shared %sB[0, 0] in block (0, 0, 0): write by thread (64, 0, 0)
// NOBAR: exit=2

// RUN: sh -c 'uop-sim %s --entry partial_warp 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: partial warp at {{.*}}tensorcore-uop.mlir:[[#]]:14 in block (0, 0, 0): uop.mma_sync reached by thread (0, 0, 0) but not by thread (16, 0, 0) (every lane of a warp must execute a warp-collective operation together)
// PARTIAL: exit=2

// C (32x16) = A (32x32) B (32x16): four warps, warp w owning the m16n8 tile
// at rows 16 (w / 2), columns 8 (w % 2); per k-tile of 16, threads 0-63
// stage A's 32x16 tile and threads 64-95 B's 16x16 tile with 16-byte
// cp.async, then every warp loads its fragments with ldmatrix.
func.func @f16(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %sA = uop.alloc_shared {alignment = 16 : i64} : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared {alignment = 16 : i64} : memref<16x16xf16, #gpu.address_space<workgroup>>
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %wr = arith.divui %warp, %c2 : index
    %wc = arith.remui %warp, %c2 : index
    %row0 = arith.muli %wr, %c16 : index
    %col0 = arith.muli %wc, %c8 : index
    // This thread's 8-element chunk: A chunk tx (row tx / 2, column
    // 8 (tx % 2)), or B chunk tx - 64 (row (tx - 64) / 2, same columns).
    %crow = arith.divui %tx, %c2 : index
    %chalf = arith.remui %tx, %c2 : index
    %ccol = arith.muli %chalf, %c8 : index
    %isA = arith.cmpi ult, %tx, %c64 : index
    %geB = arith.cmpi uge, %tx, %c64 : index
    %ltB = arith.cmpi ult, %tx, %c96 : index
    %isB = arith.andi %geB, %ltB : i1
    %brow = arith.subi %crow, %c32 : index
    // ldmatrix addresses: A x4, lane l gives row l % 16, column 8 (l / 16);
    // B x2.trans, lane l < 16 gives row k = l.
    %lhi = arith.divui %lane, %c16 : index
    %l16 = arith.remui %lane, %c16 : index
    %arow = arith.addi %row0, %l16 : index
    %acol = arith.muli %lhi, %c8 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %res = scf.for %k0 = %c0 to %c32 step %c16 iter_args(%acc = %zero) -> (vector<2x2xf32>) {
      scf.if %isA {
        %gc = arith.addi %k0, %ccol : index
        uop.cp_async %A[%crow, %gc], %sA[%crow, %ccol], 8 : memref<32x32xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      }
      scf.if %isB {
        %gr = arith.addi %k0, %brow : index
        uop.cp_async %B[%gr, %ccol], %sB[%brow, %ccol], 8 : memref<32x16xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      }
      uop.cp_async_commit
      uop.cp_async_wait {pending = 0 : i32}
      uop.barrier
      %a = uop.ldmatrix %sA[%arow, %acol] {num = 4 : i32} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %b = uop.ldmatrix %sB[%l16, %col0] {num = 2 : i32, transpose} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %d = uop.mma_sync %a, %b, %acc {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      // The next k-tile's copies overwrite the tiles: everyone must be done.
      uop.barrier
      scf.yield %d : vector<2x2xf32>
    }
    // D register r, element e is C[row0 + g + 8r][col0 + 2t + e].
    %g = arith.divui %lane, %c4 : index
    %t = arith.remui %lane, %c4 : index
    %r0 = arith.addi %row0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %t2 = arith.muli %t, %c2 : index
    %cc0 = arith.addi %col0, %t2 : index
    %cc1 = arith.addi %cc0, %c1 : index
    %d00 = vector.extract %res[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %res[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %res[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %res[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%r0, %cc0] : memref<32x16xf32>
    memref.store %d01, %C[%r0, %cc1] : memref<32x16xf32>
    memref.store %d10, %C[%r1, %cc0] : memref<32x16xf32>
    memref.store %d11, %C[%r1, %cc1] : memref<32x16xf32>
    gpu.terminator
  }
  return
}

func.func @f16_ref(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<32x16xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x16xf16>)
                outs(%C : memref<32x16xf32>)
  return
}

// C (32x16) = A (32x32) B (32x16): four warps, warp w owning the m16n8 tile
// at rows 16 (w / 2), columns 8 (w % 2); per k-tile of 16, threads 0-63
// stage A's 32x16 tile and threads 64-95 B's 16x16 tile with 16-byte
// cp.async, then every warp loads its fragments with ldmatrix.
func.func @bf16(%A: memref<32x32xbf16>, %B: memref<32x16xbf16>, %C: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %sA = uop.alloc_shared {alignment = 16 : i64} : memref<32x16xbf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared {alignment = 16 : i64} : memref<16x16xbf16, #gpu.address_space<workgroup>>
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %wr = arith.divui %warp, %c2 : index
    %wc = arith.remui %warp, %c2 : index
    %row0 = arith.muli %wr, %c16 : index
    %col0 = arith.muli %wc, %c8 : index
    // This thread's 8-element chunk: A chunk tx (row tx / 2, column
    // 8 (tx % 2)), or B chunk tx - 64 (row (tx - 64) / 2, same columns).
    %crow = arith.divui %tx, %c2 : index
    %chalf = arith.remui %tx, %c2 : index
    %ccol = arith.muli %chalf, %c8 : index
    %isA = arith.cmpi ult, %tx, %c64 : index
    %geB = arith.cmpi uge, %tx, %c64 : index
    %ltB = arith.cmpi ult, %tx, %c96 : index
    %isB = arith.andi %geB, %ltB : i1
    %brow = arith.subi %crow, %c32 : index
    // ldmatrix addresses: A x4, lane l gives row l % 16, column 8 (l / 16);
    // B x2.trans, lane l < 16 gives row k = l.
    %lhi = arith.divui %lane, %c16 : index
    %l16 = arith.remui %lane, %c16 : index
    %arow = arith.addi %row0, %l16 : index
    %acol = arith.muli %lhi, %c8 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %res = scf.for %k0 = %c0 to %c32 step %c16 iter_args(%acc = %zero) -> (vector<2x2xf32>) {
      scf.if %isA {
        %gc = arith.addi %k0, %ccol : index
        uop.cp_async %A[%crow, %gc], %sA[%crow, %ccol], 8 : memref<32x32xbf16> to memref<32x16xbf16, #gpu.address_space<workgroup>>
      }
      scf.if %isB {
        %gr = arith.addi %k0, %brow : index
        uop.cp_async %B[%gr, %ccol], %sB[%brow, %ccol], 8 : memref<32x16xbf16> to memref<16x16xbf16, #gpu.address_space<workgroup>>
      }
      uop.cp_async_commit
      uop.cp_async_wait {pending = 0 : i32}
      uop.barrier
      %a = uop.ldmatrix %sA[%arow, %acol] {num = 4 : i32} : memref<32x16xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
      %b = uop.ldmatrix %sB[%l16, %col0] {num = 2 : i32, transpose} : memref<16x16xbf16, #gpu.address_space<workgroup>> -> vector<2x2xbf16>
      %d = uop.mma_sync %a, %b, %acc {shape = array<i64: 16, 8, 16>} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
      // The next k-tile's copies overwrite the tiles: everyone must be done.
      uop.barrier
      scf.yield %d : vector<2x2xf32>
    }
    // D register r, element e is C[row0 + g + 8r][col0 + 2t + e].
    %g = arith.divui %lane, %c4 : index
    %t = arith.remui %lane, %c4 : index
    %r0 = arith.addi %row0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %t2 = arith.muli %t, %c2 : index
    %cc0 = arith.addi %col0, %t2 : index
    %cc1 = arith.addi %cc0, %c1 : index
    %d00 = vector.extract %res[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %res[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %res[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %res[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%r0, %cc0] : memref<32x16xf32>
    memref.store %d01, %C[%r0, %cc1] : memref<32x16xf32>
    memref.store %d10, %C[%r1, %cc0] : memref<32x16xf32>
    memref.store %d11, %C[%r1, %cc1] : memref<32x16xf32>
    gpu.terminator
  }
  return
}

func.func @bf16_ref(%A: memref<32x32xbf16>, %B: memref<32x16xbf16>, %C: memref<32x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<32x16xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xbf16>, memref<32x16xbf16>)
                outs(%C : memref<32x16xf32>)
  return
}

// C (32x16) = A (32x32) B (32x16): four warps, warp w owning the m16n8 tile
// at rows 16 (w / 2), columns 8 (w % 2); per k-tile of 16, threads 0-63
// stage A's 32x16 tile and threads 64-95 B's 16x16 tile with 16-byte
// cp.async, then every warp loads its fragments with ldmatrix.
func.func @no_wait(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %sA = uop.alloc_shared {alignment = 16 : i64} : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared {alignment = 16 : i64} : memref<16x16xf16, #gpu.address_space<workgroup>>
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %wr = arith.divui %warp, %c2 : index
    %wc = arith.remui %warp, %c2 : index
    %row0 = arith.muli %wr, %c16 : index
    %col0 = arith.muli %wc, %c8 : index
    // This thread's 8-element chunk: A chunk tx (row tx / 2, column
    // 8 (tx % 2)), or B chunk tx - 64 (row (tx - 64) / 2, same columns).
    %crow = arith.divui %tx, %c2 : index
    %chalf = arith.remui %tx, %c2 : index
    %ccol = arith.muli %chalf, %c8 : index
    %isA = arith.cmpi ult, %tx, %c64 : index
    %geB = arith.cmpi uge, %tx, %c64 : index
    %ltB = arith.cmpi ult, %tx, %c96 : index
    %isB = arith.andi %geB, %ltB : i1
    %brow = arith.subi %crow, %c32 : index
    // ldmatrix addresses: A x4, lane l gives row l % 16, column 8 (l / 16);
    // B x2.trans, lane l < 16 gives row k = l.
    %lhi = arith.divui %lane, %c16 : index
    %l16 = arith.remui %lane, %c16 : index
    %arow = arith.addi %row0, %l16 : index
    %acol = arith.muli %lhi, %c8 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %res = scf.for %k0 = %c0 to %c32 step %c16 iter_args(%acc = %zero) -> (vector<2x2xf32>) {
      scf.if %isA {
        %gc = arith.addi %k0, %ccol : index
        uop.cp_async %A[%crow, %gc], %sA[%crow, %ccol], 8 : memref<32x32xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      }
      scf.if %isB {
        %gr = arith.addi %k0, %brow : index
        uop.cp_async %B[%gr, %ccol], %sB[%brow, %ccol], 8 : memref<32x16xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      }
      uop.cp_async_commit
      uop.barrier
      %a = uop.ldmatrix %sA[%arow, %acol] {num = 4 : i32} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %b = uop.ldmatrix %sB[%l16, %col0] {num = 2 : i32, transpose} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %d = uop.mma_sync %a, %b, %acc {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      // The next k-tile's copies overwrite the tiles: everyone must be done.
      uop.barrier
      scf.yield %d : vector<2x2xf32>
    }
    // D register r, element e is C[row0 + g + 8r][col0 + 2t + e].
    %g = arith.divui %lane, %c4 : index
    %t = arith.remui %lane, %c4 : index
    %r0 = arith.addi %row0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %t2 = arith.muli %t, %c2 : index
    %cc0 = arith.addi %col0, %t2 : index
    %cc1 = arith.addi %cc0, %c1 : index
    %d00 = vector.extract %res[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %res[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %res[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %res[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%r0, %cc0] : memref<32x16xf32>
    memref.store %d01, %C[%r0, %cc1] : memref<32x16xf32>
    memref.store %d10, %C[%r1, %cc0] : memref<32x16xf32>
    memref.store %d11, %C[%r1, %cc1] : memref<32x16xf32>
    gpu.terminator
  }
  return
}

// C (32x16) = A (32x32) B (32x16): four warps, warp w owning the m16n8 tile
// at rows 16 (w / 2), columns 8 (w % 2); per k-tile of 16, threads 0-63
// stage A's 32x16 tile and threads 64-95 B's 16x16 tile with 16-byte
// cp.async, then every warp loads its fragments with ldmatrix.
func.func @no_barrier(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %sA = uop.alloc_shared {alignment = 16 : i64} : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared {alignment = 16 : i64} : memref<16x16xf16, #gpu.address_space<workgroup>>
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %wr = arith.divui %warp, %c2 : index
    %wc = arith.remui %warp, %c2 : index
    %row0 = arith.muli %wr, %c16 : index
    %col0 = arith.muli %wc, %c8 : index
    // This thread's 8-element chunk: A chunk tx (row tx / 2, column
    // 8 (tx % 2)), or B chunk tx - 64 (row (tx - 64) / 2, same columns).
    %crow = arith.divui %tx, %c2 : index
    %chalf = arith.remui %tx, %c2 : index
    %ccol = arith.muli %chalf, %c8 : index
    %isA = arith.cmpi ult, %tx, %c64 : index
    %geB = arith.cmpi uge, %tx, %c64 : index
    %ltB = arith.cmpi ult, %tx, %c96 : index
    %isB = arith.andi %geB, %ltB : i1
    %brow = arith.subi %crow, %c32 : index
    // ldmatrix addresses: A x4, lane l gives row l % 16, column 8 (l / 16);
    // B x2.trans, lane l < 16 gives row k = l.
    %lhi = arith.divui %lane, %c16 : index
    %l16 = arith.remui %lane, %c16 : index
    %arow = arith.addi %row0, %l16 : index
    %acol = arith.muli %lhi, %c8 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %res = scf.for %k0 = %c0 to %c32 step %c16 iter_args(%acc = %zero) -> (vector<2x2xf32>) {
      scf.if %isA {
        %gc = arith.addi %k0, %ccol : index
        uop.cp_async %A[%crow, %gc], %sA[%crow, %ccol], 8 : memref<32x32xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      }
      scf.if %isB {
        %gr = arith.addi %k0, %brow : index
        uop.cp_async %B[%gr, %ccol], %sB[%brow, %ccol], 8 : memref<32x16xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      }
      uop.cp_async_commit
      uop.cp_async_wait {pending = 0 : i32}
      %a = uop.ldmatrix %sA[%arow, %acol] {num = 4 : i32} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %b = uop.ldmatrix %sB[%l16, %col0] {num = 2 : i32, transpose} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %d = uop.mma_sync %a, %b, %acc {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      // The next k-tile's copies overwrite the tiles: everyone must be done.
      uop.barrier
      scf.yield %d : vector<2x2xf32>
    }
    // D register r, element e is C[row0 + g + 8r][col0 + 2t + e].
    %g = arith.divui %lane, %c4 : index
    %t = arith.remui %lane, %c4 : index
    %r0 = arith.addi %row0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %t2 = arith.muli %t, %c2 : index
    %cc0 = arith.addi %col0, %t2 : index
    %cc1 = arith.addi %cc0, %c1 : index
    %d00 = vector.extract %res[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %res[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %res[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %res[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%r0, %cc0] : memref<32x16xf32>
    memref.store %d01, %C[%r0, %cc1] : memref<32x16xf32>
    memref.store %d10, %C[%r1, %cc0] : memref<32x16xf32>
    memref.store %d11, %C[%r1, %cc1] : memref<32x16xf32>
    gpu.terminator
  }
  return
}

// C (32x16) = A (32x32) B (32x16): four warps, warp w owning the m16n8 tile
// at rows 16 (w / 2), columns 8 (w % 2); per k-tile of 16, threads 0-63
// stage A's 32x16 tile and threads 64-95 B's 16x16 tile with 16-byte
// cp.async, then every warp loads its fragments with ldmatrix.
func.func @partial_warp(%A: memref<32x32xf16>, %B: memref<32x16xf16>, %C: memref<32x16xf32>) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %sA = uop.alloc_shared {alignment = 16 : i64} : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared {alignment = 16 : i64} : memref<16x16xf16, #gpu.address_space<workgroup>>
    %warp = arith.divui %tx, %c32 : index
    %lane = arith.remui %tx, %c32 : index
    %wr = arith.divui %warp, %c2 : index
    %wc = arith.remui %warp, %c2 : index
    %row0 = arith.muli %wr, %c16 : index
    %col0 = arith.muli %wc, %c8 : index
    // This thread's 8-element chunk: A chunk tx (row tx / 2, column
    // 8 (tx % 2)), or B chunk tx - 64 (row (tx - 64) / 2, same columns).
    %crow = arith.divui %tx, %c2 : index
    %chalf = arith.remui %tx, %c2 : index
    %ccol = arith.muli %chalf, %c8 : index
    %isA = arith.cmpi ult, %tx, %c64 : index
    %geB = arith.cmpi uge, %tx, %c64 : index
    %ltB = arith.cmpi ult, %tx, %c96 : index
    %isB = arith.andi %geB, %ltB : i1
    %brow = arith.subi %crow, %c32 : index
    // ldmatrix addresses: A x4, lane l gives row l % 16, column 8 (l / 16);
    // B x2.trans, lane l < 16 gives row k = l.
    %lhi = arith.divui %lane, %c16 : index
    %l16 = arith.remui %lane, %c16 : index
    %arow = arith.addi %row0, %l16 : index
    %acol = arith.muli %lhi, %c8 : index
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %res = scf.for %k0 = %c0 to %c32 step %c16 iter_args(%acc = %zero) -> (vector<2x2xf32>) {
      scf.if %isA {
        %gc = arith.addi %k0, %ccol : index
        uop.cp_async %A[%crow, %gc], %sA[%crow, %ccol], 8 : memref<32x32xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      }
      scf.if %isB {
        %gr = arith.addi %k0, %brow : index
        uop.cp_async %B[%gr, %ccol], %sB[%brow, %ccol], 8 : memref<32x16xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      }
      uop.cp_async_commit
      uop.cp_async_wait {pending = 0 : i32}
      uop.barrier
      %a = uop.ldmatrix %sA[%arow, %acol] {num = 4 : i32} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %b = uop.ldmatrix %sB[%l16, %col0] {num = 2 : i32, transpose} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
      %low = arith.cmpi ult, %lane, %c16 : index
      %d = scf.if %low -> (vector<2x2xf32>) {
        %m = uop.mma_sync %a, %b, %acc {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        scf.yield %m : vector<2x2xf32>
      } else {
        scf.yield %acc : vector<2x2xf32>
      }
      // The next k-tile's copies overwrite the tiles: everyone must be done.
      uop.barrier
      scf.yield %d : vector<2x2xf32>
    }
    // D register r, element e is C[row0 + g + 8r][col0 + 2t + e].
    %g = arith.divui %lane, %c4 : index
    %t = arith.remui %lane, %c4 : index
    %r0 = arith.addi %row0, %g : index
    %r1 = arith.addi %r0, %c8 : index
    %t2 = arith.muli %t, %c2 : index
    %cc0 = arith.addi %col0, %t2 : index
    %cc1 = arith.addi %cc0, %c1 : index
    %d00 = vector.extract %res[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %res[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %res[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %res[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%r0, %cc0] : memref<32x16xf32>
    memref.store %d01, %C[%r0, %cc1] : memref<32x16xf32>
    memref.store %d10, %C[%r1, %cc0] : memref<32x16xf32>
    memref.store %d11, %C[%r1, %cc1] : memref<32x16xf32>
    gpu.terminator
  }
  return
}
