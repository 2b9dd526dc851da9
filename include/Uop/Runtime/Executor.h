//===- Executor.h - run a host function's launches on a GPU -----*- C++ -*-===//
//
// The launch executor shared by uop-run and the Python module: it checks a
// launch configuration (the JSON `uop-translate --uop-launch-config` writes)
// before anything runs, then loads the PTX, copies the caller's buffers to
// the device, launches the kernels of one host function in order, and
// copies every memref parameter back. Plain C++17 and <cuda.h>, no MLIR;
// nothing here prints or exits: a failure is an ExecError, whose kind
// tells bad input from a missing GPU from a CUDA failure.
//
// A tensor-map argument (TMA) is encoded with cuTensorMapEncodeTiled from
// the device buffer of the host parameter it maps and passed as the device
// address of its 128-byte CUtensorMap; its checks and parameters are a pure
// function (computeTensorMapEncoding) that runs before any GPU is opened.
//
// Running host function H of (PTX text `ptx`, launch JSON text `json`) on
// caller-owned byte buffers, as a binding does it:
//
//   std::string why;
//   std::optional<LaunchConfig> config = parseLaunchConfig(json, why);
//   // !config: bad input, message `why`.
//   ExecError error;
//   // A function of dynamic shape (memref<?x?xf16> parameters): give the
//   // sizes first, e.g. the arrays' shapes.
//   config = bindShapes(*config, H, {{0, {m, k}}, {1, {k, n}}, {2, {m, n}}},
//                       error);
//   std::optional<HostFunctionPlan> plan =
//       prepareHostFunction(*config, H /* "" = the first launch's host */,
//                           error);
//   // plan->memrefParams: the host parameters that take a buffer, in order;
//   // plan->bufferBytes[p]: the size buffer p must have.
//   std::vector<HostBuffer> buffers = plan->makeBuffers();
//   for (size_t i = 0; i < plan->memrefParams.size(); ++i) {
//     HostBuffer &b = buffers[plan->memrefParams[i]];
//     b.data = <the i-th array's bytes>;  // e.g. a C-contiguous numpy array
//     b.bytes = <its size in bytes>;      // must equal plan->bufferBytes[p]
//   }
//   GpuSession gpu;
//   if (!gpu.open(error) || !gpu.run(ptx, *plan, buffers, error))
//     ...; // error.kind and error.message; buffers are then unspecified
//   // Every buffer now holds what the kernels left in device memory.
//
// A buffer is the memref's storage from its base pointer: element
// (i0, ..., in) is at offset + i0 * stride0 + ... + in * striden elements of
// the parameter's element type (little endian; f16 and bf16 as their 16
// bits, i1 as one byte), which for a dense row-major memref (offset 0,
// strides of the shape) is the plain row-major array.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_EXECUTOR_H
#define UOP_RUNTIME_EXECUTOR_H

#include "Uop/Runtime/Cuda.h"
#include "Uop/Runtime/LaunchConfig.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace uop::runtime {

/// What kind of failure an ExecError is; uop-run exits 1, 3 and 4 for them.
enum class ErrorKind {
  None,
  /// The configuration or the buffers: nothing was run (uop-run exit 1).
  BadInput,
  /// No driver, no device, or cuInit failed (uop-run exit 3).
  NoGpu,
  /// A driver call failed: the PTX did not load, a launch or a copy failed
  /// (uop-run exit 4).
  Cuda,
};

/// A failure: its kind and one message without a program name, e.g.
/// "launch 0 (main_kernel): expected a constant dynamic shared size" or
/// "cuModuleLoadDataEx failed: <driver message>\nJIT log:\n<log>".
struct ExecError {
  ErrorKind kind = ErrorKind::None;
  std::string message;
};

/// One host-function parameter's bytes: the caller's storage (not owned),
/// the parameter it fills and, while a GpuSession holds it, its device copy.
struct HostBuffer {
  /// The host parameter (an element of HostFunctionPlan::host.params);
  /// null for a scalar parameter, whose entry is ignored.
  const ArgDesc *param = nullptr;
  void *data = nullptr;
  size_t bytes = 0;
  /// Set by GpuSession::upload; 0 for an empty memref.
  CUdeviceptr device = 0;
};

