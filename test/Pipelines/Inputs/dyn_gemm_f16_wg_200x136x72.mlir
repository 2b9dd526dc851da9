// A GEMM of dynamic shape for the wgmma kernel's TMA ring: @gemm takes
// memref<?x?x...> operands; @main calls it on static buffers for uop-sim.
// B stored K x N (read N-major); 2 x 2 tiles of 128 x 128, a partial
// last k-tile (K = 72), row strides (K, N) multiples of 8 at run time.
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @main(%A0: memref<200x72xf16>, %B0: memref<72x136xf16>, %C0: memref<200x136xf32>) {
  %a = memref.cast %A0 : memref<200x72xf16> to memref<?x?xf16>
  %b = memref.cast %B0 : memref<72x136xf16> to memref<?x?xf16>
  %c = memref.cast %C0 : memref<200x136xf32> to memref<?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
  return
}
