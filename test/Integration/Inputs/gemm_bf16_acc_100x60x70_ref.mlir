// gemm_bf16_acc_100x60x70.mlir as uop computes it: the old C extended to
// f32, the product accumulated in f32, one rounding back to bf16.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<100x70xbf16>, %B: memref<70x60xbf16>, %C: memref<100x60xbf16>) {
  %acc = memref.alloc() : memref<100x60xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<100x60xbf16>) outs(%acc : memref<100x60xf32>) {
  ^bb0(%x: bf16, %y: f32):
    %e = arith.extf %x : bf16 to f32
    linalg.yield %e : f32
  }
  linalg.matmul ins(%A, %B : memref<100x70xbf16>, memref<70x60xbf16>)
                outs(%acc : memref<100x60xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<100x60xf32>) outs(%C : memref<100x60xbf16>) {
  ^bb0(%x: f32, %y: bf16):
    %r = arith.truncf %x : f32 to bf16
    linalg.yield %r : bf16
  }
  memref.dealloc %acc : memref<100x60xf32>
  return
}
