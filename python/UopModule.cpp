//===- UopModule.cpp - the uop Python module ------------------------------===//
//
// Python bindings over the uop library: compile a GEMM (any stage of the
// --uop-compile ladder), run a pass pipeline, emit PTX and launch
// configurations, and run the CPU simulator. Every entry takes and returns
// MLIR as text; failures raise uop.Error with the diagnostics, except the
// simulator's, which are part of its report (exit code 3).
//
//===----------------------------------------------------------------------===//

#include "Uop/Support/ParserGuards.h"
#include "Uop/InitAllUop.h"
#include "Uop/Pipelines/Pipelines.h"
#include "Uop/Sim/Simulator.h"
#include "Uop/Target/PTX.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
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
    auto buffer = llvm::MemoryBuffer::getMemBufferCopy(source, "<source>");
    // Text MLIR's parser would crash on is refused at its location.
    if (uop::reportKnownParserCrash(*buffer, os))
      fail("cannot parse the source");
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
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

/// `t` as (x, y, z).
py::tuple triple(const std::array<int64_t, 3> &t) {
  return py::make_tuple(t[0], t[1], t[2]);
}

/// A fault of a simulator report as a dict (the Python package makes it a
/// uop.Fault).
py::dict faultToDict(const uop::sim::Fault &f) {
  py::dict d;
  d["kind"] = uop::sim::getFaultKindName(f.kind);
  d["message"] = f.message;
  d["buffer"] = f.buffer;
  d["block"] = f.block ? py::object(triple(*f.block)) : py::none();
  py::list threads;
  for (const uop::sim::SimThread &t : f.threads) {
    py::dict td;
    td["id"] = triple(t.id);
    td["linear"] = t.linear;
    td["warp"] = t.warp;
    td["lane"] = t.lane;
    threads.append(td);
  }
  d["threads"] = threads;
  py::list locations;
  for (Location loc : f.locations)
    locations.append(uop::sim::formatLoc(loc));
  d["locations"] = locations;
  return d;
}

/// Runs the simulator on MLIR text parsed in memory (and a reference text);
/// returns the report as a dict: the exit code and uop-sim's output, the
/// faults, the comparison, the traffic and the outputs.
py::dict simulate(const std::string &source,
                  std::optional<std::string> compareWith,
                  const std::string &entry, std::optional<std::string> refEntry,
                  uint64_t seed, std::optional<double> atol,
                  std::optional<double> rtol, bool traffic,
                  std::optional<unsigned> warpSize,
                  std::optional<uint64_t> maxSteps,
                  std::optional<uint64_t> maxMemory,
                  const std::string &sourceName,
                  const std::string &referenceName) {
  DialectRegistry registry;
  uop::registerAllUopDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  std::string out, err;
  llvm::raw_string_ostream outOs(out), errOs(err);
  llvm::SourceMgr sources;
  uop::sim::SimDiagnosticHandler handler(sources, &context, errOs);

  uop::sim::SimOptions opts;
  opts.entry = entry;
  if (refEntry)
    opts.refEntry = *refEntry;
  opts.seed = seed;
  opts.atol = atol;
  opts.rtol = rtol;
  if (warpSize)
    opts.warpSize = *warpSize;
  if (maxSteps)
    opts.maxSteps = *maxSteps;
  if (maxMemory)
    opts.maxMemory = *maxMemory;
  uop::sim::ValueNames names;
  opts.names = &names;
  uop::sim::SimReport report;
  {
    py::gil_scoped_release release;
    auto parse = [&](const std::string &text, const std::string &name) {
      unsigned id = sources.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBufferCopy(text, name), llvm::SMLoc());
      return uop::sim::parseSimSource(sources, id, &context, names);
    };
    OwningOpRef<ModuleOp> module = parse(source, sourceName), reference;
    if (module && compareWith)
      reference = parse(*compareWith, referenceName);
    if (module && (!compareWith || reference)) {
      report = uop::sim::simulate(*module, opts,
                                  reference ? *reference : nullptr);
      uop::sim::PrintOptions print;
      print.traffic = traffic;
      uop::sim::printReport(report, print, outOs, errOs);
    }
  }
  outOs.flush();
  errOs.flush();

  py::dict d;
  d["code"] = report.getExitCode();
  d["stdout"] = out;
  d["stderr"] = err;
  py::list faults, refFaults;
  for (const uop::sim::Fault &f : report.faults)
    faults.append(faultToDict(f));
  for (const uop::sim::Fault &f : report.referenceFaults)
    refFaults.append(faultToDict(f));
  d["faults"] = faults;
  d["reference_faults"] = refFaults;
  py::object comparison = py::none();
  if (report.comparison) {
    py::list args;
    for (const uop::sim::ArgumentComparison &a :
         report.comparison->arguments) {
      py::dict ad;
      ad["name"] = a.name;
      ad["atol"] = a.atol;
      ad["rtol"] = a.rtol;
      ad["max_abs_err"] = a.maxAbsErr;
      ad["max_rel_err"] = a.maxRelErr;
      ad["mismatches"] = a.mismatches;
      ad["elements"] = a.elements;
      args.append(ad);
    }
    comparison = args;
  }
  d["comparison"] = comparison;
  py::object trafficStats = py::none();
  if (report.ran) {
    py::dict t;
    t["global_loads"] = report.traffic.globalLoads;
    t["global_stores"] = report.traffic.globalStores;
    t["shared_loads"] = report.traffic.sharedLoads;
    t["shared_stores"] = report.traffic.sharedStores;
    trafficStats = t;
  }
  d["traffic"] = trafficStats;
  py::list outputs;
  for (const uop::sim::SimOutput &o : report.outputs) {
    py::dict od;
    od["name"] = o.name;
    std::string type;
    llvm::raw_string_ostream typeOs(type);
    o.type.print(typeOs);
    od["type"] = type;
    py::list shape, values;
    for (int64_t s : o.type.getShape())
      shape.append(s);
    od["shape"] = py::tuple(shape);
    for (int64_t e = 0, n = o.getNumElements(); e < n; ++e) {
      if (uop::sim::isFloatKind(o.kind))
        values.append(o.getAsDouble(e));
      else
        values.append(o.getElement(e).i);
    }
    od["values"] = values;
    outputs.append(od);
  }
  d["outputs"] = outputs;
  return d;
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
  m.def("simulate", &simulate, py::arg("source"),
        py::arg("compare_with") = py::none(), py::arg("entry") = "main",
        py::arg("ref_entry") = py::none(), py::arg("seed") = 0,
        py::arg("atol") = py::none(), py::arg("rtol") = py::none(),
        py::arg("traffic") = false, py::arg("warp_size") = py::none(),
        py::arg("max_steps") = py::none(), py::arg("max_memory") = py::none(),
        py::arg("source_name") = "<input>",
        py::arg("reference_name") = "<reference>",
        "Runs the simulator on MLIR text (and a reference text) in memory; "
        "returns its report as a dict: code (uop-sim's exit code: 0 "
        "ran/agreed, 1 differs, 2 fault, 3 bad input), stdout and stderr as "
        "uop-sim prints them, faults, reference_faults, comparison, traffic, "
        "outputs.");
}
