// A batch of GEMMs of dynamic shape with B stored N x K: @gemm takes
// memref<?x?x?xf16> operands; @main calls it where the rows are whole
// 16-byte units (K = 72), @unaligned where they are not (K = 70), @empty
// on a batch of none. C[b] = A[b] * B[b]^T, f16 in, f32 out.
func.func @gemm(%A: memref<?x?x?xf16>, %B: memref<?x?x?xf16>, %C: memref<?x?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?x?xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%C : memref<?x?x?xf32>)
  return
}
func.func @main(%A0: memref<2x200x72xf16>, %B0: memref<2x136x72xf16>, %C0: memref<2x200x136xf32>) {
  %a = memref.cast %A0 : memref<2x200x72xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<2x136x72xf16> to memref<?x?x?xf16>
  %c = memref.cast %C0 : memref<2x200x136xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
func.func @unaligned(%A0: memref<3x100x70xf16>, %B0: memref<3x60x70xf16>, %C0: memref<3x100x60xf32>) {
  %a = memref.cast %A0 : memref<3x100x70xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<3x60x70xf16> to memref<?x?x?xf16>
  %c = memref.cast %C0 : memref<3x100x60xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
func.func @empty(%A0: memref<0x100x72xf16>, %B0: memref<0x60x72xf16>, %C0: memref<0x100x60xf32>) {
  %a = memref.cast %A0 : memref<0x100x72xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<0x60x72xf16> to memref<?x?x?xf16>
  %c = memref.cast %C0 : memref<0x100x60xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
