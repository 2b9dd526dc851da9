// C = A @ B with K = 5, less than one K step: the K loop runs once and is
// folded away, so the staged matmul is straight-line code.
func.func @main(%A: memref<33x5xf32>, %B: memref<5x17xf32>, %C: memref<33x17xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<33x17xf32>)
  linalg.matmul ins(%A, %B : memref<33x5xf32>, memref<5x17xf32>)
                outs(%C : memref<33x17xf32>)
  return
}
