// C += A @ B with f16 inputs into an f32 C that holds values already (no
// fill): M = 64, N = 96, K = 80, a K loop of three 32-deep tiles (the last
// partial) whose accumulator starts from C.
func.func @main(%A: memref<64x80xf16>, %B: memref<80x96xf16>, %C: memref<64x96xf32>) {
  linalg.matmul ins(%A, %B : memref<64x80xf16>, memref<80x96xf16>)
                outs(%C : memref<64x96xf32>)
  return
}
