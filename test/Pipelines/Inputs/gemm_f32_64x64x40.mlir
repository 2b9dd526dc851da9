// C = A @ B, f32 inputs and output, M = 64, N = 64, K = 40: SIMT unless
// precision=tf32, which runs it on tensor cores as m16n8k8 on inputs
// rounded to TF32.
func.func @main(%A: memref<64x40xf32>, %B: memref<40x64xf32>, %C: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x40xf32>, memref<40x64xf32>)
                outs(%C : memref<64x64xf32>)
  return
}
