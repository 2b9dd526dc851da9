//===- Interpreter.cpp - the uop-sim SIMT interpreter ---------------------===//
//
// Dispatch, frames, masks, kernel launches and memory access with bounds and
// race checks. The op handlers live in the *Ops.cpp files next to this one.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/Interpreter.h"
#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Sim/TensorMemory.h"
#include "Uop/Sim/Tma.h"
#include "Uop/Sim/Wgmma.h"
#include "Uop/Target/Targets.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::uop::sim;

//===----------------------------------------------------------------------===//
// HandlerRegistry
//===----------------------------------------------------------------------===//

const HandlerRegistry &HandlerRegistry::get() {
  static const HandlerRegistry registry = [] {
    HandlerRegistry r;
    registerArithHandlers(r);
    registerMathHandlers(r);
    registerSCFHandlers(r);
    registerMemRefHandlers(r);
    registerVectorHandlers(r);
    registerLinalgHandlers(r);
    registerGPUHandlers(r);
    registerFuncHandlers(r);
    registerUopTileHandlers(r);
    registerUopTensorCoreHandlers(r);
    registerUopAsyncCopyHandlers(r);
    registerUopSyncHandlers(r);
    registerUopTcgen05Handlers(r);
    registerUopWgmmaHandlers(r);
    registerNVGPUHandlers(r);
    return r;
  }();
  return registry;
}

//===----------------------------------------------------------------------===//
// Interpreter
//===----------------------------------------------------------------------===//

Interpreter::Interpreter(ModuleOp module, const InterpreterConfig &config,
                         FaultLog &faults)
    : module(module), config(config), faults(faults), soloRaces(faults, shapes),
      pathScheduler(std::make_unique<PathScheduler>(*this)) {
  pathScheduler->setPreemptSeed(config.preemptSeed);
  frame = &hostFrame;
  // Unless the driver says otherwise, lanes form the warps of the chip the
  // module was compiled for.
  if (this->config.warpSize == 0)
    this->config.warpSize =
        static_cast<unsigned>(getTargetOrDefault(module).getWarpSize());
}

Interpreter::~Interpreter() = default;

bool Interpreter::mayWaitForOtherPaths(Operation *op) {
  auto [it, inserted] = waitsForOtherPaths.try_emplace(op, false);
  if (inserted) {
    const HandlerRegistry &registry = HandlerRegistry::get();
    it->second = op->walk([&](Operation *inner) {
                      return registry.mayWait(inner) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
                    }).wasInterrupted();
  }
  return it->second;
}

SimValue &Interpreter::def(Value v) {
  auto [it, inserted] = frame->slots.try_emplace(v, nullptr);
  if (inserted) {
    frame->storage.emplace_back();
    it->second = &frame->storage.back();
  }
  return *it->second;
}

const SimValue &Interpreter::get(Value v) {
  for (Frame *f = frame; f; f = f->parent) {
    auto it = f->slots.find(v);
    if (it != f->slots.end())
      return *it->second;
  }
  static SimValue empty;
  empty = SimValue();
  empty.setUniform(1)[0].i = 0;
  brokenInvariant = true;
  return empty;
}

LogicalResult Interpreter::getUniformInts(Operation *op,
                                          ArrayRef<OpFoldResult> mixed,
                                          SmallVectorImpl<int64_t> &out) {
  out.clear();
  for (OpFoldResult ofr : mixed) {
    if (auto attr = dyn_cast<Attribute>(ofr)) {
      out.push_back(cast<IntegerAttr>(attr).getInt());
      continue;
    }
    FailureOr<int64_t> v = getUniformInt(op, cast<Value>(ofr));
    if (failed(v))
      return failure();
    out.push_back(*v);
  }
  return success();
}

FailureOr<int64_t> Interpreter::getUniformInt(Operation *op, Value v) {
  const SimValue &s = get(v);
  if (!s.uniform) {
    bool same = true;
    int64_t first = 0;
    bool seenActive = false;
    for (unsigned l = 0; l < lanes && same; ++l) {
      if (!isActive(l))
        continue;
      if (!seenActive)
        first = s.at(l).i;
      else
        same = s.at(l).i == first;
      seenActive = true;
    }
    if (!same)
      return unsupported(op, "operand " + nameOf(v) +
                                 " must be the same for all threads here");
    return first;
  }
  return s.data[0].i;
}

unsigned Interpreter::maskFrom(const SimValue &cond, bool negate,
                               std::vector<uint8_t> &out) const {
  out.resize(lanes);
  unsigned n = 0;
  for (unsigned l = 0; l < lanes; ++l) {
    bool c = (cond.at(l).i != 0) != negate;
    out[l] = isActive(l) && c;
    n += out[l];
  }
  return n;
}

void Interpreter::mergeLanes(SimValue &dst, const SimValue &src,
                             const uint8_t *m) {
  if (!m)
    m = mask;
  if (!m || dst.data.empty()) {
    dst = src;
    return;
  }
  if (src.buffer)
    dst.copyDescriptor(src);
  if (dst.uniform && src.uniform && dst.width == src.width &&
      std::equal(dst.data.begin(), dst.data.end(), src.data.begin(),
                 [](Word a, Word b) { return a.i == b.i; }))
    return;
  dst.makeVarying(lanes);
  unsigned w = dst.width;
  for (unsigned l = 0; l < lanes; ++l)
    if (m[l])
      for (unsigned e = 0; e < w; ++e)
        dst.data[(size_t)l * w + e] = src.at(l, e);
}

