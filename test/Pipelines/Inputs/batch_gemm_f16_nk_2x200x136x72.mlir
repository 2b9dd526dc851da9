// A batch of two GEMMs whose rows TMA can load (A M x K, B N x K, K = 72,
// N = 136): C[b] = A[b] * B[b]^T, f16 in, f32 out.
func.func @main(%A: memref<2x200x72xf16>, %B: memref<2x136x72xf16>, %C: memref<2x200x136xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2x200x136xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<2x200x72xf16>, memref<2x136x72xf16>) outs(%C : memref<2x200x136xf32>)
  return
}
