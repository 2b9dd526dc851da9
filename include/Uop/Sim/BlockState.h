//===- BlockState.h - the block and warps a kernel is running ---*- C++ -*-===//
//
// The hardware groups the threads of a block into warps: `warpSize`
// consecutive linear thread ids (32 on every NVIDIA GPU), the unit that
// issues an instruction and that warp-wide operations (shuffles, votes,
// mma fragments spread over the lanes of a warp, elect) work on. The
// simulator runs one block at a time with every thread a lane of one SIMT
// execution, lane = linear thread id, so warp w of a block is the lanes
// [w * warpSize, (w + 1) * warpSize), the last warp partial when the block
// size is not a multiple of the warp size.
//
// `BlockState` is what the interpreter keeps for the block it is running:
// created when the block starts and dropped when it ends, so nothing of one
// block leaks into the next. State that lives as long as a block and is
// shared by its threads belongs here (mbarrier phases, tensor memory);
// state of one warp belongs in its `WarpState` (the register fragments of a
// warp-wide matrix operation). Besides the numbering, the block keeps each
// thread's cp.async copies that no wait has completed yet (TensorCore.h)
// and the TMA loads in flight (Tma.h).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_BLOCKSTATE_H
#define UOP_SIM_BLOCKSTATE_H

#include "Uop/Sim/Fault.h"
#include "Uop/Sim/Memory.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::uop::sim {

/// The state of one warp of the running block.
struct WarpState {
  /// The warp's linear thread ids (= lanes) are [firstThread, firstThread +
  /// numThreads).
  uint32_t firstThread = 0, numThreads = 0;
};

/// One element of a cp.async on its way to shared memory: written to
/// `buffer` when a wait of the issuing thread completes group `group`.
struct PendingCopy {
  Buffer *buffer;
  int64_t index;
  Word value;
  Operation *op;
  uint32_t group;
};

/// The cp.async state of one thread: its copies not yet complete, and the
/// groups it committed so far (copies issued since belong to group
/// `committed`, the open one).
struct AsyncCopyState {
  std::vector<PendingCopy> pending;
  uint32_t committed = 0;
};

/// One mbarrier of the block (PTX ISA, mbarrier): the phase it is in (the
/// number of phases completed), the arrivals the phase still expects and
/// the transaction bytes still pending. A phase completes when both reach
/// zero; the next phase then expects `expected` arrivals again.
struct MBarrierState {
  bool initialized = false;
  uint32_t expected = 0;
  uint32_t pendingArrivals = 0;
  int64_t pendingBytes = 0;
  uint64_t phase = 0;
  /// The cluster-barrier arrivals of the block when it initialized the
  /// barrier: a peer may reach the barrier only after a cluster wait that
  /// completed a later arrival of the block (one past this count).
  uint64_t initClusterArrivals = 0;
};

/// One tcgen05.mma issued and not yet completed: the encoded operands the
/// instruction carries (TensorMemory.h decodes them) and the shared buffers
/// its descriptors address.
struct PendingMma {
  uint32_t thread;
  Operation *op;
  uint32_t dAddress;
  uint64_t descA, descB;
  uint32_t idesc;
  bool accumulate;
  Buffer *a, *b;
};

/// A tcgen05.commit: the MMAs of `thread` it tracks and the mbarrier that
/// receives one arrival when they have completed.
struct PendingCommit {
  uint32_t thread;
  Operation *op;
  const Buffer *group;
  int64_t index;
  std::vector<PendingMma> mmas;
};

/// A tcgen05.ld whose result no tcgen05.wait::ld has released yet, for the
/// lanes set in `lanes`. `value` is the opaque pointer of the mlir::Value.
struct PendingLoad {
  const void *value;
  Operation *op;
  std::vector<uint8_t> lanes;
};

/// The block's tensor memory (PTX ISA, tcgen05): 128 lanes x 512 columns
/// of 32-bit words, the allocations made in it, and the asynchronous
/// tcgen05 operations in flight. Created by the block's first tcgen05 op.
struct TMemState {
  TMemState();
  std::vector<uint32_t> words;
  /// Per word: written by an MMA since its allocation.
  std::vector<uint8_t> written;

