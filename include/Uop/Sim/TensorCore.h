//===- TensorCore.h - lane-exact tensor-core and cp.async semantics -*- C++ -*-===//
//
// One definition of what the warp-collective matrix instructions and the
// asynchronous copies do, shared by the handlers of the upstream ops
// (nvgpu.ldmatrix, nvgpu.mma.sync, nvgpu.device_async_*,
// gpu.subgroup_mma_*; lib/Sim/NVGPUOps.cpp) and of their uop twins
// (lib/Sim/Uop/TensorCoreOps.cpp, AsyncCopyOps.cpp), so that both levels of
// the lowering are checked against the same semantics.
//
// The first half is pure: the PTX ISA fragment maps ("which lane holds which
// element") of ldmatrix.m8n8 and mma.sync.m16n8k16 / m16n8k8 (PTX ISA,
// "Matrix Fragments for mma.m16n8k16 with floating point type" and
// "Warp-level matrix load instruction: ldmatrix"), the warp's matrix
// product, tf32 rounding, and the simulator's deliberately scrambled layout
// of WMMA fragments (whose layout the CUDA and PTX contracts leave opaque).
// The second half runs those on the interpreter's lanes: the warp checks
// (every lane of a warp must take part), the shared-memory reads of
// ldmatrix, and the cp.async groups of each thread.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SIM_TENSORCORE_H
#define UOP_SIM_TENSORCORE_H

#include "Uop/Sim/Interpreter.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace mlir::uop::sim::tensorcore {

//===----------------------------------------------------------------------===//
// Fragment maps (pure)
//===----------------------------------------------------------------------===//

/// Threads of a warp; every map below is for a warp of 32.
constexpr unsigned kWarpLanes = 32;

/// A position in a matrix: row and column (for B: k and n).
struct Coord {
  int64_t row, col;
};

/// The mma.sync forms the simulator runs: m16n8k16 with f16 or bf16 inputs
/// and m16n8k8 with tf32 inputs, all accumulating in f32.
enum class MmaKind { F16, BF16, TF32 };

/// Shape and per-lane fragment sizes of an mma.sync form. Fragments are
/// `regs` registers of `perReg` elements (a register of two f16 is one .b32
/// of the PTX operand); nvgpu spells them vector<regs x perReg x T>.
struct MmaShape {
  int64_t m, n, k;
  unsigned aRegs, aPerReg, bRegs, bPerReg, cRegs, cPerReg;
};
MmaShape getMmaShape(MmaKind kind);

/// The element of A (row, k) held in element `e` of register `reg` of lane
/// `lane`. With g = lane / 4, t = lane % 4:
/// m16n8k16: reg 0 = (g, 2t + e), reg 1 = (g + 8, 2t + e),
///           reg 2 = (g, 2t + 8 + e), reg 3 = (g + 8, 2t + 8 + e);
/// m16n8k8 tf32: reg 0 = (g, t), reg 1 = (g + 8, t), reg 2 = (g, t + 4),
///           reg 3 = (g + 8, t + 4).
Coord mmaA(MmaKind kind, unsigned lane, unsigned reg, unsigned e);
/// The element of B (k, col) held in element `e` of register `reg`:
/// m16n8k16: reg r = (2t + 8r + e, g); m16n8k8 tf32: reg r = (t + 4r, g).
Coord mmaB(MmaKind kind, unsigned lane, unsigned reg, unsigned e);
/// The element of C / D (row, col): reg r = (g + 8r, 2t + e).
Coord mmaC(unsigned lane, unsigned reg, unsigned e);

/// The shared address the tensor core (wgmma, tcgen05.mma) reads for
/// element (`row`, `k`) of an operand of `elementBytes`-byte elements
/// (2: f16 / bf16; 4: tf32, K-major only), from the fields of its
/// shared-memory matrix descriptor (the two descriptors encode them
/// differently; the PTX ISA's canonical layouts are common): the start
/// address, the leading and stride byte offsets, the 128-byte swizzle or
/// none, and the majorness the instruction's transpose bit selects (`row`
/// is the M / N index either way). K-major: 8-row atoms of 128-byte rows,
/// `sbo` apart (unswizzled, core matrices of 8 rows x 16 bytes, `lbo`
/// apart along K); MN-major: atoms of 8 k-rows of 128 bytes of MN, `lbo`
/// apart along MN and `sbo` along K (unswizzled, 8 k-rows x 16 bytes of
/// MN, `sbo` along MN and `lbo` along K). The swizzle XORs address bits
/// [7, 10) into bits [4, 7).
uint64_t operandAddress(uint64_t start, uint64_t lbo, uint64_t sbo,
                        bool swizzle128, bool mnMajor, uint64_t row,
                        uint64_t k, uint64_t elementBytes = 2);

/// Rounds an f32 value to tf32 (10 explicit mantissa bits, 8 exponent bits)
/// to nearest, ties away from zero, as cvt.rna.tf32.f32 does.
double roundToTf32(double x);

