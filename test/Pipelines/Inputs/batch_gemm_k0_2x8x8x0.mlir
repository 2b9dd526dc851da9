// A batch of two GEMMs of K = 0: C[b] is the fill value (3.0), whatever A
// and B (matrices with a side of 0, whose views hold no element).
func.func @main(%A: memref<2x8x0xf16>, %B: memref<2x0x8xf16>, %C: memref<2x8x8xf32>) {
  %three = arith.constant 3.0 : f32
  linalg.fill ins(%three : f32) outs(%C : memref<2x8x8xf32>)
  linalg.batch_matmul ins(%A, %B : memref<2x8x0xf16>, memref<2x0x8xf16>) outs(%C : memref<2x8x8xf32>)
  return
}
