//===- VectorOps.cpp - uop-sim handlers for the vector dialect ------------===//
//
// Vectors are per-lane registers: a vector<4x4xf32> value holds 16 words per
// lane in row-major order. Transfers honour permutation maps (including
// broadcast dimensions), padding and in_bounds; an access the op declares in
// bounds but that is not is a fault.
//
//===----------------------------------------------------------------------===//

#include "Elementwise.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::uop::sim;

namespace {

/// Row-major multi-index of linear element `e` of `shape`.
void unflatten(int64_t e, ArrayRef<int64_t> shape, int64_t *out) {
  for (int d = (int)shape.size() - 1; d >= 0; --d) {
    out[d] = e % shape[d];
    e /= shape[d];
  }
}

/// Memory indices of every element of a vector transfer for one lane, and
/// whether each is inside the memref (`inside`) or outside a dimension the
/// op declared in bounds (`fault`).
struct TransferPlan {
  SmallVector<int64_t, 4> base;
  AffineMap perm;
  ArrayRef<int64_t> vshape;
  SmallVector<bool, 4> inBounds;
};

/// Computes the memref index of vector element `e`; returns 0 when inside,
/// 1 when outside a maybe-out-of-bounds dim (masked), 2 when outside an
/// in-bounds dim (a fault).
int transferIndex(const TransferPlan &p, const SimValue &m, int64_t e,
                  int64_t *idx) {
  int64_t v[8];
  unflatten(e, p.vshape, v);
  for (size_t d = 0; d < p.base.size(); ++d)
    idx[d] = p.base[d];
  int status = 0;
  for (auto [j, expr] : llvm::enumerate(p.perm.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      continue; // broadcast dimension
    unsigned d = dim.getPosition();
    idx[d] += v[j];
    if (idx[d] < 0 || idx[d] >= m.sizes[d])
      status = std::max(status, p.inBounds[j] ? 2 : 1);
  }
  return status;
}

/// Checks a transfer the simulator can run and fills the lane-independent
/// part of its plan; the base indices are set per lane by `setBase`.
LogicalResult planTransfer(Interpreter &I, VectorTransferOpInterface t,
                           TransferPlan &p) {
  Operation *op = t.getOperation();
  if (t.getMask())
    return I.unsupported(op, "masked vector transfers are not supported");
  const SimValue &m = I.get(t.getBase());
  if (!m.buffer)
    return I.unsupported(op, "vector transfers of tensors are not supported");
  VectorType vt = t.getVectorType();
  if (vt.getRank() > 8 || m.sizes.size() > 8)
    return I.unsupported(op, "transfers of rank above 8");
  p.perm = t.getPermutationMap();
  p.vshape = vt.getShape();
  for (unsigned j = 0; j < vt.getRank(); ++j)
    p.inBounds.push_back(t.isDimInBounds(j));
  return success();
}

/// Sets the base indices of `p` to those of lane `l`.
void setBase(Interpreter &I, VectorTransferOpInterface t, TransferPlan &p,
             unsigned l) {
  p.base.clear();
  for (Value v : t.getIndices())
    p.base.push_back(I.get(v).at(l).i);
}

LogicalResult transferReadOp(Interpreter &I, Operation *op) {
  auto t = cast<vector::TransferReadOp>(op);
  TransferPlan p;
  if (failed(planTransfer(I, t, p)))
    return failure();
  const SimValue &m = I.get(t.getBase());
  const SimValue &pad = I.get(t.getPadding());
  unsigned w = t.getVectorType().getNumElements();
  SimValue &r = I.def(t.getResult());
  unsigned n = I.numLanes();
  Word *o = r.setVarying(n, w);
  bool tracked = m.buffer->isShared && I.isInKernel();
  int64_t idx[8];
  for (unsigned l = 0; l < n; ++l) {
    if (!I.isActive(l))
      continue;
    setBase(I, t, p, l);
    for (unsigned e = 0; e < w; ++e) {
      int s = transferIndex(p, m, e, idx);
      int64_t lin;
      if (s == 1) {
        o[(size_t)l * w + e] = pad.at(l);
        continue;
      }
      if (!I.linearIndex(m, l, idx, op, lin)) {
        o[(size_t)l * w + e] = pad.at(l);
        continue;
      }
      if (tracked) {
        o[(size_t)l * w + e] = I.loadElem(*m.buffer, lin, l, op);
      } else {
        o[(size_t)l * w + e] = m.buffer->load(lin);
        I.countLoads(*m.buffer, 1);
        I.noteGlobalRead(*m.buffer, lin, l, op);
      }
    }
  }
  return success();
}

LogicalResult transferWriteOp(Interpreter &I, Operation *op) {
  auto t = cast<vector::TransferWriteOp>(op);
  TransferPlan p;
  if (failed(planTransfer(I, t, p)))
    return failure();
  const SimValue &m = I.get(t.getBase());
  const SimValue &val = I.get(t.getVector());
  unsigned w = t.getVectorType().getNumElements();
  int64_t idx[8];
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    if (!I.isActive(l))
      continue;
    setBase(I, t, p, l);
    for (unsigned e = 0; e < w; ++e) {
      if (transferIndex(p, m, e, idx) == 1)
        continue;
      int64_t lin;
      if (I.linearIndex(m, l, idx, op, lin))
        I.storeElem(*m.buffer, lin, val.at(l, e), l, op);
    }
  }
  return success();
}

/// vector.maskedload / vector.maskedstore of a 1-D vector: element e at the
/// indices with the last one advanced by e, only where the mask is set (a
/// masked-off element is not accessed, so it may lie past the memref); a
/// masked-off element of a load takes the pass-through value.
LogicalResult maskedLoadStoreOp(Interpreter &I, Operation *op) {
  auto load = dyn_cast<vector::MaskedLoadOp>(op);
  auto store = dyn_cast<vector::MaskedStoreOp>(op);
  Value base = load ? load.getBase() : store.getBase();
  ValueRange indices = load ? load.getIndices() : store.getIndices();
  VectorType vt = load ? load.getVectorType() : store.getVectorType();
  const SimValue &m = I.get(base);
  unsigned rank = m.sizes.size();
  if (vt.getRank() != 1 || rank == 0 || rank > 8)
    return I.unsupported(op, "expected a 1-D masked access of a memref of "
                             "rank 1 to 8");
  if (load && failed(I.checkVectorValue(op, vt)))
    return failure();
  unsigned w = vt.getNumElements();
  const SimValue &mask = I.get(load ? load.getMask() : store.getMask());
  const SimValue &other =
      I.get(load ? load.getPassThru() : store.getValueToStore());
  Word *o = load ? I.def(load.getResult()).setVarying(I.numLanes(), w)
                 : nullptr;
  int64_t idx[8];
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    if (!I.isActive(l))
      continue;
    for (unsigned d = 0; d < rank; ++d)
      idx[d] = I.get(indices[d]).at(l).i;
    int64_t first = idx[rank - 1];
    for (unsigned e = 0; e < w; ++e) {
      if (!(mask.at(l, e).i & 1)) {
        if (load)
          o[size_t(l) * w + e] = other.at(l, e);
        continue;
      }
      idx[rank - 1] = first + e;
      int64_t lin;
      if (!I.linearIndex(m, l, idx, op, lin)) {
        if (load)
          o[size_t(l) * w + e] = other.at(l, e);
        continue;
      }
      if (load)
        o[size_t(l) * w + e] = I.loadElem(*m.buffer, lin, l, op);
      else
        I.storeElem(*m.buffer, lin, other.at(l, e), l, op);
    }
  }
  return success();
}

