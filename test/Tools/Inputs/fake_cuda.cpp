//===- fake_cuda.cpp - a CPU stand-in for libcuda.so.1 and cuBLAS ---------===//
//
// Built by test/Tools/uop-run-fake-gpu.test as libcuda.so.1 and
// libcublas.so.13 and found through LD_LIBRARY_PATH, so uop-run's whole
// path (loading, argument packing, launches, cuBLAS's column-major call,
// the comparison, the timing loop) runs without a GPU. "Device" memory is
// host memory. cuLaunchKernel computes the GEMM from the three memref
// descriptors it is given (allocated ptr, aligned ptr, offset, sizes,
// strides: 7 parameters each), and cublasGemmEx computes the column-major
// product with its op/ld arguments: the check passes only if uop-run packs
// the parameters as MLIR's lowering expects and maps the row-major GEMM onto
// cuBLAS correctly. Element types come from UOP_FAKE_TYPES ("in,out");
// UOP_FAKE_CUDA=noinit or nodevice makes cuInit fail or report no device;
// UOP_FAKE_CUDA=wrong makes the kernel off by one in one element.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/SeededInputs.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace uop::runtime;

namespace {
std::string mode() {
  const char *m = std::getenv("UOP_FAKE_CUDA");
  return m ? m : "";
}

std::string fakeType(int which) {
  const char *t = std::getenv("UOP_FAKE_TYPES");
  std::string s = t ? t : "f32,f32";
  size_t comma = s.find(',');
  return which == 0 ? s.substr(0, comma) : s.substr(comma + 1);
}

float load(const std::string &t, const void *p, int64_t i) {
  if (t == "f32")
    return ((const float *)p)[i];
  uint16_t h = ((const uint16_t *)p)[i];
  return t == "f16" ? f16BitsToF32(h) : bf16BitsToF32(h);
}

void store(const std::string &t, void *p, int64_t i, float v) {
  if (t == "f32")
    ((float *)p)[i] = v;
  else
    ((uint16_t *)p)[i] = t == "f16" ? f32ToF16Bits(v) : f32ToBF16Bits(v);
}

std::string cublasTypeName(int t) {
  return t == 2 ? "f16" : t == 14 ? "bf16" : "f32";
}
} // namespace

