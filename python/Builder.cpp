//===- Builder.cpp - building uop modules from Python ---------------------===//
//
// The native half of uop.KernelBuilder: a module under construction in its
// own MLIRContext, grown through MLIR's OpBuilder. Python holds values as
// handles (PyValue) and asks for operations by name with operands, result
// types and attributes; the ops with regions a kernel needs (func.func,
// gpu.launch, scf.for, scf.if) have their own begin/end pairs, which keep a
// stack of insertion points. Every op is built, never printed and reparsed;
// only types and attribute values are given as text (`memref<16x16xf32>`,
// `#gpu.address_space<workgroup>`), parsed by MLIR's type and attribute
// parsers. uop.matmul_problem's linalg GEMMs are built here too.
//
//===----------------------------------------------------------------------===//

#include "Builder.h"

#include "Uop/InitAllUopDialects.h"
#include "Uop/Support/ParserGuards.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace mlir;

namespace {
/// A module under construction.
/// Whether the ops of a scope are still in the module: an exception that
/// leaves a `with` block abandons its scope, and the op is erased with the
/// values defined in it; a value then refuses to be used.
struct Liveness {
  bool alive = true;
  std::shared_ptr<Liveness> parent;
  bool isAlive() const {
    for (const Liveness *l = this; l; l = l->parent.get())
      if (!l->alive)
        return false;
    return true;
  }
};

struct BuilderState {
  BuilderState() : context(makeRegistry()), builder(&context) {
    context.loadAllAvailableDialects();
    context.printOpOnDiagnostic(false);
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          llvm::raw_string_ostream os(diagnostics);
          os << diag.getLocation() << ": " << diag << "\n";
          for (Diagnostic &note : diag.getNotes())
            os << note.getLocation() << ": note: " << note << "\n";
          return success();
        });
    module = ModuleOp::create(UnknownLoc::get(&context));
    builder.setInsertionPointToEnd(module->getBody());
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    uop::registerAllUopDialects(registry);
    return registry;
  }

  /// Throws uop.Error with `what` and the diagnostics collected so far.
  [[noreturn]] void fail(const std::string &what) {
    std::string message = what;
    if (!diagnostics.empty())
      message += ":\n" + diagnostics;
    diagnostics.clear();
    throw mlir::uop::python::UopError(message);
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
  std::string diagnostics;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
  /// What each open begin_* left: the op and where to go back to.
  struct Scope {
    Operation *op;
    OpBuilder::InsertPoint resume;
    std::shared_ptr<Liveness> liveness;
  };
  std::vector<Scope> scopes;
  /// The values outside every scope (none yet: a value needs a function).
  std::shared_ptr<Liveness> root = std::make_shared<Liveness>();

  std::shared_ptr<Liveness> currentLiveness() const {
    return scopes.empty() ? root : scopes.back().liveness;
  }
};

/// A value of a module under construction; keeps its module alive.
struct PyValue {
  std::shared_ptr<BuilderState> state;
  Value value;
  std::shared_ptr<Liveness> liveness;

  /// The value, while the op defining it is in the module.
  Value get() const {
    if (liveness && !liveness->isAlive())
      throw mlir::uop::python::UopError(
          "a value of a with block that an exception left: its op was "
          "dropped from the module");
    return value;
  }

  std::string typeText() const {
    Value value = get();
    std::string text;
    llvm::raw_string_ostream os(text);
    value.getType().print(os);
    return text;
  }
};

/// The Python-facing builder.
class PyBuilder {
public:
  PyBuilder() : s(std::make_shared<BuilderState>()) {}

  /// Refuses `text` (a type or attribute) where MLIR's parser is known to
  /// crash on it (ParserGuards.h), as the text entry points do.
  void guardParse(const std::string &what, const std::string &text) {
    if (std::optional<mlir::uop::KnownParserCrash> crash =
            mlir::uop::findKnownParserCrash(text))
      s->fail("cannot parse the " + what + " '" + text + "': " +
              crash->message);
  }

  Type parseType(const std::string &text) {
    guardParse("type", text);
    Type type;
    mlir::uop::python::runGuarded(
        "parsing a type", [&] { type = mlir::parseType(text, &s->context); });
    if (!type)
      s->fail("cannot parse the type '" + text + "'");
    return type;
  }

