// The reference of dyn_batch_gemm_f16.mlir: the same GEMMs on static shapes.
func.func @main(%A: memref<3x100x72xf16>, %B: memref<3x72x64xf16>, %C: memref<3x100x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x100x64xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x100x72xf16>, memref<3x72x64xf16>) outs(%C : memref<3x100x64xf32>)
  return
}
func.func @unaligned(%A: memref<2x100x70xf16>, %B: memref<2x70x60xf16>, %C: memref<2x100x60xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2x100x60xf32>)
  linalg.batch_matmul ins(%A, %B : memref<2x100x70xf16>, memref<2x70x60xf16>) outs(%C : memref<2x100x60xf32>)
  return
}
func.func @empty(%A: memref<0x100x70xf16>, %B: memref<0x70x60xf16>, %C: memref<0x100x60xf32>) {
  return
}
