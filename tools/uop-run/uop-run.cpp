//===- uop-run.cpp - run uop's kernels on a GPU ---------------------------===//
//
// Runs a compiled GEMM on the GPU through the CUDA driver API: compiles the
// input (a linalg file, or a GEMM it writes itself for --gemm) by running
// uop-opt and uop-translate from its own directory, or takes prebuilt PTX
// and launch JSON; fills the host function's buffers with uop-sim's seeded
// inputs; launches the kernels as the JSON records them through
// lib/Runtime's launch executor (Uop/Runtime/Executor.h, whose errors map
// onto the exit codes below: bad input 1, no GPU 3, CUDA 4); with --check
// compares the result with cuBLAS on the same device inputs, with
// --sim-output compares it with uop-sim's run of the same kernel on the
// same seeded inputs (`uop-sim --write-outputs`: the simulator against the
// hardware), and with --bench times both with CUDA events. With --shapes it
// compiles one GEMM of dynamic shape (memref<?x?>) and runs it at every size
// given, binding the sizes into the launch configuration (bindShapes), which
// evaluates the grid the host function computes from them. The binary needs
// neither MLIR nor a GPU to start: libcuda and cuBLAS are opened at run
// time, and without a driver or a device it prints "uop-run: no GPU:
// <reason>" and exits 3.
//
// Exit codes: 0 success, 1 bad usage or input (including a compile
// failure), 2 --check or --sim-output found mismatches, 3 no GPU, 4 a CUDA or cuBLAS error
// while running.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/Cuda.h"
#include "Uop/Runtime/Executor.h"
#include "Uop/Runtime/LaunchConfig.h"
#include "Uop/Runtime/SeededInputs.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace uop::runtime;

namespace {

enum ExitCode {
  kSuccess = 0,
  kBadInput = 1,
  kMismatch = 2,
  kNoGpu = 3,
  kCudaError = 4
};

/// The temporary directory of a compile, removed at exit (also by die).
std::string tempDir;

/// Removes `dir`, its files and the files of its directories (uop-run's
/// temporary directories hold nothing deeper).
void removeDir(const std::string &dir) {
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d)) {
      std::string name = e->d_name;
      if (name == "." || name == "..")
        continue;
      std::string path = dir + "/" + name;
      struct stat st;
      if (lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        removeDir(path);
      else
        unlink(path.c_str());
    }
    closedir(d);
  }
  rmdir(dir.c_str());
}

void removeTempDir() {
  if (tempDir.empty())
    return;
  removeDir(tempDir);
  tempDir.clear();
}

/// Prints "uop-run: <message>" and exits with `code`.
[[noreturn]] void die(int code, const std::string &message) {
  std::fprintf(stderr, "uop-run: %s\n", message.c_str());
  std::exit(code);
}

/// The directory uop-run writes its files to: --keep's `keepDir` (made
/// when missing), or a new temporary one (`tempDir`, removed at exit).
std::string makeWorkDir(const std::string &keepDir) {
  if (!keepDir.empty()) {
    if (mkdir(keepDir.c_str(), 0755) != 0 && errno != EEXIST)
      die(kBadInput, "--keep: cannot make the directory '" + keepDir + "'");
    return keepDir;
  }
  char dirTemplate[] = "/tmp/uop-run.XXXXXX";
  if (!mkdtemp(dirTemplate))
    die(kBadInput, "cannot make a temporary directory");
  static bool registered = false;
  if (!registered)
    std::atexit(removeTempDir);
  registered = true;
  return tempDir = dirTemplate;
}

struct Options {
  std::string input;
  std::string target = "sm_90a";
  std::string compileOptions;
  std::string ptxFile, launchFile;
  std::string gemm;
  /// --shapes: the sizes a GEMM of dynamic shape runs at, one run each.
  std::string shapes;
  std::string dtype = "f32", outDtype;
  bool transposeA = false, transposeB = false;
  uint64_t seed = 0;
  bool check = false, bench = false;
  /// uop-sim's C for the same kernel and seed (raw bytes), to compare with.
  std::string simOutput;
  /// Compile into this directory and keep gemm.mlir, kernel.mlir,
  /// kernel.ptx and kernel.json there.
  std::string keepDir;
  bool compileOnly = false;
  int warmup = 3, iters = 10;
};

const char *kUsage =
    "usage: uop-run FILE.mlir [--target=sm_90a] [--options=\"<--uop-compile "
    "options>\"]\n"
    "               [--seed N] [--check] [--bench] [--warmup W] [--iters N]\n"
    "               [--sim-output C.bin]\n"
    "       uop-run --ptx K.ptx --launch K.json [--transpose-a] "
    "[--transpose-b] ...\n"
    "       uop-run --gemm [Bx]MxNxK [--dtype f16|bf16|f32] [--out-dtype "
    "f16|bf16|f32]\n"
    "               [--transpose-a] [--transpose-b] [--target=...] "
    "[--options=...] ...\n"
    "       uop-run --shapes [Bx]MxNxK[,[Bx]MxNxK...] [the --gemm options] "
    "...\n"
    "       --gemm / --shapes BxMxNxK: a batch of B GEMMs "
    "(linalg.batch_matmul)\n"
    "       --shapes: run a GEMM of dynamic shape (memref<?x?>) at each "
    "size: alone, the\n"
    "         one uop-run writes (compiled once); with FILE.mlir or "
    "--ptx, the A, B\n"
    "         and C of the GEMM the launch JSON records for its host "
    "function\n"
    "         (and its fused epilogue's operands)\n"
    "       --transpose-a / --transpose-b: A stored K x M / B stored N x K "
    "(with --gemm,\n"
    "         the GEMM compiled; with a launch JSON that records its GEMM, "
    "checked against\n"
    "         the record; without one, the roles --check assumes)\n"
    "       --keep DIR: compile into DIR and keep the files there;\n"
    "       --compile-only: stop after compiling (or, with --ptx, reading) "
    "and checking\n"
    "         the launch configuration, tensor maps included\n"
    "       --sim-output C.bin: compare C with uop-sim's (uop-sim "
    "--write-outputs\n"
    "         DIR on the kernel, same --seed: DIR/arg2.bin)\n"
    "       --check of a GEMM with a fused epilogue: cuBLAS computes A * B "
    "(f32) and\n"
    "         uop-sim runs FILE.mlir on it (--gemm-product): the epilogue's "
    "reference\n"
    "exit codes: 0 ok, 1 bad usage or input, 2 --check or --sim-output "
    "mismatch, 3 no GPU, "
    "4 CUDA or cuBLAS error\n";

/// Parses a decimal integer in [lo, hi] or dies naming `what`.
int64_t parseInt(const std::string &text, const std::string &what, int64_t lo,
                 int64_t hi) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || v < lo || v > hi)
    die(kBadInput, what + ": expected an integer in [" + std::to_string(lo) +
                       ", " + std::to_string(hi) + "], got '" + text + "'");
  return v;
}

