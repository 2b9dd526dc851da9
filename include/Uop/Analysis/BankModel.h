//===- BankModel.h - how a warp's shared-memory access is served -*- C++ -*-===//
//
// The shared-memory bank rules, in one place, for every pass that reasons
// about them: uop-bank-conflicts counts the passes of an access with them,
// and uop-promote-shared chooses the padding and swizzle of its tiles with
// them. Shared memory is split into `banks` banks of `bankBytes` bytes; the
// word `w` (byte address `a`, `w = floor(a / bankBytes)`) lives in bank
// `w mod banks`. Each bank serves one word per cycle: lanes on the same word
// share it (a broadcast for loads), distinct words in one bank are served one
// after the other.
//
// The model is a value, passed to whoever needs it: its facts belong to the
// target the module is compiled for, not to a constant read deep inside a
// pass. The defaults are those of every NVIDIA GPU since Maxwell (sm_50 to
// sm_100): 32 banks of 4 bytes, warps of 32 threads.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_ANALYSIS_BANKMODEL_H
#define UOP_ANALYSIS_BANKMODEL_H

#include "Uop/Dialect/Uop/IR/UopAttrs.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <array>
#include <cstdint>
#include <optional>

namespace mlir::uop {

/// What one warp access costs the banks.
struct WarpAccessPasses {
  /// Shared-memory passes (cycles of the banks), summed over the phases.
  int64_t passes = 0;
  /// The most distinct words one bank serves within one phase: 1 is
  /// conflict-free, n an n-way conflict (0 when no lane is active).
  int64_t conflictWays = 0;
};

/// The shared-memory banks and the warp that accesses them, as the target
/// states them (BankModel::get): there are no defaults here, the table of
/// targets holds the facts.
struct BankModel {
  /// Number of banks.
  int64_t banks = 0;
  /// Width of one bank in bytes: the word conflicts are counted in.
  int64_t bankBytes = 0;
  /// Threads per warp.
  int64_t warpSize = 0;
  /// The widest access one lane makes in one instruction (ld.shared.v4.b32,
  /// 16 bytes); wider ones are several instructions.
  int64_t maxBytesPerLane = 16;

  /// The bank model of `target` (its banks, bank width and warp size).
  static BankModel get(TargetAttr target);

  /// The word that holds byte address `byteAddress`.
  int64_t getWord(int64_t byteAddress) const;
  /// The bank that holds word `word`.
  int64_t getBank(int64_t word) const;

  /// Returns the number of phases the hardware splits a warp access of
  /// `bytesPerLane` bytes per lane into, or nothing when it is not one
  /// instruction. One pass delivers `banks * bankBytes` bytes (128): up to a
  /// word per lane the whole warp is served together, a 64-bit access moves
  /// twice that and runs as two half-warps, a 128-bit one as four
  /// quarter-warps.
  std::optional<int64_t> getPhaseCount(int64_t bytesPerLane) const;
  /// Lanes served together in each of `phases` phases.
  int64_t getLanesPerPhase(int64_t phases) const;

  /// Applies the bank rules to one warp access: `laneByteAddresses[l]` is
  /// the byte address lane `l` accesses, nothing for an inactive lane (the
  /// active mask), and each lane moves `bytesPerLane` contiguous bytes.
  /// Within a phase each bank needs one pass per distinct word it holds; a
  /// phase costs its busiest bank, the access the sum of its phases.
  /// Returns nothing when `bytesPerLane` is not one instruction.
  std::optional<WarpAccessPasses>
  countPasses(ArrayRef<std::optional<int64_t>> laneByteAddresses,
              int64_t bytesPerLane) const;

  /// The most distinct words one bank holds when `rows` lanes (at most a
  /// phase of them) each read one word-sized or smaller element of a column
  /// whose consecutive rows are `rowBytes` apart: 1 when the column walk is
  /// conflict-free.
  int64_t getColumnConflictWays(int64_t rows, int64_t rowBytes) const;

  /// The lanes of warp 0 of a block of `blockDims` (x, y, z) threads: the
  /// block's thread count, at most a warp.
  int64_t getWarpLanes(ArrayRef<int64_t> blockDims) const;
  /// The thread id (x, y, z) of lane `lane` of warp 0. Threads are numbered
  /// x fastest, as CUDA does: linear id = tx + ty * bdx + tz * bdx * bdy,
  /// and warp 0 holds the linear ids 0 to warpSize - 1.
  std::array<int64_t, 3> getThreadIdOfLane(int64_t lane,
                                           ArrayRef<int64_t> blockDims) const;
  /// The number of distinct thread ids along dimension `dim` among the
  /// lanes of warp 0: the rows of a tile that a warp walks when its rows are
  /// indexed by that thread id.
  int64_t getThreadIdsPerWarp(ArrayRef<int64_t> blockDims,
                              unsigned dim) const;
};

} // namespace mlir::uop

#endif // UOP_ANALYSIS_BANKMODEL_H
