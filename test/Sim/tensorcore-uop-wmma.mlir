// The uop WMMA ops (wmma_load, wmma_mma, wmma_store, wmma_fill) run on the
// simulator's scrambled fragment layout, like gpu.subgroup_mma_*: whole
// fragments give linalg.matmul's numbers for f16 and bf16 inputs, a `col`
// B fragment reads the tile transposed, and an f16 accumulator rounds the
// f32 sum once (within f16 tolerances of linalg's per-step rounding).

// RUN: uop-sim %s --entry f16 --compare-with %s --ref-entry f16_ref | FileCheck %s --check-prefix=OK
// RUN: uop-sim %s --entry bf16 --compare-with %s --ref-entry bf16_ref | FileCheck %s --check-prefix=OK
// RUN: uop-sim %s --entry col_b --compare-with %s --ref-entry col_b_ref | FileCheck %s --check-prefix=OK
// OK: max_abs_err=0 max_rel_err=0 mismatches=0/768
// RUN: uop-sim %s --entry f16_acc --compare-with %s --ref-entry f16_acc_ref | FileCheck %s --check-prefix=ACC16
// ACC16: max_abs_err={{.*}} mismatches=0/768

// A `col` fragment of B is B^T's product, not A @ B.
// RUN: sh -c 'uop-sim %s --entry col_b --compare-with %s --ref-entry f16_ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=WRONG
// WRONG: mismatches={{[1-9][0-9]*}}/768
// WRONG: exit=1

// RUN: sh -c 'uop-sim %s --entry partial_warp 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: partial warp at {{.*}}tensorcore-uop-wmma.mlir:[[#]]:10 in block (0, 0, 0): uop.wmma_load reached by thread (32, 0, 0) of warp 1, which has only 16 threads
// PARTIAL: exit=2

func.func @f16(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a = uop.wmma_load %A[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    %b = uop.wmma_load %B[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_b, 16x16xf16, row>
    %z = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf32, row>
    %d = uop.wmma_mma %a, %b, %z : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, row> -> !uop.fragment<accumulator, 16x16xf32, row>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf32, row>, memref<16x16xf32>
    gpu.terminator
  }
  return
}

func.func @f16_ref(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul
      ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

func.func @bf16(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a = uop.wmma_load %A[%c0, %c0] : memref<16x16xbf16> -> !uop.fragment<matrix_a, 16x16xbf16, row>
    %b = uop.wmma_load %B[%c0, %c0] : memref<16x16xbf16> -> !uop.fragment<matrix_b, 16x16xbf16, row>
    %z = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf32, row>
    %d = uop.wmma_mma %a, %b, %z : !uop.fragment<matrix_a, 16x16xbf16, row>, !uop.fragment<matrix_b, 16x16xbf16, row> -> !uop.fragment<accumulator, 16x16xf32, row>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf32, row>, memref<16x16xf32>
    gpu.terminator
  }
  return
}

func.func @bf16_ref(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul
      ins(%A, %B : memref<16x16xbf16>, memref<16x16xbf16>) outs(%C : memref<16x16xf32>)
  return
}

func.func @col_b(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a = uop.wmma_load %A[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    %b = uop.wmma_load %B[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_b, 16x16xf16, col>
    %z = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf32, row>
    %d = uop.wmma_mma %a, %b, %z : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, col> -> !uop.fragment<accumulator, 16x16xf32, row>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf32, row>, memref<16x16xf32>
    gpu.terminator
  }
  return
}

func.func @col_b_ref(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

func.func @f16_acc(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f16
    %a = uop.wmma_load %A[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    %b = uop.wmma_load %B[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_b, 16x16xf16, row>
    %z = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf16, row>
    %d = uop.wmma_mma %a, %b, %z : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, row> -> !uop.fragment<accumulator, 16x16xf16, row>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf16, row>, memref<16x16xf16>
    gpu.terminator
  }
  return
}

func.func @f16_acc_ref(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<16x16xf16>)
  linalg.matmul
      ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf16>)
  return
}

func.func @partial_warp(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 48 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a = uop.wmma_load %A[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    %b = uop.wmma_load %B[%c0, %c0] : memref<16x16xf16> -> !uop.fragment<matrix_b, 16x16xf16, row>
    %z = uop.wmma_fill %zero : !uop.fragment<accumulator, 16x16xf32, row>
    %d = uop.wmma_mma %a, %b, %z : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, row> -> !uop.fragment<accumulator, 16x16xf32, row>
    uop.wmma_store %d, %C[%c0, %c0] : !uop.fragment<accumulator, 16x16xf32, row>, memref<16x16xf32>
    gpu.terminator
  }
  return
}
