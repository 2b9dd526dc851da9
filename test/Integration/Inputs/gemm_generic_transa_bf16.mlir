// C += A^T @ B as a linalg.generic, A stored K x M, bf16 inputs extended to
// f32 in the body, M = 64, N = 48, K = 40.
#a = affine_map<(m, n, k) -> (k, m)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @main(%A: memref<40x64xbf16>, %B: memref<40x48xbf16>, %C: memref<64x48xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<40x64xbf16>, memref<40x48xbf16>)
      outs(%C : memref<64x48xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
