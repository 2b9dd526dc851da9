// C = A @ B^T with B stored N x K, f16 inputs, f32 C of 62 columns (rows of
// 248 bytes: TMA loads A and B, but a TMA store of C needs 16-byte rows).
func.func @main(%A: memref<64x64xf16>, %B: memref<62x64xf16>, %C: memref<64x62xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x62xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x64xf16>, memref<62x64xf16>)
      outs(%C : memref<64x62xf32>)
  return
}
