// C = A @ B, bf16 inputs, f32 output, M = 128, N = 256, K = 64; C
// accumulates (no fill): the initialization reads the old C through the
// fragment map.
func.func @main(%A: memref<128x64xbf16>, %B: memref<64x256xbf16>, %C: memref<128x256xf32>) {
  linalg.matmul ins(%A, %B : memref<128x64xbf16>, memref<64x256xbf16>)
                outs(%C : memref<128x256xf32>)
  return
}
