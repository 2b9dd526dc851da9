//===- TensorCore.cpp - lane-exact tensor-core and cp.async semantics -----===//
//
// The fragment maps, the warp's matrix product and the cp.async groups
// declared in TensorCore.h. The maps follow the PTX ISA's fragment figures
// for mma.m16n8k16 / m16n8k8 and ldmatrix.m8n8; the WMMA map is the
// simulator's own scramble (the layout is opaque by contract).
//
//===----------------------------------------------------------------------===//

#include "Uop/Sim/TensorCore.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::uop::sim;
using namespace mlir::uop::sim::tensorcore;

//===----------------------------------------------------------------------===//
// Fragment maps
//===----------------------------------------------------------------------===//

MmaShape tensorcore::getMmaShape(MmaKind kind) {
  if (kind == MmaKind::TF32)
    return {16, 8, 8, 4, 1, 2, 1, 2, 2};
  return {16, 8, 16, 4, 2, 2, 2, 2, 2};
}

Coord tensorcore::mmaA(MmaKind kind, unsigned lane, unsigned reg, unsigned e) {
  int64_t g = lane / 4, t = lane % 4;
  // Odd registers hold the lower eight rows; registers 2 and 3 the upper
  // half of K (k 8..15, or 4..7 for tf32's one element per register).
  int64_t row = g + 8 * (reg % 2);
  if (kind == MmaKind::TF32)
    return {row, t + 4 * (reg / 2)};
  return {row, 2 * t + e + 8 * (reg / 2)};
}

Coord tensorcore::mmaB(MmaKind kind, unsigned lane, unsigned reg, unsigned e) {
  int64_t g = lane / 4, t = lane % 4;
  if (kind == MmaKind::TF32)
    return {t + 4 * reg, g};
  return {2 * t + 8 * reg + e, g};
}

Coord tensorcore::mmaC(unsigned lane, unsigned reg, unsigned e) {
  int64_t g = lane / 4, t = lane % 4;
  return {g + 8 * reg, 2 * t + e};
}

uint64_t tensorcore::operandAddress(uint64_t start, uint64_t lbo,
                                    uint64_t sbo, bool swizzle128,
                                    bool mnMajor, uint64_t row, uint64_t k,
                                    uint64_t elementBytes) {
  // Bytes along the contiguous dimension and the index along the other.
  uint64_t b = (mnMajor ? row : k) * elementBytes;
  uint64_t other = mnMajor ? k : row;
  if (swizzle128) {
    // A K-major row of a k16 slice stays within its 128 bytes; MN-major
    // rows hold 64 elements, further ones a block `lbo` on.
    uint64_t block = mnMajor ? (b / 128) * lbo : 0;
    uint64_t a = start + block + (other / 8) * sbo + (other % 8) * 128 +
                 (mnMajor ? b % 128 : b);
    return a ^ (((a >> 7) & 7) << 4);
  }
  uint64_t contiguousStride = mnMajor ? sbo : lbo;
  uint64_t otherStride = mnMajor ? lbo : sbo;
  return start + (other / 8) * otherStride + (b / 16) * contiguousStride +
         (other % 8) * 16 + b % 16;
}

double tensorcore::roundToTf32(double x) {
  float f = (float)x;
  if (!std::isfinite(f))
    return f;
  uint32_t u;
  std::memcpy(&u, &f, 4);
  // Keep 10 of f32's 23 mantissa bits: add half of the dropped range (ties
  // away from zero; a carry into the exponent is the right rounding, up to
  // infinity), then clear the 13 dropped bits.
  u = (u + 0x1000u) & ~0x1fffu;
  std::memcpy(&f, &u, 4);
  return f;
}

