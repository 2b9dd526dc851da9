//===- SimValue.h - SIMT values of uop-sim ----------------------*- C++ -*-===//
//
// The value of one SSA value for all threads of a block at once. A GPU block
// runs its threads in lockstep between barriers, so the simulator executes
// each operation once for every thread ("lane") of the block, like one SIMT
// instruction. Values that are the same for every thread (constants, block
// ids, loop counters, index math on them) are kept "uniform": one copy,
// computed once. Others are "varying": one entry per lane.
//
// Scalars and vectors keep `width` words per lane (a vector<4xf32> has width
// 4). A memref is a descriptor: buffer, sizes and strides (uniform) and an
// offset in elements that may vary per lane (subviews at thread-dependent
// offsets, per-thread private buffers).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_SIMVALUE_H
#define UOP_SIM_SIMVALUE_H

#include "Uop/Sim/Memory.h"

#include "llvm/ADT/SmallVector.h"

namespace mlir::uop::sim {

/// Value of one SSA value for all lanes of the current execution context.
struct SimValue {
  /// Words: `width` of them if uniform, else numLanes * width (lane-major).
  std::vector<Word> data;
  uint32_t width = 1;
  bool uniform = true;

  // Memref descriptor (only for memref-typed values); `data` then holds the
  // offset, in elements, per lane (or once when uniform).
  Buffer *buffer = nullptr;
  llvm::SmallVector<int64_t, 4> sizes;
  llvm::SmallVector<int64_t, 4> strides;

  /// Makes this a uniform value of `w` words.
  Word *setUniform(unsigned w = 1) {
    uniform = true;
    width = w;
    data.resize(w);
    return data.data();
  }
  /// Makes this a varying value of `w` words per lane for `lanes` lanes.
  Word *setVarying(unsigned lanes, unsigned w = 1) {
    uniform = false;
    width = w;
    data.resize((size_t)lanes * w);
    return data.data();
  }
  /// Word `e` of lane `lane`.
  Word at(unsigned lane, unsigned e = 0) const {
    return data[uniform ? e : (size_t)lane * width + e];
  }
  /// The offset of a memref value in `lane`.
  int64_t offset(unsigned lane) const { return at(lane).i; }
  /// Turns a uniform value into a varying one with the same words.
  void makeVarying(unsigned lanes) {
    if (!uniform)
      return;
    std::vector<Word> w(data.begin(), data.begin() + width);
    data.resize((size_t)lanes * width);
    for (unsigned l = 0; l < lanes; ++l)
      for (unsigned e = 0; e < width; ++e)
        data[(size_t)l * width + e] = w[e];
    uniform = false;
  }
  /// Copies the memref descriptor fields (not the offsets) from `o`.
  void copyDescriptor(const SimValue &o) {
    buffer = o.buffer;
    sizes = o.sizes;
    strides = o.strides;
  }
  /// Number of elements of a memref value.
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
};

} // namespace mlir::uop::sim

#endif // UOP_SIM_SIMVALUE_H
