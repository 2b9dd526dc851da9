// A batch of four GEMMs written as a linalg.generic with the loops in the
// order (n, batch, k, m): f16 in, f16 out (one rounding of the f32 sum;
// K = 24 keeps the f16-accumulating reference within its tolerance).
func.func @main(%A: memref<4x48x24xf16>, %B: memref<4x24x40xf16>, %C: memref<4x48x40xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<4x48x40xf16>)
  linalg.generic {indexing_maps = [affine_map<(n, b, k, m) -> (b, m, k)>,
                                   affine_map<(n, b, k, m) -> (b, k, n)>,
                                   affine_map<(n, b, k, m) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%A, %B : memref<4x48x24xf16>, memref<4x24x40xf16>) outs(%C : memref<4x48x40xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.mulf %a, %b : f16
    %s = arith.addf %c, %p : f16
    linalg.yield %s : f16
  }
  return
}