void tensorcore::mmaSync(MmaKind kind, llvm::ArrayRef<double> a,
                         llvm::ArrayRef<double> b, llvm::ArrayRef<double> c,
                         llvm::MutableArrayRef<double> d) {
  MmaShape s = getMmaShape(kind);
  unsigned aw = s.aRegs * s.aPerReg, bw = s.bRegs * s.bPerReg,
           cw = s.cRegs * s.cPerReg;
  std::vector<double> A(s.m * s.k), B(s.k * s.n), C(s.m * s.n);
  bool tf32 = kind == MmaKind::TF32;
  for (unsigned l = 0; l < kWarpLanes; ++l) {
    for (unsigned r = 0; r < s.aRegs; ++r)
      for (unsigned e = 0; e < s.aPerReg; ++e) {
        Coord p = mmaA(kind, l, r, e);
        double v = a[l * aw + r * s.aPerReg + e];
        A[p.row * s.k + p.col] = tf32 ? roundToTf32(v) : v;
      }
    for (unsigned r = 0; r < s.bRegs; ++r)
      for (unsigned e = 0; e < s.bPerReg; ++e) {
        Coord p = mmaB(kind, l, r, e);
        double v = b[l * bw + r * s.bPerReg + e];
        B[p.row * s.n + p.col] = tf32 ? roundToTf32(v) : v;
      }
    for (unsigned r = 0; r < s.cRegs; ++r)
      for (unsigned e = 0; e < s.cPerReg; ++e) {
        Coord p = mmaC(l, r, e);
        C[p.row * s.n + p.col] = c[l * cw + r * s.cPerReg + e];
      }
  }
  // The products of 11-bit (f16, tf32) or 8-bit (bf16) significands are
  // exact in f32, so a fused multiply-add in f32 rounds only the sum.
  for (int64_t i = 0; i < s.m; ++i)
    for (int64_t j = 0; j < s.n; ++j) {
      float acc = (float)C[i * s.n + j];
      for (int64_t k = 0; k < s.k; ++k)
        acc = std::fma((float)A[i * s.k + k], (float)B[k * s.n + j], acc);
      C[i * s.n + j] = acc;
    }
  for (unsigned l = 0; l < kWarpLanes; ++l)
    for (unsigned r = 0; r < s.cRegs; ++r)
      for (unsigned e = 0; e < s.cPerReg; ++e) {
        Coord p = mmaC(l, r, e);
        d[l * cw + r * s.cPerReg + e] = C[p.row * s.n + p.col];
      }
}

Coord tensorcore::ldmatrixElem(unsigned lane, unsigned e, bool transpose) {
  int64_t row = lane / 4, col = 2 * (lane % 4) + e;
  return transpose ? Coord{col, row} : Coord{row, col};
}

void tensorcore::wmmaSlot(WmmaOperand operand, int64_t row, int64_t col,
                          unsigned &lane, unsigned &slot) {
  // An affine map x -> (m x + a) mod 256 with m odd is a bijection of the
  // 256 elements; a different one per operand, so that neither row-major
  // order nor one operand's layout read as another's gives the product.
  static const unsigned mul[3] = {73, 151, 45}, add[3] = {29, 7, 101};
  unsigned o = (unsigned)operand;
  unsigned q = (unsigned(row * 16 + col) * mul[o] + add[o]) & 255u;
  lane = q % kWarpLanes;
  slot = q / kWarpLanes;
}

//===----------------------------------------------------------------------===//
// Execution
//===----------------------------------------------------------------------===//

namespace {

/// The per-lane indices `indices` of `lane`, with `delta` added to the
/// innermost one.
llvm::SmallVector<int64_t, 4> laneIndices(Interpreter &I, ValueRange indices,
                                          unsigned lane, int64_t delta = 0) {
  llvm::SmallVector<int64_t, 4> idx;
  for (Value v : indices)
    idx.push_back(I.get(v).at(lane).i);
  if (!idx.empty())
    idx.back() += delta;
  return idx;
}


/// The linear element of `m` that element (row, col) of a 16x16 WMMA tile
/// starting at linear element `start` occupies, rows `leadDim` apart
/// (columns, when `transpose`); reports an out-of-bounds fault and returns
/// false past the buffer.
bool wmmaElement(Interpreter &I, Operation *op, const SimValue &m,
                 int64_t start, int64_t row, int64_t col, int64_t leadDim,
                 bool transpose, unsigned lane, int64_t &linear) {
  linear = start + (transpose ? col * leadDim + row : row * leadDim + col);
  if (linear >= 0 && linear < m.buffer->numElements)
    return true;
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "out of bounds: " << op->getName() << " of "
     << (m.buffer->isShared ? "shared " : "") << m.buffer->name
     << " at element " << linear << " (" << m.buffer->numElements
     << " elements) in block " << I.block()->name() << " by thread "
     << I.block()->threadName(I.threadOf(lane)) << " at "
     << formatLoc(op->getLoc());
  I.reportFault(FaultKind::OutOfBounds, m.buffer, op, {lane}, std::move(s));
  return false;
}

/// Fails (bad input) outside a kernel: cp.async and its groups belong to
/// threads of a block.
LogicalResult requireKernel(Interpreter &I, Operation *op) {
  if (I.isInKernel() && I.block())
    return success();
  return I.unsupported(op, "expected an asynchronous copy operation inside a "
                           "kernel, got one on the host");
}

/// The cp.async state of every thread of the running block.
std::vector<AsyncCopyState> &asyncStates(Interpreter &I) {
  BlockState &bs = *I.block();
  if (bs.asyncCopies.empty())
    bs.asyncCopies.resize(bs.numThreads());
  return bs.asyncCopies;
}

} // namespace

