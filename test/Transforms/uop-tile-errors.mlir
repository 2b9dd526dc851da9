// With require-match (what --uop-compile uses), a contraction that is not a
// GEMM is an error naming the op, not a wrong kernel.
// RUN: uop-opt %s --uop-tile=require-match=1 --verify-diagnostics

func.func @sum_of_squares(%X: memref<32x16xf32>, %C: memref<32x32xf32>) {
  // expected-error @+1 {{uop-tile: not a GEMM uop can compile: B is not indexed by (k, n) or (n, k)}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%X, %X : memref<32x16xf32>, memref<32x16xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