  /// The ordering of tcgen05 operations between threads (the pairing of
  /// tcgen05.fence::before_thread_sync and after_thread_sync around a
  /// thread synchronization). Times come from `clock`, which every event
  /// below advances.
  uint64_t clock = 0;
  /// Per thread of the block: the times of its synchronizations (a block
  /// barrier passed, an mbarrier wait returned) and of its fences (a
  /// tcgen05.commit counts as a `before` fence), in increasing order.
  struct ThreadOrder {
    std::vector<uint64_t> syncs, befores, afters;
  };
  std::vector<ThreadOrder> order;
  /// A tcgen05 operation on an allocation, by one thread (the issuing
  /// thread of an MMA, the first thread of the warp of a warp-collective
  /// operation).
  struct Access {
    uint64_t time;
    Operation *op;
    /// An MMA: asynchronous, so ordered even before later operations of its
    /// own thread only through its commit's mbarrier.
    bool mma;
  };
  struct Accesses {
    std::optional<Access> read, write;
  };
  struct Allocation {
    uint32_t columns;
    Operation *op;
    /// The latest read (tcgen05.ld) and write (alloc, MMA) of each thread.
    std::map<uint32_t, Accesses> accesses;
  };
  /// Live allocations by first column.
  std::map<uint32_t, Allocation> allocations;
  bool relinquished = false;
  /// MMAs issued and not committed, per thread.
  std::map<uint32_t, std::vector<PendingMma>> uncommitted;
  /// Commits whose MMAs have not completed, oldest first.
  std::vector<PendingCommit> commits;
  std::vector<PendingLoad> loads;
};

/// A TMA load issued and not yet completed (Tma.h): the values it writes to
/// the elements of `dest`, the bytes its complete_tx counts and the
/// mbarrier it completes on.
struct PendingTma {
  uint32_t thread;
  Operation *op;
  const Buffer *group;
  int64_t index;
  Buffer *dest;
  int64_t bytes;
  std::vector<std::pair<int64_t, Word>> writes;
  /// The destination barrier's phase when the load was issued: its bytes
  /// count for that phase.
  uint64_t phase = 0;
};

/// A TMA store in flight (Tma.h): the issuing thread and op, the shared
/// elements of `source` it reads until a wait of that thread, and its bulk
/// async-group (-1 until the thread commits it).
struct PendingTmaStore {
  uint32_t thread;
  Operation *op;
  Buffer *source;
  std::vector<int64_t> reads;
  int64_t group;
};

/// A wgmma.mma_async of one warpgroup not yet completed for every thread
/// (Wgmma.h): its result value (the opaque pointer of the mlir::Value), the
/// threads whose wait_group has not yet completed it, and the shared
/// elements it reads until it completes.
struct PendingWgmma {
  const void *value;
  Operation *op;
  /// Per lane of the block: the MMA is still in flight for that thread.
  std::vector<uint8_t> lanes;
  std::vector<std::pair<Buffer *, int64_t>> reads;
  /// A use before the wait was reported (once per MMA).
  bool reported = false;
};

/// The block's warpgroup MMAs in flight and, per thread, their grouping
/// (wgmma.commit_group) and whether a wgmma.fence allows its next MMA.
/// Created by the block's first wgmma op.
struct WgmmaState {
  explicit WgmmaState(uint32_t threads)
      : uncommitted(threads), groups(threads), fenced(threads, 0) {}
  /// MMAs in flight by id.
  std::map<uint64_t, PendingWgmma> mmas;
  uint64_t nextId = 0;
  /// Per thread: the MMAs issued since its last commit, and its committed
  /// groups, oldest first.
  std::vector<std::vector<uint64_t>> uncommitted;
  std::vector<std::vector<std::vector<uint64_t>>> groups;
  /// Per thread: a wgmma.fence since its last wait_group (or the start).
  std::vector<uint8_t> fenced;
  /// Per warpgroup: the per-thread register budget its last setmaxnreg
  /// set (absent before the first: the count at launch, Wgmma.h's
  /// registersAtLaunch); and the block's pool of registers that decreases
  /// released and increases have not taken.
  std::map<uint32_t, int64_t> registerBudget;
  int64_t registerPool = 0;
};