/// One warp's D = A * B + C. `a`, `b`, `c` and `d` hold the fragments of
/// the 32 lanes, lane-major (lane l's fragment at l * regs * perReg, element
/// reg * perReg + e). Products of f16 / bf16 / tf32 values are exact in f32;
/// they are accumulated into C in f32, k in order, rounding after each
/// addition (the hardware's internal order differs; the result is within
/// the f32 tolerances of any other order). tf32 operands are rounded to tf32
/// first.
void mmaSync(MmaKind kind, llvm::ArrayRef<double> a, llvm::ArrayRef<double> b,
             llvm::ArrayRef<double> c, llvm::MutableArrayRef<double> d);

/// ldmatrix.m8n8: lane l supplies the address of row l % 8 of matrix l / 8
/// (only lanes < 8 * num count). Lane l receives, in register q, elements
/// e = 0, 1 of matrix q at this (row, col): (l / 4, 2 (l % 4) + e), or with
/// .trans the transposed position (2 (l % 4) + e, l / 4).
Coord ldmatrixElem(unsigned lane, unsigned e, bool transpose);

/// The operands of a 16x16x16 WMMA: their layouts are opaque, so each gets
/// its own scrambled map (below).
enum class WmmaOperand { A, B, C };
/// Elements of one 16x16 WMMA fragment held per lane.
constexpr unsigned kWmmaPerLane = 8;
/// Where the simulator keeps element (row, col) of a 16x16 fragment of
/// `operand`: lane `lane`, slot `slot` (0..7). The map is a bijection, but
/// deliberately not the row-major one (nor the mma.sync one), so that code
/// that reads a fragment element by element computes wrong numbers, as it
/// would on some GPU; only whole-fragment loads, stores, multiplies, fills
/// and element-wise operations are right.
void wmmaSlot(WmmaOperand operand, int64_t row, int64_t col, unsigned &lane,
              unsigned &slot);

//===----------------------------------------------------------------------===//
// Execution on the interpreter's lanes
//===----------------------------------------------------------------------===//

/// The warps of the running block whose lanes are active at `op`, after the
/// warp-collective check: a warp of which only some lanes are active, or a
/// partial warp (fewer than 32 threads), is a `partial warp` fault and is
/// left out. Fails (bad input) outside a kernel or with a warp size other
/// than 32.
LogicalResult activeWarps(Interpreter &I, Operation *op,
                          llvm::SmallVectorImpl<unsigned> &warps);

/// ldmatrix.m8n8.x`num`[.trans].b16 from the shared memref `mem` at the
/// per-lane indices `indices` into `result` (vector<num x 2 x T>).
LogicalResult ldmatrix(Interpreter &I, Operation *op, Value mem,
                       ValueRange indices, unsigned num, bool transpose,
                       Value result);

/// stmatrix.m8n8.x`num`.b16: the registers `value` (vector<num x 2 x T>,
/// ldmatrixElem's map without .trans) into the shared memref `mem`, at the
/// rows whose addresses lanes 0 .. 8 num - 1 give through `indices`; each
/// row must be 16-byte aligned.
LogicalResult stmatrix(Interpreter &I, Operation *op, Value value, Value mem,
                       ValueRange indices, unsigned num);

/// mma.sync of `kind`: result = a * b + c.
LogicalResult mma(Interpreter &I, Operation *op, MmaKind kind, Value a,
                  Value b, Value c, Value result);

/// One thread's cp.async of `elements` elements from `src` at `srcIndices`
/// to the shared `dst` at `dstIndices` (contiguous in the innermost
/// dimension); with `srcElements`, elements from that one on are zero. The
/// source is read now; the destination is written when a wait completes the
/// copy's group (commitGroup / waitGroup).
LogicalResult asyncCopy(Interpreter &I, Operation *op, Value dst,
                        ValueRange dstIndices, Value src,
                        ValueRange srcIndices, int64_t elements,
                        Value srcElements);
/// cp.async.commit_group for the active threads.
LogicalResult commitGroup(Interpreter &I, Operation *op);
/// cp.async.wait_group `pending` for the active threads: completes every
/// committed group but the `pending` most recent ones.
LogicalResult waitGroup(Interpreter &I, Operation *op, uint64_t pending);

/// WMMA (16x16x16) on opaque fragments: load, store, multiply-add, fill.
/// `transpose`: the memory holds the fragment transposed (column-major).
LogicalResult wmmaLoad(Interpreter &I, Operation *op, WmmaOperand operand,
                       Value mem, ValueRange indices, int64_t leadDim,
                       bool transpose, Value result);
LogicalResult wmmaStore(Interpreter &I, Operation *op, Value frag, Value mem,
                        ValueRange indices, int64_t leadDim, bool transpose);
/// result = a * b + c, accumulated in f32 and rounded once to `accType`.
LogicalResult wmmaCompute(Interpreter &I, Operation *op, Value a, Value b,
                          Value c, Type accType, Value result);
/// Every element of `result` is `value` (per lane).
LogicalResult wmmaFill(Interpreter &I, Operation *op, Value value,
                       Value result);

} // namespace mlir::uop::sim::tensorcore

#endif // UOP_SIM_TENSORCORE_H
