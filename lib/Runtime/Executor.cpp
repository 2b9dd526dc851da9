//===- Executor.cpp - run a host function's launches on a GPU -------------===//
//
// The checks of a launch configuration before anything runs (every argument
// can be supplied, tensor maps obey cuTensorMapEncodeTiled's rules, the
// buffers are of a size a run can allocate), and the GPU session: device
// buffers, the module with the JIT's error log, the tensor maps encoded
// over the device buffers, the kernel parameters packed as MLIR's LLVM
// lowering expects them, launches in order, copies back, and CUDA-event
// timing.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/Executor.h"

#include "Uop/Runtime/SeededInputs.h"

#include <algorithm>
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

/// The data type of a tensor map of element type `type`, if TMA runs it.
static std::optional<CUtensorMapDataType>
getTensorMapDataType(const std::string &type) {
  if (type == "f16")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  if (type == "bf16")
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  if (type == "f32")
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  return std::nullopt;
}

bool uop::runtime::computeTensorMapEncoding(const ArgDesc &map,
                                            const ArgDesc &tensor,
                                            TensorMapEncoding &out,
                                            std::string &why) {
  auto reject = [&](std::string message) {
    why = std::move(message);
    return false;
  };
  std::optional<CUtensorMapDataType> dataType =
      getTensorMapDataType(map.type);
  if (!dataType)
    return reject("expected an f16, bf16 or f32 tensor map, got " + map.type);
  if (tensor.kind != ArgDesc::Kind::MemRef)
    return reject("expected a memref to map");
  if (tensor.type != map.type)
    return reject("expected the element type of its tensor, " + tensor.type +
                  ", got " + map.type);
  size_t rank = tensor.shape.size();
  if (rank < 1 || rank > 5)
    return reject("expected a tensor of rank 1 to 5, got rank " +
                  std::to_string(rank));
  if (map.box.size() != rank)
    return reject("expected a box of rank " + std::to_string(rank) +
                  " (the tensor's), got " + std::to_string(map.box.size()) +
                  " sizes");
  // Interleaved layouts (NC/8HWC8) have rules of their own; no kernel of
  // uop uses them.
  if (map.interleave != "none")
    return reject("expected no interleave, got " + map.interleave);
  const uint64_t eltBytes = elementBytes(map.type);
  // TMA walks dimension 0 contiguously: it has no stride of its own.
  if (tensor.strides[rank - 1] != 1)
    return reject("expected a contiguous innermost dimension (stride 1), "
                  "got stride " +
                  std::to_string(tensor.strides[rank - 1]));
  // An empty tensor (a size of 0, known only at run time) has nothing to
  // load, but the kernel still takes its map: the map describes one
  // element of a zeroed scratch buffer instead (sizes 1, strides of 16
  // bytes, no offset). uop's kernels load nothing through it (a block
  // whose tile lies outside C loads no k-tile, and K = 0 has none).
  bool empty = std::find(tensor.shape.begin(), tensor.shape.end(), 0) !=
               tensor.shape.end();
  if (!empty &&
      (tensor.offset < 0 || (uint64_t)tensor.offset * eltBytes % 16 != 0))
    return reject("expected a 16-byte aligned start, got an offset of " +
                  std::to_string(tensor.offset) + " elements (" +
                  std::to_string(tensor.offset * (int64_t)eltBytes) +
                  " bytes)");
  out = TensorMapEncoding();
  out.dataType = *dataType;
  out.rank = (uint32_t)rank;
  out.empty = empty;
  out.byteOffset = empty ? 0 : (uint64_t)tensor.offset * eltBytes;
  // The memref lists dimensions outermost first, the tensor map innermost
  // first: tensor-map dimension i is memref dimension rank - 1 - i.
  for (size_t i = 0; i < rank; ++i) {
    size_t d = rank - 1 - i;
    std::string dim = " in memref dimension " + std::to_string(d);
    int64_t size = out.empty ? 1 : tensor.shape[d];
    if (size < 1 || size > (1ll << 32))
      return reject("expected sizes in [1, 2^32], got " +
                    std::to_string(size) + dim);
    out.globalDim[i] = (uint64_t)size;
    if (i > 0) {
      int64_t stride = out.empty ? 16 / (int64_t)eltBytes : tensor.strides[d];
      if (stride <= 0 || (uint64_t)stride * eltBytes % 16 != 0 ||
          (double)stride * (double)eltBytes >= (double)(1ll << 40))
        return reject("expected strides that are positive multiples of 16 "
                      "bytes below 2^40, got " +
                      std::to_string(stride * (int64_t)eltBytes) + " bytes" +
                      dim);
      out.globalStrides[i - 1] = (uint64_t)stride * eltBytes;
    }
    int64_t box = map.box[d];
    if (box < 1 || box > 256)
      return reject("expected box sizes in [1, 256], got " +
                    std::to_string(box) + dim);
    out.boxDim[i] = (uint32_t)box;
    out.elementStrides[i] = 1;
  }
  uint64_t rowBytes = out.boxDim[0] * eltBytes;
  if (rowBytes % 16 != 0)
    return reject("expected an innermost box row of a multiple of 16 bytes, "
                  "got " +
                  std::to_string(rowBytes) + " bytes");
  if (map.swizzle != 0 && rowBytes > (uint64_t)map.swizzle)
    return reject("expected an innermost box row within the " +
                  std::to_string(map.swizzle) + "-byte swizzle span, got " +
                  std::to_string(rowBytes) + " bytes");
  out.swizzle = map.swizzle == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
                : map.swizzle == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                : map.swizzle == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                    : CU_TENSOR_MAP_SWIZZLE_NONE;
  out.l2Promotion = map.l2promo == 256   ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
                    : map.l2promo == 128 ? CU_TENSOR_MAP_L2_PROMOTION_L2_128B
                    : map.l2promo == 64  ? CU_TENSOR_MAP_L2_PROMOTION_L2_64B
                                         : CU_TENSOR_MAP_L2_PROMOTION_NONE;
  // "zero" is the hardware's default fill, OOB_FILL_NONE.
  out.oobFill = map.oob == "nan"
                    ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                    : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
  out.interleave = CU_TENSOR_MAP_INTERLEAVE_NONE;
  return true;
}

