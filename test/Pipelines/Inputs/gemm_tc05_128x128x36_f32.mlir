// D = A @ B^T with B stored N x K (seed 002), f16 inputs, f32 output accumulated in
// f32: M = 128, N = 128, K = 36 (rows of 72 bytes: no tensor map).
func.func @main(%A: memref<128x36xf16>, %B: memref<128x36xf16>, %C: memref<128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<128x128xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x36xf16>, memref<128x36xf16>)
      outs(%C : memref<128x128xf32>)
  return
}
