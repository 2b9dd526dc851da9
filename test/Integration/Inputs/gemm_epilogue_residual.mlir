// E = f16(A @ B + E): an f32 temporary and a consumer that reads its own
// output's old value (a residual add into E); fused, the kernel loads E at
// the element it then stores.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<50x24xf16>, %B: memref<24x40xf16>, %E: memref<50x40xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<50x40xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<50x40xf32>)
  linalg.matmul ins(%A, %B : memref<50x24xf16>, memref<24x40xf16>) outs(%t : memref<50x40xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<50x40xf32>) outs(%E : memref<50x40xf16>) {
  ^bb0(%x: f32, %e: f16):
    %ee = arith.extf %e : f16 to f32
    %s = arith.addf %x, %ee : f32
    %h = arith.truncf %s : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %t : memref<50x40xf32>
  return
}
