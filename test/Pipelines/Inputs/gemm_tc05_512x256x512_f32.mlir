// D = A @ B^T with B stored N x K (seed 002), f16 inputs, f32 output accumulated in
// f32: M = 512, N = 256, K = 512.
func.func @main(%A: memref<512x512xf16>, %B: memref<256x512xf16>, %C: memref<512x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<512x256xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<512x512xf16>, memref<256x512xf16>)
      outs(%C : memref<512x256xf32>)
  return
}