std::string uop::runtime::describeTensorMap(const TensorMapEncoding &e) {
  auto list = [&](auto *values, uint32_t n) {
    std::string text = "[";
    for (uint32_t i = 0; i < n; ++i)
      text += (i ? ", " : "") + std::to_string(values[i]);
    return text + "]";
  };
  const char *type = e.dataType == CU_TENSOR_MAP_DATA_TYPE_FLOAT16    ? "f16"
                     : e.dataType == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 ? "bf16"
                                                                      : "f32";
  static const char *const swizzles[] = {"none", "32B", "64B", "128B"};
  static const char *const promotions[] = {"none", "64B", "128B", "256B"};
  return std::string(type) + ", dims " + list(e.globalDim, e.rank) +
         ", strides " + list(e.globalStrides, e.rank - 1) + " bytes, box " +
         list(e.boxDim, e.rank) + ", element strides " +
         list(e.elementStrides, e.rank) + ", swizzle " +
         swizzles[e.swizzle & 3] + ", L2 promotion " +
         promotions[e.l2Promotion & 3] + ", oob fill " +
         (e.oobFill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE ? "zero" : "nan") +
         ", byte offset " + std::to_string(e.byteOffset) +
         " (innermost first)" +
         (e.empty ? ", of an empty tensor (one zeroed element)" : "");
}

