// The seed's smem_gemm (N = 64, T = 16) in CUDA: the peer that
// bench/compile_time/run.py compiles with `nvcc -ptx` next to uop's
// examples/smem_gemm.mlir. Same tiles, same two barriers, same launch:
// grid (4, 4, 1), block (16, 16, 1).
extern "C" __global__ void __launch_bounds__(256)
smem_gemm(const float *__restrict__ A, const float *__restrict__ B,
          float *__restrict__ C) {
  constexpr int N = 64, T = 16;
  __shared__ float sA[T * T];
  __shared__ float sB[T * T];
  int ty = threadIdx.y, tx = threadIdx.x;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  for (int kt = 0; kt < N / T; ++kt) {
    sA[ty * T + tx] = A[row * N + kt * T + tx];
    sB[ty * T + tx] = B[(kt * T + ty) * N + col];
    __syncthreads();  // read-after-write: the whole tile is in shared memory
    for (int k = 0; k < T; ++k)
      acc += sA[ty * T + k] * sB[k * T + tx];
    __syncthreads();  // write-after-read: nobody still reads the tile
  }
  C[row * N + col] = acc;
}
