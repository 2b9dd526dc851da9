//===- Executor.cpp - run a host function's launches on a GPU -------------===//
//
// The checks of a launch configuration before anything runs (every argument
// can be supplied, the buffers are of a size a run can allocate), and the
// GPU session: device buffers, the module with the JIT's error log, the
// kernel parameters packed as MLIR's LLVM lowering expects them, launches in
// order, copies back, and CUDA-event timing.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/Executor.h"

#include "Uop/Runtime/SeededInputs.h"

#include <climits>
#include <cstring>

using namespace uop::runtime;

/// Sets `error` and returns false, so a failing step is one line.
static bool fail(ExecError &error, ErrorKind kind, std::string message) {
  error.kind = kind;
  error.message = std::move(message);
  return false;
}

/// Fails with a Cuda error "<what> failed: <driver message>" when `r` is not
/// success.
static bool checkCuda(const CudaDriver &cu, CUresult r, const std::string &what,
                      ExecError &error) {
  if (r == CUDA_SUCCESS)
    return true;
  return fail(error, ErrorKind::Cuda, what + " failed: " + cu.describe(r));
}

//===----------------------------------------------------------------------===//
// Checking a host function
//===----------------------------------------------------------------------===//

/// The checks of a launch before anything runs: constant sizes, every
/// argument can be supplied and the parameter count matches the kernel.
static bool validateLaunch(const LaunchDesc &l, size_t index,
                           const HostFunctionDesc &host, ExecError &error) {
  std::string where = "launch " + std::to_string(index) + " (" + l.kernel + ")";
  for (int d = 0; d < 3; ++d)
    if (l.grid[d] < 1 || l.block[d] < 1 || l.grid[d] > INT_MAX ||
        l.block[d] > 1024)
      return fail(error, ErrorKind::BadInput,
                  where + ": expected constant grid and block sizes");
  if (l.dynamicSharedBytes < 0 || l.dynamicSharedBytes > (1 << 30))
    return fail(error, ErrorKind::BadInput,
                where + ": expected a constant dynamic shared size");
  int64_t params = 0;
  for (size_t i = 0; i < l.args.size(); ++i) {
    const ArgDesc &a = l.args[i];
    std::string what = where + " argument " + std::to_string(i);
    switch (a.kind) {
    case ArgDesc::Kind::Unknown:
      return fail(error, ErrorKind::BadInput,
                  what + ": cannot be supplied: " + a.type + ": " + a.reason);
    case ArgDesc::Kind::MemRef: {
      if (a.hostArg < 0 || a.hostArg >= (int)host.params.size() ||
          host.params[a.hostArg].kind != ArgDesc::Kind::MemRef)
        return fail(error, ErrorKind::BadInput,
                    what + ": expected a memref parameter of '" + host.name +
                        "'");
      const ArgDesc &p = host.params[a.hostArg];
      if (p.type != a.type || p.shape != a.shape || p.strides != a.strides ||
          p.offset != a.offset)
        return fail(error, ErrorKind::BadInput,
                    what + ": expected the type of '" + host.name +
                        "' parameter " + std::to_string(a.hostArg));
      params += 3 + 2 * (int64_t)a.shape.size();
      break;
    }
    case ArgDesc::Kind::Scalar:
      if (!a.hasValue || elementBytes(a.type) == 0)
        return fail(error, ErrorKind::BadInput,
                    what +
                        ": expected a scalar constant of a known type, got " +
                        a.type);
      params += 1;
      break;
    }
  }
  if (l.kernelParams >= 0 && l.kernelParams != params)
    return fail(error, ErrorKind::BadInput,
                where + ": expected " + std::to_string(params) +
                    " kernel parameters from its arguments, the kernel has " +
                    std::to_string(l.kernelParams));
  return true;
}

/// The number of elements a strided memref spans from its base pointer, at
/// most 2^36 (what a run can allocate); 0 for an empty memref.
static bool spanOf(const ArgDesc &d, const std::string &what, int64_t &span,
                   ExecError &error) {
  // The bound is checked in doubles first, so that absurd shapes cannot
  // overflow the exact sum.
  if (d.offset < 0)
    return fail(error, ErrorKind::BadInput,
                what + ": expected a non-negative offset, got " +
                    std::to_string(d.offset));
  double estimate = (double)d.offset + 1;
  int64_t exact = d.offset + 1;
  for (size_t i = 0; i < d.shape.size(); ++i) {
    if (d.shape[i] <= 0) {
      span = 0;
      return true;
    }
    if (d.strides[i] < 0)
      return fail(error, ErrorKind::BadInput,
                  what + ": expected non-negative strides");
    estimate += (double)(d.shape[i] - 1) * (double)d.strides[i];
    exact += (d.shape[i] - 1) * d.strides[i];
  }
  if (estimate > (double)(1ll << 36))
    return fail(error, ErrorKind::BadInput,
                what + ": expected at most 2^36 elements, got " +
                    std::to_string((long long)estimate));
  span = exact;
  return true;
}

