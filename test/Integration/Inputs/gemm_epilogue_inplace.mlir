// C += A @ B (bf16 inputs, C a function argument accumulated into, no fill)
// followed by an in-place consumer of C: C = max(C, 0) + D. The consumer is
// fused (C is written once, by the kernel); C is not a temporary, so it stays.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<50x24xbf16>, %B: memref<24x40xbf16>, %D: memref<50x40xf32>, %C: memref<50x40xf32>) {
  linalg.matmul ins(%A, %B : memref<50x24xbf16>, memref<24x40xbf16>) outs(%C : memref<50x40xf32>)
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%D : memref<50x40xf32>) outs(%C : memref<50x40xf32>) {
  ^bb0(%d: f32, %x: f32):
    %r = arith.maximumf %x, %zero : f32
    %s = arith.addf %r, %d : f32
    linalg.yield %s : f32
  }
  return
}
