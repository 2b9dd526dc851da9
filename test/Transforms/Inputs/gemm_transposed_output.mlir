// C stored N x M (indexed (n, m) where A is (m, k) and B (k, n)): the
// matcher reads M and N from C, so the second input is A (K x M, read
// M-major) and the first B (N x K): C^T = B^T A^T. The inputs also come
// in the other order than the roles.
func.func @main(%A: memref<40x24xf32>, %B: memref<24x72xf32>, %C: memref<72x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<72x40xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (j, i)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<40x24xf32>, memref<24x72xf32>) outs(%C : memref<72x40xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