Options parseOptions(int argc, char **argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string key = arg, value;
    bool hasValue = false;
    size_t eq = arg.find('=');
    if (arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      key = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      hasValue = true;
    }
    auto next = [&]() -> std::string {
      if (hasValue)
        return value;
      if (i + 1 >= args.size())
        die(kBadInput, key + ": expected a value");
      return args[++i];
    };
    if (key == "--help" || key == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(kSuccess);
    } else if (key == "--target") {
      o.target = next();
    } else if (key == "--options") {
      o.compileOptions = next();
    } else if (key == "--seed") {
      o.seed = (uint64_t)parseInt(next(), "--seed", 0, INT64_MAX);
    } else if (key == "--check") {
      o.check = true;
    } else if (key == "--sim-output") {
      o.simOutput = next();
    } else if (key == "--bench") {
      o.bench = true;
    } else if (key == "--warmup") {
      o.warmup = (int)parseInt(next(), "--warmup", 0, 10000);
    } else if (key == "--iters") {
      o.iters = (int)parseInt(next(), "--iters", 1, 100000);
    } else if (key == "--ptx") {
      o.ptxFile = next();
    } else if (key == "--launch") {
      o.launchFile = next();
    } else if (key == "--gemm") {
      o.gemm = next();
    } else if (key == "--shapes") {
      o.shapes = next();
    } else if (key == "--dtype") {
      o.dtype = next();
    } else if (key == "--out-dtype") {
      o.outDtype = next();
    } else if (key == "--keep") {
      o.keepDir = next();
    } else if (key == "--compile-only") {
      o.compileOnly = true;
    } else if (key == "--transpose-a") {
      o.transposeA = true;
    } else if (key == "--transpose-b") {
      o.transposeB = true;
    } else if (arg.rfind("-", 0) == 0) {
      die(kBadInput, "unknown option '" + arg + "'\n" + kUsage);
    } else if (o.input.empty()) {
      o.input = arg;
    } else {
      die(kBadInput,
          "expected one input file, got '" + o.input + "' and '" + arg + "'");
    }
  }
  if (!o.gemm.empty() && !o.shapes.empty())
    die(kBadInput, "expected --gemm MxNxK (a GEMM of static shape) or "
                   "--shapes MxNxK,... (one of dynamic shape), not both");
  int modes = !o.input.empty() + !o.gemm.empty() +
              (!o.ptxFile.empty() || !o.launchFile.empty());
  // --shapes alone compiles a GEMM of dynamic shape.
  if (modes == 0 && !o.shapes.empty())
    modes = 1;
  if (modes != 1)
    die(kBadInput, std::string("expected exactly one of FILE.mlir, --gemm "
                               "MxNxK, --shapes MxNxK,..., --ptx K.ptx "
                               "--launch K.json\n") +
                       kUsage);
  if (!o.ptxFile.empty() && o.launchFile.empty())
    die(kBadInput, "--ptx: expected --launch K.json with it (the launch "
                   "configuration uop-translate --uop-launch-config writes)");
  if (o.ptxFile.empty() && !o.launchFile.empty())
    die(kBadInput, "--launch: expected --ptx K.ptx with it");
  for (const std::string *t : {&o.dtype, &o.outDtype})
    if (!t->empty() && *t != "f32" && *t != "f16" && *t != "bf16")
      die(kBadInput,
          "expected a data type of f32, f16, bf16, got '" + *t + "'");
  if (o.outDtype.empty())
    o.outDtype = "f32";
  // The GEMMs --gemm and --shapes write: f32 accumulation stored as f32 or
  // as the inputs' own type (a linalg.matmul of f16 into bf16, or of f32
  // into a half type, is not one uop compiles).
  if (o.outDtype != "f32" && o.outDtype != o.dtype)
    die(kBadInput, "--out-dtype: expected f32 or the inputs' type (--dtype " +
                       o.dtype + "), got '" + o.outDtype + "'");
  return o;
}

/// The GEMM sizes of --gemm [B]xMxNxK (or one of --shapes), each of M, N
/// and K in [1, 2^20], a batch of B in [1, 2^31 - 1] GEMMs (cuBLAS's
/// count; a kernel with the batch on grid z takes at most 65535, which the
/// compiler and the launch check say), with all the matrices within 64 GiB.
struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
  /// The GEMMs of a batch (linalg.batch_matmul), 0 for a single GEMM.
  int64_t batch = 0;
  /// "MxNxK", or "BxMxNxK" for a batch.
  std::string str() const {
    return (batch ? std::to_string(batch) + "x" : std::string()) +
           std::to_string(m) + "x" + std::to_string(n) + "x" +
           std::to_string(k);
  }
};

GemmShape parseGemm(const Options &o, const std::string &text,
                    const std::string &flag = "--gemm") {
  GemmShape s;
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == 'x') {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  if (parts.size() != 3 && parts.size() != 4)
    die(kBadInput, flag + ": expected MxNxK (three positive integers) or "
                          "BxMxNxK (a batch of B GEMMs), got '" +
                       text + "'");
  size_t first = parts.size() - 3;
  if (first)
    s.batch = parseInt(parts[0], flag + " B", 1, INT32_MAX);
  s.m = parseInt(parts[first], flag + " M", 1, 1 << 20);
  s.n = parseInt(parts[first + 1], flag + " N", 1, 1 << 20);
  s.k = parseInt(parts[first + 2], flag + " K", 1, 1 << 20);
  double in = o.dtype == "f32" ? 4 : 2, out = o.outDtype == "f32" ? 4 : 2;
  double bytes = (in * (double)s.m * s.k + in * (double)s.k * s.n +
                  2 * out * (double)s.m * s.n) *
                 std::max<int64_t>(1, s.batch);
  if (bytes > 64.0 * (1ull << 30))
    die(kBadInput, flag + " " + text +
                       ": expected at most 64 GiB of "
                       "matrices (A, B, C and cuBLAS's C), got " +
                       std::to_string((long long)(bytes / (1ull << 30))) +
                       " GiB");
  return s;
}

/// The sizes of --shapes MxNxK,MxNxK,...: at most 64 of them, all single
/// GEMMs or all batches (one function of dynamic shape runs them).
std::vector<GemmShape> parseShapes(const Options &o) {
  std::vector<GemmShape> shapes;
  if (o.shapes.empty())
    return shapes;
  size_t start = 0;
  for (size_t i = 0; i <= o.shapes.size(); ++i)
    if (i == o.shapes.size() || o.shapes[i] == ',') {
      if (shapes.size() == 64)
        die(kBadInput, "--shapes: expected at most 64 sizes");
      shapes.push_back(
          parseGemm(o, o.shapes.substr(start, i - start), "--shapes"));
      if ((shapes.back().batch != 0) != (shapes.front().batch != 0))
        die(kBadInput, "--shapes: expected every size to be MxNxK or every "
                       "size BxMxNxK (one GEMM of dynamic shape runs them), "
                       "got " +
                           shapes.front().str() + " and " +
                           shapes.back().str());
      start = i + 1;
    }
  return shapes;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    die(kBadInput, "cannot read '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeFile(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out)
    die(kBadInput, "cannot write '" + path + "'");
}

/// The directory of this executable, where uop-opt and uop-translate are.
std::string binDir() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n <= 0)
    return ".";
  std::string path(buf, n);
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

