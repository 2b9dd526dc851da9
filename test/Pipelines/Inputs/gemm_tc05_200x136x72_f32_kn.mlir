// D = A @ B with B stored K x N, f16 inputs, f32 output accumulated in
// f32: M = 200, N = 136, K = 72.
func.func @main(%A: memref<200x72xf16>, %B: memref<72x136xf16>, %C: memref<200x136xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<200x136xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<200x72xf16>, memref<72x136xf16>)
      outs(%C : memref<200x136xf32>)
  return
}
