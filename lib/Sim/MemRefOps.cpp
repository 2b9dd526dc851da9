//===- MemRefOps.cpp - uop-sim handlers for the memref dialect ------------===//
//
// Loads and stores check every index against its dimension (out of bounds is
// a fault, and the access is skipped) and go through the race tracker when
// they touch shared memory. Views (subview, casts, reshapes) only compute new
// descriptors; a subview's offset may differ per thread.
//
// Allocations inside a kernel are per thread (registers or local memory on
// the hardware): one buffer holds a slice per lane, and each lane's
// descriptor points at its own slice.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"
#include "Uop/Dialect/Uop/IR/Layout.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

/// First active lane (0 when none is active).
/// Number of active lanes.
uint64_t activeCount(Interpreter &I) {
  if (I.allActive())
    return I.numLanes();
  uint64_t n = 0;
  for (unsigned l = 0; l < I.numLanes(); ++l)
    n += I.isActive(l);
  return n;
}

unsigned firstActive(Interpreter &I) {
  for (unsigned l = 0; l < I.numLanes(); ++l)
    if (I.isActive(l))
      return l;
  return 0;
}

/// True when every value in `vals` is uniform.
bool allUniform(Interpreter &I, ValueRange vals) {
  for (Value v : vals)
    if (!I.get(v).uniform)
      return false;
  return true;
}

/// The index operands of an access, looked up once per op execution.
struct IndexValues {
  const SimValue *v[8];
  unsigned rank = 0;
  IndexValues(Interpreter &I, ValueRange indices) {
    for (Value x : indices)
      if (rank < 8)
        v[rank++] = &I.get(x);
  }
  /// Reads the indices of `lane` into `out`.
  void at(unsigned lane, int64_t *out) const {
    for (unsigned d = 0; d < rank; ++d)
      out[d] = v[d]->at(lane).i;
  }
};

LogicalResult loadOp(Interpreter &I, Operation *op) {
  auto ld = cast<memref::LoadOp>(op);
  const SimValue &m = I.get(ld.getMemref());
  ValueRange indices = ld.getIndices();
  SimValue &r = I.def(ld.getResult());
  Buffer &b = *m.buffer;
  bool tracked = b.isShared && I.isInKernel();
  int64_t idx[8];
  if (indices.size() > 8)
    return I.unsupported(op, "memrefs of rank above 8");
  IndexValues iv(I, indices);
  unsigned n = I.numLanes();
  if (m.uniform && allUniform(I, indices)) {
    unsigned l0 = firstActive(I);
    iv.at(l0, idx);
    int64_t lin;
    Word *o = r.setUniform(1);
    o->i = 0;
    if (!I.linearIndex(m, l0, idx, op, lin))
      return success();
    if (!tracked) {
      *o = b.load(lin);
      I.countLoads(b, activeCount(I));
      // One record per block suffices for the inter-block check.
      I.noteGlobalRead(b, lin, l0, op);
      return success();
    }
    for (unsigned l = 0; l < n; ++l)
      if (I.isActive(l))
        *o = I.loadElem(b, lin, l, op);
    return success();
  }
  Word *o = r.setVarying(n);
  // Hot path: the common rank-2, all-active, untracked float load.
  if (!tracked && I.allActive() && b.kind == ElemKind::F32 &&
      indices.size() == 2) {
    const SimValue &i0 = I.get(indices[0]), &i1 = I.get(indices[1]);
    const float *data = (const float *)b.bytes.data();
    int64_t s0 = m.sizes[0], s1 = m.sizes[1], st0 = m.strides[0],
            st1 = m.strides[1];
    bool inKernel = I.isInKernel();
    for (unsigned l = 0; l < n; ++l) {
      int64_t a = i0.at(l).i, c = i1.at(l).i;
      int64_t lin = m.offset(l) + a * st0 + c * st1;
      if (a < 0 || a >= s0 || c < 0 || c >= s1 || lin < 0 ||
          lin >= b.numElements) {
        idx[0] = a;
        idx[1] = c;
        I.linearIndex(m, l, idx, op, lin);
        o[l].i = 0;
        continue;
      }
      o[l].f = data[lin];
      if (inKernel)
        I.noteGlobalRead(b, lin, l, op);
    }
    I.countLoads(b, n);
    return success();
  }
  unsigned rank = iv.rank;
  for (unsigned l = 0; l < n; ++l) {
    o[l].i = 0;
    if (!I.isActive(l))
      continue;
    int64_t lin = m.offset(l);
    bool ok = true;
    for (unsigned d = 0; d < rank; ++d) {
      int64_t x = iv.v[d]->at(l).i;
      ok &= x >= 0 && x < m.sizes[d];
      lin += x * m.strides[d];
    }
    if (!ok || lin < 0 || lin >= b.numElements) {
      iv.at(l, idx);
      I.linearIndex(m, l, idx, op, lin);
      continue;
    }
    if (tracked) {
      o[l] = I.loadElem(b, lin, l, op);
    } else {
      o[l] = b.load(lin);
      I.countLoads(b, 1);
      I.noteGlobalRead(b, lin, l, op);
    }
  }
  return success();
}

