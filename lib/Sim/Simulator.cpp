//===- Simulator.cpp - the uop-sim driver ---------------------------------===//
//
// Parsing, the up-front checks (entry signature, supported ops, memory cap),
// seeded inputs, the run, the comparison against a reference file and the
// exit code. See docs/sim.md for the contract this implements.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Simulator.h"

#include "Uop/InitAllUop.h"
#include "Uop/Sim/Interpreter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

/// A parsed input file with the SSA names of its values.
struct Program {
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module;
  llvm::DenseMap<Value, std::string> names;
  func::FuncOp entry;
  std::string path;
};

/// Records the source spelling of every SSA name, so that reports say
/// `%sA` rather than `%0`.
void collectNames(const AsmParserState &state,
                  llvm::DenseMap<Value, std::string> &names) {
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

/// Parses and verifies `path`; finds the entry. Errors go through the
/// diagnostic handler; returns failure on bad input.
LogicalResult loadProgram(MLIRContext &ctx, const std::string &path,
                          const std::string &entry, Program &p,
                          llvm::raw_ostream &err) {
  p.path = path;
  std::string msg;
  auto buf = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buf) {
    err << "uop-sim: error: cannot open '" << path
        << "': " << buf.getError().message() << "\n";
    return failure();
  }
  p.sourceMgr.AddNewSourceBuffer(std::move(*buf), llvm::SMLoc());
  Block block;
  AsmParserState state;
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  if (failed(parseAsmSourceFile(p.sourceMgr, &block, config, &state)))
    return failure();
  // A file is one module, written or implied.
  if (llvm::hasSingleElement(block) && isa<ModuleOp>(block.front())) {
    p.module = cast<ModuleOp>(block.front());
    p.module->getOperation()->remove();
  } else {
    p.module = ModuleOp::create(UnknownLoc::get(&ctx));
    Block *body = p.module->getBody();
    body->getOperations().splice(body->end(), block.getOperations());
  }
  if (failed(verify(*p.module)))
    return failure();
  collectNames(state, p.names);
  p.entry = p.module->lookupSymbol<func::FuncOp>(entry);
  if (!p.entry || p.entry.isExternal()) {
    err << "uop-sim: error: " << path << ": no function @" << entry
        << " with a body to run\n";
    return failure();
  }
  for (Type t : p.entry.getArgumentTypes()) {
    auto mt = dyn_cast<MemRefType>(t);
    if (!mt) {
      p.entry.emitError() << "entry arguments must be memrefs (seeded "
                             "inputs fill memrefs only), got "
                          << t;
      return failure();
    }
    if (!mt.hasStaticShape()) {
      p.entry.emitError() << "entry memref arguments need a static shape, got "
                          << t;
      return failure();
    }
    if (!getElemKind(mt.getElementType())) {
      p.entry.emitError() << "unsupported element type in " << t;
      return failure();
    }
  }
  return success();
}

/// Bytes of a statically shaped memref type (0 when dynamic).
uint64_t staticBytes(Type t) {
  auto mt = dyn_cast<MemRefType>(t);
  if (!mt || !mt.hasStaticShape())
    return 0;
  std::optional<ElemKind> k = getElemKind(mt.getElementType());
  return k ? (uint64_t)mt.getNumElements() * getElemBytes(*k) : 0;
}

/// Walks everything reachable from the entry (callees, kernels): every op
/// must have a handler; sums the statically known buffer bytes.
LogicalResult checkProgram(Program &p, uint64_t &bytes) {
  const HandlerRegistry &registry = HandlerRegistry::get();
  llvm::SetVector<Operation *> work;
  work.insert(p.entry);
  for (Type t : p.entry.getArgumentTypes())
    bytes += staticBytes(t);
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
      if (auto call = dyn_cast<func::CallOp>(op)) {
        Operation *callee =
            SymbolTable::lookupNearestSymbolFrom(op, call.getCalleeAttr());
        if (!callee) {
          op->emitError() << "callee @" << call.getCallee() << " not found";
          return WalkResult::interrupt();
        }
        work.insert(callee);
      } else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
        Operation *kernel =
            SymbolTable::lookupNearestSymbolFrom(op, launch.getKernel());
        if (!kernel) {
          op->emitError() << "kernel " << launch.getKernel() << " not found";
          return WalkResult::interrupt();
        }
        work.insert(kernel);
      } else if (auto fnOp = dyn_cast<gpu::GPUFuncOp>(op)) {
        (void)fnOp;
      } else if (auto g = dyn_cast<memref::GetGlobalOp>(op)) {
        Operation *global =
            SymbolTable::lookupNearestSymbolFrom(op, g.getNameAttr());
        if (global && globalsSeen.insert(global).second)
          bytes += staticBytes(g.getType());
      } else if (isa<memref::AllocOp, memref::AllocaOp>(op) ||
                 op->getName().getStringRef() == "uop.alloc_shared") {
        bytes += staticBytes(op->getResult(0).getType());
      }
      return WalkResult::advance();
    });
    if (r.wasInterrupted())
      return failure();
    if (auto k = dyn_cast<gpu::GPUFuncOp>(fn)) {
      for (BlockArgument a : k.getWorkgroupAttributions())
        bytes += staticBytes(a.getType());
    }
  }
  return success();
}

