// The reference of examples/wgmma_gemm.mlir: D = A * B^T accumulated in
// f32, rounded to f16 once.
func.func @main(%A: memref<256x192xf16>, %B: memref<128x192xf16>,
                %D: memref<256x128xf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<256x128xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<256x128xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<256x192xf16>, memref<128x192xf16>)
      outs(%acc : memref<256x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>,
                                   affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<256x128xf32>) outs(%D : memref<256x128xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<256x128xf32>
  return
}
