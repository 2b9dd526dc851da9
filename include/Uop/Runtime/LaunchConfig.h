//===- LaunchConfig.h - the launch JSON, read without MLIR ------*- C++ -*-===//
//
// A small JSON reader and the launch configuration that
// `uop-translate --uop-launch-config` writes (lib/Target/PTX/
// TranslateToPTX.cpp): per launch the kernel, grid, block, dynamic shared
// bytes, the lowered kernel's parameter count and what each argument is, and
// the host functions' parameters. Plain C++17 so that uop-run builds on a
// machine with CUDA and no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_LAUNCHCONFIG_H
#define UOP_RUNTIME_LAUNCHCONFIG_H

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace uop::runtime {

/// A parsed JSON value.
struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  /// The number as written, when it is an integer (exact beyond 2^53).
  std::optional<int64_t> integer;
  std::string string;
  std::vector<JsonValue> array;
  std::map<std::string, JsonValue> object;

  /// The member `key` of an object, or nullptr.
  const JsonValue *get(const std::string &key) const;
};

/// Parses `text`; on failure returns std::nullopt and sets `error` to
/// "expected X at offset N, got ...".
std::optional<JsonValue> parseJson(const std::string &text, std::string &error);

/// A size the host computes from its memref parameters' sizes (SizeExpr in
/// include/Uop/Target/PTX.h): a constant, a parameter's size along one
/// dimension, or an integer arith operation ("addi", "ceildivui", ...) of
/// two such sizes, in 64 bits, or a comparison of two ("cmpi_eq",
/// "cmpi_ult", ...: 0 or 1). JSON: an integer, {"dim": [param, dim]},
/// {"op": name, "args": [lhs, rhs]}.
struct SizeExpr {
  enum class Kind { Constant, Dim, Op };
  Kind kind = Kind::Constant;
  int64_t value = 0;
  int64_t param = 0, dim = 0;
  std::string op;
  std::vector<SizeExpr> operands;
};

/// One kernel argument or host-function parameter (LaunchValue in
/// include/Uop/Target/PTX.h).
struct ArgDesc {
  enum class Kind { MemRef, Scalar, TensorMap, Unknown };
  Kind kind = Kind::Unknown;
  /// Element type (memref, tensor map) or type (scalar): f32, f16, bf16,
  /// f64, i1..i64, index.
  std::string type;
  /// MemRef: the host parameter it is; TensorMap: the host parameter whose
  /// buffer it maps (always given).
  int hostArg = -1;
  /// A size or stride known only at run time is -1 (null in the JSON)
  /// until bindShapes (Executor.h) gives it.
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  /// MemRef: dense row-major (the identity layout), so that dynamic
  /// strides follow from the sizes.
  bool contiguous = false;
  /// TensorMap: the box, outermost dimension first (1 to 5 sizes); the
  /// swizzle span (0, 32, 64, 128) and L2 promotion (0, 64, 128, 256) in
  /// bytes; the out-of-bounds fill ("zero" or "nan") and the interleave
  /// ("none", "16b" or "32b").
  std::vector<int64_t> box;
  int64_t swizzle = 0;
  int64_t l2promo = 0;
  std::string oob;
  std::string interleave;
  bool hasValue = false;
  bool valueIsInt = false;
  int64_t intValue = 0;
  double floatValue = 0;
  /// Scalar: computed by the host from the parameters' sizes (no value
  /// until bindShapes evaluates it).
  std::optional<SizeExpr> expr;
  std::string reason;
};

/// A condition under which the host launches a kernel: `expr` (a
/// comparison, 0 or 1) holds, or with `holds` false, fails.
struct LaunchCondition {
  SizeExpr expr;
  bool holds = true;
};

struct LaunchDesc {
  std::string host;
  std::string kernel;
  /// A size that is only known at run time is -1; a grid size the host
  /// computes from its parameters' sizes has its expression, which
  /// bindShapes evaluates.
  int64_t grid[3] = {-1, -1, -1};
  std::optional<SizeExpr> gridExpr[3];
  int64_t block[3] = {-1, -1, -1};
  /// Blocks per thread-block cluster ({1, 1, 1} without clusters).
  int64_t cluster[3] = {1, 1, 1};
  int64_t dynamicSharedBytes = -1;
  int64_t kernelParams = -1;
  std::vector<ArgDesc> args;
  /// The launch runs only where every condition is as it says (the scf.if
  /// ops around it in the host function; "when" in the JSON);
  /// `unknownCondition` says why one could not be described
  /// ("when_unknown"), and a runner refuses such a launch.
  std::vector<LaunchCondition> conditions;
  std::string unknownCondition;
};

/// What a host function computes, where the compiler recorded it (the
/// "gemm" object of a function: GemmRecord in
/// include/Uop/Dialect/Uop/IR/GemmRecord.h).
struct GemmDesc {
  /// Parameter indices of A (M x K, or K x M with transposeA), B (K x N, or
  /// N x K with transposeB) and the M x N buffer the kernels store.
  int64_t a = 0, b = 1, c = 2;
  bool transposeA = false;
  bool transposeB = false;
  /// C = C + A * B (C is not filled first).
  bool accumulate = false;
  /// The stored buffer holds elementwise functions of A * B.
  bool epilogue = false;
  /// With an epilogue, per parameter: one of 'b' (the GEMMs of a batch),
  /// 'm', 'n', 'k' or '1' per dimension, "" for a parameter the kernels do not read (GemmRecord).
  std::vector<std::string> dims;
};

struct HostFunctionDesc {
  std::string name;
  std::vector<ArgDesc> params;
  std::optional<GemmDesc> gemm;
};

struct LaunchConfig {
  std::vector<LaunchDesc> launches;
  std::vector<HostFunctionDesc> functions;
};

/// Reads the launch JSON in `text`. Fails with a message naming the field
/// ("launches[0].grid: expected an array of 3 integers") on anything that is
/// not the format uop-translate writes, including JSON written before it
/// described arguments.
std::optional<LaunchConfig> parseLaunchConfig(const std::string &text,
                                              std::string &error);

/// Evaluates `expr` on the sizes of `params` (a host function's), which it
/// must find known; fails with the reason in `why` (a size known only at
/// run time, a division by zero, an overflow of 64 bits).
bool evaluateSizeExpr(const SizeExpr &expr, const std::vector<ArgDesc> &params,
                      int64_t &out, std::string &why);

/// The storage size in bytes of element type `type`, or 0 if unknown.
unsigned elementBytes(const std::string &type);

} // namespace uop::runtime

#endif // UOP_RUNTIME_LAUNCHCONFIG_H
