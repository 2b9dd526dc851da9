// A GEMM of dynamic shape for the wgmma kernel: K = 264 is five k-tiles
// (the last of 8 columns), so a ring of two stages wraps twice; M = 130
// is two tiles along M, the second of two rows.
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @main(%A0: memref<130x264xf16>, %B0: memref<264x64xf16>, %C0: memref<130x64xf32>) {
  %a = memref.cast %A0 : memref<130x264xf16> to memref<?x?xf16>
  %b = memref.cast %B0 : memref<264x64xf16> to memref<?x?xf16>
  %c = memref.cast %C0 : memref<130x64xf32> to memref<?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
  return
}
