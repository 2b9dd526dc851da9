// A 128 x 128 x 1024 f16 GEMM (B N x K) for a hypothetical sm_100a with
// 96 KiB of shared memory per block: room for 2 stages of the TMA ring.
module attributes {uop.target = #uop.target<chip = "sm_100a", ptx = 86, tensor_core = tcgen05, max_static_shared = 49152, max_shared = 98304, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @main(%A: memref<128x1024xf16>, %B: memref<128x1024xf16>, %C: memref<128x128xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%C : memref<128x128xf32>)
    linalg.matmul
        indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                         affine_map<(m, n, k) -> (n, k)>,
                         affine_map<(m, n, k) -> (m, n)>]
        ins(%A, %B : memref<128x1024xf16>, memref<128x1024xf16>)
        outs(%C : memref<128x128xf32>)
    return
  }
}
