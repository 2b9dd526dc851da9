//===- uop-sim.cpp - run MLIR kernels on the CPU --------------------------===//
//
// Command line of the simulator: parse the options and the file(s), run the
// library's `simulate`, print its report, exit with its status.
//
//   uop-sim FILE [--entry NAME] [--seed N] [--compare-with REF.mlir
//                [--ref-entry NAME]] [--atol X] [--rtol Y] [--print-outputs]
//                [--traffic] [--max-memory BYTES] [--max-steps N]
//                [--print-steps] [--warp-size N] [--write-outputs DIR]
//                [--gemm-product P.bin] [--arg-sizes 100x70,70x60,...]
//
//===----------------------------------------------------------------------===//

#include "Uop/InitAllUopDialects.h"
#include "Uop/Sim/Simulator.h"
#include "Uop/Tools/InternalError.h"
#include "Uop/Tools/SanitizerOptions.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>

using namespace llvm;
using namespace mlir::uop::sim;

/// Parses a byte count with an optional binary suffix: `4294967296`, `4G`,
/// `4GiB`, `512MiB`, `64k` (K, M, G, T, with or without `iB` / `B`, any
/// case; all powers of 1024). None on anything else or on overflow.
static std::optional<uint64_t> parseBytes(StringRef text) {
  StringRef digits = text.take_while([](char c) { return isDigit(c); });
  uint64_t value;
  if (digits.empty() || digits.getAsInteger(10, value))
    return std::nullopt;
  // An owned lower-case copy of the suffix (lower() returns a temporary).
  std::string s = text.drop_front(digits.size()).lower();
  // "KiB" and "KB" mean K; a bare "B" means bytes.
  if (s.size() == 3 && StringRef(s).ends_with("ib"))
    s.resize(1);
  else if (!s.empty() && s.back() == 'b')
    s.pop_back();
  unsigned shift;
  if (s.empty())
    shift = 0;
  else if (s == "k")
    shift = 10;
  else if (s == "m")
    shift = 20;
  else if (s == "g")
    shift = 30;
  else if (s == "t")
    shift = 40;
  else
    return std::nullopt;
  if (shift && value > (UINT64_MAX >> shift))
    return std::nullopt;
  return value << shift;
}

/// Reads `path` (`-`: stdin) into `sources` and parses it; null after a
/// diagnostic.
static mlir::OwningOpRef<mlir::ModuleOp> load(const std::string &path,
                                              SourceMgr &sources,
                                              mlir::MLIRContext &ctx,
                                              ValueNames &names) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
      MemoryBuffer::getFileOrSTDIN(path);
  if (!buf) {
    mlir::emitError(mlir::UnknownLoc::get(&ctx))
        << "cannot open '" << path << "': " << buf.getError().message();
    return nullptr;
  }
  unsigned id = sources.AddNewSourceBuffer(std::move(*buf), SMLoc());
  return parseSimSource(sources, id, &ctx, names);
}

/// The exit code of an internal error (a failure inside MLIR or LLVM that no
/// check caught), after uop-sim's 0 to 3.
static constexpr int kInternalErrorExitCode = 4;

/// The most runs --interleavings asks for (each is a whole simulation).
static constexpr uint64_t kMaxInterleavings = 1000;