/// A named barrier (uop.named_barrier) of the block between completions:
/// the thread count its current use expects (0: no thread arrived), the
/// threads that arrived, and the completions so far.
struct NamedBarrierState {
  uint32_t expected = 0;
  Operation *firstOp = nullptr;
  std::vector<uint32_t> arrived;
  uint64_t completions = 0;
};

/// A thread of another block of the cluster, as the race tracker and the
/// reports of a block name it: the flag, the other block's cluster rank and
/// its linear thread id. A block has at most 1024 threads and a cluster at
/// most 16 blocks, so the ids stay clear of the tracker's markers near
/// UINT32_MAX.
constexpr uint32_t kPeerThreadFlag = uint32_t(1) << 31;
inline uint32_t peerThread(unsigned rank, uint32_t linear) {
  return kPeerThreadFlag | (uint32_t(rank) << 11) | (linear & 0x7ff);
}
inline bool isPeerThread(uint32_t id) {
  return (id & kPeerThreadFlag) && id < kPeerThreadFlag + (uint32_t(1) << 16);
}

/// The state of the block the interpreter is running.
struct BlockState {
  /// Builds the state of block `blockId` of a kernel with blocks of
  /// `blockDim` threads grouped into warps of `warpSize` (at least 1).
  BlockState(std::array<int64_t, 3> blockId, std::array<int64_t, 3> blockDim,
             unsigned warpSize);

  /// blockIdx (x, y, z) and blockDim (x, y, z).
  std::array<int64_t, 3> blockId;
  std::array<int64_t, 3> blockDim;
  unsigned warpSize;
  /// The block's linear index in its grid (x fastest).
  uint64_t linear = 0;
  /// In a cluster launch: the cluster's index in the grid, the block's
  /// index in its cluster, and its rank there (x fastest); 0 without.
  std::array<int64_t, 3> clusterId = {0, 0, 0};
  std::array<int64_t, 3> clusterBlockId = {0, 0, 0};
  unsigned clusterRank = 0;
  /// One entry per warp, in order.
  std::vector<WarpState> warps;
  /// Per linear thread id, sized by the block's first cp.async.
  std::vector<AsyncCopyState> asyncCopies;
  /// The block's mbarriers, by (group buffer, index in the group).
  std::map<std::pair<const Buffer *, int64_t>, MBarrierState> mbarriers;
  /// TMA loads in flight, oldest first.
  std::vector<PendingTma> tmaLoads;
  /// TMA stores still reading shared memory, oldest first, and per thread
  /// the bulk async-groups it committed so far.
  std::vector<PendingTmaStore> tmaStores;
  std::vector<int64_t> bulkGroups;
  /// Tensor memory, made by the first tcgen05 op of the block.
  std::unique_ptr<TMemState> tmem;
  /// Warpgroup MMAs, made by the first wgmma op of the block.
  std::unique_ptr<WgmmaState> wgmma;
  /// The hardware barriers 1 to 15 (index 0 unused: uop.barrier's).
  std::array<NamedBarrierState, 16> namedBarriers;

  uint32_t numThreads() const {
    return uint32_t(blockDim[0] * blockDim[1] * blockDim[2]);
  }
  unsigned numWarps() const { return unsigned(warps.size()); }
  /// The thread with linear index `linear` (of a peer block: the ids it
  /// has there).
  SimThread thread(uint32_t linear) const;
  /// "(x, y, z)" of the thread with linear index `linear`; "(x, y, z) of the
  /// cluster's block of rank r" for a thread of a peer block.
  std::string threadName(uint32_t linear) const;
  /// "(x, y, z)" of the block.
  std::string name() const;
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_BLOCKSTATE_H