/// Runs `argv` and returns its exit status (-1 when it could not start).
int runProcess(const std::vector<std::string> &argv) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    std::vector<char *> cargv;
    for (const std::string &a : argv)
      cargv.push_back(const_cast<char *>(a.c_str()));
    cargv.push_back(nullptr);
    execv(cargv[0], cargv.data());
    std::fprintf(stderr, "uop-run: cannot run '%s': %s\n", argv[0].c_str(),
                 std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// The linalg GEMM --gemm compiles: C = A * B (A stored K x M, B N x K
/// where transposed), C zeroed first; without a shape (--shapes), on
/// memref<?x?> operands; a batch of them (linalg.batch_matmul, the batch
/// the operands' outermost dimension) with `batched`.
std::string gemmSource(const GemmShape *shape, bool batched,
                       const Options &o) {
  GemmShape s = shape ? *shape : GemmShape{-1, -1, -1, -1};
  auto size = [](int64_t x) {
    return x < 0 ? std::string("?") : std::to_string(x);
  };
  auto memref = [&](int64_t r, int64_t c, const std::string &t) {
    return "memref<" + (batched ? size(s.batch) + "x" : std::string()) +
           size(r) + "x" + size(c) + "x" + t + ">";
  };
  std::string a =
      o.transposeA ? memref(s.k, s.m, o.dtype) : memref(s.m, s.k, o.dtype);
  std::string b =
      o.transposeB ? memref(s.n, s.k, o.dtype) : memref(s.k, s.n, o.dtype);
  std::string c = memref(s.m, s.n, o.outDtype);
  std::string src = "func.func @main(%A: " + a + ", %B: " + b + ", %C: " + c +
                    ") {\n  %zero = arith.constant 0.0 : " + o.outDtype +
                    "\n  linalg.fill ins(%zero : " + o.outDtype +
                    ") outs(%C : " + c + ")\n  linalg." +
                    (batched ? "batch_matmul" : "matmul") + "\n";
  std::string loops = batched ? "(b, m, n, k)" : "(m, n, k)";
  std::string b0 = batched ? "b, " : "";
  if (o.transposeA || o.transposeB)
    src += "      indexing_maps = [affine_map<" + loops + " -> (" + b0 +
           (o.transposeA ? "k, m)" : "m, k)") +
           ">,\n"
           "                       affine_map<" +
           loops + " -> (" + b0 + (o.transposeB ? "n, k)" : "k, n)") +
           ">,\n"
           "                       affine_map<" +
           loops + " -> (" + b0 + "m, n)>]\n";
  src += "      ins(%A, %B : " + a + ", " + b + ") outs(%C : " + c +
         ")\n  return\n}\n";
  return src;
}

/// Compiles `mlirFile` to PTX and launch JSON in `dir` with the tools next
/// to this binary.
void compile(const Options &o, const std::string &mlirFile,
             const std::string &dir, std::string &ptxFile,
             std::string &launchFile) {
  std::string bin = binDir();
  std::string lowered = dir + "/kernel.mlir";
  ptxFile = dir + "/kernel.ptx";
  launchFile = dir + "/kernel.json";
  std::string pipeline = "--uop-compile=target=" + o.target + " emit=llvm";
  if (!o.compileOptions.empty())
    pipeline += " " + o.compileOptions;
  int rc = runProcess({bin + "/uop-opt", mlirFile, pipeline, "-o", lowered});
  if (rc != 0)
    die(kBadInput, "compiling '" + mlirFile + "' failed (uop-opt exited " +
                       std::to_string(rc) + ")");
  rc = runProcess({bin + "/uop-translate", "--uop-to-ptx", lowered, "-o",
                   ptxFile, "--uop-launch-config=" + launchFile});
  if (rc != 0)
    die(kBadInput, "translating '" + mlirFile +
                       "' to PTX failed (uop-translate exited " +
                       std::to_string(rc) + ")");
}

/// Fills the `n` elements of type `t` at `p` with argument `argIndex`'s
/// seeded values (uop-sim's fillRandom: the same draws in the same order,
/// stored in the type).
void fillSeeded(const std::string &t, uint8_t *p, int64_t n, uint64_t seed,
                uint64_t argIndex) {
  SeededStream stream(seed, argIndex);
  // One loop per type: the 8192^2 buffers of the benchmark are filled in
  // well under a second.
  if (t == "f32") {
    for (int64_t i = 0; i < n; ++i) {
      float v = (float)seededFloat(stream.next(), kF32Precision);
      std::memcpy(p + 4 * i, &v, 4);
    }
  } else if (t == "f16" || t == "bf16") {
    bool half = t == "f16";
    for (int64_t i = 0; i < n; ++i) {
      float v = (float)seededFloat(stream.next(),
                                   half ? kF16Precision : kBF16Precision);
      uint16_t bits = half ? f32ToF16Bits(v) : f32ToBF16Bits(v);
      std::memcpy(p + 2 * i, &bits, 2);
    }
  } else if (t == "f64") {
    for (int64_t i = 0; i < n; ++i) {
      double v = seededFloat(stream.next(), kF64Precision);
      std::memcpy(p + 8 * i, &v, 8);
    }
  } else {
    bool isBool = t == "i1";
    unsigned elemBytes = elementBytes(t);
    for (int64_t i = 0; i < n; ++i) {
      uint64_t r = stream.next();
      int64_t v = isBool ? (seededBool(r) & 1) : seededInt(r);
      std::memcpy(p + elemBytes * i, &v, elemBytes); // little endian
    }
  }
}

/// The float buffer `p` of type `t` with `n` elements as doubles.
std::vector<double> loadFloats(const std::string &t, const uint8_t *p,
                               int64_t n) {
  std::vector<double> out(n);
  if (t == "f32") {
    for (int64_t i = 0; i < n; ++i) {
      float v;
      std::memcpy(&v, p + 4 * i, 4);
      out[i] = v;
    }
    return out;
  }
  bool half = t == "f16";
  for (int64_t i = 0; i < n; ++i) {
    uint16_t h;
    std::memcpy(&h, p + 2 * i, 2);
    out[i] = half ? f16BitsToF32(h) : bf16BitsToF32(h);
  }
  return out;
}

/// `values` stored as type `t` (f32, or f16 / bf16 rounded to nearest
/// even).
std::vector<uint8_t> storeFloats(const std::string &t,
                                 const std::vector<double> &values) {
  std::vector<uint8_t> out(values.size() * (t == "f32" ? 4 : 2));
  for (size_t i = 0; i < values.size(); ++i) {
    float v = (float)values[i];
    if (t == "f32") {
      std::memcpy(out.data() + 4 * i, &v, 4);
      continue;
    }
    uint16_t h = t == "f16" ? f32ToF16Bits(v) : f32ToBF16Bits(v);
    std::memcpy(out.data() + 2 * i, &h, 2);
  }
  return out;
}

int cublasType(const std::string &t) {
  return t == "f16"    ? Cublas::kR16F
         : t == "bf16" ? Cublas::kR16BF
                       : Cublas::kR32F;
}

/// The roles of a GEMM's host parameters, when the host function is one.
struct GemmRoles {
  bool ok = false;
  std::string why;
  int64_t m = 0, n = 0, k = 0;
  /// A batch of GEMMs: A, B and C hold `batch` matrices each (3-D), or one
  /// of A and B is one matrix the batch shares (2-D: `sharedA`,
  /// `sharedB`); 1 and false for a single GEMM.
  int64_t batch = 1;
  bool batched = false;
  bool sharedA = false, sharedB = false;
  /// "MxNxK", or "BxMxNxK" for a batch.
  std::string str() const {
    return (batched ? std::to_string(batch) + "x" : std::string()) +
           std::to_string(m) + "x" + std::to_string(n) + "x" +
           std::to_string(k);
  }
  std::string inType, outType;
  /// The parameters A, B and C, and their layouts.
  size_t a = 0, b = 1, c = 2;
  bool transposeA = false, transposeB = false;
  /// C = C + A * B: cuBLAS starts from C's seeded values (beta 1).
  bool accumulate = false;
  /// C (the stored parameter) holds elementwise functions of A * B (a
  /// fused epilogue): cuBLAS computes the product alone, in f32, and the
  /// source run in uop-sim on it is the reference (runEpilogue).
  bool epilogue = false;
};

/// The roles of a host function's GEMM: where the launch JSON records it
/// (the compiler's `uop.gemm`), from that record, which the --transpose-a /
/// --transpose-b flags must agree with; otherwise parameters A (M x K, or
/// K x M with --transpose-a), B (K x N, or N x K with --transpose-b) and
/// C (M x N), C = A * B. A, B and C must be dense row-major 2-D memrefs,
/// or 3-D ones for a batch of GEMMs (the batch outermost; A or B may be a
/// 2-D matrix the batch shares).
GemmRoles findGemm(const HostFunctionDesc &host, bool transposeAFlag,
                   bool transposeBFlag) {
  GemmRoles g;
  auto dense = [](const ArgDesc &d) {
    if (d.kind != ArgDesc::Kind::MemRef ||
        (d.shape.size() != 2 && d.shape.size() != 3) || d.offset != 0)
      return false;
    int64_t stride = 1;
    for (size_t i = d.shape.size(); i-- > 0;) {
      if (d.strides[i] != stride)
        return false;
      stride *= d.shape[i];
    }
    return true;
  };
  if (const std::optional<GemmDesc> &r = host.gemm) {
    g.epilogue = r->epilogue;
    for (auto [flag, recorded, what] :
         {std::tuple<bool, bool, const char *>{
              transposeAFlag, r->transposeA,
              "--transpose-a: A stored K x M, but the compiled GEMM reads A "
              "stored M x K"},
          {transposeBFlag, r->transposeB,
           "--transpose-b: B stored N x K, but the compiled GEMM reads B "
           "stored K x N"}})
      if (flag && !recorded) {
        g.why = std::string(what) + " (the launch JSON's record of it)";
        return g;
      }
    g.a = r->a;
    g.b = r->b;
    g.c = r->c;
    g.transposeA = r->transposeA;
    g.transposeB = r->transposeB;
    g.accumulate = r->accumulate;
    if (!dense(host.params[g.a]) || !dense(host.params[g.b]) ||
        !dense(host.params[g.c])) {
      g.why = "expected A, B and C (parameters " + std::to_string(g.a) +
              ", " + std::to_string(g.b) + " and " + std::to_string(g.c) +
              ") to be dense row-major 2-D or 3-D memrefs";
      return g;
    }
  } else {
    if (host.params.size() != 3 || !dense(host.params[0]) ||
        !dense(host.params[1]) || !dense(host.params[2])) {
      g.why = "expected a host function of three dense row-major 2-D memrefs "
              "(A, B, C)";
      return g;
    }
    g.transposeA = transposeAFlag;
    g.transposeB = transposeBFlag;
  }
  const ArgDesc &a = host.params[g.a], &b = host.params[g.b],
                &c = host.params[g.c];
  // A batch: the matrices are the inner two dimensions of the 3-D C, A
  // and B, or all of an input the batch shares.
  g.batched = c.shape.size() == 3;
  g.sharedA = g.batched && a.shape.size() == 2;
  g.sharedB = g.batched && b.shape.size() == 2;
  size_t da = a.shape.size() - 2, db = b.shape.size() - 2,
         d = c.shape.size() - 2;
  if ((!g.batched && (da || db)) || (g.sharedA && g.sharedB) ||
      (da && a.shape[0] != c.shape[0]) || (db && b.shape[0] != c.shape[0])) {
    g.why = "expected A, B and C all 2-D (one GEMM) or all 3-D with one "
            "batch size (a batch of GEMMs; A or B may be one 2-D matrix the "
            "batch shares)";
    return g;
  }
  g.batch = g.batched ? c.shape[0] : 1;
  g.m = g.transposeA ? a.shape[da + 1] : a.shape[da];
  g.k = g.transposeA ? a.shape[da] : a.shape[da + 1];
  g.n = c.shape[d + 1];
  int64_t bk = g.transposeB ? b.shape[db + 1] : b.shape[db];
  int64_t bn = g.transposeB ? b.shape[db] : b.shape[db + 1];
  if (bk != g.k || bn != g.n || c.shape[d] != g.m) {
    auto batch = [&](size_t dims) { return dims ? "B x " : ""; };
    g.why = std::string("expected shapes ") + batch(da) +
            (g.transposeA ? "K x M" : "M x K") + ", " + batch(db) +
            (g.transposeB ? "N x K" : "K x N") + ", " + batch(d) + "M x N";
    return g;
  }
  if (a.type != b.type) {
    g.why = "expected A and B of one element type, got " + a.type + " and " +
            b.type;
    return g;
  }
  for (const std::string *t : {&a.type, &c.type})
    if (*t != "f32" && *t != "f16" && *t != "bf16") {
      g.why = "expected f32, f16 or bf16 elements, got " + *t;
      return g;
    }
  if (g.m > INT_MAX || g.n > INT_MAX || g.k > INT_MAX || g.batch > INT_MAX) {
    g.why = "sizes beyond cuBLAS's int";
    return g;
  }
  g.inType = a.type;
  g.outType = c.type;
  g.ok = true;
  return g;
}

/// Prints `error`'s message and exits with the code of its kind.
[[noreturn]] void die(const ExecError &error) {
  die(error.kind == ErrorKind::NoGpu  ? kNoGpu
      : error.kind == ErrorKind::Cuda ? kCudaError
                                      : kBadInput,
      error.message);
}

/// Dies with exit code 4 when a driver call of the cuBLAS check failed.
void checkCuda(const CudaDriver &cu, CUresult r, const std::string &what) {
  if (r != CUDA_SUCCESS)
    die(kCudaError, what + " failed: " + cu.describe(r));
}

double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

/// The tolerance of the product of `gemm` (its K and `tf32`), compareC's:
/// summation order differs between the two sides (|error| grows like
/// sqrt(K) times the f32 rounding of partial sums of magnitude up to
/// sqrt(K)/3). tf32 keeps 11 bits of each input, and the two sides may
/// round them differently: an mma.sync reading f32 registers as tf32
/// truncates, which shrinks every product by 2^-10 on average (a bias
/// proportional to C, hence rtol 2e-3) plus a random part of about
/// sqrt(K) * 1.2e-4 (6 sigma within atol).
static std::pair<double, double> productTolerance(const GemmRoles &gemm,
                                                  bool tf32) {
  return {(tf32 ? 2e-3 : 2e-5) * std::sqrt((double)gemm.k),
          tf32 ? 2e-3 : 1e-4};
}

/// Compares C as the kernel left it (`got`) with `want` (`referee`'s),
/// element by element, under the tolerance of `gemm`'s types: the
/// product's (productTolerance), and for an f16/bf16 output one rounding
/// of the f32 sum, which may land one unit apart (2^-10 and 2^-7 relative
/// at most). With `lo` and `hi` (a fused epilogue's reference,
/// runEpilogue), an element agrees when it lies between them, widened by
/// the output's rounding alone: they already carry the product's
/// tolerance through the epilogue. Equal infinities, and NaN on both
/// sides, agree. Prints the first mismatches and the line "uop-run: <what>
/// MxNxK in->out: ...: ok" (or MISMATCH); returns whether they agree.
bool compareC(const GemmRoles &gemm, bool tf32, const uint8_t *got,
              const uint8_t *want, const char *what, const char *referee,
              const std::vector<double> *lo = nullptr,
              const std::vector<double> *hi = nullptr) {
  auto [atol, productRtol] = productTolerance(gemm, tf32);
  double rounding = gemm.outType == "f16"    ? 2e-3
                    : gemm.outType == "bf16" ? 1.6e-2
                                             : 0;
  double rtol = rounding ? rounding : productRtol;
  if (lo) {
    // The bounds carry the product's tolerance; what is left is the
    // output's rounding (and an f32 epilogue's own, a few units).
    atol = 1e-30;
    rtol = rounding ? rounding : 1e-6;
  }
  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0, total = gemm.batch * gemm.m * gemm.n;
  std::vector<double> gotValues = loadFloats(gemm.outType, got, total);
  std::vector<double> wantValues = loadFloats(gemm.outType, want, total);
  for (int64_t i = 0; i < total; ++i) {
    double x = gotValues[i], y = wantValues[i];
    double err = std::fabs(x - y);
    bool agree;
    if (x == y || (std::isnan(x) && std::isnan(y))) {
      agree = true;
      err = 0;
    } else if (lo) {
      // Each bound widened by its own magnitude; an infinite one leaves
      // its side open (and only its side).
      double l = (*lo)[i], h = (*hi)[i];
      auto widen = [&](double b) {
        return std::isinf(b) ? 0.0 : atol + rtol * std::fabs(b);
      };
      agree = x >= l - widen(l) && x <= h + widen(h);
    } else {
      agree = err <= atol + rtol * std::fabs(y);
    }
    if (!agree) {
      if (mismatches < 5) {
        std::string at = "C[" + std::to_string(i / gemm.n % gemm.m) + "][" +
                         std::to_string(i % gemm.n) + "]";
        if (gemm.batched)
          at = "C[" + std::to_string(i / (gemm.m * gemm.n)) + "]" +
               at.substr(1);
        char range[64] = "";
        if (lo)
          std::snprintf(range, sizeof(range), " (from %.8g to %.8g)",
                        (*lo)[i], (*hi)[i]);
        std::printf("uop-run: mismatch at %s: got %.8g, %s %.8g%s\n",
                    at.c_str(), x, referee, y, range);
      }
      ++mismatches;
    }
    if (std::isnan(err)) {
      maxAbs = maxRel = NAN;
      continue;
    }
    maxAbs = std::max(maxAbs, err);
    if (std::fabs(y) > 1e-6)
      maxRel = std::max(maxRel, err / std::fabs(y));
  }
  char tolerance[96];
  if (lo)
    std::snprintf(tolerance, sizeof(tolerance),
                  "the epilogue of the product's tolerance, rtol %.2g", rtol);
  else
    std::snprintf(tolerance, sizeof(tolerance), "atol %.2g, rtol %.2g", atol,
                  rtol);
  std::printf("uop-run: %s %s %s->%s: max_abs_err=%.3g max_rel_err=%.3g "
              "mismatches=%" PRId64 "/%" PRId64 " (%s): %s\n",
              what, gemm.str().c_str(), gemm.inType.c_str(),
              gemm.outType.c_str(), maxAbs, maxRel, mismatches, total,
              tolerance, mismatches ? "MISMATCH" : "ok");
  return mismatches == 0;
}

/// `config` with the A, B and C of its first launch's host function sized
/// for `shape` (bindShapes): where the launch JSON records the GEMM, its
/// parameters and layouts; otherwise a function of three parameters (A, B,
/// C) with the layouts of --transpose-a and --transpose-b.
static LaunchConfig bindGemmShape(const Options &o, const LaunchConfig &config,
                           const GemmShape &shape,
                           const std::string &launchFile) {
  if (config.launches.empty())
    return config; // prepareHostFunction says so.
  const std::string &name = config.launches.front().host;
  const HostFunctionDesc *host = nullptr;
  for (const HostFunctionDesc &f : config.functions)
    if (f.name == name)
      host = &f;
  if (!host)
    return config; // prepareHostFunction says so.
  size_t a = 0, b = 1, c = 2;
  bool transposeA = o.transposeA, transposeB = o.transposeB;
  if (const std::optional<GemmDesc> &r = host->gemm) {
    a = (size_t)r->a;
    b = (size_t)r->b;
    c = (size_t)r->c;
    transposeA = r->transposeA;
    transposeB = r->transposeB;
  } else if (host->params.size() != 3) {
    die(kBadInput, "--shapes: expected '" + launchFile +
                       "' to record the GEMM of host function '" + name +
                       "', or the function to take A, B and C, got " +
                       std::to_string(host->params.size()) + " parameters");
  }
  if (a == b)
    die(kBadInput, "--shapes: A and B of host function '" + name +
                       "' are one parameter (A^T A): give its sizes in a "
                       "function of static shape");
  int64_t m = shape.m, n = shape.n, k = shape.k;
  std::map<size_t, std::vector<int64_t>> sizes = {
      {a, transposeA ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k}},
      {b, transposeB ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n}},
      {c, {m, n}}};
  // A batch of GEMMs: 3-D operands, the batch outermost (but for an input
  // the batch shares, 2-D).
  auto rank = [&](size_t param) {
    return param < host->params.size() &&
                   host->params[param].kind == ArgDesc::Kind::MemRef
               ? host->params[param].shape.size()
               : 0;
  };
  bool batchedHost = rank(c) == 3;
  if (batchedHost != (shape.batch != 0))
    die(kBadInput, "--shapes " + shape.str() + ": host function '" + name +
                       "' computes " +
                       (batchedHost ? "a batch of GEMMs (give BxMxNxK)"
                                    : "one GEMM (give MxNxK)"));
  if (batchedHost)
    for (auto &[param, dims] : sizes)
      if (rank(param) == 3)
        dims.insert(dims.begin(), shape.batch);
  // A fused epilogue's operands (a bias of N, a residual of M x N, for a
  // batch also per GEMM of the batch): their sizes from what the record
  // says each dimension is.
  if (const std::optional<GemmDesc> &r = host->gemm)
    for (size_t p = 0; p < r->dims.size(); ++p) {
      if (r->dims[p].empty() || sizes.count(p))
        continue;
      std::vector<int64_t> operandSizes;
      for (char letter : r->dims[p])
        operandSizes.push_back(letter == 'b'   ? shape.batch
                               : letter == 'm' ? m
                               : letter == 'n' ? n
                               : letter == 'k' ? k
                                               : 1);
      sizes[p] = operandSizes;
    }
  ExecError error;
  std::optional<LaunchConfig> bound = bindShapes(config, name, sizes, error);
  if (!bound)
    die(kBadInput, "--shapes " + shape.str() + ": " + error.message);
  return *bound;
}

