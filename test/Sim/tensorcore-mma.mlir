// nvgpu.ldmatrix and nvgpu.mma.sync run lane-exactly: an m16n8k16 tile of a
// GEMM, staged through module-level workgroup globals (one instance per
// block), loaded with ldmatrix.x4 (A) and ldmatrix.x2.trans (B, stored k x
// n), multiplied with mma.sync and stored by the accumulator's fragment map,
// gives linalg.matmul's numbers (f16 and bf16 products are exact in f32 and
// both sum in k order, so they agree to the last bit).

// RUN: uop-sim %s --entry f16 --compare-with %s --ref-entry f16_ref | FileCheck %s --check-prefix=OK
// RUN: uop-sim %s --entry bf16 --compare-with %s --ref-entry bf16_ref | FileCheck %s --check-prefix=OK
// RUN: uop-sim %s --entry f16 --seed 7 --compare-with %s --ref-entry f16_ref | FileCheck %s --check-prefix=OK
// B stored transposed (n x k) takes two ldmatrix.x1 without .trans instead.
// RUN: uop-sim %s --entry f16_bt --compare-with %s --ref-entry f16_bt_ref | FileCheck %s --check-prefix=OK
// OK: max_abs_err=0 max_rel_err=0 mismatches=0/512

// Lanes 8-15 and 16-23 supplying each other's rows to ldmatrix.x4 swap A's
// registers 1 and 2 (the (8..15, 0..7) and (0..7, 8..15) blocks): every
// element of C is wrong.
// RUN: sh -c 'uop-sim %s --entry wrong_permutation --compare-with %s --ref-entry f16_ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=WRONG
// WRONG: uop-sim: mismatch: %C element 0: got {{.*}}, expected
// WRONG: max_abs_err={{[0-9.e+-]+}} max_rel_err={{[0-9.e+-]+}} mismatches=128/512
// WRONG: exit=1

// Without the barrier between the cooperative stores and ldmatrix, lanes
// read rows other threads stored in the same interval: RAW races on both
// tiles (the numbers agree: the simulator's lockstep hides the race, the
// race check does not).
// RUN: sh -c 'uop-sim %s --entry no_barrier --compare-with %s --ref-entry f16_ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=RACE
// RACE: uop-sim: fault: RAW race on shared @sA_f16[1, 0] in block (0, 0, 0): write by thread (2, 0, 0) at {{.*}}tensorcore-mma.mlir:{{[0-9]+}}:7, read by thread (1, 0, 0) at {{.*}}tensorcore-mma.mlir:{{[0-9]+}}:10
// RACE: uop-sim: fault: RAW race on shared @sB_f16[0, 4] in block (0, 0, 0): write by thread (1, 0, 0)
// RACE: max_abs_err=0 max_rel_err=0 mismatches=0/512
// RACE: exit=2

// An mma.sync that only lanes 0-15 reach is a fault, as a divergent barrier
// is; the warp's result is then undefined (the simulator leaves C).
// RUN: sh -c 'uop-sim %s --entry partial_warp 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: partial warp at {{.*}}tensorcore-mma.mlir:{{[0-9]+}}:12 in block (0, 0, 0): nvgpu.mma.sync reached by thread (0, 0, 0) but not by thread (16, 0, 0) (every lane of a warp must execute a warp-collective operation together)
// PARTIAL: exit=2


memref.global "private" @sA_f16 : memref<16x16xf16, #gpu.address_space<workgroup>>
memref.global "private" @sB_f16 : memref<16x8xf16, #gpu.address_space<workgroup>>

memref.global "private" @sA_bf16 : memref<16x16xbf16, #gpu.address_space<workgroup>>
memref.global "private" @sB_bf16 : memref<16x8xbf16, #gpu.address_space<workgroup>>

