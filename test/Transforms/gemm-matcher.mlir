// The GEMM matcher against the seed's cases (13.9, exercise 13.2): what is
// a matrix product is compiled, with the operands' layouts read from the
// indexing maps; what only looks like one is left alone, with the reason.
// RUN: uop-opt %s --split-input-file --verify-diagnostics \
// RUN:   --uop-tile="tile=32,32,8 thread-tile=4,4" | FileCheck %s

// K not a multiple of 16 (nor of the tile's 8 here), B transposed through
// its map, loops in the order (n, k, m): every rung agrees with the linalg
// generic under uop-sim.
// RUN: uop-opt %S/Inputs/gemm_extended_transb_k40.mlir --uop-tile="tile=32,32,16 thread-tile=4,4" --canonicalize --cse -o %t.tile.mlir
// RUN: FileCheck %s --check-prefix=TRANSB < %t.tile.mlir
// RUN: uop-sim %t.tile.mlir --compare-with %S/Inputs/gemm_extended_transb_k40.mlir | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %S/Inputs/gemm_extended_transb_k40.mlir --uop-compile="target=sm_80 emit=nvgpu" \
// RUN:   | uop-sim - --compare-with %S/Inputs/gemm_extended_transb_k40.mlir | FileCheck %s --check-prefix=SIM
// The K loop runs 0, 16, 32 and the last tile is 8 deep; B's tile is read
// N x K from its N x K storage.
// TRANSB: %[[C40:.*]] = arith.constant 40 : index
// TRANSB: scf.for %[[K0:.*]] = %{{.*}} to %[[C40]] step %{{.*}} iter_args
// TRANSB: %[[LEFT:.*]] = arith.subi %[[C40]], %[[K0]] : index
// TRANSB: %[[KS:.*]] = arith.minsi %[[LEFT]], %{{.*}} : index
// TRANSB: memref.subview %{{.*}}[%{{.*}}, %[[K0]]] [32, %[[KS]]] [1, 1] : memref<64x40xf16>
// TRANSB: memref.subview %{{.*}}[0, %[[K0]]] [32, %[[KS]]] [1, 1] : memref<32x40xf16>
// TRANSB: uop.matmul {{.*}} {threads = array<i64: 8, 8>, transpose_b}
// SIM: max_abs_err={{.*}} mismatches=0/
// The inputs in either order: the second input is A where the first reads
// (k, n) or (n, k), which is also how a C stored N x M compiles.
// RUN: uop-opt %S/Inputs/gemm_transposed_output.mlir --uop-compile="target=sm_80 emit=nvgpu" \
// RUN:   | uop-sim - --compare-with %S/Inputs/gemm_transposed_output.mlir | FileCheck %s --check-prefix=SWAPT
// RUN: uop-opt %S/Inputs/gemm_transposed_output.mlir --uop-compile="target=sm_80 mma=simt emit=nvgpu" \
// RUN:   | uop-sim - --compare-with %S/Inputs/gemm_transposed_output.mlir | FileCheck %s --check-prefix=SWAPT
// SWAPT: mismatches=0/5568
// RUN: uop-opt %S/Inputs/gemm_swapped_inputs_f16.mlir --uop-compile="target=sm_80 emit=nvgpu" \
// RUN:   | uop-sim - --compare-with %S/Inputs/gemm_swapped_inputs_f16.mlir | FileCheck %s --check-prefix=SWAP
// RUN: uop-opt %S/Inputs/gemm_swapped_inputs_f16.mlir --uop-compile="target=sm_90a emit=nvgpu" \
// RUN:   | uop-sim - --compare-with %S/Inputs/gemm_swapped_inputs_f16.mlir | FileCheck %s --check-prefix=SWAP
// RUN: uop-opt %S/Inputs/gemm_swapped_inputs_f16.mlir --uop-compile="target=sm_100a emit=nvgpu" \
// RUN:   | uop-sim - --compare-with %S/Inputs/gemm_swapped_inputs_f16.mlir | FileCheck %s --check-prefix=SWAP
// SWAP: max_abs_err=0 max_rel_err=0 mismatches=0/14080
// The record names the second argument A: a = 1, b = 0.
// RUN: uop-opt %S/Inputs/gemm_swapped_inputs_f16.mlir --uop-compile="target=sm_80 emit=kernel" | FileCheck %s --check-prefix=SWAPREC
// SWAPREC: uop.gemm = {a = 1 : i64, accumulate = false, b = 0 : i64, c = 2 : i64, epilogue = false, transpose_a = false, transpose_b = false}

