//===- Memory.h - uop-sim buffers and element storage -----------*- C++ -*-===//
//
// Buffers of the simulated program and the conversions between their raw,
// typed element storage and the simulator's 64-bit lane words. Floating-point
// values are kept in lanes as doubles that are always exactly representable
// in their MLIR element type: every operation rounds its result to the type
// (round to nearest even), which is what the hardware's `.rn` instructions do.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_MEMORY_H
#define UOP_SIM_MEMORY_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::uop::sim {

/// One 64-bit lane word. Integers (and index) are stored sign-extended from
/// their bit width; floats as a double holding a value of their type.
union Word {
  int64_t i;
  double f;
};

/// Storage kinds of scalar element types.
enum class ElemKind : uint8_t { F16, BF16, F32, F64, I1, I8, I16, I32, I64 };

/// Returns the storage kind of `type` (an integer, index or float type), or
/// std::nullopt for anything the simulator cannot store.
std::optional<ElemKind> getElemKind(Type type);

/// Returns the storage size in bytes of one element of `kind`.
unsigned getElemBytes(ElemKind kind);

/// True for the floating-point kinds.
inline bool isFloatKind(ElemKind k) { return k <= ElemKind::F64; }

/// roundToKind for the half-precision kinds (F16, BF16).
double roundToHalf(double x, ElemKind k);

/// Rounds `x` to the nearest value of the floating-point kind `k` (ties to
/// even, overflow to infinity, gradual underflow), returned as a double.
inline double roundToKind(double x, ElemKind k) {
  if (k == ElemKind::F32)
    return (double)(float)x;
  if (k == ElemKind::F16 || k == ElemKind::BF16)
    return roundToHalf(x, k);
  return x;
}

/// The bits of the double `x`, and the double of bits `u`.
inline uint64_t doubleBits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, 8);
  return u;
}
inline double doubleFromBits(uint64_t u) {
  double x;
  std::memcpy(&x, &u, 8);
  return x;
}

/// The value of the f16 bit pattern `h`: sign, rebiased exponent and
/// mantissa placed in a double's fields; subnormals as their multiple of
/// 2^-24; the one quiet NaN.
inline double decodeF16(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  uint64_t m = h & 0x3ff;
  uint64_t bits = uint64_t(h & 0x8000) << 48;
  if (e == 0) // zero or subnormal: m x 2^-24, exactly
    bits |= doubleBits(double(m) * 0x1p-24);
  else if (e == 31 && m)
    return __builtin_nan("");
  else if (e == 31)
    bits |= uint64_t(0x7ff) << 52;
  else
    bits |= (uint64_t(e - 15 + 1023) << 52) | (m << 42);
  return doubleFromBits(bits);
}

/// The bit pattern of the float `x` (already a value of kind `k`).
uint64_t floatToBits(double x, ElemKind k);
/// The float of kind `k` whose bit pattern is `bits`.
double floatFromBits(uint64_t bits, ElemKind k);

/// Sign-extends the low `width` bits of `v` (the canonical integer form).
inline int64_t signExtend(int64_t v, unsigned width) {
  if (width >= 64)
    return v;
  unsigned shift = 64 - width;
  return (int64_t)((uint64_t)v << shift) >> shift;
}
/// Zero-extends the low `width` bits of `v` (the unsigned reading).
inline uint64_t zeroExtend(int64_t v, unsigned width) {
  if (width >= 64)
    return (uint64_t)v;
  return (uint64_t)v & ((uint64_t(1) << width) - 1);
}

/// Reads element `idx` of raw storage `bytes` holding elements of `kind` as a
/// lane word.
Word loadElement(ElemKind kind, const uint8_t *bytes, int64_t idx);

/// Per-element state of the shared-memory race tracker: who last wrote the
/// element and who read it within the current barrier interval ("epoch").
struct ElemAccess {
  uint32_t writeEpoch = 0; ///< 0: never written in this block.
  uint32_t writer = 0;
  uint32_t readEpoch = 0;
  uint32_t reader1 = 0;
  uint32_t reader2 = UINT32_MAX; ///< A second, different reader, if any.
  /// The writer's count of async-proxy fences when it wrote the element
  /// (RaceTracker::proxyFence): equal to its count now means no fence since.
  uint32_t writerFences = 0;
  /// The named-barrier clocks (RaceTracker) of the writer and the readers
  /// at their accesses: 0 while the interval has no named barrier.
  uint32_t writeClock = 0, read1Clock = 0, read2Clock = 0;
  mlir::Operation *writeOp = nullptr;
  mlir::Operation *read1Op = nullptr;
  mlir::Operation *read2Op = nullptr;
};

/// Per-element state of the race tracker's asynchronous accesses of a
/// shared element (RaceTracker.h): the copies writing it and the reads in
/// flight (the first issuer of each, and how many), and the TMA load that
/// last wrote it with the mbarrier phase that completed it.
struct AsyncAccess {
  mlir::Operation *writeOp = nullptr; ///< The first in-flight write.
  mlir::Operation *readOp = nullptr;  ///< The first in-flight read.
  uint32_t writeTid = 0, writes = 0;  ///< 0 writes: none in flight.
  uint32_t readTid = 0, reads = 0;
  /// The last TMA load to write the element (null: none in this block),
  /// its issuing thread, and phase `tmaPhase` of barrier `tmaIndex` of
  /// `tmaGroup`, which completed it.
  mlir::Operation *tmaOp = nullptr;
  const struct Buffer *tmaGroup = nullptr;
  int64_t tmaIndex = 0;
  uint64_t tmaPhase = 0;
  uint32_t tmaTid = 0;
};