  Attribute parseAttr(const std::string &text) {
    guardParse("attribute", text);
    Attribute attr;
    mlir::uop::python::runGuarded("parsing an attribute", [&] {
      attr = mlir::parseAttribute(text, &s->context);
    });
    if (!attr)
      s->fail("cannot parse the attribute '" + text + "'");
    return attr;
  }

  Value unwrap(const PyValue &v) {
    if (v.state != s)
      throw mlir::uop::python::UopError("a value of another KernelBuilder");
    return v.get();
  }

  SmallVector<Value> unwrap(const std::vector<PyValue> &vs) {
    SmallVector<Value> values;
    for (const PyValue &v : vs)
      values.push_back(unwrap(v));
    return values;
  }

  std::vector<PyValue> wrap(ValueRange values) {
    std::vector<PyValue> result;
    for (Value v : values)
      result.push_back({s, v, s->currentLiveness()});
    return result;
  }

  Location loc() { return UnknownLoc::get(&s->context); }

  /// Checks that the innermost open scope is `name` (an end_* call), before
  /// anything is added to it.
  Operation *topScope(StringRef name) {
    if (s->scopes.empty())
      throw mlir::uop::python::UopError(
          ("end of " + name + " without its begin").str());
    StringRef open = s->scopes.back().op->getName().getStringRef();
    if (open != name)
      throw mlir::uop::python::UopError(
          ("end of " + name + " while " + open + " is still open").str());
    return s->scopes.back().op;
  }

  /// Closes the innermost open scope, `name`.
  Operation *popScope(StringRef name) {
    topScope(name);
    BuilderState::Scope scope = s->scopes.back();
    s->scopes.pop_back();
    s->builder.restoreInsertionPoint(scope.resume);
    return scope.op;
  }

  /// Closes the innermost open scope, whatever it is, and erases its op:
  /// the body that raised inside a `with` block is incomplete.
  void abandonScope() {
    if (s->scopes.empty())
      return;
    BuilderState::Scope scope = s->scopes.back();
    s->scopes.pop_back();
    s->builder.restoreInsertionPoint(scope.resume);
    scope.liveness->alive = false;
    scope.op->erase();
  }

  void pushScope(Operation *op, Block *body) {
    s->scopes.push_back({op, s->builder.saveInsertionPoint(),
                         std::make_shared<Liveness>(
                             Liveness{true, s->currentLiveness()})});
    // (Traits are not asked for by TypeID here: this module's hidden
    // symbols would give it TypeIDs of its own.)
    if (body->mightHaveTerminator())
      s->builder.setInsertionPoint(&body->back());
    else
      s->builder.setInsertionPointToEnd(body);
  }

  void requireBody(StringRef what) {
    if (s->scopes.empty())
      throw mlir::uop::python::UopError(
          (what + " outside a function: begin_func first").str());
  }

  std::vector<PyValue> beginFunc(const std::string &name,
                                 const std::vector<std::string> &argTypes) {
    if (!s->scopes.empty())
      throw mlir::uop::python::UopError("begin_func inside another scope");
    if (name.empty())
      throw mlir::uop::python::UopError("begin_func: expected a function "
                                        "name, got an empty one");
    SmallVector<Type> types;
    for (const std::string &t : argTypes)
      types.push_back(parseType(t));
    auto fn = func::FuncOp::create(s->builder, loc(), name,
                                   s->builder.getFunctionType(types, {}));
    Block *body = fn.addEntryBlock();
    pushScope(fn, body);
    return wrap(body->getArguments());
  }

  void endFunc() {
    topScope("func.func");
    // The return goes at the end of the function's body.
    func::ReturnOp::create(s->builder, loc());
    popScope("func.func");
  }

  PyValue constant(py::object value, const std::string &typeText) {
    requireBody("constant");
    Type type = parseType(typeText);
    TypedAttr attr;
    if (isa<FloatType>(type))
      attr = s->builder.getFloatAttr(type, value.cast<double>());
    else if (type.isIntOrIndex())
      attr = s->builder.getIntegerAttr(type, value.cast<int64_t>());
    else
      s->fail("expected a constant of an integer, index or float type, "
              "got " + typeText);
    return {s, arith::ConstantOp::create(s->builder, loc(), attr),
            s->currentLiveness()};
  }

