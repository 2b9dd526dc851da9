// An f16 GEMM of K = 99: tiles of odd widths whose staged buffers, laid
// out aligned, need a few bytes more than their sizes add up to.
func.func @main(%A: memref<256x99xf16>, %B: memref<99x256xf16>, %C: memref<256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<256x256xf32>)
  linalg.matmul ins(%A, %B : memref<256x99xf16>, memref<99x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
