// The f16-output GEMM of gemm_f16_out_200x72x136.mlir as uop computes it,
// written in linalg: the product into an f32 temporary, then one rounding
// to f16 per element (an elementwise linalg.generic, which uop fuses into
// the GEMM kernel's writeback).
func.func @main(%A: memref<200x136xf16>, %B: memref<136x72xf16>, %C: memref<200x72xf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<200x72xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<200x72xf32>)
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x72xf16>)
                outs(%acc : memref<200x72xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>,
                                   affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<200x72xf32>) outs(%C : memref<200x72xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<200x72xf32>
  return
}
