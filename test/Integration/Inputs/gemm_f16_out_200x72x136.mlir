// C = A @ B with f16 inputs and an f16 output, M = 200, N = 72, K = 136
// (no dimension a multiple of the tiles; K not a multiple of 16). uop
// accumulates in f32 and rounds each element of C once:
// gemm_f16_out_200x72x136_ref.mlir states that computation in linalg.
func.func @main(%A: memref<200x136xf16>, %B: memref<136x72xf16>, %C: memref<200x72xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<200x72xf16>)
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x72xf16>)
                outs(%C : memref<200x72xf16>)
  return
}