/// Widens [lo, hi] by the extreme of the parabola through the epilogue's
/// values at P - t, P and P + t (`below`, `at`, `above`), where it lies
/// strictly inside the interval: f(P + u t) ~ a u^2 + b u + at, extreme
/// at u = -b / 2a with the value at - b^2 / 4a, inside where |b| < 2 |a|.
/// Three monotonic values can have one (0, 0, 1: the parabola dips to
/// -1/8): by an eighth of their spread at most, a curve the samples
/// cannot tell from a minimum just inside.
static void widenForExtremum(double below, double at, double above,
                             double &lo, double &hi) {
  double a = 0.5 * (above + below) - at, b = 0.5 * (above - below);
  if (!std::isfinite(a) || !std::isfinite(b) ||
      std::fabs(b) >= 2 * std::fabs(a))
    return;
  double extreme = at - b * b / (4 * a);
  lo = std::fmin(lo, extreme);
  hi = std::fmax(hi, extreme);
}

/// The reference of a GEMM with a fused epilogue (`gemm.epilogue`): the
/// source `o.input` run in uop-sim on the seeded inputs of `o.seed` (the
/// values the GPU's run was given), its GEMM's product taken from
/// `product` (cuBLAS's, f32, one per element of C) instead of computed,
/// so the epilogue's ops run with uop-sim's semantics on cuBLAS's
/// product, each argument at the size the run gave it (--arg-sizes: a
/// source of dynamic shape runs at the sizes of --shapes). The kernel's
/// product may differ from cuBLAS's by the product's tolerance t (the
/// summation order), which the epilogue carries along scaled, shifted or
/// clipped: uop-sim also runs the source on P - t and P + t, and C as it
/// leaves it from P (`want`) and the least and greatest of the three per
/// element (`lo`, `hi`) are the reference. An epilogue need not be
/// monotonic in the product (x * x, |x|, GELU): its extreme over [P - t, P
/// + t] may lie inside. Two more things bound it there: a fourth run on
/// the point of the interval nearest 0 (the kink of |x|, the least x * x),
/// and the extreme of the parabola through the three runs where it lies
/// inside the interval (widenForExtremum; exact for (x + c)^2, to third
/// order for a smooth epilogue). The first never widens a monotonic
/// epilogue's bounds, the second by an eighth of their spread at most.
/// Dies when uop-sim cannot run the source. The files go to --keep's
/// directory, or a temporary one.
struct EpilogueReference {
  std::vector<uint8_t> want;
  std::vector<double> lo, hi;
};
static EpilogueReference runEpilogue(const Options &o,
                                     const HostFunctionPlan &plan,
                                     const GemmRoles &gemm, bool tf32,
                                     const std::vector<uint8_t> &product) {
  std::string dir = makeWorkDir(o.keepDir);
  // The source's steps: a few per element of its buffers (the fill, the
  // product's addition, the epilogue's ops), bounded all the same; its
  // memory: its arguments and temporaries (such as the product's), with
  // room to spare.
  uint64_t elements = 0, bytes = product.size();
  for (size_t i : plan.memrefParams) {
    elements += (uint64_t)plan.bufferElements[i];
    bytes += (uint64_t)plan.bufferBytes[i];
  }
  uint64_t maxSteps = (uint64_t(1) << 32) + 64 * elements;
  // (No more than the machine has: uop-sim refuses a cap above it.)
  uint64_t maxMemory = (uint64_t(4) << 30) + 4 * bytes;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && pageSize > 0)
    maxMemory = std::min(maxMemory, std::max(uint64_t(4) << 30,
                                             uint64_t(pages) * pageSize));
  // Every argument's sizes, as the run gave them.
  std::string sizes;
  for (size_t i = 0; i < plan.host.params.size(); ++i) {
    if (i)
      sizes += ",";
    const std::vector<int64_t> &shape = plan.host.params[i].shape;
    for (size_t d = 0; d < shape.size(); ++d)
      sizes += (d ? "x" : "") + std::to_string(shape[d]);
  }
  auto [atol, rtol] = productTolerance(gemm, tf32);
  std::printf("uop-run: epilogue: uop-sim runs '%s' (entry '%s', seed "
              "%" PRIu64 ") on cuBLAS's product P and on P -/+ (%.2g + %.2g "
              "|P|), the product's tolerance (and on its point nearest 0)\n",
              o.input.c_str(), plan.host.name.c_str(), o.seed, atol, rtol);
  size_t n = product.size() / 4;
  std::vector<float> p(n);
  std::memcpy(p.data(), product.data(), product.size());
  EpilogueReference ref;
  const size_t cParam = gemm.c;
  std::vector<double> at, below; // the values at P and at P - t
  for (int run = 0; run < 4; ++run) {
    // P, then P - t, then P + t, then the point of [P - t, P + t] nearest
    // 0 (the same shifts, in f32, as the two before).
    std::vector<float> shifted = p;
    for (float &x : shifted) {
      float t = (float)(atol + rtol * std::fabs(x));
      if (run == 1 || run == 2)
        x += run == 1 ? -t : t;
      else if (run == 3)
        x = x - t > 0 ? x - t : x + t < 0 ? x + t : 0;
    }
    std::string name = run == 0   ? ""
                       : run == 1 ? "-lo"
                       : run == 2 ? "-hi"
                                  : "-zero";
    std::string productFile = dir + "/product" + name + ".bin",
                outDir = dir + "/epilogue" + name;
    writeFile(productFile,
              std::string((const char *)shifted.data(), shifted.size() * 4));
    int rc = runProcess({binDir() + "/uop-sim", o.input,
                         "--entry=" + plan.host.name,
                         "--seed=" + std::to_string(o.seed),
                         "--gemm-product=" + productFile,
                         "--max-steps=" + std::to_string(maxSteps),
                         "--max-memory=" + std::to_string(maxMemory),
                         "--arg-sizes=" + sizes,
                         "--write-outputs=" + outDir});
    if (rc != 0)
      die(kBadInput, "--check: uop-sim could not run the fused epilogue of '" +
                         o.input + "' on cuBLAS's product (exited " +
                         std::to_string(rc) + ")");
    std::string c =
        readFile(outDir + "/arg" + std::to_string(cParam) + ".bin");
    if (c.size() != plan.bufferBytes[cParam])
      die(kBadInput, "--check: uop-sim wrote " + std::to_string(c.size()) +
                         " bytes of C, expected " +
                         std::to_string(plan.bufferBytes[cParam]));
    std::vector<double> values =
        loadFloats(gemm.outType, (const uint8_t *)c.data(),
                   (int64_t)(gemm.batch * gemm.m * gemm.n));
    if (run == 0) {
      ref.want.assign(c.begin(), c.end());
      ref.lo = ref.hi = at = values;
      continue;
    }
    for (size_t i = 0; i < values.size(); ++i) {
      ref.lo[i] = std::fmin(ref.lo[i], values[i]);
      ref.hi[i] = std::fmax(ref.hi[i], values[i]);
    }
    if (run == 1) {
      below = std::move(values);
    } else if (run == 2) {
      for (size_t i = 0; i < values.size(); ++i)
        widenForExtremum(below[i], at[i], values[i], ref.lo[i], ref.hi[i]);
    }
  }
  if (o.keepDir.empty())
    removeTempDir();
  return ref;
}