  std::vector<PyValue> op(const std::string &name,
                          const std::vector<PyValue> &operands,
                          const std::vector<std::string> &resultTypes,
                          const std::map<std::string, std::string> &attrs) {
    requireBody(name);
    OperationName opName(name, &s->context);
    if (!opName.isRegistered())
      s->fail("unknown operation '" + name + "'");
    OperationState state(loc(), opName);
    state.addOperands(unwrap(operands));
    for (const std::string &t : resultTypes)
      state.addTypes(parseType(t));
    for (const auto &[key, text] : attrs)
      state.addAttribute(key, parseAttr(text));
    // Regions are built by begin_* only: an op that needs one does not
    // verify, and is dropped again.
    Operation *op = s->builder.create(state);
    LogicalResult verified = failure();
    mlir::uop::python::runGuarded("verifying '" + name + "'",
                                  [&] { verified = verify(op); });
    if (failed(verified)) {
      op->erase();
      s->fail("invalid '" + name + "'");
    }
    return wrap(op->getResults());
  }

  std::vector<PyValue> beginLaunch(const std::vector<PyValue> &grid,
                                   const std::vector<PyValue> &block) {
    requireBody("begin_launch");
    if (grid.size() != 3 || block.size() != 3)
      throw mlir::uop::python::UopError("a launch takes three grid and three block sizes");
    SmallVector<Value> g = unwrap(grid), b = unwrap(block);
    auto launch = gpu::LaunchOp::create(s->builder, loc(), g[0], g[1], g[2],
                                        b[0], b[1], b[2]);
    Block &body = launch.getBody().front();
    pushScope(launch, &body);
    gpu::KernelDim3 ids = launch.getBlockIds(), tids = launch.getThreadIds();
    return wrap({ids.x, ids.y, ids.z, tids.x, tids.y, tids.z});
  }

  void endLaunch() {
    topScope("gpu.launch");
    gpu::TerminatorOp::create(s->builder, loc());
    popScope("gpu.launch");
  }

  std::pair<PyValue, std::vector<PyValue>>
  beginFor(const PyValue &lb, const PyValue &ub, const PyValue &step,
           const std::vector<PyValue> &iterArgs) {
    requireBody("begin_for");
    auto loop = scf::ForOp::create(s->builder, loc(), unwrap(lb), unwrap(ub),
                                   unwrap(step), unwrap(iterArgs));
    pushScope(loop, loop.getBody());
    return {{s, loop.getInductionVar(), s->currentLiveness()},
            wrap(loop.getRegionIterArgs())};
  }

  std::vector<PyValue> endFor(const std::vector<PyValue> &yields) {
    auto loop = cast<scf::ForOp>(topScope("scf.for"));
    if (yields.size() != loop.getNumResults())
      s->fail("the loop carries " + std::to_string(loop.getNumResults()) +
              " values, got " + std::to_string(yields.size()) + " to yield");
    if (!yields.empty())
      scf::YieldOp::create(s->builder, loc(), unwrap(yields));
    popScope("scf.for");
    return wrap(loop.getResults());
  }

  void beginIf(const PyValue &cond) {
    requireBody("begin_if");
    auto ifOp = scf::IfOp::create(s->builder, loc(), TypeRange{},
                                  unwrap(cond), /*withElseRegion=*/false);
    pushScope(ifOp, &ifOp.getThenRegion().front());
  }

  void endIf() {
    popScope("scf.if");
  }

  std::string text() {
    if (!s->scopes.empty())
      throw mlir::uop::python::UopError(
          ("the module is incomplete: " +
           s->scopes.back().op->getName().getStringRef() + " is still open")
              .str());
    LogicalResult verified = failure();
    mlir::uop::python::runGuarded("verifying the module",
                                  [&] { verified = verify(*s->module); });
    if (failed(verified))
      s->fail("the built module is invalid");
    std::string text;
    llvm::raw_string_ostream os(text);
    s->module->print(os);
    return text;
  }

  std::shared_ptr<BuilderState> s;
};

/// Parses a numpy-style dtype name of a GEMM operand.
Type gemmElementType(Builder &b, const std::string &dtype) {
  if (dtype == "float32" || dtype == "f32")
    return b.getF32Type();
  if (dtype == "float16" || dtype == "f16")
    return b.getF16Type();
  if (dtype == "bfloat16" || dtype == "bf16")
    return b.getBF16Type();
  throw mlir::uop::python::UopError("expected a dtype of float32, float16 or bfloat16, "
                        "got '" + dtype + "'");
}

