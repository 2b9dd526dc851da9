// A batch of four GEMMs that share A, written as a linalg.generic:
// out[b] = bf16(A * B[b]^T + bias[b][n]) with A (96 x 64) one matrix and
// B stored N x K per GEMM (TMA's rows on sm_90a and sm_100a); f16 in, an
// f32 accumulator rounded once, the bias and the cast fused.
#id = affine_map<(b, m, n) -> (b, m, n)>
func.func @main(%A: memref<96x64xf16>, %B: memref<4x136x64xf16>,
                %bias: memref<4x136xf32>, %out: memref<4x96x136xbf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<4x96x136xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<4x96x136xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>,
                                   affine_map<(b, m, n, k) -> (b, n, k)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<96x64xf16>, memref<4x136x64xf16>)
      outs(%acc : memref<4x96x136xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, affine_map<(b, m, n) -> (b, n)>, #id],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<4x96x136xf32>, memref<4x136xf32>)
      outs(%out : memref<4x96x136xbf16>) {
  ^bb0(%x: f32, %bi: f32, %y: bf16):
    %s = arith.addf %x, %bi : f32
    %h = arith.truncf %s : f32 to bf16
    linalg.yield %h : bf16
  }
  memref.dealloc %acc : memref<4x96x136xf32>
  return
}
