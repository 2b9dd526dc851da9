// The inputs in the other order than the roles: B (K x N) first, A
// (M x K) second; f16 in, f32 out.
func.func @main(%B: memref<40x72xf16>, %A: memref<100x40xf16>, %C: memref<100x72xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x72xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, n)>,
                                   affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%B, %A : memref<40x72xf16>, memref<100x40xf16>) outs(%C : memref<100x72xf32>) {
  ^bb0(%b: f16, %a: f16, %c: f32):
    %be = arith.extf %b : f16 to f32
    %ae = arith.extf %a : f16 to f32
    %p = arith.mulf %be, %ae : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
