//===- uop-executor-test.cpp - drive the launch executor's API ------------===//
//
// A test program for include/Uop/Runtime/Executor.h, run by
// test/Runtime/executor*.test against the CPU stand-in for libcuda
// (test/Tools/Inputs/fake_cuda.cpp): it calls the API the way a binding
// does, on buffers it owns, and prints each step and each ExecError as
// "error (<kind>): <message>", so the tests check what a caller gets back
// without uop-run in between.
//
//   uop-executor-test K.ptx K.json [--host NAME] [--short P] [--misuse]
//                     [--bind P:S0xS1...]...
//
// Without options it runs the first launch's host function on small
// integers (exact in f32) and, for a dense f32 GEMM host function (A, B,
// C), compares the C that came back with the product computed here. --host
// picks the host function; --short P hands parameter P's buffer over one
// byte short; --misuse calls the session's steps out of order and with
// wrong buffer lists, then times the launches; --bind gives parameter P
// of a function of dynamic shape its sizes (bindShapes) first.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/Executor.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace uop::runtime;

namespace {

/// The kind of an error as the tests name it.
const char *kindName(ErrorKind kind) {
  switch (kind) {
  case ErrorKind::None:
    return "none";
  case ErrorKind::BadInput:
    return "bad input";
  case ErrorKind::NoGpu:
    return "no GPU";
  case ErrorKind::Cuda:
    return "CUDA";
  }
  return "?";
}

/// Prints `error` and returns false (for `if (!step) return report(...)`).
bool report(const ExecError &error) {
  std::printf("error (%s): %s\n", kindName(error.kind), error.message.c_str());
  return false;
}

/// Prints the result of a step that is expected to fail.
void expectFailure(const char *step, bool ok, const ExecError &error) {
  std::printf("%s: ", step);
  if (ok)
    std::printf("succeeded\n");
  else
    report(error);
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Whether parameter `p` of `plan` is a dense row-major 2-D f32 memref.
bool isDenseF32Matrix(const HostFunctionPlan &plan, size_t p) {
  const ArgDesc &d = plan.host.params[p];
  return d.kind == ArgDesc::Kind::MemRef && d.type == "f32" &&
         d.shape.size() == 2 && d.offset == 0 && d.strides[1] == 1 &&
         d.strides[0] == d.shape[1];
}

/// Checks that C came back as A * B and A and B came back unchanged.
void checkGemm(const HostFunctionPlan &plan,
               const std::vector<std::vector<float>> &before,
               const std::vector<std::vector<float>> &after) {
  const ArgDesc &a = plan.host.params[0], &c = plan.host.params[2];
  int64_t m = a.shape[0], k = a.shape[1], n = c.shape[1];
  int64_t wrong = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0;
      for (int64_t l = 0; l < k; ++l)
        sum += before[0][i * k + l] * before[1][l * n + j];
      wrong += after[2][i * n + j] != sum;
    }
  std::printf("C = A * B: %s (%lld of %lld elements differ)\n",
              wrong ? "MISMATCH" : "ok", (long long)wrong, (long long)(m * n));
  bool inputsKept = before[0] == after[0] && before[1] == after[1];
  std::printf("A and B came back %s\n", inputsKept ? "unchanged" : "CHANGED");
}

/// The out-of-order and wrong-list calls of --misuse, then the timing hook.
int misuse(const std::string &ptx, const HostFunctionPlan &plan,
           std::vector<HostBuffer> &buffers) {
  ExecError error;
  GpuSession gpu;
  expectFailure("upload before open", gpu.upload(plan, buffers, error), error);
  if (!gpu.open(error))
    return report(error), 1;
  expectFailure("load before upload", gpu.load(ptx, plan, error), error);
  std::vector<HostBuffer> fewer(buffers.begin(), buffers.end() - 1);
  expectFailure("upload of one buffer too few", gpu.upload(plan, fewer, error),
                error);
  std::vector<HostBuffer> noData = buffers;
  noData[plan.memrefParams[0]].data = nullptr;
  expectFailure("upload without data", gpu.upload(plan, noData, error), error);
  if (!gpu.upload(plan, buffers, error) || !gpu.load(ptx, plan, error) ||
      !gpu.launch(error) || !gpu.synchronize(error))
    return report(error), 1;
  expectFailure("download of one buffer too few", gpu.download(fewer, error),
                error);
  expectFailure("a second upload", gpu.upload(plan, buffers, error), error);
  expectFailure("a second load", gpu.load(ptx, plan, error), error);

  std::vector<float> ms;
  auto launch = [&](ExecError &e) { return gpu.launch(e); };
  if (!gpu.time(launch, 2, 3, ms, error))
    return report(error), 1;
  std::printf("timed %zu runs:", ms.size());
  for (float t : ms)
    std::printf(" %g ms", t);
  std::printf("\n");
  auto refuse = [](ExecError &e) {
    e.kind = ErrorKind::Cuda;
    e.message = "the enqueued work failed";
    return false;
  };
  expectFailure("timing work that fails", gpu.time(refuse, 1, 3, ms, error),
                error);
  std::printf("%zu runs timed before the failure\n", ms.size());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  if (argc < 3) {
    std::fprintf(stderr, "usage: uop-executor-test K.ptx K.json [--host NAME] "
                         "[--short P] [--misuse]\n");
    return 2;
  }
  std::string hostName;
  long shortParam = -1;
  bool misuseMode = false;
  std::map<size_t, std::vector<int64_t>> shapes;
  for (int i = 3; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--host" && i + 1 < argc)
      hostName = argv[++i];
    else if (arg == "--short" && i + 1 < argc)
      shortParam = std::atol(argv[++i]);
    else if (arg == "--misuse")
      misuseMode = true;
    else if (arg == "--bind" && i + 1 < argc) {
      // P:S0xS1x...: parameter P's sizes, for bindShapes.
      std::string text = argv[++i];
      size_t colon = text.find(':');
      std::vector<int64_t> sizes;
      for (size_t at = colon + 1; colon != std::string::npos &&
                                  at <= text.size();) {
        size_t x = text.find('x', at);
        sizes.push_back(std::atoll(text.substr(at, x - at).c_str()));
        if (x == std::string::npos)
          break;
        at = x + 1;
      }
      shapes[(size_t)std::atol(text.c_str())] = sizes;
    }
    else {
      std::fprintf(stderr, "unknown argument '%s'\n", arg.c_str());
      return 2;
    }
  }
  std::string ptx = readFile(argv[1]);

  // 1. The launch configuration and the host function, without a GPU.
  std::string why;
  std::optional<LaunchConfig> config =
      parseLaunchConfig(readFile(argv[2]), why);
  if (!config)
    return report({ErrorKind::BadInput, why}), 1;
  ExecError error;
  if (!shapes.empty()) {
    config = bindShapes(*config, hostName, shapes, error);
    if (!config)
      return report(error), 1;
  }
  std::optional<HostFunctionPlan> plan =
      prepareHostFunction(*config, hostName, error);
  if (!plan)
    return report(error), 1;
  std::printf("host '%s': %zu of %zu launches\n", plan->host.name.c_str(),
              plan->launches.size(), plan->configLaunches);
  for (size_t p : plan->memrefParams)
    std::printf("parameter %zu: %s, %lld elements, %zu bytes\n", p,
                plan->host.params[p].type.c_str(),
                (long long)plan->bufferElements[p], plan->bufferBytes[p]);

  // 2. The caller's buffers: small integers, exact in f32 products and sums
  // of a few hundred terms.
  std::vector<std::vector<float>> before(plan->host.params.size());
  std::vector<std::vector<uint8_t>> storage(plan->host.params.size());
  std::vector<HostBuffer> buffers = plan->makeBuffers();
  for (size_t p : plan->memrefParams) {
    storage[p].resize(plan->bufferBytes[p]);
    if (plan->host.params[p].type == "f32") {
      before[p].resize(plan->bufferElements[p]);
      for (size_t i = 0; i < before[p].size(); ++i)
        before[p][i] = (float)((i * 7 + p * 3) % 9) - 4;
      if (!storage[p].empty()) // an empty memref: no data pointer
        std::memcpy(storage[p].data(), before[p].data(), storage[p].size());
    }
    buffers[p].data = storage[p].data();
    buffers[p].bytes = storage[p].size();
  }
  if (shortParam >= 0 && (size_t)shortParam < buffers.size())
    buffers[shortParam].bytes -= 1;
  if (misuseMode)
    return misuse(ptx, *plan, buffers);

  // 3. The run.
  GpuSession gpu;
  if (!gpu.open(error))
    return report(error), 1;
  std::printf("device: %s\n", gpu.deviceName().c_str());
  if (!gpu.run(ptx, *plan, buffers, error))
    return report(error), 1;
  for (const KernelInfo &k : gpu.kernels())
    std::printf("ran %s: grid %lldx%lldx%lld, block %lldx%lldx%lld, %d "
                "registers\n",
                k.name.c_str(), (long long)k.grid[0], (long long)k.grid[1],
                (long long)k.grid[2], (long long)k.block[0],
                (long long)k.block[1], (long long)k.block[2], k.registers);

  bool gemm = plan->host.params.size() == 3;
  for (size_t p = 0; gemm && p < 3; ++p)
    gemm = isDenseF32Matrix(*plan, p);
  if (gemm) {
    std::vector<std::vector<float>> after(3);
    for (size_t p = 0; p < 3; ++p) {
      after[p].resize(plan->bufferElements[p]);
      if (!storage[p].empty())
        std::memcpy(after[p].data(), storage[p].data(), storage[p].size());
    }
    checkGemm(*plan, before, after);
  }
  return 0;
}
