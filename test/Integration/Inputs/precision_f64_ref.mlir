// Seed 13.8's experiment, the reference: the f32 data A and B (not
// rounded to f16) multiplied in f64, the result rounded to f32 C.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<64x512xf32>, %B: memref<512x32xf32>, %C: memref<64x32xf32>) {
  %a = memref.alloc() : memref<64x512xf64>
  %b = memref.alloc() : memref<512x32xf64>
  %c = memref.alloc() : memref<64x32xf64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<64x512xf32>) outs(%a : memref<64x512xf64>) {
  ^bb0(%x: f32, %y: f64):
    %e = arith.extf %x : f32 to f64
    linalg.yield %e : f64
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%B : memref<512x32xf32>) outs(%b : memref<512x32xf64>) {
  ^bb0(%x: f32, %y: f64):
    %e = arith.extf %x : f32 to f64
    linalg.yield %e : f64
  }
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%c : memref<64x32xf64>)
  linalg.matmul ins(%a, %b : memref<64x512xf64>, memref<512x32xf64>)
                outs(%c : memref<64x32xf64>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x32xf64>) outs(%C : memref<64x32xf32>) {
  ^bb0(%x: f64, %y: f32):
    %r = arith.truncf %x : f64 to f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<64x512xf64>
  memref.dealloc %b : memref<512x32xf64>
  memref.dealloc %c : memref<64x32xf64>
  return
}
