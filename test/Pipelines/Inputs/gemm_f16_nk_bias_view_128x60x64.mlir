// out = f16(A @ B^T + bias[n]) written into a 128 x 60 view of a 128 x 64
// buffer (rows of 128 bytes, 16-byte aligned, but N = 60 is not a
// multiple of the 8 columns of a 16-byte chunk): the TMA-store epilogues
// must not run the epilogue (read the bias) past column 60.
func.func @main(%A: memref<128x64xf16>, %B: memref<60x64xf16>, %bias: memref<60xf32>, %Cbig: memref<128x64xf16>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.subview %Cbig[0, 0] [128, 60] [1, 1] : memref<128x64xf16> to memref<128x60xf16, strided<[64, 1]>>
  %acc = memref.alloc() : memref<128x60xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<128x60xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x64xf16>, memref<60x64xf16>)
      outs(%acc : memref<128x60xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : memref<128x60xf32>, memref<60xf32>) outs(%C : memref<128x60xf16, strided<[64, 1]>>) {
  ^bb0(%x: f32, %b: f32, %y: f16):
    %s = arith.addf %x, %b : f32
    %h = arith.truncf %s : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<128x60xf32>
  return
}
