// An f16 GEMM in a module compiled for a hypothetical chip whose newest
// tensor cores are WMMA (no mma.sync).
module attributes {uop.target = #uop.target<chip = "sm_70", ptx = 60, tensor_core = wmma, max_static_shared = 49152, max_shared = 98304, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @main(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
    linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>)
                  outs(%C : memref<64x64xf32>)
    return
  }
}
