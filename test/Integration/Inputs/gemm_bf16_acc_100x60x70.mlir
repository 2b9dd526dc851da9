// C += A @ B with bf16 inputs and a bf16 C that is accumulated into (no
// fill), M = 100, N = 60, K = 70: the kernel starts from the old C extended
// to f32 and rounds once. gemm_bf16_acc_100x60x70_ref.mlir states that
// computation in linalg.
func.func @main(%A: memref<100x70xbf16>, %B: memref<70x60xbf16>, %C: memref<100x60xbf16>) {
  linalg.matmul ins(%A, %B : memref<100x70xbf16>, memref<70x60xbf16>)
                outs(%C : memref<100x60xbf16>)
  return
}
