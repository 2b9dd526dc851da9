// C = A @ B, f16 inputs, f32 output, M = 256, N = 128, K = 512: two block
// rows of the default 128 x 128 tile, sixteen k tiles of 32.
func.func @main(%A: memref<256x512xf16>, %B: memref<512x128xf16>, %C: memref<256x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<256x128xf32>)
  linalg.matmul ins(%A, %B : memref<256x512xf16>, memref<512x128xf16>)
                outs(%C : memref<256x128xf32>)
  return
}