LogicalResult storeOp(Interpreter &I, Operation *op) {
  auto st = cast<memref::StoreOp>(op);
  const SimValue &m = I.get(st.getMemref());
  const SimValue &v = I.get(st.getValueToStore());
  ValueRange indices = st.getIndices();
  Buffer &b = *m.buffer;
  bool tracked = b.isShared && I.isInKernel();
  int64_t idx[8];
  if (indices.size() > 8)
    return I.unsupported(op, "memrefs of rank above 8");
  IndexValues iv(I, indices);
  unsigned n = I.numLanes();
  if (!tracked && m.uniform && v.uniform && allUniform(I, indices)) {
    unsigned l0 = firstActive(I);
    iv.at(l0, idx);
    int64_t lin;
    if (I.linearIndex(m, l0, idx, op, lin)) {
      b.store(lin, v.data[0]);
      I.noteGlobalWrite(b, lin, l0, op);
    }
    I.countStores(b, activeCount(I));
    return success();
  }
  for (unsigned l = 0; l < n; ++l) {
    if (!I.isActive(l))
      continue;
    iv.at(l, idx);
    int64_t lin;
    if (!I.linearIndex(m, l, idx, op, lin))
      continue;
    if (tracked) {
      I.storeElem(b, lin, v.at(l), l, op);
    } else {
      b.store(lin, v.at(l));
      I.countStores(b, 1);
      I.noteGlobalWrite(b, lin, l, op);
    }
  }
  return success();
}

/// The new value of an element that holds `old` after the atomic `kind`
/// with operand `v` of type `type`: the semantics of arith's op of the same
/// name (integers wrap at their width, maxnumf ignores a NaN, maximumf
/// propagates it).
Word atomicUpdate(arith::AtomicRMWKind kind, Word old, Word v, Type type) {
  unsigned bw = intWidthOf(type);
  auto floatOp = [&](double r) {
    Word w;
    w.f = r;
    return w;
  };
  auto intOp = [&](IntResult r) {
    Word w;
    w.i = r.value;
    return w;
  };
  switch (kind) {
  case arith::AtomicRMWKind::assign:
    return v;
  case arith::AtomicRMWKind::addf:
    return floatOp(old.f + v.f);
  case arith::AtomicRMWKind::mulf:
    return floatOp(old.f * v.f);
  case arith::AtomicRMWKind::maxnumf:
    return floatOp(std::fmax(old.f, v.f));
  case arith::AtomicRMWKind::minnumf:
    return floatOp(std::fmin(old.f, v.f));
  case arith::AtomicRMWKind::maximumf:
  case arith::AtomicRMWKind::minimumf: {
    bool isMax = kind == arith::AtomicRMWKind::maximumf;
    if (std::isnan(old.f) || std::isnan(v.f))
      return floatOp(NAN);
    if (old.f == v.f) // -0 < +0
      return std::signbit(old.f) == isMax ? v : old;
    return floatOp(isMax ? std::max(old.f, v.f) : std::min(old.f, v.f));
  }
  case arith::AtomicRMWKind::addi:
    return intOp(addi(old.i, v.i, bw));
  case arith::AtomicRMWKind::muli:
    return intOp(muli(old.i, v.i, bw));
  case arith::AtomicRMWKind::andi:
    return intOp(andi(old.i, v.i, bw));
  case arith::AtomicRMWKind::ori:
    return intOp(ori(old.i, v.i, bw));
  case arith::AtomicRMWKind::xori:
    return intOp(xori(old.i, v.i, bw));
  case arith::AtomicRMWKind::maxs:
    return intOp(maxsi(old.i, v.i, bw));
  case arith::AtomicRMWKind::mins:
    return intOp(minsi(old.i, v.i, bw));
  case arith::AtomicRMWKind::maxu:
    return intOp(maxui(old.i, v.i, bw));
  case arith::AtomicRMWKind::minu:
    return intOp(minui(old.i, v.i, bw));
  }
  return v;
}

