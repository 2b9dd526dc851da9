//===- Simulator.cpp - the simulator as a library -------------------------===//
//
// The up-front checks (options, entry signatures, supported ops, memory
// cap), seeded inputs, the runs, the comparison with a reference, and the
// report; parsing with SSA names and printing in uop-sim's format for the
// front ends. See docs/sim.md for the contract this implements.
//
//===----------------------------------------------------------------------===//

#include "Uop/Support/ParserGuards.h"
#include "Uop/Sim/Simulator.h"

#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Sim/Interpreter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <unistd.h>

using namespace mlir;
using namespace mlir::uop::sim;

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

/// Records the source spelling of every SSA name, so that reports say
/// `%sA` rather than `%0`.
static void collectNames(const AsmParserState &state, ValueNames &names) {
  for (const AsmParserState::OperationDefinition &def : state.getOpDefs()) {
    for (const auto &group : def.resultGroups) {
      llvm::SMRange r = group.definition.loc;
      std::string name(r.Start.getPointer(),
                       r.End.getPointer() - r.Start.getPointer());
      unsigned end = def.op->getNumResults();
      for (unsigned i = group.startIndex; i < end; ++i) {
        names[def.op->getResult(i)] =
            i == group.startIndex && end - group.startIndex == 1
                ? name
                : name + "#" + std::to_string(i - group.startIndex);
        // Groups are listed in order; stop at the next group's start.
        if (&group != &def.resultGroups.back() &&
            i + 1 == (&group + 1)->startIndex)
          break;
      }
    }
  }
  for (const AsmParserState::BlockDefinition &def : state.getBlockDefs())
    for (auto [i, arg] : llvm::enumerate(def.arguments)) {
      if (i >= def.block->getNumArguments() || !arg.loc.isValid())
        continue;
      names[def.block->getArgument(i)] =
          std::string(arg.loc.Start.getPointer(),
                      arg.loc.End.getPointer() - arg.loc.Start.getPointer());
    }
}

OwningOpRef<ModuleOp>
mlir::uop::sim::parseSimSource(const llvm::SourceMgr &sourceMgr,
                               unsigned bufferId, MLIRContext *context,
                               ValueNames &names) {
  // The parser reads the main buffer of a SourceMgr: give it one whose main
  // buffer is a view of ours, so that locations (named after the buffer)
  // and the names' source ranges point into text that outlives the parse.
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferId);
  // Text MLIR's parser would crash on is refused at its location.
  if (std::optional<KnownParserCrash> crash =
          findKnownParserCrash(buffer->getBuffer())) {
    auto [line, col] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(buffer->getBufferStart() + crash->offset),
        bufferId);
    emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                  line, col))
        << crash->message;
    return nullptr;
  }
  llvm::SourceMgr view;
  view.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer->getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  Block block;
  AsmParserState state;
  ParserConfig config(context, /*verifyAfterParse=*/false);
  if (failed(parseAsmSourceFile(view, &block, config, &state)))
    return nullptr;
  OwningOpRef<ModuleOp> module;
  // A source is one module, written or implied; an implied one stands for
  // the whole source (line 0, as upstream's parser places it).
  if (llvm::hasSingleElement(block) && isa<ModuleOp>(block.front())) {
    module = cast<ModuleOp>(block.front());
    module->getOperation()->remove();
  } else {
    module = ModuleOp::create(
        FileLineColLoc::get(context, buffer->getBufferIdentifier(), 0, 0));
    Block *body = module->getBody();
    body->getOperations().splice(body->end(), block.getOperations());
  }
  collectNames(state, names);
  return module;
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

SimDiagnosticHandler::SimDiagnosticHandler(llvm::SourceMgr &sourceMgr,
                                           MLIRContext *context,
                                           llvm::raw_ostream &os)
    : SourceMgrDiagnosticHandler(sourceMgr, context, os) {
  // Replaces the handler the base class registered.
  setHandler([this](Diagnostic &diag) { handle(diag); });
}