/// vector.load / vector.store: a contiguous vector along the trailing
/// dimensions starting at the indices.
LogicalResult loadStoreOp(Interpreter &I, Operation *op) {
  bool isLoad = isa<vector::LoadOp>(op);
  Value base = isLoad ? cast<vector::LoadOp>(op).getBase()
                      : cast<vector::StoreOp>(op).getBase();
  ValueRange indices = isLoad ? cast<vector::LoadOp>(op).getIndices()
                              : cast<vector::StoreOp>(op).getIndices();
  VectorType vt = isLoad ? cast<vector::LoadOp>(op).getVectorType()
                         : cast<vector::StoreOp>(op).getVectorType();
  const SimValue &m = I.get(base);
  unsigned rank = m.sizes.size(), vr = vt.getRank();
  if (vr > rank || rank > 8)
    return I.unsupported(op, "vector of higher rank than its memref, or "
                             "rank above 8");
  // A vector longer than the memref dimension it runs along is out of
  // bounds for every index, however large (and its element count may not
  // even fit in the index arithmetic): a fault that ends the run, since no
  // value of that size can be built.
  for (unsigned j = 0; j < vr; ++j)
    if (vt.getDimSize(j) > m.sizes[rank - vr + j]) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      os << "out of bounds: " << op->getName() << " of " << vt << " from "
         << (m.buffer->isShared ? "shared " : "") << m.buffer->name
         << " (sizes ";
      llvm::interleave(m.sizes, os, "x");
      os << "): dimension " << (rank - vr + j) << " is shorter than the vector";
      if (I.isInKernel() && I.block())
        os << " in block " << I.block()->name();
      os << " at " << formatLoc(op->getLoc());
      return I.fatalFault(FaultKind::OutOfBounds, m.buffer, op,
                          std::move(msg));
    }
  if (isLoad && failed(I.checkVectorValue(op, vt)))
    return failure();
  unsigned w = vt.getNumElements();
  const SimValue *val = isLoad ? nullptr : &I.get(op->getOperand(0));
  SimValue *r = isLoad ? &I.def(op->getResult(0)) : nullptr;
  Word *o = isLoad ? r->setVarying(I.numLanes(), w) : nullptr;
  // A claimed alignment must hold: the hardware faults on a misaligned
  // vector access (buffers themselves start 256-byte aligned, as
  // cudaMalloc's do).
  uint64_t align = 0;
  if (auto attr = op->getAttrOfType<IntegerAttr>("alignment"))
    align = attr.getInt();
  int64_t elemBytes = (int64_t)getElemBytes(m.buffer->kind);
  int64_t idx[8], v[8];
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    if (!I.isActive(l))
      continue;
    if (align > 1) {
      for (unsigned d = 0; d < rank; ++d)
        idx[d] = I.get(indices[d]).at(l).i;
      int64_t lin;
      if (I.linearIndex(m, l, idx, op, lin) &&
          (uint64_t(lin * elemBytes) % align) != 0) {
        std::string msg;
        llvm::raw_string_ostream os(msg);
        os << "misaligned access: " << op->getName() << " of "
           << (m.buffer->isShared ? "shared " : "") << m.buffer->name
           << " at byte " << lin * elemBytes << ", which is not a multiple "
           << "of its alignment " << align << " at " << formatLoc(op->getLoc());
        I.reportFault(FaultKind::Misaligned, m.buffer, op, {l}, std::move(msg));
      }
    }
    for (unsigned e = 0; e < w; ++e) {
      unflatten(e, vt.getShape(), v);
      for (unsigned d = 0; d < rank; ++d)
        idx[d] = I.get(indices[d]).at(l).i;
      for (unsigned j = 0; j < vr; ++j)
        idx[rank - vr + j] += v[j];
      int64_t lin;
      if (!I.linearIndex(m, l, idx, op, lin)) {
        if (isLoad)
          o[(size_t)l * w + e].i = 0;
        continue;
      }
      if (isLoad)
        o[(size_t)l * w + e] = I.loadElem(*m.buffer, lin, l, op);
      else
        I.storeElem(*m.buffer, lin, val->at(l, e), l, op);
    }
  }
  return success();
}

