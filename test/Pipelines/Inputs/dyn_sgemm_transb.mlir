// An f32 GEMM of dynamic shape with B stored N x K: C = A * B^T, each size
// known only at run time (uop-sim --entry gemm --arg-sizes MxK,NxK,MxN).
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>)
      outs(%C : memref<?x?xf32>)
  return
}
