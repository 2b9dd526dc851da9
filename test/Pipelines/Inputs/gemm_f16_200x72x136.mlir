// C = A @ B, f16 inputs, f32 output, M = 200, N = 72, K = 136: every
// dimension ends in a partial tile (200 = 128 + 72, 72 < 128, 136 = 4 x 32
// + 8), so edge tiles are zero-filled and the stores of C guarded.
func.func @main(%A: memref<200x136xf16>, %B: memref<136x72xf16>, %C: memref<200x72xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<200x72xf32>)
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x72xf16>)
                outs(%C : memref<200x72xf32>)
  return
}
