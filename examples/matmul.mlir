// C = A @ B for 256x256 f32 matrices, written as linalg: what a user hands
// uop. `--uop-compile` tiles it (128x128 block tiles, 8x8 register tiles per
// thread, K steps of 8), stages the A and B tiles in shared memory with two
// buffers each (one barrier per K step), and lowers it to PTX.
//
//   scripts/compile-example.sh sm_90a examples/matmul.mlir
func.func @main(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                %C: memref<256x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<256x256xf32>)
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>)
                outs(%C : memref<256x256xf32>)
  return
}