/// Runs the host function of `config`'s first launch (steps 2 to 4 of
/// main): checks it, runs it on the seeded inputs, and compares and times
/// it as the options ask. Returns kSuccess or kMismatch; dies otherwise.
static int runHost(const Options &o, const std::string &ptx,
            const std::string &ptxFile, const LaunchConfig &config,
            const std::string &launchFile) {
  // 2. The host function of the first launch; its launches run in order.
  // Everything that makes exit 1 is checked before the GPU is opened.
  ExecError execError;
  std::optional<HostFunctionPlan> plan =
      prepareHostFunction(config, "", execError, launchFile);
  if (!plan)
    die(execError);
  const std::string &hostName = plan->host.name;
  if (plan->launches.size() + plan->untakenLaunches != plan->configLaunches)
    std::printf("uop-run: running the %zu launches of '%s' only\n",
                plan->launches.size(), hostName.c_str());
  if (plan->untakenLaunches) {
    std::string kernels;
    for (const LaunchDesc &l : plan->launches)
      kernels += (kernels.empty() ? "" : ", ") + l.kernel;
    std::printf("uop-run: for these sizes '%s' launches %s (%zu other "
                "version%s left out by its conditions)\n",
                hostName.c_str(), kernels.c_str(), plan->untakenLaunches,
                plan->untakenLaunches == 1 ? "" : "s");
  }

  GemmRoles gemm = findGemm(plan->host, o.transposeA, o.transposeB);
  if ((o.check || o.bench) && !gemm.ok)
    die(kBadInput, std::string(o.check ? "--check" : "--bench") +
                       " needs a GEMM (host function '" + hostName +
                       "'): " + gemm.why);
  bool tf32 = o.compileOptions.find("precision=tf32") != std::string::npos &&
              gemm.inType == "f32";
  // A fused epilogue is checked by running the source in uop-sim on
  // cuBLAS's product: the source must be at hand.
  if (o.check && gemm.epilogue && o.input.empty())
    die(kBadInput, "--check: the GEMM of host function '" + hostName +
                       "' computes a fused epilogue, which the check runs "
                       "in uop-sim on cuBLAS's product: give the source "
                       "(uop-run FILE.mlir), not --ptx");
  std::string simC;
  if (!o.simOutput.empty()) {
    if (!gemm.ok)
      die(kBadInput, "--sim-output needs a GEMM (host function '" + hostName +
                         "'): " + gemm.why);
    simC = readFile(o.simOutput);
    if (simC.size() != plan->bufferBytes[gemm.c])
      die(kBadInput, "--sim-output: '" + o.simOutput + "' has " +
                         std::to_string(simC.size()) + " bytes, C (" +
                         (gemm.batched ? std::to_string(gemm.batch) + " x "
                                       : std::string()) +
                         std::to_string(gemm.m) + " x " +
                         std::to_string(gemm.n) + " " + gemm.outType +
                         ") has " + std::to_string(plan->bufferBytes[gemm.c]));
  }

  // The tensor maps, as they will be encoded (checked already).
  for (const TensorMapPlan &m : plan->tensorMaps)
    std::printf("uop-run: tensor map: launch %zu (%s) argument %zu, '%s' "
                "parameter %zu: %s\n",
                m.configLaunch, plan->launches[m.launch].kernel.c_str(), m.arg,
                hostName.c_str(), m.hostParam,
                describeTensorMap(m.encoding).c_str());

  if (o.compileOnly) {
    std::printf("uop-run: %s %s and %s\n",
                o.ptxFile.empty() ? "compiled" : "checked", ptxFile.c_str(),
                launchFile.c_str());
    return kSuccess;
  }

  // 3. The GPU: the seeded inputs uploaded, the kernels loaded and run.
  GpuSession gpu;
  if (!gpu.open(execError))
    die(execError);
  std::printf("uop-run: device: %s\n", gpu.deviceName().c_str());
  CudaDriver &cu = gpu.driver();

  std::vector<HostBuffer> buffers = plan->makeBuffers();
  std::vector<std::vector<uint8_t>> storage(buffers.size());
  for (size_t i : plan->memrefParams) {
    storage[i].resize(plan->bufferBytes[i]);
    buffers[i].data = storage[i].data();
    buffers[i].bytes = storage[i].size();
    fillSeeded(plan->host.params[i].type, storage[i].data(),
               plan->bufferElements[i], o.seed, i);
  }
  if (!gpu.upload(*plan, buffers, execError) ||
      !gpu.load(ptx, *plan, execError))
    die(execError);
  // What the JIT made of each kernel, for reading the timings.
  for (const KernelInfo &k : gpu.kernels()) {
    std::string cluster;
    if (k.cluster[0] * k.cluster[1] * k.cluster[2] > 1)
      cluster = ", cluster " + std::to_string(k.cluster[0]) + "x" +
                std::to_string(k.cluster[1]) + "x" +
                std::to_string(k.cluster[2]);
    std::printf("uop-run: kernel %s: grid %" PRId64 "x%" PRId64 "x%" PRId64
                "%s, block %" PRId64 "x%" PRId64 "x%" PRId64
                ", %d registers, %d static + %" PRId64
                " dynamic shared bytes, %d local bytes\n",
                k.name.c_str(), k.grid[0], k.grid[1], k.grid[2],
                cluster.c_str(), k.block[0], k.block[1], k.block[2],
                k.registers, k.staticSharedBytes, k.dynamicSharedBytes,
                k.localBytes);
  }
  if (!gpu.launch(execError) || !gpu.synchronize(execError) ||
      !gpu.download(buffers, execError))
    die(execError);
  std::printf("uop-run: ran %zu launch(es) of '%s' (seed %" PRIu64 ")\n",
              plan->launches.size(), hostName.c_str(), o.seed);
  int exitCode = kSuccess;
  // The simulator against the hardware: the same kernel on the same seeded
  // inputs.
  if (!o.simOutput.empty() &&
      !compareC(gemm, tf32, (const uint8_t *)buffers[gemm.c].data,
                (const uint8_t *)simC.data(), "sim-check", "uop-sim"))
    exitCode = kMismatch;
  if (!o.check && !o.bench)
    return exitCode;

  // 4. cuBLAS on the same device inputs.
  std::string reason;
  Cublas blas;
  if (!blas.open(reason))
    die(kCudaError, "cuBLAS: " + reason);
  HostBuffer &a = buffers[gemm.a], &b = buffers[gemm.b], &c = buffers[gemm.c];
  // cublasGemmEx stores C in the inputs' type or in f32 (f16 inputs with
  // a bf16 C, or f32 ones with a 16-bit C, are no combination it has):
  // otherwise it stores f32, which is rounded here to C's type, once, as
  // the kernel rounds its f32 sums. With a fused epilogue, it computes
  // the product alone, in f32.
  int64_t elements = gemm.batch * gemm.m * gemm.n;
  std::string blasOut = gemm.outType == gemm.inType || gemm.outType == "f32"
                            ? gemm.outType
                            : "f32";
  std::string refType = gemm.epilogue ? "f32" : blasOut;
  size_t refBytes = (size_t)elements * (refType == "f32" ? 4 : 2);
  bool refAccumulate = gemm.accumulate && !gemm.epilogue;
  CUdeviceptr cRef;
  checkCuda(cu, cu.memAlloc(&cRef, refBytes), "cuMemAlloc");
  if (refAccumulate) {
    // cuBLAS adds to the C the kernels started from: the seeded values
    // (in f32 where it stores f32).
    std::vector<uint8_t> seeded(c.bytes);
    fillSeeded(plan->host.params[gemm.c].type, seeded.data(),
               plan->bufferElements[gemm.c], o.seed, gemm.c);
    if (refType != gemm.outType)
      seeded = storeFloats(refType,
                           loadFloats(gemm.outType, seeded.data(), elements));
    checkCuda(cu, cu.memcpyHtoD(cRef, seeded.data(), seeded.size()),
              "cuMemcpyHtoD");
  }
  int compute = tf32 ? Cublas::kCompute32FFastTF32 : Cublas::kCompute32F;
  // cuBLAS's GEMM into `dst`, a C of `type`.
  auto blasInto = [&](CUdeviceptr dst, const std::string &type,
                      bool accumulate, ExecError &error) {
    int status = blas.gemmBatched(
        (int)gemm.batch, (int)gemm.m, (int)gemm.n, (int)gemm.k, a.device,
        cublasType(gemm.inType), gemm.transposeA, b.device,
        cublasType(gemm.inType), gemm.transposeB, dst, cublasType(type),
        accumulate, compute, gemm.sharedA, gemm.sharedB);
    if (status == 0)
      return true;
    error.kind = ErrorKind::Cuda;
    error.message = std::string(gemm.batch > 1 && blas.gemmStridedBatchedEx
                                    ? "cublasGemmStridedBatchedEx"
                                    : "cublasGemmEx") +
                    " failed with status " + std::to_string(status);
    return false;
  };
  auto runBlas = [&](ExecError &error) {
    return blasInto(cRef, refType, refAccumulate, error);
  };
  // (A batch of one is one cublasGemmEx: Cublas::gemmBatched.)
  std::string call = gemm.batch == 1 ? "cublasGemmEx"
                     : blas.gemmStridedBatchedEx
                         ? "cublasGemmStridedBatchedEx (batch " +
                               std::to_string(gemm.batch) + ")"
                         : "cublasGemmEx per GEMM of the batch of " +
                               std::to_string(gemm.batch);
  std::printf("uop-run: referee: %s %s, %s, A %s, B %s, C %s\n",
              blas.libraryName.c_str(), call.c_str(),
              tf32 ? "CUBLAS_COMPUTE_32F_FAST_TF32 (kernel compiled with "
                     "precision=tf32)"
                   : "CUBLAS_COMPUTE_32F",
              (std::string(gemm.transposeA ? "K x M" : "M x K") +
               (gemm.sharedA && gemm.batch > 1 ? " (one matrix, stride 0)"
                                                : ""))
                  .c_str(),
              (std::string(gemm.transposeB ? "N x K" : "K x N") +
               (gemm.sharedB && gemm.batch > 1 ? " (one matrix, stride 0)"
                                                : ""))
                  .c_str(),
              (gemm.epilogue ? std::string("= A * B (f32: the GEMM's "
                                           "product, before the fused "
                                           "epilogue)")
               : std::string(gemm.accumulate ? "+= A * B" : "= A * B") +
                     (refType != gemm.outType
                          ? " (f32, rounded here to " + gemm.outType + ")"
                          : ""))
                  .c_str());
  if (!runBlas(execError))
    die(execError);
  checkCuda(cu, cu.ctxSynchronize(), "cuBLAS");

  if (o.check) {
    // The kernel's C came back with the run; cuBLAS's is fetched here.
    std::vector<uint8_t> want(refBytes);
    checkCuda(cu, cu.memcpyDtoH(want.data(), cRef, want.size()),
              "cuMemcpyDtoH");
    if (gemm.epilogue) {
      EpilogueReference ref = runEpilogue(o, *plan, gemm, tf32, want);
      if (!compareC(gemm, tf32, (const uint8_t *)c.data, ref.want.data(),
                    "check", "cuBLAS + uop-sim's epilogue", &ref.lo, &ref.hi))
        exitCode = kMismatch;
    } else {
      if (refType != gemm.outType)
        want = storeFloats(gemm.outType,
                           loadFloats(refType, want.data(), elements));
      if (!compareC(gemm, tf32, (const uint8_t *)c.data, want.data(), "check",
                    "cuBLAS"))
        exitCode = kMismatch;
    }
  }

  if (o.bench) {
    auto timeIt = [&](const std::function<bool(ExecError &)> &enqueue) {
      std::vector<float> ms;
      if (!gpu.time(enqueue, o.warmup, o.iters, ms, execError))
        die(execError);
      return median(ms);
    };
    auto runAll = [&](ExecError &error) { return gpu.launch(error); };
    double ours = timeIt(runAll);
    // cuBLAS's GEMM into a C of the kernel's output type where it has
    // the combination (with a fused epilogue the check's product is f32:
    // twice the bytes of a 16-bit C to store).
    CUdeviceptr cBench = cRef;
    if (gemm.epilogue && blasOut != "f32")
      checkCuda(cu, cu.memAlloc(&cBench, c.bytes), "cuMemAlloc");
    double theirs = timeIt([&](ExecError &error) {
      return gemm.epilogue ? blasInto(cBench, blasOut, false, error)
                           : runBlas(error);
    });
    if (cBench != cRef)
      cu.memFree(cBench);
    double flop = 2.0 * gemm.batch * gemm.m * gemm.n * gemm.k;
    double tflops = flop / (ours * 1e-3) / 1e12;
    double blasTflops = flop / (theirs * 1e-3) / 1e12;
    std::printf("uop-run: bench %s (median of %d after %d warm-up): ms=%.4f "
                "tflops=%.2f cublas_ms=%.4f cublas_tflops=%.2f ratio=%.3f\n",
                gemm.str().c_str(), o.iters, o.warmup, ours, tflops, theirs,
                blasTflops, tflops / blasTflops);
  }
  // The next size (--shapes) allocates its own.
  cu.memFree(cRef);
  return exitCode;
}


