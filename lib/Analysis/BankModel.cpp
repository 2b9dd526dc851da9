//===- BankModel.cpp - how a warp's shared-memory access is served --------===//
//
// The bank rules of BankModel.h: which word and bank a byte lives in, how a
// wide access splits into phases, how many passes the words of one phase
// take, and which threads make up warp 0. Every count of passes in the
// project, the analysis's and the padding choice's, goes through
// `countBusiestBank` below.
//
//===----------------------------------------------------------------------===//

#include "Uop/Analysis/BankModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::uop;

BankModel BankModel::get(TargetAttr target) {
  BankModel model;
  model.banks = target.getBanks();
  model.bankBytes = target.getBankBytes();
  model.warpSize = target.getWarpSize();
  return model;
}

int64_t BankModel::getWord(int64_t byteAddress) const {
  return llvm::divideFloorSigned(byteAddress, bankBytes);
}

int64_t BankModel::getBank(int64_t word) const {
  return ((word % banks) + banks) % banks;
}

std::optional<int64_t> BankModel::getPhaseCount(int64_t bytesPerLane) const {
  if (bytesPerLane < 1)
    return std::nullopt;
  if (bytesPerLane <= bankBytes)
    return 1;
  // Wider accesses are the vector forms (v2, v4) of a power-of-two element,
  // up to the widest one instruction moves: 8 and 16 bytes.
  if (bytesPerLane > maxBytesPerLane || !llvm::isPowerOf2_64(bytesPerLane))
    return std::nullopt;
  return std::max<int64_t>(
      1, llvm::divideCeil(warpSize * bytesPerLane, banks * bankBytes));
}

int64_t BankModel::getLanesPerPhase(int64_t phases) const {
  return llvm::divideCeil(warpSize, phases);
}

/// The most distinct words any one bank holds among the words that the
/// active lanes of `lanes` touch, each moving `bytesPerLane` bytes: the
/// passes the banks need to serve these lanes together. Lanes on the same
/// word share it; distinct words in one bank wait for each other.
static int64_t countBusiestBank(const BankModel &model,
                                ArrayRef<std::optional<int64_t>> lanes,
                                int64_t bytesPerLane) {
  llvm::DenseMap<int64_t, llvm::SmallDenseSet<int64_t, 4>> wordsPerBank;
  int64_t busiest = 0;
  for (std::optional<int64_t> address : lanes) {
    if (!address)
      continue;
    int64_t first = model.getWord(*address);
    int64_t last = model.getWord(*address + bytesPerLane - 1);
    for (int64_t word = first; word <= last; ++word) {
      auto &words = wordsPerBank[model.getBank(word)];
      words.insert(word);
      busiest = std::max<int64_t>(busiest, words.size());
    }
  }
  return busiest;
}

std::optional<WarpAccessPasses>
BankModel::countPasses(ArrayRef<std::optional<int64_t>> laneByteAddresses,
                       int64_t bytesPerLane) const {
  std::optional<int64_t> phases = getPhaseCount(bytesPerLane);
  if (!phases)
    return std::nullopt;
  WarpAccessPasses cost;
  int64_t lanesPerPhase = getLanesPerPhase(*phases);
  int64_t lanes = laneByteAddresses.size();
  for (int64_t phase = 0; phase < *phases; ++phase) {
    int64_t begin = std::min(phase * lanesPerPhase, lanes);
    int64_t end = std::min(begin + lanesPerPhase, lanes);
    int64_t busiest = countBusiestBank(
        *this, laneByteAddresses.slice(begin, end - begin), bytesPerLane);
    cost.passes += busiest;
    cost.conflictWays = std::max(cost.conflictWays, busiest);
  }
  return cost;
}

int64_t BankModel::getColumnConflictWays(int64_t rows,
                                         int64_t rowBytes) const {
  SmallVector<std::optional<int64_t>> addresses;
  for (int64_t r = 0; r < rows; ++r)
    addresses.push_back(r * rowBytes);
  // One byte per lane: an element no wider than a word sits in the word its
  // first byte is in.
  return std::max<int64_t>(1, countBusiestBank(*this, addresses, 1));
}

/// Dimension `d` of `blockDims`, 1 where it is not given.
static int64_t getDim(ArrayRef<int64_t> blockDims, unsigned d) {
  return d < blockDims.size() ? blockDims[d] : 1;
}

int64_t BankModel::getWarpLanes(ArrayRef<int64_t> blockDims) const {
  // Clamping each dimension to a warp keeps the product from overflowing.
  int64_t threads = 1;
  for (unsigned d = 0; d < 3; ++d)
    threads *= std::min(getDim(blockDims, d), warpSize);
  return std::min(threads, warpSize);
}

std::array<int64_t, 3>
BankModel::getThreadIdOfLane(int64_t lane, ArrayRef<int64_t> blockDims) const {
  int64_t bdx = getDim(blockDims, 0), bdy = getDim(blockDims, 1);
  return {lane % bdx, (lane / bdx) % bdy, lane / (bdx * bdy)};
}

int64_t BankModel::getThreadIdsPerWarp(ArrayRef<int64_t> blockDims,
                                       unsigned dim) const {
  llvm::SmallDenseSet<int64_t, 32> ids;
  for (int64_t lane = 0, e = getWarpLanes(blockDims); lane < e; ++lane)
    ids.insert(getThreadIdOfLane(lane, blockDims)[dim]);
  return ids.size();
}
