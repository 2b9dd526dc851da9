// The reference of tma_negate.mlir: D = -A.
func.func @main(%A: memref<100x72xf16>, %D: memref<100x72xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<100x72xf16>) outs(%D : memref<100x72xf16>) {
  ^bb0(%a: f16, %d: f16):
    %n = arith.negf %a : f16
    linalg.yield %n : f16
  }
  return
}
