// C = A @ B^T in f32 with B stored N x K, M = 200, N = 136, K = 72.
func.func @main(%A: memref<200x72xf32>, %B: memref<136x72xf32>, %C: memref<200x136xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<200x136xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<200x72xf32>, memref<136x72xf32>)
      outs(%C : memref<200x136xf32>)
  return
}