/// The linalg input of C = A·B (A stored K×M with `transposeA`, B stored N×K
/// with `transposeB`), M×K by K×N,
/// inputs of `dtype`, output of `outDtype`, accumulated in f32: an f32
/// output is zero-filled and multiplied into; a narrower output gets the
/// product in an f32 temporary and one rounding per element, the form
/// uop fuses into the GEMM's writeback. With `dynamic`, the GEMM is in
/// `@gemm` on memref<?x?> operands, which `@main` (of the static shapes)
/// casts its buffers to and calls: one kernel for every size. With a
/// `batch` (not negative), a batch of that many GEMMs: a
/// linalg.batch_matmul on 3-D operands, the batch outermost.
std::string matmulProblem(int64_t m, int64_t n, int64_t k,
                          const std::string &dtype,
                          const std::string &outDtype, bool transposeB,
                          bool transposeA, bool dynamic, int64_t batch) {
  for (int64_t d : {m, n, k})
    if (d < 1 || d > (int64_t(1) << 20))
      throw mlir::uop::python::UopError("expected GEMM sizes in [1, 2^20], got " +
                            std::to_string(m) + "x" + std::to_string(n) +
                            "x" + std::to_string(k));
  // (A batch beyond grid z's 65535 GEMMs compiles with the persistent
  // blocks of the wgmma kernel; uop-tile says so for the others.)
  bool batched = batch >= 0;
  if (batched && batch > std::numeric_limits<int32_t>::max())
    throw mlir::uop::python::UopError(
        "expected a batch of at most 2^31 - 1 GEMMs, got " +
        std::to_string(batch));
  BuilderState s;
  OpBuilder &b = s.builder;
  Location loc = b.getUnknownLoc();
  Type in = gemmElementType(b, dtype), out = gemmElementType(b, outDtype),
       f32 = b.getF32Type();
  // The shapes of the matrices, after the batch for a batch of GEMMs.
  auto shape = [&](int64_t rows, int64_t cols) {
    SmallVector<int64_t> dims;
    if (batched)
      dims.push_back(batch);
    dims.append({rows, cols});
    return dims;
  };
  auto typeA = MemRefType::get(transposeA ? shape(k, m) : shape(m, k), in);
  auto typeB = MemRefType::get(transposeB ? shape(n, k) : shape(k, n), in);
  auto typeC = MemRefType::get(shape(m, n), out);
  unsigned rank = batched ? 3 : 2;
  auto dynamicType = [&](Type elem) {
    return MemRefType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                           elem);
  };
  Type gemmA = dynamic ? dynamicType(in) : Type(typeA);
  Type gemmB = dynamic ? dynamicType(in) : Type(typeB);
  Type gemmC = dynamic ? dynamicType(out) : Type(typeC);
  auto fn = func::FuncOp::create(b, loc, dynamic ? "gemm" : "main",
                                 b.getFunctionType({gemmA, gemmB, gemmC}, {}));
  Block *body = fn.addEntryBlock();
  b.setInsertionPointToEnd(body);
  Value a = body->getArgument(0), bb = body->getArgument(1),
        c = body->getArgument(2);
  Value acc = c;
  if (out != f32 && !dynamic) {
    acc = memref::AllocOp::create(b, loc, MemRefType::get(typeC.getShape(), f32));
  } else if (out != f32) {
    SmallVector<Value> dims;
    for (unsigned d = 0; d < rank; ++d)
      dims.push_back(memref::DimOp::create(b, loc, c, d));
    acc = memref::AllocOp::create(b, loc, dynamicType(f32), dims);
  }
  Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(f32, 0.0));
  linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{acc});
  SmallVector<NamedAttribute> attrs;
  if (transposeA || transposeB) {
    MLIRContext *ctx = b.getContext();
    // The loops (batch,) m, n, k.
    SmallVector<AffineExpr> d;
    for (unsigned i = 0; i < rank + 1; ++i)
      d.push_back(getAffineDimExpr(i, ctx));
    ArrayRef<AffineExpr> outer = ArrayRef<AffineExpr>(d).drop_back(3);
    AffineExpr dm = d[rank - 2], dn = d[rank - 1], dk = d[rank];
    auto map = [&](AffineExpr row, AffineExpr col) {
      SmallVector<AffineExpr> results(outer);
      results.append({row, col});
      return AffineMapAttr::get(AffineMap::get(rank + 1, 0, results, ctx));
    };
    attrs.push_back(b.getNamedAttr(
        "indexing_maps",
        b.getArrayAttr({transposeA ? map(dk, dm) : map(dm, dk),
                        transposeB ? map(dn, dk) : map(dk, dn),
                        map(dm, dn)})));
  }
  if (batched)
    linalg::BatchMatmulOp::create(b, loc, ValueRange{a, bb}, ValueRange{acc},
                                  attrs);
  else
    linalg::MatmulOp::create(b, loc, ValueRange{a, bb}, ValueRange{acc},
                             attrs);
  if (out != f32) {
    AffineMap id = b.getMultiDimIdentityMap(rank);
    linalg::GenericOp::create(
        b, loc, ValueRange{acc}, ValueRange{c}, ArrayRef<AffineMap>{id, id},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location l, ValueRange args) {
          Value rounded = arith::TruncFOp::create(nb, l, out, args[0]);
          linalg::YieldOp::create(nb, l, rounded);
        });
    memref::DeallocOp::create(b, loc, acc);
  }
  func::ReturnOp::create(b, loc);
  if (dynamic) {
    b.setInsertionPointAfter(fn);
    auto entry = func::FuncOp::create(
        b, loc, "main", b.getFunctionType({typeA, typeB, typeC}, {}));
    Block *entryBody = entry.addEntryBlock();
    b.setInsertionPointToEnd(entryBody);
    Type gemmTypes[] = {gemmA, gemmB, gemmC};
    SmallVector<Value> args;
    for (auto [arg, type] : llvm::zip(entryBody->getArguments(), gemmTypes))
      args.push_back(memref::CastOp::create(b, loc, type, arg));
    func::CallOp::create(b, loc, fn, args);
    func::ReturnOp::create(b, loc);
  }
  if (failed(verify(*s.module)))
    s.fail("the GEMM is invalid");
  std::string text;
  llvm::raw_string_ostream os(text);
  s.module->print(os);
  return text;
}
} // namespace

