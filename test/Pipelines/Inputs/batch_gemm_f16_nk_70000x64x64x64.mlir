// A batch of 70000 GEMMs, C[z] = A[z] * B[z]^T (B stored N x K), f16 in,
// f32 out: more GEMMs than the 65535 blocks of grid z (compiled only; too
// large to simulate in a test).
func.func @main(%A: memref<70000x64x64xf16>, %B: memref<70000x64x64xf16>, %C: memref<70000x64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<70000x64x64xf32>)
  linalg.batch_matmul
      indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                       affine_map<(b, m, n, k) -> (b, n, k)>,
                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<70000x64x64xf16>, memref<70000x64x64xf16>)
      outs(%C : memref<70000x64x64xf32>)
  return
}
