// C = A @ B in f32, M = 200, N = 128, K = 72: an edge in M only (16-byte
// stores of C, guarded by row).
func.func @main(%A: memref<200x72xf32>, %B: memref<72x128xf32>, %C: memref<200x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<200x128xf32>)
  linalg.matmul ins(%A, %B : memref<200x72xf32>, memref<72x128xf32>)
                outs(%C : memref<200x128xf32>)
  return
}
