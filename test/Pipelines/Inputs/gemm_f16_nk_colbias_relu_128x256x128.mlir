// out = f16(relu(A @ B^T + bias[n])) with B stored N x K, f16 inputs and
// an f32 accumulator: M = 128, N = 256, K = 128, whole 128 x 128 tiles, so
// a 16-bit C without a column edge (the stmatrix staging of the wgmma
// TMA-store epilogue) whose fused epilogue reads a bias along the columns:
// a block that clusters along N put past N must not read it.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<128x128xf16>, %B: memref<256x128xf16>,
                %bias: memref<256xf32>, %out: memref<128x256xf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<128x256xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<128x256xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x128xf16>, memref<256x128xf16>)
      outs(%acc : memref<128x256xf32>)
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> (n)>, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : memref<128x256xf32>, memref<256xf32>)
      outs(%out : memref<128x256xf16>) {
  ^bb0(%x: f32, %b: f32, %y: f16):
    %s = arith.addf %x, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<128x256xf32>
  return
}
