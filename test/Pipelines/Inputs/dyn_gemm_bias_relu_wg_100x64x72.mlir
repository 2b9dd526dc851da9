// As dyn_gemm_bias_relu_100x60x70.mlir at 100 x 64 x 72, whose row
// strides suit TMA: D = relu(A * B + bias) in f16 through the wgmma ring.
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %bias: memref<?xf32>, %D: memref<?x?xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf16>
  %n = memref.dim %B, %c1 : memref<?x?xf16>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias : memref<?x?xf32>, memref<?xf32>) outs(%D : memref<?x?xf16>) {
  ^bb0(%c: f32, %b: f32, %d: f16):
    %s = arith.addf %c, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %C : memref<?x?xf32>
  return
}
func.func @main(%A0: memref<100x72xf16>, %B0: memref<72x64xf16>, %bias0: memref<64xf32>, %D0: memref<100x64xf16>) {
  %a = memref.cast %A0 : memref<100x72xf16> to memref<?x?xf16>
  %b = memref.cast %B0 : memref<72x64xf16> to memref<?x?xf16>
  %bias = memref.cast %bias0 : memref<64xf32> to memref<?xf32>
  %d = memref.cast %D0 : memref<100x64xf16> to memref<?x?xf16>
  call @gemm(%a, %b, %bias, %d) : (memref<?x?xf16>, memref<?x?xf16>, memref<?xf32>, memref<?x?xf16>) -> ()
  return
}
