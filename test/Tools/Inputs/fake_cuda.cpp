//===- fake_cuda.cpp - a CPU stand-in for libcuda.so.1 and cuBLAS ---------===//
//
// Built by test/Tools/uop-run-fake-gpu.test as libcuda.so.1 and
// libcublas.so.13 and found through LD_LIBRARY_PATH, so uop-run's whole
// path (loading, argument packing, launches, cuBLAS's column-major call,
// the comparison, the timing loop) runs without a GPU. "Device" memory is
// host memory. cuLaunchKernel computes the GEMM from the three memref
// descriptors it is given (allocated ptr, aligned ptr, offset, sizes,
// strides: 7 parameters each, found in the PTX entry by their two pointer
// parameters, scalars and tensor maps between and after them skipped;
// UOP_FAKE_TRANSPOSE_A / _B read A as K x M /
// B as N x K, UOP_FAKE_ACCUMULATE takes C first and adds to it), and
// cublasGemmEx computes the column-major product with its op/ld arguments
// and beta (0 or 1), and refuses the type combinations cuBLAS has not (A
// and B of one type, C of theirs or f32): the check passes only if uop-run packs
// the parameters as MLIR's lowering expects and maps the row-major GEMM onto
// cuBLAS correctly. Element types come from UOP_FAKE_TYPES ("in,out");
// UOP_FAKE_CUDA=noinit or nodevice makes cuInit fail or report no device;
// UOP_FAKE_CUDA=wrong makes the kernel off by one in one element.
// UOP_FAKE_EPILOGUE=reluS (relu2, relu1000, relu0.001) makes the kernel
// store relu(S * A * B), a GEMM with that fused epilogue
// (test/Tools/Inputs/gemm_scale_relu_*.mlir), UOP_FAKE_EPILOGUE=squareC
// (abs) makes it store (A * B + C)^2 (|A * B|; C defaults to 0:
// gemm_square_f32_96x80x64.mlir, epilogues not monotonic in the
// product), UOP_FAKE_EPILOGUE=biasrelu relu(A * B + bias) with the bias
// the entry's first 1-D descriptor (N f32 values; the entry's descriptor
// ranks in order given by UOP_FAKE_RANKS, "2212": A, B, bias, C);
// UOP_FAKE_SHIFT=X adds X to
// every element of the product first (as another summation order may),
// UOP_FAKE_CUDA=wrongproduct 1 to one element of it.
//
// Batches: with UOP_FAKE_BATCH the descriptors are 3-D (two pointers,
// then seven 64-bit integers), and a launch of grid depth Z computes GEMM
// z of the batch (matrix z of each descriptor) for each z < Z; a launch
// over more GEMMs than the descriptors hold fails. UOP_FAKE_BATCH may give
// each descriptor's rank in the entry's order instead ("323": the second
// a 2-D matrix that every GEMM of the batch reads). With UOP_FAKE_BATCH_LOOP
// as well, a launch computes every GEMM its descriptors hold, whatever its
// grid depth: the kernel of persistent blocks, which loop over the batch's
// tiles (a launch along z then fails: that kernel has none).
// cublasGemmStridedBatchedEx computes each GEMM of its batch as
// cublasGemmEx does, at its strides.
//
// Clusters: cuLaunchKernelEx prints the cluster dimension it is given and
// runs the launch as cuLaunchKernel does.
//
// Split K: a kernel whose PTX entry has one 2-D memref descriptor is
// the fill of C that runs before a split-K GEMM: it stores zeros (the
// value `uop-run --gemm` fills C with). A GEMM launched with a grid depth
// above 1 (one z per K slice, each adding its partial product atomically)
// adds the whole product to C once instead of storing it: a runner that
// skipped the fill, or ran it after the GEMM, fails the check
// (UOP_FAKE_CUDA=nofill skips it here, to show that).
//
// TMA: cuTensorMapEncodeTiled writes its arguments into the 128-byte map
// (UOP_FAKE_CUDA=tmafail makes it fail). With UOP_FAKE_TENSOR_MAPS=i,j,...
// the kernel computes no GEMM: it prints the tensor map that each of
// parameters i, j, ... points to, naming the global address as "buffer N +
// bytes" (N counts the allocations in order), so a test sees that the
// runner encoded each map over the right buffer and passed its device copy.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/SeededInputs.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

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