LogicalResult broadcastOp(Interpreter &I, Operation *op) {
  auto b = cast<vector::BroadcastOp>(op);
  const SimValue &src = I.get(b.getSource());
  VectorType rt = b.getResultVectorType();
  auto st = dyn_cast<VectorType>(b.getSourceType());
  ArrayRef<int64_t> rs = rt.getShape();
  SmallVector<int64_t, 4> ss =
      st ? SmallVector<int64_t, 4>(st.getShape()) : SmallVector<int64_t, 4>();
  unsigned w = rt.getNumElements(), sw = src.width;
  if (rs.size() > 8)
    return I.unsupported(op, "vectors of rank above 8");
  // Source element of every result element (trailing-aligned, size-1 dims
  // broadcast).
  SmallVector<unsigned, 16> map(w);
  int64_t ri[8];
  for (unsigned e = 0; e < w; ++e) {
    unflatten(e, rs, ri);
    int64_t lin = 0;
    unsigned off = rs.size() - ss.size();
    for (unsigned d = 0; d < ss.size(); ++d)
      lin = lin * ss[d] + (ss[d] == 1 ? 0 : ri[off + d]);
    map[e] = (unsigned)lin;
  }
  SimValue &r = I.def(b.getResult());
  unsigned n = src.uniform ? 1 : I.numLanes();
  Word *o = src.uniform ? r.setUniform(w) : r.setVarying(n, w);
  for (unsigned l = 0; l < n; ++l)
    for (unsigned e = 0; e < w; ++e)
      o[(size_t)l * w + e] = src.data[(size_t)l * sw + map[e]];
  return success();
}

