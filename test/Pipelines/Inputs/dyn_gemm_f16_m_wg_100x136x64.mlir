// A GEMM whose M alone is known only at run time (a batch of rows): the row
// strides are static and 16-byte aligned, so mma=auto takes the wgmma
// kernel's TMA ring on sm_90a. f16 C (with tma-store: TMA stores clipped
// at the edges).
func.func @gemm(%A: memref<?x64xf16>, %B: memref<64x136xf16>, %C: memref<?x136xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<?x136xf16>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x64xf16>, memref<64x136xf16>) outs(%C : memref<?x136xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.mulf %a, %b : f16
    %s = arith.addf %c, %p : f16
    linalg.yield %s : f16
  }
  return
}
func.func @main(%A0: memref<100x64xf16>, %B0: memref<64x136xf16>, %C0: memref<100x136xf16>) {
  %a = memref.cast %A0 : memref<100x64xf16> to memref<?x64xf16>
  %c = memref.cast %C0 : memref<100x136xf16> to memref<?x136xf16>
  call @gemm(%a, %B0, %c) : (memref<?x64xf16>, memref<64x136xf16>, memref<?x136xf16>) -> ()
  return
}