/// memref.atomic_rmw: each active lane, in lane order, reads the element,
/// combines it with its operand and writes it back, and gets the old value.
/// The hardware serializes the atomics of one element in some order; lane
/// order is one of them. Atomics are not races: they are recorded neither
/// by the shared-memory race tracker nor by the inter-block check (an atomic
/// and a plain access to one element are not checked against each other).
/// Shared memory must have been written before (an uninitialized read
/// otherwise).
LogicalResult atomicRMWOp(Interpreter &I, Operation *op) {
  auto at = cast<memref::AtomicRMWOp>(op);
  const SimValue &m = I.get(at.getMemref());
  const SimValue &v = I.get(at.getValue());
  ValueRange indices = at.getIndices();
  Type type = at.getValue().getType();
  arith::AtomicRMWKind kind = at.getKind();
  bool isFloat = isa<FloatType>(type);
  // The op's verifier lets a float kind through on an integer (maxnumf on
  // i32), and an integer kind reads the word as an integer.
  bool intKind = kind == arith::AtomicRMWKind::addi ||
                 kind == arith::AtomicRMWKind::muli ||
                 kind == arith::AtomicRMWKind::andi ||
                 kind == arith::AtomicRMWKind::ori ||
                 kind == arith::AtomicRMWKind::xori ||
                 kind == arith::AtomicRMWKind::maxs ||
                 kind == arith::AtomicRMWKind::mins ||
                 kind == arith::AtomicRMWKind::maxu ||
                 kind == arith::AtomicRMWKind::minu;
  if (kind != arith::AtomicRMWKind::assign && intKind == isFloat)
    return I.unsupported(op, (Twine("expected ") +
                              (isFloat ? "a float" : "an integer") +
                              " atomic kind, got " +
                              arith::stringifyAtomicRMWKind(kind))
                                 .str());
  if (indices.size() > 8)
    return I.unsupported(op, "memrefs of rank above 8");
  Buffer &b = *m.buffer;
  bool shared = b.isShared && I.isInKernel();
  IndexValues iv(I, indices);
  int64_t idx[8];
  unsigned n = I.numLanes();
  Word *o = I.def(at.getResult()).setVarying(n);
  for (unsigned l = 0; l < n; ++l) {
    o[l].i = 0;
    if (!I.isActive(l))
      continue;
    iv.at(l, idx);
    int64_t lin;
    if (!I.linearIndex(m, l, idx, op, lin))
      continue;
    if (shared && b.access[lin].writeEpoch == 0) {
      // Reports the uninitialized read.
      I.getRaces().onRead(b, lin, I.threadOf(l), op);
      o[l] = Interpreter::uninitializedWord(b);
      continue;
    }
    Word old = b.load(lin);
    b.store(lin, atomicUpdate(kind, old, v.at(l), type));
    o[l] = old;
    I.countLoads(b, 1);
    I.countStores(b, 1);
  }
  return success();
}