/// Linear offset and size of the sub-vector at a static/dynamic position.
LogicalResult position(Interpreter &I, Operation *op,
                       ArrayRef<OpFoldResult> pos, ArrayRef<int64_t> shape,
                       int64_t &offset, int64_t &size) {
  offset = 0;
  size = 1;
  for (int64_t d = pos.size(); d < (int64_t)shape.size(); ++d)
    size *= shape[d];
  int64_t stride = size;
  for (int d = (int)pos.size() - 1; d >= 0; --d) {
    int64_t p;
    if (auto a = dyn_cast<Attribute>(pos[d])) {
      p = cast<IntegerAttr>(a).getInt();
    } else {
      FailureOr<int64_t> v = I.getUniformInt(op, cast<Value>(pos[d]));
      if (failed(v))
        return failure();
      p = *v;
    }
    if (p < 0 || p >= shape[d])
      return I.unsupported(op, "vector position out of range");
    offset += p * stride;
    stride *= shape[d];
  }
  return success();
}

LogicalResult extractOp(Interpreter &I, Operation *op) {
  auto x = cast<vector::ExtractOp>(op);
  const SimValue &src = I.get(x.getSource());
  int64_t off, size;
  if (failed(position(I, op, x.getMixedPosition(),
                      x.getSourceVectorType().getShape(), off, size)))
    return failure();
  SimValue &r = I.def(x.getResult());
  unsigned n = src.uniform ? 1 : I.numLanes();
  Word *o = src.uniform ? r.setUniform(size) : r.setVarying(n, size);
  for (unsigned l = 0; l < n; ++l)
    for (int64_t e = 0; e < size; ++e)
      o[(size_t)l * size + e] = src.data[(size_t)l * src.width + off + e];
  return success();
}

LogicalResult insertOp(Interpreter &I, Operation *op) {
  auto x = cast<vector::InsertOp>(op);
  const SimValue &src = I.get(x.getValueToStore());
  const SimValue &dst = I.get(x.getDest());
  int64_t off, size;
  if (failed(position(I, op, x.getMixedPosition(),
                      x.getDestVectorType().getShape(), off, size)))
    return failure();
  SimValue &r = I.def(x.getResult());
  r = dst;
  if (!src.uniform)
    r.makeVarying(I.numLanes());
  unsigned n = r.uniform ? 1 : I.numLanes();
  for (unsigned l = 0; l < n; ++l)
    for (int64_t e = 0; e < size; ++e)
      r.data[(size_t)l * r.width + off + e] = src.at(l, e);
  return success();
}

