//===- native_gemm.cpp - the native baseline of bench/sim_gemm ------------===//
//
// A plain triple-loop C = A @ B of N x N f32 matrices (no tiling, no
// intrinsics), compiled with the host compiler at -O2: the yardstick the
// simulator's speed is measured against. Prints the median of REPS runs in
// seconds.
//
//   native_gemm N REPS
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 256;
  int reps = argc > 2 ? std::atoi(argv[2]) : 5;
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = (float)((i * 7919) % 2000) / 1000.0f - 1.0f;
    b[i] = (float)((i * 104729) % 2000) / 1000.0f - 1.0f;
  }
  std::vector<double> times;
  double checksum = 0;
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        float acc = 0.0f;
        for (int k = 0; k < n; ++k)
          acc += a[i * n + k] * b[k * n + j];
        c[i * n + j] = acc;
      }
    auto t1 = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
    checksum += c[(r * 37) % (n * n)];
  }
  std::sort(times.begin(), times.end());
  // The checksum keeps the compiler from dropping the loops.
  std::printf("%.6f %g\n", times[times.size() / 2], checksum);
  return 0;
}