/// memref.alloc / memref.alloca: a host buffer, or one slice per lane.
LogicalResult allocOp(Interpreter &I, Operation *op) {
  auto type = cast<MemRefType>(op->getResult(0).getType());
  if (uop::isWorkgroupMemRef(type)) {
    FailureOr<Buffer *> b =
        I.getSharedBuffer(op, op, type, I.nameOf(op->getResult(0)));
    if (failed(b))
      return failure();
    Interpreter::describe(I.def(op->getResult(0)), *b, type.getShape());
    return success();
  }
  SmallVector<int64_t, 4> sizes;
  unsigned dyn = 0;
  for (int64_t s : type.getShape()) {
    if (ShapedType::isDynamic(s)) {
      FailureOr<int64_t> v = I.getUniformInt(op, op->getOperand(dyn++));
      if (failed(v))
        return failure();
      s = *v;
    }
    sizes.push_back(s);
  }
  if (!type.getLayout().isIdentity())
    return I.unsupported(op, "allocations with a non-identity layout");
  // The element count of a huge shape overflows int64: refuse it with the
  // sizes rather than allocate a wrapped-around (small or negative) count.
  int64_t count = 1, total;
  unsigned lanes = I.numLanes();
  bool overflow = false;
  for (int64_t s : sizes) {
    if (s < 0)
      return I.unsupported(op, "negative buffer size");
    overflow |= __builtin_mul_overflow(count, s, &count);
  }
  overflow |= __builtin_mul_overflow(count, (int64_t)lanes, &total);
  if (overflow) {
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::interleave(sizes, os, "x");
    return I.unsupported(op, "expected an allocation of at most 2^63 - 1 "
                             "elements, got " +
                                 text + " for " + std::to_string(lanes) +
                                 " lane(s)");
  }
  FailureOr<Buffer *> b = I.allocate(op, type.getElementType(), total,
                                     false, I.nameOf(op->getResult(0)));
  if (failed(b))
    return failure();
  SimValue &r = I.def(op->getResult(0));
  Interpreter::describe(r, *b, sizes);
  if (lanes > 1) {
    Word *o = r.setVarying(lanes);
    for (unsigned l = 0; l < lanes; ++l)
      o[l].i = (int64_t)l * count;
  }
  return success();
}

LogicalResult deallocOp(Interpreter &I, Operation *op) {
  const SimValue &m = I.get(op->getOperand(0));
  if (m.buffer && !m.buffer->isShared)
    I.deallocate(m.buffer);
  return success();
}

/// Integers of mixed static / dynamic values for `lane`.
void mixedLane(Interpreter &I, ArrayRef<OpFoldResult> mixed, unsigned lane,
               SmallVectorImpl<int64_t> &out) {
  out.clear();
  for (OpFoldResult ofr : mixed) {
    if (auto attr = dyn_cast<Attribute>(ofr))
      out.push_back(cast<IntegerAttr>(attr).getInt());
    else
      out.push_back(I.get(cast<Value>(ofr)).at(lane).i);
  }
}

