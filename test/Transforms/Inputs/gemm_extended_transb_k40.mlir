// The seed's 64 x 32 x 40 GEMM (K = 40, not a multiple of 16) as an
// extended-product linalg.generic, f16 inputs extended to f32 and summed,
// with B stored N x K (transposed through its indexing map) and the loops
// written in the order (n, k, m).
func.func @main(%A: memref<64x40xf16>, %B: memref<32x40xf16>, %C: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, k, m) -> (m, k)>,
                                   affine_map<(n, k, m) -> (n, k)>,
                                   affine_map<(n, k, m) -> (m, n)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%A, %B : memref<64x40xf16>, memref<32x40xf16>) outs(%C : memref<64x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
