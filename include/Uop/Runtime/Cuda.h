//===- Cuda.h - the CUDA driver and cuBLAS, loaded at run time --*- C++ -*-===//
//
// uop-run's access to a GPU: the CUDA driver API (libcuda.so.1) and cuBLAS
// are opened with dlopen when a run needs them, so the runner links and its
// tests run on machines without a GPU or a driver; there it reports "no GPU"
// with its own exit code instead of failing to start. Only <cuda.h>'s types
// are used at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_CUDA_H
#define UOP_RUNTIME_CUDA_H

#include <cuda.h>

#include <string>
#include <vector>

namespace uop::runtime {

/// The driver entry points uop-run calls (cuda.h's prototypes).
struct CudaDriver {
  void *library = nullptr;
  decltype(&::cuInit) init = nullptr;
  decltype(&::cuDeviceGetCount) deviceGetCount = nullptr;
  decltype(&::cuDeviceGet) deviceGet = nullptr;
  decltype(&::cuDeviceGetName) deviceGetName = nullptr;
  decltype(&::cuDeviceGetAttribute) deviceGetAttribute = nullptr;
  decltype(&::cuDevicePrimaryCtxRetain) primaryCtxRetain = nullptr;
  decltype(&::cuCtxSetCurrent) ctxSetCurrent = nullptr;
  decltype(&::cuCtxSynchronize) ctxSynchronize = nullptr;
  decltype(&::cuModuleLoadDataEx) moduleLoadDataEx = nullptr;
  decltype(&::cuModuleUnload) moduleUnload = nullptr;
  decltype(&::cuModuleGetFunction) moduleGetFunction = nullptr;
  decltype(&::cuFuncSetAttribute) funcSetAttribute = nullptr;
  decltype(&::cuFuncGetAttribute) funcGetAttribute = nullptr;
  decltype(&::cuLaunchKernel) launchKernel = nullptr;
  decltype(&::cuMemAlloc) memAlloc = nullptr;
  decltype(&::cuMemFree) memFree = nullptr;
  decltype(&::cuMemcpyHtoD) memcpyHtoD = nullptr;
  decltype(&::cuMemcpyDtoH) memcpyDtoH = nullptr;
  decltype(&::cuMemcpyDtoD) memcpyDtoD = nullptr;
  decltype(&::cuEventCreate) eventCreate = nullptr;
  decltype(&::cuEventDestroy) eventDestroy = nullptr;
  decltype(&::cuEventRecord) eventRecord = nullptr;
  decltype(&::cuEventSynchronize) eventSynchronize = nullptr;
  decltype(&::cuEventElapsedTime) eventElapsedTime = nullptr;
  decltype(&::cuGetErrorString) getErrorString = nullptr;
  /// TMA tensor maps (CUDA 12 drivers and newer); null where the driver
  /// lacks it, which only a run with a tensor-map argument minds.
  decltype(&::cuTensorMapEncodeTiled) tensorMapEncodeTiled = nullptr;
  /// Launches with attributes (thread-block clusters; CUDA 12 drivers and
  /// newer); null where the driver lacks it, which only a launch with
  /// clusters minds.
  decltype(&::cuLaunchKernelEx) launchKernelEx = nullptr;

  CUdevice device = 0;
  CUcontext context = nullptr;
  std::string deviceName;

  /// Opens libcuda.so.1, initialises it and makes device 0's primary
  /// context current (shared with cuBLAS, which uses the runtime API). On
  /// failure returns false with `reason` saying why ("libcuda.so.1 not
  /// found: ...", "cuInit failed: ...", "no CUDA device").
  bool open(std::string &reason);

  /// "<name>: <message>" of a driver result.
  std::string describe(CUresult result) const;
};

/// cuBLAS's GEMM, the referee. Data types and compute types are cuBLAS's
/// enumerator values (library_types.h, cublas_api.h); the ones used are
/// spelled out below so cuBLAS's headers are not needed.
struct Cublas {
  static constexpr int kR32F = 0;                // CUDA_R_32F
  static constexpr int kR16F = 2;                // CUDA_R_16F
  static constexpr int kR16BF = 14;              // CUDA_R_16BF
  static constexpr int kCompute32F = 68;         // CUBLAS_COMPUTE_32F
  static constexpr int kCompute32FFastTF32 = 77; // CUBLAS_COMPUTE_32F_FAST_TF32

  void *library = nullptr;
  void *handle = nullptr;
  std::string libraryName;
  int (*create)(void **) = nullptr;
  int (*destroy)(void *) = nullptr;
  int (*gemmEx)(void *, int, int, int, int, int, const void *, const void *,
                int, int, const void *, int, int, const void *, void *, int,
                int, int, int) = nullptr;
  /// Optional (a loop of gemmEx calls without it).
  int (*gemmStridedBatchedEx)(void *, int, int, int, int, int, const void *,
                              const void *, int, int, long long, const void *,
                              int, int, long long, const void *, void *, int,
                              int, long long, int, int, int) = nullptr;

  Cublas() = default;
  Cublas(const Cublas &) = delete;
  Cublas &operator=(const Cublas &) = delete;
  /// Destroys the handle (the library stays loaded).
  ~Cublas();

  /// Opens libcublas (.so.13, .so.12, .so) and creates a handle.
  bool open(std::string &reason);

  /// Row-major C[M x N] = A * B (A is M x K, or K x M with `transposeA`;
  /// B is K x N, or N x K with `transposeB`), all in device memory with
  /// dense rows, alpha 1, beta 0 (or 1 with `accumulate`: C += A * B).
  /// cuBLAS is column-major: the row-major C is the column-major C^T, so
  /// this computes C^T = B^T * A^T with B as the first operand. Returns the
  /// cuBLAS status (0 on success).
  int gemm(int m, int n, int k, CUdeviceptr a, int aType, bool transposeA,
           CUdeviceptr b, int bType, bool transposeB, CUdeviceptr c,
           int cType, bool accumulate, int computeType);

  /// `batch` such GEMMs, GEMM i on the i-th matrices of A, B and C, each
  /// buffer holding its matrices one after another, but for an A or B
  /// that every GEMM reads (`sharedA`, `sharedB`: a stride of 0)
  /// (cublasGemmStridedBatchedEx, else one gemm call per GEMM). A batch of
  /// 1 is `gemm`.
  int gemmBatched(int batch, int m, int n, int k, CUdeviceptr a, int aType,
                  bool transposeA, CUdeviceptr b, int bType, bool transposeB,
                  CUdeviceptr c, int cType, bool accumulate, int computeType,
                  bool sharedA = false, bool sharedB = false);
};

} // namespace uop::runtime

#endif // UOP_RUNTIME_CUDA_H
