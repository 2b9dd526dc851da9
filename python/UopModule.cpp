//===- UopModule.cpp - the uop Python module ------------------------------===//
//
// Python bindings over the uop library: compile a GEMM (any stage of the
// --uop-compile ladder), run a pass pipeline, emit PTX and launch
// configurations, and run the CPU simulator. Every entry takes and returns
// MLIR as text; failures raise uop.Error with the diagnostics.
//
//===----------------------------------------------------------------------===//

#include "Uop/InitAllUop.h"
#include "Uop/Pipelines/Pipelines.h"
#include "Uop/Sim/Simulator.h"
#include "Uop/Target/PTX.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/SourceMgr.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <stdexcept>
#include <string>

namespace py = pybind11;
using namespace mlir;

namespace {
/// Raised (as uop.Error) with the diagnostics of a failed step.
struct UopError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A context with every dialect the tools know, and the diagnostics it
/// prints collected in a string.
struct Session {
  Session() : context(makeRegistry()), os(diagnostics) {
    handler.emplace(sourceMgr, &context, os);
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    uop::registerAllUopDialects(registry);
    return registry;
  }

  OwningOpRef<ModuleOp> parse(const std::string &source) {
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source, "<source>"),
        llvm::SMLoc());
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(sourceMgr, &context);
    if (!module)
      fail("cannot parse the source");
    return module;
  }

  [[noreturn]] void fail(const std::string &what) {
    os.flush();
    throw UopError(what + (diagnostics.empty() ? "" : ":\n" + diagnostics));
  }

  static std::string print(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream out(text);
    module.print(out);
    return text;
  }

  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  std::string diagnostics;
  llvm::raw_string_ostream os;
  std::optional<SourceMgrDiagnosticHandler> handler;
};

std::string compile(const std::string &source, const std::string &target,
                    const std::string &emit, std::optional<py::tuple> tile,
                    std::optional<py::tuple> threadTile, int64_t stages,
                    int64_t pad, bool swizzle, unsigned optLevel) {
  Session s;
  OwningOpRef<ModuleOp> module = s.parse(source);
  // The pipeline's own options struct, filled field by field: the passes
  // validate the values and name the option in their diagnostics.
  uop::CompileOptions options;
  options.target = target;
  options.emit = emit;
  options.stages = stages;
  options.pad = pad;
  options.swizzle = swizzle;
  options.optLevel = optLevel;
  auto sizes = [](const py::tuple &t) {
    SmallVector<int64_t> v;
    for (py::handle h : t)
      v.push_back(h.cast<int64_t>());
    return v;
  };
  if (tile)
    options.tile = sizes(*tile);
  if (threadTile)
    options.threadTile = sizes(*threadTile);
  PassManager pm(&s.context);
  std::string error;
  if (failed(uop::buildCompilePipeline(pm, options, [&](const Twine &msg) {
        error = msg.str();
        return failure();
      })))
    throw UopError(error);
  if (failed(pm.run(*module)))
    s.fail("compilation failed");
  return Session::print(*module);
}

std::string runPipeline(const std::string &source,
                        const std::string &pipeline) {
  Session s;
  OwningOpRef<ModuleOp> module = s.parse(source);
  std::string error;
  llvm::raw_string_ostream errorOs(error);
  FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, errorOs);
  if (failed(parsed))
    throw UopError("invalid pipeline '" + pipeline + "': " + error);
  PassManager pm(&s.context);
  static_cast<OpPassManager &>(pm) = *parsed;
  if (failed(pm.run(*module)))
    s.fail("the pipeline failed");
  return Session::print(*module);
}

std::string toPTX(const std::string &source) {
  Session s;
  OwningOpRef<ModuleOp> module = s.parse(source);
  FailureOr<std::string> ptx = uop::translateModuleToPTX(*module);
  if (failed(ptx))
    s.fail("PTX generation failed");
  return *ptx;
}

