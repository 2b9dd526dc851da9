// A GEMM whose M is known only at run time (a batch of rows) while N and K
// are static: the row strides stay static, so the tiles still load with
// cp.async. The reference is dyn_gemm_f16_100x60x70_ref.mlir.
func.func @gemm(%A: memref<?x70xf16>, %B: memref<70x60xf16>, %C: memref<?x60xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x60xf32>)
  linalg.matmul ins(%A, %B : memref<?x70xf16>, memref<70x60xf16>) outs(%C : memref<?x60xf32>)
  return
}
func.func @main(%A0: memref<100x70xf16>, %B: memref<70x60xf16>, %C0: memref<100x60xf32>) {
  %a = memref.cast %A0 : memref<100x70xf16> to memref<?x70xf16>
  %c = memref.cast %C0 : memref<100x60xf32> to memref<?x60xf32>
  call @gemm(%a, %B, %c) : (memref<?x70xf16>, memref<70x60xf16>, memref<?x60xf32>) -> ()
  return
}
