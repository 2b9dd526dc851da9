//===- Runtime.cpp - the GPU runtime from Python --------------------------===//
//
// uop.run's native half: the launch executor of lib/Runtime, the library
// uop-run uses, with the CUDA driver loaded at run time, so that the module
// imports everywhere and says plainly that there is no GPU where there is
// none. lib/Runtime lives in namespace ::uop, which `using namespace mlir`
// would make ambiguous with mlir::uop: it has this file to itself.
//
//===----------------------------------------------------------------------===//

#include "Builder.h"

#include "Uop/Runtime/Executor.h"

#include <pybind11/stl.h>

#include <map>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace ::uop::runtime;

namespace {
/// The sizes of memref parameters of dynamic shape, by parameter index.
using Shapes = std::map<size_t, std::vector<int64_t>>;

/// The launch JSON `json`, parsed; throws uop.Error on bad input.
LaunchConfig parse(const std::string &json) {
  std::string why;
  std::optional<LaunchConfig> config = parseLaunchConfig(json, why);
  if (!config)
    throw mlir::uop::python::UopError("bad launch configuration: " + why);
  return std::move(*config);
}

/// The plan of host function `host` of the launch JSON `json`, its memref
/// parameters of dynamic shape given `shapes`; throws uop.Error on bad
/// input.
HostFunctionPlan plan(const std::string &json, const std::string &host,
                      const Shapes &shapes) {
  std::optional<LaunchConfig> config = parse(json);
  ExecError error;
  if (!shapes.empty() &&
      !(config = bindShapes(*config, host, shapes, error)))
    throw mlir::uop::python::UopError(error.message);
  std::optional<HostFunctionPlan> p = prepareHostFunction(*config, host, error);
  if (!p)
    throw mlir::uop::python::UopError(error.message);
  return std::move(*p);
}

/// The memref parameters of `host` as the JSON describes them, before any
/// check: index, element type and shape, None for a size known only at
/// run time.
py::list hostParams(const std::string &json, const std::string &host) {
  LaunchConfig config = parse(json);
  const std::string &name =
      host.empty() && !config.launches.empty() ? config.launches.front().host
                                               : host;
  py::list result;
  for (const HostFunctionDesc &f : config.functions) {
    if (f.name != name)
      continue;
    for (size_t i = 0; i < f.params.size(); ++i) {
      const ArgDesc &d = f.params[i];
      if (d.kind != ArgDesc::Kind::MemRef)
        continue;
      py::list shape;
      for (int64_t size : d.shape)
        shape.append(size < 0 ? py::object(py::none()) : py::int_(size));
      py::dict p;
      p["param"] = i;
      p["element"] = d.type;
      p["shape"] = py::tuple(shape);
      result.append(p);
    }
  }
  return result;
}

/// The memref parameters of `host`, in order: element type, shape and the
/// bytes of the buffer each takes.
py::list hostBuffers(const std::string &json, const std::string &host,
                     const Shapes &shapes) {
  HostFunctionPlan p = plan(json, host, shapes);
  py::list result;
  for (size_t param : p.memrefParams) {
    const ArgDesc &d = p.host.params[param];
    py::dict b;
    b["param"] = param;
    b["element"] = d.type;
    b["shape"] = py::tuple(py::cast(d.shape));
    b["bytes"] = p.bufferBytes[param];
    result.append(b);
  }
  return result;
}

/// Runs the launches of `host` on the GPU with `buffers` (one bytearray per
/// memref parameter, in order, each of the size hostBuffers gives), which
/// hold what the kernels left in device memory afterwards. Returns ("", "")
/// or the failure's kind ("bad input", "no gpu", "cuda") and message.
std::pair<std::string, std::string> runHost(const std::string &ptx,
                                            const std::string &json,
                                            const std::string &host,
                                            py::list arrays,
                                            const Shapes &shapes) {
  HostFunctionPlan p = plan(json, host, shapes);
  if (arrays.size() != p.memrefParams.size())
    throw mlir::uop::python::UopError(
        "'" + p.host.name + "' takes " +
        std::to_string(p.memrefParams.size()) + " buffers, got " +
        std::to_string(arrays.size()));
  std::vector<HostBuffer> buffers = p.makeBuffers();
  for (size_t i = 0; i < p.memrefParams.size(); ++i) {
    auto bytes = arrays[i].cast<py::bytearray>();
    HostBuffer &b = buffers[p.memrefParams[i]];
    b.data = PyByteArray_AsString(bytes.ptr());
    b.bytes = size_t(PyByteArray_Size(bytes.ptr()));
  }
  ExecError error;
  bool ok;
  {
    py::gil_scoped_release release;
    GpuSession gpu;
    ok = gpu.open(error) && gpu.run(ptx, p, buffers, error);
  }
  if (ok)
    return {"", ""};
  const char *kind = error.kind == ErrorKind::NoGpu      ? "no gpu"
                     : error.kind == ErrorKind::BadInput ? "bad input"
                                                         : "cuda";
  return {kind, error.message};
}
} // namespace

void mlir::uop::python::bindRuntime(py::module_ &m) {
  m.def(
      "gpu_unavailable_reason",
      [] {
        CudaDriver driver;
        std::string reason;
        return driver.open(reason) ? std::string() : reason;
      },
      "Why no GPU can be used (no driver, no device), or '' when one can.");
  m.def("host_params", &hostParams, py::arg("launch_json"), py::arg("host"),
        "The memref parameters of a host function as the launch "
        "configuration describes them: param, element, shape (None for a "
        "size known only at run time).");
  m.def("host_buffers", &hostBuffers, py::arg("launch_json"), py::arg("host"),
        py::arg("shapes") = Shapes(),
        "The memref parameters of a host function of a launch configuration, "
        "those of dynamic shape sized by `shapes` ({param: sizes}): param, "
        "element, shape, bytes.");
  m.def("run_host_function", &runHost, py::arg("ptx"), py::arg("launch_json"),
        py::arg("host"), py::arg("buffers"), py::arg("shapes") = Shapes(),
        "Runs a host function's launches on the GPU with one bytearray per "
        "memref parameter (those of dynamic shape sized by `shapes`); "
        "returns ('', '') or (kind, message).");
}
