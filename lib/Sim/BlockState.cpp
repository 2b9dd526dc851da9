//===- BlockState.cpp - the block and warps a kernel is running -----------===//
//
// The numbering of a block's threads: linear index, (x, y, z), warp and lane.
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/BlockState.h"

#include "llvm/ADT/Twine.h"

#include <cassert>

using namespace mlir::uop::sim;

BlockState::BlockState(std::array<int64_t, 3> blockId,
                       std::array<int64_t, 3> blockDim, unsigned warpSize)
    : blockId(blockId), blockDim(blockDim), warpSize(warpSize) {
  assert(warpSize > 0 && "a warp has at least one lane");
  uint32_t n = numThreads();
  for (uint32_t first = 0; first < n; first += warpSize)
    warps.push_back({first, std::min<uint32_t>(warpSize, n - first)});
}

SimThread BlockState::thread(uint32_t linear) const {
  if (isPeerThread(linear))
    linear &= 0x7ff;
  SimThread t;
  t.id = {linear % blockDim[0], (linear / blockDim[0]) % blockDim[1],
          linear / (blockDim[0] * blockDim[1])};
  t.linear = linear;
  t.warp = linear / warpSize;
  t.lane = linear % warpSize;
  return t;
}

/// "(a, b, c)".
static std::string triple(const std::array<int64_t, 3> &v) {
  return ("(" + llvm::Twine(v[0]) + ", " + llvm::Twine(v[1]) + ", " +
          llvm::Twine(v[2]) + ")")
      .str();
}

std::string BlockState::threadName(uint32_t linear) const {
  std::string name = triple(thread(linear).id);
  if (isPeerThread(linear))
    name += " of the cluster's block of rank " +
            std::to_string((linear >> 11) & 0xf);
  return name;
}

std::string BlockState::name() const { return triple(blockId); }