void mlir::uop::python::bindBuilder(py::module_ &m) {
  py::class_<PyValue>(m, "IRValue",
                      "A value of a module a KernelBuilder is building.")
      .def_property_readonly("type", &PyValue::typeText,
                             "The value's type as MLIR spells it.")
      .def_property_readonly(
          "element_type",
          [](const PyValue &v) {
            Type t = v.get().getType();
            if (auto shaped = dyn_cast<ShapedType>(t))
              t = shaped.getElementType();
            std::string text;
            llvm::raw_string_ostream os(text);
            t.print(os);
            return text;
          },
          "The element type of a memref, else the type.")
      .def_property_readonly(
          "shape",
          [](const PyValue &v) -> py::object {
            if (auto shaped = dyn_cast<ShapedType>(v.get().getType()))
              return py::tuple(py::cast(shaped.getShape().vec()));
            return py::none();
          },
          "The shape of a memref, else None.");

  py::class_<PyBuilder>(m, "IRBuilder",
                        "A module built op by op through MLIR's OpBuilder.")
      .def(py::init<>())
      .def("begin_func", &PyBuilder::beginFunc, py::arg("name"),
           py::arg("arg_types"))
      .def("end_func", &PyBuilder::endFunc)
      .def("abandon_scope", &PyBuilder::abandonScope,
           "Closes the innermost open scope and erases its op.")
      .def("constant", &PyBuilder::constant, py::arg("value"),
           py::arg("type"))
      .def("op", &PyBuilder::op, py::arg("name"), py::arg("operands"),
           py::arg("result_types"), py::arg("attributes"))
      .def("begin_launch", &PyBuilder::beginLaunch, py::arg("grid"),
           py::arg("block"))
      .def("end_launch", &PyBuilder::endLaunch)
      .def("begin_for", &PyBuilder::beginFor, py::arg("lower"),
           py::arg("upper"), py::arg("step"), py::arg("iter_args"))
      .def("end_for", &PyBuilder::endFor, py::arg("yields"))
      .def("begin_if", &PyBuilder::beginIf, py::arg("condition"))
      .def("end_if", &PyBuilder::endIf)
      .def("text", &PyBuilder::text,
           "The verified module's text; fails while a scope is open.");

  m.def("matmul_problem", &matmulProblem, py::arg("m"), py::arg("n"),
        py::arg("k"), py::arg("dtype"), py::arg("out_dtype"),
        py::arg("transpose_b"), py::arg("transpose_a") = false,
        py::arg("dynamic") = false, py::arg("batch") = -1,
        "The linalg input of an M x N x K GEMM, or of a batch of them (see "
        "uop.matmul_problem).");
}