LogicalResult subviewOp(Interpreter &I, Operation *op) {
  auto sv = cast<memref::SubViewOp>(op);
  const SimValue &src = I.get(sv.getSource());
  SmallVector<int64_t, 4> sizes, strides, offs;
  if (failed(I.getUniformInts(op, sv.getMixedSizes(), sizes)) ||
      failed(I.getUniformInts(op, sv.getMixedStrides(), strides)))
    return failure();
  llvm::SmallBitVector dropped = sv.getDroppedDims();
  SimValue &r = I.def(sv.getResult());
  r.buffer = src.buffer;
  r.sizes.clear();
  r.strides.clear();
  for (unsigned d = 0; d < sizes.size(); ++d) {
    if (dropped.test(d))
      continue;
    r.sizes.push_back(sizes[d]);
    r.strides.push_back(src.strides[d] * strides[d]);
  }
  bool uni = src.uniform;
  for (OpFoldResult ofr : sv.getMixedOffsets())
    if (auto v = dyn_cast<Value>(ofr))
      uni &= I.get(v).uniform;
  unsigned n = uni ? 1 : I.numLanes();
  Word *o = uni ? r.setUniform(1) : r.setVarying(n);
  for (unsigned l = 0; l < n; ++l) {
    o[l].i = 0;
    if (!uni && !I.isActive(l))
      continue;
    unsigned lane = uni ? firstActive(I) : l;
    mixedLane(I, sv.getMixedOffsets(), lane, offs);
    int64_t off = src.offset(lane);
    for (unsigned d = 0; d < offs.size(); ++d) {
      int64_t last = offs[d] + (sizes[d] - 1) * strides[d];
      if (sizes[d] > 0 && (offs[d] < 0 || last >= src.sizes[d])) {
        // Name the first element of the view that falls outside.
        SmallVector<int64_t, 4> bad(offs.begin(), offs.end());
        bad[d] = offs[d] < 0 ? offs[d] : last;
        int64_t ignored;
        I.linearIndex(src, lane, bad.data(), op, ignored);
        break;
      }
      off += offs[d] * src.strides[d];
    }
    o[l].i = off;
  }
  return success();
}

LogicalResult castLikeOp(Interpreter &I, Operation *op) {
  I.def(op->getResult(0)) = I.get(op->getOperand(0));
  return success();
}

/// memref.transpose: the same buffer and offset, sizes and strides
/// permuted (result dimension d is source dimension perm(d)).
LogicalResult transposeOp(Interpreter &I, Operation *op) {
  auto t = cast<memref::TransposeOp>(op);
  AffineMap perm = t.getPermutation();
  const SimValue &src = I.get(t.getIn());
  SimValue r = src;
  for (unsigned d = 0; d < perm.getNumResults(); ++d) {
    unsigned from = perm.getDimPosition(d);
    r.sizes[d] = src.sizes[from];
    r.strides[d] = src.strides[from];
  }
  I.def(t.getResult()) = r;
  return success();
}

LogicalResult collapseOp(Interpreter &I, Operation *op) {
  auto c = cast<memref::CollapseShapeOp>(op);
  const SimValue &src = I.get(c.getSrc());
  SimValue &r = I.def(c.getResult());
  r = src;
  r.sizes.clear();
  r.strides.clear();
  for (const ReassociationIndices &group : c.getReassociationIndices()) {
    int64_t size = 1;
    for (int64_t d : group)
      size *= src.sizes[d];
    r.sizes.push_back(size);
    r.strides.push_back(group.empty() ? 1 : src.strides[group.back()]);
  }
  return success();
}

LogicalResult expandOp(Interpreter &I, Operation *op) {
  auto e = cast<memref::ExpandShapeOp>(op);
  const SimValue &src = I.get(e.getSrc());
  SmallVector<int64_t, 4> outShape;
  if (failed(I.getUniformInts(op, e.getMixedOutputShape(), outShape)))
    return failure();
  SimValue &r = I.def(e.getResult());
  r = src;
  r.sizes = outShape;
  r.strides.assign(outShape.size(), 1);
  for (auto [d, group] : llvm::enumerate(e.getReassociationIndices())) {
    int64_t stride = src.strides[d];
    for (int i = (int)group.size() - 1; i >= 0; --i) {
      r.strides[group[i]] = stride;
      stride *= outShape[group[i]];
    }
  }
  return success();
}

