// A GEMM of dynamic shape with A stored K x M and B K x N: the wgmma ring
// loads both as stored and reads them M- and N-major. Row strides (M, N)
// multiples of 8 at run time; 2 x 1 tiles, one partial k-tile.
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
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
func.func @main(%A0: memref<40x136xf16>, %B0: memref<40x72xf16>, %C0: memref<136x72xf32>) {
  %a = memref.cast %A0 : memref<40x136xf16> to memref<?x?xf16>
  %b = memref.cast %B0 : memref<40x72xf16> to memref<?x?xf16>
  %c = memref.cast %C0 : memref<136x72xf32> to memref<?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
  return
}
