// Two chained GEMMs in one function: E = (A @ B) @ D, C filled first.
func.func @main(%A: memref<20x12xf32>, %B: memref<12x9xf32>, %C: memref<20x9xf32>, %D: memref<9x5xf32>, %E: memref<20x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<20x9xf32>)
  linalg.matmul ins(%A, %B : memref<20x12xf32>, memref<12x9xf32>) outs(%C : memref<20x9xf32>)
  linalg.matmul ins(%C, %D : memref<20x9xf32>, memref<9x5xf32>) outs(%E : memref<20x5xf32>)
  return
}
