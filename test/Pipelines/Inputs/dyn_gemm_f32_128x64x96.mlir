// A GEMM of dynamic shape in f32 (the CUDA-core kernel) whose row lengths
// are multiples of 4 at run time: its synchronous tile copies test the
// strides and load 16-byte vectors.
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @main(%A0: memref<128x96xf32>, %B0: memref<96x64xf32>, %C0: memref<128x64xf32>) {
  %a = memref.cast %A0 : memref<128x96xf32> to memref<?x?xf32>
  %b = memref.cast %B0 : memref<96x64xf32> to memref<?x?xf32>
  %c = memref.cast %C0 : memref<128x64xf32> to memref<?x?xf32>
  call @gemm(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
