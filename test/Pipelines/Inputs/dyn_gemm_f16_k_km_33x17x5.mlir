// A GEMM whose K alone is known only at run time (K = 5 here), A stored K x M
// with rows of 33 halves: no TMA (the rows are unaligned), so the wgmma and
// tcgen05 kernels copy the tiles with the block's threads, the K-loop
// running to the run-time K (none at K = 0, C then the fill value).
func.func @gemm(%A: memref<?x33xf16>, %B: memref<?x17xf16>, %C: memref<33x17xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<33x17xf16>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x33xf16>, memref<?x17xf16>) outs(%C : memref<33x17xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.mulf %a, %b : f16
    %s = arith.addf %c, %p : f16
    linalg.yield %s : f16
  }
  return
}
func.func @main(%A0: memref<5x33xf16>, %B0: memref<5x17xf16>, %C: memref<33x17xf16>) {
  %a = memref.cast %A0 : memref<5x33xf16> to memref<?x33xf16>
  %b = memref.cast %B0 : memref<5x17xf16> to memref<?x17xf16>
  call @gemm(%a, %b, %C) : (memref<?x33xf16>, memref<?x17xf16>, memref<33x17xf16>) -> ()
  return
}
