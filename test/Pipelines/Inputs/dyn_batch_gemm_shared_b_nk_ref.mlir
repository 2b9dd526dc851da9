// The reference of dyn_batch_gemm_shared_b_nk.mlir: the same GEMMs on
// static shapes.
#nk = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
func.func @main(%A: memref<3x100x72xf16>, %B: memref<64x72xf16>, %C: memref<3x100x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x100x64xf32>)
  linalg.generic {indexing_maps = #nk, iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x100x72xf16>, memref<64x72xf16>) outs(%C : memref<3x100x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @unaligned(%A: memref<2x100x70xf16>, %B: memref<60x70xf16>, %C: memref<2x100x60xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2x100x60xf32>)
  linalg.generic {indexing_maps = #nk, iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<2x100x70xf16>, memref<60x70xf16>) outs(%C : memref<2x100x60xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
