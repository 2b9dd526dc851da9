//===- UopModule.cpp - the uop Python module ------------------------------===//
//
// Python bindings over the uop library: compile a GEMM (any stage of the
// --uop-compile ladder), run a pass pipeline, emit PTX and launch
// configurations, and run the CPU simulator. Every entry takes and returns
// MLIR as text; failures raise uop.Error with the diagnostics, except the
// simulator's, which are part of its report (exit code 3).
//
//===----------------------------------------------------------------------===//

#include "Builder.h"

#include "Uop/Support/ParserGuards.h"
#include "Uop/InitAllUop.h"
#include "Uop/Pipelines/Pipelines.h"
#include "Uop/Sim/Simulator.h"
#include "Uop/Target/PTX.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <atomic>
#include <chrono>
#include <future>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

namespace py = pybind11;
using namespace mlir;

using mlir::uop::python::runGuarded;
using mlir::uop::python::UopError;

namespace {

/// A context with every dialect the tools know, the module parsed into it,
/// and the diagnostics it prints collected in a string. After a crash that
/// runGuarded recovered from, the module and the context are left as they
/// are (leaked): destroying IR a crash left half-rewritten could crash
/// again, outside any guard.
struct Session {
  Session()
      : owned(std::make_unique<MLIRContext>(
            makeRegistry(), MLIRContext::Threading::DISABLED)),
        context(*owned), os(diagnostics),
        crashesAtStart(uop::python::getCrashCount()) {
    // (Passes run on the calling thread, where runGuarded catches a crash.)
    context.printOpOnDiagnostic(false);
    handler.emplace(sourceMgr, &context, os);
  }

  ~Session() {
    if (uop::python::getCrashCount() == crashesAtStart)
      return;
    (void)module.release();
    handler.reset();
    (void)owned.release();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    uop::registerAllUopDialects(registry);
    return registry;
  }

