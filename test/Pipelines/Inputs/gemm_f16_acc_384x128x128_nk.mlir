// C += A @ B^T with B stored N x K, f16 inputs, C f32 read and accumulated
// (no fill): M = 384 (three tile rows of 128), N = 128, K = 128.
func.func @main(%A: memref<384x128xf16>, %B: memref<128x128xf16>, %C: memref<384x128xf32>) {
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<384x128xf16>, memref<128x128xf16>)
      outs(%C : memref<384x128xf32>)
  return
}
