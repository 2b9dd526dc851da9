// A batch of GEMMs of dynamic shape with a fused epilogue:
// D[b] = f16(relu(A[b] * B[b]^T + bias[b][n])), B stored N x K, the
// products in a temporary of run-time size that the fusion removes. @main
// calls it on rows of whole 16-byte units (K = 72: TMA's rows on sm_90a
// and sm_100a), @unaligned on rows that are not (K = 70, N = 60).
#id = affine_map<(b, m, n) -> (b, m, n)>
#bias = affine_map<(b, m, n) -> (b, n)>
func.func @gemm(%A: memref<?x?x?xf16>, %B: memref<?x?x?xf16>, %bias: memref<?x?xf32>, %D: memref<?x?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %batch = memref.dim %A, %c0 : memref<?x?x?xf16>
  %m = memref.dim %A, %c1 : memref<?x?x?xf16>
  %n = memref.dim %B, %c1 : memref<?x?x?xf16>
  %C = memref.alloc(%batch, %m, %n) : memref<?x?x?xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?x?xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%C : memref<?x?x?xf32>)
  linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %bias : memref<?x?x?xf32>, memref<?x?xf32>) outs(%D : memref<?x?x?xf16>) {
  ^bb0(%c: f32, %bi: f32, %d: f16):
    %s = arith.addf %c, %bi : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %C : memref<?x?x?xf32>
  return
}
func.func @main(%A0: memref<2x100x72xf16>, %B0: memref<2x64x72xf16>, %bias0: memref<2x64xf32>, %D0: memref<2x100x64xf16>) {
  %a = memref.cast %A0 : memref<2x100x72xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<2x64x72xf16> to memref<?x?x?xf16>
  %bias = memref.cast %bias0 : memref<2x64xf32> to memref<?x?xf32>
  %d = memref.cast %D0 : memref<2x100x64xf16> to memref<?x?x?xf16>
  call @gemm(%a, %b, %bias, %d) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?xf32>, memref<?x?x?xf16>) -> ()
  return
}
func.func @unaligned(%A0: memref<3x100x70xf16>, %B0: memref<3x60x70xf16>, %bias0: memref<3x60xf32>, %D0: memref<3x100x60xf16>) {
  %a = memref.cast %A0 : memref<3x100x70xf16> to memref<?x?x?xf16>
  %b = memref.cast %B0 : memref<3x60x70xf16> to memref<?x?x?xf16>
  %bias = memref.cast %bias0 : memref<3x60xf32> to memref<?x?xf32>
  %d = memref.cast %D0 : memref<3x100x60xf16> to memref<?x?x?xf16>
  call @gemm(%a, %b, %bias, %d) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?xf32>, memref<?x?x?xf16>) -> ()
  return
}
