// As dyn_gemm_f16_128x64x96.mlir with B stored N x K, bf16 in: the strides
// (K of both) are multiples of 8 at run time.
func.func @gemm(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xbf16>, memref<?x?xbf16>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: bf16, %b: bf16, %c: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @main(%A0: memref<96x64xbf16>, %B0: memref<128x64xbf16>, %C0: memref<96x128xf32>) {
  %a = memref.cast %A0 : memref<96x64xbf16> to memref<?x?xbf16>
  %b = memref.cast %B0 : memref<128x64xbf16> to memref<?x?xbf16>
  %c = memref.cast %C0 : memref<96x128xf32> to memref<?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
  return
}