void SimDiagnosticHandler::handle(Diagnostic &diag) {
  Location loc = diag.getLocation();
  auto fileLoc = dyn_cast<FileLineColLoc>(loc);
  bool wholeSource = fileLoc && fileLoc.getLine() == 0;
  if (!isa<UnknownLoc>(loc) && !wholeSource) {
    emitDiagnostic(diag);
    return;
  }
  const char *severity = "error";
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Note:
    severity = "note";
    break;
  case DiagnosticSeverity::Warning:
    severity = "warning";
    break;
  case DiagnosticSeverity::Remark:
    severity = "remark";
    break;
  case DiagnosticSeverity::Error:
    break;
  }
  os << "uop-sim: " << severity << ": ";
  if (wholeSource)
    os << fileLoc.getFilename().getValue() << ": ";
  os << diag.str() << "\n";
  for (Diagnostic &note : diag.getNotes())
    handle(note);
}

//===----------------------------------------------------------------------===//
// Up-front checks
//===----------------------------------------------------------------------===//

namespace {

/// A module to run and its entry.
struct Program {
  ModuleOp module;
  func::FuncOp entry;
  /// The entry's argument types at the sizes the run gives them: its own
  /// where static; SimOptions::argSizes where dynamic (row-major).
  SmallVector<MemRefType> argTypes;
};

/// Checks a tolerance option: finite and non-negative.
LogicalResult checkTolerance(MLIRContext *ctx, const char *flag,
                             std::optional<double> value) {
  if (!value || (std::isfinite(*value) && *value >= 0))
    return success();
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", *value);
  return emitError(UnknownLoc::get(ctx))
         << "expected --" << flag << " to be a finite non-negative number, got "
         << text;
}

/// Checks the options that do not depend on a module.
LogicalResult checkOptions(MLIRContext *ctx, const SimOptions &opts) {
  if (failed(checkTolerance(ctx, "atol", opts.atol)) ||
      failed(checkTolerance(ctx, "rtol", opts.rtol)))
    return failure();
  if (opts.warpSize && *opts.warpSize == 0)
    return emitError(UnknownLoc::get(ctx))
           << "expected a warp size of at least 1, got 0";
  if (opts.maxSteps == 0)
    return emitError(UnknownLoc::get(ctx))
           << "expected --max-steps of at least 1, got 0";
  // Buffers the machine cannot hold would end the process when allocated
  // (or when first touched): a cap above its memory guards nothing.
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  uint64_t machine = pages > 0 && pageSize > 0
                         ? uint64_t(pages) * uint64_t(pageSize)
                         : UINT64_MAX;
  if (opts.maxMemory > std::max(kDefaultMaxMemory, machine))
    return emitError(UnknownLoc::get(ctx))
           << "expected --max-memory of at most this machine's memory, "
           << machine << " bytes, got " << opts.maxMemory;
  return success();
}

/// Verifies `module` and finds its entry `name`, which must take statically
/// shaped memrefs of storable element types only (the seeded inputs fill
/// memrefs; there is no seed-independent value for a scalar).
/// Argument `i` of `entry`, of type `type`, at the sizes `sizes`: its
/// elements must fit the buffer the run gives it (`sizes`' elements,
/// dense, counted without overflow), and its layout must address them as
/// it is laid out: where the shape is dynamic, densely in row-major order
/// (each static stride that row-major one, a static offset 0); where it is
/// static, within the buffer (a stride that leaves gaps, as
/// `strided<[2]>`, reaches past it).
LogicalResult checkLayout(func::FuncOp entry, size_t i, MemRefType type,
                          ArrayRef<int64_t> sizes) {
  int64_t elements = 1;
  for (int64_t s : sizes)
    if (__builtin_mul_overflow(elements, s, &elements) ||
        elements > (int64_t(1) << 48))
      return entry.emitError()
             << "argument " << i << " is " << type
             << ": its sizes hold more than 2^48 elements";
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getLayout().isIdentity())
    return success();
  if (failed(type.getStridesAndOffset(strides, offset)))
    return entry.emitError() << "argument " << i << " is " << type
                             << ": expected a strided layout";
  if (elements == 0)
    return success();
  if (!type.hasStaticShape()) {
    int64_t rowMajor = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
      if (!ShapedType::isDynamic(strides[d]) && strides[d] != rowMajor &&
          sizes[d] != 1)
        return entry.emitError()
               << "argument " << i << " is " << type
               << ": its layout's static strides must be those of the dense "
                  "row-major buffer --arg-sizes gives it (stride "
               << rowMajor << " in dimension " << d << ")";
      rowMajor *= sizes[d];
    }
    if (!ShapedType::isDynamic(offset) && offset != 0)
      return entry.emitError()
             << "argument " << i << " is " << type
             << ": its layout's static offset must be 0 (the dense buffer "
                "--arg-sizes gives it)";
    return success();
  }
  // The last element the layout addresses must be in the buffer.
  int64_t last = ShapedType::isDynamic(offset) ? 0 : offset;
  for (auto [s, stride] : llvm::zip(sizes, strides)) {
    int64_t reach;
    if (ShapedType::isDynamic(stride) ||
        __builtin_mul_overflow(s - 1, stride, &reach) ||
        __builtin_add_overflow(last, reach, &last))
      return entry.emitError() << "argument " << i << " is " << type
                               << ": expected static strides";
  }
  if (last >= elements)
    return entry.emitError()
           << "argument " << i << " is " << type << ": its layout reaches "
           << "element " << last << " of a buffer of " << elements
           << " (the run gives each argument a buffer of its elements; "
              "pass the whole buffer and take a view of it inside)";
  return success();
}

