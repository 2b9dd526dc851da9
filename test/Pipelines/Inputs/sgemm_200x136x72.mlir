// C = A @ B in f32, M = 200, N = 136, K = 72: M and N not multiples of the
// 128 x 128 block tile, N a multiple of 4 (16-byte stores of C), K a
// multiple of the k-tile 8.
func.func @main(%A: memref<200x72xf32>, %B: memref<72x136xf32>, %C: memref<200x136xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<200x136xf32>)
  linalg.matmul ins(%A, %B : memref<200x72xf32>, memref<72x136xf32>)
                outs(%C : memref<200x136xf32>)
  return
}