func.func @f16(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %sA = memref.get_global @sA_f16 : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = memref.get_global @sB_f16 : memref<16x8xf16, #gpu.address_space<workgroup>>
    // Cooperative copy: thread t stores A elements 8t..8t+7, B 4t..4t+3.
    scf.for %i = %c0 to %c8 step %c1 {
      %t8 = arith.muli %tx, %c8 : index
      %e = arith.addi %t8, %i : index
      %r = arith.divui %e, %c16 : index
      %c = arith.remui %e, %c16 : index
      %v = memref.load %A[%r, %c] : memref<16x16xf16>
      memref.store %v, %sA[%r, %c] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %t4 = arith.muli %tx, %c4 : index
      %e = arith.addi %t4, %i : index
      %r = arith.divui %e, %c8 : index
      %c = arith.remui %e, %c8 : index
      %v = memref.load %B[%r, %c] : memref<16x8xf16>
      memref.store %v, %sB[%r, %c] : memref<16x8xf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    // A: ldmatrix.x4, lane l gives row l % 16, column 8 (l / 16) (matrix
    // q = l / 8 is the 8x8 block of register q: rows 8 (q % 2), cols 8 (q / 2)).
    %hi = arith.divui %tx, %c16 : index
    %mid0 = arith.divui %tx, %c8 : index
    %mid = arith.remui %mid0, %c2 : index
    %l8 = arith.remui %tx, %c8 : index
    %hi8 = arith.muli %hi, %c8 : index
    %arow = arith.remui %tx, %c16 : index
    %acol = arith.muli %hi, %c8 : index
    %a = nvgpu.ldmatrix %sA[%arow, %acol] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    // B (k x n, row-major): ldmatrix.x2.trans, lane l < 16 gives row k = l.
    %brow = arith.remui %tx, %c16 : index
    %b = nvgpu.ldmatrix %sB[%brow, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%a, %b, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // D register r, element e is C[g + 8r][2t + e], g = l / 4, t = l % 4.
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %g8 = arith.addi %g, %c8 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

func.func @f16_ref(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x8xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x8xf16>)
                outs(%C : memref<16x8xf32>)
  return
}

func.func @bf16(%A: memref<16x16xbf16>, %B: memref<16x8xbf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %sA = memref.get_global @sA_bf16 : memref<16x16xbf16, #gpu.address_space<workgroup>>
    %sB = memref.get_global @sB_bf16 : memref<16x8xbf16, #gpu.address_space<workgroup>>
    // Cooperative copy: thread t stores A elements 8t..8t+7, B 4t..4t+3.
    scf.for %i = %c0 to %c8 step %c1 {
      %t8 = arith.muli %tx, %c8 : index
      %e = arith.addi %t8, %i : index
      %r = arith.divui %e, %c16 : index
      %c = arith.remui %e, %c16 : index
      %v = memref.load %A[%r, %c] : memref<16x16xbf16>
      memref.store %v, %sA[%r, %c] : memref<16x16xbf16, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %t4 = arith.muli %tx, %c4 : index
      %e = arith.addi %t4, %i : index
      %r = arith.divui %e, %c8 : index
      %c = arith.remui %e, %c8 : index
      %v = memref.load %B[%r, %c] : memref<16x8xbf16>
      memref.store %v, %sB[%r, %c] : memref<16x8xbf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    // A: ldmatrix.x4, lane l gives row l % 16, column 8 (l / 16) (matrix
    // q = l / 8 is the 8x8 block of register q: rows 8 (q % 2), cols 8 (q / 2)).
    %hi = arith.divui %tx, %c16 : index
    %mid0 = arith.divui %tx, %c8 : index
    %mid = arith.remui %mid0, %c2 : index
    %l8 = arith.remui %tx, %c8 : index
    %hi8 = arith.muli %hi, %c8 : index
    %arow = arith.remui %tx, %c16 : index
    %acol = arith.muli %hi, %c8 : index
    %a = nvgpu.ldmatrix %sA[%arow, %acol] {numTiles = 4 : i32, transpose = false} : memref<16x16xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
    // B (k x n, row-major): ldmatrix.x2.trans, lane l < 16 gives row k = l.
    %brow = arith.remui %tx, %c16 : index
    %b = nvgpu.ldmatrix %sB[%brow, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xbf16, #gpu.address_space<workgroup>> -> vector<2x2xbf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%a, %b, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // D register r, element e is C[g + 8r][2t + e], g = l / 4, t = l % 4.
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %g8 = arith.addi %g, %c8 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

func.func @bf16_ref(%A: memref<16x16xbf16>, %B: memref<16x8xbf16>, %C: memref<16x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x8xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xbf16>, memref<16x8xbf16>)
                outs(%C : memref<16x8xf32>)
  return
}
memref.global "private" @sBT_f16 : memref<8x16xf16, #gpu.address_space<workgroup>>

func.func @f16_bt(%A: memref<16x16xf16>, %B: memref<8x16xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %sA = memref.get_global @sA_f16 : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = memref.get_global @sBT_f16 : memref<8x16xf16, #gpu.address_space<workgroup>>
    // Cooperative copy: thread t stores A elements 8t..8t+7, B 4t..4t+3.
    scf.for %i = %c0 to %c8 step %c1 {
      %t8 = arith.muli %tx, %c8 : index
      %e = arith.addi %t8, %i : index
      %r = arith.divui %e, %c16 : index
      %c = arith.remui %e, %c16 : index
      %v = memref.load %A[%r, %c] : memref<16x16xf16>
      memref.store %v, %sA[%r, %c] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %t4 = arith.muli %tx, %c4 : index
      %e = arith.addi %t4, %i : index
      %r = arith.divui %e, %c16 : index
      %c = arith.remui %e, %c16 : index
      %v = memref.load %B[%r, %c] : memref<8x16xf16>
      memref.store %v, %sB[%r, %c] : memref<8x16xf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    // A: ldmatrix.x4, lane l gives row l % 16, column 8 (l / 16) (matrix
    // q = l / 8 is the 8x8 block of register q: rows 8 (q % 2), cols 8 (q / 2)).
    %hi = arith.divui %tx, %c16 : index
    %mid0 = arith.divui %tx, %c8 : index
    %mid = arith.remui %mid0, %c2 : index
    %l8 = arith.remui %tx, %c8 : index
    %hi8 = arith.muli %hi, %c8 : index
    %arow = arith.remui %tx, %c16 : index
    %acol = arith.muli %hi, %c8 : index
    %a = nvgpu.ldmatrix %sA[%arow, %acol] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    // B^T (n x k): two ldmatrix.x1 without .trans, lanes 0-7 give row n = l
    // at k = 0 and k = 8; lane l receives n = l / 4, k = 2 (l % 4) + e (+8).
    %brow = arith.remui %tx, %c8 : index
    %b0 = nvgpu.ldmatrix %sB[%brow, %c0] {numTiles = 1 : i32, transpose = false} : memref<8x16xf16, #gpu.address_space<workgroup>> -> vector<1x2xf16>
    %b1 = nvgpu.ldmatrix %sB[%brow, %c8] {numTiles = 1 : i32, transpose = false} : memref<8x16xf16, #gpu.address_space<workgroup>> -> vector<1x2xf16>
    %b0v = vector.extract %b0[0] : vector<2xf16> from vector<1x2xf16>
    %b1v = vector.extract %b1[0] : vector<2xf16> from vector<1x2xf16>
    %bzero = arith.constant dense<0.0> : vector<2x2xf16>
    %bh = vector.insert %b0v, %bzero [0] : vector<2xf16> into vector<2x2xf16>
    %b = vector.insert %b1v, %bh [1] : vector<2xf16> into vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%a, %b, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // D register r, element e is C[g + 8r][2t + e], g = l / 4, t = l % 4.
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %g8 = arith.addi %g, %c8 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

func.func @f16_bt_ref(%A: memref<16x16xf16>, %B: memref<8x16xf16>, %C: memref<16x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x8xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<16x16xf16>, memref<8x16xf16>) outs(%C : memref<16x8xf32>)
  return
}

func.func @wrong_permutation(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %sA = memref.get_global @sA_f16 : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = memref.get_global @sB_f16 : memref<16x8xf16, #gpu.address_space<workgroup>>
    // Cooperative copy: thread t stores A elements 8t..8t+7, B 4t..4t+3.
    scf.for %i = %c0 to %c8 step %c1 {
      %t8 = arith.muli %tx, %c8 : index
      %e = arith.addi %t8, %i : index
      %r = arith.divui %e, %c16 : index
      %c = arith.remui %e, %c16 : index
      %v = memref.load %A[%r, %c] : memref<16x16xf16>
      memref.store %v, %sA[%r, %c] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %t4 = arith.muli %tx, %c4 : index
      %e = arith.addi %t4, %i : index
      %r = arith.divui %e, %c8 : index
      %c = arith.remui %e, %c8 : index
      %v = memref.load %B[%r, %c] : memref<16x8xf16>
      memref.store %v, %sB[%r, %c] : memref<16x8xf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    // A: ldmatrix.x4, lane l gives row l % 16, column 8 (l / 16) (matrix
    // q = l / 8 is the 8x8 block of register q: rows 8 (q % 2), cols 8 (q / 2)).
    %hi = arith.divui %tx, %c16 : index
    %mid0 = arith.divui %tx, %c8 : index
    %mid = arith.remui %mid0, %c2 : index
    %l8 = arith.remui %tx, %c8 : index
    %hi8 = arith.muli %hi, %c8 : index
    %arow = arith.addi %l8, %hi8 : index
    %acol = arith.muli %mid, %c8 : index
    %a = nvgpu.ldmatrix %sA[%arow, %acol] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    // B (k x n, row-major): ldmatrix.x2.trans, lane l < 16 gives row k = l.
    %brow = arith.remui %tx, %c16 : index
    %b = nvgpu.ldmatrix %sB[%brow, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%a, %b, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // D register r, element e is C[g + 8r][2t + e], g = l / 4, t = l % 4.
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %g8 = arith.addi %g, %c8 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

func.func @no_barrier(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %sA = memref.get_global @sA_f16 : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = memref.get_global @sB_f16 : memref<16x8xf16, #gpu.address_space<workgroup>>
    // Cooperative copy: thread t stores A elements 8t..8t+7, B 4t..4t+3.
    scf.for %i = %c0 to %c8 step %c1 {
      %t8 = arith.muli %tx, %c8 : index
      %e = arith.addi %t8, %i : index
      %r = arith.divui %e, %c16 : index
      %c = arith.remui %e, %c16 : index
      %v = memref.load %A[%r, %c] : memref<16x16xf16>
      memref.store %v, %sA[%r, %c] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %t4 = arith.muli %tx, %c4 : index
      %e = arith.addi %t4, %i : index
      %r = arith.divui %e, %c8 : index
      %c = arith.remui %e, %c8 : index
      %v = memref.load %B[%r, %c] : memref<16x8xf16>
      memref.store %v, %sB[%r, %c] : memref<16x8xf16, #gpu.address_space<workgroup>>
    }
    // A: ldmatrix.x4, lane l gives row l % 16, column 8 (l / 16) (matrix
    // q = l / 8 is the 8x8 block of register q: rows 8 (q % 2), cols 8 (q / 2)).
    %hi = arith.divui %tx, %c16 : index
    %mid0 = arith.divui %tx, %c8 : index
    %mid = arith.remui %mid0, %c2 : index
    %l8 = arith.remui %tx, %c8 : index
    %hi8 = arith.muli %hi, %c8 : index
    %arow = arith.remui %tx, %c16 : index
    %acol = arith.muli %hi, %c8 : index
    %a = nvgpu.ldmatrix %sA[%arow, %acol] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    // B (k x n, row-major): ldmatrix.x2.trans, lane l < 16 gives row k = l.
    %brow = arith.remui %tx, %c16 : index
    %b = nvgpu.ldmatrix %sB[%brow, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%a, %b, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    // D register r, element e is C[g + 8r][2t + e], g = l / 4, t = l % 4.
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %g8 = arith.addi %g, %c8 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

func.func @partial_warp(%A: memref<16x16xf16>, %B: memref<16x8xf16>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %sA = memref.get_global @sA_f16 : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = memref.get_global @sB_f16 : memref<16x8xf16, #gpu.address_space<workgroup>>
    // Cooperative copy: thread t stores A elements 8t..8t+7, B 4t..4t+3.
    scf.for %i = %c0 to %c8 step %c1 {
      %t8 = arith.muli %tx, %c8 : index
      %e = arith.addi %t8, %i : index
      %r = arith.divui %e, %c16 : index
      %c = arith.remui %e, %c16 : index
      %v = memref.load %A[%r, %c] : memref<16x16xf16>
      memref.store %v, %sA[%r, %c] : memref<16x16xf16, #gpu.address_space<workgroup>>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %t4 = arith.muli %tx, %c4 : index
      %e = arith.addi %t4, %i : index
      %r = arith.divui %e, %c8 : index
      %c = arith.remui %e, %c8 : index
      %v = memref.load %B[%r, %c] : memref<16x8xf16>
      memref.store %v, %sB[%r, %c] : memref<16x8xf16, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    // A: ldmatrix.x4, lane l gives row l % 16, column 8 (l / 16) (matrix
    // q = l / 8 is the 8x8 block of register q: rows 8 (q % 2), cols 8 (q / 2)).
    %hi = arith.divui %tx, %c16 : index
    %mid0 = arith.divui %tx, %c8 : index
    %mid = arith.remui %mid0, %c2 : index
    %l8 = arith.remui %tx, %c8 : index
    %hi8 = arith.muli %hi, %c8 : index
    %arow = arith.remui %tx, %c16 : index
    %acol = arith.muli %hi, %c8 : index
    %a = nvgpu.ldmatrix %sA[%arow, %acol] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    // B (k x n, row-major): ldmatrix.x2.trans, lane l < 16 gives row k = l.
    %brow = arith.remui %tx, %c16 : index
    %b = nvgpu.ldmatrix %sB[%brow, %c0] {numTiles = 2 : i32, transpose = true} : memref<16x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %low = arith.cmpi ult, %tx, %c16 : index
    %d = scf.if %low -> (vector<2x2xf32>) {
      %m = nvgpu.mma.sync (%a, %b, %zero) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      scf.yield %m : vector<2x2xf32>
    } else {
      scf.yield %zero : vector<2x2xf32>
    }
    // D register r, element e is C[g + 8r][2t + e], g = l / 4, t = l % 4.
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %g8 = arith.addi %g, %c8 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}
