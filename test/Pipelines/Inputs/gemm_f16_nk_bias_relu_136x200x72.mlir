// out = bf16(relu(A @ B^T + bias[n])) with B stored N x K, f16 inputs and
// an f32 accumulator: M = 136, N = 200, K = 72, ragged against a 128 x
// 128 tile in both M and N, so the fused epilogue (bias along the columns,
// ReLU, the cast) meets both edges of C.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<136x72xf16>, %B: memref<200x72xf16>,
                %bias: memref<200xf32>, %out: memref<136x200xbf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<136x200xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<136x200xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<136x72xf16>, memref<200x72xf16>)
      outs(%acc : memref<136x200xf32>)
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> (n)>, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : memref<136x200xf32>, memref<200xf32>)
      outs(%out : memref<136x200xbf16>) {
  ^bb0(%x: f32, %b: f32, %y: bf16):
    %s = arith.addf %x, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to bf16
    linalg.yield %h : bf16
  }
  memref.dealloc %acc : memref<136x200xf32>
  return
}
