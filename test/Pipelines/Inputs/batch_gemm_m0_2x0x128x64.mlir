// A batch of two GEMMs of M = 0: C holds no element, so nothing runs.
func.func @main(%A: memref<2x0x64xf16>, %B: memref<2x64x128xf16>, %C: memref<2x0x128xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x0x64xf16>, memref<2x64x128xf16>) outs(%C : memref<2x0x128xf32>)
  return
}