LogicalResult reinterpretOp(Interpreter &I, Operation *op) {
  auto rc = cast<memref::ReinterpretCastOp>(op);
  const SimValue &src = I.get(rc.getSource());
  SmallVector<int64_t, 4> offs, sizes, strides;
  if (failed(I.getUniformInts(op, rc.getMixedOffsets(), offs)) ||
      failed(I.getUniformInts(op, rc.getMixedSizes(), sizes)) ||
      failed(I.getUniformInts(op, rc.getMixedStrides(), strides)))
    return failure();
  SimValue &r = I.def(rc.getResult());
  r.buffer = src.buffer;
  r.sizes = sizes;
  r.strides = strides;
  r.setUniform(1)[0].i = offs.empty() ? 0 : offs[0];
  return success();
}

LogicalResult dimOp(Interpreter &I, Operation *op) {
  auto d = cast<memref::DimOp>(op);
  const SimValue &m = I.get(d.getSource());
  FailureOr<int64_t> i = I.getUniformInt(op, d.getIndex());
  if (failed(i))
    return failure();
  if (*i < 0 || *i >= (int64_t)m.sizes.size())
    return I.unsupported(op, "memref.dim index out of range");
  I.def(d.getResult()).setUniform(1)[0].i = m.sizes[*i];
  return success();
}

/// Calls `fn(idx)` for every multi-index of `sizes` in row-major order.
template <typename F> void forEachIndex(ArrayRef<int64_t> sizes, F fn) {
  int64_t total = 1;
  for (int64_t s : sizes)
    total *= s;
  SmallVector<int64_t, 8> idx(sizes.size(), 0);
  for (int64_t p = 0; p < total; ++p) {
    fn(idx.data());
    for (int d = (int)sizes.size() - 1; d >= 0; --d) {
      if (++idx[d] < sizes[d])
        break;
      idx[d] = 0;
    }
  }
}

LogicalResult copyOp(Interpreter &I, Operation *op) {
  auto c = cast<memref::CopyOp>(op);
  const SimValue &src = I.get(c.getSource());
  const SimValue &dst = I.get(c.getTarget());
  if (src.sizes != dst.sizes)
    return I.unsupported(op, "memref.copy between different shapes");
  bool once = src.uniform && dst.uniform && !src.buffer->isShared &&
              !dst.buffer->isShared;
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    if (!I.isActive(l))
      continue;
    forEachIndex(src.sizes, [&](const int64_t *idx) {
      int64_t si, di;
      if (I.linearIndex(src, l, idx, op, si) &&
          I.linearIndex(dst, l, idx, op, di))
        I.storeElem(*dst.buffer, di, I.loadElem(*src.buffer, si, l, op), l, op);
    });
    if (once)
      break;
  }
  return success();
}

LogicalResult getGlobalOp(Interpreter &I, Operation *op) {
  auto g = cast<memref::GetGlobalOp>(op);
  MemRefType type = g.getType();
  FailureOr<Buffer *> b;
  if (uop::isWorkgroupMemRef(type)) {
    Operation *global =
        SymbolTable::lookupNearestSymbolFrom(op, g.getNameAttr());
    b = I.getSharedBuffer(op, global, type, "@" + g.getName().str());
  } else {
    b = I.getGlobal(op, g.getName());
  }
  if (failed(b))
    return failure();
  Interpreter::describe(I.def(g.getResult()), *b, type.getShape());
  return success();
}

