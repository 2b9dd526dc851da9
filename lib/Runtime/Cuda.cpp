//===- Cuda.cpp - the CUDA driver and cuBLAS, loaded at run time ----------===//
//
// dlopen/dlsym of the driver entry points and of cublasCreate/cublasGemmEx,
// and the row-major GEMM through cuBLAS's column-major interface.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/Cuda.h"

#include <dlfcn.h>

using namespace uop::runtime;

/// Looks `name` up in `library` into `fn`; false when it is missing.
template <typename Fn>
static bool lookup(void *library, const char *name, Fn &fn) {
  fn = reinterpret_cast<Fn>(dlsym(library, name));
  return fn != nullptr;
}

std::string CudaDriver::describe(CUresult result) const {
  const char *text = nullptr;
  if (getErrorString && getErrorString(result, &text) == CUDA_SUCCESS && text)
    return std::string(text) + " (CUresult " + std::to_string(result) + ")";
  return "CUresult " + std::to_string(result);
}

bool CudaDriver::open(std::string &reason) {
  library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    reason = std::string("cannot load libcuda.so.1 (no NVIDIA driver): ") +
             (why ? why : "unknown error");
    return false;
  }
  // cuda.h maps many entry points to versioned symbols with macros
  // (cuMemAlloc -> cuMemAlloc_v2, cuEventElapsedTime -> _v2 in CUDA 13):
  // look up the name the macro expands to, whose ABI is the prototype
  // compiled against, then the plain name (cuEventElapsedTime of drivers
  // before CUDA 12.8, same prototype; the memory entry points have had
  // their _v2 since CUDA 3.2, so their old ABI is never picked).
#define UOP_EXPANDED_NAME(name) UOP_STRINGIFY(name)
#define UOP_STRINGIFY(name) #name
  const char *missing = nullptr;
#define UOP_LOOKUP(name, field)                                                \
  if (!lookup(library, UOP_EXPANDED_NAME(name), field) &&                      \
      !lookup(library, #name, field) && !missing)                              \
    missing = #name;
  UOP_LOOKUP(cuInit, init)
  UOP_LOOKUP(cuDeviceGetCount, deviceGetCount)
  UOP_LOOKUP(cuDeviceGet, deviceGet)
  UOP_LOOKUP(cuDeviceGetName, deviceGetName)
  UOP_LOOKUP(cuDeviceGetAttribute, deviceGetAttribute)
  UOP_LOOKUP(cuDevicePrimaryCtxRetain, primaryCtxRetain)
  UOP_LOOKUP(cuCtxSetCurrent, ctxSetCurrent)
  UOP_LOOKUP(cuCtxSynchronize, ctxSynchronize)
  UOP_LOOKUP(cuModuleLoadDataEx, moduleLoadDataEx)
  UOP_LOOKUP(cuModuleUnload, moduleUnload)
  UOP_LOOKUP(cuModuleGetFunction, moduleGetFunction)
  UOP_LOOKUP(cuFuncSetAttribute, funcSetAttribute)
  UOP_LOOKUP(cuFuncGetAttribute, funcGetAttribute)
  UOP_LOOKUP(cuLaunchKernel, launchKernel)
  UOP_LOOKUP(cuMemAlloc, memAlloc)
  UOP_LOOKUP(cuMemFree, memFree)
  UOP_LOOKUP(cuMemcpyHtoD, memcpyHtoD)
  UOP_LOOKUP(cuMemcpyDtoH, memcpyDtoH)
  UOP_LOOKUP(cuMemcpyDtoD, memcpyDtoD)
  UOP_LOOKUP(cuEventCreate, eventCreate)
  UOP_LOOKUP(cuEventDestroy, eventDestroy)
  UOP_LOOKUP(cuEventRecord, eventRecord)
  UOP_LOOKUP(cuEventSynchronize, eventSynchronize)
  UOP_LOOKUP(cuEventElapsedTime, eventElapsedTime)
  UOP_LOOKUP(cuGetErrorString, getErrorString)
#undef UOP_LOOKUP
  // Optional: older drivers run everything but TMA kernels.
  if (!lookup(library, UOP_EXPANDED_NAME(cuTensorMapEncodeTiled),
              tensorMapEncodeTiled))
    lookup(library, "cuTensorMapEncodeTiled", tensorMapEncodeTiled);
  if (!lookup(library, UOP_EXPANDED_NAME(cuLaunchKernelEx), launchKernelEx))
    lookup(library, "cuLaunchKernelEx", launchKernelEx);
#undef UOP_STRINGIFY
#undef UOP_EXPANDED_NAME
  if (missing) {
    reason = std::string("libcuda.so.1 lacks ") + missing;
    return false;
  }
  CUresult r = init(0);
  if (r != CUDA_SUCCESS) {
    reason = "cuInit failed: " + describe(r);
    return false;
  }
  int count = 0;
  r = deviceGetCount(&count);
  if (r != CUDA_SUCCESS || count == 0) {
    reason = r != CUDA_SUCCESS ? "cuDeviceGetCount failed: " + describe(r)
                               : std::string("no CUDA device");
    return false;
  }
  if ((r = deviceGet(&device, 0)) != CUDA_SUCCESS ||
      (r = primaryCtxRetain(&context, device)) != CUDA_SUCCESS ||
      (r = ctxSetCurrent(context)) != CUDA_SUCCESS) {
    reason = "cannot make a context on device 0: " + describe(r);
    return false;
  }
  char name[256] = {0};
  if (deviceGetName(name, sizeof(name) - 1, device) == CUDA_SUCCESS)
    deviceName = name;
  return true;
}

Cublas::~Cublas() {
  if (handle && destroy)
    destroy(handle);
}

bool Cublas::open(std::string &reason) {
  // The toolkit's lib64 is often not on the loader's path: try it last.
  for (const char *name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so",
                           "/usr/local/cuda/lib64/libcublas.so.13",
                           "/usr/local/cuda/lib64/libcublas.so.12"}) {
    library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library) {
      libraryName = name;
      break;
    }
  }
  if (!library) {
    reason = "cannot load libcublas.so.13, .so.12 or .so (also tried "
             "/usr/local/cuda/lib64)";
    return false;
  }
  // cublas_v2.h maps cublasCreate to the _v2 symbol; cublasGemmEx has one.
  if (!lookup(library, "cublasCreate_v2", create) ||
      !lookup(library, "cublasGemmEx", gemmEx)) {
    reason = libraryName + " lacks cublasCreate_v2 or cublasGemmEx";
    return false;
  }
  // Optional: without it the handle lives as long as the process.
  lookup(library, "cublasDestroy_v2", destroy);
  // Optional: without it a batch is one call per GEMM.
  lookup(library, "cublasGemmStridedBatchedEx", gemmStridedBatchedEx);
  int status = create(&handle);
  if (status != 0) {
    reason = "cublasCreate failed with status " + std::to_string(status);
    return false;
  }
  return true;
}

