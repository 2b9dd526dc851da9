// D = A @ B^T with B stored N x K (seed 002), f16 inputs, accumulated in f32 and
// rounded once to the f16 output (the truncf consumer is fused into the
// GEMM's writeback): M = 64, N = 60, K = 64. D's rows of 120 bytes are no
// whole 16-byte units: A and B load by TMA, C cannot be stored by it.
func.func @main(%A: memref<64x64xf16>, %B: memref<60x64xf16>, %D: memref<64x60xf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<64x60xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<64x60xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x64xf16>, memref<60x64xf16>)
      outs(%acc : memref<64x60xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>,
                                   affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<64x60xf32>) outs(%D : memref<64x60xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<64x60xf32>
  return
}