/// memref.view of the dynamic shared memory region: a typed shared buffer
/// of the block at the region's address plus the byte offset, one per view
/// op (reused by every block, as the view must be at the same offset).
/// Views of other memory, overlapping views and views at offsets that vary
/// are refused: the simulator keeps one element type per buffer, so
/// differently typed views of the same bytes are not modelled.
LogicalResult viewOp(Interpreter &I, Operation *op) {
  auto view = cast<memref::ViewOp>(op);
  const SimValue &src = I.get(view.getSource());
  Interpreter::KernelState *ks = I.kernel();
  if (!ks || !src.buffer || !src.buffer->isShared ||
      !view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>())
    return I.unsupported(op, "expected memref.view of gpu.dynamic_shared_memory "
                             "(other views are not simulated)");
  MemRefType type = view.getType();
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return I.unsupported(op, "expected a view of static shape and identity "
                             "layout");
  const SimValue &shift = I.get(view.getByteShift());
  if (!shift.uniform)
    return I.unsupported(op, "expected a byte offset that is the same for "
                             "every thread");
  int64_t offset = shift.at(0).i;
  int64_t elem = uop::getElementBytes(type.getElementType());
  // Saturates rather than wraps for absurd shapes.
  int64_t bytes = uop::getBufferBytes(type);
  if (offset < 0 || offset > ks->dynamicSharedBytes ||
      bytes > ks->dynamicSharedBytes - offset) {
    std::string msg = "out of bounds: " + I.nameOf(view.getResult()) +
                      " views bytes [" + std::to_string(offset) + ", " +
                      std::to_string(offset + bytes) +
                      ") of dynamic shared memory of " +
                      std::to_string(ks->dynamicSharedBytes) +
                      " bytes (the launch's dynamic_shared_memory_size)";
    return I.fatalFault(FaultKind::OutOfBounds, src.buffer, op, std::move(msg));
  }
  uint64_t address = src.buffer->sharedAddress + uint64_t(offset);
  if (address % uint64_t(elem))
    return I.fatalFault(FaultKind::Misaligned, src.buffer, op,
                        "misaligned: " + I.nameOf(view.getResult()) +
                            " views dynamic shared memory at byte " +
                            std::to_string(offset) + ", not a multiple of " +
                            std::to_string(elem));
  auto &views = I.sharedSpace().dynamicViews;
  auto it = views.find(op);
  if (it != views.end()) {
    if (it->second.offset != offset)
      return I.unsupported(op, "expected a view of dynamic shared memory at "
                               "one offset (it moved from " +
                               std::to_string(it->second.offset) + " to " +
                               std::to_string(offset) + ")");
  } else {
    for (auto &[key, other] : views)
      if (offset < other.offset + other.bytes && other.offset < offset + bytes)
        return I.unsupported(op, "expected views of dynamic shared memory "
                                 "that do not overlap (bytes [" +
                                 std::to_string(offset) + ", " +
                                 std::to_string(offset + bytes) +
                                 ") overlap another view)");
  }
  FailureOr<Buffer *> b = I.getSharedBuffer(op, op, type,
                                            I.nameOf(view.getResult()));
  if (failed(b))
    return failure();
  // The view is at the same address in every block of a cluster.
  for (Interpreter::KernelState::SharedSpace &space : ks->spaces)
    if (Buffer *peer = space.buffers.lookup(op))
      peer->sharedAddress = address;
  views[op] = {offset, bytes, *b};
  Interpreter::describe(I.def(view.getResult()), *b, type.getShape());
  return success();
}

LogicalResult noOp(Interpreter &, Operation *) { return success(); }

} // namespace

void mlir::uop::sim::registerMemRefHandlers(HandlerRegistry &r) {
  r.add<memref::LoadOp>(loadOp);
  r.add<memref::StoreOp>(storeOp);
  r.add<memref::AtomicRMWOp>(atomicRMWOp);
  r.add<memref::AllocOp>(allocOp);
  r.add<memref::AllocaOp>(allocOp);
  r.add<memref::DeallocOp>(deallocOp);
  r.add<memref::SubViewOp>(subviewOp);
  r.add<memref::CastOp>(castLikeOp);
  r.add<memref::MemorySpaceCastOp>(castLikeOp);
  r.add<memref::AssumeAlignmentOp>(castLikeOp);
  r.add<memref::CollapseShapeOp>(collapseOp);
  r.add<memref::TransposeOp>(transposeOp);
  r.add<memref::ExpandShapeOp>(expandOp);
  r.add<memref::ReinterpretCastOp>(reinterpretOp);
  r.add<memref::DimOp>(dimOp);
  r.add<memref::CopyOp>(copyOp);
  r.add<memref::GetGlobalOp>(getGlobalOp);
  r.add<memref::ViewOp>(viewOp);
  r.add<memref::GlobalOp>(noOp);
}