LogicalResult tensorcore::activeWarps(Interpreter &I, Operation *op,
                                      llvm::SmallVectorImpl<unsigned> &warps) {
  if (!I.isInKernel() || !I.block())
    return I.unsupported(op, "expected a warp-collective operation inside a "
                             "kernel, got one on the host");
  if (I.getWarpSize() != kWarpLanes)
    return I.unsupported(op, llvm::Twine("expected a warp size of 32 for a "
                                         "warp-collective operation, got ") +
                                 llvm::Twine(I.getWarpSize()));
  BlockState &bs = *I.block();
  for (unsigned w = 0; w < bs.numWarps(); ++w) {
    const WarpState &ws = bs.warps[w];
    int in = -1, out = -1;
    for (uint32_t t = ws.firstThread; t < ws.firstThread + ws.numThreads;
         ++t) {
      if (I.isActive(t)) {
        if (in < 0)
          in = t;
      } else if (out < 0) {
        out = t;
      }
    }
    if (in < 0)
      continue; // the warp does not reach the op at all
    if (out < 0 && ws.numThreads == kWarpLanes) {
      warps.push_back(w);
      continue;
    }
    // On the hardware the .sync.aligned forms require every lane of the
    // warp to execute the same instruction; otherwise the behaviour is
    // undefined (a hang or garbage fragments).
    std::string msg =
        "partial warp at " + formatLoc(op->getLoc()) + " in block " +
        bs.name() + ": " + op->getName().getStringRef().str() +
        " reached by thread " + bs.threadName(in);
    llvm::SmallVector<unsigned, 2> lanes = {unsigned(in)};
    if (out >= 0) {
      msg += " but not by thread " + bs.threadName(out);
      lanes.push_back(unsigned(out));
    } else {
      msg += " of warp " + std::to_string(w) + ", which has only " +
             std::to_string(ws.numThreads) + " threads";
    }
    msg += " (every lane of a warp must execute a warp-collective "
           "operation together)";
    I.reportFault(FaultKind::PartialWarp, nullptr, op, lanes, std::move(msg));
  }
  return success();
}

/// What ldmatrix and stmatrix check first: the warps that run the op (a
/// partial warp is a fault), `num` 1, 2 or 4, and rows of `mem` that are
/// contiguous (the verifiers give one index per dimension).
static LogicalResult matrixAccessWarps(Interpreter &I, Operation *op,
                                       const SimValue &m, unsigned num,
                                       llvm::SmallVectorImpl<unsigned> &warps) {
  if (failed(tensorcore::activeWarps(I, op, warps)))
    return failure();
  if (num != 1 && num != 2 && num != 4)
    return I.unsupported(op, llvm::Twine("expected 1, 2 or 4 matrices, got ") +
                                 llvm::Twine(num));
  if (m.strides.back() != 1)
    return I.unsupported(op, "expected a memref whose rows are contiguous");
  return success();
}