  /// Parses `source` into the session's module.
  ModuleOp parse(const std::string &source) {
    auto buffer = llvm::MemoryBuffer::getMemBufferCopy(source, "<source>");
    // Text MLIR's parser would crash on is refused at its location.
    if (uop::reportKnownParserCrash(*buffer, os))
      fail("cannot parse the source");
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    runGuarded("parsing or verifying the source", [&] {
      module = parseSourceFile<ModuleOp>(sourceMgr, &context);
    });
    if (!module)
      fail("cannot parse the source");
    return *module;
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

  std::unique_ptr<MLIRContext> owned;
  MLIRContext &context;
  llvm::SourceMgr sourceMgr;
  std::string diagnostics;
  llvm::raw_string_ostream os;
  std::optional<SourceMgrDiagnosticHandler> handler;
  unsigned crashesAtStart;
  OwningOpRef<ModuleOp> module;
};

/// CompileOptions with its options readable by name.
struct CompileOptionTable : uop::CompileOptions {
  /// (name, default, description, is a list) of every option, by name.
  py::list describe() const {
    // The printed form, `{a=1 b=x,y c=}`, holds the defaults.
    std::string printed;
    llvm::raw_string_ostream os(printed);
    print(os);
    StringRef body = StringRef(printed).trim().drop_front().drop_back();
    llvm::StringMap<std::string> defaults;
    SmallVector<StringRef> items;
    body.split(items, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef item : items) {
      auto [key, value] = item.split('=');
      defaults[key] = value.str();
    }
    SmallVector<StringRef> names;
    for (auto &entry : OptionsMap)
      names.push_back(entry.first);
    llvm::sort(names);
    py::list result;
    for (StringRef name : names) {
      llvm::cl::Option *option = OptionsMap.lookup(name);
      py::dict d;
      d["name"] = name.str();
      d["default"] = defaults.lookup(name);
      d["help"] = option->HelpStr.str();
      // A ListOption is a cl::list: any number of occurrences.
      d["list"] = option->getNumOccurrencesFlag() == llvm::cl::ZeroOrMore;
      result.append(d);
    }
    return result;
  }
};

/// Runs the stages of --uop-compile up to `last` on MLIR text, with the
/// pipeline's option text `options` ("target=sm_90a tile=64,64,32"); returns
/// the module's text after each stage as (stage, text) pairs. Each stage is
/// its registered --uop-stage-<name> pipeline, which checks the option names
/// and the passes the values.
py::list compileStages(const std::string &source, const std::string &options,
                       const std::string &last) {
  Session s;
  std::optional<uop::Stage> lastStage = uop::parseStage(last);
  if (!lastStage)
    throw UopError("unsupported stage '" + last + "': expected one of " +
                   uop::getStageNames());
  ModuleOp module = s.parse(source);
  py::list result;
  for (uop::Stage stage : uop::getAllStages()) {
    std::string name = uop::getStageName(stage).str();
    std::string error;
    llvm::raw_string_ostream errorOs(error);
    FailureOr<OpPassManager> parsed = failure();
    runGuarded("parsing the pipeline", [&] {
      parsed = parsePassPipeline(
          "builtin.module(uop-stage-" + name + "{" + options + "})", errorOs);
    });
    if (failed(parsed))
      throw UopError("invalid options: " + StringRef(error).trim().str());
    PassManager pm(&s.context);
    static_cast<OpPassManager &>(pm) = *parsed;
    LogicalResult ran = failure();
    {
      py::gil_scoped_release release;
      runGuarded("the " + name + " stage",
                 [&] { ran = pm.run(module); });
    }
    if (failed(ran))
      s.fail("compilation failed at the " + name + " stage");
    result.append(py::make_tuple(name, Session::print(module)));
    if (stage == *lastStage)
      break;
  }
  return result;
}

std::string runPipeline(const std::string &source,
                        const std::string &pipeline) {
  Session s;
  ModuleOp module = s.parse(source);
  std::string error;
  llvm::raw_string_ostream errorOs(error);
  FailureOr<OpPassManager> parsed = failure();
  runGuarded("parsing the pipeline",
             [&] { parsed = parsePassPipeline(pipeline, errorOs); });
  if (failed(parsed))
    throw UopError("invalid pipeline '" + pipeline + "': " + error);
  PassManager pm(&s.context);
  static_cast<OpPassManager &>(pm) = *parsed;
  LogicalResult ran = failure();
  runGuarded("the pipeline", [&] { ran = pm.run(module); });
  if (failed(ran))
    s.fail("the pipeline failed");
  return Session::print(module);
}

std::string toPTX(const std::string &source) {
  Session s;
  ModuleOp module = s.parse(source);
  FailureOr<std::string> ptx = failure();
  runGuarded("PTX generation",
             [&] { ptx = uop::translateModuleToPTX(module); });
  if (failed(ptx))
    s.fail("PTX generation failed");
  return *ptx;
}

/// The launch JSON of an emit='llvm' module, as uop-translate
/// --uop-launch-config writes it.
std::string launchJSON(const std::string &source) {
  Session s;
  ModuleOp module = s.parse(source);
  std::string json;
  llvm::raw_string_ostream os(json);
  runGuarded("writing the launch configuration", [&] {
    uop::writeLaunchConfigJSON(uop::collectLaunches(module),
                               uop::collectHostFunctions(module), os);
  });
  return json;
}

py::list launchConfigs(const std::string &source) {
  Session s;
  ModuleOp module = s.parse(source);
  py::list result;
  auto dims = [](const std::array<std::optional<int64_t>, 3> &d) {
    py::list l;
    for (const std::optional<int64_t> &x : d)
      l.append(x ? py::cast(*x) : py::none());
    return py::tuple(l);
  };
  for (const uop::KernelLaunch &launch : uop::collectLaunches(module)) {
    py::dict d;
    d["host"] = launch.hostFunction;
    d["kernel"] = launch.kernel;
    d["grid"] = dims(launch.grid);
    d["block"] = dims(launch.block);
    d["dynamic_shared_bytes"] = launch.dynamicSharedBytes
                                    ? py::cast(*launch.dynamicSharedBytes)
                                    : py::none();
    d["conditional"] =
        !launch.conditions.empty() || !launch.unknownCondition.empty();
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

/// An input array of `simulate`: its bytes (row-major, the simulator's
/// storage format), numpy dtype name and shape.
struct InputArray {
  py::bytes owner;
  llvm::ArrayRef<uint8_t> bytes;
  std::string dtype;
  std::vector<int64_t> shape;

  /// From a (bytes, dtype name, shape) tuple.
  static InputArray from(py::handle h) {
    auto t = h.cast<py::tuple>();
    if (t.size() != 3)
      throw UopError("an input is (bytes, dtype, shape)");
    InputArray a;
    a.owner = t[0].cast<py::bytes>();
    char *data = nullptr;
    Py_ssize_t size = 0;
    PyBytes_AsStringAndSize(a.owner.ptr(), &data, &size);
    a.bytes = llvm::ArrayRef<uint8_t>(reinterpret_cast<uint8_t *>(data),
                                      size_t(size));
    a.dtype = t[1].cast<std::string>();
    for (py::handle d : t[2].cast<py::tuple>())
      a.shape.push_back(d.cast<int64_t>());
    return a;
  }
};

/// The numpy dtype names that hold elements of `type`: bf16 as
/// ml_dtypes' bfloat16 or as its bits in uint16.
static SmallVector<StringRef> getNumpyDtypes(Type type) {
  if (type.isF32())
    return {"float32"};
  if (type.isF16())
    return {"float16"};
  if (type.isBF16())
    return {"bfloat16", "uint16"};
  if (type.isF64())
    return {"float64"};
  if (type.isIndex())
    return {"int64"};
  if (type.isInteger(1))
    return {"bool"};
  for (unsigned width : {8, 16, 32, 64}) {
    if (!type.isInteger(width))
      continue;
    StringRef name = width == 8    ? "uint8"
                     : width == 16 ? "uint16"
                     : width == 32 ? "uint32"
                                   : "uint64";
    // Signless and signed integers are intN, unsigned ones uintN.
    return {type.isUnsignedInteger() ? name : name.drop_front()};
  }
  return {};
}

/// Checks the arrays given for the arguments of `entry`: at most one per
/// argument, each of the argument's shape and element type. Throws
/// uop.Error naming the argument otherwise; an entry that is missing is left
/// to the simulator's diagnostics.
/// Checks `arrays` against the arguments of `entry`; for an entry of
/// dynamic shape (every argument then given as an array) returns each
/// argument's sizes, the arrays' shapes (SimOptions::argSizes), else none.
static std::vector<std::vector<int64_t>>
checkInputArrays(ModuleOp module, const std::string &entry,
                 ArrayRef<InputArray> arrays) {
  auto fn = module.lookupSymbol<func::FuncOp>(entry);
  if (!fn)
    return {};
  if (arrays.size() > fn.getNumArguments())
    throw UopError("@" + entry + " takes " +
                   std::to_string(fn.getNumArguments()) + " arguments, got " +
                   std::to_string(arrays.size()) + " arrays");
  // A dimension of dynamic size takes the array's; with one, every
  // argument must be an array (there is no size to seed it at).
  bool dynamic = llvm::any_of(fn.getArgumentTypes(), [](Type t) {
    auto type = dyn_cast<MemRefType>(t);
    return type && !type.hasStaticShape();
  });
  std::vector<std::vector<int64_t>> argSizes;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    if (!dynamic)
      break;
    if (i >= arrays.size() || arrays[i].dtype.empty()) {
      std::string typeText;
      llvm::raw_string_ostream(typeText) << t;
      throw UopError("argument " + std::to_string(i) + " of @" + entry +
                     " is " + typeText +
                     ": an entry of dynamic shape runs at the sizes of its "
                     "arrays, so every argument must be given as one");
    }
    argSizes.push_back(arrays[i].shape);
  }
  for (auto [i, a] : llvm::enumerate(arrays)) {
    if (a.dtype.empty())
      continue;
    auto type = dyn_cast<MemRefType>(fn.getArgumentTypes()[i]);
    if (!type)
      continue;
    SmallVector<StringRef> dtypes = getNumpyDtypes(type.getElementType());
    std::string typeText;
    llvm::raw_string_ostream(typeText) << type;
    auto shapeText = [](ArrayRef<int64_t> shape) {
      std::string text = "(";
      for (auto [j, d] : llvm::enumerate(shape))
        text += (j ? ", " : "") +
                (ShapedType::isDynamic(d) ? "?" : std::to_string(d));
      return text + (shape.size() == 1 ? ",)" : ")");
    };
    // The array's shape: the type's, where the type has a static size.
    bool fits = a.shape.size() == (size_t)type.getRank() &&
                llvm::all_of(llvm::zip(a.shape, type.getShape()), [](auto p) {
                  auto [given, declared] = p;
                  return ShapedType::isDynamic(declared) || given == declared;
                });
    if (!llvm::is_contained(dtypes, a.dtype) || !fits)
      throw UopError("argument " + std::to_string(i) + " of @" + entry +
                     " is " + typeText + ": expected " +
                     (dtypes.empty() ? std::string("no array")
                                     : "a " + llvm::join(dtypes, " or ") +
                                           " array") +
                     " of shape " + shapeText(type.getShape()) + ", got " +
                     a.dtype + " " + shapeText(a.shape));
  }
  return argSizes;
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
                  std::optional<uint64_t> maxMemory, uint64_t preemptSeed,
                  const std::string &sourceName,
                  const std::string &referenceName, py::list inputs,
                  bool outputValues) {
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
  opts.preemptSeed = preemptSeed;
  uop::sim::ValueNames names;
  opts.names = &names;
  // The inputs' bytes stay owned by their Python objects, referenced here.
  std::vector<InputArray> arrays;
  for (py::handle h : inputs) {
    if (h.is_none()) {
      arrays.emplace_back();
      opts.inputs.emplace_back();
      continue;
    }
    arrays.push_back(InputArray::from(h));
    opts.inputs.emplace_back(arrays.back().bytes);
  }
  uop::sim::SimReport report;
  auto simulateGuarded = [&] {
    runGuarded("the simulation", [&] {
      auto parse = [&](const std::string &text, const std::string &name) {
        unsigned id = sources.AddNewSourceBuffer(
            llvm::MemoryBuffer::getMemBufferCopy(text, name), llvm::SMLoc());
        return uop::sim::parseSimSource(sources, id, &context, names);
      };
      OwningOpRef<ModuleOp> module = parse(source, sourceName), reference;
      if (module)
        opts.argSizes = checkInputArrays(*module, entry, arrays);
      if (module && compareWith)
        reference = parse(*compareWith, referenceName);
      if (module && (!compareWith || reference)) {
        report = uop::sim::simulate(*module, opts,
                                    reference ? *reference : nullptr);
        uop::sim::PrintOptions print;
        print.traffic = traffic;
        uop::sim::printReport(report, print, outOs, errOs);
      }
    });
  };
  // The simulation runs on a thread of its own while this one, without
  // the GIL, looks every 50 ms for a signal Python has to handle (Ctrl-C):
  // then the run is cancelled at its next operation and the signal's
  // exception (KeyboardInterrupt) raised.
  std::atomic<bool> cancel{false};
  opts.cancel = &cancel;
  std::exception_ptr error;
  bool interrupted = false;
  // Only the main thread handles signals (and a thread Python ends at its
  // exit must not leave a worker behind): elsewhere the run goes on here.
  py::module_ threading = py::module_::import("threading");
  bool mainThread = threading.attr("current_thread")().is(
      threading.attr("main_thread")());
  if (!mainThread) {
    py::gil_scoped_release release;
    simulateGuarded();
  } else {
    py::gil_scoped_release release;
    std::promise<void> finished;
    std::future<void> done = finished.get_future();
    std::thread worker([&] {
      try {
        simulateGuarded();
      } catch (...) {
        error = std::current_exception();
      }
      finished.set_value();
    });
    while (done.wait_for(std::chrono::milliseconds(50)) !=
           std::future_status::ready) {
      if (interrupted)
        continue;
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        interrupted = true;
        cancel = true;
      }
    }
    worker.join();
  }
  if (interrupted)
    throw py::error_already_set();
  if (error)
    std::rethrow_exception(error);
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
    std::string element;
    llvm::raw_string_ostream elementOs(element);
    o.type.getElementType().print(elementOs);
    od["element"] = element;
    py::list shape, values;
    for (int64_t s : o.type.getShape())
      shape.append(s);
    od["shape"] = py::tuple(shape);
    od["bytes"] = py::bytes(reinterpret_cast<const char *>(o.bytes.data()),
                            o.bytes.size());
    for (int64_t e = 0, n = outputValues ? o.getNumElements() : 0; e < n;
         ++e) {
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
  // A crash inside MLIR or LLVM raises uop.Error (runGuarded).
  llvm::CrashRecoveryContext::Enable();
  static py::exception<UopError> error(m, "Error");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const UopError &e) {
      PyErr_SetString(error.ptr(), e.what());
    }
  });