LogicalResult Interpreter::step(Operation *op, uint64_t n) {
  // Saturating: a count past 2^64 - 1 is past every budget.
  steps = n > UINT64_MAX - steps ? UINT64_MAX : steps + n;
  if (config.cancel && config.cancel->load(std::memory_order_relaxed)) {
    std::string msg = "step limit: the run was interrupted after " +
                      std::to_string(steps) + " lane-operations, at " +
                      op->getName().getStringRef().str() + " at " +
                      formatLoc(op->getLoc());
    return fatalFault(FaultKind::StepLimit, nullptr, op, std::move(msg));
  }
  if (steps <= config.maxSteps)
    return success();
  std::string msg = "step limit: the run took more than --max-steps=" +
                    std::to_string(config.maxSteps) +
                    " lane-operations; it was at " + op->getName().getStringRef().str() +
                    " at " + formatLoc(op->getLoc());
  if (inKernel && blockState)
    msg += " in block " + blockState->name();
  msg += " (a loop that does not end, or a program too large to simulate)";
  return fatalFault(FaultKind::StepLimit, nullptr, op, std::move(msg));
}

LogicalResult Interpreter::checkVectorValue(Operation *op, VectorType type) {
  // A vector value holds one 8-byte word per element and lane (one lane
  // when uniform; the check assumes the worst case).
  uint64_t n = 1;
  bool overflow = false;
  for (int64_t s : type.getShape())
    overflow |= __builtin_mul_overflow(n, (uint64_t)s, &n);
  uint64_t bytes = 0;
  overflow |= __builtin_mul_overflow(n, (uint64_t)8 * lanes, &bytes);
  if (!overflow && n <= INT32_MAX && liveBytes + bytes <= config.maxMemory)
    return success();
  std::string t;
  llvm::raw_string_ostream os(t);
  type.print(os);
  InFlightDiagnostic d = op->emitError();
  d << "expected a vector value within --max-memory=" << config.maxMemory
    << " bytes, got " << t;
  if (overflow || n > INT32_MAX)
    d << " (too many elements)";
  else
    d << " (" << bytes << " bytes for " << lanes << " lanes on top of "
      << liveBytes << " bytes of buffers)";
  return failure();
}

LogicalResult Interpreter::execOp(Operation *op) {
  OpHandler h = HandlerRegistry::get().lookup(op);
  if (!h)
    return unsupported(op, "unsupported operation '" +
                               op->getName().getStringRef() + "'");
  if (failed(step(op, lanes)))
    return failure();
  if (blockState && blockState->tmem && !blockState->tmem->loads.empty())
    tmem::checkPendingLoads(*this, op);
  if (blockState && blockState->wgmma && !blockState->wgmma->mmas.empty())
    sim::wgmma::checkPendingResults(*this, op);
  // Vector results are sized by their type: refuse one that would not fit
  // before the handler allocates it. vector.load checks its bounds first (an
  // access wider than its memref is an out-of-bounds fault) and then calls
  // checkVectorValue itself.
  if (!isa<vector::LoadOp>(op))
    for (Type t : op->getResultTypes())
      if (auto vt = dyn_cast<VectorType>(t))
        if (failed(checkVectorValue(op, vt)))
          return failure();
  if (failed(h(*this, op)))
    return failure();
  if (brokenInvariant)
    return unsupported(op, "uses a value the simulator has not defined");
  return success();
}

LogicalResult Interpreter::execBlock(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(execOp(&op)))
      return failure();
  // The terminator is a step too: a loop whose body does nothing else (an
  // scf.while of a bare condition) still spends the budget.
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>()) {
    if (blockState && blockState->tmem && !blockState->tmem->loads.empty())
      tmem::checkPendingLoads(*this, &block.back());
    if (blockState && blockState->wgmma && !blockState->wgmma->mmas.empty())
      sim::wgmma::checkPendingResults(*this, &block.back());
    return step(&block.back(), lanes);
  }
  return success();
}

LogicalResult Interpreter::runRegion(Region &region, ArrayRef<SimValue> args,
                                     SmallVectorImpl<SimValue> &results) {
  if (!region.hasOneBlock())
    return unsupported(region.getParentOp(),
                       "regions with more than one block are not supported");
  Block &b = region.front();
  if (args.size() != b.getNumArguments())
    return unsupported(region.getParentOp(), "region argument count mismatch");
  for (auto [arg, v] : llvm::zip(b.getArguments(), args))
    def(arg) = v;
  if (failed(execBlock(b)))
    return failure();
  Operation *term = b.getTerminator();
  results.resize(term->getNumOperands());
  for (auto [i, v] : llvm::enumerate(term->getOperands()))
    results[i] = get(v);
  return success();
}