extern "C" {
int cuInit(unsigned) { return mode() == "noinit" ? 100 : 0; }
int cuDeviceGetCount(int *n) {
  *n = mode() == "nodevice" ? 0 : 1;
  return 0;
}
int cuDeviceGet(int *d, int) {
  *d = 0;
  return 0;
}
int cuDeviceGetName(char *name, int len, int) {
  std::snprintf(name, len, "fake GPU (test/Tools/Inputs/fake_cuda.cpp)");
  return 0;
}
int cuDeviceGetAttribute(int *v, int, int) {
  *v = 0;
  return 0;
}
int cuDevicePrimaryCtxRetain(void **ctx, int) {
  static int context;
  *ctx = &context;
  return 0;
}
int cuCtxSetCurrent(void *) { return 0; }
int cuCtxSynchronize() { return 0; }
int cuModuleLoadDataEx(void **module, const void *image, unsigned, void *,
                       void **) {
  if (!std::strstr((const char *)image, ".entry"))
    return 218; // CUDA_ERROR_INVALID_PTX
  *module = (void *)image;
  return 0;
}
int cuModuleUnload(void *) { return 0; }
int cuModuleGetFunction(void **fn, void *module, const char *name) {
  std::string entry = std::string(".entry ") + name + "(";
  if (!std::strstr((const char *)module, entry.c_str()))
    return 500; // CUDA_ERROR_NOT_FOUND
  *fn = strdup(name);
  return 0;
}
int cuFuncSetAttribute(void *, int, int) { return 0; }
int cuFuncGetAttribute(int *value, int attribute, void *) {
  *value = attribute == 4 ? 128 : 0; // CU_FUNC_ATTRIBUTE_NUM_REGS
  return 0;
}
int cuLaunchKernel(void *, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                   unsigned by, unsigned bz, unsigned, void *, void **params,
                   void **) {
  if (!gx || !gy || !gz || !bx || !by || !bz || bx * by * bz > 1024)
    return 1; // CUDA_ERROR_INVALID_VALUE
  // Three 2-D memref descriptors: A (M x K), B (K x N, or N x K transposed:
  // its strides say which), C (M x N).
  struct Desc {
    void *ptr;
    int64_t offset, size[2], stride[2];
  } d[3];
  for (int m = 0; m < 3; ++m) {
    void **p = params + 7 * m;
    d[m].ptr = *(void **)p[1]; // the aligned pointer
    d[m].offset = *(int64_t *)p[2];
    for (int i = 0; i < 2; ++i) {
      d[m].size[i] = *(int64_t *)p[3 + i];
      d[m].stride[i] = *(int64_t *)p[5 + i];
    }
  }
  bool transposeB = std::getenv("UOP_FAKE_TRANSPOSE_B") != nullptr;
  std::string in = fakeType(0), out = fakeType(1);
  int64_t M = d[0].size[0], K = d[0].size[1], N = d[2].size[1];
  // Arguments that are not a GEMM's (another kernel's, in another order)
  // would be read or written out of bounds: refuse them. B's orientation is
  // not checked, so a B read the wrong way round gives wrong values.
  if (d[1].size[0] * d[1].size[1] != K * N || d[2].size[0] != M)
    return 1; // CUDA_ERROR_INVALID_VALUE
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      float acc = 0;
      for (int64_t k = 0; k < K; ++k) {
        int64_t bIndex =
            transposeB ? d[1].offset + j * d[1].stride[0] + k * d[1].stride[1]
                       : d[1].offset + k * d[1].stride[0] + j * d[1].stride[1];
        acc += load(in, d[0].ptr,
                    d[0].offset + i * d[0].stride[0] + k * d[0].stride[1]) *
               load(in, d[1].ptr, bIndex);
      }
      if (mode() == "wrong" && i == M - 1 && j == 0)
        acc += 1;
      store(out, d[2].ptr,
            d[2].offset + i * d[2].stride[0] + j * d[2].stride[1], acc);
    }
  return 0;
}
int cuMemAlloc_v2(uint64_t *ptr, size_t bytes) {
  *ptr = (uint64_t)(uintptr_t)std::calloc(bytes ? bytes : 1, 1);
  return *ptr ? 0 : 2; // CUDA_ERROR_OUT_OF_MEMORY
}
int cuMemFree_v2(uint64_t ptr) {
  std::free((void *)(uintptr_t)ptr);
  return 0;
}
int cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n) {
  std::memcpy((void *)(uintptr_t)dst, src, n);
  return 0;
}
int cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n) {
  std::memcpy(dst, (const void *)(uintptr_t)src, n);
  return 0;
}
int cuMemcpyDtoD_v2(uint64_t dst, uint64_t src, size_t n) {
  std::memcpy((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, n);
  return 0;
}
int cuEventCreate(void **e, unsigned) {
  static int event;
  *e = &event;
  return 0;
}
int cuEventDestroy_v2(void *) { return 0; }
int cuEventRecord(void *, void *) { return 0; }
int cuEventSynchronize(void *) { return 0; }
int cuEventElapsedTime(float *ms, void *, void *) {
  *ms = 1.0f;
  return 0;
}
int cuEventElapsedTime_v2(float *ms, void *, void *) {
  *ms = 1.0f;
  return 0;
}
int cuGetErrorString(int r, const char **s) {
  *s = r == 100 ? "no CUDA-capable device is detected (fake)" : "fake error";
  return 0;
}

int cublasCreate_v2(void **handle) {
  static int h;
  *handle = &h;
  return 0;
}
/// Column-major C (m x n, ldc) = op(A) (m x k) * op(B) (k x n).
int cublasGemmEx(void *, int transa, int transb, int m, int n, int k,
                 const void *alpha, const void *a, int aType, int lda,
                 const void *b, int bType, int ldb, const void *beta, void *c,
                 int cType, int ldc, int computeType, int) {
  if (*(const float *)alpha != 1.0f || *(const float *)beta != 0.0f ||
      (computeType != 68 && computeType != 77))
    return 7; // CUBLAS_STATUS_INVALID_VALUE
  std::string at = cublasTypeName(aType), bt = cublasTypeName(bType),
              ct = cublasTypeName(cType);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0;
      for (int l = 0; l < k; ++l) {
        float x =
            load(at, a, transa ? l + (int64_t)i * lda : i + (int64_t)l * lda);
        float y =
            load(bt, b, transb ? j + (int64_t)l * ldb : l + (int64_t)j * ldb);
        acc += x * y;
      }
      store(ct, c, i + (int64_t)j * ldc, acc);
    }
  return 0;
}
}