/// Every "device" allocation, in order, and its size.
std::vector<std::pair<uintptr_t, size_t>> &allocations() {
  static std::vector<std::pair<uintptr_t, size_t>> list;
  return list;
}

/// The allocation `address` is in (its position in allocations()), or
/// the number of allocations for an unknown address.
size_t allocationOf(uintptr_t address) {
  const auto &list = allocations();
  for (size_t i = 0; i < list.size(); ++i)
    if (address >= list[i].first && address < list[i].first + list[i].second)
      return i;
  return list.size();
}

/// "buffer N + B" for an address inside allocation N.
std::string describeAddress(uintptr_t address) {
  const auto &list = allocations();
  for (size_t i = 0; i < list.size(); ++i)
    if (address >= list[i].first && address < list[i].first + list[i].second)
      return "buffer " + std::to_string(i) + " + " +
             std::to_string(address - list[i].first);
  return "an unknown address";
}

/// The 16 words a fake tensor map holds.
enum MapWord : int { kMagic, kAddress, kKinds, kDims, kStrides = 8, kBox = 12 };
const uint64_t kMapMagic = 0x7e6504a9u;

/// Prints the tensor map at `map` as the kernel of UOP_FAKE_TENSOR_MAPS
/// sees it.
void printTensorMap(int param, const uint64_t *map) {
  if (map[kMagic] != kMapMagic) {
    std::printf("fake kernel: parameter %d: not a tensor map\n", param);
    return;
  }
  uint64_t kinds = map[kKinds];
  unsigned rank = (kinds >> 8) & 0xff;
  auto list = [&](int first, unsigned n, bool packed) {
    std::string text = "[";
    for (unsigned i = 0; i < n; ++i) {
      uint64_t v = packed ? (map[first + i / 4] >> (16 * (i % 4))) & 0xffff
                          : map[first + i];
      text += (i ? ", " : "") + std::to_string(v);
    }
    return text + "]";
  };
  std::printf("fake kernel: parameter %d: tensor map at %s of %s: type %u, "
              "rank %u, dims %s, strides %s, box %s, interleave %u, "
              "swizzle %u, l2 promotion %u, oob fill %u\n",
              param, describeAddress((uintptr_t)map).c_str(),
              describeAddress((uintptr_t)map[kAddress]).c_str(),
              (unsigned)(kinds & 0xff), rank, list(kDims, rank, false).c_str(),
              list(kStrides, rank - 1, false).c_str(),
              list(kBox, rank, true).c_str(), (unsigned)((kinds >> 16) & 0xff),
              (unsigned)((kinds >> 24) & 0xff),
              (unsigned)((kinds >> 32) & 0xff),
              (unsigned)((kinds >> 40) & 0xff));
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
/// Every attribute is 0 but the shared memory a block may opt into
/// (CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN), which
/// UOP_FAKE_SHARED_OPTIN gives where set.
int cuDeviceGetAttribute(int *v, int attribute, int) {
  const char *optin = std::getenv("UOP_FAKE_SHARED_OPTIN");
  *v = attribute == 97 && optin ? std::atoi(optin) : 0;
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
/// A kernel handle: the entry's name and how many parameters it takes.
struct FakeFunction {
  std::string name;
  int params = 0;
  /// The parameters that start a 2-D memref descriptor (two pointers, then
  /// five 64-bit integers; 3-D with UOP_FAKE_BATCH: seven), in order: a
  /// kernel may take scalars between them (host values it captured) and
  /// tensor maps after them.
  std::vector<int> descriptors;
  /// Their ranks.
  std::vector<int> ranks;
};

bool batched() { return std::getenv("UOP_FAKE_BATCH") != nullptr; }

/// The rank of the entry's descriptor `i`: the i-th digit of
/// UOP_FAKE_RANKS where set (1 to 3); else 2, or 3 with UOP_FAKE_BATCH, or
/// the i-th digit of UOP_FAKE_BATCH where that is a string of ranks.
int descriptorRank(size_t i) {
  if (const char *r = std::getenv("UOP_FAKE_RANKS"))
    return i < std::strlen(r) && r[i] >= '1' && r[i] <= '3' ? r[i] - '0' : 2;
  const char *v = std::getenv("UOP_FAKE_BATCH");
  if (!v)
    return 2;
  if (std::strlen(v) > 1 && i < std::strlen(v) && (v[i] == '2' || v[i] == '3'))
    return v[i] - '0';
  return 3;
}

int cuModuleGetFunction(void **fn, void *module, const char *name) {
  std::string entry = std::string(".entry ") + name + "(";
  const char *at = std::strstr((const char *)module, entry.c_str());
  if (!at)
    return 500; // CUDA_ERROR_NOT_FOUND
  auto *f = new FakeFunction{name, 0, {}};
  const char *end = std::strchr(at, ')');
  std::vector<bool> pointer;
  for (const char *p = at; (p = std::strstr(p, ".param")) && (!end || p < end);
       p += 6) {
    ++f->params;
    const char *next = std::strstr(p + 6, ".param");
    const char *ptr = std::strstr(p + 6, ".ptr");
    pointer.push_back(ptr && (!next || ptr < next) && (!end || ptr < end));
  }
  for (size_t i = 0; i < pointer.size(); ++i) {
    int rank = descriptorRank(f->descriptors.size());
    size_t words = 3 + 2 * rank;
    if (i + words <= pointer.size() && pointer[i] && pointer[i + 1] &&
        std::none_of(pointer.begin() + i + 2, pointer.begin() + i + words,
                     [](bool b) { return b; })) {
      f->descriptors.push_back((int)i);
      f->ranks.push_back(rank);
    }
  }
  *fn = f;
  return 0;
}
int cuFuncSetAttribute(void *, int, int) { return 0; }
int cuFuncGetAttribute(int *value, int attribute, void *) {
  *value = attribute == 4 ? 128 : 0; // CU_FUNC_ATTRIBUTE_NUM_REGS
  return 0;
}
/// A 2-D memref descriptor as the fake kernel reads it.
struct Desc {
  void *ptr;
  int64_t offset, size[2], stride[2];
};
/// A 1-D one: the bias of UOP_FAKE_EPILOGUE=biasrelu.
struct Vector {
  void *ptr = nullptr;
  int64_t offset = 0, size = 0, stride = 0;
};

/// The fake kernel on three 2-D descriptors, A (M x K), B (K x N, or N x K
/// transposed: its strides say which) and C (M x N), or C alone, the fill
/// of a split-K GEMM (`descs` 1); `splitK`: a launch of several K slices;
/// `bias`: the entry's first 1-D descriptor, if any.
int runFakeKernel(const FakeFunction &f, const Desc *d, int descs,
                  bool splitK, const Vector &bias);

int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz,
                   unsigned bx, unsigned by, unsigned bz, unsigned, void *,
                   void **params, void **) {
  if (!gx || !gy || !gz || !bx || !by || !bz || bx * by * bz > 1024)
    return 1; // CUDA_ERROR_INVALID_VALUE
  const FakeFunction &f = *(const FakeFunction *)fn;
  if (const char *maps = std::getenv("UOP_FAKE_TENSOR_MAPS")) {
    for (const char *p = maps; *p;) {
      int param = std::atoi(p);
      printTensorMap(param, *(const uint64_t *const *)params[param]);
      p = std::strchr(p, ',');
      if (!p)
        break;
      ++p;
    }
    return 0;
  }
  // The matrices (2-D or 3-D descriptors) and a bias (the first 1-D one).
  std::vector<int> matrices;
  Vector bias;
  for (size_t i = 0; i < f.descriptors.size(); ++i) {
    if (f.ranks[i] >= 2) {
      matrices.push_back((int)i);
      continue;
    }
    if (bias.ptr)
      continue;
    void **p = params + f.descriptors[i];
    bias = {*(void **)p[1], *(int64_t *)p[2], *(int64_t *)p[3],
            *(int64_t *)p[4]};
  }
  Desc d[3];
  int descs = matrices.size() == 1 ? 1 : 3;
  if ((int)matrices.size() < descs)
    return 1; // CUDA_ERROR_INVALID_VALUE
  // A batch's 3-D descriptors: matrix z of each is GEMM z's (a 2-D one
  // the same matrix for every z).
  int64_t batch[3] = {1, 1, 1}, batchStride[3] = {0, 0, 0};
  for (int m = 0; m < descs; ++m) {
    int rank = f.ranks[matrices[m]], first = rank - 2;
    void **p = params + f.descriptors[matrices[m]];
    d[m].ptr = *(void **)p[1]; // the aligned pointer
    d[m].offset = *(int64_t *)p[2];
    for (int i = 0; i < 2; ++i) {
      d[m].size[i] = *(int64_t *)p[3 + first + i];
      d[m].stride[i] = *(int64_t *)p[3 + rank + first + i];
    }
    if (rank == 3) {
      batch[m] = *(int64_t *)p[3];
      batchStride[m] = *(int64_t *)p[3 + rank];
    } else {
      batch[m] = INT64_MAX;
    }
  }
  if (!batched())
    return runFakeKernel(f, d, descs, /*splitK=*/gz > 1, bias);
  // Grid z runs the batch's GEMMs (no split of K), or the kernel loops
  // over all of them.
  unsigned gemms = gz;
  if (std::getenv("UOP_FAKE_BATCH_LOOP")) {
    if (gz != 1)
      return 1; // CUDA_ERROR_INVALID_VALUE
    int64_t held = INT64_MAX;
    for (int m = 0; m < descs; ++m)
      held = std::min(held, batch[m]);
    gemms = held == INT64_MAX ? 1 : (unsigned)held;
  }
  Desc whole[3] = {d[0], d[1], d[2]};
  for (unsigned z = 0; z < gemms; ++z) {
    for (int m = 0; m < descs; ++m) {
      if (batch[m] <= (int64_t)z)
        return 1; // CUDA_ERROR_INVALID_VALUE
      d[m].offset = whole[m].offset + z * batchStride[m];
    }
    if (int r = runFakeKernel(f, d, descs, /*splitK=*/false, bias))
      return r;
  }
  return 0;
}

int runFakeKernel(const FakeFunction &f, const Desc *given, int descs,
                  bool splitK, const Vector &bias) {
  // (Put in order below: the caller's stay as they are for its next GEMM.)
  Desc d[3];
  std::copy(given, given + descs, d);
  std::string in = fakeType(0), out = fakeType(1);
  if (descs == 1) {
    std::printf("fake: %s fills C (%lld x %lld) with zeros\n", f.name.c_str(),
                (long long)d[0].size[0], (long long)d[0].size[1]);
    if (mode() == "nofill")
      return 0;
    for (int64_t i = 0; i < d[0].size[0]; ++i)
      for (int64_t j = 0; j < d[0].size[1]; ++j)
        store(out, d[0].ptr,
              d[0].offset + i * d[0].stride[0] + j * d[0].stride[1], 0.0f);
    return 0;
  }
  // A kernel takes its arguments in the order its body first uses them,
  // which need not be the host function's (uop-run binds them through the
  // launch JSON): C comes last, and A is the operand with C's M rows.
  // UOP_FAKE_TRANSPOSE_A: A is stored K x M; UOP_FAKE_ACCUMULATE: the
  // kernel takes C first and adds the product to it (a GEMM compiled
  // without a fill of C), or with the value "overwrite" stores the product
  // over it (a wrong kernel).
  bool transposeA = std::getenv("UOP_FAKE_TRANSPOSE_A") != nullptr;
  bool transposeB = std::getenv("UOP_FAKE_TRANSPOSE_B") != nullptr;
  const char *accumulateMode = std::getenv("UOP_FAKE_ACCUMULATE");
  bool accumulate = accumulateMode != nullptr;
  bool overwrite = accumulate && std::string(accumulateMode) == "overwrite";
  auto hasDim = [](const Desc &x, int64_t n) {
    return x.size[0] == n || x.size[1] == n;
  };
  auto rows = [&](const Desc &x) { return x.size[transposeA ? 1 : 0]; };
  // A kernel that accumulates reads C first, to start from it: (C, A, B).
  if (accumulate)
    std::rotate(d, d + 1, d + 3);
  if (rows(d[0]) != d[2].size[0] && rows(d[1]) == d[2].size[0] &&
      hasDim(d[0], d[2].size[1]))
    std::swap(d[0], d[1]);
  // Sizes that are a GEMM's: A M x K, B of K x N elements, C M x N.
  auto fits = [&](const Desc *x) {
    int64_t m = rows(x[0]), k = x[0].size[transposeA ? 0 : 1];
    return x[1].size[0] * x[1].size[1] == k * x[2].size[1] &&
           x[2].size[0] == m;
  };
  // A batch's kernel may use them in another order (C first: its TMA
  // loads read A and B through the tensor maps alone), which sizes cannot
  // tell apart where the matrices are square: they are taken in the order
  // uop-run allocated them in, the host function's (A, B, C). (Only for a
  // batch: a single GEMM's kernel takes them in its order, as above.)
  if (batched() && descs == 3)
    std::sort(d, d + 3, [](const Desc &x, const Desc &y) {
      return allocationOf((uintptr_t)x.ptr) < allocationOf((uintptr_t)y.ptr);
    });
  int64_t M = rows(d[0]), K = d[0].size[transposeA ? 0 : 1], N = d[2].size[1];
  // Arguments that are not a GEMM's (another kernel's, in another order)
  // would be read or written out of bounds: refuse them. B's orientation is
  // not checked, so a B read the wrong way round gives wrong values.
  if (!fits(d))
    return 1; // CUDA_ERROR_INVALID_VALUE
  const char *epilogueMode = std::getenv("UOP_FAKE_EPILOGUE");
  std::string epilogue = epilogueMode ? epilogueMode : "";
  // A bias of N f32 values, read at its stride.
  if (epilogue == "biasrelu" && (!bias.ptr || bias.size != N))
    return 1; // CUDA_ERROR_INVALID_VALUE
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      float acc = 0;
      for (int64_t k = 0; k < K; ++k) {
        int64_t bIndex =
            transposeB ? d[1].offset + j * d[1].stride[0] + k * d[1].stride[1]
                       : d[1].offset + k * d[1].stride[0] + j * d[1].stride[1];
        int64_t aIndex =
            transposeA ? d[0].offset + k * d[0].stride[0] + i * d[0].stride[1]
                       : d[0].offset + i * d[0].stride[0] + k * d[0].stride[1];
        acc += load(in, d[0].ptr, aIndex) * load(in, d[1].ptr, bIndex);
      }
      if (const char *shift = std::getenv("UOP_FAKE_SHIFT"))
        acc += (float)std::atof(shift);
      if (mode() == "wrongproduct" && i == M - 1 && j == 0)
        acc += 1;
      if (epilogue.rfind("relu", 0) == 0) {
        acc = std::max((float)std::atof(epilogueMode + 4) * acc, 0.0f);
      } else if (epilogue.rfind("square", 0) == 0) {
        float c = (float)std::atof(epilogueMode + 6);
        acc = (acc + c) * (acc + c);
      } else if (epilogue == "abs") {
        acc = std::fabs(acc);
      } else if (epilogue == "biasrelu") {
        acc = std::max(
            acc + load("f32", bias.ptr, bias.offset + j * bias.stride), 0.0f);
      }
      if (mode() == "wrong" && i == M - 1 && j == 0)
        acc += 1;
      int64_t cIndex = d[2].offset + i * d[2].stride[0] + j * d[2].stride[1];
      if (splitK || (accumulate && !overwrite)) // split K: atomic adds
        acc += load(out, d[2].ptr, cIndex);
      store(out, d[2].ptr, cIndex, acc);
    }
  return 0;
}