// The extended product: f16 elements extended to f32, multiplied, summed.
// CHECK-LABEL: func.func @extended_product
// CHECK: uop.matmul
// CHECK-SAME: memref<32x8xf16, {{.*}}>, memref<8x32xf16, {{.*}}>, vector<4x4xf32>
// CHECK-NOT: linalg.generic
func.func @extended_product(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %C: memref<32x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xf16>, memref<16x32xf16>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Transposed B through the indexing maps (B stored N x K): the matmul is
// told, and B's tiles are cut N x K.
// CHECK-LABEL: func.func @transposed_b
// CHECK-SAME: %[[B:[^:]*]]: memref<64x16xbf16>
// CHECK: memref.subview %[[B]][%{{.*}}, %{{.*}}] [32, 8] [1, 1] : memref<64x16xbf16> to memref<32x8xbf16
// CHECK: uop.matmul {{.*}} {threads = array<i64: 8, 8>, transpose_b}
func.func @transposed_b(%A: memref<32x16xbf16>, %B: memref<64x16xbf16>, %C: memref<32x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (j, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xbf16>, memref<64x16xbf16>) outs(%C : memref<32x64xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %x = arith.extf %a : bf16 to f32
    %y = arith.extf %b : bf16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The seed's counterexample: (X * X) summed over its last axis has the
// shape of a GEMM, REDUCE(ADD) of a 3-D MUL, but both factors vary with
// (i, k) only: a sum of squares, not a matrix product.
// CHECK-LABEL: func.func @sum_of_squares
// CHECK-NOT: uop.matmul
// CHECK: linalg.generic
func.func @sum_of_squares(%X: memref<32x16xf16>, %C: memref<32x32xf32>) {
  // expected-remark @+1 {{uop-tile: not a GEMM uop can compile: B (the second input) is not indexed by (k, n) or (n, k), where the output is indexed (m, n)}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%X, %X : memref<32x16xf16>, memref<32x16xf16>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The same extended product with the square taken in the body: both
// factors are A's element.
// CHECK-LABEL: func.func @square_in_body
// CHECK: linalg.generic
func.func @square_in_body(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %C: memref<32x32xf32>) {
  // expected-remark @+1 {{the product is not of one element of A and one of B}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xf16>, memref<16x32xf16>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %p = arith.mulf %x, %x : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The seed's row sum and row max: reductions, no product at all.
// CHECK-LABEL: func.func @row_sum
// CHECK: linalg.generic
func.func @row_sum(%X: memref<64x64xf32>, %R: memref<64xf32>) {
  // expected-remark @+1 {{expected two inputs and one output}}
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%X : memref<64x64xf32>) outs(%R : memref<64xf32>) {
  ^bb0(%x: f32, %r: f32):
    %s = arith.addf %r, %x : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @row_max
// CHECK: linalg.generic
func.func @row_max(%X: memref<64x64xf32>, %Y: memref<64x64xf32>, %R: memref<64xf32>) {
  // expected-remark @+1 {{expected two parallel loops and one reduction}}
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, k)>,
                                   affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%X, %Y : memref<64x64xf32>, memref<64x64xf32>) outs(%R : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32, %r: f32):
    %s = arith.maximumf %r, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A product whose output is indexed (n, m) against A's (m, k): C stored
// transposed relative to the product. The matcher reads M and N from C, so
// the second input, indexed by C's first loop, is A (K x M) and the first
// is B (N x K): C^T = B^T A^T, compiled (Inputs/gemm_transposed_output.mlir
// runs it against the linalg generic below).
// CHECK-LABEL: func.func @transposed_output
// CHECK: uop.matmul {{.*}} transpose_a, transpose_b
// CHECK-NOT: linalg.generic
func.func @transposed_output(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (j, i)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
