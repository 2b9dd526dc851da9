// A batch whose fused epilogue stores into a slice [1:3] of a larger
// batch of matrices (an output that is not row-major as a whole).
#id = affine_map<(b, m, n) -> (b, m, n)>
func.func @main(%A: memref<2x128x64xf16>, %B: memref<2x128x64xf16>,
                %big: memref<4x128x128xf16>) {
  %out = memref.subview %big[1, 0, 0] [2, 128, 128] [1, 1, 1] : memref<4x128x128xf16> to memref<2x128x128xf16, strided<[16384, 128, 1], offset: 16384>>
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<2x128x128xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<2x128x128xf32>)
  linalg.batch_matmul
      indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                       affine_map<(b, m, n, k) -> (b, n, k)>,
                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<2x128x64xf16>, memref<2x128x64xf16>)
      outs(%acc : memref<2x128x128xf32>)
  linalg.generic {indexing_maps = [#id, #id],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%acc : memref<2x128x128xf32>)
      outs(%out : memref<2x128x128xf16, strided<[16384, 128, 1], offset: 16384>>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<2x128x128xf32>
  return
}