/// The seeded inputs of an entry: buffer i from (seed, i).
std::vector<std::unique_ptr<Buffer>> makeInputs(func::FuncOp entry,
                                                uint64_t seed) {
  std::vector<std::unique_ptr<Buffer>> inputs;
  for (auto [i, t] : llvm::enumerate(entry.getArgumentTypes())) {
    auto mt = cast<MemRefType>(t);
    auto b = std::make_unique<Buffer>(*getElemKind(mt.getElementType()),
                                      mt.getElementType(),
                                      mt.getNumElements(), false,
                                      "argument #" + std::to_string(i));
    fillRandom(*b, seed, i);
    inputs.push_back(std::move(b));
  }
  return inputs;
}

/// Runs `p`'s entry on `args` (modified in place). Returns failure on bad
/// input; faults are collected in `faults`.
LogicalResult runProgram(Program &p, const SimOptions &opts,
                         std::vector<std::unique_ptr<Buffer>> &args,
                         FaultLog &faults, TrafficStats *traffic = nullptr) {
  InterpreterConfig config;
  config.maxMemory = opts.maxMemory;
  config.names = &p.names;
  Interpreter interp(*p.module, config, faults);
  SmallVector<SimValue, 4> argValues, results;
  for (auto [i, t] : llvm::enumerate(p.entry.getArgumentTypes())) {
    auto mt = cast<MemRefType>(t);
    args[i]->name = "%arg" + std::to_string(i);
    auto it = p.names.find(p.entry.getArgument(i));
    if (it != p.names.end())
      args[i]->name = it->second;
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
  }
  LogicalResult result = interp.call(p.entry, p.entry, argValues, results);
  if (traffic)
    *traffic = interp.getTraffic();
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

double asDouble(const Buffer &b, int64_t i) {
  Word w = b.load(i);
  return isFloatKind(b.kind) ? w.f : (double)w.i;
}

/// Prints the memref arguments of a run.
void printOutputs(func::FuncOp entry,
                  const std::vector<std::unique_ptr<Buffer>> &args,
                  llvm::raw_ostream &out) {
  for (auto [i, t] : llvm::enumerate(entry.getArgumentTypes())) {
    auto mt = cast<MemRefType>(t);
    const Buffer &b = *args[i];
    out << b.name << ": " << t << " =\n";
    int64_t row = mt.getRank() ? mt.getShape().back() : 1;
    if (row <= 0)
      row = 1;
    for (int64_t e = 0; e < b.numElements; ++e) {
      out << (e % row ? " " : "  ");
      if (isFloatKind(b.kind))
        out << llvm::format(b.kind == ElemKind::F64 ? "%.17g" : "%.9g",
                            b.load(e).f);
      else
        out << b.load(e).i;
      if (e % row == row - 1 || e + 1 == b.numElements)
        out << "\n";
    }
  }
}

} // namespace

