// C += A @ B with f16 inputs into an f32 C that holds values already (no
// fill): M = 96, N = 64, K = 32. With a 32-deep block tile the product is a
// single k-tile (no K loop), and the accumulator starts from C.
func.func @main(%A: memref<96x32xf16>, %B: memref<32x64xf16>, %C: memref<96x64xf32>) {
  linalg.matmul ins(%A, %B : memref<96x32xf16>, memref<32x64xf16>)
                outs(%C : memref<96x64xf32>)
  return
}
