// The reference of dyn_batch_gemm_f16_nk.mlir: the same GEMMs on static
// shapes.
func.func @main(%A: memref<2x200x72xf16>, %B: memref<2x136x72xf16>, %C: memref<2x200x136xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2x200x136xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<2x200x72xf16>, memref<2x136x72xf16>) outs(%C : memref<2x200x136xf32>)
  return
}
func.func @unaligned(%A: memref<3x100x70xf16>, %B: memref<3x60x70xf16>, %C: memref<3x100x60xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x100x60xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x100x70xf16>, memref<3x60x70xf16>) outs(%C : memref<3x100x60xf32>)
  return
}
func.func @empty(%A: memref<0x100x72xf16>, %B: memref<0x60x72xf16>, %C: memref<0x100x60xf32>) {
  return
}
