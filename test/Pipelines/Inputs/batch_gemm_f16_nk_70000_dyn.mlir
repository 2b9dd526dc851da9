// A batch of 70000 GEMMs of dynamic M, N and K (B stored N x K): under
// mma=auto the TMA kernel is versioned with mma.sync, which puts the batch
// on grid z (compiled only).
func.func @main(%A: memref<70000x?x?xf16>, %B: memref<70000x?x?xf16>, %C: memref<70000x?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<70000x?x?xf32>)
  linalg.batch_matmul
      indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                       affine_map<(b, m, n, k) -> (b, n, k)>,
                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<70000x?x?xf16>, memref<70000x?x?xf16>)
      outs(%C : memref<70000x?x?xf32>)
  return
}