LogicalResult Interpreter::call(Operation *caller, Operation *callee,
                                ArrayRef<SimValue> args,
                                SmallVectorImpl<SimValue> &results) {
  if (callee->getNumRegions() == 0 || callee->getRegion(0).empty())
    return unsupported(caller, "call of a function without a body");
  // Unbounded recursion overflows the hardware's stack (and the
  // simulator's): end the run at a fixed depth.
  if (callDepth >= kMaxCallDepth) {
    std::string msg = "call depth: calls nested more than " +
                      std::to_string(kMaxCallDepth) + " deep at " +
                      formatLoc(caller->getLoc());
    if (inKernel && blockState)
      msg += " in block " + blockState->name();
    msg += " (unbounded recursion?)";
    return fatalFault(FaultKind::CallDepth, nullptr, caller, std::move(msg));
  }
  Frame f;
  Frame *saved = frame;
  frame = &f;
  ++callDepth;
  LogicalResult r = runRegion(callee->getRegion(0), args, results);
  --callDepth;
  frame = saved;
  return r;
}

LogicalResult
Interpreter::launch(Operation *launchOp, Region &body,
                    std::array<int64_t, 3> grid, std::array<int64_t, 3> block,
                    llvm::function_ref<LogicalResult()> bindArgs,
                    std::array<int64_t, 3> cluster) {
  if (inKernel || lanes != 1)
    return unsupported(launchOp, "kernel launch inside a kernel");
  // The launch limits of the chip the module was compiled for: a launch
  // beyond them fails on the hardware before any thread runs.
  uop::TargetAttr target = getTargetOrDefault(module);
  auto dims = [](std::array<int64_t, 3> d) {
    return "(" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " +
           std::to_string(d[2]) + ")";
  };
  ArrayRef<int64_t> maxBlock = target.getMaxBlock().asArrayRef(),
                    maxGrid = target.getMaxGrid().asArrayRef();
  for (int d = 0; d < 3; ++d)
    if (grid[d] < 1 || block[d] < 1)
      return unsupported(launchOp, "expected positive grid and block sizes, "
                                   "got grid " +
                                       dims(grid) + " and block " +
                                       dims(block));
  for (int d = 0; d < 3; ++d)
    if (block[d] > maxBlock[d])
      return unsupported(launchOp,
                         "expected a block within the target's max_block (" +
                             std::to_string(maxBlock[0]) + ", " +
                             std::to_string(maxBlock[1]) + ", " +
                             std::to_string(maxBlock[2]) + "), got " +
                             dims(block));
  for (int d = 0; d < 3; ++d)
    if (grid[d] > maxGrid[d])
      return unsupported(launchOp,
                         "expected a grid within the target's max_grid (" +
                             std::to_string(maxGrid[0]) + ", " +
                             std::to_string(maxGrid[1]) + ", " +
                             std::to_string(maxGrid[2]) + "), got " +
                             dims(grid));
  // Each size is now at most 2^31 - 1, and a block's at most max_block's:
  // the products below do not overflow.
  int64_t threads = block[0] * block[1] * block[2];
  if (threads > target.getMaxThreads())
    return unsupported(launchOp,
                       "expected at most " +
                           std::to_string(target.getMaxThreads()) +
                           " threads per block (the target's max_threads), "
                           "got " +
                           std::to_string(threads) + " in block " +
                           dims(block));
  if (!body.hasOneBlock())
    return unsupported(launchOp, "kernel bodies must have one block");

  // Clusters: at most the target's blocks, tiling the grid. Each size is
  // checked before the product is formed.
  for (int d = 0; d < 3; ++d)
    if (cluster[d] < 1 || cluster[d] > 16)
      return unsupported(launchOp, "expected cluster sizes from 1 to 16, got " +
                                       dims(cluster));
  int64_t clusterSize = cluster[0] * cluster[1] * cluster[2];
  if (clusterSize > 1) {
    int64_t maxCluster = target.getMaxCluster();
    if (maxCluster <= 1)
      return unsupported(launchOp,
                         "thread-block clusters need sm_90 or newer; the "
                         "target (" +
                             target.getChip() + ") has none");
    if (cluster[0] > maxCluster || cluster[1] > maxCluster ||
        cluster[2] > maxCluster ||
        cluster[0] * cluster[1] * cluster[2] > maxCluster)
      return unsupported(launchOp, "expected at most " +
                                       std::to_string(maxCluster) +
                                       " blocks per cluster (the target's "
                                       "max_cluster), got " +
                                       dims(cluster));
    for (int d = 0; d < 3; ++d)
      if (grid[d] % cluster[d] != 0)
        return unsupported(launchOp, "expected a grid that is a whole "
                                     "number of clusters, got grid " +
                                         dims(grid) + " and cluster " +
                                         dims(cluster));
  }

  KernelState ks;
  ks.gridDim = grid;
  ks.blockDim = block;
  ks.clusterDim = cluster;
  ks.spaces.resize(size_t(clusterSize));
  ks.cluster.resize(size_t(clusterSize));
  Word *tx = ks.tid[0].setVarying(threads), *ty = ks.tid[1].setVarying(threads),
       *tz = ks.tid[2].setVarying(threads),
       *tl = ks.linearTid.setVarying(threads);
  for (int64_t t = 0; t < threads; ++t) {
    tx[t].i = t % block[0];
    ty[t].i = (t / block[0]) % block[1];
    tz[t].i = t / (block[0] * block[1]);
    tl[t].i = t;
  }

  Frame *savedFrame = frame;
  lanes = (unsigned)threads;
  mask = nullptr;
  inKernel = true;
  kernelState = &ks;

  // A new launch: the inter-block records of earlier launches are stale.
  ++launchCount;
  LogicalResult result = success();
  std::array<int64_t, 3> clusters = {grid[0] / cluster[0],
                                     grid[1] / cluster[1],
                                     grid[2] / cluster[2]};
  // The frames of the blocks of each rank, reused from cluster to cluster
  // (a kernel body is not isolated from above: they fall back to the
  // launching frame).
  std::vector<Frame> frames(static_cast<size_t>(clusterSize));
  for (Frame &f : frames)
    f.parent = savedFrame;
  std::vector<std::unique_ptr<RaceTracker>> trackers;
  if (clusterSize > 1)
    for (int64_t r = 0; r < clusterSize; ++r)
      trackers.push_back(std::make_unique<RaceTracker>(faults, shapes));
  for (int64_t cz = 0; cz < clusters[2] && succeeded(result); ++cz)
    for (int64_t cy = 0; cy < clusters[1] && succeeded(result); ++cy)
      for (int64_t cx = 0; cx < clusters[0] && succeeded(result); ++cx) {
        // Each block starts from fresh block and warp state.
        std::vector<std::unique_ptr<BlockState>> states;
        for (int64_t r = 0; r < clusterSize; ++r) {
          std::array<int64_t, 3> in = {r % cluster[0],
                                       (r / cluster[0]) % cluster[1],
                                       r / (cluster[0] * cluster[1])};
          std::array<int64_t, 3> id = {cx * cluster[0] + in[0],
                                       cy * cluster[1] + in[1],
                                       cz * cluster[2] + in[2]};
          auto bs = std::make_unique<BlockState>(id, block, config.warpSize);
          bs->linear = uint64_t(id[0] + grid[0] * (id[1] + grid[1] * id[2]));
          // Without clusters each block is a cluster of its own.
          bs->clusterId = {cx, cy, cz};
          bs->clusterBlockId = in;
          bs->clusterRank = unsigned(r);
          ks.cluster[r] = {bs.get(),
                           clusterSize > 1 ? trackers[r].get() : &soloRaces,
                           false};
          states.push_back(std::move(bs));
        }
        if (clusterSize == 1) {
          frame = &frames[0];
          result = runBlock(launchOp, body.front(), *states[0], soloRaces,
                            bindArgs);
          blockState = nullptr;
          continue;
        }
        std::vector<std::function<LogicalResult()>> blocks;
        for (int64_t r = 0; r < clusterSize; ++r)
          blocks.push_back([&, r]() -> LogicalResult {
            frame = &frames[r];
            return runBlock(launchOp, body.front(), *states[r], *trackers[r],
                            bindArgs);
          });
        result = pathScheduler->run(launchOp, blocks);
        blockState = nullptr;
      }

  for (KernelState::SharedSpace &space : ks.spaces)
    for (auto &it : space.buffers)
      deallocate(it.second);
  frame = savedFrame;
  blockState = nullptr;
  races = &soloRaces;
  lanes = 1;
  mask = nullptr;
  inKernel = false;
  kernelState = nullptr;
  return result;
}