LogicalResult shapeCastOp(Interpreter &I, Operation *op) {
  I.def(op->getResult(0)) = I.get(op->getOperand(0));
  return success();
}

LogicalResult fromElementsOp(Interpreter &I, Operation *op) {
  unsigned w = op->getNumOperands();
  bool uni = true;
  for (Value v : op->getOperands())
    uni &= I.get(v).uniform;
  SimValue &r = I.def(op->getResult(0));
  unsigned n = uni ? 1 : I.numLanes();
  Word *o = uni ? r.setUniform(w) : r.setVarying(n, w);
  for (unsigned e = 0; e < w; ++e) {
    const SimValue &s = I.get(op->getOperand(e));
    for (unsigned l = 0; l < n; ++l)
      o[(size_t)l * w + e] = s.at(l);
  }
  return success();
}

/// vector.to_elements: one scalar result per element (what canonicalization
/// makes of a run of vector.extract).
LogicalResult toElementsOp(Interpreter &I, Operation *op) {
  SimValue src = I.get(op->getOperand(0));
  unsigned n = src.uniform ? 1 : I.numLanes();
  for (unsigned e = 0; e < op->getNumResults(); ++e) {
    SimValue &r = I.def(op->getResult(e));
    Word *o = src.uniform ? r.setUniform(1) : r.setVarying(n, 1);
    for (unsigned l = 0; l < n; ++l)
      o[l] = src.at(l, e);
  }
  return success();
}

LogicalResult stepOp(Interpreter &I, Operation *op) {
  unsigned w = widthOf(op->getResult(0).getType());
  Word *o = I.def(op->getResult(0)).setUniform(w);
  for (unsigned e = 0; e < w; ++e)
    o[e].i = e;
  return success();
}

/// vector.outerproduct: acc[i][j] + lhs[i] * rhs[j] (rhs a vector), or
/// acc[i] + lhs[i] * rhs (rhs a scalar, an AXPY).
LogicalResult outerProductOp(Interpreter &I, Operation *op) {
  auto x = cast<vector::OuterProductOp>(op);
  if (x.getKind() != vector::CombiningKind::ADD)
    return I.unsupported(op, "only additive outer products are supported");
  const SimValue &a = I.get(x.getLhs()), &b = I.get(x.getRhs());
  const SimValue *acc = x.getAcc() ? &I.get(x.getAcc()) : nullptr;
  VectorType rt = x.getResultVectorType();
  ElemKind k = kindOf(rt);
  unsigned w = rt.getNumElements(), m = a.width;
  unsigned nb = isa<VectorType>(x.getRhs().getType()) ? b.width : 0;
  bool uni = a.uniform && b.uniform && (!acc || acc->uniform);
  unsigned n = uni ? 1 : I.numLanes();
  SimValue &r = I.def(x.getResult());
  Word *o = uni ? r.setUniform(w) : r.setVarying(n, w);
  bool isFloat = isa<FloatType>(rt.getElementType());
  for (unsigned l = 0; l < n; ++l)
    for (unsigned i = 0; i < m; ++i) {
      unsigned cols = nb ? nb : 1;
      for (unsigned j = 0; j < cols; ++j) {
        unsigned e = i * cols + j;
        Word av = a.at(l, i), bv = b.at(l, nb ? j : 0);
        Word cv = acc ? acc->at(l, e) : Word{0};
        Word res;
        if (isFloat)
          res.f = k == ElemKind::F32
                      ? std::fma((float)av.f, (float)bv.f, (float)cv.f)
                      : roundToKind(std::fma(av.f, bv.f, cv.f), k);
        else
          res.i = signExtend(av.i * bv.i + cv.i, intWidthOf(rt));
        o[(size_t)l * w + e] = res;
      }
    }
  return success();
}

