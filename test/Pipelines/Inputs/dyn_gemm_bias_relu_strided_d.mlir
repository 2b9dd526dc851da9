// A GEMM of dynamic K whose C is a static temporary; the fused epilogue
// stores D, a strided view whose row stride and start are known only at
// run time (a host argument, but not of the identity layout).
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @gemm(%A: memref<100x?xf16>, %B: memref<64x?xf16>, %bias: memref<64xf32>, %D: memref<100x64xf16, strided<[?, 1], offset: ?>>) {
  %C = memref.alloc() : memref<100x64xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<100x?xf16>, memref<64x?xf16>) outs(%C : memref<100x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias : memref<100x64xf32>, memref<64xf32>) outs(%D : memref<100x64xf16, strided<[?, 1], offset: ?>>) {
  ^bb0(%c: f32, %b: f32, %d: f16):
    %s = arith.addf %c, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %C : memref<100x64xf32>
  return
}
