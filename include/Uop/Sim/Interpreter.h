//===- Interpreter.h - the uop-sim SIMT interpreter -------------*- C++ -*-===//
//
// The interpreter that executes MLIR on the CPU. Host code runs with one
// lane; a GPU launch runs its blocks one after another, and all threads of a
// block as the lanes of one SIMT execution: each operation runs once for the
// whole block, under an active-lane mask for divergent control flow. A
// barrier must be reached with every lane active. The lanes of a block are
// grouped into warps (BlockState.h).
//
// Operations are executed by handlers, one per operation class, registered in
// one table (`HandlerRegistry`) keyed by the op's TypeID; the files under
// lib/Sim group them by dialect, lib/Sim/Uop/ by uop op family. Supporting a
// new op means adding one handler there.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_INTERPRETER_H
#define UOP_SIM_INTERPRETER_H

#include "Uop/Sim/BlockState.h"
#include "Uop/Sim/Fault.h"
#include "Uop/Sim/Paths.h"
#include "Uop/Sim/RaceTracker.h"
#include "Uop/Sim/SimValue.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <array>
#include <atomic>
#include <deque>
#include <optional>

namespace mlir::uop::sim {

class Interpreter;

/// Executes one operation for all active lanes. Returns failure only for
/// bad input (an unsupported form), after `Interpreter::unsupported`.
using OpHandler = LogicalResult (*)(Interpreter &, Operation *);

/// The one table from operation class to handler. Keys are the TypeIDs of
/// the op classes, which are the same in every MLIRContext of the process,
/// so one table serves every run (unlike interned operation names, which
/// belong to one context).
class HandlerRegistry {
public:
  /// The registry with every handler of lib/Sim.
  static const HandlerRegistry &get();

  /// Registers `handler` for each of the op classes `OpTys`, e.g.
  /// `r.add<arith::AddFOp, arith::MulFOp>(handler)`.
  template <typename... OpTys>
  void add(OpHandler handler) {
    (handlers.insert_or_assign(TypeID::get<OpTys>(), handler), ...);
  }
  /// The handler of `op`, or null when the op is not supported.
  OpHandler lookup(Operation *op) const {
    auto found = handlers.find(op->getName().getTypeID());
    return found == handlers.end() ? nullptr : found->second;
  }
  /// Marks the op classes `OpTys` as ones that may wait for another path
  /// of the block (mbarrier waits, setmaxnreg; calls, whose callee may): a divergent
  /// branch holding one runs as a path of its own (Paths.h).
  template <typename... OpTys>
  void addWaiting() {
    (waiting.insert(TypeID::get<OpTys>()), ...);
  }
  bool mayWait(Operation *op) const {
    return waiting.contains(op->getName().getTypeID());
  }

private:
  llvm::DenseMap<TypeID, OpHandler> handlers;
  llvm::DenseSet<TypeID> waiting;
};

void registerArithHandlers(HandlerRegistry &registry);
void registerMathHandlers(HandlerRegistry &registry);
void registerSCFHandlers(HandlerRegistry &registry);
void registerMemRefHandlers(HandlerRegistry &registry);
void registerVectorHandlers(HandlerRegistry &registry);
void registerLinalgHandlers(HandlerRegistry &registry);
void registerGPUHandlers(HandlerRegistry &registry);
void registerFuncHandlers(HandlerRegistry &registry);
/// The uop tile ops: alloc_shared, barrier, copy, matmul (lib/Sim/Uop/).
void registerUopTileHandlers(HandlerRegistry &registry);
/// The uop tensor-core ops: ldmatrix, mma_sync, wmma_* (lib/Sim/Uop/TensorCoreOps.cpp).
void registerUopTensorCoreHandlers(HandlerRegistry &registry);
/// The uop cp.async ops: cp_async, cp_async_commit, cp_async_wait
/// (lib/Sim/Uop/AsyncCopyOps.cpp).
void registerUopAsyncCopyHandlers(HandlerRegistry &registry);
/// uop.mbarrier_init / mbarrier_arrive / mbarrier_wait (lib/Sim/Uop/SyncOps.cpp).
void registerUopSyncHandlers(HandlerRegistry &registry);
/// The tensor-memory and tcgen05 ops (lib/Sim/Uop/Tcgen05Ops.cpp).
void registerUopTcgen05Handlers(HandlerRegistry &registry);
/// The warpgroup MMA ops (lib/Sim/Uop/WgmmaOps.cpp).
void registerUopWgmmaHandlers(HandlerRegistry &registry);
/// Tensor-core, cp.async and mbarrier ops of nvgpu and gpu.subgroup_mma_*
/// (NVGPUOps.cpp).
void registerNVGPUHandlers(HandlerRegistry &registry);

/// Limits and names the interpreter needs from the driver.
struct InterpreterConfig {
  uint64_t maxMemory = kDefaultMaxMemory;
  /// The step budget: lane-operations (an operation executed for N lanes
  /// counts N, a block started kBlockStartSteps) before the run is ended with a
  /// step-limit fault.
  uint64_t maxSteps = kDefaultMaxSteps;
  /// SimOptions::cancel.
  const std::atomic<bool> *cancel = nullptr;
  /// SimOptions::preemptSeed.
  uint64_t preemptSeed = 0;
  /// Lanes per warp; 0: the `warp_size` of the module's `uop.target`.
  unsigned warpSize = 0;
  /// SSA names of values as written in the source (for reports).
  const llvm::DenseMap<Value, std::string> *names = nullptr;
  /// SimOptions::gemmProduct (of the program; never of the reference).
  std::optional<llvm::ArrayRef<float>> gemmProduct;
};

/// Calls (host and kernel, func.call) nested deeper than this end the run
/// with a call-depth fault: each nested call takes native stack, and no
/// GEMM program recurses.
constexpr unsigned kMaxCallDepth = 512;

/// Executes functions of one module.
class Interpreter {
public:
  Interpreter(ModuleOp module, const InterpreterConfig &config,
              FaultLog &faults);
  ~Interpreter();