LogicalResult
Interpreter::runBlock(Operation *launchOp, Block &body, BlockState &bs,
                      RaceTracker &tracker,
                      llvm::function_ref<LogicalResult()> bindArgs) {
  blockState = &bs;
  races = &tracker;
  mask = nullptr;
  KernelState::ClusterBlock &me = kernelState->cluster[bs.clusterRank];
  // Starting a block is a step, so that a huge grid of empty blocks ends
  // too.
  LogicalResult result = step(launchOp, kBlockStartSteps);
  if (succeeded(result)) {
    tracker.beginBlock(bs);
    // Shared memory starts uninitialized in every block.
    for (auto &it : sharedSpace().buffers)
      it.second->resetAccesses();
    result = bindArgs();
    if (succeeded(result))
      result = execBlock(body);
    if (succeeded(result)) {
      tma::endBlock(*this);
      tmem::endBlock(*this, launchOp);
      sim::wgmma::endBlock(*this);
    }
  }
  me.exited = true;
  return result;
}

Buffer *Interpreter::peerBuffer(const Buffer *local, unsigned rank) {
  if (!kernelState || !blockState || rank >= kernelState->spaces.size())
    return nullptr;
  for (auto &[key, b] : sharedSpace().buffers)
    if (b == local)
      return kernelState->spaces[rank].buffers.lookup(key);
  return nullptr;
}

LogicalResult Interpreter::withLanes(unsigned n,
                                     llvm::function_ref<LogicalResult()> fn) {
  unsigned savedLanes = lanes;
  const uint8_t *savedMask = mask;
  bool savedInKernel = inKernel;
  lanes = n;
  mask = nullptr;
  inKernel = false;
  LogicalResult r = fn();
  lanes = savedLanes;
  mask = savedMask;
  inKernel = savedInKernel;
  return r;
}