int main(int argc, char **argv) {
  // Line by line: the log keeps what was printed when `timeout` ends a run,
  // in order with stderr.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  Options o = parseOptions(argc, argv);

  // 1. PTX and launch JSON: given, or compiled here.
  std::string ptxFile = o.ptxFile, launchFile = o.launchFile;
  GemmShape gemmShape;
  bool isGemmMode = !o.gemm.empty();
  if (isGemmMode)
    gemmShape = parseGemm(o, o.gemm);
  std::vector<GemmShape> shapes = parseShapes(o);
  // --shapes alone: the GEMM of dynamic shape uop-run writes.
  bool isDynamicGemmMode = !shapes.empty() && o.input.empty() &&
                           o.ptxFile.empty();
  if (!o.simOutput.empty() && shapes.size() > 1)
    die(kBadInput, "--sim-output: expected one size in --shapes (the "
                   "simulator's C is of one shape)");
  if (o.ptxFile.empty()) {
    std::string dir = makeWorkDir(o.keepDir);
    std::string source = o.input;
    if (isGemmMode || isDynamicGemmMode) {
      source = dir + "/gemm.mlir";
      bool batched = isGemmMode ? gemmShape.batch != 0
                                : shapes.front().batch != 0;
      writeFile(source,
                gemmSource(isGemmMode ? &gemmShape : nullptr, batched, o));
    } else {
      readFile(source); // a missing input is a plain error, not uop-opt's
    }
    compile(o, source, dir, ptxFile, launchFile);
  } else if (!o.keepDir.empty()) {
    die(kBadInput, "--keep: expected an input to compile, not --ptx");
  }
  std::string ptx = readFile(ptxFile);
  std::string launchText = readFile(launchFile);
  removeTempDir();
  std::string error;
  std::optional<LaunchConfig> config = parseLaunchConfig(launchText, error);
  if (!config)
    die(kBadInput, "'" + launchFile + "': " + error);

  if (shapes.empty())
    return runHost(o, ptx, ptxFile, *config, launchFile);
  // One compile, a run per size. Every size is bound and checked before
  // the first runs; a mismatch at one does not stop the rest.
  std::vector<LaunchConfig> bound;
  for (const GemmShape &shape : shapes) {
    bound.push_back(bindGemmShape(o, *config, shape, launchFile));
    ExecError execError;
    if (!prepareHostFunction(bound.back(), "", execError, launchFile))
      die(kBadInput, "--shapes " + shape.str() + ": " + execError.message);
  }
  int exitCode = kSuccess;
  for (size_t i = 0; i < shapes.size(); ++i) {
    std::printf("uop-run: shape %s\n", shapes[i].str().c_str());
    if (runHost(o, ptx, ptxFile, bound[i], launchFile) == kMismatch)
      exitCode = kMismatch;
  }
  return exitCode;
}
