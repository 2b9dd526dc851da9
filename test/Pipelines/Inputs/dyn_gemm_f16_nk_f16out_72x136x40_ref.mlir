// The reference of dyn_gemm_f16_nk_f16out_72x136x40.mlir: the same GEMM on static shapes.
func.func @main(%A: memref<72x40xf16>, %B: memref<136x40xf16>, %C: memref<72x136xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<72x136xf16>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<72x40xf16>, memref<136x40xf16>) outs(%C : memref<72x136xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.mulf %a, %b : f16
    %s = arith.addf %c, %p : f16
    linalg.yield %s : f16
  }
  return
}
