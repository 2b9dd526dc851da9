// The reference of dyn_gemm_f16_k_km_33x17x5.mlir: the same GEMM on static shapes.
func.func @main(%A: memref<5x33xf16>, %B: memref<5x17xf16>, %C: memref<33x17xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<33x17xf16>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<5x33xf16>, memref<5x17xf16>) outs(%C : memref<33x17xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.mulf %a, %b : f16
    %s = arith.addf %c, %p : f16
    linalg.yield %s : f16
  }
  return
}
