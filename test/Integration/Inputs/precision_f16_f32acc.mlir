// Seed 13.8's experiment, the kernel side: f32 data A (64 x 512) and B
// (512 x 32) rounded to f16, multiplied by uop's GEMM (f16 inputs, f32
// accumulation) into f32 C. The rounding runs on the host (an elementwise
// generic uop-tile leaves alone at emit=kernel); the GEMM is the kernel.
#id = affine_map<(m, n) -> (m, n)>
func.func @main(%A: memref<64x512xf32>, %B: memref<512x32xf32>, %C: memref<64x32xf32>) {
  %a = memref.alloc() : memref<64x512xf16>
  %b = memref.alloc() : memref<512x32xf16>
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
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  linalg.matmul ins(%a, %b : memref<64x512xf16>, memref<512x32xf16>)
                outs(%C : memref<64x32xf32>)
  memref.dealloc %a : memref<64x512xf16>
  memref.dealloc %b : memref<512x32xf16>
  return
}
