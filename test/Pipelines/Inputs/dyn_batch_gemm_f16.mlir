// A batch of GEMMs of dynamic shape: @gemm takes memref<?x?x?xf16>
// operands, so the batch, M, N and K are read at run time; @main calls it
// on rows of whole 16-byte units (K = 72, N = 64), @unaligned on rows that
// are not (K = 70, N = 60), @empty on a batch of none. C = A * B, f16 in,
// f32 out.
func.func @gemm(%A: memref<?x?x?xf16>, %B: memref<?x?x?xf16>, %C: memref<?x?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?x?xf32>)
  linalg.batch_matmul ins(%A, %B : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%C : memref<?x?x?xf32>)
  return
}
func.func @main(%A0: memref<3x100x72xf16>, %B0: memref<3x72x64xf16>, %C0: memref<3x100x64xf32>) {
  %a = memref.cast %A0 : memref<3x100x72xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<3x72x64xf16> to memref<?x?x?xf16>
  %c = memref.cast %C0 : memref<3x100x64xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
func.func @unaligned(%A0: memref<2x100x70xf16>, %B0: memref<2x70x60xf16>, %C0: memref<2x100x60xf32>) {
  %a = memref.cast %A0 : memref<2x100x70xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<2x70x60xf16> to memref<?x?x?xf16>
  %c = memref.cast %C0 : memref<2x100x60xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
func.func @empty(%A0: memref<0x100x70xf16>, %B0: memref<0x70x60xf16>, %C0: memref<0x100x60xf32>) {
  %a = memref.cast %A0 : memref<0x100x70xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<0x70x60xf16> to memref<?x?x?xf16>
  %c = memref.cast %C0 : memref<0x100x60xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
