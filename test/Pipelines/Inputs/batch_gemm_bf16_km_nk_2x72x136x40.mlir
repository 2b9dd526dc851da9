// A batch of two GEMMs with A stored K x M and B stored N x K (through
// linalg.batch_matmul's indexing maps), bf16 in, accumulated into the f32 C
// (no fill: C[b] += A[b]^T * B[b]^T).
func.func @main(%A: memref<2x40x72xbf16>, %B: memref<2x136x40xbf16>, %C: memref<2x72x136xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<2x40x72xbf16>, memref<2x136x40xbf16>) outs(%C : memref<2x72x136xf32>)
  return
}
