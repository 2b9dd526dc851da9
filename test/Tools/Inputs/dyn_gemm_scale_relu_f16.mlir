// out = f16(relu(2 * A @ B)) on operands of dynamic shape (f16 inputs, an
// f32 accumulator of run-time size that the fusion removes): uop-run
// --shapes runs it at each size, and --check runs this source in uop-sim
// at the same sizes (--arg-sizes) on cuBLAS's product.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                %out: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf16>
  %n = memref.dim %B, %c1 : memref<?x?xf16>
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %acc = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>)
                outs(%acc : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#id, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<?x?xf32>) outs(%out : memref<?x?xf16>) {
  ^bb0(%x: f32, %y: f16):
    %s = arith.mulf %x, %two : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<?x?xf32>
  return
}
