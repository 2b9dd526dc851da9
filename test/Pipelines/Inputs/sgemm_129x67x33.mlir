// C = A @ B in f32, M = 129, N = 67, K = 33: odd sizes everywhere (no row
// of A, B or C is 16-byte aligned past the first).
func.func @main(%A: memref<129x33xf32>, %B: memref<33x67xf32>, %C: memref<129x67xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<129x67xf32>)
  linalg.matmul ins(%A, %B : memref<129x33xf32>, memref<33x67xf32>)
                outs(%C : memref<129x67xf32>)
  return
}