  mlir::uop::python::bindBuilder(m);
  m.def("compile_stages", &compileStages, py::arg("source"),
        py::arg("options"), py::arg("last") = "llvm",
        "Runs the stages of --uop-compile up to `last` with the pipeline's "
        "option text; returns [(stage, module text)] after each stage.");
  m.def("compile_options", [] { return CompileOptionTable().describe(); },
        "The options of --uop-compile: name, default, help and whether it "
        "is a list.");
  mlir::uop::python::bindRuntime(m);
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
  m.def("launch_json", &launchJSON, py::arg("source"),
        "The launch configuration JSON of an emit='llvm' module.");
  m.def("launch_configs", &launchConfigs, py::arg("source"),
        "Grid, block and dynamic shared bytes of every gpu.launch_func.");
  m.def("simulate", &simulate, py::arg("source"),
        py::arg("compare_with") = py::none(), py::arg("entry") = "main",
        py::arg("ref_entry") = py::none(), py::arg("seed") = 0,
        py::arg("atol") = py::none(), py::arg("rtol") = py::none(),
        py::arg("traffic") = false, py::arg("warp_size") = py::none(),
        py::arg("max_steps") = py::none(), py::arg("max_memory") = py::none(),
        py::arg("preempt_seed") = 0, py::arg("source_name") = "<input>",
        py::arg("reference_name") = "<reference>",
        py::arg("inputs") = py::list(), py::arg("output_values") = true,
        "Runs the simulator on MLIR text (and a reference text) in memory; "
        "returns its report as a dict: code (uop-sim's exit code: 0 "
        "ran/agreed, 1 differs, 2 fault, 3 bad input), stdout and stderr as "
        "uop-sim prints them, faults, reference_faults, comparison, traffic, "
        "outputs.");
}