// cuda.h's CUlaunchAttribute and CUlaunchConfig, laid out as there (the id
// padded to 8 bytes, a 64-byte value union; the stream after the seven
// sizes, padded to 8).
struct FakeLaunchAttribute {
  int id;
  char pad[4];
  union {
    char bytes[64];
    struct {
      unsigned x, y, z;
    } clusterDim;
  } value;
};
struct FakeLaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
      sharedMemBytes;
  void *hStream;
  FakeLaunchAttribute *attrs;
  unsigned numAttrs;
};
static_assert(sizeof(FakeLaunchAttribute) == 72, "cuda.h's layout");
static_assert(sizeof(FakeLaunchConfig) == 56, "cuda.h's layout");

/// cuLaunchKernelEx: prints the cluster dimension (attribute 4,
/// CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) to stderr, refuses a cluster that
/// does not tile the grid or has more than 8 blocks, and runs the launch as
/// cuLaunchKernel does.
int cuLaunchKernelEx(const FakeLaunchConfig *c, void *f, void **params,
                     void **extra) {
  for (unsigned i = 0; i < c->numAttrs; ++i) {
    if (c->attrs[i].id != 4)
      continue;
    auto d = c->attrs[i].value.clusterDim;
    std::fprintf(stderr, "fake: cluster %ux%ux%u\n", d.x, d.y, d.z);
    if (!d.x || !d.y || !d.z || d.x * d.y * d.z > 8 || c->gridDimX % d.x ||
        c->gridDimY % d.y || c->gridDimZ % d.z)
      return 1; // CUDA_ERROR_INVALID_VALUE
  }
  return cuLaunchKernel(f, c->gridDimX, c->gridDimY, c->gridDimZ,
                        c->blockDimX, c->blockDimY, c->blockDimZ,
                        c->sharedMemBytes, c->hStream, params, extra);
}
int cuMemAlloc_v2(uint64_t *ptr, size_t bytes) {
  *ptr = (uint64_t)(uintptr_t)std::calloc(bytes ? bytes : 1, 1);
  if (*ptr)
    allocations().push_back({(uintptr_t)*ptr, bytes});
  return *ptr ? 0 : 2; // CUDA_ERROR_OUT_OF_MEMORY
}
int cuTensorMapEncodeTiled(uint64_t *map, int dataType, uint32_t rank,
                           void *address, const uint64_t *dims,
                           const uint64_t *strides, const uint32_t *box,
                           const uint32_t *elementStrides, int interleave,
                           int swizzle, int l2Promotion, int oobFill) {
  if (mode() == "tmafail" || (uintptr_t)map % 64 || rank < 1 || rank > 5)
    return 1; // CUDA_ERROR_INVALID_VALUE
  for (uint32_t i = 0; i < rank; ++i)
    if (elementStrides[i] != 1)
      return 1;
  std::memset(map, 0, 128);
  map[kMagic] = kMapMagic;
  map[kAddress] = (uint64_t)(uintptr_t)address;
  map[kKinds] = (uint64_t)dataType | (uint64_t)rank << 8 |
                (uint64_t)interleave << 16 | (uint64_t)swizzle << 24 |
                (uint64_t)l2Promotion << 32 | (uint64_t)oobFill << 40;
  for (uint32_t i = 0; i < rank; ++i) {
    map[kDims + i] = dims[i];
    if (i + 1 < rank)
      map[kStrides + i] = strides[i];
    map[kBox + i / 4] |= (uint64_t)box[i] << (16 * (i % 4));
  }
  return 0;
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
int cublasDestroy_v2(void *) { return 0; }
/// Column-major C (m x n, ldc) = op(A) (m x k) * op(B) (k x n).
int cublasGemmEx(void *, int transa, int transb, int m, int n, int k,
                 const void *alpha, const void *a, int aType, int lda,
                 const void *b, int bType, int ldb, const void *beta, void *c,
                 int cType, int ldc, int computeType, int) {
  float betaValue = *(const float *)beta;
  if (*(const float *)alpha != 1.0f ||
      (betaValue != 0.0f && betaValue != 1.0f) ||
      (computeType != 68 && computeType != 77))
    return 7; // CUBLAS_STATUS_INVALID_VALUE
  std::string at = cublasTypeName(aType), bt = cublasTypeName(bType),
              ct = cublasTypeName(cType);
  // cuBLAS's combinations under an f32 compute type: A and B of one type,
  // C of theirs or f32.
  if (at != bt || (ct != at && ct != "f32"))
    return 15; // CUBLAS_STATUS_NOT_SUPPORTED
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
      if (betaValue != 0.0f)
        acc += load(ct, c, i + (int64_t)j * ldc);
      store(ct, c, i + (int64_t)j * ldc, acc);
    }
  return 0;
}
/// cublasGemmEx on each GEMM of the batch, matrix i of each operand
/// `stride` elements after matrix i - 1.
int cublasGemmStridedBatchedEx(void *handle, int transa, int transb, int m,
                               int n, int k, const void *alpha, const void *a,
                               int aType, int lda, long long strideA,
                               const void *b, int bType, int ldb,
                               long long strideB, const void *beta, void *c,
                               int cType, int ldc, long long strideC,
                               int batch, int computeType, int algo) {
  auto bytes = [](int type) { return type == 0 ? 4 : 2; };
  std::printf("fake: cublasGemmStridedBatchedEx of %d GEMMs\n", batch);
  for (int i = 0; i < batch; ++i)
    if (int status = cublasGemmEx(
            handle, transa, transb, m, n, k, alpha,
            (const char *)a + i * strideA * bytes(aType), aType, lda,
            (const char *)b + i * strideB * bytes(bType), bType, ldb, beta,
            (char *)c + i * strideC * bytes(cType), cType, ldc, computeType,
            algo))
      return status;
  return 0;
}
}