LogicalResult tensorcore::ldmatrix(Interpreter &I, Operation *op, Value mem,
                                   ValueRange indices, unsigned num,
                                   bool transpose, Value result) {
  const SimValue &m = I.get(mem);
  llvm::SmallVector<unsigned> warps;
  if (failed(matrixAccessWarps(I, op, m, num, warps)))
    return failure();
  unsigned width = num * 2;
  SimValue &res = I.def(result);
  Word *out = res.setVarying(I.numLanes(), width);
  for (unsigned i = 0, n = I.numLanes() * width; i < n; ++i)
    out[i].i = 0;
  // rows[q][r][c]: element c of row r of matrix q, as the lane that
  // supplies row r's address reads it (16 contiguous bytes).
  std::vector<Word> rows(num * 64);
  for (unsigned w : warps) {
    unsigned base = w * kWarpLanes;
    for (unsigned q = 0; q < num; ++q)
      for (unsigned r = 0; r < 8; ++r) {
        unsigned lane = base + q * 8 + r;
        for (unsigned c = 0; c < 8; ++c) {
          Word &dst = rows[q * 64 + r * 8 + c];
          dst.i = 0;
          llvm::SmallVector<int64_t, 4> idx = laneIndices(I, indices, lane, c);
          int64_t linear;
          if (I.linearIndex(m, lane, idx.data(), op, linear))
            dst = I.loadElem(*m.buffer, linear, lane, op);
        }
      }
    for (unsigned l = 0; l < kWarpLanes; ++l)
      for (unsigned q = 0; q < num; ++q)
        for (unsigned e = 0; e < 2; ++e) {
          Coord p = ldmatrixElem(l, e, transpose);
          out[(base + l) * width + q * 2 + e] =
              rows[q * 64 + p.row * 8 + p.col];
        }
  }
  return success();
}

LogicalResult tensorcore::stmatrix(Interpreter &I, Operation *op, Value value,
                                   Value mem, ValueRange indices,
                                   unsigned num) {
  const SimValue &m = I.get(mem);
  llvm::SmallVector<unsigned> warps;
  if (failed(matrixAccessWarps(I, op, m, num, warps)))
    return failure();
  const SimValue &v = I.get(value);
  int64_t elemBytes = (int64_t)getElemBytes(m.buffer->kind);
  for (unsigned w : warps) {
    unsigned base = w * kWarpLanes;
    for (unsigned q = 0; q < num; ++q)
      for (unsigned r = 0; r < 8; ++r) {
        // Lane 8 q + r gives row r of matrix q: 16 bytes, 16-byte aligned
        // (buffers start 256-byte aligned).
        unsigned lane = base + q * 8 + r;
        llvm::SmallVector<int64_t, 4> idx = laneIndices(I, indices, lane);
        int64_t start;
        if (!I.linearIndex(m, lane, idx.data(), op, start))
          continue;
        if ((start * elemBytes) % 16 != 0) {
          std::string msg;
          llvm::raw_string_ostream os(msg);
          os << "misaligned access: " << op->getName() << " row of "
             << (m.buffer->isShared ? "shared " : "") << m.buffer->name
             << " at byte " << start * elemBytes
             << ", which is not a multiple of 16, given by thread "
             << I.block()->threadName(I.threadOf(lane)) << " at "
             << formatLoc(op->getLoc());
          I.reportFault(FaultKind::Misaligned, m.buffer, op, {lane},
                        std::move(msg));
          continue;
        }
        for (unsigned c = 0; c < 8; ++c) {
          // Element (r, c) of matrix q is register q, element c % 2 of lane
          // 4 r + c / 2 (ldmatrixElem inverted).
          unsigned holder = base + r * 4 + c / 2;
          idx = laneIndices(I, indices, lane, c);
          int64_t linear;
          if (I.linearIndex(m, lane, idx.data(), op, linear))
            I.storeElem(*m.buffer, linear, v.at(holder, q * 2 + c % 2), holder,
                        op);
        }
      }
  }
  return success();
}

