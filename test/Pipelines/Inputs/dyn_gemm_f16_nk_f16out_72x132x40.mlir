// A GEMM of dynamic shape: @gemm takes memref<?x?x...> operands, so uop-tile
// reads M, N and K from them at run time; @main calls it on static
// buffers for uop-sim. C = A * B^T (B stored N x K), f16 in, f16 out.
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<?x?xf16>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.mulf %a, %b : f16
    %s = arith.addf %c, %p : f16
    linalg.yield %s : f16
  }
  return
}
func.func @main(%A0: memref<72x40xf16>, %B0: memref<132x40xf16>, %C0: memref<72x132xf16>) {
  %a = memref.cast %A0 : memref<72x40xf16> to memref<?x?xf16>
  %b = memref.cast %B0 : memref<132x40xf16> to memref<?x?xf16>
  %c = memref.cast %C0 : memref<72x132xf16> to memref<?x?xf16>
  call @gemm(%a, %b, %c) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}
