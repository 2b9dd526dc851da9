// A static GEMM with an empty C (M = 0): nothing to compute, so
// uop-compile leaves no kernel.
func.func @main(%A: memref<0x16xf16>, %B: memref<16x8xf16>, %C: memref<0x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<0x8xf32>)
  linalg.matmul ins(%A, %B : memref<0x16xf16>, memref<16x8xf16>) outs(%C : memref<0x8xf32>)
  return
}
