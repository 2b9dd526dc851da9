// The reference of dyn_batch_gemm_f16_nk_bias_relu.mlir: the same GEMMs
// and epilogue on static shapes, unfused (the consumer runs on the f32
// products).
#id = affine_map<(b, m, n) -> (b, m, n)>
#bias = affine_map<(b, m, n) -> (b, n)>
#bmk = affine_map<(b, m, n, k) -> (b, m, k)>
#bnk = affine_map<(b, m, n, k) -> (b, n, k)>
#bmn = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @main(%A: memref<2x100x72xf16>, %B: memref<2x64x72xf16>, %bias: memref<2x64xf32>, %D: memref<2x100x64xf16>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<2x100x64xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<2x100x64xf32>)
  linalg.batch_matmul indexing_maps = [#bmk, #bnk, #bmn]
      ins(%A, %B : memref<2x100x72xf16>, memref<2x64x72xf16>) outs(%C : memref<2x100x64xf32>)
  linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %bias : memref<2x100x64xf32>, memref<2x64xf32>) outs(%D : memref<2x100x64xf16>) {
  ^bb0(%c: f32, %bi: f32, %d: f16):
    %s = arith.addf %c, %bi : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %C : memref<2x100x64xf32>
  return
}
func.func @unaligned(%A: memref<3x100x70xf16>, %B: memref<3x60x70xf16>, %bias: memref<3x60xf32>, %D: memref<3x100x60xf16>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<3x100x60xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<3x100x60xf32>)
  linalg.batch_matmul indexing_maps = [#bmk, #bnk, #bmn]
      ins(%A, %B : memref<3x100x70xf16>, memref<3x60x70xf16>) outs(%C : memref<3x100x60xf32>)
  linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %bias : memref<3x100x60xf32>, memref<3x60xf32>) outs(%D : memref<3x100x60xf16>) {
  ^bb0(%c: f32, %bi: f32, %d: f16):
    %s = arith.addf %c, %bi : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %C : memref<3x100x60xf32>
  return
}