/// Per-element state of the inter-block race check on global memory: which
/// blocks of the current launch wrote and read the element. Blocks are
/// numbered by their linear index in the grid; kNoBlock: none. Operations
/// are indices into the interpreter's table of accessing operations.
struct BlockAccess {
  static constexpr uint32_t kNoBlock = UINT32_MAX;
  uint32_t launch = 0; ///< The launch the fields below belong to.
  uint32_t writer = kNoBlock;
  uint32_t reader1 = kNoBlock;
  uint32_t reader2 = kNoBlock; ///< A second reader block, if any.
  uint32_t writeOp = 0, read1Op = 0, read2Op = 0;
};

/// A simulated allocation: raw, typed element storage. Shared-memory buffers
/// also carry the race tracker's per-element state.
struct Buffer {
  ElemKind kind;
  Type elemType;
  int64_t numElements = 0;
  std::vector<uint8_t> bytes;
  /// Non-null for shared memory: one record per element.
  std::vector<ElemAccess> access;
  /// Global buffers accessed by a kernel: one record per element for the
  /// inter-block race check, created on the first kernel access (empty when
  /// it would not fit under the memory cap).
  std::vector<BlockAccess> blockAccess;
  /// Whether `blockAccess` was tried (and refused) already.
  bool blockAccessRefused = false;
  bool isShared = false;
  /// Shared memory that asynchronous copies or reads touched in this
  /// block: one record per element, created on the first (asyncAt).
  std::vector<AsyncAccess> async;
  /// Shared elements an asynchronous copy is writing or an asynchronous
  /// read is reading (RaceTracker); 0 keeps the tracker on its fast path.
  uint32_t inFlight = 0;
  /// Human-readable name for reports (SSA name or symbol).
  std::string name;
  /// Shared memory: the address the buffer starts at in the block's shared
  /// window, as the hardware's descriptors see it. The simulator places a
  /// buffer at exactly its declared alignment (an address that is a
  /// multiple of nothing larger), so that code relying on more alignment
  /// than it asked for computes wrong addresses here as it may on the GPU.
  uint64_t sharedAddress = 0;

  Buffer(ElemKind kind, Type elemType, int64_t numElements, bool shared,
         std::string name);

  /// Reads element `idx` as a lane word.
  Word load(int64_t idx) const {
    Word w;
    if (kind == ElemKind::F32) {
      w.f = ((const float *)bytes.data())[idx];
      return w;
    }
    if (kind == ElemKind::F16) {
      w.f = decodeF16(((const uint16_t *)bytes.data())[idx]);
      return w;
    }
    return loadSlow(idx);
  }
  /// Writes the lane word `w` to element `idx`, converting to storage.
  void store(int64_t idx, Word w) {
    if (kind == ElemKind::F32)
      ((float *)bytes.data())[idx] = (float)w.f;
    else
      storeSlow(idx, w);
  }
  Word loadSlow(int64_t idx) const;
  void storeSlow(int64_t idx, Word w);
  /// The asynchronous-access record of element `idx`, creating the
  /// buffer's records on the first use.
  AsyncAccess &asyncAt(int64_t idx) {
    if (async.empty())
      async.resize(size_t(numElements));
    return async[size_t(idx)];
  }
  /// The asynchronous-access record of element `idx`, if the buffer has
  /// any.
  const AsyncAccess *findAsync(int64_t idx) const {
    return async.empty() ? nullptr : &async[size_t(idx)];
  }
  /// Forgets all accesses (a new block starts with uninitialized memory).
  void resetAccesses();
  size_t sizeInBytes() const { return bytes.size(); }
};

/// The default cap on the bytes of all buffers of a run.
constexpr uint64_t kDefaultMaxMemory = uint64_t(4) << 30;

/// The default step budget of a run, in lane-operations (docs/sim.md): 2^32,
/// 55 times what bench/sim_gemm's 256^3 GEMM takes (7.8e7) and 7 times a
/// 512^3 one, and under a minute of simulation.
constexpr uint64_t kDefaultMaxSteps = uint64_t(1) << 32;

/// The steps a block start counts: setting up a block costs about as much
/// as an operation on a few dozen lanes, and a grid of empty blocks must
/// end within the budget too.
constexpr uint64_t kBlockStartSteps = 64;

/// Elements moved by the kernels of a run, by memory space (the traffic
/// tables of a tiled GEMM: loads per FMA from global and from shared memory).
struct TrafficStats {
  uint64_t globalLoads = 0, globalStores = 0;
  uint64_t sharedLoads = 0, sharedStores = 0;
};

/// Fills `buf` from the reproducible generator seeded with (seed, argIndex):
/// floats uniform on a grid of the type's precision in [-1, 1), integers
/// uniform in [-8, 8] (i1: 0 or 1).
void fillRandom(Buffer &buf, uint64_t seed, uint64_t argIndex);

} // namespace mlir::uop::sim

#endif // UOP_SIM_MEMORY_H
