//===- uop-fuzz.cpp - mutation fuzzer for the uop tools -------------------===//
//
// A deterministic, in-process mutation fuzzer for the four ways a user feeds
// text to uop: parsing and verifying IR (uop-opt), the --uop-compile pipeline
// (uop-opt), PTX emission (uop-translate) and the simulator (uop-sim). The
// parent loads every dialect once, mutates seed files (integers, element
// types, memory spaces, whole lines) and pipeline options, and forks one
// child per input; the child runs the library code the tool would run, under
// a CPU-time limit and an address-space limit. The parent classifies how the
// child ended: a clean exit (with or without a diagnostic) is fine; a signal,
// an abort, an `LLVM ERROR`, a sanitizer report or the alarm is a finding.
// Findings are grouped by their symptom and the first frames of their stack,
// written to the output directory with the command that reproduces them
// through the real tools, and (with --minimize) reduced line by line.
//
// Forking from a loaded context makes an input cost a parse and a pipeline
// run, not a process start-up and dialect registration: several hundred
// inputs a second on one core for parsing, tens for the simulator.
//
// Every input is a function of (--seed, its index): a run is reproducible,
// and so is every input it reports.
//
//===----------------------------------------------------------------------===//

#include "Uop/Support/ParserGuards.h"
#include "Uop/InitAllUop.h"
#include "Uop/Sim/Simulator.h"
#include "Uop/Target/PTX.h"
#include "Uop/Tools/SanitizerOptions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <execinfo.h>
#include <fcntl.h>
#include <map>
#include <random>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

#if defined(__SANITIZE_ADDRESS__)
#define UOP_FUZZ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UOP_FUZZ_ASAN 1
#endif
#endif
#ifndef UOP_FUZZ_ASAN
#define UOP_FUZZ_ASAN 0
#endif

