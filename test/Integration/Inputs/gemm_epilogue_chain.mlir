// out = f16(relu((A @ B) * s * 0.5 + biasN[n] + biasM[m])) with f16 inputs,
// M = 100, N = 60, K = 40: an f32 GEMM into a temporary followed by a chain
// of elementwise linalg.generics (a scalar and a constant scale, a bias
// along the columns and one along the rows, a ReLU in place, a truncf),
// with temporaries between them; uop fuses the chain into the GEMM
// kernel's writeback.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<100x40xf16>, %B: memref<40x60xf16>, %s: memref<f32>,
                %biasN: memref<60xf32>, %biasM: memref<100x1xf32>, %out: memref<100x60xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<100x60xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<100x60xf32>)
  linalg.matmul ins(%A, %B : memref<100x40xf16>, memref<40x60xf16>) outs(%t : memref<100x60xf32>)
  %half = arith.constant 0.5 : f32
  %u = memref.alloc() : memref<100x60xf32>
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> ()>, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %s : memref<100x60xf32>, memref<f32>) outs(%u : memref<100x60xf32>) {
  ^bb0(%x: f32, %sc: f32, %y: f32):
    %a = arith.mulf %x, %sc : f32
    %b = arith.mulf %a, %half : f32
    linalg.yield %b : f32
  }
  memref.dealloc %t : memref<100x60xf32>
  %v = memref.alloc() : memref<100x60xf32>
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, 0)>, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%u, %biasN, %biasM : memref<100x60xf32>, memref<60xf32>, memref<100x1xf32>) outs(%v : memref<100x60xf32>) {
  ^bb0(%x: f32, %bn: f32, %bm: f32, %y: f32):
    %a = arith.addf %x, %bn : f32
    %b = arith.addf %a, %bm : f32
    linalg.yield %b : f32
  }
  memref.dealloc %u : memref<100x60xf32>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%v : memref<100x60xf32>) {
  ^bb0(%x: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<100x60xf32>) outs(%out : memref<100x60xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %v : memref<100x60xf32>
  return
}
