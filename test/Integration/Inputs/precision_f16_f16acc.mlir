// Seed 13.8's experiment, the f16 accumulator: the same f16-rounded inputs
// as precision_f16_f32acc.mlir, multiplied by linalg.matmul with an f16
// output, whose semantics round every product and every partial sum to
// f16; the result is extended to f32 C.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<64x512xf32>, %B: memref<512x32xf32>, %C: memref<64x32xf32>) {
  %a = memref.alloc() : memref<64x512xf16>
  %b = memref.alloc() : memref<512x32xf16>
  %c = memref.alloc() : memref<64x32xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<64x512xf32>) outs(%a : memref<64x512xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%B : memref<512x32xf32>) outs(%b : memref<512x32xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%c : memref<64x32xf16>)
  linalg.matmul ins(%a, %b : memref<64x512xf16>, memref<512x32xf16>)
                outs(%c : memref<64x32xf16>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x32xf16>) outs(%C : memref<64x32xf32>) {
  ^bb0(%x: f16, %y: f32):
    %e = arith.extf %x : f16 to f32
    linalg.yield %e : f32
  }
  memref.dealloc %a : memref<64x512xf16>
  memref.dealloc %b : memref<512x32xf16>
  memref.dealloc %c : memref<64x32xf16>
  return
}
