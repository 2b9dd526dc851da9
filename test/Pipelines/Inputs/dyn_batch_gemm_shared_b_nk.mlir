// A batch of GEMMs of dynamic shape that share B (stored N x K):
// C[b] = A[b] * B^T, the batch, M, N and K read at run time. @main calls
// it on rows of whole 16-byte units (K = 72: TMA's rows on sm_90a and
// sm_100a), @unaligned on rows that are not (K = 70).
#nk = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
func.func @gemm(%A: memref<?x?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?x?xf32>)
  linalg.generic {indexing_maps = #nk, iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @main(%A0: memref<3x100x72xf16>, %B0: memref<64x72xf16>, %C0: memref<3x100x64xf32>) {
  %a = memref.cast %A0 : memref<3x100x72xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<64x72xf16> to memref<?x?xf16>
  %c = memref.cast %C0 : memref<3x100x64xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
func.func @unaligned(%A0: memref<2x100x70xf16>, %B0: memref<60x70xf16>, %C0: memref<2x100x60xf32>) {
  %a = memref.cast %A0 : memref<2x100x70xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<60x70xf16> to memref<?x?xf16>
  %c = memref.cast %C0 : memref<2x100x60xf32> to memref<?x?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?x?xf16>, memref<?x?xf16>, memref<?x?x?xf32>) -> ()
  return
}