LogicalResult loadProgram(ModuleOp module, StringRef name,
                          ArrayRef<std::vector<int64_t>> argSizes,
                          Program &p) {
  if (failed(verify(module)))
    return failure();
  p.module = module;
  p.entry = module.lookupSymbol<func::FuncOp>(name);
  if (!p.entry || p.entry.isExternal())
    return module.emitError()
           << "no function @" << name << " with a body to run";
  if (!argSizes.empty() && argSizes.size() != p.entry.getNumArguments())
    return p.entry.emitError()
           << "expected the sizes of " << p.entry.getNumArguments()
           << " arguments for @" << name << " (--arg-sizes), got "
           << argSizes.size();
  for (auto [i, t] : llvm::enumerate(p.entry.getArgumentTypes())) {
    auto mt = dyn_cast<MemRefType>(t);
    if (!mt)
      return p.entry.emitError() << "entry arguments must be memrefs (seeded "
                                    "inputs fill memrefs only), got "
                                 << t;
    if (!getElemKind(mt.getElementType()))
      return p.entry.emitError() << "unsupported element type in " << t;
    if (argSizes.empty()) {
      if (!mt.hasStaticShape())
        return p.entry.emitError()
               << "entry memref arguments need a static shape, got " << t
               << " (or give the sizes of every argument: --arg-sizes)";
      if (failed(checkLayout(p.entry, i, mt, mt.getShape())))
        return failure();
      p.argTypes.push_back(mt);
      continue;
    }
    ArrayRef<int64_t> sizes = argSizes[i];
    std::string given;
    for (auto [d, s] : llvm::enumerate(sizes))
      given += (d ? "x" : "") + std::to_string(s);
    if ((int64_t)sizes.size() != mt.getRank() ||
        llvm::any_of(llvm::zip(sizes, mt.getShape()), [](auto pair) {
          auto [s, declared] = pair;
          return s < 0 || (!ShapedType::isDynamic(declared) && s != declared);
        }))
      return p.entry.emitError()
             << "argument " << i << " is " << t << ": expected "
             << mt.getRank() << (mt.getRank() == 1 ? " size" : " sizes")
             << ", each as the type has it where it is static (--arg-sizes), "
                "got '"
             << given << "'";
    if (failed(checkLayout(p.entry, i, mt, sizes)))
      return failure();
    // The buffer is dense and row-major (checkLayout): so is the type.
    p.argTypes.push_back(
        mt.hasStaticShape()
            ? mt
            : MemRefType::get(sizes, mt.getElementType(),
                              MemRefLayoutAttrInterface(),
                              mt.getMemorySpace()));
  }
  return success();
}

