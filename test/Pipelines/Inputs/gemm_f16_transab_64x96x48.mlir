// C = A^T @ B^T with A stored K x M and B stored N x K (indexing_maps), f16
// inputs, f32 output, M = 64, N = 96, K = 48.
func.func @main(%A: memref<48x64xf16>, %B: memref<96x48xf16>, %C: memref<64x96xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x96xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<48x64xf16>, memref<96x48xf16>)
      outs(%C : memref<64x96xf32>)
  return
}
