// Reference for the 64x64 smem_gemm tests: C = 0; C += A @ B.
func.func @main(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                %C: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>)
                outs(%C : memref<64x64xf32>)
  return
}

// A @ B with B read transposed: a different product, for the mismatch test.
func.func @wrong(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                 %C: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>)
      outs(%C : memref<64x64xf32>)
  return
}