FailureOr<Buffer *> Interpreter::getSharedBuffer(Operation *op, const void *key,
                                                 MemRefType type,
                                                 llvm::StringRef name,
                                                 uint64_t alignment) {
  if (!kernelState)
    return unsupported(op, "shared memory outside of a kernel");
  auto it = sharedSpace().buffers.find(key);
  if (it != sharedSpace().buffers.end())
    return it->second;
  if (!type.hasStaticShape())
    return unsupported(op, "shared buffers must have a static shape");
  // The buffer of every rank of the cluster at once (each block has its
  // own shared memory; its peers may name this buffer of it).
  for (KernelState::SharedSpace &space : kernelState->spaces) {
    FailureOr<Buffer *> b =
        allocate(op, type.getElementType(), type.getNumElements(),
                 /*shared=*/true, name);
    if (failed(b))
      return failure();
    space.buffers[key] = *b;
    (*b)->sharedAddress = std::max<uint64_t>(
        {alignment, uint64_t(getElementBytes(type.getElementType())), 1});
    shapes[*b] = llvm::SmallVector<int64_t, 4>(type.getShape());
  }
  return sharedSpace().buffers[key];
}

void Interpreter::barrier(Operation *op) {
  if (!inKernel)
    return;
  barrierCheck(op, "barrier");
  races->barrier();
  // A synchronization for the ordering of tcgen05 operations.
  for (unsigned l = 0; l < lanes; ++l)
    if (isActive(l))
      tmem::noteSync(*this, threadOf(l));
}

void Interpreter::barrierCheck(Operation *op, llvm::StringRef what) {
  if (mask) {
    int firstIn = -1, firstOut = -1;
    for (unsigned l = 0; l < lanes; ++l) {
      if (mask[l] && firstIn < 0)
        firstIn = l;
      if (!mask[l] && firstOut < 0)
        firstOut = l;
    }
    if (firstOut >= 0) {
      unsigned in = firstIn < 0 ? 0 : firstIn;
      std::string msg =
          "divergent " + what.str() + " at " + formatLoc(op->getLoc()) +
          " in block " +
          blockState->name() + ": reached by thread " +
          blockState->threadName(in) + " but not by thread " +
          blockState->threadName(firstOut) +
          " (every thread of the block must reach the same barrier)";
      reportFault(FaultKind::DivergentBarrier, nullptr, op,
                  {in, unsigned(firstOut)}, std::move(msg));
    }
  }
}

LogicalResult Interpreter::clusterArrive(Operation *op) {
  if (!inKernel || !blockState)
    return unsupported(op, "a cluster barrier outside of a kernel");
  KernelState &ks = *kernelState;
  // barrier.cluster is .aligned: every thread of the block executes it
  // (the divergent-barrier check names a thread that does not).
  barrierCheck(op, "cluster barrier");
  if (ks.clusterSize() == 1)
    return success();
  KernelState::ClusterBlock &me = ks.cluster[blockState->clusterRank];
  if (me.clusterArrivals > me.clusterSeen)
    return fatalFault(FaultKind::DivergentBarrier, nullptr, op,
                      "cluster barrier at " + formatLoc(op->getLoc()) +
                          ": block " + blockState->name() +
                          " arrives again before its wait for the last "
                          "arrival (no barrier.cluster.wait between)");
  ++me.clusterArrivals;
  return success();
}

/// Whether every block of the cluster that has not exited has arrived at
/// the cluster barrier `arrivals` times (barrier.cluster.wait waits for the
/// cluster's non-exited threads only).
static bool clusterArrived(const Interpreter::KernelState &ks,
                           uint64_t arrivals) {
  for (const Interpreter::KernelState::ClusterBlock &b : ks.cluster)
    if (!b.exited && b.clusterArrivals < arrivals)
      return false;
  return true;
}

LogicalResult Interpreter::clusterWait(Operation *op) {
  if (!inKernel || !blockState)
    return unsupported(op, "a cluster barrier outside of a kernel");
  KernelState &ks = *kernelState;
  barrierCheck(op, "cluster barrier");
  if (ks.clusterSize() > 1) {
    KernelState::ClusterBlock &me = ks.cluster[blockState->clusterRank];
    uint64_t arrived = me.clusterArrivals;
    if (arrived == me.clusterSeen)
      return fatalFault(FaultKind::DivergentBarrier, nullptr, op,
                        "cluster barrier at " + formatLoc(op->getLoc()) +
                            ": block " + blockState->name() +
                            " waits without having arrived since its last "
                            "wait (the wait would not return)");
    KernelState *state = &ks;
    WaitOutcome outcome = pathScheduler->waitUntil(
        [state, arrived] { return clusterArrived(*state, arrived); });
    if (outcome == WaitOutcome::Aborted)
      return failure();
    if (outcome == WaitOutcome::Deadlock) {
      std::string waiting;
      unsigned in = 0;
      for (const KernelState::ClusterBlock &b : ks.cluster) {
        if (b.exited || b.clusterArrivals >= arrived) {
          ++in;
          continue;
        }
        waiting += (waiting.empty() ? "" : ", ") + b.state->name();
      }
      return fatalFault(FaultKind::Deadlock, nullptr, op,
                        "deadlock at the cluster barrier at " +
                            formatLoc(op->getLoc()) + " in block " +
                            blockState->name() + ": " + std::to_string(in) +
                            " of the cluster's " +
                            std::to_string(ks.clusterSize()) +
                            " blocks arrived or exited; block(s) " + waiting +
                            " wait elsewhere and never arrive");
    }
    me.clusterSeen = arrived;
  }
  // Every thread of the block has arrived: a block barrier as well.
  races->barrier();
  for (unsigned l = 0; l < lanes; ++l)
    if (isActive(l))
      tmem::noteSync(*this, threadOf(l));
  return success();
}