  //===--------------------------------------------------------------------===//
  // Lanes and masks
  //===--------------------------------------------------------------------===//

  /// Lanes of the current context (threads of the block; 1 on the host).
  unsigned numLanes() const { return lanes; }
  /// True when every lane is active.
  bool allActive() const { return mask == nullptr; }
  bool isActive(unsigned lane) const { return !mask || mask[lane]; }
  /// The active mask, or null when all lanes are active.
  const uint8_t *activeMask() const { return mask; }
  /// Linear thread index of `lane` within its block (0 on the host).
  uint32_t threadOf(unsigned lane) const { return inKernel ? lane : 0; }
  /// True inside a GPU kernel.
  bool isInKernel() const { return inKernel; }

  //===--------------------------------------------------------------------===//
  // Warps
  //===--------------------------------------------------------------------===//

  /// Lanes per warp.
  unsigned getWarpSize() const { return config.warpSize; }
  /// The warp of `lane` in its block (0 on the host).
  unsigned warpOf(unsigned lane) const {
    return threadOf(lane) / config.warpSize;
  }
  /// The position of `lane` in its warp (0 on the host).
  unsigned laneInWarp(unsigned lane) const {
    return threadOf(lane) % config.warpSize;
  }
  /// Warps of the running block (1 on the host).
  unsigned numWarps() const {
    return inKernel && blockState ? blockState->numWarps() : 1;
  }
  /// The thread of `lane` (block-relative ids, warp and lane).
  SimThread getThread(unsigned lane) const {
    return inKernel && blockState ? blockState->thread(threadOf(lane))
                                  : SimThread();
  }

