// C = A @ B in f32, 256 x 256 x 256: whole 128 x 128 tiles, the kernel
// without edge tests (its registers are those of a large GEMM's).
func.func @main(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<256x256xf32>)
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}
