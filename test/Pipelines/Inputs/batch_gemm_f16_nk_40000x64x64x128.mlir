// A batch of 40000 GEMMs, C[z] = A[z] * B[z]^T (B stored N x K), f16 in,
// f32 out, K = 128 (two k-tiles of 64): grid z holds the batch, but not
// two K slices of each (compiled only; too large to simulate in a test).
func.func @main(%A: memref<40000x64x128xf16>, %B: memref<40000x64x128xf16>, %C: memref<40000x64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<40000x64x64xf32>)
  linalg.batch_matmul
      indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                       affine_map<(b, m, n, k) -> (b, n, k)>,
                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<40000x64x128xf16>, memref<40000x64x128xf16>)
      outs(%C : memref<40000x64x64xf32>)
  return
}
