// The reference of dyn_gemm_f16_nk_72x130x40.mlir: the same GEMM on static shapes.
func.func @main(%A: memref<72x40xf16>, %B: memref<130x40xf16>, %C: memref<72x130xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<72x130xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<72x40xf16>, memref<130x40xf16>) outs(%C : memref<72x130xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