  /// Runs `fn` with only the lanes set in `m` active (m has numLanes()
  /// entries); returns its result. Lanes not already active stay inactive.
  template <typename Fn>
  LogicalResult withMask(const std::vector<uint8_t> &m, Fn fn) {
    const uint8_t *saved = mask;
    mask = m.data();
    LogicalResult r = fn();
    mask = saved;
    return r;
  }
  /// The divergent paths of the running block (Paths.h).
  PathScheduler &getPaths() { return *pathScheduler; }
  /// Whether `op`'s regions hold an operation that may wait for another
  /// path (an mbarrier wait, a call); cached per op.
  bool mayWaitForOtherPaths(Operation *op);
  /// The state of the running path, and its restoration (PathScheduler).
  PathContext saveContext() const {
    return {mask, frame, callDepth, blockState, races};
  }
  void restoreContext(const PathContext &c) {
    mask = c.mask;
    frame = static_cast<Frame *>(c.frame);
    callDepth = c.callDepth;
    blockState = c.block;
    races = c.races;
  }

  /// Computes `active & (cond != 0)` (or `== 0` when `negate`) into `out`
  /// for a varying i1 value; returns the number of lanes set.
  unsigned maskFrom(const SimValue &cond, bool negate,
                    std::vector<uint8_t> &out) const;

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//

  /// The slot of `v` in the current frame (created on first use). Slots are
  /// stable: references stay valid while other slots are created.
  SimValue &def(Value v);
  /// The current value of `v`; it must have been defined.
  const SimValue &get(Value v);
  /// Copies `src` into the slot of `v`.
  void bind(Value v, const SimValue &src) { def(v) = src; }
  /// A uniform integer/index operand (fails with an error when varying).
  FailureOr<int64_t> getUniformInt(Operation *op, Value v);
  /// Uniform integers of mixed static / dynamic values (sizes, offsets).
  LogicalResult getUniformInts(Operation *op, ArrayRef<OpFoldResult> mixed,
                               SmallVectorImpl<int64_t> &out);

  /// Merges `src` into `dst` for the active lanes of `m` (all lanes of the
  /// current mask when `m` is null): the SIMT form of a phi.
  void mergeLanes(SimValue &dst, const SimValue &src, const uint8_t *m);

  //===--------------------------------------------------------------------===//
  // Execution
  //===--------------------------------------------------------------------===//

  /// Executes one op through its handler.
  LogicalResult execOp(Operation *op);
  /// Executes the ops of `block` except its terminator.
  LogicalResult execBlock(Block &block);
  /// Binds `args` to the arguments of the entry block of `region`, runs it,
  /// and copies the operands of its terminator into `results`.
  LogicalResult runRegion(Region &region, ArrayRef<SimValue> args,
                          SmallVectorImpl<SimValue> &results);
  /// Calls the function `callee` (func.func) in a new frame.
  LogicalResult call(Operation *caller, Operation *callee,
                     ArrayRef<SimValue> args,
                     SmallVectorImpl<SimValue> &results);
  /// Runs a kernel: every block of `grid`, each with `block` threads in
  /// lockstep. `bindArgs` binds the kernel's values for a block (called once
  /// per block, in its frame, with kernel and block state set up). With a
  /// `cluster` of more than one block, the blocks of each cluster run
  /// interleaved, as paths (Paths.h), each with its own shared memory.
  LogicalResult launch(Operation *launchOp, Region &body,
                       std::array<int64_t, 3> grid,
                       std::array<int64_t, 3> block,
                       llvm::function_ref<LogicalResult()> bindArgs,
                       std::array<int64_t, 3> cluster = {1, 1, 1});
  /// Runs `fn` with `n` lanes, all active, outside of any kernel block (the
  /// points of a linalg op or an scf.forall on the host).
  LogicalResult withLanes(unsigned n, llvm::function_ref<LogicalResult()> fn);
  /// Counts `n` lane-operations at `op` against the step budget, for a
  /// handler that does the work of that many without executing them one by
  /// one; fails with a step-limit fault past the budget.
  LogicalResult countSteps(Operation *op, uint64_t n) { return step(op, n); }

  //===--------------------------------------------------------------------===//
  // Kernel state
  //===--------------------------------------------------------------------===//

