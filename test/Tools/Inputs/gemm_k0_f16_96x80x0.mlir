// K = 0: C is its fill (zeros), whatever A and B (no element): the launch
// JSON gives A the strides of a dense 96 x 0 matrix (0, 1), not a stride
// still to be given at run time.
func.func @main(%A: memref<96x0xf16>, %B: memref<0x80xf16>, %C: memref<96x80xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<96x80xf32>)
  linalg.matmul ins(%A, %B : memref<96x0xf16>, memref<0x80xf16>) outs(%C : memref<96x80xf32>)
  return
}
