// D = A @ B^T with B stored N x K (seed 002), f16 inputs, accumulated in f32 and
// rounded once to the f16 output (the truncf consumer is fused into the
// GEMM's writeback): M = 128, N = 128, K = 1024.
func.func @main(%A: memref<128x1024xf16>, %B: memref<128x1024xf16>, %D: memref<128x128xf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<128x128xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<128x128xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x1024xf16>, memref<128x1024xf16>)
      outs(%acc : memref<128x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>,
                                   affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<128x128xf32>) outs(%D : memref<128x128xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<128x128xf32>
  return
}