  /// What a launch keeps for all of its blocks.
  struct KernelState {
    std::array<int64_t, 3> gridDim = {1, 1, 1};
    std::array<int64_t, 3> blockDim = {1, 1, 1};
    /// Blocks per cluster along x, y, z (1, 1, 1 without clusters).
    std::array<int64_t, 3> clusterDim = {1, 1, 1};
    /// Per-lane thread ids x, y, z and the linear id (varying).
    SimValue tid[3], linearTid;
    /// The launch's dynamic shared memory: its bytes and the alignment of
    /// its start (the gpu.module's uop.dynamic_shared_alignment, else 16).
    int64_t dynamicSharedBytes = 0;
    uint64_t dynamicSharedAlignment = 16;
    struct DynamicView {
      int64_t offset, bytes;
      Buffer *buffer;
    };
    /// The shared memory of the block of one rank of a cluster: its
    /// buffers by defining op / attribution / symbol, reused by the block
    /// of that rank in every cluster, and the typed buffers memref.view
    /// made of the dynamic shared memory, by view op, with their byte
    /// offsets (views may not overlap). A buffer is made in every rank at
    /// once, so that a block can name the same buffer of its peers.
    struct SharedSpace {
      llvm::DenseMap<const void *, Buffer *> buffers;
      llvm::DenseMap<const void *, DynamicView> dynamicViews;
    };
    /// One space per rank of a cluster (one without clusters).
    std::vector<SharedSpace> spaces;
    /// The blocks of the running cluster by rank (the running block alone
    /// without clusters): their state while they run, and whether each has
    /// exited (a block's shared memory and mbarriers end with it).
    struct ClusterBlock {
      BlockState *state = nullptr;
      RaceTracker *races = nullptr;
      bool exited = false;
      /// Its arrivals at the cluster barrier so far, and the arrivals of
      /// every block its cluster waits have seen completed (what it knows
      /// of the other blocks' work before their arrivals).
      uint64_t clusterArrivals = 0;
      uint64_t clusterSeen = 0;
    };
    std::vector<ClusterBlock> cluster;

    int64_t clusterSize() const {
      return clusterDim[0] * clusterDim[1] * clusterDim[2];
    }
  };
  /// The state of the running kernel, or null on the host.
  KernelState *kernel() { return kernelState; }
  /// The state of the running block (ids, warps), or null on the host.
  BlockState *block() { return blockState; }
  /// The shared memory of the running block.
  KernelState::SharedSpace &sharedSpace() {
    return kernelState->spaces[blockState->clusterRank];
  }
  /// The buffer of the block of cluster rank `rank` that is `local` (a
  /// shared buffer of the running block) in the running block, or null
  /// when `local` is not one.
  Buffer *peerBuffer(const Buffer *local, unsigned rank);

  /// The shared buffer of the current block for `key`, created on first use
  /// with the element type and static shape of `type`, at a shared address
  /// aligned to `alignment` bytes (0: the element's size) and no more.
  FailureOr<Buffer *> getSharedBuffer(Operation *op, const void *key,
                                      MemRefType type, llvm::StringRef name,
                                      uint64_t alignment = 0);
  /// A barrier: faults unless every lane is active, then ends the interval.
  void barrier(Operation *op);
  /// The cluster barrier's arrival (barrier.cluster.arrive.aligned): every
  /// thread of the block must reach it (else a divergent barrier fault);
  /// the block arrives once. Arriving again before its wait for the last
  /// arrival ends the run.
  LogicalResult clusterArrive(Operation *op);
  /// Its wait (barrier.cluster.wait.aligned): until every block of the
  /// cluster has arrived as often as this one (a deadlock naming the
  /// blocks that exited or wait elsewhere); then a block barrier too.
  /// Without clusters, arrive and wait are a block barrier.
  LogicalResult clusterWait(Operation *op);
  /// Named barrier `id` over `threads` threads (uop.named_barrier): the
  /// active lanes arrive (whole warps, else a fault); the last arrival
  /// completes it and orders the arrived threads' accesses for the race
  /// check; earlier arrivals wait for it (a deadlock when no other path
  /// can arrive). Fails when the run cannot go on.
  LogicalResult namedBarrier(Operation *op, unsigned id, unsigned threads);

  //===--------------------------------------------------------------------===//
  // Memory
  //===--------------------------------------------------------------------===//