std::vector<HostBuffer> HostFunctionPlan::makeBuffers() const {
  std::vector<HostBuffer> buffers(host.params.size());
  for (size_t p : memrefParams)
    buffers[p].param = &host.params[p];
  return buffers;
}

std::optional<HostFunctionPlan>
uop::runtime::prepareHostFunction(const LaunchConfig &config,
                                  const std::string &hostName, ExecError &error,
                                  const std::string &configName) {
  std::string prefix = configName.empty() ? "" : "'" + configName + "': ";
  if (config.launches.empty()) {
    fail(error, ErrorKind::BadInput, prefix + "expected at least one launch");
    return std::nullopt;
  }
  const std::string &name =
      hostName.empty() ? config.launches.front().host : hostName;
  HostFunctionPlan plan;
  const HostFunctionDesc *host = nullptr;
  for (const HostFunctionDesc &f : config.functions)
    if (f.name == name)
      host = &f;
  if (!host) {
    fail(error, ErrorKind::BadInput,
         prefix + "expected the parameters of host function '" + name +
             "' in \"functions\"");
    return std::nullopt;
  }
  plan.host = *host;
  plan.configLaunches = config.launches.size();
  for (size_t i = 0; i < config.launches.size(); ++i) {
    const LaunchDesc &l = config.launches[i];
    if (l.host != name)
      continue;
    if (!validateLaunch(l, i, *host, error))
      return std::nullopt;
    plan.launches.push_back(l);
  }
  if (plan.launches.empty()) {
    fail(error, ErrorKind::BadInput,
         prefix + "expected a launch of host function '" + name + "'");
    return std::nullopt;
  }

  // The buffers' sizes, checked before a GPU is looked for.
  size_t n = host->params.size();
  plan.bufferElements.assign(n, 0);
  plan.bufferBytes.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const ArgDesc &p = host->params[i];
    if (p.kind != ArgDesc::Kind::MemRef)
      continue;
    std::string what = "'" + name + "' parameter " + std::to_string(i);
    unsigned elemBytes = elementBytes(p.type);
    if (elemBytes == 0) {
      fail(error, ErrorKind::BadInput,
           what + ": expected a known element type, got " + p.type);
      return std::nullopt;
    }
    if (!spanOf(p, what, plan.bufferElements[i], error))
      return std::nullopt;
    plan.bufferBytes[i] = (size_t)plan.bufferElements[i] * elemBytes;
    plan.memrefParams.push_back(i);
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// GpuSession
//===----------------------------------------------------------------------===//

/// A loaded launch: the kernel, its sizes, and its parameters, each in its
/// own 8-byte slot that the driver reads through a pointer.
struct GpuSession::Launch {
  CUfunction function = nullptr;
  std::string kernel;
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned dynamicSharedBytes = 0;
  std::vector<uint64_t> slots;
  std::vector<void *> pointers;
};

/// The 64-bit slot of a scalar argument: passed by value in its own width
/// (little endian, so the low bytes of the slot hold it).
static uint64_t scalarBits(const ArgDesc &a) {
  uint64_t bits = 0;
  if (a.type == "f32") {
    float v = (float)a.floatValue;
    std::memcpy(&bits, &v, 4);
  } else if (a.type == "f64") {
    std::memcpy(&bits, &a.floatValue, 8);
  } else if (a.type == "f16") {
    bits = f32ToF16Bits((float)a.floatValue);
  } else if (a.type == "bf16") {
    bits = f32ToBF16Bits((float)a.floatValue);
  } else {
    int64_t v = a.valueIsInt ? a.intValue : (int64_t)a.floatValue;
    std::memcpy(&bits, &v, 8);
    unsigned width = elementBytes(a.type) * 8;
    if (a.type == "i1")
      bits &= 1;
    else if (width < 64)
      bits &= (1ull << width) - 1;
  }
  return bits;
}

/// The parameter slots of `l` as MLIR's LLVM lowering expands its
/// arguments: a memref is (allocated ptr, aligned ptr, offset, sizes...,
/// strides...), a scalar one slot.
static std::vector<uint64_t>
packParams(const LaunchDesc &l, const std::vector<CUdeviceptr> &devicePtrs) {
  std::vector<uint64_t> slots;
  for (const ArgDesc &a : l.args) {
    if (a.kind != ArgDesc::Kind::MemRef) {
      slots.push_back(scalarBits(a));
      continue;
    }
    uint64_t ptr = devicePtrs[a.hostArg];
    slots.push_back(ptr);
    slots.push_back(ptr);
    slots.push_back((uint64_t)a.offset);
    for (int64_t s : a.shape)
      slots.push_back((uint64_t)s);
    for (int64_t s : a.strides)
      slots.push_back((uint64_t)s);
  }
  return slots;
}

GpuSession::GpuSession() = default;

GpuSession::~GpuSession() {
  if (!opened)
    return;
  // Errors are ignored here: after a device fault every call fails, and
  // the context is torn down with the process.
  for (CUdeviceptr p : allocations)
    cu.memFree(p);
  if (module)
    cu.moduleUnload(module);
}

bool GpuSession::open(ExecError &error) {
  if (opened)
    return true;
  std::string reason;
  if (!cu.open(reason))
    return fail(error, ErrorKind::NoGpu, "no GPU: " + reason);
  opened = true;
  return true;
}

bool GpuSession::upload(const HostFunctionPlan &plan,
                        std::vector<HostBuffer> &buffers, ExecError &error) {
  if (!opened)
    return fail(error, ErrorKind::BadInput,
                "expected an open GPU session before uploading buffers");
  // The loaded launches hold the device pointers of the one upload.
  if (!devicePointers.empty())
    return fail(error, ErrorKind::BadInput,
                "expected one upload per session, got a second");
  const std::string &name = plan.host.name;
  if (buffers.size() != plan.host.params.size())
    return fail(error, ErrorKind::BadInput,
                "expected " + std::to_string(plan.host.params.size()) +
                    " buffers (one per parameter of '" + name + "'), got " +
                    std::to_string(buffers.size()));
  for (size_t p : plan.memrefParams) {
    const HostBuffer &b = buffers[p];
    if (b.bytes != plan.bufferBytes[p])
      return fail(error, ErrorKind::BadInput,
                  "'" + name + "' parameter " + std::to_string(p) +
                      ": expected a buffer of " +
                      std::to_string(plan.bufferBytes[p]) + " bytes, got " +
                      std::to_string(b.bytes));
    if (b.bytes && !b.data)
      return fail(error, ErrorKind::BadInput,
                  "'" + name + "' parameter " + std::to_string(p) +
                      ": expected a buffer, got none");
  }
  devicePointers.assign(buffers.size(), 0);
  for (size_t p : plan.memrefParams) {
    HostBuffer &b = buffers[p];
    if (b.bytes == 0)
      continue;
    CUdeviceptr ptr = 0;
    if (!checkCuda(cu, cu.memAlloc(&ptr, b.bytes),
                   "cuMemAlloc of parameter " + std::to_string(p), error))
      return false;
    allocations.push_back(ptr);
    b.device = devicePointers[p] = ptr;
    if (!checkCuda(cu, cu.memcpyHtoD(ptr, b.data, b.bytes), "cuMemcpyHtoD",
                   error))
      return false;
  }
  return true;
}

bool GpuSession::load(const std::string &ptx, const HostFunctionPlan &plan,
                      ExecError &error) {
  if (devicePointers.size() != plan.host.params.size())
    return fail(error, ErrorKind::BadInput,
                "expected the buffers of '" + plan.host.name +
                    "' uploaded before loading its kernels");
  if (module)
    return fail(error, ErrorKind::BadInput,
                "expected one load per session, got a second");
  // The JIT writes why the PTX did not load into this buffer; its size
  // option excludes the terminating zero.
  std::vector<char> log(1 << 16, 0);
  CUjit_option jitOptions[] = {CU_JIT_ERROR_LOG_BUFFER,
                               CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *jitValues[] = {log.data(), (void *)(uintptr_t)(log.size() - 1)};
  CUresult r =
      cu.moduleLoadDataEx(&module, ptx.c_str(), 2, jitOptions, jitValues);
  if (r != CUDA_SUCCESS) {
    module = nullptr;
    return fail(error, ErrorKind::Cuda,
                "cuModuleLoadDataEx failed: " + cu.describe(r) +
                    "\nJIT log:\n" + log.data());
  }

  for (const LaunchDesc &l : plan.launches) {
    auto launch = std::make_unique<Launch>();
    launch->kernel = l.kernel;
    if (!checkCuda(
            cu,
            cu.moduleGetFunction(&launch->function, module, l.kernel.c_str()),
            "cuModuleGetFunction '" + l.kernel + "'", error))
      return false;
    // Above 48 KiB of dynamic shared memory a kernel must opt in.
    if (l.dynamicSharedBytes > 48 * 1024 &&
        !checkCuda(
            cu,
            cu.funcSetAttribute(launch->function,
                                CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                (int)l.dynamicSharedBytes),
            "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, " +
                std::to_string(l.dynamicSharedBytes) + ")",
            error))
      return false;
    KernelInfo info;
    info.name = l.kernel;
    for (int d = 0; d < 3; ++d) {
      info.grid[d] = l.grid[d];
      info.block[d] = l.block[d];
      // validateLaunch bounded both by INT_MAX.
      launch->grid[d] = (unsigned)l.grid[d];
      launch->block[d] = (unsigned)l.block[d];
    }
    info.dynamicSharedBytes = l.dynamicSharedBytes;
    launch->dynamicSharedBytes = (unsigned)l.dynamicSharedBytes;
    cu.funcGetAttribute(&info.registers, CU_FUNC_ATTRIBUTE_NUM_REGS,
                        launch->function);
    cu.funcGetAttribute(&info.staticSharedBytes,
                        CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, launch->function);
    cu.funcGetAttribute(&info.localBytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
                        launch->function);
    launch->slots = packParams(l, devicePointers);
    for (uint64_t &slot : launch->slots)
      launch->pointers.push_back(&slot);
    loaded.push_back(std::move(launch));
    kernelInfos.push_back(info);
  }
  return true;
}

bool GpuSession::launch(ExecError &error) {
  for (const std::unique_ptr<Launch> &l : loaded)
    if (!checkCuda(cu,
                   cu.launchKernel(l->function, l->grid[0], l->grid[1],
                                   l->grid[2], l->block[0], l->block[1],
                                   l->block[2], l->dynamicSharedBytes, nullptr,
                                   l->pointers.data(), nullptr),
                   "cuLaunchKernel '" + l->kernel + "'", error))
      return false;
  return true;
}

bool GpuSession::synchronize(ExecError &error) {
  return checkCuda(cu, cu.ctxSynchronize(), "running the kernels", error);
}

bool GpuSession::download(std::vector<HostBuffer> &buffers, ExecError &error) {
  if (buffers.size() != devicePointers.size())
    return fail(error, ErrorKind::BadInput,
                "expected the " + std::to_string(devicePointers.size()) +
                    " buffers that were uploaded, got " +
                    std::to_string(buffers.size()));
  for (size_t p = 0; p < buffers.size(); ++p) {
    HostBuffer &b = buffers[p];
    if (!devicePointers[p])
      continue;
    if (!checkCuda(cu, cu.memcpyDtoH(b.data, devicePointers[p], b.bytes),
                   "cuMemcpyDtoH", error))
      return false;
  }
  return true;
}

bool GpuSession::run(const std::string &ptx, const HostFunctionPlan &plan,
                     std::vector<HostBuffer> &buffers, ExecError &error) {
  return upload(plan, buffers, error) && load(ptx, plan, error) &&
         launch(error) && synchronize(error) && download(buffers, error);
}

bool GpuSession::time(const std::function<bool(ExecError &)> &enqueue,
                      int warmup, int iters, std::vector<float> &milliseconds,
                      ExecError &error) {
  milliseconds.clear();
  CUevent start = nullptr, stop = nullptr;
  if (!checkCuda(cu, cu.eventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate",
                 error))
    return false;
  if (!checkCuda(cu, cu.eventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate",
                 error)) {
    cu.eventDestroy(start);
    return false;
  }
  auto body = [&]() {
    for (int i = 0; i < warmup; ++i)
      if (!enqueue(error))
        return false;
    if (!checkCuda(cu, cu.ctxSynchronize(), "warm-up", error))
      return false;
    for (int i = 0; i < iters; ++i) {
      float ms = 0;
      if (!checkCuda(cu, cu.eventRecord(start, nullptr), "cuEventRecord",
                     error) ||
          !enqueue(error) ||
          !checkCuda(cu, cu.eventRecord(stop, nullptr), "cuEventRecord",
                     error) ||
          !checkCuda(cu, cu.eventSynchronize(stop), "running the kernels",
                     error) ||
          !checkCuda(cu, cu.eventElapsedTime(&ms, start, stop),
                     "cuEventElapsedTime", error))
        return false;
      milliseconds.push_back(ms);
    }
    return true;
  };
  bool ok = body();
  cu.eventDestroy(start);
  cu.eventDestroy(stop);
  return ok;
}
