// A batch of three GEMMs accumulating into C (no fill), K = 200 (four
// k-tiles of 64, the last partial): C[b] += A[b] * B[b]^T, f16 in, f32 C.
func.func @main(%A: memref<3x136x200xf16>, %B: memref<3x72x200xf16>, %C: memref<3x136x72xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x136x200xf16>, memref<3x72x200xf16>) outs(%C : memref<3x136x72xf32>)
  return
}