  /// Allocates a buffer, refusing (error, failure) past the memory cap.
  FailureOr<Buffer *> allocate(Operation *op, Type elemType, int64_t n,
                               bool shared, llvm::StringRef name);
  /// Frees `b` (memref.dealloc).
  void deallocate(Buffer *b);
  /// Fills the descriptor `v` for a whole buffer of `type`'s shape (static
  /// sizes, or `dynSizes` for the dynamic ones), identity layout.
  static void describe(SimValue &v, Buffer *b, ArrayRef<int64_t> sizes);

  /// Computes the linear element index of `idx` in memref `m` for `lane`;
  /// reports an out-of-bounds fault and returns false when any index is out
  /// of its dimension.
  bool linearIndex(const SimValue &m, unsigned lane, const int64_t *idx,
                   Operation *op, int64_t &linear);
  /// Loads element `linear` of `b` on behalf of `lane` (race tracking for
  /// shared memory, inter-block tracking for global memory).
  Word loadElem(Buffer &b, int64_t linear, unsigned lane, Operation *op) {
    if (inKernel) {
      ++(b.isShared ? traffic.sharedLoads : traffic.globalLoads);
      if (b.isShared) {
        if (!races->onRead(b, linear, threadOf(lane), op))
          return uninitializedWord(b);
      } else {
        noteGlobalRead(b, linear, lane, op);
      }
    }
    return b.load(linear);
  }
  /// Records, in a kernel, that the running block read (wrote) element
  /// `linear` of the global buffer `b` through `op` (by `lane`, for the
  /// report): the inter-block race check. No-op outside kernels and for
  /// shared memory. Paths that bypass loadElem / storeElem call these.
  void noteGlobalRead(Buffer &b, int64_t linear, unsigned lane,
                      Operation *op) {
    if (inKernel && !b.isShared)
      onGlobalAccess(b, linear, lane, op, /*write=*/false);
  }
  void noteGlobalWrite(Buffer &b, int64_t linear, unsigned lane,
                       Operation *op) {
    if (inKernel && !b.isShared)
      onGlobalAccess(b, linear, lane, op, /*write=*/true);
  }
  /// What a read of never-written shared memory returns (NaN for floats).
  static Word uninitializedWord(const Buffer &b);
  /// Stores `w` to element `linear` of `b` on behalf of `lane`.
  void storeElem(Buffer &b, int64_t linear, Word w, unsigned lane,
                 Operation *op);

  /// The global buffer of `memref.global @name` (host memory), created and
  /// initialized on first use.
  FailureOr<Buffer *> getGlobal(Operation *op, llvm::StringRef name);

  //===--------------------------------------------------------------------===//
  // Errors
  //===--------------------------------------------------------------------===//

  /// Reports bad input at `op` (exit code 3) and returns failure.
  LogicalResult unsupported(Operation *op, const llvm::Twine &msg);
  /// Records a fault that ends the run (a step limit, a call depth, an
  /// access that cannot be simulated) and returns failure; the run's status
  /// is Fault, not BadInput.
  LogicalResult fatalFault(FaultKind kind, const Buffer *buffer, Operation *op,
                           std::string message);
  /// True when the run ended with a fatal fault.
  bool hadFatalFault() const { return fatal; }
  /// Refuses (bad input) a vector value of `type` for the current lanes
  /// whose storage would exceed the memory cap.
  LogicalResult checkVectorValue(Operation *op, VectorType type);
  /// Lane-operations executed so far (the step count).
  uint64_t getSteps() const { return steps; }
  /// Records a fault found by `op` on `buffer` (null: none) with the report
  /// line `message`; `lanes` are the threads involved, in message order.
  void reportFault(FaultKind kind, const Buffer *buffer, Operation *op,
                   ArrayRef<unsigned> lanes, std::string message);
  /// The SSA name of `v` in the source, or a location-based name.
  std::string nameOf(Value v) const;