namespace {

/// The simulator's step budget per input: about 0.8 s of host-code
/// simulation, well inside the per-input CPU limit. Under AddressSanitizer
/// the simulator runs about 8 times slower (5M steps of a host loop: 0.76 s
/// of CPU, 6 s with ASan), so the budget is a fifth of that there: an
/// endless loop must end as a step-limit fault, not as a hang.
constexpr uint64_t kFuzzMaxSteps = UOP_FUZZ_ASAN ? 1'000'000 : 5'000'000;

enum class Mode { Parse, Compile, Translate, Sim };

/// One fuzz input: the module text and how the target runs it.
struct Input {
  std::string text;
  /// uop-compile's options ("target=sm_80 tile=64,64,32"); compile mode
  /// always runs the pipeline, translate and sim modes when `compileFirst`.
  std::string options;
  bool compileFirst = false;
  /// Simulator limits and entry.
  uint64_t maxMemory = 1 << 20;
  std::string entry = "main";
  /// uop-sim's --preempt-seed (0: the default interleaving).
  uint64_t preemptSeed = 0;
  /// uop-sim's --gemm-product: none (-2), one value per element of the
  /// output of the entry's first contraction (-1), or that many values;
  /// the values a function of their index (some infinite or NaN).
  int64_t productSize = -2;
  /// uop-sim's --arg-sizes, for an entry of dynamic shape: none (0), or
  /// each dynamic size drawn from this seed (getArgSizes).
  uint64_t sizesSeed = 0;
  /// The seed it was derived from (for the report).
  std::string seedName;
};

/// A seed: one `// -----` split of a file, and the --entry its RUN lines name.
struct Seed {
  std::string name;
  std::string text;
  std::string entry;
};

/// How a child ended.
enum class Outcome { Ok, Crash, Hang };

struct Result {
  Outcome outcome = Outcome::Ok;
  /// The exit status of a child that exited (-1: killed by a signal).
  int exitCode = -1;
  /// Groups findings: mode, kind, message and top frames.
  std::string key;
  /// The child's stderr (diagnostics are swallowed; what is left is the
  /// crash report).
  std::string log;
  /// Stopped by the wall-clock backstop while it still had CPU time left:
  /// the machine's load, not the input (counted, not a finding).
  bool starved = false;
};

using Rng = std::mt19937_64;

/// Values that break size arithmetic: zero, signs, the int32/uint32/int64
/// edges and their neighbours, and sizes just past hardware limits.
const int64_t kInteresting[] = {0,
                                1,
                                -1,
                                2,
                                3,
                                7,
                                31,
                                32,
                                33,
                                255,
                                1024,
                                1025,
                                2048,
                                65535,
                                65536,
                                2147483647,
                                -2147483648LL,
                                2147483648LL,
                                4294967295LL,
                                4294967296LL,
                                (int64_t(1) << 40),
                                (int64_t(1) << 62),
                                INT64_MAX,
                                INT64_MIN};

const char *const kTypes[] = {"f16", "bf16", "f32", "f64", "i1", "i8",
                              "i16", "i32", "i64", "index"};
const char *const kOddTypes[] = {"i0", "vector<4xf32>", "tf32", "f8E4M3FN",
                                 "complex<f32>", "memref<4xf32>",
                                 "tensor<4xf32>", "none"};
const char *const kSpaces[] = {"workgroup", "global", "private"};
const char *const kTargets[] = {"sm_80", "sm_90a", "sm_100a", "sm_0", "x",
                                "sm_90", "sm_86", "sm_120", "sm_75"};
const char *const kStages[] = {"kernel", "gpu", "nvgpu", "llvm"};

int64_t pick(Rng &rng, int64_t n) {
  return std::uniform_int_distribution<int64_t>(0, n - 1)(rng);
}
bool chance(Rng &rng, int percent) { return pick(rng, 100) < percent; }

template <typename T, size_t N> T pickOf(Rng &rng, const T (&arr)[N]) {
  return arr[pick(rng, N)];
}

/// A pipeline size: usually a small power of two (so the pipeline gets
/// deep), sometimes a value from kInteresting.
int64_t pickSize(Rng &rng) {
  if (chance(rng, 75))
    return int64_t(1) << pick(rng, 9);
  return pickOf(rng, kInteresting);
}

/// Random uop-compile options; `emit` fixes the stage when not empty.
std::string randomOptions(Rng &rng, StringRef emit) {
  std::string s;
  raw_string_ostream os(s);
  auto sep = [&] {
    if (!s.empty())
      os << ' ';
  };
  if (chance(rng, 30)) {
    sep();
    os << "target=" << pickOf(rng, kTargets);
  }
  sep();
  if (!emit.empty())
    os << "emit=" << emit;
  else
    os << "emit=" << (chance(rng, 3) ? "bogus" : pickOf(rng, kStages));
  if (chance(rng, 30)) {
    os << " tile=" << pickSize(rng) << ',' << pickSize(rng) << ','
       << pickSize(rng);
    if (chance(rng, 5))
      os << ',' << pickSize(rng);
  }
  if (chance(rng, 30))
    os << " thread-tile=" << pickSize(rng) << ',' << pickSize(rng);
  if (chance(rng, 20))
    os << " stages=" << (chance(rng, 60) ? pick(rng, 5) : pickSize(rng));
  if (chance(rng, 20))
    os << " pad=" << (chance(rng, 60) ? pick(rng, 9) : pickSize(rng));
  if (chance(rng, 20))
    os << " swizzle=" << (chance(rng, 50) ? "true" : "false");
  // The tensor-core options: the multiply, its warps, TF32, cp.async.
  if (chance(rng, 30)) {
    static const char *const kMma[] = {"auto",  "simt",  "mma_sync",
                                       "wmma",  "wgmma", "tcgen05",
                                       "tensor"};
    os << " mma=" << kMma[pick(rng, 7)];
  }
  // The block-level kernels' options (wgmma, tcgen05).
  auto flag = [&](const char *name) {
    os << ' ' << name << '=' << (chance(rng, 70) ? "true" : "false");
  };
  if (chance(rng, 10))
    flag("warp-specialize");
  if (chance(rng, 10))
    flag("pingpong");
  if (chance(rng, 10))
    flag("tma-store");
  if (chance(rng, 10))
    os << " persistent-blocks="
       << (chance(rng, 60) ? pick(rng, 5) : pickSize(rng));
  if (chance(rng, 10))
    os << " group-m=" << (chance(rng, 60) ? pick(rng, 9) : pickSize(rng));
  if (chance(rng, 10))
    os << " cluster-m=" << (chance(rng, 70) ? pick(rng, 9) : pickSize(rng));
  if (chance(rng, 10))
    os << " cluster-n=" << (chance(rng, 70) ? pick(rng, 9) : pickSize(rng));
  if (chance(rng, 10))
    os << " split-k=" << (chance(rng, 70) ? pick(rng, 9) : pickSize(rng));
  if (chance(rng, 5))
    os << " ladder-step=" << (chance(rng, 70) ? pick(rng, 9) : pickSize(rng));
  if (chance(rng, 20))
    os << " warps=" << (chance(rng, 70) ? pick(rng, 5) : pickSize(rng)) << ','
       << (chance(rng, 70) ? pick(rng, 9) : pickSize(rng));
  if (chance(rng, 10))
    os << " precision=" << (chance(rng, 70) ? "tf32" : "half");
  if (chance(rng, 10))
    os << " async=" << (chance(rng, 50) ? "true" : "false");
  if (chance(rng, 5))
    os << " opt-level=" << (chance(rng, 70) ? pick(rng, 5) : 4294967295LL);
  return s;
}

bool isIdent(char c) { return isalnum(uint8_t(c)) || c == '_'; }

/// Start and length of every integer literal that is a value or a shape
/// dimension (not part of a name such as %arg0, f32 or #map1).
std::vector<std::pair<size_t, size_t>> findIntegers(StringRef text) {
  std::vector<std::pair<size_t, size_t>> found;
  for (size_t i = 0; i < text.size();) {
    if (!isdigit(uint8_t(text[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && isdigit(uint8_t(text[j])))
      ++j;
    char prev = i ? text[i - 1] : ' ';
    bool dimension = prev == 'x' && i >= 2 &&
                     (isdigit(uint8_t(text[i - 2])) || text[i - 2] == '?');
    bool name = isIdent(prev) || prev == '%' || prev == '#' || prev == '^' ||
                prev == '@' || prev == '.';
    if (dimension || !name)
      found.push_back({i, j - i});
    i = j;
  }
  return found;
}

/// Start and length of every builtin scalar type name that stands alone or
/// ends a shape (`4x8xf32`).
std::vector<std::pair<size_t, size_t>> findTypes(StringRef text) {
  std::vector<std::pair<size_t, size_t>> found;
  for (const char *type : kTypes) {
    StringRef t(type);
    for (size_t pos = text.find(t); pos != StringRef::npos;
         pos = text.find(t, pos + 1)) {
      size_t end = pos + t.size();
      if (end < text.size() && isIdent(text[end]))
        continue;
      char prev = pos ? text[pos - 1] : ' ';
      bool shape = prev == 'x' && pos >= 2 &&
                   (isdigit(uint8_t(text[pos - 2])) || text[pos - 2] == '?');
      if (isIdent(prev) && !shape)
        continue;
      if (prev == '%' || prev == '#' || prev == '@' || prev == '.')
        continue;
      found.push_back({pos, t.size()});
    }
  }
  return found;
}

/// Splits into lines (without their newlines).
std::vector<std::string> splitLines(StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, '\n');
  return std::vector<std::string>(parts.begin(), parts.end());
}

std::string joinLines(const std::vector<std::string> &lines) {
  std::string s;
  for (const std::string &l : lines) {
    s += l;
    s += '\n';
  }
  return s;
}

/// Applies one random mutation to `text`.
void mutateOnce(Rng &rng, std::string &text) {
  switch (pick(rng, 10)) {
  case 0:
  case 1:
  case 2:
  case 3: { // an integer: a neighbour or an interesting value
    auto ints = findIntegers(text);
    if (ints.empty())
      return;
    auto [pos, len] = ints[pick(rng, ints.size())];
    int64_t old = 0;
    StringRef(text).substr(pos, len).getAsInteger(10, old);
    // The neighbours wrap around at the ends of int64_t (the corpus holds
    // 2^63 - 1 and -2^63), computed without signed overflow.
    int64_t v;
    switch (pick(rng, 6)) {
    case 0:
      llvm::AddOverflow(old, int64_t(1), v);
      break;
    case 1:
      llvm::SubOverflow(old, int64_t(1), v);
      break;
    case 2:
      llvm::MulOverflow(old, int64_t(2), v);
      break;
    case 3:
      v = old / 2;
      break;
    default:
      v = pickOf(rng, kInteresting);
    }
    text.replace(pos, len, std::to_string(v));
    return;
  }
  case 4:
  case 5: { // an element type
    auto types = findTypes(text);
    if (types.empty())
      return;
    auto [pos, len] = types[pick(rng, types.size())];
    text.replace(pos, len,
                 chance(rng, 80) ? pickOf(rng, kTypes) : pickOf(rng, kOddTypes));
    return;
  }
  case 6: { // a memory space
    std::vector<size_t> spaces;
    for (size_t p = text.find("address_space<"); p != std::string::npos;
         p = text.find("address_space<", p + 1))
      spaces.push_back(p + strlen("address_space<"));
    if (spaces.empty()) {
      // No named space: give a memref type a numeric one.
      size_t p = text.find("xf32>");
      if (p != std::string::npos)
        text.replace(p, 5, chance(rng, 50) ? "xf32, 3>" : "xf32, 5>");
      return;
    }
    size_t p = spaces[pick(rng, spaces.size())];
    size_t end = text.find('>', p);
    if (end != std::string::npos)
      text.replace(p, end - p, pickOf(rng, kSpaces));
    return;
  }
  default: { // whole lines: delete, duplicate, swap
    std::vector<std::string> lines = splitLines(text);
    if (lines.size() < 2)
      return;
    size_t a = pick(rng, lines.size()), b = pick(rng, lines.size());
    switch (pick(rng, 3)) {
    case 0:
      lines.erase(lines.begin() + a);
      break;
    case 1:
      lines.insert(lines.begin() + b, lines[a]);
      break;
    default:
      std::swap(lines[a], lines[b]);
    }
    text = joinLines(lines);
    return;
  }
  }
}

/// Input number `index` of a run: a seed, 1-4 mutations and options, all a
/// function of (`runSeed`, `index`).
Input makeInput(Mode mode, const std::vector<Seed> &seeds, uint64_t runSeed,
                uint64_t index) {
  std::seed_seq seq{uint32_t(runSeed), uint32_t(runSeed >> 32),
                    uint32_t(index), uint32_t(index >> 32)};
  Rng rng(seq);
  const Seed &seed = seeds[pick(rng, seeds.size())];
  Input in;
  in.seedName = seed.name;
  in.entry = seed.entry;
  in.text = seed.text;
  // A few unmutated inputs keep the option mutations on valid IR.
  int mutations = chance(rng, 10) ? 0 : 1 + pick(rng, 2) + pick(rng, 2);
  for (int i = 0; i < mutations; ++i)
    mutateOnce(rng, in.text);
  switch (mode) {
  case Mode::Parse:
    break;
  case Mode::Compile:
    in.options = randomOptions(rng, "");
    in.compileFirst = true;
    break;
  case Mode::Translate:
    in.compileFirst = chance(rng, 60);
    if (in.compileFirst)
      in.options = randomOptions(rng, "llvm");
    break;
  case Mode::Sim:
    in.compileFirst = chance(rng, 40);
    if (in.compileFirst)
      in.options = randomOptions(rng, "");
    static const uint64_t kMemories[] = {0, 4096, 1 << 20, 16 << 20};
    in.maxMemory = pickOf(rng, kMemories);
    in.preemptSeed = chance(rng, 50) ? 1 + pick(rng, 8) : 0;
    if (chance(rng, 30)) {
      static const int64_t kProducts[] = {-1, -1, -1, 0, 1, 12, 4096};
      in.productSize = pickOf(rng, kProducts);
    }
    in.sizesSeed = chance(rng, 50) ? 1 + pick(rng, 1000) : 0;
    break;
  }
  return in;
}

/// Runs `uop-compile{options}` on `module`.
LogicalResult compile(mlir::ModuleOp module, StringRef options,
                      raw_ostream &errs) {
  mlir::PassManager pm(module.getContext());
  if (failed(mlir::parsePassPipeline(("uop-compile{" + options + "}").str(), pm,
                                     errs)))
    return failure();
  return pm.run(module);
}

/// The f32 values of a GEMM product given to the simulator: `size` of
/// them, or (-1) one per element of the static output of the first linalg
/// op with a reduction loop in `module`'s entry `entry` (12 without one).
std::vector<float> getProduct(mlir::ModuleOp module, StringRef entry,
                              int64_t size) {
  if (size == -1) {
    size = 12;
    if (auto fn = module.lookupSymbol<mlir::func::FuncOp>(entry))
      fn.walk([&](mlir::linalg::LinalgOp op) {
        if (op.getNumReductionLoops() == 0 || op.getNumDpsInits() != 1)
          return mlir::WalkResult::advance();
        auto type = dyn_cast<mlir::MemRefType>(
            op.getDpsInitOperand(0)->get().getType());
        if (type && type.hasStaticShape() &&
            type.getNumElements() <= (int64_t(1) << 24))
          size = type.getNumElements();
        return mlir::WalkResult::interrupt();
      });
  }
  std::vector<float> values((size_t)size);
  for (int64_t i = 0; i < size; ++i)
    values[i] = i % 97 == 5   ? INFINITY
                : i % 89 == 7 ? NAN
                              : (float)((i * 2654435761u) % 2001) / 100 - 10;
  return values;
}

/// uop-sim's --arg-sizes for `module`'s entry `entry` drawn from `seed`:
/// each dynamic size one of a few (0 among them), a static one as it is;
/// none when the entry is not of dynamic shape.
std::vector<std::vector<int64_t>> getArgSizes(mlir::ModuleOp module,
                                              StringRef entry, uint64_t seed) {
  auto fn = module.lookupSymbol<mlir::func::FuncOp>(entry);
  if (!seed || !fn ||
      llvm::all_of(fn.getArgumentTypes(), [](mlir::Type t) {
        auto m = dyn_cast<mlir::MemRefType>(t);
        return !m || m.hasStaticShape();
      }))
    return {};
  Rng rng(seed);
  static const int64_t kSizes[] = {0, 1, 3, 8, 17, 64, 100};
  std::vector<std::vector<int64_t>> sizes;
  for (mlir::Type t : fn.getArgumentTypes()) {
    std::vector<int64_t> dims;
    if (auto m = dyn_cast<mlir::MemRefType>(t))
      for (int64_t d : m.getShape())
        dims.push_back(mlir::ShapedType::isDynamic(d) ? pickOf(rng, kSizes)
                                                      : d);
    sizes.push_back(dims);
  }
  return sizes;
}

/// Runs `in` the way its mode's tool would; returns the tool's exit status.
int runTarget(Mode mode, const Input &in, mlir::MLIRContext &ctx) {
  raw_ostream &errs = llvm::errs();
  if (mode == Mode::Sim) {
    llvm::SourceMgr sources;
    unsigned id = sources.AddNewSourceBuffer(
        MemoryBuffer::getMemBufferCopy(in.text, "input.mlir"), SMLoc());
    mlir::uop::sim::ValueNames names;
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::uop::sim::parseSimSource(sources, id, &ctx, names);
    if (!module)
      return 1;
    if (in.compileFirst && failed(compile(*module, in.options, errs)))
      return 1;
    mlir::uop::sim::SimOptions opts;
    opts.entry = in.entry;
    opts.maxMemory = in.maxMemory;
    // A budget far below the per-input CPU limit: a program that does not
    // end is a step-limit fault (the tool working), not a hang.
    opts.maxSteps = kFuzzMaxSteps;
    opts.preemptSeed = in.preemptSeed;
    opts.names = &names;
    std::vector<float> product;
    if (in.productSize != -2) {
      product = getProduct(*module, in.entry, in.productSize);
      opts.gemmProduct = ArrayRef<float>(product);
    }
    opts.argSizes = getArgSizes(*module, in.entry, in.sizesSeed);
    mlir::uop::sim::SimReport report = mlir::uop::sim::simulate(*module, opts);
    mlir::uop::sim::PrintOptions print;
    print.outputs = true;
    print.traffic = true;
    mlir::uop::sim::printReport(report, print, nulls(), nulls());
    return report.getExitCode();
  }
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::uop::findKnownParserCrash(in.text)
          ? nullptr
          : mlir::parseSourceString<mlir::ModuleOp>(in.text, &ctx);
  if (!module)
    return 1;
  if (mode == Mode::Parse)
    return 0;
  if (in.compileFirst && failed(compile(*module, in.options, errs)))
    return 1;
  if (mode == Mode::Compile) {
    // What uop-opt does next: print the result.
    std::string out;
    raw_string_ostream os(out);
    module->print(os);
    return 0;
  }
  return failed(mlir::uop::translateModuleToPTX(*module)) ? 1 : 0;
}

/// Writes the backtrace of a crashing child to stderr, then dies of the
/// same signal. Async-signal-safe apart from backtrace(), which is preloaded
/// before the first child.
void crashHandler(int sig) {
  char msg[64];
  int n = snprintf(msg, sizeof(msg), "uop-fuzz: caught signal %d\n", sig);
  if (write(2, msg, n) < 0) {
  }
  void *frames[48];
  int count = backtrace(frames, 48);
  backtrace_symbols_fd(frames, count, 2);
  signal(sig, SIG_DFL);
  raise(sig);
}

/// The child's side: limits, handlers, stderr to `errPath`, then the target.
[[noreturn]] void childMain(Mode mode, const Input &in, mlir::MLIRContext &ctx,
                            const std::string &errPath, unsigned timeout,
                            uint64_t addressLimit, bool quiet) {
  int devnull = open("/dev/null", O_WRONLY);
  dup2(devnull, 1);
  int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dup2(err, 2);
  rlimit core{0, 0};
  setrlimit(RLIMIT_CORE, &core);
  if (!UOP_FUZZ_ASAN && addressLimit) {
    rlimit as{addressLimit, addressLimit};
    setrlimit(RLIMIT_AS, &as);
  }
  if (!UOP_FUZZ_ASAN) {
    // Deep recursion overflows the stack: the handler needs its own.
    static char altStack[1 << 16];
    stack_t ss{};
    ss.ss_sp = altStack;
    ss.ss_size = sizeof(altStack);
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_handler = crashHandler;
    sa.sa_flags = SA_ONSTACK;
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
      sigaction(sig, &sa, nullptr);
  }
  // A hang is CPU time, not wall time: a loaded machine must not turn a
  // slow input into a finding. The alarm is the backstop for a child that
  // blocks without spinning.
  rlimit cpu{timeout, timeout + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  alarm(10 * timeout);
  std::optional<mlir::ScopedDiagnosticHandler> swallow;
  if (quiet)
    swallow.emplace(&ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  int status = runTarget(mode, in, ctx);
  fflush(nullptr);
  llvm::errs().flush();
  _exit(status);
}

/// `text` with its digits folded, so a symptom that names a size groups
/// with the same symptom at another size.
std::string foldDigits(StringRef text) {
  std::string s;
  for (char c : text) {
    if (isdigit(uint8_t(c))) {
      if (s.empty() || s.back() != 'N')
        s += 'N';
      continue;
    }
    s += c;
  }
  return s;
}

/// The function of one stack frame line, from either backtrace_symbols
/// ("lib.so(_ZN...+0x12) [0x...]") or a sanitizer ("#3 0x... in f file:l").
std::string frameFunction(StringRef line) {
  line = line.trim();
  if (line.starts_with("#")) {
    size_t in = line.find(" in ");
    if (in == StringRef::npos)
      return "";
    StringRef f = line.substr(in + 4);
    // Sanitizer frames: "func(args) /path/file.cpp:12:3" or "(lib.so+0x..)".
    if (f.starts_with("("))
      return "";
    size_t space = f.rfind(' ');
    if (space != StringRef::npos && f.substr(space).contains('/'))
      f = f.substr(0, space);
    return f.str();
  }
  size_t open = line.find('('), plus = line.find('+', open);
  if (open == StringRef::npos || plus == StringRef::npos || plus == open + 1)
    return "";
  return demangle(line.substr(open + 1, plus - open - 1).str());
}

/// Drops parameter lists and template arguments for a short frame name.
std::string shortName(StringRef f) {
  std::string s;
  int depth = 0;
  for (char c : f) {
    if (c == '<' || c == '(')
      ++depth;
    if (depth == 0)
      s += c;
    if ((c == '>' || c == ')') && depth > 0)
      --depth;
  }
  return StringRef(s).trim().str();
}

/// The symptom and top frames of a crash log.
std::string describe(StringRef log) {
  static const char *const kMarkers[] = {
      "LLVM ERROR", "AddressSanitizer", "runtime error:", "UNREACHABLE",
      "Assertion", "LeakSanitizer"};
  std::string message;
  SmallVector<StringRef> lines;
  log.split(lines, '\n');
  for (StringRef l : lines) {
    for (const char *m : kMarkers)
      if (l.contains(m)) {
        message = foldDigits(l.trim()).substr(0, 160);
        break;
      }
    if (!message.empty())
      break;
  }
  static const char *const kSkip[] = {
      "crashHandler", "abort",   "raise",      "pthread_kill", "gsignal",
      "__assert",     "__libc",  "__asan",     "__interceptor", "__sanitizer",
      "__ubsan",      "report_fatal_error", "llvm_unreachable",
      "reportFatal",  "sys::RunInterruptHandlers", "llvm::sys::",
      "report_bad_alloc_error", "operator new", "malloc"};
  std::vector<std::string> frames;
  for (StringRef l : lines) {
    std::string f = frameFunction(l);
    if (f.empty())
      continue;
    bool skip = false;
    for (const char *s : kSkip)
      skip |= StringRef(f).contains(s);
    if (skip)
      continue;
    frames.push_back(shortName(f));
    if (frames.size() == 3)
      break;
  }
  std::string key = message;
  for (const std::string &f : frames)
    key += (key.empty() ? "" : " | ") + f;
  return key;
}

/// True when an exited child's log holds a crash report all the same (an
/// `LLVM ERROR` through exit(1), a sanitizer report).
bool logShowsCrash(StringRef log) {
  return log.contains("LLVM ERROR") || log.contains("AddressSanitizer") ||
         log.contains("runtime error:") || log.contains("LeakSanitizer") ||
         log.contains("UNREACHABLE") || log.contains("uop-fuzz: caught");
}

const char *modeName(Mode mode) {
  switch (mode) {
  case Mode::Parse:
    return "parse";
  case Mode::Compile:
    return "compile";
  case Mode::Translate:
    return "translate";
  case Mode::Sim:
    return "sim";
  }
  return "?";
}

std::string readFile(StringRef path) {
  auto buf = MemoryBuffer::getFile(path);
  return buf ? (*buf)->getBuffer().str() : std::string();
}

/// The fuzzing loop's shared state.
struct Fuzzer {
  Mode mode;
  mlir::MLIRContext &ctx;
  std::string errPath;
  unsigned timeout;
  uint64_t addressLimit;

  /// Runs `in` in a child and classifies its end.
  Result run(const Input &in) {
    Result r;
    pid_t pid = fork();
    if (pid < 0) {
      perror("uop-fuzz: fork");
      exit(3);
    }
    if (pid == 0)
      childMain(mode, in, ctx, errPath, timeout, addressLimit, true);
    int status = 0;
    rusage usage{};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    std::string m = modeName(mode);
    if (WIFEXITED(status))
      r.exitCode = WEXITSTATUS(status);
    // The wall-clock alarm (10x the CPU limit) also fires for a child that
    // ran but got too little of the CPU: on a loaded machine with the fuzzer
    // niced, a 1 s input can take a minute. Only a child that used its CPU
    // time, or blocked (the alarm with under 1 % of it used), is a hang.
    double cpu = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
                 1e-6 * (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM &&
        cpu >= 0.01 * timeout && cpu < timeout) {
      r.starved = true;
      return r;
    }
    if (WIFSIGNALED(status) &&
        (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGALRM)) {
      r.outcome = Outcome::Hang;
      r.key = m + " | hang (" + std::to_string(timeout) + " s of CPU)";
      return r;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) <= 3 &&
        WEXITSTATUS(status) != 1) {
      // 0: ran; 2, 3: uop-sim's fault and mismatch statuses. Exit 1 is a
      // diagnostic, unless the log says it was a fatal error.
      return r;
    }
    r.log = readFile(errPath);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 1 && !logShowsCrash(r.log))
      return r;
    r.outcome = Outcome::Crash;
    std::string kind = WIFSIGNALED(status)
                           ? std::string(strsignal(WTERMSIG(status)))
                           : "exit " + std::to_string(WEXITSTATUS(status));
    r.key = m + " | " + kind + " | " + describe(r.log);
    return r;
  }
};

/// The shell command that reproduces `in` through the real tools.
std::string reproducer(Mode mode, const Input &in, StringRef file) {
  std::string compile =
      "uop-opt " + file.str() + " --uop-compile=\"" + in.options + "\"";
  switch (mode) {
  case Mode::Parse:
    return "uop-opt " + file.str() + " -o /dev/null";
  case Mode::Compile:
    return compile + " -o /dev/null";
  case Mode::Translate:
    return in.compileFirst
               ? compile + " | uop-translate --uop-to-ptx -o /dev/null"
               : "uop-translate --uop-to-ptx " + file.str() + " -o /dev/null";
  case Mode::Sim: {
    std::string sim = " --entry " + in.entry + " --max-memory " +
                      std::to_string(in.maxMemory) + " --max-steps " +
                      std::to_string(kFuzzMaxSteps) + " --preempt-seed " +
                      std::to_string(in.preemptSeed);
    return in.compileFirst ? compile + " | uop-sim -" + sim
                           : "uop-sim " + file.str() + sim;
  }
  }
  return "";
}

/// The in-process replay of `in` (uop-fuzz's own command line).
std::string replayCommand(Mode mode, const Input &in, StringRef file) {
  std::string s = "uop-fuzz --mode=" + std::string(modeName(mode)) +
                  " --replay " + file.str();
  if (in.compileFirst)
    s += " --compile-first --options=\"" + in.options + "\"";
  if (mode == Mode::Sim)
    s += " --entry " + in.entry + " --max-memory " +
         std::to_string(in.maxMemory) + " --max-steps " +
         std::to_string(kFuzzMaxSteps) + " --preempt-seed " +
         std::to_string(in.preemptSeed) + " --product-size " +
         std::to_string(in.productSize) + " --sizes-seed " +
         std::to_string(in.sizesSeed);
  return s;
}

/// Removes chunks of lines from `in` while it still fails with `key`.
Input minimize(Fuzzer &fuzzer, Input in, const std::string &key,
               unsigned budget) {
  std::vector<std::string> lines = splitLines(in.text);
  for (size_t chunk = std::max<size_t>(lines.size() / 2, 1); chunk >= 1;
       chunk /= 2) {
    for (size_t start = 0; start < lines.size() && budget;) {
      std::vector<std::string> trial(lines.begin(), lines.begin() + start);
      trial.insert(trial.end(),
                   lines.begin() + std::min(lines.size(), start + chunk),
                   lines.end());
      Input t = in;
      t.text = joinLines(trial);
      --budget;
      Result r = fuzzer.run(t);
      if (r.outcome == Outcome::Crash && r.key == key)
        lines = std::move(trial);
      else
        start += chunk;
    }
    if (chunk == 1 || !budget)
      break;
  }
  in.text = joinLines(lines);
  return in;
}

/// Reads every seed: `// -----` splits of the .mlir files under `paths`.
std::vector<Seed> loadSeeds(ArrayRef<std::string> paths) {
  std::vector<std::string> files;
  for (const std::string &p : paths) {
    if (!sys::fs::is_directory(p)) {
      files.push_back(p);
      continue;
    }
    std::error_code ec;
    for (sys::fs::recursive_directory_iterator it(p, ec), end;
         it != end && !ec; it.increment(ec))
      if (StringRef(it->path()).ends_with(".mlir"))
        files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Seed> seeds;
  for (const std::string &f : files) {
    std::string text = readFile(f);
    std::string entry = "main";
    size_t e = text.find("--entry");
    if (e != std::string::npos) {
      size_t b = text.find_first_not_of(" =", e + 7);
      size_t end = text.find_first_of(" \n\"", b);
      if (b != std::string::npos && end != std::string::npos)
        entry = text.substr(b, end - b);
    }
    SmallVector<StringRef> parts;
    StringRef(text).split(parts, "// -----");
    for (size_t i = 0; i < parts.size(); ++i)
      seeds.push_back({f + (parts.size() > 1 ? "#" + std::to_string(i) : ""),
                       parts[i].str(), entry});
  }
  return seeds;
}

} // namespace

int main(int argc, char **argv) {
  cl::OptionCategory cat("uop-fuzz options");
  cl::list<std::string> seedPaths(cl::Positional,
                                  cl::desc("<seed files or directories>"),
                                  cl::cat(cat));
  cl::opt<std::string> modeOpt(
      "mode", cl::desc("parse, compile, translate or sim"), cl::init("parse"),
      cl::cat(cat));
  cl::opt<uint64_t> runs("runs", cl::desc("inputs to run (0: no limit)"),
                         cl::init(1000), cl::cat(cat));
  cl::opt<unsigned> maxTime("max-time",
                            cl::desc("stop after this many seconds (0: none)"),
                            cl::init(0), cl::cat(cat));
  cl::opt<uint64_t> seed("seed", cl::desc("seed of the run"), cl::init(1),
                         cl::cat(cat));
  cl::opt<uint64_t> first("first", cl::desc("index of the first input"),
                          cl::init(0), cl::cat(cat));
  cl::opt<std::string> outDir(
      "out", cl::desc("directory for crashing and hanging inputs"),
      cl::init("fuzz-out"), cl::cat(cat));
  cl::opt<unsigned> timeout("timeout",
                            cl::desc("CPU seconds an input may run (more: a "
                                     "hang)"),
                            cl::init(5), cl::cat(cat));
  cl::opt<uint64_t> addressLimit(
      "address-limit",
      cl::desc("address-space limit of a child in bytes (0: none; ignored "
               "under AddressSanitizer)"),
      cl::init(uint64_t(4) << 30), cl::cat(cat));
  cl::opt<bool> doMinimize("minimize",
                           cl::desc("reduce each new crash line by line"),
                           cl::init(false), cl::cat(cat));
  cl::opt<std::string> replay("replay",
                              cl::desc("run this one file in-process"),
                              cl::init(""), cl::cat(cat));
  cl::opt<bool> compileFirst("compile-first",
                             cl::desc("with --replay: run uop-compile first"),
                             cl::init(false), cl::cat(cat));
  cl::opt<std::string> options("options",
                               cl::desc("with --replay: uop-compile options"),
                               cl::init(""), cl::cat(cat));
  cl::opt<std::string> entry("entry", cl::desc("with --replay: sim entry"),
                             cl::init("main"), cl::cat(cat));
  cl::opt<uint64_t> maxMemory("max-memory",
                              cl::desc("with --replay: sim memory limit"),
                              cl::init(1 << 20), cl::cat(cat));
  cl::opt<uint64_t> preemptSeed(
      "preempt-seed", cl::desc("with --replay: sim's --preempt-seed"),
      cl::init(0), cl::cat(cat));
  cl::opt<int64_t> productSize(
      "product-size",
      cl::desc("with --replay: sim's --gemm-product, of this many values "
               "(-1: the first contraction's output; -2: none)"),
      cl::init(-2), cl::cat(cat));
  cl::opt<uint64_t> sizesSeed(
      "sizes-seed",
      cl::desc("with --replay: sim's --arg-sizes, drawn from this seed (0: "
               "none)"),
      cl::init(0), cl::cat(cat));
  cl::HideUnrelatedOptions(cat);
  cl::ParseCommandLineOptions(argc, argv,
                              "uop-fuzz: mutation fuzzer for the uop tools\n");

  Mode mode;
  if (modeOpt == "parse")
    mode = Mode::Parse;
  else if (modeOpt == "compile")
    mode = Mode::Compile;
  else if (modeOpt == "translate")
    mode = Mode::Translate;
  else if (modeOpt == "sim")
    mode = Mode::Sim;
  else {
    errs() << "uop-fuzz: expected --mode parse, compile, translate or sim, "
              "got '"
           << modeOpt << "'\n";
    return 1;
  }

  mlir::DialectRegistry registry;
  mlir::uop::registerAllUopDialects(registry);
  mlir::uop::registerAllUopPasses();
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  ctx.printOpOnDiagnostic(false);

  if (!replay.empty()) {
    Input in;
    in.text = readFile(replay);
    in.compileFirst = compileFirst || mode == Mode::Compile;
    in.options = options;
    in.entry = entry;
    in.maxMemory = maxMemory;
    in.preemptSeed = preemptSeed;
    in.productSize = productSize;
    in.sizesSeed = sizesSeed;
    int status = runTarget(mode, in, ctx);
    outs() << "uop-fuzz: exit status " << status << "\n";
    return status;
  }

  std::vector<Seed> seeds = loadSeeds(seedPaths);
  if (seeds.empty()) {
    errs() << "uop-fuzz: expected seed .mlir files, got none\n";
    return 1;
  }
  // The simulator runs a function: seeds without their entry would only
  // test the "no such function" diagnostic.
  if (mode == Mode::Sim) {
    std::vector<Seed> runnable;
    for (const Seed &s : seeds)
      if (StringRef(s.text).contains("@" + s.entry + "("))
        runnable.push_back(s);
    if (!runnable.empty())
      seeds = std::move(runnable);
  }
  sys::fs::create_directories(outDir);
  // Loads libgcc's unwinder now: backtrace() in a signal handler must not
  // be the first call.
  void *warm[1];
  backtrace(warm, 1);

  std::string errPath = outDir + "/.stderr-" + std::to_string(getpid());
  Fuzzer fuzzer{mode, ctx, errPath, timeout, addressLimit};
  struct Finding {
    uint64_t count = 0;
    std::string file;
    Input input;
    Outcome outcome;
  };
  std::map<std::string, Finding> findings;
  uint64_t ran = 0, crashes = 0, hangs = 0, starved = 0;
  // Exit statuses 0-3: how deep the inputs got (0: accepted; 1: a
  // diagnostic; 2, 3: uop-sim's fault and mismatch).
  uint64_t exits[4] = {0, 0, 0, 0};
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  };
  double lastReport = 0;
  for (uint64_t i = first; runs == 0 || i < first + runs; ++i) {
    if (maxTime && elapsed() >= maxTime)
      break;
    Input in = makeInput(mode, seeds, seed, i);
    Result r = fuzzer.run(in);
    ++ran;
    starved += r.starved;
    if (r.exitCode >= 0 && r.exitCode < 4)
      ++exits[r.exitCode];
    if (elapsed() - lastReport > 30) {
      lastReport = elapsed();
      errs() << "uop-fuzz: " << modeName(mode) << ": " << ran << " inputs, "
             << crashes << " crashes, " << hangs << " hangs, "
             << int(elapsed()) << " s\n";
    }
    if (r.outcome == Outcome::Ok)
      continue;
    (r.outcome == Outcome::Crash ? crashes : hangs)++;
    Finding &f = findings[r.key];
    if (f.count++ == 0) {
      f.outcome = r.outcome;
      f.input = in;
      f.file = outDir + "/" + modeName(mode) + "-" +
               std::to_string(findings.size()) + ".mlir";
      std::error_code ec;
      raw_fd_ostream os(f.file, ec);
      os << in.text;
      raw_fd_ostream info(f.file + ".txt", ec);
      info << "key: " << r.key << "\nseed file: " << in.seedName
           << "\nindex: " << i << " (--seed " << seed << ")"
           << "\nreproduce: " << reproducer(mode, in, f.file)
           << "\nreplay: " << replayCommand(mode, in, f.file) << "\n\n"
           << StringRef(r.log).take_front(4000) << "\n";
      errs() << "uop-fuzz: new " << (r.outcome == Outcome::Crash ? "crash" : "hang")
             << " #" << findings.size() << ": " << r.key << "\n";
    }
  }
  double seconds = elapsed();

  if (doMinimize)
    for (auto &[key, f] : findings) {
      if (f.outcome != Outcome::Crash)
        continue;
      Input small = minimize(fuzzer, f.input, key, 400);
      std::error_code ec;
      raw_fd_ostream os(f.file + ".min.mlir", ec);
      os << small.text;
      raw_fd_ostream info(f.file + ".min.mlir.txt", ec);
      info << "key: " << key << "\nreproduce: "
           << reproducer(mode, small, f.file + ".min.mlir")
           << "\nreplay: " << replayCommand(mode, small, f.file + ".min.mlir")
           << "\n";
    }
  sys::fs::remove(errPath);

  outs() << "mode=" << modeName(mode) << " seed=" << seed << " inputs=" << ran
         << " crashes=" << crashes << " hangs=" << hangs
         << " classes=" << findings.size() << " seconds=" << int(seconds)
         << " seeds=" << seeds.size() << " exit0=" << exits[0]
         << " exit1=" << exits[1] << " exit2=" << exits[2]
         << " exit3=" << exits[3] << " starved=" << starved << "\n";
  for (auto &[key, f] : findings)
    outs() << "  " << f.count << "x " << key << "\n      " << f.file << "\n";
  outs().flush();
  return 0;
}
