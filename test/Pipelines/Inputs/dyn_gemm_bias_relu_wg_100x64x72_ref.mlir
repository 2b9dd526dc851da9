// The reference of dyn_gemm_bias_relu_wg_100x64x72.mlir: the same GEMM on static shapes.
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @main(%A: memref<100x72xf16>, %B: memref<72x64xf16>, %bias: memref<64xf32>, %D: memref<100x64xf16>) {
  %C = memref.alloc() : memref<100x64xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x64xf32>)
  linalg.matmul ins(%A, %B : memref<100x72xf16>, memref<72x64xf16>) outs(%C : memref<100x64xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias : memref<100x64xf32>, memref<64xf32>) outs(%D : memref<100x64xf16>) {
  ^bb0(%c: f32, %b: f32, %d: f16):
    %s = arith.addf %c, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %C : memref<100x64xf32>
  return
}