int mlir::uop::sim::runSimulator(const SimOptions &opts,
                                 llvm::raw_ostream &out,
                                 llvm::raw_ostream &err) {
  DialectRegistry registry;
  registerAllUopDialects(registry);
  // One thread: the simulator is sequential, and a thread pool only costs
  // start-up time.
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  ctx.printOpOnDiagnostic(false);

  Program prog, ref;
  SourceMgrDiagnosticHandler handler(prog.sourceMgr, &ctx, err);
  if (failed(loadProgram(ctx, opts.input, opts.entry, prog, err)))
    return ExitBadInput;
  bool comparing = !opts.compareWith.empty();
  std::string refEntry = opts.refEntry.empty() ? opts.entry : opts.refEntry;
  std::optional<SourceMgrDiagnosticHandler> refHandler;
  if (comparing) {
    refHandler.emplace(ref.sourceMgr, &ctx, err);
    if (failed(loadProgram(ctx, opts.compareWith, refEntry, ref, err)))
      return ExitBadInput;
    if (prog.entry.getArgumentTypes().size() !=
        ref.entry.getArgumentTypes().size()) {
      err << "uop-sim: error: @" << opts.entry << " and reference @"
          << refEntry << " take different numbers of arguments\n";
      return ExitBadInput;
    }
    for (auto [a, b] : llvm::zip(prog.entry.getArgumentTypes(),
                                 ref.entry.getArgumentTypes())) {
      auto ma = cast<MemRefType>(a), mb = cast<MemRefType>(b);
      if (ma.getShape() != mb.getShape() ||
          ma.getElementType() != mb.getElementType()) {
        err << "uop-sim: error: argument types differ: " << a << " vs " << b
            << "\n";
        return ExitBadInput;
      }
    }
  }

  // Refuse before allocating anything when the buffers we can size up front
  // do not fit.
  uint64_t bytes = 0;
  if (failed(checkProgram(prog, bytes)))
    return ExitBadInput;
  if (comparing && failed(checkProgram(ref, bytes)))
    return ExitBadInput;
  if (bytes > opts.maxMemory) {
    err << "uop-sim: error: the program needs " << bytes
        << " bytes of buffers, more than --max-memory=" << opts.maxMemory
        << "\n";
    return ExitBadInput;
  }

  std::vector<std::unique_ptr<Buffer>> args = makeInputs(prog.entry, opts.seed);
  FaultLog faults, refFaults;
  TrafficStats traffic;
  if (failed(runProgram(prog, opts, args, faults, &traffic)))
    return ExitBadInput;
  faults.print(err, "uop-sim: fault: ");
  if (opts.traffic)
    out << "traffic: global_loads=" << traffic.globalLoads
        << " global_stores=" << traffic.globalStores
        << " shared_loads=" << traffic.sharedLoads
        << " shared_stores=" << traffic.sharedStores << "\n";
  if (opts.printOutputs)
    printOutputs(prog.entry, args, out);
  if (!comparing)
    return faults.empty() ? ExitOk : ExitFault;

  std::vector<std::unique_ptr<Buffer>> refArgs =
      makeInputs(ref.entry, opts.seed);
  if (failed(runProgram(ref, opts, refArgs, refFaults)))
    return ExitBadInput;
  refFaults.print(err, "uop-sim: fault in reference: ");

  double maxAbs = 0, maxRel = 0;
  int64_t mismatches = 0, total = 0, reported = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const Buffer &a = *args[i], &b = *refArgs[i];
    double atol, rtol;
    defaultTolerance(a.kind, atol, rtol);
    if (opts.atol)
      atol = *opts.atol;
    if (opts.rtol)
      rtol = *opts.rtol;
    for (int64_t e = 0; e < a.numElements; ++e) {
      double x = asDouble(a, e), y = asDouble(b, e);
      ++total;
      bool bad;
      if (std::isnan(x) || std::isnan(y)) {
        bad = std::isnan(x) != std::isnan(y);
        if (bad)
          maxAbs = maxRel = INFINITY;
      } else if (x == y) {
        bad = false;
      } else {
        double d = std::fabs(x - y);
        maxAbs = std::max(maxAbs, d);
        if (y != 0)
          maxRel = std::max(maxRel, d / std::fabs(y));
        bad = !(d <= atol + rtol * std::fabs(y));
      }
      if (bad) {
        ++mismatches;
        if (reported++ < 5)
          err << "uop-sim: mismatch: " << a.name << " element " << e
              << ": got " << llvm::format("%.9g", x) << ", expected "
              << llvm::format("%.9g", y) << "\n";
      }
    }
  }
  out << "max_abs_err=" << llvm::format("%g", maxAbs)
      << " max_rel_err=" << llvm::format("%g", maxRel)
      << " mismatches=" << mismatches << "/" << total << "\n";
  if (!faults.empty() || !refFaults.empty())
    return ExitFault;
  return mismatches ? ExitMismatch : ExitOk;
}
