// C = A @ B, M = 100, N = 60, K = 70: no size is a multiple of a tile.
func.func @main(%A: memref<100x70xf32>, %B: memref<70x60xf32>, %C: memref<100x60xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x60xf32>)
  linalg.matmul ins(%A, %B : memref<100x70xf32>, memref<70x60xf32>)
                outs(%C : memref<100x60xf32>)
  return
}
