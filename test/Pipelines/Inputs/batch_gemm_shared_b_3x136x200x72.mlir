// A batch of three GEMMs that share B (a linear layer applied to a batch
// of inputs): C[b] = A[b] * B for b < 3, batch_matmul's broadcast of a 2-D
// B stored K x N; f16 in, f32 out. M = 136 and N = 200 are ragged
// against a 128 x 128 tile.
func.func @main(%A: memref<3x136x72xf16>, %B: memref<72x200xf16>, %C: memref<3x136x200xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x136x200xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (k, n)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x136x72xf16>, memref<72x200xf16>) outs(%C : memref<3x136x200xf32>)
  return
}
