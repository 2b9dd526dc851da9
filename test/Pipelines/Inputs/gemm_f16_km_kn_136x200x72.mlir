// C = A^T @ B with A stored K x M and B stored K x N (indexing_maps), f16
// inputs, f32 output, M = 136, N = 200, K = 72: both operands M- / N-major,
// ragged in M, N and K.
func.func @main(%A: memref<72x136xf16>, %B: memref<72x200xf16>, %C: memref<136x200xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<136x200xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<72x136xf16>, memref<72x200xf16>)
      outs(%C : memref<136x200xf32>)
  return
}