int Cublas::gemm(int m, int n, int k, CUdeviceptr a, int aType,
                 bool transposeA, CUdeviceptr b, int bType, bool transposeB,
                 CUdeviceptr c, int cType, bool accumulate, int computeType) {
  // Column-major: C^T (n x m, ld n) = op(B^T) (n x k) * op(A^T) (k x m).
  // B row-major K x N is column-major N x K with ld N, used as is; B
  // row-major N x K (transposed) is column-major K x N with ld K, used
  // transposed. Likewise A row-major M x K is column-major K x M with ld
  // K, used as is; A row-major K x M is column-major M x K with ld M, used
  // transposed.
  const int opN = 0, opT = 1;
  const float one = 1.0f, zero = 0.0f;
  const int algoDefault = -1; // CUBLAS_GEMM_DEFAULT
  // cuBLAS wants leading dimensions of at least 1, also for an empty
  // matrix.
  auto ld = [](int x) { return x > 1 ? x : 1; };
  return gemmEx(handle, transposeB ? opT : opN, transposeA ? opT : opN, n, m,
                k, &one, reinterpret_cast<const void *>(b), bType,
                ld(transposeB ? k : n), reinterpret_cast<const void *>(a),
                aType, ld(transposeA ? m : k), accumulate ? &one : &zero,
                reinterpret_cast<void *>(c), cType, ld(n), computeType,
                algoDefault);
}

int Cublas::gemmBatched(int batch, int m, int n, int k, CUdeviceptr a,
                        int aType, bool transposeA, CUdeviceptr b, int bType,
                        bool transposeB, CUdeviceptr c, int cType,
                        bool accumulate, int computeType, bool sharedA,
                        bool sharedB) {
  if (batch == 1)
    return gemm(m, n, k, a, aType, transposeA, b, bType, transposeB, c, cType,
                accumulate, computeType);
  auto bytes = [](int type) { return type == kR32F ? 4 : 2; };
  // The matrices' sizes, in elements (0 for a matrix every GEMM reads).
  long long strideA = sharedA ? 0 : (long long)m * k,
            strideB = sharedB ? 0 : (long long)k * n,
            strideC = (long long)m * n;
  if (!gemmStridedBatchedEx) {
    for (int i = 0; i < batch; ++i)
      if (int status =
              gemm(m, n, k, a + i * strideA * bytes(aType), aType, transposeA,
                   b + i * strideB * bytes(bType), bType, transposeB,
                   c + i * strideC * bytes(cType), cType, accumulate,
                   computeType))
        return status;
    return 0;
  }
  // As gemm, with B first (C^T = B^T A^T), each operand strided by its
  // matrix.
  const int opN = 0, opT = 1;
  const float one = 1.0f, zero = 0.0f;
  const int algoDefault = -1; // CUBLAS_GEMM_DEFAULT
  auto ld = [](int x) { return x > 1 ? x : 1; };
  return gemmStridedBatchedEx(
      handle, transposeB ? opT : opN, transposeA ? opT : opN, n, m, k, &one,
      reinterpret_cast<const void *>(b), bType, ld(transposeB ? k : n),
      strideB, reinterpret_cast<const void *>(a), aType,
      ld(transposeA ? m : k), strideA, accumulate ? &one : &zero,
      reinterpret_cast<void *>(c), cType, ld(n), strideC, batch, computeType,
      algoDefault);
}