/// `t` as the source spells it (a diagnostic would quote it).
std::string spell(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

/// The given inputs must fit the entry's arguments: no more inputs than
/// arguments, each exactly the bytes of its memref.
LogicalResult checkInputs(Program p, const SimOptions &opts) {
  ArrayRef<MemRefType> types = p.argTypes;
  if (opts.inputs.size() > types.size())
    return p.entry.emitError()
           << "expected at most " << types.size() << " inputs for @"
           << p.entry.getSymName() << ", got " << opts.inputs.size();
  for (auto [i, input] : llvm::enumerate(opts.inputs)) {
    if (!input)
      continue;
    MemRefType mt = types[i];
    uint64_t expected = uint64_t(mt.getNumElements()) *
                        getElemBytes(*getElemKind(mt.getElementType()));
    if (input->size() != expected)
      return p.entry.emitError()
             << "expected " << expected << " bytes for argument " << i
             << " (" << mt << "), got " << input->size();
  }
  return success();
}

/// The reference must take the same arguments as the entry: the same
/// inputs fill both, and the outputs are compared pairwise.
LogicalResult checkSameSignature(Program p, Program ref, const SimOptions &opts,
                                 StringRef refEntry) {
  MLIRContext *ctx = p.module.getContext();
  if (p.entry.getNumArguments() != ref.entry.getNumArguments())
    return emitError(UnknownLoc::get(ctx))
           << "@" << opts.entry << " and reference @" << refEntry
           << " take different numbers of arguments";
  for (auto [ma, mb] : llvm::zip(p.argTypes, ref.argTypes)) {
    if (ma.getShape() != mb.getShape() ||
        ma.getElementType() != mb.getElementType())
      return emitError(UnknownLoc::get(ctx))
             << "argument types differ: " << spell(ma) << " vs " << spell(mb);
  }
  return success();
}

/// Bytes of a statically shaped memref type (0 when dynamic), saturating at
/// UINT64_MAX when the product overflows (it is then over any cap).
uint64_t staticBytes(Type t) {
  auto mt = dyn_cast<MemRefType>(t);
  if (!mt || !mt.hasStaticShape())
    return 0;
  std::optional<ElemKind> k = getElemKind(mt.getElementType());
  if (!k)
    return 0;
  uint64_t bytes = getElemBytes(*k);
  for (int64_t s : mt.getShape())
    if (__builtin_mul_overflow(bytes, (uint64_t)s, &bytes))
      return UINT64_MAX;
  return bytes;
}

/// `a + b`, saturating at UINT64_MAX.
uint64_t addSat(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

/// Walks everything reachable from the entry (callees, kernels): every op
/// must have a handler; adds the statically known buffer bytes to `bytes`.
LogicalResult checkProgram(Program p, uint64_t &bytes) {
  const HandlerRegistry &registry = HandlerRegistry::get();
  llvm::SetVector<Operation *> work;
  work.insert(p.entry);
  for (MemRefType t : p.argTypes)
    bytes = addSat(bytes, staticBytes(t));
  llvm::DenseSet<Operation *> globalsSeen;
  for (size_t i = 0; i < work.size(); ++i) {
    Operation *fn = work[i];
    WalkResult r = fn->walk([&](Operation *op) -> WalkResult {
      if (op == fn)
        return WalkResult::advance();
      if (!registry.lookup(op)) {
        op->emitError() << "unsupported operation '" << op->getName() << "'";
        return WalkResult::interrupt();
      }
      // The verifier has resolved every callee, kernel and global.
      if (auto call = dyn_cast<func::CallOp>(op)) {
        if (Operation *callee =
                SymbolTable::lookupNearestSymbolFrom(op, call.getCalleeAttr()))
          work.insert(callee);
      } else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
        if (Operation *kernel =
                SymbolTable::lookupNearestSymbolFrom(op, launch.getKernel()))
          work.insert(kernel);
      } else if (auto g = dyn_cast<memref::GetGlobalOp>(op)) {
        Operation *global =
            SymbolTable::lookupNearestSymbolFrom(op, g.getNameAttr());
        if (global && globalsSeen.insert(global).second)
          bytes = addSat(bytes, staticBytes(g.getType()));
      } else if (isa<memref::AllocOp, memref::AllocaOp, uop::AllocSharedOp>(
                     op)) {
        bytes = addSat(bytes, staticBytes(op->getResult(0).getType()));
      }
      return WalkResult::advance();
    });
    if (r.wasInterrupted())
      return failure();
    if (auto k = dyn_cast<gpu::GPUFuncOp>(fn)) {
      for (BlockArgument a : k.getWorkgroupAttributions())
        bytes = addSat(bytes, staticBytes(a.getType()));
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Runs
//===----------------------------------------------------------------------===//

/// The seeded inputs of an entry: buffer i from (seed, i), named after the
/// argument.
std::vector<std::unique_ptr<Buffer>> makeInputs(Program p,
                                                const SimOptions &opts) {
  std::vector<std::unique_ptr<Buffer>> inputs;
  for (auto [i, mt] : llvm::enumerate(p.argTypes)) {
    std::string name = "%arg" + std::to_string(i);
    if (opts.names) {
      auto it = opts.names->find(p.entry.getArgument(i));
      if (it != opts.names->end())
        name = it->second;
    }
    auto b = std::make_unique<Buffer>(*getElemKind(mt.getElementType()),
                                      mt.getElementType(), mt.getNumElements(),
                                      false, name);
    if (i < opts.inputs.size() && opts.inputs[i])
      llvm::copy(*opts.inputs[i], b->bytes.begin());
    else
      fillRandom(*b, opts.seed, i);
    inputs.push_back(std::move(b));
  }
  return inputs;
}

/// Runs `p`'s entry on `args` (modified in place). Returns failure on bad
/// input; faults go to `faults`, and a fault that ended the run early
/// (a step limit, a call depth) sets `fatal` and still returns success.
LogicalResult runProgram(Program p, const SimOptions &opts,
                         std::vector<std::unique_ptr<Buffer>> &args,
                         FaultLog &faults, TrafficStats &traffic,
                         uint64_t &steps) {
  InterpreterConfig config;
  config.maxMemory = opts.maxMemory;
  config.maxSteps = opts.maxSteps;
  config.cancel = opts.cancel;
  config.preemptSeed = opts.preemptSeed;
  // Unset: the warps of the target the module was compiled for.
  config.warpSize = opts.warpSize.value_or(0);
  config.names = opts.names;
  config.gemmProduct = opts.gemmProduct;
  Interpreter interp(p.module, config, faults);
  SmallVector<SimValue, 4> argValues, results;
  for (auto [i, mt] : llvm::enumerate(p.argTypes)) {
    SimValue v;
    Interpreter::describe(v, args[i].get(), mt.getShape());
    // Honour a static strided layout on the argument type.
    SmallVector<int64_t> strides;
    int64_t offset;
    if (succeeded(mt.getStridesAndOffset(strides, offset)) &&
        !ShapedType::isDynamic(offset) &&
        llvm::none_of(strides, ShapedType::isDynamic) &&
        !mt.getLayout().isIdentity()) {
      v.strides.assign(strides.begin(), strides.end());
      v.data[0].i = offset;
    }
    argValues.push_back(v);
    // Inter-block race reports name elements of the arguments by index.
    interp.getRaces().shapes[args[i].get()] =
        SmallVector<int64_t, 4>(mt.getShape());
  }
  LogicalResult result = interp.call(p.entry, p.entry, argValues, results);
  traffic = interp.getTraffic();
  steps = interp.getSteps();
  if (failed(result) && interp.hadFatalFault())
    return success();
  if (succeeded(result) && interp.hasGemmProduct() &&
      !interp.isGemmProductTaken()) {
    emitError(p.entry.getLoc())
        << "the GEMM product given (--gemm-product) replaces the product of "
           "a multiply-accumulate contraction, and '"
        << p.entry.getName() << "' runs none";
    return failure();
  }
  return result;
}

/// Default tolerances by element type (see docs/sim.md).
void defaultTolerance(ElemKind k, double &atol, double &rtol) {
  switch (k) {
  case ElemKind::F64:
    atol = 1e-10;
    rtol = 1e-8;
    break;
  case ElemKind::F32:
    atol = 1e-5;
    rtol = 1e-4;
    break;
  case ElemKind::F16:
    atol = 1e-2;
    rtol = 1e-2;
    break;
  case ElemKind::BF16:
    atol = 5e-2;
    rtol = 5e-2;
    break;
  default:
    atol = 0;
    rtol = 0;
  }
}

/// Element `i` of `b` as a double.
double asDouble(const Buffer &b, int64_t i) {
  Word w = b.load(i);
  return isFloatKind(b.kind) ? w.f : (double)w.i;
}

/// Compares every argument of the run with the reference's.
Comparison compare(const std::vector<std::unique_ptr<Buffer>> &args,
                   const std::vector<std::unique_ptr<Buffer>> &refArgs,
                   const SimOptions &opts) {
  Comparison c;
  for (size_t i = 0; i < args.size(); ++i) {
    const Buffer &a = *args[i], &b = *refArgs[i];
    ArgumentComparison ac;
    ac.name = a.name;
    defaultTolerance(a.kind, ac.atol, ac.rtol);
    if (opts.atol)
      ac.atol = *opts.atol;
    if (opts.rtol)
      ac.rtol = *opts.rtol;
    for (int64_t e = 0; e < a.numElements; ++e) {
      double x = asDouble(a, e), y = asDouble(b, e);
      ++ac.elements;
      bool bad;
      if (std::isnan(x) || std::isnan(y)) {
        bad = std::isnan(x) != std::isnan(y);
        if (bad)
          ac.maxAbsErr = ac.maxRelErr = INFINITY;
      } else if (x == y) {
        bad = false;
      } else {
        double d = std::fabs(x - y);
        ac.maxAbsErr = std::max(ac.maxAbsErr, d);
        if (y != 0)
          ac.maxRelErr = std::max(ac.maxRelErr, d / std::fabs(y));
        bad = !(d <= ac.atol + ac.rtol * std::fabs(y));
      }
      if (!bad)
        continue;
      ++ac.mismatches;
      if (c.firstMismatches.size() < Comparison::kMaxListed)
        c.firstMismatches.push_back({unsigned(i), e, x, y});
    }
    c.arguments.push_back(std::move(ac));
  }
  return c;
}

/// The arguments after a run, for the report.
std::vector<SimOutput> takeOutputs(Program p,
                                   std::vector<std::unique_ptr<Buffer>> &args) {
  std::vector<SimOutput> outputs;
  for (auto [i, t] : llvm::enumerate(p.argTypes)) {
    Buffer &b = *args[i];
    outputs.push_back({b.name, t, b.kind, b.bytes});
  }
  return outputs;
}

} // namespace

SimReport mlir::uop::sim::simulate(ModuleOp module, const SimOptions &opts,
                                   ModuleOp reference) {
  SimReport report;
  MLIRContext *ctx = module.getContext();
  if (failed(checkOptions(ctx, opts)))
    return report;
  Program prog, ref;
  if (failed(loadProgram(module, opts.entry, opts.argSizes, prog)) ||
      failed(checkInputs(prog, opts)))
    return report;
  std::string refEntry = opts.refEntry.empty() ? opts.entry : opts.refEntry;
  if (reference &&
      (failed(loadProgram(reference, refEntry, opts.argSizes, ref)) ||
       failed(checkSameSignature(prog, ref, opts, refEntry))))
    return report;

  // Refuse before allocating anything when the buffers we can size up front
  // do not fit.
  uint64_t bytes = 0;
  if (failed(checkProgram(prog, bytes)) ||
      (reference && failed(checkProgram(ref, bytes))))
    return report;
  if (bytes > opts.maxMemory) {
    emitError(UnknownLoc::get(ctx))
        << "the program needs " << bytes
        << " bytes of buffers, more than --max-memory=" << opts.maxMemory;
    return report;
  }

  std::vector<std::unique_ptr<Buffer>> args = makeInputs(prog, opts);
  FaultLog faults;
  if (failed(runProgram(prog, opts, args, faults, report.traffic,
                        report.steps)))
    return report;
  report.ran = true;
  report.faults = faults.takeFaults();
  if (reference) {
    std::vector<std::unique_ptr<Buffer>> refArgs = makeInputs(ref, opts);
    FaultLog refFaults;
    TrafficStats refTraffic;
    uint64_t refSteps = 0;
    // The product given replaces the program's GEMM, not the reference's.
    SimOptions refOpts = opts;
    refOpts.gemmProduct.reset();
    if (failed(runProgram(ref, refOpts, refArgs, refFaults, refTraffic,
                          refSteps))) {
      report.outputs = takeOutputs(prog, args);
      return report;
    }
    report.referenceFaults = refFaults.takeFaults();
    report.comparison = compare(args, refArgs, opts);
  }
  report.outputs = takeOutputs(prog, args);

  if (!report.faults.empty() || !report.referenceFaults.empty())
    report.status = SimStatus::Fault;
  else if (report.comparison && !report.comparison->passed())
    report.status = SimStatus::Mismatch;
  else
    report.status = SimStatus::Ok;
  return report;
}

//===----------------------------------------------------------------------===//
// Report
//===----------------------------------------------------------------------===//

Word SimOutput::getElement(int64_t i) const {
  return loadElement(kind, bytes.data(), i);
}

double SimOutput::getAsDouble(int64_t i) const {
  Word w = getElement(i);
  return isFloatKind(kind) ? w.f : (double)w.i;
}

double Comparison::maxAbsErr() const {
  double m = 0;
  for (const ArgumentComparison &a : arguments)
    m = std::max(m, a.maxAbsErr);
  return m;
}

double Comparison::maxRelErr() const {
  double m = 0;
  for (const ArgumentComparison &a : arguments)
    m = std::max(m, a.maxRelErr);
  return m;
}

int64_t Comparison::mismatches() const {
  int64_t n = 0;
  for (const ArgumentComparison &a : arguments)
    n += a.mismatches;
  return n;
}

int64_t Comparison::elements() const {
  int64_t n = 0;
  for (const ArgumentComparison &a : arguments)
    n += a.elements;
  return n;
}

/// Prints every memref argument, one row (last dimension) per line.
static void printOutputs(ArrayRef<SimOutput> outputs, llvm::raw_ostream &out) {
  for (const SimOutput &o : outputs) {
    out << o.name << ": " << o.type << " =\n";
    int64_t row = o.type.getRank() ? o.type.getShape().back() : 1;
    if (row <= 0)
      row = 1;
    int64_t n = o.getNumElements();
    for (int64_t e = 0; e < n; ++e) {
      out << (e % row ? " " : "  ");
      if (isFloatKind(o.kind))
        out << llvm::format(o.kind == ElemKind::F64 ? "%.17g" : "%.9g",
                            o.getElement(e).f);
      else
        out << o.getElement(e).i;
      if (e % row == row - 1 || e + 1 == n)
        out << "\n";
    }
  }
}

void mlir::uop::sim::printReport(const SimReport &report,
                                 const PrintOptions &options,
                                 llvm::raw_ostream &out,
                                 llvm::raw_ostream &err) {
  if (!report.ran)
    return;
  for (const Fault &f : report.faults)
    err << "uop-sim: fault: " << f.message << "\n";
  if (options.traffic)
    out << "traffic: global_loads=" << report.traffic.globalLoads
        << " global_stores=" << report.traffic.globalStores
        << " shared_loads=" << report.traffic.sharedLoads
        << " shared_stores=" << report.traffic.sharedStores << "\n";
  if (options.steps)
    out << "steps: " << report.steps << "\n";
  if (options.outputs)
    printOutputs(report.outputs, out);
  for (const Fault &f : report.referenceFaults)
    err << "uop-sim: fault in reference: " << f.message << "\n";
  if (!report.comparison)
    return;
  const Comparison &c = *report.comparison;
  for (const Mismatch &m : c.firstMismatches)
    err << "uop-sim: mismatch: " << c.arguments[m.argument].name << " element "
        << m.element << ": got " << llvm::format("%.9g", m.got) << ", expected "
        << llvm::format("%.9g", m.expected) << "\n";
  out << "max_abs_err=" << llvm::format("%g", c.maxAbsErr())
      << " max_rel_err=" << llvm::format("%g", c.maxRelErr())
      << " mismatches=" << c.mismatches() << "/" << c.elements() << "\n";
}