LogicalResult Interpreter::namedBarrier(Operation *op, unsigned id,
                                        unsigned threads) {
  if (!inKernel || !blockState)
    return unsupported(op, "a named barrier outside of a kernel");
  if (id == 0 || id >= blockState->namedBarriers.size())
    return unsupported(op, "expected a named barrier id from 1 to 15");
  std::string where = "named barrier " + std::to_string(id) + " at " +
                      formatLoc(op->getLoc()) + " in block " +
                      blockState->name();
  // bar.sync counts whole warps: a warp some of whose threads do not reach
  // the barrier is undefined behaviour (reported; its active threads
  // arrive).
  std::vector<uint32_t> arriving;
  unsigned warp = config.warpSize ? config.warpSize : 1;
  for (unsigned first = 0; first < lanes; first += warp) {
    unsigned end = std::min(lanes, first + warp);
    int in = -1, out = -1;
    for (unsigned l = first; l < end; ++l) {
      if (!isActive(l)) {
        if (out < 0)
          out = int(l);
        continue;
      }
      if (in < 0)
        in = int(l);
      arriving.push_back(threadOf(l));
    }
    if (in >= 0 && out >= 0)
      reportFault(FaultKind::DivergentBarrier, nullptr, op,
                  {unsigned(in), unsigned(out)},
                  where + ": reached by thread " +
                      blockState->threadName(threadOf(in)) +
                      " but not by thread " +
                      blockState->threadName(threadOf(out)) +
                      " of the same warp (bar.sync counts whole warps: "
                      "every thread of an arriving warp must reach it)");
  }
  if (arriving.empty())
    return success();
  NamedBarrierState &s = blockState->namedBarriers[id];
  if (s.arrived.empty()) {
    s.expected = threads;
    s.firstOp = op;
  } else if (s.expected != threads) {
    reportFault(FaultKind::DivergentBarrier, nullptr, op,
                {unsigned(arriving.front())},
                where + ": thread " +
                    blockState->threadName(arriving.front()) +
                    " arrives expecting " + std::to_string(threads) +
                    " threads, but threads before it arrived at " +
                    formatLoc(s.firstOp->getLoc()) + " expecting " +
                    std::to_string(s.expected));
  }
  s.arrived.insert(s.arrived.end(), arriving.begin(), arriving.end());
  if (s.arrived.size() > s.expected)
    return fatalFault(FaultKind::DivergentBarrier, nullptr, op,
                      where + ": " + std::to_string(s.arrived.size()) +
                          " threads arrived (the last thread " +
                          blockState->threadName(arriving.back()) +
                          "), but it completes at " +
                          std::to_string(s.expected) +
                          ": the threads past the count would start its "
                          "next use");
  if (s.arrived.size() == s.expected) {
    races->namedBarrier(s.arrived);
    for (uint32_t t : s.arrived)
      tmem::noteSync(*this, t);
    s.arrived.clear();
    ++s.completions;
    return success();
  }
  // Wait for the other threads (another path) to arrive.
  uint64_t completions = s.completions;
  NamedBarrierState *state = &s;
  WaitOutcome outcome = pathScheduler->waitUntil(
      [state, completions] { return state->completions != completions; });
  if (outcome == WaitOutcome::Aborted)
    return failure();
  if (outcome == WaitOutcome::Deadlock)
    return fatalFault(
        FaultKind::Deadlock, nullptr, op,
        "deadlock at " + where + ": thread " +
            blockState->threadName(arriving.front()) + " waits for " +
            std::to_string(s.expected) + " threads, " +
            std::to_string(s.arrived.size()) +
            " arrived, and no other thread of the block can arrive (" +
            (pathScheduler->active()
                 ? "every other path of the block has finished or waits too"
                 : "the threads of a block run in lockstep: every thread "
                   "that arrives before this one has") +
            ")");
  return success();
}

FailureOr<Buffer *> Interpreter::allocate(Operation *op, Type elemType,
                                          int64_t n, bool shared,
                                          llvm::StringRef name) {
  std::optional<ElemKind> kind = getElemKind(elemType);
  if (!kind) {
    std::string t;
    llvm::raw_string_ostream os(t);
    elemType.print(os);
    return unsupported(op, "unsupported element type " + t);
  }
  if (n < 0)
    return unsupported(op, "negative buffer size");
  // The byte size of a huge element count overflows 64 bits: compare the
  // count against what the cap leaves instead of multiplying first.
  uint64_t elemBytes = getElemBytes(*kind);
  if ((uint64_t)n > UINT64_MAX / elemBytes) {
    op->emitError() << "buffers need more than --max-memory="
                    << config.maxMemory << " bytes: " << liveBytes
                    << " bytes allocated and " << n << " elements of "
                    << elemBytes << " bytes requested";
    return failure();
  }
  uint64_t bytes = (uint64_t)n * elemBytes;
  if (liveBytes + bytes > config.maxMemory) {
    op->emitError() << "buffers need " << (liveBytes + bytes)
                    << " bytes, more than --max-memory=" << config.maxMemory;
    return failure();
  }
  liveBytes += bytes;
  buffers.push_back(
      std::make_unique<Buffer>(*kind, elemType, n, shared, name.str()));
  return buffers.back().get();
}

