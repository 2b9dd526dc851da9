//===- LaunchConfig.cpp - the launch JSON, read without MLIR --------------===//
//
// A recursive-descent JSON reader (objects, arrays, strings with the common
// escapes, numbers, literals; nesting bounded so hostile input cannot
// overflow the stack) and the mapping of uop-translate's launch JSON onto
// LaunchConfig.
//
//===----------------------------------------------------------------------===//

#include "Uop/Runtime/LaunchConfig.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iterator>

using namespace uop::runtime;

const JsonValue *JsonValue::get(const std::string &key) const {
  if (kind != Kind::Object)
    return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

namespace {
/// The reader's state: the text, the position and the first error.
class JsonReader {
public:
  explicit JsonReader(const std::string &text) : text(text) {}

  bool parseDocument(JsonValue &out) {
    if (!parseValue(out, 0))
      return false;
    skipSpace();
    if (pos != text.size())
      return fail("the end of the document");
    return true;
  }
  std::string error;

private:
  const std::string &text;
  size_t pos = 0;

  bool fail(const char *expected) {
    if (error.empty()) {
      error = std::string("expected ") + expected + " at offset " +
              std::to_string(pos) + ", got ";
      error += pos < text.size() ? "'" + text.substr(pos, 12) + "'"
                                 : std::string("the end of the input");
    }
    return false;
  }
  void skipSpace() {
    while (pos < text.size() && std::strchr(" \t\r\n", text[pos]))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool parseString(std::string &out) {
    if (!consume('"'))
      return fail("a string");
    while (pos < text.size() && text[pos] != '"') {
      char c = text[pos++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        break;
      char e = text[pos++];
      switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        // Names and reasons are ASCII; anything else is kept as '?'.
        if (pos + 4 > text.size())
          return fail("four hex digits");
        unsigned code = std::strtoul(text.substr(pos, 4).c_str(), nullptr, 16);
        pos += 4;
        out += code < 128 ? (char)code : '?';
        break;
      }
      default:
        out += e;
      }
    }
    if (pos >= text.size())
      return fail("the closing '\"' of a string");
    ++pos;
    return true;
  }
  bool parseValue(JsonValue &out, int depth) {
    if (depth > 64)
      return fail("at most 64 nested arrays and objects");
    skipSpace();
    if (pos >= text.size())
      return fail("a value");
    char c = text[pos];
    if (c == '{') {
      ++pos;
      out.kind = JsonValue::Kind::Object;
      if (consume('}'))
        return true;
      do {
        std::string key;
        skipSpace();
        if (!parseString(key))
          return false;
        if (!consume(':'))
          return fail("':'");
        if (!parseValue(out.object[key], depth + 1))
          return false;
      } while (consume(','));
      return consume('}') || fail("',' or '}'");
    }
    if (c == '[') {
      ++pos;
      out.kind = JsonValue::Kind::Array;
      if (consume(']'))
        return true;
      do {
        out.array.emplace_back();
        if (!parseValue(out.array.back(), depth + 1))
          return false;
      } while (consume(','));
      return consume(']') || fail("',' or ']'");
    }
    if (c == '"') {
      out.kind = JsonValue::Kind::String;
      return parseString(out.string);
    }
    for (const char *word : {"null", "true", "false"}) {
      size_t n = std::strlen(word);
      if (text.compare(pos, n, word) == 0) {
        pos += n;
        out.kind =
            word[0] == 'n' ? JsonValue::Kind::Null : JsonValue::Kind::Bool;
        out.boolean = word[0] == 't';
        return true;
      }
    }
    size_t start = pos;
    while (pos < text.size() && std::strchr("+-0123456789.eE", text[pos]))
      ++pos;
    if (pos == start)
      return fail("a value");
    std::string number = text.substr(start, pos - start);
    char *end = nullptr;
    out.kind = JsonValue::Kind::Number;
    out.number = std::strtod(number.c_str(), &end);
    if (*end != '\0') {
      pos = start;
      return fail("a number");
    }
    if (number.find_first_of(".eE") == std::string::npos) {
      errno = 0;
      long long v = std::strtoll(number.c_str(), nullptr, 10);
      if (errno == 0)
        out.integer = v;
    }
    return true;
  }
};
} // namespace

std::optional<JsonValue> uop::runtime::parseJson(const std::string &text,
                                                 std::string &error) {
  JsonReader reader(text);
  JsonValue value;
  if (!reader.parseDocument(value)) {
    error = reader.error;
    return std::nullopt;
  }
  return value;
}

unsigned uop::runtime::elementBytes(const std::string &type) {
  if (type == "f16" || type == "bf16" || type == "i16")
    return 2;
  if (type == "f32" || type == "i32")
    return 4;
  if (type == "f64" || type == "i64" || type == "index")
    return 8;
  if (type == "i8" || type == "i1")
    return 1;
  return 0;
}

namespace {
/// Maps JSON onto the descriptions, keeping the path of the field being read
/// for the error message.
struct ConfigReader {
  std::string error;

  bool fail(const std::string &path, const std::string &expected) {
    if (error.empty())
      error = path + ": expected " + expected;
    return false;
  }
  bool readInt(const JsonValue *v, const std::string &path, int64_t &out,
               bool nullable) {
    if (nullable && (!v || v->kind == JsonValue::Kind::Null)) {
      out = -1;
      return true;
    }
    if (!v || !v->integer)
      return fail(path, "an integer");
    out = *v->integer;
    return true;
  }
  bool readBool(const JsonValue *v, const std::string &path, bool &out) {
    if (!v || v->kind != JsonValue::Kind::Bool)
      return fail(path, "true or false");
    out = v->boolean;
    return true;
  }
  /// A function's "gemm" object; its indices name distinct parameters of
  /// the `numParams`.
  bool readGemm(const JsonValue &v, const std::string &path, size_t numParams,
                GemmDesc &out) {
    if (v.kind != JsonValue::Kind::Object)
      return fail(path, "an object");
    for (auto [key, index] :
         {std::pair<const char *, int64_t *>{"a", &out.a},
          {"b", &out.b},
          {"c", &out.c}}) {
      if (!readInt(v.get(key), path + "." + key, *index, false))
        return false;
      if (*index < 0 || (uint64_t)*index >= numParams)
        return fail(path + "." + key,
                    "the index of one of the function's " +
                        std::to_string(numParams) + " parameters");
    }
    if (out.c == out.a || out.c == out.b)
      return fail(path, "c to be another parameter than a and b");
    if (!readBool(v.get("transpose_a"), path + ".transpose_a",
                  out.transposeA) ||
        !readBool(v.get("transpose_b"), path + ".transpose_b",
                  out.transposeB) ||
        !readBool(v.get("accumulate"), path + ".accumulate",
                  out.accumulate) ||
        !readBool(v.get("epilogue"), path + ".epilogue", out.epilogue))
      return false;
    const JsonValue *dims = v.get("dims");
    if (!dims)
      return true;
    if (dims->kind != JsonValue::Kind::Array ||
        dims->array.size() != numParams)
      return fail(path + ".dims", "one string per parameter of the " +
                                      std::to_string(numParams));
    for (size_t i = 0; i < numParams; ++i) {
      const JsonValue &d = dims->array[i];
      if (d.kind != JsonValue::Kind::String ||
          d.string.find_first_not_of("bmnk1") != std::string::npos ||
          d.string.size() > 64)
        return fail(path + ".dims[" + std::to_string(i) + "]",
                    "a string of 'b', 'm', 'n', 'k' and '1'");
      out.dims.push_back(d.string);
    }
    return true;
  }
  bool readString(const JsonValue *v, const std::string &path,
                  std::string &out) {
    if (!v || v->kind != JsonValue::Kind::String)
      return fail(path, "a string");
    out = v->string;
    return true;
  }
  bool readInts(const JsonValue *v, const std::string &path,
                std::vector<int64_t> &out) {
    if (!v || v->kind != JsonValue::Kind::Array)
      return fail(path, "an array of integers");
    for (size_t i = 0; i < v->array.size(); ++i) {
      int64_t x = 0;
      if (!readInt(&v->array[i], path + "[" + std::to_string(i) + "]", x,
                   false))
        return false;
      out.push_back(x);
    }
    return true;
  }
  /// Sizes or strides: non-negative integers, or null (-1) for one known
  /// only at run time.
  bool readSizes(const JsonValue *v, const std::string &path,
                 std::vector<int64_t> &out) {
    if (!v || v->kind != JsonValue::Kind::Array)
      return fail(path, "an array of integers or nulls");
    for (size_t i = 0; i < v->array.size(); ++i) {
      const JsonValue &x = v->array[i];
      std::string at = path + "[" + std::to_string(i) + "]";
      if (x.kind == JsonValue::Kind::Null) {
        out.push_back(-1);
        continue;
      }
      if (!x.integer || *x.integer < 0)
        return fail(at, "a non-negative integer or null");
      out.push_back(*x.integer);
    }
    return true;
  }
  /// A SizeExpr: an integer, {"dim": [param, dim]} or {"op": name,
  /// "args": [lhs, rhs]}; `budget` bounds its nodes.
  bool readSizeExpr(const JsonValue &v, const std::string &path,
                    SizeExpr &out, unsigned &budget) {
    if (budget == 0)
      return fail(path, "an expression of at most 256 nodes");
    --budget;
    if (v.integer) {
      out.kind = SizeExpr::Kind::Constant;
      out.value = *v.integer;
      return true;
    }
    if (v.kind != JsonValue::Kind::Object)
      return fail(path, "an integer, {\"dim\": [param, dim]} or {\"op\": "
                        "name, \"args\": [lhs, rhs]}");
    if (const JsonValue *dim = v.get("dim")) {
      if (dim->kind != JsonValue::Kind::Array || dim->array.size() != 2 ||
          !dim->array[0].integer || !dim->array[1].integer ||
          *dim->array[0].integer < 0 || *dim->array[0].integer > 1000000 ||
          *dim->array[1].integer < 0 || *dim->array[1].integer > 64)
        return fail(path + ".dim", "[parameter index, dimension]");
      out.kind = SizeExpr::Kind::Dim;
      out.param = *dim->array[0].integer;
      out.dim = *dim->array[1].integer;
      return true;
    }
    static const char *const kOps[] = {
        "addi",  "subi",  "muli",  "divui", "divsi", "ceildivui", "ceildivsi",
        "floordivsi", "remui", "remsi", "maxui", "minui", "maxsi", "minsi",
        "cmpi_eq", "cmpi_ne", "cmpi_ult", "cmpi_ule", "cmpi_ugt", "cmpi_uge",
        "cmpi_slt", "cmpi_sle", "cmpi_sgt", "cmpi_sge"};
    if (!readString(v.get("op"), path + ".op", out.op))
      return false;
    if (std::find_if(std::begin(kOps), std::end(kOps), [&](const char *op) {
          return out.op == op;
        }) == std::end(kOps))
      return fail(path + ".op", "an integer arith operation (addi, subi, "
                                "muli, divui, ceildivui, remui, maxui, "
                                "minui and the signed ones) or a "
                                "comparison (cmpi_eq, cmpi_ult, ...), got \"" +
                                    out.op + "\"");
    const JsonValue *args = v.get("args");
    if (!args || args->kind != JsonValue::Kind::Array ||
        args->array.size() != 2)
      return fail(path + ".args", "an array of 2 expressions");
    out.kind = SizeExpr::Kind::Op;
    out.operands.resize(2);
    for (size_t i = 0; i < 2; ++i)
      if (!readSizeExpr(args->array[i],
                        path + ".args[" + std::to_string(i) + "]",
                        out.operands[i], budget))
        return false;
    return true;
  }
  bool readSizeExpr(const JsonValue &v, const std::string &path,
                    SizeExpr &out) {
    unsigned budget = 256;
    return readSizeExpr(v, path, out, budget);
  }
  bool readArg(const JsonValue &v, const std::string &path, ArgDesc &out) {
    std::string kind;
    if (!readString(v.get("kind"), path + ".kind", kind))
      return false;
    if (kind == "memref") {
      out.kind = ArgDesc::Kind::MemRef;
      if (const JsonValue *h = v.get("host_arg")) {
        int64_t hostArg = 0;
        if (!readInt(h, path + ".host_arg", hostArg, false))
          return false;
        if (hostArg < 0 || hostArg > 1000000)
          return fail(path + ".host_arg", "a parameter index");
        out.hostArg = (int)hostArg;
      }
      if (!readString(v.get("element"), path + ".element", out.type) ||
          !readSizes(v.get("shape"), path + ".shape", out.shape) ||
          !readSizes(v.get("strides"), path + ".strides", out.strides) ||
          !readInt(v.get("offset"), path + ".offset", out.offset, false))
        return false;
      if (out.shape.size() != out.strides.size())
        return fail(path + ".strides", "one stride per dimension");
      if (out.shape.size() > 64)
        return fail(path + ".shape", "at most 64 dimensions");
      if (const JsonValue *c = v.get("contiguous"))
        if (!readBool(c, path + ".contiguous", out.contiguous))
          return false;
      return true;
    }
    if (kind == "scalar") {
      out.kind = ArgDesc::Kind::Scalar;
      if (!readString(v.get("type"), path + ".type", out.type))
        return false;
      if (const JsonValue *expr = v.get("expr")) {
        // Sizes are computed in 64 bits (SizeExpr).
        if (out.type != "index" && out.type != "i64")
          return fail(path + ".type", "index or i64 for a scalar computed "
                                      "from sizes, got " + out.type);
        out.expr.emplace();
        return readSizeExpr(*expr, path + ".expr", *out.expr);
      }
      if (const JsonValue *value = v.get("value")) {
        if (value->kind != JsonValue::Kind::Number)
          return fail(path + ".value", "a number");
        out.hasValue = true;
        out.floatValue = value->number;
        if (value->integer) {
          out.valueIsInt = true;
          out.intValue = *value->integer;
        }
      }
      return true;
    }
    if (kind == "tensor_map") {
      out.kind = ArgDesc::Kind::TensorMap;
      int64_t hostArg = 0, params = 0;
      if (!readInt(v.get("host_arg"), path + ".host_arg", hostArg, false))
        return false;
      if (hostArg < 0 || hostArg > 1000000)
        return fail(path + ".host_arg", "a parameter index");
      out.hostArg = (int)hostArg;
      if (!readString(v.get("element"), path + ".element", out.type) ||
          !readInts(v.get("box"), path + ".box", out.box) ||
          !readInt(v.get("swizzle"), path + ".swizzle", out.swizzle, false) ||
          !readInt(v.get("l2promo"), path + ".l2promo", out.l2promo, false) ||
          !readString(v.get("oob"), path + ".oob", out.oob) ||
          !readString(v.get("interleave"), path + ".interleave",
                      out.interleave) ||
          !readInt(v.get("params"), path + ".params", params, false))
        return false;
      if (out.box.empty() || out.box.size() > 5)
        return fail(path + ".box", "1 to 5 sizes, got " +
                                       std::to_string(out.box.size()));
      if (out.swizzle != 0 && out.swizzle != 32 && out.swizzle != 64 &&
          out.swizzle != 128)
        return fail(path + ".swizzle", "0, 32, 64 or 128 (bytes), got " +
                                           std::to_string(out.swizzle));
      if (out.l2promo != 0 && out.l2promo != 64 && out.l2promo != 128 &&
          out.l2promo != 256)
        return fail(path + ".l2promo", "0, 64, 128 or 256 (bytes), got " +
                                           std::to_string(out.l2promo));
      if (out.oob != "zero" && out.oob != "nan")
        return fail(path + ".oob", "\"zero\" or \"nan\", got \"" + out.oob +
                                       "\"");
      if (out.interleave != "none" && out.interleave != "16b" &&
          out.interleave != "32b")
        return fail(path + ".interleave",
                    "\"none\", \"16b\" or \"32b\", got \"" + out.interleave +
                        "\"");
      if (params != 1)
        return fail(path + ".params",
                    "1 (a tensor map is one kernel parameter), got " +
                        std::to_string(params));
      return true;
    }
    if (kind == "unknown") {
      out.kind = ArgDesc::Kind::Unknown;
      const JsonValue *type = v.get("type");
      const JsonValue *reason = v.get("reason");
      out.type =
          type && type->kind == JsonValue::Kind::String ? type->string : "?";
      out.reason = reason && reason->kind == JsonValue::Kind::String
                       ? reason->string
                       : "no reason given";
      return true;
    }
    return fail(path + ".kind",
                "\"memref\", \"scalar\", \"tensor_map\" or \"unknown\", "
                "got \"" +
                    kind + "\"");
  }
  bool readArgs(const JsonValue *v, const std::string &path,
                std::vector<ArgDesc> &out) {
    if (!v || v->kind != JsonValue::Kind::Array)
      return fail(path, "an array (JSON from an older uop-translate does not "
                        "describe the arguments: regenerate it)");
    for (size_t i = 0; i < v->array.size(); ++i) {
      out.emplace_back();
      if (!readArg(v->array[i], path + "[" + std::to_string(i) + "]",
                   out.back()))
        return false;
    }
    return true;
  }
  /// Three sizes: integers, nulls (-1) or, with `exprs`, expressions the
  /// host computes (-1 until evaluated).
  bool readDims(const JsonValue *v, const std::string &path, int64_t *dims,
                std::optional<SizeExpr> *exprs = nullptr) {
    if (!v || v->kind != JsonValue::Kind::Array || v->array.size() != 3)
      return fail(path, "an array of 3 integers or nulls");
    for (int i = 0; i < 3; ++i) {
      std::string at = path + "[" + std::to_string(i) + "]";
      if (exprs && v->array[i].kind == JsonValue::Kind::Object) {
        dims[i] = -1;
        exprs[i].emplace();
        if (!readSizeExpr(v->array[i], at, *exprs[i]))
          return false;
        continue;
      }
      if (!readInt(&v->array[i], at, dims[i], true))
        return false;
    }
    return true;
  }
};
} // namespace

std::optional<LaunchConfig>
uop::runtime::parseLaunchConfig(const std::string &text, std::string &error) {
  std::optional<JsonValue> json = parseJson(text, error);
  if (!json)
    return std::nullopt;
  ConfigReader reader;
  LaunchConfig config;
  auto done = [&]() -> std::optional<LaunchConfig> {
    error = reader.error;
    return std::nullopt;
  };
  const JsonValue *launches = json->get("launches");
  if (!launches || launches->kind != JsonValue::Kind::Array) {
    reader.fail("launches", "an array");
    return done();
  }
  for (size_t i = 0; i < launches->array.size(); ++i) {
    const JsonValue &l = launches->array[i];
    std::string path = "launches[" + std::to_string(i) + "]";
    LaunchDesc desc;
    if (!reader.readString(l.get("host"), path + ".host", desc.host) ||
        !reader.readString(l.get("kernel"), path + ".kernel", desc.kernel) ||
        !reader.readDims(l.get("grid"), path + ".grid", desc.grid,
                         desc.gridExpr) ||
        !reader.readDims(l.get("block"), path + ".block", desc.block) ||
        !reader.readInt(l.get("dynamic_shared_bytes"),
                        path + ".dynamic_shared_bytes", desc.dynamicSharedBytes,
                        true) ||
        !reader.readInt(l.get("kernel_params"), path + ".kernel_params",
                        desc.kernelParams, true) ||
        !reader.readArgs(l.get("args"), path + ".args", desc.args) ||
        (l.get("cluster") &&
         !reader.readDims(l.get("cluster"), path + ".cluster", desc.cluster)))
      return done();
    if (const JsonValue *when = l.get("when")) {
      if (when->kind != JsonValue::Kind::Array) {
        reader.fail(path + ".when", "an array of {\"expr\": E, \"holds\": "
                                    "true or false}");
        return done();
      }
      for (size_t c = 0; c < when->array.size(); ++c) {
        const JsonValue &cond = when->array[c];
        std::string at = path + ".when[" + std::to_string(c) + "]";
        const JsonValue *expr = cond.get("expr");
        const JsonValue *holds = cond.get("holds");
        LaunchCondition lc;
        if (!expr || !holds || holds->kind != JsonValue::Kind::Bool) {
          reader.fail(at, "{\"expr\": E, \"holds\": true or false}");
          return done();
        }
        if (!reader.readSizeExpr(*expr, at + ".expr", lc.expr))
          return done();
        lc.holds = holds->boolean;
        desc.conditions.push_back(std::move(lc));
      }
    }
    if (const JsonValue *unknown = l.get("when_unknown"))
      if (!reader.readString(unknown, path + ".when_unknown",
                             desc.unknownCondition))
        return done();
    config.launches.push_back(std::move(desc));
  }
  const JsonValue *functions = json->get("functions");
  if (!functions || functions->kind != JsonValue::Kind::Array) {
    reader.fail("functions", "an array");
    return done();
  }
  for (size_t i = 0; i < functions->array.size(); ++i) {
    const JsonValue &f = functions->array[i];
    std::string path = "functions[" + std::to_string(i) + "]";
    HostFunctionDesc desc;
    if (!reader.readString(f.get("name"), path + ".name", desc.name) ||
        !reader.readArgs(f.get("params"), path + ".params", desc.params))
      return done();
    if (const JsonValue *g = f.get("gemm")) {
      GemmDesc gemm;
      if (!reader.readGemm(*g, path + ".gemm", desc.params.size(), gemm))
        return done();
      desc.gemm = gemm;
    }
    config.functions.push_back(std::move(desc));
  }
  return config;
}

bool uop::runtime::evaluateSizeExpr(const SizeExpr &expr,
                                    const std::vector<ArgDesc> &params,
                                    int64_t &out, std::string &why) {
  switch (expr.kind) {
  case SizeExpr::Kind::Constant:
    out = expr.value;
    return true;
  case SizeExpr::Kind::Dim: {
    std::string what = "parameter " + std::to_string(expr.param);
    if (expr.param < 0 || (size_t)expr.param >= params.size() ||
        params[expr.param].kind != ArgDesc::Kind::MemRef ||
        expr.dim < 0 || (size_t)expr.dim >= params[expr.param].shape.size()) {
      why = what + " has no memref dimension " + std::to_string(expr.dim);
      return false;
    }
    out = params[expr.param].shape[expr.dim];
    if (out < 0) {
      why = what + "'s size along dimension " + std::to_string(expr.dim) +
            " is known only at run time";
      return false;
    }
    return true;
  }
  case SizeExpr::Kind::Op:
    break;
  }
  if (expr.operands.size() != 2) {
    why = expr.op + " of " + std::to_string(expr.operands.size()) +
          " operands";
    return false;
  }
  int64_t a = 0, b = 0;
  if (!evaluateSizeExpr(expr.operands[0], params, a, why) ||
      !evaluateSizeExpr(expr.operands[1], params, b, why))
    return false;
  // index arithmetic is 64-bit; a result that wraps is not a size.
  const std::string &op = expr.op;
  bool unsignedOp = op == "divui" || op == "ceildivui" || op == "remui" ||
                    op == "maxui" || op == "minui";
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  bool overflow = false;
  if ((op.find("div") != std::string::npos || op.find("rem") == 0) &&
      b == 0) {
    why = op + " by zero";
    return false;
  }
  if (!unsignedOp && b == -1 && a == INT64_MIN &&
      (op.find("div") != std::string::npos || op == "remsi")) {
    why = op + " overflows 64 bits";
    return false;
  }
  if (op == "addi")
    overflow = __builtin_add_overflow(a, b, &out);
  else if (op == "subi")
    overflow = __builtin_sub_overflow(a, b, &out);
  else if (op == "muli")
    overflow = __builtin_mul_overflow(a, b, &out);
  else if (op == "divui")
    out = (int64_t)(ua / ub);
  else if (op == "ceildivui")
    out = (int64_t)(ua / ub + (ua % ub != 0));
  else if (op == "remui")
    out = (int64_t)(ua % ub);
  else if (op == "maxui")
    out = (int64_t)std::max(ua, ub);
  else if (op == "minui")
    out = (int64_t)std::min(ua, ub);
  else if (op == "divsi")
    out = a / b;
  else if (op == "ceildivsi")
    out = a / b + ((a % b != 0) && ((a < 0) == (b < 0)));
  else if (op == "floordivsi")
    out = a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
  else if (op == "remsi")
    out = a % b;
  else if (op == "maxsi")
    out = std::max(a, b);
  else if (op == "minsi")
    out = std::min(a, b);
  else if (op == "cmpi_eq")
    out = a == b;
  else if (op == "cmpi_ne")
    out = a != b;
  else if (op == "cmpi_ult")
    out = ua < ub;
  else if (op == "cmpi_ule")
    out = ua <= ub;
  else if (op == "cmpi_ugt")
    out = ua > ub;
  else if (op == "cmpi_uge")
    out = ua >= ub;
  else if (op == "cmpi_slt")
    out = a < b;
  else if (op == "cmpi_sle")
    out = a <= b;
  else if (op == "cmpi_sgt")
    out = a > b;
  else if (op == "cmpi_sge")
    out = a >= b;
  else {
    why = "an unknown operation " + op;
    return false;
  }
  if (overflow) {
    why = op + " of " + std::to_string(a) + " and " + std::to_string(b) +
          " overflows 64 bits";
    return false;
  }
  return true;
}
