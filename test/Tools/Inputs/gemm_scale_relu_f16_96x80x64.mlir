// out = f16(relu(2 * A @ B)) with f16 inputs and an f32 accumulator: the
// consumer (scale, ReLU, cast) is fused into the GEMM's writeback, so the
// host function takes A, B and out, and uop-run --check runs this source
// in uop-sim on cuBLAS's product for the epilogue's reference.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<96x64xf16>, %B: memref<64x80xf16>,
                %out: memref<96x80xf16>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %acc = memref.alloc() : memref<96x80xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<96x80xf32>)
  linalg.matmul ins(%A, %B : memref<96x64xf16>, memref<64x80xf16>)
                outs(%acc : memref<96x80xf32>)
  linalg.generic {indexing_maps = [#id, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<96x80xf32>) outs(%out : memref<96x80xf16>) {
  ^bb0(%x: f32, %y: f16):
    %s = arith.mulf %x, %two : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<96x80xf32>
  return
}