py::list launchConfigs(const std::string &source) {
  Session s;
  OwningOpRef<ModuleOp> module = s.parse(source);
  py::list result;
  auto dims = [](const std::array<std::optional<int64_t>, 3> &d) {
    py::list l;
    for (const std::optional<int64_t> &x : d)
      l.append(x ? py::cast(*x) : py::none());
    return py::tuple(l);
  };
  for (const uop::KernelLaunch &launch : uop::collectLaunches(*module)) {
    py::dict d;
    d["host"] = launch.hostFunction;
    d["kernel"] = launch.kernel;
    d["grid"] = dims(launch.grid);
    d["block"] = dims(launch.block);
    d["dynamic_shared_bytes"] = launch.dynamicSharedBytes
                                    ? py::cast(*launch.dynamicSharedBytes)
                                    : py::none();
    result.append(d);
  }
  return result;
}

py::tuple simulate(const std::string &path, const std::string &entry,
                   uint64_t seed, std::optional<std::string> compareWith,
                   std::optional<std::string> refEntry,
                   std::optional<double> atol, std::optional<double> rtol,
                   bool traffic) {
  uop::sim::SimOptions opts;
  opts.input = path;
  opts.entry = entry;
  opts.seed = seed;
  if (compareWith)
    opts.compareWith = *compareWith;
  if (refEntry)
    opts.refEntry = *refEntry;
  opts.atol = atol;
  opts.rtol = rtol;
  opts.traffic = traffic;
  std::string out, err;
  llvm::raw_string_ostream outOs(out), errOs(err);
  int code;
  {
    py::gil_scoped_release release;
    code = uop::sim::runSimulator(opts, outOs, errOs);
  }
  outOs.flush();
  errOs.flush();
  return py::make_tuple(code, out, err);
}
} // namespace

PYBIND11_MODULE(_uop, m) {
  m.doc() = "uop: GEMM kernels from MLIR to PTX, checked on the CPU";
  uop::registerAllUopPasses();
  static py::exception<UopError> error(m, "Error");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const UopError &e) {
      PyErr_SetString(error.ptr(), e.what());
    }
  });

  // Keyword defaults are the pipeline's own.
  const uop::CompileOptions defaults;
  m.def("compile", &compile, py::arg("source"),
        py::arg("target") = std::string(defaults.target),
        py::arg("emit") = std::string(defaults.emit),
        py::arg("tile") = py::none(), py::arg("thread_tile") = py::none(),
        py::arg("stages") = int64_t(defaults.stages),
        py::arg("pad") = int64_t(defaults.pad),
        py::arg("swizzle") = bool(defaults.swizzle),
        py::arg("opt_level") = unsigned(defaults.optLevel),
        "Runs --uop-compile on MLIR text; returns the compiled module's text "
        "at the stage `emit` names (kernel, gpu, nvgpu or llvm: host code "
        "+ gpu.module in LLVM/NVVM).");
  m.def("stages", [] {
    std::vector<std::string> names;
    for (uop::Stage stage : uop::getAllStages())
      names.push_back(uop::getStageName(stage).str());
    return names;
  }, "Names of the pipeline's stages, in order.");
  m.def("run_pipeline", &runPipeline, py::arg("source"), py::arg("pipeline"),
        "Runs a textual pass pipeline, e.g. "
        "'builtin.module(uop-tile,uop-promote-shared)'.");
  m.def("to_ptx", &toPTX, py::arg("source"),
        "PTX of the kernels of an emit='llvm' module.");
  m.def("launch_configs", &launchConfigs, py::arg("source"),
        "Grid, block and dynamic shared bytes of every gpu.launch_func.");
  m.def("simulate_file", &simulate, py::arg("path"), py::arg("entry") = "main",
        py::arg("seed") = 0, py::arg("compare_with") = py::none(),
        py::arg("ref_entry") = py::none(), py::arg("atol") = py::none(),
        py::arg("rtol") = py::none(), py::arg("traffic") = false,
        "Runs uop-sim on a file; returns (exit code, stdout, stderr) with "
        "uop-sim's exit codes: 0 ran/agreed, 1 differs, 2 fault, 3 bad "
        "input.");
}
