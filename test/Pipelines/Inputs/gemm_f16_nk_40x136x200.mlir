// D = A @ B^T with B stored N x K, f16 inputs, an f32 output: a GEMM of
// few rows (M = 40, as in a small batch), N = 136, K = 200.
func.func @main(%A: memref<40x200xf16>, %B: memref<136x200xf16>, %D: memref<40x136xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%D : memref<40x136xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<40x200xf16>, memref<136x200xf16>)
      outs(%D : memref<40x136xf32>)
  return
}