void Interpreter::deallocate(Buffer *b) {
  for (auto &p : buffers)
    if (p.get() == b) {
      liveBytes -= b->sizeInBytes();
      // Keep the object (descriptors may still name it) but drop its data.
      b->bytes.clear();
      b->bytes.shrink_to_fit();
      b->access.clear();
      shadowBytes -= b->blockAccess.size() * sizeof(BlockAccess);
      b->blockAccess.clear();
      b->blockAccess.shrink_to_fit();
      b->numElements = 0;
      return;
    }
}

void Interpreter::describe(SimValue &v, Buffer *b, ArrayRef<int64_t> sizes) {
  v.setUniform(1)[0].i = 0;
  v.buffer = b;
  v.sizes.assign(sizes.begin(), sizes.end());
  v.strides.resize(sizes.size());
  int64_t s = 1;
  for (int d = (int)sizes.size() - 1; d >= 0; --d) {
    v.strides[d] = s;
    s *= sizes[d];
  }
}

bool Interpreter::linearIndex(const SimValue &m, unsigned lane,
                              const int64_t *idx, Operation *op,
                              int64_t &linear) {
  int64_t lin = m.offset(lane);
  unsigned rank = m.sizes.size();
  bool ok = true;
  for (unsigned d = 0; d < rank; ++d) {
    if (idx[d] < 0 || idx[d] >= m.sizes[d])
      ok = false;
    lin += idx[d] * m.strides[d];
  }
  if (ok && (lin < 0 || lin >= m.buffer->numElements))
    ok = false;
  if (ok) {
    linear = lin;
    return true;
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "out of bounds: " << op->getName() << " of "
     << (m.buffer->isShared ? "shared " : "") << m.buffer->name << "[";
  llvm::interleaveComma(llvm::ArrayRef(idx, rank), os);
  os << "] (sizes ";
  llvm::interleave(m.sizes, os, "x");
  os << ")";
  if (inKernel)
    os << " in block " << blockState->name() << " by thread "
       << blockState->threadName(threadOf(lane));
  os << " at " << formatLoc(op->getLoc());
  reportFault(FaultKind::OutOfBounds, m.buffer, op, {lane}, std::move(s));
  return false;
}

Word Interpreter::uninitializedWord(const Buffer &b) {
  Word w;
  w.i = 0;
  if (isFloatKind(b.kind))
    w.f = NAN;
  return w;
}

void Interpreter::storeElem(Buffer &b, int64_t linear, Word w, unsigned lane,
                            Operation *op) {
  if (inKernel) {
    ++(b.isShared ? traffic.sharedStores : traffic.globalStores);
    if (b.isShared)
      races->onWrite(b, linear, threadOf(lane), op);
    else
      noteGlobalWrite(b, linear, lane, op);
  }
  b.store(linear, w);
}

uint32_t Interpreter::opIndex(Operation *op) {
  auto [it, inserted] =
      accessOpIndex.try_emplace(op, (uint32_t)accessOps.size());
  if (inserted)
    accessOps.push_back(op);
  return it->second;
}

void Interpreter::onGlobalAccess(Buffer &b, int64_t linear, unsigned lane,
                                 Operation *op, bool write) {
  // The blocks of a launch run in no defined order on the hardware (and
  // concurrently), so two blocks touching one global element, one of them
  // writing, without atomics, is a race even though the simulator runs the
  // blocks one after another. Blocks past 2^32 - 2 in one launch are not
  // tracked (the step budget ends such a launch long before).
  if (blockState->linear >= BlockAccess::kNoBlock)
    return;
  if (b.blockAccess.empty()) {
    if (b.blockAccessRefused || b.numElements == 0)
      return;
    // The shadow costs sizeof(BlockAccess) per element; skip the check for
    // a buffer whose shadow would not fit under the cap.
    uint64_t bytes = (uint64_t)b.numElements * sizeof(BlockAccess);
    if (liveBytes + shadowBytes + bytes > config.maxMemory) {
      b.blockAccessRefused = true;
      return;
    }
    b.blockAccess.resize(b.numElements);
    shadowBytes += bytes;
  }
  BlockAccess &a = b.blockAccess[linear];
  uint32_t me = (uint32_t)blockState->linear;
  if (a.launch != launchCount) {
    a = BlockAccess();
    a.launch = launchCount;
  }
  if (write) {
    if (a.writer != BlockAccess::kNoBlock && a.writer != me)
      interBlockRace(b, linear, lane, "write", a.writer, a.writeOp, "write",
                     op);
    else if (a.reader1 != BlockAccess::kNoBlock && a.reader1 != me)
      interBlockRace(b, linear, lane, "read", a.reader1, a.read1Op, "write",
                     op);
    else if (a.reader2 != BlockAccess::kNoBlock && a.reader2 != me)
      interBlockRace(b, linear, lane, "read", a.reader2, a.read2Op, "write",
                     op);
    a.writer = me;
    a.writeOp = opIndex(op);
    return;
  }
  if (a.writer != BlockAccess::kNoBlock && a.writer != me)
    interBlockRace(b, linear, lane, "write", a.writer, a.writeOp, "read", op);
  if (a.reader1 == BlockAccess::kNoBlock) {
    a.reader1 = me;
    a.read1Op = opIndex(op);
  } else if (a.reader1 != me && a.reader2 == BlockAccess::kNoBlock) {
    a.reader2 = me;
    a.read2Op = opIndex(op);
  }
}

void Interpreter::interBlockRace(Buffer &b, int64_t linear, unsigned lane,
                                 const char *firstKind, uint32_t firstBlock,
                                 uint32_t firstOp, const char *secondKind,
                                 Operation *op) {
  // The earlier block by its linear index in the grid.
  const std::array<int64_t, 3> &g = kernelState->gridDim;
  int64_t fx = firstBlock % g[0], fy = (firstBlock / g[0]) % g[1],
          fz = firstBlock / (g[0] * g[1]);
  std::string first = "(" + std::to_string(fx) + ", " + std::to_string(fy) +
                      ", " + std::to_string(fz) + ")";
  Operation *earlier = accessOps[firstOp];
  auto it = shapes.find(&b);
  std::string elem = RaceTracker::elementName(
      linear, it == shapes.end() ? llvm::ArrayRef<int64_t>()
                                       : llvm::ArrayRef(it->second));
  std::string msg = "inter-block race on " + b.name + elem + ": " + firstKind +
                    " by block " + first + " at " +
                    formatLoc(earlier->getLoc()) + ", " + secondKind +
                    " by block " + blockState->name() + " thread " +
                    blockState->threadName(threadOf(lane)) + " at " +
                    formatLoc(op->getLoc()) +
                    " (blocks of a launch run in no defined order)";
  Fault f;
  f.kind = FaultKind::InterBlockRace;
  f.buffer = b.name;
  f.block = blockState->blockId;
  f.threads.push_back(getThread(lane));
  f.locations.push_back(earlier->getLoc());
  f.locations.push_back(op->getLoc());
  f.message = std::move(msg);
  faults.report(std::move(f), &b, op, earlier);
}

FailureOr<Buffer *> Interpreter::getGlobal(Operation *op,
                                           llvm::StringRef name) {
  auto it = globals.find(name);
  if (it != globals.end())
    return it->second;
  // The verifier has resolved the symbol to a memref.global of static shape.
  auto global = cast<memref::GlobalOp>(SymbolTable::lookupNearestSymbolFrom(
      op, StringAttr::get(op->getContext(), name)));
  MemRefType type = global.getType();
  FailureOr<Buffer *> b =
      allocate(op, type.getElementType(), type.getNumElements(), false,
               "@" + name.str());
  if (failed(b))
    return failure();
  if (auto init =
          dyn_cast_or_null<DenseElementsAttr>(global.getInitialValueAttr())) {
    int64_t i = 0;
    if (isa<FloatType>(type.getElementType())) {
      for (APFloat v : init.getValues<APFloat>()) {
        Word w;
        w.f = v.convertToDouble();
        (*b)->store(i++, w);
      }
    } else {
      for (APInt v : init.getValues<APInt>()) {
        Word w;
        w.i = v.getBitWidth() == 1 ? (v.isZero() ? 0 : -1) : v.getSExtValue();
        (*b)->store(i++, w);
      }
    }
  }
  globals[name] = *b;
  return *b;
}

LogicalResult Interpreter::unsupported(Operation *op, const llvm::Twine &msg) {
  op->emitError() << msg;
  return failure();
}

LogicalResult Interpreter::fatalFault(FaultKind kind, const Buffer *buffer,
                                      Operation *op, std::string message) {
  reportFault(kind, buffer, op, {}, std::move(message));
  fatal = true;
  return failure();
}

void Interpreter::reportFault(FaultKind kind, const Buffer *buffer,
                              Operation *op, ArrayRef<unsigned> lanes,
                              std::string message) {
  Fault f;
  f.kind = kind;
  f.buffer = buffer ? buffer->name : "";
  f.locations.push_back(op->getLoc());
  f.message = std::move(message);
  if (inKernel && blockState) {
    f.block = blockState->blockId;
    for (unsigned lane : lanes)
      f.threads.push_back(getThread(lane));
  }
  faults.report(std::move(f), buffer, op, nullptr);
}

std::string Interpreter::nameOf(Value v) const {
  if (config.names) {
    auto it = config.names->find(v);
    if (it != config.names->end())
      return it->second;
  }
  std::string s;
  if (Operation *def = v.getDefiningOp())
    s = "value at " + formatLoc(def->getLoc());
  else
    s = "argument #" + std::to_string(cast<BlockArgument>(v).getArgNumber());
  return s;
}