LogicalResult tensorcore::mma(Interpreter &I, Operation *op, MmaKind kind,
                              Value a, Value b, Value c, Value result) {
  llvm::SmallVector<unsigned> warps;
  if (failed(activeWarps(I, op, warps)))
    return failure();
  MmaShape s = getMmaShape(kind);
  unsigned aw = s.aRegs * s.aPerReg, bw = s.bRegs * s.bPerReg,
           cw = s.cRegs * s.cPerReg;
  const SimValue &av = I.get(a), &bv = I.get(b);
  SimValue cv = I.get(c);
  // The ops' verifiers fix the fragment types, hence their widths.
  assert(av.width == aw && bv.width == bw && cv.width == cw &&
         "mma.sync fragment of the wrong size");
  std::vector<double> fa(kWarpLanes * aw), fb(kWarpLanes * bw),
      fc(kWarpLanes * cw), fd(kWarpLanes * cw);
  llvm::SmallVector<double> results;
  for (unsigned w : warps) {
    unsigned base = w * kWarpLanes;
    for (unsigned l = 0; l < kWarpLanes; ++l) {
      for (unsigned e = 0; e < aw; ++e)
        fa[l * aw + e] = av.at(base + l, e).f;
      for (unsigned e = 0; e < bw; ++e)
        fb[l * bw + e] = bv.at(base + l, e).f;
      for (unsigned e = 0; e < cw; ++e)
        fc[l * cw + e] = cv.at(base + l, e).f;
    }
    mmaSync(kind, fa, fb, fc, fd);
    results.append(fd.begin(), fd.end());
  }
  // Lanes of warps that do not execute the op keep the accumulator.
  SimValue &res = I.def(result);
  Word *out = res.setVarying(I.numLanes(), cw);
  for (unsigned l = 0; l < I.numLanes(); ++l)
    for (unsigned e = 0; e < cw; ++e)
      out[l * cw + e] = cv.at(l, e);
  for (size_t i = 0; i < warps.size(); ++i)
    for (unsigned j = 0; j < kWarpLanes * cw; ++j)
      out[warps[i] * kWarpLanes * cw + j].f = results[i * kWarpLanes * cw + j];
  return success();
}

LogicalResult tensorcore::asyncCopy(Interpreter &I, Operation *op, Value dst,
                                    ValueRange dstIndices, Value src,
                                    ValueRange srcIndices, int64_t elements,
                                    Value srcElements) {
  if (failed(requireKernel(I, op)))
    return failure();
  const SimValue &d = I.get(dst), &s = I.get(src);
  if (!d.buffer->isShared)
    return I.unsupported(op, "expected a destination in shared memory, got " +
                                 d.buffer->name);
  if (d.sizes.empty() || s.sizes.empty() || d.strides.back() != 1 ||
      s.strides.back() != 1)
    return I.unsupported(op, "expected memrefs contiguous in their innermost "
                             "dimension");
  std::vector<AsyncCopyState> &states = asyncStates(I);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane))
      continue;
    uint32_t tid = I.threadOf(lane);
    int64_t fromSrc = elements;
    if (srcElements)
      fromSrc = std::clamp<int64_t>(I.get(srcElements).at(lane).i, 0, elements);
    AsyncCopyState &st = states[tid];
    // cp.async's addresses must be aligned to its size (4, 8 or 16 bytes):
    // the destination's shared address, and the source's where it is read
    // (global buffers start 256-byte aligned, as cudaMalloc's do).
    int64_t bytes = elements * (int64_t)getElemBytes(d.buffer->kind);
    auto aligned = [&](const SimValue &m, ValueRange indices, uint64_t base,
                       const char *what) {
      llvm::SmallVector<int64_t, 4> idx = laneIndices(I, indices, lane);
      int64_t start;
      if (!I.linearIndex(m, lane, idx.data(), op, start))
        return false;
      uint64_t address =
          base + uint64_t(start) * getElemBytes(m.buffer->kind);
      // A buffer sits at an address that is a multiple of its alignment
      // and of nothing larger (the lowest bit set): one aligned to less
      // than the copy is misaligned wherever the hardware places it, even
      // where this placement happens to make the address a multiple.
      uint64_t placed = base & (~base + 1);
      bool underAligned = base != 0 && placed < uint64_t(bytes);
      if (bytes <= 0 ||
          (address % uint64_t(bytes) == 0 && !underAligned))
        return true;
      std::string msg;
      llvm::raw_string_ostream os(msg);
      os << "misaligned access: " << op->getName() << " of " << bytes
         << " bytes " << what << " " << (m.buffer->isShared ? "shared " : "")
         << m.buffer->name << " at byte " << address;
      if (address % uint64_t(bytes) == 0)
        os << ", in a buffer aligned to only " << placed << " bytes";
      else
        os << ", which is not a multiple of " << bytes;
      os << ", by thread " << I.block()->threadName(tid) << " at "
         << formatLoc(op->getLoc());
      I.reportFault(FaultKind::Misaligned, m.buffer, op, {lane},
                    std::move(msg));
      return false;
    };
    if (!aligned(d, dstIndices, d.buffer->sharedAddress, "into") ||
        (fromSrc > 0 && !aligned(s, srcIndices, 0, "from")))
      continue;
    for (int64_t e = 0; e < elements; ++e) {
      // Elements past src_elements are zero-filled (all-zero bits are 0 and
      // 0.0 alike); the source is not read there.
      Word w;
      w.i = 0;
      int64_t linear;
      if (e < fromSrc) {
        llvm::SmallVector<int64_t, 4> idx = laneIndices(I, srcIndices, lane, e);
        if (!I.linearIndex(s, lane, idx.data(), op, linear))
          continue;
        w = I.loadElem(*s.buffer, linear, lane, op);
      }
      llvm::SmallVector<int64_t, 4> idx = laneIndices(I, dstIndices, lane, e);
      if (!I.linearIndex(d, lane, idx.data(), op, linear))
        continue;
      I.getRaces().asyncIssue(*d.buffer, linear, tid, op);
      st.pending.push_back({d.buffer, linear, w, op, st.committed});
    }
  }
  return success();
}

