// out = (A @ B)^2 with f32 inputs and output: an epilogue that is not
// monotonic in the product, whose least value over a product's tolerance
// may lie between the ends (at a product of 0). uop-run --check runs this
// source in uop-sim on cuBLAS's product for the epilogue's reference.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<96x64xf32>, %B: memref<64x80xf32>,
                %out: memref<96x80xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<96x80xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<96x80xf32>)
  linalg.matmul ins(%A, %B : memref<96x64xf32>, memref<64x80xf32>)
                outs(%acc : memref<96x80xf32>)
  linalg.generic {indexing_maps = [#id, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<96x80xf32>) outs(%out : memref<96x80xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.mulf %x, %x : f32
    linalg.yield %r : f32
  }
  memref.dealloc %acc : memref<96x80xf32>
  return
}