  ModuleOp getModule() { return module; }
  FaultLog &getFaults() { return faults; }
  /// Counts `n` element loads / stores of `b` that bypass loadElem /
  /// storeElem (the untracked fast paths).
  void countLoads(const Buffer &b, uint64_t n) {
    if (inKernel)
      (b.isShared ? traffic.sharedLoads : traffic.globalLoads) += n;
  }
  void countStores(const Buffer &b, uint64_t n) {
    if (inKernel)
      (b.isShared ? traffic.sharedStores : traffic.globalStores) += n;
  }
  /// Elements loaded and stored by kernels so far.
  const TrafficStats &getTraffic() const { return traffic; }
  RaceTracker &getRaces() { return *races; }
  /// The shapes reports name elements of buffers by.
  BufferShapes &getShapes() { return shapes; }
  /// InterpreterConfig::gemmProduct while no contraction has taken it.
  std::optional<llvm::ArrayRef<float>> getGemmProduct() const {
    return gemmProductTaken ? std::nullopt : config.gemmProduct;
  }
  /// Whether the run was given a product and a contraction took it.
  bool hasGemmProduct() const { return config.gemmProduct.has_value(); }
  bool isGemmProductTaken() const { return gemmProductTaken; }
  void takeGemmProduct() { gemmProductTaken = true; }

private:
  /// SSA values of one function activation or kernel. A kernel body is not
  /// isolated from above, so lookups fall back to the parent frame.
  struct Frame {
    llvm::DenseMap<Value, SimValue *> slots;
    std::deque<SimValue> storage;
    Frame *parent = nullptr;
  };

  ModuleOp module;
  InterpreterConfig config;
  FaultLog &faults;
  BufferShapes shapes;
  /// The race tracker of blocks launched without clusters, and that of the
  /// running block.
  RaceTracker soloRaces;
  RaceTracker *races = &soloRaces;
  TrafficStats traffic;
  bool gemmProductTaken = false;

  unsigned lanes = 1;
  const uint8_t *mask = nullptr;
  bool inKernel = false;
  KernelState *kernelState = nullptr;
  BlockState *blockState = nullptr;
  Frame *frame = nullptr;
  Frame hostFrame;

  std::vector<std::unique_ptr<Buffer>> buffers;
  uint64_t liveBytes = 0;
  /// Bytes of the inter-block shadows (BlockAccess); they count against the
  /// cap but a shadow that does not fit is skipped, not an error.
  uint64_t shadowBytes = 0;

  /// The inter-block race check of one access (noteGlobalRead / Write).
  void onGlobalAccess(Buffer &b, int64_t linear, unsigned lane, Operation *op,
                      bool write);
  /// Reports an inter-block race on element `linear` of `b`.
  void interBlockRace(Buffer &b, int64_t linear, unsigned lane,
                      const char *firstKind, uint32_t firstBlock,
                      uint32_t firstOp, const char *secondKind,
                      Operation *op);
  /// Reports a divergent barrier (`what`) unless every lane is active.
  void barrierCheck(Operation *op, llvm::StringRef what);
  /// The index of `op` in `accessOps` (added on first use).
  uint32_t opIndex(Operation *op);
  std::vector<Operation *> accessOps;
  llvm::DenseMap<Operation *, uint32_t> accessOpIndex;
  /// Launches so far (1-based; BlockAccess::launch == 0 is stale).
  uint32_t launchCount = 0;
  /// Runs one block of a launch: its start step, the race tracker's and
  /// its shared memory's new interval, `bindArgs`, the body, the end
  /// checks.
  LogicalResult runBlock(Operation *launchOp, Block &body, BlockState &bs,
                         RaceTracker &tracker,
                         llvm::function_ref<LogicalResult()> bindArgs);

  /// The step count and the nesting of calls.
  uint64_t steps = 0;
  unsigned callDepth = 0;
  /// Set by fatalFault.
  bool fatal = false;
  /// Counts `n` steps at `op`; fails with a step-limit fault past the budget.
  LogicalResult step(Operation *op, uint64_t n);
  llvm::StringMap<Buffer *> globals;
  std::unique_ptr<PathScheduler> pathScheduler;
  llvm::DenseMap<Operation *, bool> waitsForOtherPaths;
  /// Set when an internal invariant broke (e.g. a value used before it was
  /// defined); reported as bad input.
  bool brokenInvariant = false;
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_INTERPRETER_H
