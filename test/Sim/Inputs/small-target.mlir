// A target with max_threads 512 (launch-limits.mlir), launching an outlined
// kernel with 1024 threads.
module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_80", ptx = 80, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 512, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @k {
    gpu.func @noop(%out: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @main(%out: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c1024 = arith.constant 1024 : index
    gpu.launch_func @k::@noop blocks in (%c1, %c1, %c1)
        threads in (%c1024, %c1, %c1) args(%out : memref<4xf32>)
    return
  }
}