/// The checks of a launch before anything runs: constant sizes, every
/// argument can be supplied and the parameter count matches the kernel.
/// Each tensor-map argument is checked and encoded into `maps`, as an
/// argument of the plan's launch `planIndex`.
static bool validateLaunch(const LaunchDesc &l, size_t index, size_t planIndex,
                           const HostFunctionDesc &host,
                           std::vector<TensorMapPlan> &maps,
                           ExecError &error) {
  std::string where = "launch " + std::to_string(index) + " (" + l.kernel + ")";
  for (int d = 0; d < 3; ++d) {
    // A grid the host computes from sizes known only at run time (a GEMM
    // of dynamic shape) has its expression, evaluated by bindShapes.
    if (l.grid[d] == -1 && l.gridExpr[d])
      return fail(error, ErrorKind::BadInput,
                  where + ": its grid is computed from the sizes of '" +
                      host.name +
                      "' parameters known only at run time: give them "
                      "(uop-run --shapes MxNxK)");
    // null in the JSON (-1): a size the host computes in a way the runner
    // cannot repeat.
    if (l.grid[d] == -1 || l.block[d] == -1)
      return fail(error, ErrorKind::BadInput,
                  where + ": expected constant grid and block sizes, got "
                          "one the host computes at run time from more "
                          "than its parameters' sizes");
    // CUDA's grid: 2^31 - 1 blocks along x, 65535 along y and z.
    if (l.grid[d] < 1 || l.block[d] < 1 ||
        l.grid[d] > (d == 0 ? INT_MAX : 65535) || l.block[d] > 1024)
      return fail(error, ErrorKind::BadInput,
                  where + ": expected constant grid and block sizes");
  }
  // Thread-block clusters: at most the portable 8 blocks, tiling the
  // grid (the driver refuses anything else at the launch).
  int64_t clusterBlocks = 1;
  for (int d = 0; d < 3; ++d) {
    if (l.cluster[d] < 1 || l.cluster[d] > 8 ||
        l.grid[d] % l.cluster[d] != 0)
      return fail(error, ErrorKind::BadInput,
                  where + ": expected constant cluster sizes of 1 to 8 that "
                          "divide the grid, got cluster (" +
                      std::to_string(l.cluster[0]) + ", " +
                      std::to_string(l.cluster[1]) + ", " +
                      std::to_string(l.cluster[2]) + ") for grid (" +
                      std::to_string(l.grid[0]) + ", " +
                      std::to_string(l.grid[1]) + ", " +
                      std::to_string(l.grid[2]) + ")");
    clusterBlocks *= l.cluster[d];
  }
  if (clusterBlocks > 8)
    return fail(error, ErrorKind::BadInput,
                where + ": expected at most 8 blocks per cluster (the "
                        "portable size), got " +
                    std::to_string(clusterBlocks));
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
    case ArgDesc::Kind::TensorMap: {
      if (a.hostArg < 0 || a.hostArg >= (int)host.params.size() ||
          host.params[a.hostArg].kind != ArgDesc::Kind::MemRef)
        return fail(error, ErrorKind::BadInput,
                    what + ": expected a tensor map of a memref parameter "
                           "of '" +
                        host.name + "'");
      TensorMapPlan map;
      map.launch = planIndex;
      map.configLaunch = index;
      map.arg = i;
      map.hostParam = (size_t)a.hostArg;
      std::string why;
      if (!computeTensorMapEncoding(a, host.params[a.hostArg], map.encoding,
                                    why))
        return fail(error, ErrorKind::BadInput,
                    what + ": tensor map of '" + host.name + "' parameter " +
                        std::to_string(a.hostArg) + ": " + why);
      maps.push_back(map);
      params += 1;
      break;
    }
    case ArgDesc::Kind::Scalar:
      if (!a.hasValue && a.expr)
        return fail(error, ErrorKind::BadInput,
                    what + ": computed from the sizes of '" + host.name +
                        "' parameters known only at run time: give them "
                        "(uop-run --shapes MxNxK)");
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

/// Whether `p` is a memref with a size or stride known only at run time
/// (-1 until bindShapes gives it).
static bool hasUnknownSizes(const ArgDesc &p) {
  auto unknown = [](int64_t x) { return x < 0; };
  return p.kind == ArgDesc::Kind::MemRef &&
         (std::any_of(p.shape.begin(), p.shape.end(), unknown) ||
          std::any_of(p.strides.begin(), p.strides.end(), unknown));
}

/// `shape` as MLIR writes it, "?" for a size known only at run time:
/// "?x64".
static std::string shapeString(const std::vector<int64_t> &shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") +
            (shape[i] < 0 ? std::string("?") : std::to_string(shape[i]));
  return text.empty() ? "()" : text;
}

/// Whether the host function makes launch `l` for the sizes of `params`
/// (the conditions uop-tile's versions of a kernel, or a batch that may be
/// empty, put on it): `taken`, or false with the reason in `why` when a
/// condition cannot be evaluated.
static bool isLaunchTaken(const LaunchDesc &l,
                          const std::vector<ArgDesc> &params, bool &taken,
                          std::string &why) {
  taken = true;
  for (const LaunchCondition &c : l.conditions) {
    int64_t value = 0;
    if (!evaluateSizeExpr(c.expr, params, value, why))
      return false;
    taken = taken && (value != 0) == c.holds;
  }
  return true;
}

std::optional<LaunchConfig>
uop::runtime::bindShapes(const LaunchConfig &config,
                         const std::string &hostName,
                         const std::map<size_t, std::vector<int64_t>> &shapes,
                         ExecError &error) {
  const std::string &name =
      hostName.empty() && !config.launches.empty() ? config.launches.front().host
                                                   : hostName;
  LaunchConfig bound = config;
  HostFunctionDesc *host = nullptr;
  for (HostFunctionDesc &f : bound.functions)
    if (f.name == name)
      host = &f;
  if (!host) {
    fail(error, ErrorKind::BadInput,
         "expected the parameters of host function '" + name +
             "' in \"functions\"");
    return std::nullopt;
  }
  // Whether the function has sizes known only at run time, before they
  // are given.
  bool dynamic = std::any_of(host->params.begin(), host->params.end(),
                             hasUnknownSizes);
  for (const auto &[index, sizes] : shapes) {
    std::string what = "'" + name + "' parameter " + std::to_string(index);
    if (index >= host->params.size() ||
        host->params[index].kind != ArgDesc::Kind::MemRef) {
      fail(error, ErrorKind::BadInput,
           what + ": expected a memref parameter to give sizes to");
      return std::nullopt;
    }
    ArgDesc &p = host->params[index];
    const ArgDesc unbound = p;
    if (sizes.size() != p.shape.size()) {
      fail(error, ErrorKind::BadInput,
           what + ": expected " + std::to_string(p.shape.size()) +
               " sizes for a memref of shape " + shapeString(p.shape) +
               ", got " + std::to_string(sizes.size()));
      return std::nullopt;
    }
    for (size_t d = 0; d < sizes.size(); ++d) {
      // 2^40 elements along one dimension: more than any run can allocate
      // (spanOf bounds the whole), small enough that no product overflows
      // before it does.
      if (sizes[d] < 0 || sizes[d] > (int64_t(1) << 40) ||
          (p.shape[d] >= 0 && p.shape[d] != sizes[d])) {
        fail(error, ErrorKind::BadInput,
             what + ": expected sizes " + shapeString(p.shape) +
                 " (at most 2^40 each), got " + shapeString(sizes));
        return std::nullopt;
      }
    }
    p.shape = sizes;
    if (std::any_of(p.strides.begin(), p.strides.end(),
                    [](int64_t s) { return s < 0; })) {
      if (!p.contiguous) {
        fail(error, ErrorKind::BadInput,
             what + ": its strides are known only at run time and do not "
                    "follow from its sizes (not a dense row-major memref)");
        return std::nullopt;
      }
      // Dense row-major: the identity layout's strides, the product of
      // the sizes to the right.
      int64_t stride = 1;
      for (size_t d = p.shape.size(); d-- > 0;) {
        p.strides[d] = stride;
        if (__builtin_mul_overflow(stride, std::max<int64_t>(p.shape[d], 1),
                                   &stride) ||
            stride > (int64_t(1) << 48)) {
          fail(error, ErrorKind::BadInput,
               what + ": expected at most 2^48 elements, got sizes " +
                   shapeString(sizes));
          return std::nullopt;
        }
      }
    }
    // The launches pass the parameter as it is now.
    for (LaunchDesc &l : bound.launches) {
      if (l.host != name)
        continue;
      for (ArgDesc &a : l.args)
        if (a.kind == ArgDesc::Kind::MemRef && a.hostArg == (int)index &&
            a.type == unbound.type && a.shape == unbound.shape &&
            a.strides == unbound.strides && a.offset == unbound.offset) {
          a.shape = p.shape;
          a.strides = p.strides;
        }
    }
  }
  // The kernels of a function of dynamic shape read their sizes from the
  // descriptors they are given; only those of a recorded GEMM (uop.gemm)
  // are known to read M and K from A and N from B and to touch nothing
  // but A, B, C and the epilogue's operands the record describes, so only
  // there can the sizes given be checked against what the kernels read:
  // anything else is refused rather than launched past a buffer's end.
  if (dynamic) {
    const std::optional<GemmDesc> &g = host->gemm;
    if (!g || (g->epilogue && g->dims.empty())) {
      fail(error, ErrorKind::BadInput,
           "'" + name + "': " +
               (g ? std::string("its GEMM's fused epilogue reads operands "
                                "the record does not describe")
                  : std::string("the launch configuration records no GEMM "
                                "for it (uop.gemm)")) +
               ", so the sizes its kernels read cannot be checked against "
               "the sizes given to its parameters of dynamic shape; run it "
               "with static shapes");
      return std::nullopt;
    }
    for (size_t i = 0; i < bound.launches.size(); ++i) {
      const LaunchDesc &l = bound.launches[i];
      if (l.host != name)
        continue;
      for (size_t j = 0; j < l.args.size(); ++j) {
        const ArgDesc &arg = l.args[j];
        bool buffer = arg.kind == ArgDesc::Kind::MemRef ||
                      arg.kind == ArgDesc::Kind::TensorMap;
        bool described = arg.hostArg >= 0 &&
                         (size_t)arg.hostArg < g->dims.size() &&
                         !g->dims[arg.hostArg].empty();
        if (buffer && arg.hostArg != g->a && arg.hostArg != g->b &&
            arg.hostArg != g->c && !described) {
          fail(error, ErrorKind::BadInput,
               "launch " + std::to_string(i) + " (" + l.kernel +
                   ") argument " + std::to_string(j) + ": '" + name +
                   "' parameter " + std::to_string(arg.hostArg) +
                   ", which is not A, B or C of its GEMM nor an operand of "
                   "its epilogue: the sizes its kernel reads cannot be "
                   "checked; run it with static shapes");
          return std::nullopt;
        }
      }
    }
  }
  // The kernels of a GEMM read M, N and K from A and B (and a batch's
  // size from A or B): sizes that disagree would take them past a buffer's
  // end.
  if (const std::optional<GemmDesc> &g = host->gemm) {
    const ArgDesc &a = host->params[g->a], &b = host->params[g->b],
                  &c = host->params[g->c];
    // A batch of GEMMs: a 3-D C, and A and B 3-D (the batch outermost) or
    // one of them a 2-D matrix the batch shares.
    bool batched = c.kind == ArgDesc::Kind::MemRef && c.shape.size() == 3;
    auto known = [&](const ArgDesc &x) {
      return x.kind == ArgDesc::Kind::MemRef &&
             (x.shape.size() == 2 || (batched && x.shape.size() == 3)) &&
             std::all_of(x.shape.begin(), x.shape.end(),
                         [](int64_t size) { return size >= 0; });
    };
    if (known(a) && known(b) && known(c)) {
      size_t da = a.shape.size() - 2, db = b.shape.size() - 2,
             dc = c.shape.size() - 2;
      int64_t batch = batched ? c.shape[0] : 1;
      int64_t m = a.shape[da + (g->transposeA ? 1 : 0)];
      int64_t k = a.shape[da + (g->transposeA ? 0 : 1)];
      int64_t bk = b.shape[db + (g->transposeB ? 1 : 0)];
      int64_t bn = b.shape[db + (g->transposeB ? 0 : 1)];
      bool batchesAgree =
          (!da || a.shape[0] == batch) && (!db || b.shape[0] == batch);
      if (bk != k || c.shape[dc] != m || c.shape[dc + 1] != bn ||
          !batchesAgree) {
        auto batchDims = [](size_t d) { return d ? "batch x " : ""; };
        fail(error, ErrorKind::BadInput,
             "'" + name + "' parameters " + std::to_string(g->a) + ", " +
                 std::to_string(g->b) + " and " + std::to_string(g->c) +
                 " (A, B and C of its " +
                 (batched ? "batch of GEMMs" : "GEMM") + ") disagree on " +
                 (batched ? "the batch, " : "") + "M, N and K: A " +
                 shapeString(a.shape) + " (" + batchDims(da) +
                 (g->transposeA ? "K x M)" : "M x K)") + ", B " +
                 shapeString(b.shape) + " (" + batchDims(db) +
                 (g->transposeB ? "N x K)" : "K x N)") + ", C " +
                 shapeString(c.shape) + " (" + batchDims(dc) + "M x N)");
        return std::nullopt;
      }
      // The epilogue's operands: each dimension the batch, M, N, K or 1.
      for (size_t p = 0; p < g->dims.size() && p < host->params.size();
           ++p) {
        const std::string &dims = g->dims[p];
        const ArgDesc &x = host->params[p];
        if (dims.empty() || x.kind != ArgDesc::Kind::MemRef)
          continue;
        bool ok = dims.size() == x.shape.size();
        std::string want;
        for (size_t i = 0; i < dims.size(); ++i) {
          char letter = dims[i];
          int64_t size = letter == 'b'   ? batch
                         : letter == 'm' ? m
                         : letter == 'n' ? bn
                         : letter == 'k' ? k
                                         : 1;
          want += (i ? "x" : "") + std::to_string(size);
          ok = ok && x.shape[i] == size;
        }
        if (!ok) {
          fail(error, ErrorKind::BadInput,
               "'" + name + "' parameter " + std::to_string(p) +
                   ": its GEMM reads it as " + want + " (" + dims + " of " +
                   (batched ? "batch x " : "") + "M x N x K = " +
                   (batched ? std::to_string(batch) + " x " : "") +
                   std::to_string(m) + " x " + std::to_string(bn) + " x " +
                   std::to_string(k) + "), got sizes " +
                   shapeString(x.shape));
          return std::nullopt;
        }
      }
    }
  }
  // The sizes computed from them, for the launches the host makes at these
  // sizes (a batch of none launches nothing: its grid would have no block
  // along z).
  for (size_t i = 0; i < bound.launches.size(); ++i) {
    LaunchDesc &l = bound.launches[i];
    if (l.host != name)
      continue;
    std::string where = "launch " + std::to_string(i) + " (" + l.kernel + ")";
    std::string why;
    bool taken = true;
    if (l.unknownCondition.empty() &&
        isLaunchTaken(l, host->params, taken, why) && !taken)
      continue;
    for (int d = 0; d < 3; ++d) {
      if (!l.gridExpr[d])
        continue;
      int64_t value = 0;
      if (!evaluateSizeExpr(*l.gridExpr[d], host->params, value, why)) {
        fail(error, ErrorKind::BadInput,
             where + ": computing its grid along " + "xyz"[d] + " from '" +
                 name + "' parameters' sizes: " + why);
        return std::nullopt;
      }
      int64_t limit = d == 0 ? INT_MAX : 65535;
      if (value < 1 || value > limit) {
        fail(error, ErrorKind::BadInput,
             where + ": its grid along " + "xyz"[d] + " is " +
                 std::to_string(value) + " blocks for these sizes, expected 1 "
                 "to " + std::to_string(limit));
        return std::nullopt;
      }
      l.grid[d] = value;
    }
    for (size_t a = 0; a < l.args.size(); ++a) {
      ArgDesc &arg = l.args[a];
      if (arg.kind != ArgDesc::Kind::Scalar || !arg.expr)
        continue;
      int64_t value = 0;
      if (!evaluateSizeExpr(*arg.expr, host->params, value, why)) {
        fail(error, ErrorKind::BadInput,
             where + " argument " + std::to_string(a) + ": computing it " +
                 "from '" + name + "' parameters' sizes: " + why);
        return std::nullopt;
      }
      arg.hasValue = arg.valueIsInt = true;
      arg.intValue = value;
      arg.floatValue = (double)value;
    }
  }
  return bound;
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
  // Sizes known only at run time: bindShapes gives them.
  for (size_t i = 0; i < host->params.size(); ++i) {
    const ArgDesc &p = host->params[i];
    if (hasUnknownSizes(p)) {
      fail(error, ErrorKind::BadInput,
           "'" + name + "' parameter " + std::to_string(i) + ": a memref " +
               "of shape " + shapeString(p.shape) +
               ", whose sizes are known only at run time: give them "
               "(uop-run --shapes MxNxK)");
      return std::nullopt;
    }
  }
  for (size_t i = 0; i < config.launches.size(); ++i) {
    const LaunchDesc &l = config.launches[i];
    if (l.host != name)
      continue;
    // A launch the host makes under conditions on the sizes (uop-tile's
    // versions of a kernel): taken where they are as recorded.
    std::string where = "launch " + std::to_string(i) + " (" + l.kernel + ")";
    if (!l.unknownCondition.empty()) {
      fail(error, ErrorKind::BadInput,
           prefix + where + ": " + l.unknownCondition +
               ", so whether the host launches it cannot be decided");
      return std::nullopt;
    }
    bool taken = true;
    std::string why;
    if (!isLaunchTaken(l, host->params, taken, why)) {
      fail(error, ErrorKind::BadInput,
           prefix + where + ": deciding whether the host launches it from '" +
               name + "' parameters' sizes: " + why);
      return std::nullopt;
    }
    if (!taken) {
      ++plan.untakenLaunches;
      continue;
    }
    if (!validateLaunch(l, i, plan.launches.size(), *host, plan.tensorMaps,
                        error))
      return std::nullopt;
    plan.launches.push_back(l);
  }
  // (Every launch left out by its conditions, as for a batch of no GEMM,
  // is a function that launches nothing at these sizes.)
  if (plan.launches.empty() && plan.untakenLaunches == 0) {
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
  /// Blocks per cluster; {1, 1, 1}: a launch without clusters.
  unsigned cluster[3] = {1, 1, 1};
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
/// strides...), a scalar one slot, a tensor map one slot, the device
/// address of its CUtensorMap (`mapAddresses`, per argument).
static std::vector<uint64_t>
packParams(const LaunchDesc &l, const std::vector<CUdeviceptr> &devicePtrs,
           const std::vector<CUdeviceptr> &mapAddresses) {
  std::vector<uint64_t> slots;
  for (size_t i = 0; i < l.args.size(); ++i) {
    const ArgDesc &a = l.args[i];
    if (a.kind == ArgDesc::Kind::TensorMap) {
      slots.push_back(mapAddresses[i]);
      continue;
    }
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

  for (size_t li = 0; li < plan.launches.size(); ++li) {
    const LaunchDesc &l = plan.launches[li];
    auto launch = std::make_unique<Launch>();
    launch->kernel = l.kernel;
    if (!checkCuda(
            cu,
            cu.moduleGetFunction(&launch->function, module, l.kernel.c_str()),
            "cuModuleGetFunction '" + l.kernel + "'", error))
      return false;
    // Static and dynamic shared memory together within what this GPU
    // grants a block (a kernel compiled for another chip may ask more:
    // sm_80's 163 KiB against sm_86's 99 KiB), said before the driver
    // refuses it with a bare error.
    KernelInfo info;
    cu.funcGetAttribute(&info.staticSharedBytes,
                        CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, launch->function);
    int staticBytes = std::max(info.staticSharedBytes, 0), optin = 0;
    if (cu.deviceGetAttribute(
            &optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
            cu.device) == CUDA_SUCCESS &&
        optin > 0 && staticBytes + l.dynamicSharedBytes > optin)
      return fail(error, ErrorKind::BadInput,
                  "launch " + std::to_string(li) + " (" + l.kernel +
                      "): needs " +
                      std::to_string(staticBytes + l.dynamicSharedBytes) +
                      " bytes of shared memory per block (" +
                      std::to_string(staticBytes) + " static, " +
                      std::to_string(l.dynamicSharedBytes) +
                      " dynamic), above the " + std::to_string(optin) +
                      " this GPU (" + cu.deviceName +
                      ") grants a block; compile it for this GPU's target "
                      "or with smaller tiles");
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
    info.name = l.kernel;
    for (int d = 0; d < 3; ++d) {
      info.grid[d] = l.grid[d];
      info.block[d] = l.block[d];
      // validateLaunch bounded both by INT_MAX.
      launch->grid[d] = (unsigned)l.grid[d];
      launch->block[d] = (unsigned)l.block[d];
      launch->cluster[d] = (unsigned)l.cluster[d];
      info.cluster[d] = l.cluster[d];
    }
    info.dynamicSharedBytes = l.dynamicSharedBytes;
    launch->dynamicSharedBytes = (unsigned)l.dynamicSharedBytes;
    cu.funcGetAttribute(&info.registers, CU_FUNC_ATTRIBUTE_NUM_REGS,
                        launch->function);
    cu.funcGetAttribute(&info.localBytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
                        launch->function);
    std::vector<CUdeviceptr> mapAddresses(l.args.size(), 0);
    for (const TensorMapPlan &m : plan.tensorMaps)
      if (m.launch == li &&
          !encodeTensorMap(m, l.kernel, mapAddresses[m.arg], error))
        return false;
    launch->slots = packParams(l, devicePointers, mapAddresses);
    for (uint64_t &slot : launch->slots)
      launch->pointers.push_back(&slot);
    loaded.push_back(std::move(launch));
    kernelInfos.push_back(info);
  }
  return true;
}

bool GpuSession::encodeTensorMap(const TensorMapPlan &m,
                                 const std::string &kernel,
                                 CUdeviceptr &address, ExecError &error) {
  std::string what = "launch " + std::to_string(m.configLaunch) + " (" +
                     kernel + ") argument " + std::to_string(m.arg);
  if (!cu.tensorMapEncodeTiled)
    return fail(error, ErrorKind::Cuda,
                what + ": libcuda.so.1 lacks cuTensorMapEncodeTiled (TMA "
                       "needs the driver of CUDA 12 or newer)");
  const TensorMapEncoding &e = m.encoding;
  CUdeviceptr base = devicePointers[m.hostParam] + e.byteOffset;
  if (e.empty) {
    // One zeroed element for the map of an empty tensor (enough for its
    // sizes of 1).
    static const uint8_t zeros[kEmptyTensorBytes] = {};
    if (!checkCuda(cu, cu.memAlloc(&base, sizeof(zeros)),
                   what + ": cuMemAlloc of an empty tensor's element",
                   error))
      return false;
    allocations.push_back(base);
    if (!checkCuda(cu, cu.memcpyHtoD(base, zeros, sizeof(zeros)),
                   what + ": cuMemcpyHtoD", error))
      return false;
  }
  // cuMemAlloc aligns to far more; the offset was checked.
  if ((!e.empty && devicePointers[m.hostParam] == 0) || base % 16 != 0)
    return fail(error, ErrorKind::Cuda,
                what + ": expected a 16-byte aligned device buffer for "
                       "parameter " +
                    std::to_string(m.hostParam));
  // cuda.h declares CUtensorMap 64-byte aligned, as the encoder requires.
  CUtensorMap map;
  std::memset(&map, 0, sizeof(map));
  if (!checkCuda(cu,
                 cu.tensorMapEncodeTiled(
                     &map, e.dataType, e.rank,
                     reinterpret_cast<void *>((uintptr_t)base), e.globalDim,
                     e.globalStrides, e.boxDim, e.elementStrides, e.interleave,
                     e.swizzle, e.l2Promotion, e.oobFill),
                 what + ": cuTensorMapEncodeTiled", error))
    return false;
  // The kernel reads the map through a generic pointer to global memory.
  if (!checkCuda(cu, cu.memAlloc(&address, sizeof(map)),
                 what + ": cuMemAlloc of the tensor map", error))
    return false;
  allocations.push_back(address);
  return checkCuda(cu, cu.memcpyHtoD(address, &map, sizeof(map)),
                   what + ": cuMemcpyHtoD of the tensor map", error);
}

bool GpuSession::launch(ExecError &error) {
  for (const std::unique_ptr<Launch> &l : loaded) {
    if (l->cluster[0] * l->cluster[1] * l->cluster[2] > 1) {
      // A launch with clusters: cuLaunchKernelEx with the cluster
      // dimension as an attribute.
      if (!cu.launchKernelEx)
        return fail(error, ErrorKind::Cuda,
                    "launch of '" + l->kernel +
                        "' with thread-block clusters: libcuda.so.1 lacks "
                        "cuLaunchKernelEx (clusters need the driver of CUDA "
                        "12 or newer)");
      CUlaunchAttribute attribute;
      std::memset(&attribute, 0, sizeof(attribute));
      attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attribute.value.clusterDim.x = l->cluster[0];
      attribute.value.clusterDim.y = l->cluster[1];
      attribute.value.clusterDim.z = l->cluster[2];
      CUlaunchConfig config;
      std::memset(&config, 0, sizeof(config));
      config.gridDimX = l->grid[0];
      config.gridDimY = l->grid[1];
      config.gridDimZ = l->grid[2];
      config.blockDimX = l->block[0];
      config.blockDimY = l->block[1];
      config.blockDimZ = l->block[2];
      config.sharedMemBytes = l->dynamicSharedBytes;
      config.attrs = &attribute;
      config.numAttrs = 1;
      if (!checkCuda(cu,
                     cu.launchKernelEx(&config, l->function,
                                       l->pointers.data(), nullptr),
                     "cuLaunchKernelEx '" + l->kernel + "'", error))
        return false;
      continue;
    }
    if (!checkCuda(cu,
                   cu.launchKernel(l->function, l->grid[0], l->grid[1],
                                   l->grid[2], l->block[0], l->block[1],
                                   l->block[2], l->dynamicSharedBytes, nullptr,
                                   l->pointers.data(), nullptr),
                   "cuLaunchKernel '" + l->kernel + "'", error))
      return false;
  }
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