/// The arguments of cuTensorMapEncodeTiled for one tensor-map argument,
/// every array innermost dimension first (the memref's last dimension is
/// the tensor map's dimension 0). Computed without CUDA calls by
/// computeTensorMapEncoding; GpuSession::load adds the device address.
struct TensorMapEncoding {
  CUtensorMapDataType dataType = CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  uint32_t rank = 0;
  /// Bytes from the start of the host parameter's buffer to its element 0
  /// (the memref's offset times the element size): the global address is
  /// the buffer's device address plus this.
  uint64_t byteOffset = 0;
  uint64_t globalDim[5] = {};
  /// The strides of dimensions 1 .. rank - 1, in bytes.
  uint64_t globalStrides[4] = {};
  uint32_t boxDim[5] = {};
  uint32_t elementStrides[5] = {};
  CUtensorMapInterleave interleave = CU_TENSOR_MAP_INTERLEAVE_NONE;
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  CUtensorMapL2promotion l2Promotion = CU_TENSOR_MAP_L2_PROMOTION_NONE;
  CUtensorMapFloatOOBfill oobFill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
  /// The tensor is empty (a size of 0): the map describes one element
  /// (sizes 1, strides of 16 bytes) of a zeroed buffer of
  /// kEmptyTensorBytes the session allocates, not the parameter's.
  bool empty = false;
};

/// The bytes of the zeroed buffer an empty tensor's map describes.
constexpr size_t kEmptyTensorBytes = 128;

/// Computes the encoding of tensor-map argument `map` over memref parameter
/// `tensor` and checks it against cuTensorMapEncodeTiled's rules: an f16,
/// bf16 or f32 tensor of the map's element type and rank (1 to 5), no
/// interleave, a contiguous innermost dimension, every size in [1, 2^32]
/// (or an empty tensor: TensorMapEncoding::empty),
/// each stride of dimensions 1.. a multiple of 16 bytes below 2^40, the
/// base (offset) 16-byte aligned, box sizes in [1, 256] with an innermost
/// box row a multiple of 16 bytes and within the swizzle span. On failure
/// returns false and sets `why` ("expected ..., got ...").
bool computeTensorMapEncoding(const ArgDesc &map, const ArgDesc &tensor,
                              TensorMapEncoding &out, std::string &why);

/// One line describing `e` for a person: "f16, dims [512, 512], strides
/// [1024] bytes, box [64, 128], swizzle 128B, l2 promotion none, oob zero,
/// byte offset 0 (innermost first)".
std::string describeTensorMap(const TensorMapEncoding &e);

/// A tensor-map argument of a planned launch, checked and encoded.
struct TensorMapPlan {
  /// The launch (an index into HostFunctionPlan::launches) and its index in
  /// the whole configuration, for messages.
  size_t launch = 0;
  size_t configLaunch = 0;
  /// The argument of that launch, and the host parameter it maps.
  size_t arg = 0;
  size_t hostParam = 0;
  TensorMapEncoding encoding;
};

/// A host function checked for running: its parameters, its launches in
/// the order the configuration lists them, and the buffer each memref
/// parameter needs. Self-contained (copies, no pointers into the config).
struct HostFunctionPlan {
  HostFunctionDesc host;
  /// The launches of `host`, each checked: constant grid, block and dynamic
  /// shared sizes, every argument supplied by a memref parameter of `host`
  /// (same type and layout), a tensor map of one, or a scalar constant, and
  /// the kernel's parameter count matching the arguments.
  std::vector<LaunchDesc> launches;
  /// The tensor-map arguments of `launches`, in order.
  std::vector<TensorMapPlan> tensorMaps;
  /// The number of launches in the whole configuration (other host
  /// functions' included).
  size_t configLaunches = 0;
  /// The launches of `host` its conditions leave out for these sizes (the
  /// other versions of a kernel the host chooses among).
  size_t untakenLaunches = 0;
  /// The indices of the memref parameters of `host`, in order.
  std::vector<size_t> memrefParams;
  /// Per parameter of `host`: the elements its buffer spans (offset + the
  /// largest strided index + 1, 0 for an empty memref) and its bytes; 0 for
  /// a scalar parameter.
  std::vector<int64_t> bufferElements;
  std::vector<size_t> bufferBytes;

  /// One HostBuffer per parameter of `host`, `param` set, no data yet. The
  /// buffers point into this plan: it must outlive them.
  std::vector<HostBuffer> makeBuffers() const;
};

/// Checks host function `hostName` of `config` ("" for the host function of
/// the first launch) and its launches, as uop-run does before it looks for a
/// GPU. On failure returns std::nullopt and a BadInput `error`; messages
/// about the configuration as a whole start with "'<configName>': " when
/// `configName` is not empty (uop-run passes the JSON's path).
std::optional<HostFunctionPlan>
prepareHostFunction(const LaunchConfig &config, const std::string &hostName,
                    ExecError &error, const std::string &configName = "");

