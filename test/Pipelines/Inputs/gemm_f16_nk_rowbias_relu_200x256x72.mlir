// out = bf16(relu(A @ B^T + bias[m])) with B stored N x K, f16 inputs and
// an f32 accumulator: M = 200, N = 256, K = 72, ragged against a 128 x 128
// tile in M only, so a 16-bit C without a column edge (the stmatrix
// staging of the wgmma TMA-store epilogue) whose fused epilogue reads a
// bias along the rows: rows past M must not read it.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<200x72xf16>, %B: memref<256x72xf16>,
                %bias: memref<200xf32>, %out: memref<200x256xbf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<200x256xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<200x256xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<200x72xf16>, memref<256x72xf16>)
      outs(%acc : memref<200x256xf32>)
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> (m)>, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : memref<200x256xf32>, memref<200xf32>)
      outs(%out : memref<200x256xbf16>) {
  ^bb0(%x: f32, %b: f32, %y: bf16):
    %s = arith.addf %x, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to bf16
    linalg.yield %h : bf16
  }
  memref.dealloc %acc : memref<200x256xf32>
  return
}