LogicalResult tensorcore::commitGroup(Interpreter &I, Operation *op) {
  if (failed(requireKernel(I, op)))
    return failure();
  std::vector<AsyncCopyState> &states = asyncStates(I);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane)
    if (I.isActive(lane))
      ++states[I.threadOf(lane)].committed;
  return success();
}

LogicalResult tensorcore::waitGroup(Interpreter &I, Operation *op,
                                    uint64_t pending) {
  if (failed(requireKernel(I, op)))
    return failure();
  std::vector<AsyncCopyState> &states = asyncStates(I);
  for (unsigned lane = 0; lane < I.numLanes(); ++lane) {
    if (!I.isActive(lane))
      continue;
    uint32_t tid = I.threadOf(lane);
    AsyncCopyState &st = states[tid];
    // Groups committed before the `pending` most recent ones complete; the
    // open (uncommitted) group never does.
    auto done = [&](const PendingCopy &p) {
      return uint64_t(st.committed - p.group) > pending;
    };
    for (const PendingCopy &p : st.pending) {
      if (!done(p))
        continue;
      p.buffer->store(p.index, p.value);
      I.countStores(*p.buffer, 1);
      I.getRaces().asyncComplete(*p.buffer, p.index, tid, p.op);
    }
    llvm::erase_if(st.pending, done);
  }
  return success();
}

LogicalResult tensorcore::wmmaLoad(Interpreter &I, Operation *op,
                                   WmmaOperand operand, Value mem,
                                   ValueRange indices, int64_t leadDim,
                                   bool transpose, Value result) {
  llvm::SmallVector<unsigned> warps;
  if (failed(activeWarps(I, op, warps)))
    return failure();
  const SimValue &m = I.get(mem);
  SimValue &res = I.def(result);
  Word *out = res.setVarying(I.numLanes(), kWmmaPerLane);
  for (unsigned i = 0, n = I.numLanes() * kWmmaPerLane; i < n; ++i)
    out[i].i = 0;
  for (unsigned w : warps) {
    // Every lane supplies the same address; the warp's first lane's counts.
    unsigned base = w * kWarpLanes;
    llvm::SmallVector<int64_t, 4> idx = laneIndices(I, indices, base);
    int64_t start;
    if (!I.linearIndex(m, base, idx.data(), op, start))
      continue;
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 16; ++c) {
        unsigned lane, slot;
        wmmaSlot(operand, r, c, lane, slot);
        int64_t linear;
        if (wmmaElement(I, op, m, start, r, c, leadDim, transpose, base + lane,
                        linear))
          out[(base + lane) * kWmmaPerLane + slot] =
              I.loadElem(*m.buffer, linear, base + lane, op);
      }
  }
  return success();
}