LogicalResult reductionOp(Interpreter &I, Operation *op) {
  auto x = cast<vector::ReductionOp>(op);
  const SimValue &v = I.get(x.getVector());
  const SimValue *acc = x.getAcc() ? &I.get(x.getAcc()) : nullptr;
  Type t = x.getType();
  ElemKind k = kindOf(t);
  bool isFloat = isa<FloatType>(t);
  unsigned bw = intWidthOf(t);
  vector::CombiningKind kind = x.getKind();
  using CK = vector::CombiningKind;
  auto combine = [&](Word a, Word b) -> Word {
    Word r;
    if (isFloat) {
      switch (kind) {
      case CK::ADD:
        r.f = roundToKind(a.f + b.f, k);
        break;
      case CK::MUL:
        r.f = roundToKind(a.f * b.f, k);
        break;
      case CK::MAXNUMF:
        r.f = std::fmax(a.f, b.f);
        break;
      case CK::MINNUMF:
        r.f = std::fmin(a.f, b.f);
        break;
      case CK::MAXIMUMF:
        r.f = (std::isnan(a.f) || std::isnan(b.f)) ? NAN : std::max(a.f, b.f);
        break;
      case CK::MINIMUMF:
        r.f = (std::isnan(a.f) || std::isnan(b.f)) ? NAN : std::min(a.f, b.f);
        break;
      default:
        r.f = NAN;
      }
      return r;
    }
    switch (kind) {
    case CK::ADD:
      r.i = a.i + b.i;
      break;
    case CK::MUL:
      r.i = a.i * b.i;
      break;
    case CK::MAXSI:
      r.i = std::max(a.i, b.i);
      break;
    case CK::MINSI:
      r.i = std::min(a.i, b.i);
      break;
    case CK::AND:
      r.i = a.i & b.i;
      break;
    case CK::OR:
      r.i = a.i | b.i;
      break;
    case CK::XOR:
      r.i = a.i ^ b.i;
      break;
    default:
      r.i = zeroExtend(a.i, bw) > zeroExtend(b.i, bw)
                ? (kind == CK::MAXUI ? a.i : b.i)
                : (kind == CK::MAXUI ? b.i : a.i);
    }
    r.i = signExtend(r.i, bw);
    return r;
  };
  bool uni = v.uniform && (!acc || acc->uniform);
  unsigned n = uni ? 1 : I.numLanes();
  SimValue &r = I.def(x.getResult());
  Word *o = uni ? r.setUniform(1) : r.setVarying(n);
  for (unsigned l = 0; l < n; ++l) {
    Word a = acc ? acc->at(l) : v.at(l, 0);
    for (unsigned e = acc ? 0 : 1; e < v.width; ++e)
      a = combine(a, v.at(l, e));
    o[l] = a;
  }
  return success();
}

} // namespace

void mlir::uop::sim::registerVectorHandlers(HandlerRegistry &r) {
  r.add<vector::TransferReadOp>(transferReadOp);
  r.add<vector::TransferWriteOp>(transferWriteOp);
  r.add<vector::LoadOp>(loadStoreOp);
  r.add<vector::StoreOp>(loadStoreOp);
  r.add<vector::MaskedLoadOp, vector::MaskedStoreOp>(maskedLoadStoreOp);
  r.add<vector::BroadcastOp>(broadcastOp);
  r.add<vector::ExtractOp>(extractOp);
  r.add<vector::InsertOp>(insertOp);
  r.add<vector::FMAOp>(fusedMultiplyAddOp);
  r.add<vector::ShapeCastOp>(shapeCastOp);
  r.add<vector::FromElementsOp>(fromElementsOp);
  r.add<vector::ToElementsOp>(toElementsOp);
  r.add<vector::StepOp>(stepOp);
  r.add<vector::OuterProductOp>(outerProductOp);
  r.add<vector::ReductionOp>(reductionOp);
}
