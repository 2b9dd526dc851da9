// A batch of three GEMMs that share B, the first matrix of a 3-D buffer X
// (a view at a fixed index, not at each block's GEMM): every GEMM reads
// X[0], none X[z].
func.func @main(%A: memref<3x128x64xf16>, %X: memref<3x64x128xf16>, %C: memref<3x128x128xf32>) {
  %B = memref.subview %X[0, 0, 0] [1, 64, 128] [1, 1, 1] : memref<3x64x128xf16> to memref<64x128xf16>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x128x128xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (k, n)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x128x64xf16>, memref<64x128xf16>) outs(%C : memref<3x128x128xf32>)
  return
}