LogicalResult tensorcore::wmmaStore(Interpreter &I, Operation *op, Value frag,
                                    Value mem, ValueRange indices,
                                    int64_t leadDim, bool transpose) {
  llvm::SmallVector<unsigned> warps;
  if (failed(activeWarps(I, op, warps)))
    return failure();
  const SimValue &m = I.get(mem);
  const SimValue &f = I.get(frag);
  assert(f.width == kWmmaPerLane && "WMMA fragment of the wrong size");
  for (unsigned w : warps) {
    unsigned base = w * kWarpLanes;
    llvm::SmallVector<int64_t, 4> idx = laneIndices(I, indices, base);
    int64_t start;
    if (!I.linearIndex(m, base, idx.data(), op, start))
      continue;
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t c = 0; c < 16; ++c) {
        unsigned lane, slot;
        wmmaSlot(WmmaOperand::C, r, c, lane, slot);
        int64_t linear;
        if (wmmaElement(I, op, m, start, r, c, leadDim, transpose, base + lane,
                        linear))
          I.storeElem(*m.buffer, linear, f.at(base + lane, slot), base + lane,
                      op);
      }
  }
  return success();
}

LogicalResult tensorcore::wmmaCompute(Interpreter &I, Operation *op, Value a,
                                      Value b, Value c, Type accType,
                                      Value result) {
  llvm::SmallVector<unsigned> warps;
  if (failed(activeWarps(I, op, warps)))
    return failure();
  std::optional<ElemKind> kind = getElemKind(accType);
  if (!kind || !isFloatKind(*kind))
    return I.unsupported(op, "expected a floating-point accumulator");
  const SimValue &av = I.get(a), &bv = I.get(b);
  SimValue cv = I.get(c);
  assert(av.width == kWmmaPerLane && bv.width == kWmmaPerLane &&
         cv.width == kWmmaPerLane && "WMMA fragment of the wrong size");
  SimValue &res = I.def(result);
  Word *out = res.setVarying(I.numLanes(), kWmmaPerLane);
  for (unsigned l = 0; l < I.numLanes(); ++l)
    for (unsigned e = 0; e < kWmmaPerLane; ++e)
      out[l * kWmmaPerLane + e] = cv.at(l, e);
  double A[16][16], B[16][16];
  for (unsigned w : warps) {
    unsigned base = w * kWarpLanes;
    unsigned lane, slot;
    for (int64_t r = 0; r < 16; ++r)
      for (int64_t col = 0; col < 16; ++col) {
        wmmaSlot(WmmaOperand::A, r, col, lane, slot);
        A[r][col] = av.at(base + lane, slot).f;
        wmmaSlot(WmmaOperand::B, r, col, lane, slot);
        B[r][col] = bv.at(base + lane, slot).f;
      }
    // f32 accumulation of exact products, rounded once to the accumulator
    // type (an f16 accumulator rounds once per 16x16x16 step).
    for (int64_t i = 0; i < 16; ++i)
      for (int64_t j = 0; j < 16; ++j) {
        wmmaSlot(WmmaOperand::C, i, j, lane, slot);
        float acc = (float)cv.at(base + lane, slot).f;
        for (int64_t k = 0; k < 16; ++k)
          acc = std::fma((float)A[i][k], (float)B[k][j], acc);
        out[(base + lane) * kWmmaPerLane + slot].f = roundToKind(acc, *kind);
      }
  }
  return success();
}

LogicalResult tensorcore::wmmaFill(Interpreter &I, Operation *op, Value value,
                                   Value result) {
  // Each lane fills the slots it holds (no warp-wide exchange is needed).
  SimValue v = I.get(value);
  SimValue &res = I.def(result);
  if (v.uniform) {
    Word *out = res.setUniform(kWmmaPerLane);
    for (unsigned e = 0; e < kWmmaPerLane; ++e)
      out[e] = v.at(0);
    return success();
  }
  Word *out = res.setVarying(I.numLanes(), kWmmaPerLane);
  for (unsigned l = 0; l < I.numLanes(); ++l)
    for (unsigned e = 0; e < kWmmaPerLane; ++e)
      out[l * kWmmaPerLane + e] = v.at(l);
  return success();
}
