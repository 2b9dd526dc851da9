// A batch of three GEMMs, C[b] = A[b] * B[b]: f16 in, f32 out, sizes the
// tiles do not divide (100 x 60 x 72).
func.func @main(%A: memref<3x100x72xf16>, %B: memref<3x72x60xf16>, %C: memref<3x100x60xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x100x60xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x100x72xf16>, memref<3x72x60xf16>) outs(%C : memref<3x100x60xf32>)
  return
}