int main(int argc, char **argv) {
  // An LLVM fatal error or a crash inside MLIR ends in one line, not a stack
  // dump.
  mlir::uop::installInternalErrorHandlers("uop-sim", kInternalErrorExitCode,
                                          "the simulator crashed");
  cl::OptionCategory cat("uop-sim options");
  cl::opt<std::string> input(cl::Positional, cl::desc("<input file>"),
                             cl::init("-"), cl::cat(cat));
  cl::opt<std::string> entry("entry", cl::desc("entry function"),
                             cl::init("main"), cl::cat(cat));
  cl::opt<uint64_t> seed("seed", cl::desc("input seed"), cl::init(0),
                         cl::cat(cat));
  cl::opt<std::string> compareWith(
      "compare-with", cl::desc("reference file run on the same inputs"),
      cl::init(""), cl::cat(cat));
  cl::opt<std::string> refEntry(
      "ref-entry", cl::desc("entry of the reference (default: --entry)"),
      cl::init(""), cl::cat(cat));
  cl::opt<double> atol(
      "atol", cl::desc("absolute tolerance (default: by type)"), cl::cat(cat));
  cl::opt<double> rtol(
      "rtol", cl::desc("relative tolerance (default: by type)"), cl::cat(cat));
  cl::opt<bool> printOutputs("print-outputs",
                             cl::desc("print every memref argument after "
                                      "the run"),
                             cl::init(false), cl::cat(cat));
  cl::opt<std::string> writeOutputs(
      "write-outputs",
      cl::desc("write every memref argument after the run to DIR/argN.bin "
               "(N: its position among the entry's arguments), as raw "
               "row-major elements in their storage format"),
      cl::value_desc("DIR"), cl::init(""), cl::cat(cat));
  cl::opt<std::string> gemmProduct(
      "gemm-product",
      cl::desc("take the product A * B of the entry's one multiply-"
               "accumulate contraction from FILE (f32, one per element of "
               "its output, row-major) instead of computing it; the rest of "
               "the program (a fused epilogue) runs as usual"),
      cl::value_desc("FILE"), cl::init(""), cl::cat(cat));
  cl::opt<std::string> argSizes(
      "arg-sizes",
      cl::desc("the sizes of every entry argument, for an entry of dynamic "
               "shape (memref<?x?xf16>): one item per argument, its sizes "
               "joined by 'x' (e.g. 100x70,70x60,60,100x60)"),
      cl::value_desc("SIZES"), cl::init(""), cl::cat(cat));
  cl::opt<bool> traffic(
      "traffic",
      cl::desc("print the elements the kernels loaded and stored from global "
               "and shared memory"),
      cl::init(false), cl::cat(cat));
  cl::opt<std::string> maxMemory(
      "max-memory",
      cl::desc("refuse programs whose buffers need more bytes than this "
               "(suffixes K, M, G, T, KiB, MiB, GiB, TiB; default 4GiB)"),
      cl::init(""), cl::cat(cat));
  cl::opt<uint64_t> maxSteps(
      "max-steps",
      cl::desc("end a run after this many lane-operations with a step-limit "
               "fault"),
      cl::init(kDefaultMaxSteps), cl::cat(cat));
  cl::opt<uint64_t> preemptSeed(
      "preempt-seed",
      cl::desc("0 (default): a path of a block or cluster (a warp-"
               "specialized branch, a block of a cluster) runs until it "
               "waits for something not yet done; N > 0: at a satisfied "
               "wait too it hands the turn on with probability 1/2, by a "
               "sequence seeded with N (another interleaving per seed)"),
      cl::init(0), cl::cat(cat));
  cl::opt<uint64_t> interleavings(
      "interleavings",
      cl::desc("run the program N times (1 to 1000): in the order "
               "--preempt-seed S gives, then with seeds S + 1 .. S + N - 1; "
               "stop at the first run that faults or mismatches and print "
               "its report, naming its seed (else the last run's)"),
      cl::init(1), cl::cat(cat));
  cl::opt<bool> printSteps(
      "print-steps", cl::desc("print the lane-operations the run executed"),
      cl::init(false), cl::cat(cat));
  cl::opt<int64_t> warpSize(
      "warp-size",
      cl::desc("lanes per warp (default: the module target's warp_size)"),
      cl::init(-1), cl::cat(cat));
  cl::HideUnrelatedOptions(cat);
  if (!cl::ParseCommandLineOptions(
          argc, argv, "uop-sim: run MLIR kernels on the CPU\n", &errs()))
    return int(SimStatus::BadInput);

  SimOptions opts;
  opts.entry = entry;
  opts.refEntry = refEntry;
  opts.seed = seed;
  if (atol.getNumOccurrences())
    opts.atol = atol;
  if (rtol.getNumOccurrences())
    opts.rtol = rtol;
  if (!maxMemory.empty()) {
    std::optional<uint64_t> bytes = parseBytes(maxMemory);
    if (!bytes) {
      errs() << "uop-sim: error: expected --max-memory to be a byte count "
                "with an optional suffix K, M, G, T, KiB, MiB, GiB or TiB, "
                "got '"
             << maxMemory << "'\n";
      return int(SimStatus::BadInput);
    }
    opts.maxMemory = *bytes;
  }
  opts.maxSteps = maxSteps;
  opts.preemptSeed = preemptSeed;
  if (interleavings < 1 || interleavings > kMaxInterleavings) {
    errs() << "uop-sim: error: expected --interleavings from 1 to "
           << kMaxInterleavings << ", got " << interleavings << "\n";
    return int(SimStatus::BadInput);
  }
  if (warpSize.getNumOccurrences() && warpSize < 1) {
    errs() << "uop-sim: error: expected a warp size of at least 1, got "
           << warpSize << "\n";
    return int(SimStatus::BadInput);
  }
  if (warpSize.getNumOccurrences())
    opts.warpSize = static_cast<unsigned>(
        std::min<int64_t>(warpSize, std::numeric_limits<unsigned>::max()));

  if (argSizes.getNumOccurrences()) {
    // Items split at ',', sizes at 'x'; an empty item is a 0-d memref.
    SmallVector<StringRef> items;
    StringRef(argSizes).split(items, ',');
    for (StringRef item : items) {
      std::vector<int64_t> sizes;
      SmallVector<StringRef> dims;
      if (!item.empty())
        item.split(dims, 'x');
      for (StringRef d : dims) {
        int64_t size;
        if (d.getAsInteger(10, size) || size < 0 || size > (int64_t(1) << 40)) {
          errs() << "uop-sim: error: --arg-sizes: expected sizes from 0 to "
                    "2^40 joined by 'x', one item per argument joined by "
                    "',', got '"
                 << item << "' in '" << argSizes << "'\n";
          return int(SimStatus::BadInput);
        }
        sizes.push_back(size);
      }
      opts.argSizes.push_back(std::move(sizes));
    }
  }

  // The product's file, read whole (copied: its bytes need not be aligned
  // for floats).
  std::vector<float> product;
  if (gemmProduct.getNumOccurrences()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> file =
        MemoryBuffer::getFile(gemmProduct, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    if (!file) {
      errs() << "uop-sim: error: --gemm-product: cannot read '" << gemmProduct
             << "': " << file.getError().message() << "\n";
      return int(SimStatus::BadInput);
    }
    StringRef bytes = (*file)->getBuffer();
    if (bytes.size() % sizeof(float)) {
      errs() << "uop-sim: error: --gemm-product: expected f32 values, got "
             << bytes.size() << " bytes in '" << gemmProduct
             << "' (not a multiple of 4)\n";
      return int(SimStatus::BadInput);
    }
    product.resize(bytes.size() / sizeof(float));
    std::memcpy(product.data(), bytes.data(), bytes.size());
    opts.gemmProduct = ArrayRef<float>(product);
  }

  mlir::DialectRegistry registry;
  mlir::uop::registerAllUopDialects(registry);
  // One thread: the simulator is sequential, and a thread pool only costs
  // start-up time.
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  ctx.printOpOnDiagnostic(false);
  SourceMgr sources;
  SimDiagnosticHandler handler(sources, &ctx, errs());

  ValueNames names;
  opts.names = &names;
  mlir::OwningOpRef<mlir::ModuleOp> module = load(input, sources, ctx, names);
  if (!module)
    return int(SimStatus::BadInput);
  mlir::OwningOpRef<mlir::ModuleOp> reference;
  if (!compareWith.empty()) {
    reference = load(compareWith, sources, ctx, names);
    if (!reference)
      return int(SimStatus::BadInput);
  }

  // Each run is one interleaving; the first that fails is the report.
  SimReport report;
  for (uint64_t i = 0; i < interleavings; ++i) {
    opts.preemptSeed = preemptSeed + i;
    report = simulate(*module, opts, reference ? *reference : nullptr);
    int code = report.getExitCode();
    if (code == 0)
      continue;
    if (interleavings > 1 && code != int(SimStatus::BadInput))
      errs() << "uop-sim: interleaving " << i + 1 << " of " << interleavings
             << " failed (--preempt-seed=" << opts.preemptSeed << ")\n";
    break;
  }
  PrintOptions print;
  print.outputs = printOutputs;
  print.traffic = traffic;
  print.steps = printSteps;
  printReport(report, print, outs(), errs());
  outs().flush();
  if (!writeOutputs.empty() && report.ran) {
    // The files a GPU run's outputs can be compared with byte for byte.
    if (std::error_code ec = sys::fs::create_directories(writeOutputs)) {
      errs() << "uop-sim: error: --write-outputs: cannot make the directory '"
             << writeOutputs << "': " << ec.message() << "\n";
      return int(SimStatus::BadInput);
    }
    // Every entry argument is a memref: outputs[i] is argument i.
    for (auto [i, o] : llvm::enumerate(report.outputs)) {
      SmallString<128> path(writeOutputs);
      sys::path::append(path, "arg" + std::to_string(i) + ".bin");
      std::error_code ec;
      raw_fd_ostream file(path, ec, sys::fs::OF_None);
      if (!ec) {
        file.write((const char *)o.bytes.data(), o.bytes.size());
        file.close();
        ec = file.error();
        file.clear_error(); // reported below, not by the stream's destructor
      }
      if (ec) {
        errs() << "uop-sim: error: --write-outputs: cannot write '" << path
               << "': " << ec.message() << "\n";
        return int(SimStatus::BadInput);
      }
    }
  }
  return report.getExitCode();
}