/// `config` with the sizes of host function `hostName`'s ("" for the first
/// launch's host) memref parameters of dynamic shape bound: `shapes` maps a
/// parameter index to all its sizes (a static size must be given as it
/// is); the dynamic strides of a dense row-major parameter follow from
/// them. The host's launches then pass the bound parameters, and their grid
/// sizes and scalar arguments computed from sizes (a GEMM of dynamic
/// shape's) are evaluated. A parameter left out keeps its unknown sizes,
/// which prepareHostFunction refuses. On failure returns std::nullopt and
/// a BadInput `error` naming the parameter or launch.
std::optional<LaunchConfig>
bindShapes(const LaunchConfig &config, const std::string &hostName,
           const std::map<size_t, std::vector<int64_t>> &shapes,
           ExecError &error);

/// What the JIT made of one launch's kernel (cuFuncGetAttribute; -1 where
/// the driver did not say).
struct KernelInfo {
  std::string name;
  int64_t grid[3] = {0, 0, 0};
  int64_t block[3] = {0, 0, 0};
  /// Blocks per thread-block cluster ({1, 1, 1} without clusters).
  int64_t cluster[3] = {1, 1, 1};
  int64_t dynamicSharedBytes = 0;
  int registers = -1;
  int staticSharedBytes = -1;
  int localBytes = -1;
};

/// The GPU side of a run: device 0's primary context, the device buffers and
/// the loaded module. After open, either run() (the whole run), or the
/// steps in this order: upload and load once each, then launch,
/// synchronize and download as often as needed. One session runs one plan;
/// the destructor frees the device buffers and unloads the module.
class GpuSession {
public:
  GpuSession();
  ~GpuSession();
  GpuSession(const GpuSession &) = delete;
  GpuSession &operator=(const GpuSession &) = delete;

  /// Opens the CUDA driver (libcuda.so.1, loaded at run time) on device 0.
  /// Fails with NoGpu, "no GPU: <reason>".
  bool open(ExecError &error);

  /// Checks `buffers` against `plan` (one per host parameter, each memref's
  /// of plan.bufferBytes bytes: BadInput otherwise), allocates device memory
  /// for every non-empty memref and copies the host bytes there. Sets each
  /// buffer's `device`.
  bool upload(const HostFunctionPlan &plan, std::vector<HostBuffer> &buffers,
              ExecError &error);

  /// Loads `ptx` (the driver's JIT error log is in the message when it
  /// fails), looks up each launch's kernel, opts it in to dynamic shared
  /// memory above 48 KiB, encodes each tensor map over its uploaded buffer
  /// into a 128-byte device allocation of its own (freed with the session),
  /// and packs the parameters from the uploaded buffers' device pointers
  /// and the tensor maps' device addresses.
  bool load(const std::string &ptx, const HostFunctionPlan &plan,
            ExecError &error);

  /// The loaded launches' kernels, in launch order.
  const std::vector<KernelInfo> &kernels() const { return kernelInfos; }

  /// Enqueues every loaded launch in order on the default stream; does not
  /// wait for them.
  bool launch(ExecError &error);

  /// Waits for the device ("running the kernels failed: ..." on a fault).
  bool synchronize(ExecError &error);

  /// Copies every non-empty memref buffer back from the device.
  bool download(std::vector<HostBuffer> &buffers, ExecError &error);

  /// upload, load, launch, synchronize, download.
  bool run(const std::string &ptx, const HostFunctionPlan &plan,
           std::vector<HostBuffer> &buffers, ExecError &error);

  /// Times `enqueue` (work put on the default stream, e.g. launch) with CUDA
  /// events: `warmup` untimed calls and a synchronize, then `iters` calls,
  /// each between two events; `milliseconds` gets one time per call. A
  /// failing `enqueue` sets `error` and stops the timing.
  bool time(const std::function<bool(ExecError &)> &enqueue, int warmup,
            int iters, std::vector<float> &milliseconds, ExecError &error);

  /// The device's name, once open.
  const std::string &deviceName() const { return cu.deviceName; }

  /// The driver, for work beyond the launches (uop-run's cuBLAS referee).
  CudaDriver &driver() { return cu; }

private:
  struct Launch;
  /// Encodes tensor map `m` of a launch of `kernel` over its uploaded buffer
  /// into a device allocation of its own, whose device address it returns.
  bool encodeTensorMap(const TensorMapPlan &m, const std::string &kernel,
                       CUdeviceptr &address, ExecError &error);
  CudaDriver cu;
  bool opened = false;
  std::vector<CUdeviceptr> allocations;
  /// Per host parameter, its device pointer (0 for a scalar or empty one).
  std::vector<CUdeviceptr> devicePointers;
  CUmodule module = nullptr;
  std::vector<std::unique_ptr<Launch>> loaded;
  std::vector<KernelInfo> kernelInfos;
};

} // namespace uop::runtime

#endif // UOP_RUNTIME_EXECUTOR_H
