// C = A @ B^T with B stored N x K (the indexing_maps form of linalg.matmul),
// f16 inputs, f32 output, M = 96, N = 80, K = 48.
func.func @main(%A: memref<96x48xf16>, %B: memref<80x48xf16>, %C: memref<96x80xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<96x80xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<96x48xf16>, memref<80x48xf16>)
      outs(%C : memref<96x80xf32>)
  return
}
