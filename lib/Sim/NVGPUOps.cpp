//===- NVGPUOps.cpp - uop-sim handlers of tensor-core and cp.async ops ----===//
//
// The upstream forms of the warp-level matrix instructions and of the
// asynchronous copies, as the nvgpu stage of the lowering (and hand-written
// kernels) use them:
//
// - nvgpu.ldmatrix, nvgpu.mma.sync (m16n8k16 f16 / bf16, m16n8k8 tf32):
//   lane-exact, by the PTX ISA fragment maps of TensorCore.h;
// - nvgpu.device_async_copy / device_async_create_group /
//   device_async_wait: cp.async with per-thread groups, the destination
//   written (and visible) only when a wait completes the copy's group;
// - gpu.subgroup_mma_load_matrix / compute / store_matrix /
//   constant_matrix / elementwise / extract_thread_local /
//   insert_thread_local: WMMA on fragments whose layout is opaque, kept in
//   the simulator's own scrambled layout.
//
// - nvgpu.mbarrier.create / init / arrive / arrive.expect_tx /
//   try_wait.parity: the block's mbarriers (MBarrier.h); the state token of
//   arrive carries nothing (waits name the phase parity); nvvm.elect.sync:
//   the lowest lane of each warp; nvvm.cluster.arrive / cluster.wait
//   (aligned): the cluster barrier.
// - nvgpu.tma.create.descriptor (host): the tensor map is the memref it
//   describes, its box and swizzle being in its type;
//   nvgpu.tma.async.load: the TMA load of Tma.h, coordinates innermost
//   first; nvgpu.tma.async.store with nvvm.cp.async.bulk.commit.group and
//   wait_group: the TMA store of Tma.h and its bulk async-groups.
//
// All semantics live in TensorCore.cpp and MBarrier.cpp, shared with the
// uop ops' handlers.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/TensorMap.h"
#include "Uop/Sim/MBarrier.h"
#include "Uop/Sim/TensorCore.h"
#include "Uop/Sim/Tma.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::uop::sim;
namespace tc = mlir::uop::sim::tensorcore;

namespace {

/// The value of a token result: tokens carry no data in the simulator (the
/// groups are each thread's, kept in BlockState).
void bindToken(Interpreter &I, Value token) { I.def(token).setUniform()->i = 0; }

LogicalResult ldmatrixOp(Interpreter &I, Operation *op) {
  auto ld = cast<nvgpu::LdMatrixOp>(op);
  auto vt = cast<VectorType>(ld.getRes().getType());
  if (vt.getRank() != 2 || vt.getDimSize(1) != 2 ||
      vt.getElementType().getIntOrFloatBitWidth() != 16)
    return I.unsupported(op, "expected a result of num x 2 16-bit elements "
                             "(ldmatrix .b16)");
  return tc::ldmatrix(I, op, ld.getSrcMemref(), ld.getIndices(),
                      ld.getNumTiles(), ld.getTranspose(), ld.getRes());
}

LogicalResult mmaSyncOp(Interpreter &I, Operation *op) {
  auto mma = cast<nvgpu::MmaSyncOp>(op);
  SmallVector<int64_t> shape;
  for (Attribute a : mma.getMmaShape())
    shape.push_back(cast<IntegerAttr>(a).getInt());
  Type elem = cast<VectorType>(mma.getMatrixA().getType()).getElementType();
  Type acc = cast<VectorType>(mma.getMatrixC().getType()).getElementType();
  tc::MmaKind kind;
  if (shape == SmallVector<int64_t>{16, 8, 16} && elem.isF16())
    kind = tc::MmaKind::F16;
  else if (shape == SmallVector<int64_t>{16, 8, 16} && elem.isBF16())
    kind = tc::MmaKind::BF16;
  else if (shape == SmallVector<int64_t>{16, 8, 8} && elem.isF32() &&
           mma.getTf32Enabled())
    kind = tc::MmaKind::TF32;
  else
    return I.unsupported(op, "expected mma.sync m16n8k16 with f16 or bf16 "
                             "inputs or m16n8k8 with tf32 inputs");
  if (!acc.isF32())
    return I.unsupported(op, "expected an f32 accumulator");
  return tc::mma(I, op, kind, mma.getMatrixA(), mma.getMatrixB(),
                 mma.getMatrixC(), mma.getRes());
}

LogicalResult asyncCopyOp(Interpreter &I, Operation *op) {
  auto cp = cast<nvgpu::DeviceAsyncCopyOp>(op);
  if (failed(tc::asyncCopy(I, op, cp.getDst(), cp.getDstIndices(),
                           cp.getSrc(), cp.getSrcIndices(),
                           cp.getDstElements().getSExtValue(),
                           cp.getSrcElements())))
    return failure();
  bindToken(I, cp.getAsyncToken());
  return success();
}

LogicalResult createGroupOp(Interpreter &I, Operation *op) {
  auto g = cast<nvgpu::DeviceAsyncCreateGroupOp>(op);
  if (failed(tc::commitGroup(I, op)))
    return failure();
  bindToken(I, g.getAsyncToken());
  return success();
}

LogicalResult asyncWaitOp(Interpreter &I, Operation *op) {
  auto w = cast<nvgpu::DeviceAsyncWaitOp>(op);
  // Without numGroups the lowering emits cp.async.wait_group 0.
  return tc::waitGroup(I, op, w.getNumGroups().value_or(0));
}

/// nvvm.cp.async.commit.group / wait.group: the token-free forms the nvgpu
/// stage lowers uop's groups to; the same semantics as create_group / wait.
LogicalResult nvvmCommitGroupOp(Interpreter &I, Operation *op) {
  return tc::commitGroup(I, op);
}

LogicalResult nvvmWaitGroupOp(Interpreter &I, Operation *op) {
  return tc::waitGroup(I, op, cast<NVVM::CpAsyncWaitGroupOp>(op).getN());
}

/// The WMMA operand a `!gpu.mma_matrix` type is for; fails (bad input)
/// unless it is 16x16.
FailureOr<tc::WmmaOperand> wmmaOperand(Interpreter &I, Operation *op,
                                       Type type) {
  auto mt = cast<gpu::MMAMatrixType>(type);
  if (mt.getShape() != ArrayRef<int64_t>{16, 16})
    return I.unsupported(op, "expected a 16x16 WMMA fragment");
  StringRef o = mt.getOperand();
  return o == "AOp" ? tc::WmmaOperand::A
                    : o == "BOp" ? tc::WmmaOperand::B : tc::WmmaOperand::C;
}

LogicalResult wmmaLoadOp(Interpreter &I, Operation *op) {
  auto ld = cast<gpu::SubgroupMmaLoadMatrixOp>(op);
  FailureOr<tc::WmmaOperand> o = wmmaOperand(I, op, ld.getRes().getType());
  if (failed(o))
    return failure();
  return tc::wmmaLoad(I, op, *o, ld.getSrcMemref(), ld.getIndices(),
                      ld.getLeadDimension().getSExtValue(),
                      ld.getTranspose().value_or(false), ld.getRes());
}

LogicalResult wmmaStoreOp(Interpreter &I, Operation *op) {
  auto st = cast<gpu::SubgroupMmaStoreMatrixOp>(op);
  // The verifier guarantees an accumulator (COp) fragment.
  if (failed(wmmaOperand(I, op, st.getSrc().getType())))
    return failure();
  return tc::wmmaStore(I, op, st.getSrc(), st.getDstMemref(), st.getIndices(),
                       st.getLeadDimension().getSExtValue(),
                       st.getTranspose().value_or(false));
}

LogicalResult wmmaComputeOp(Interpreter &I, Operation *op) {
  auto mma = cast<gpu::SubgroupMmaComputeOp>(op);
  for (Value v : {mma.getOpA(), mma.getOpB(), mma.getOpC()})
    if (failed(wmmaOperand(I, op, v.getType())))
      return failure();
  return tc::wmmaCompute(
      I, op, mma.getOpA(), mma.getOpB(), mma.getOpC(),
      cast<gpu::MMAMatrixType>(mma.getRes().getType()).getElementType(),
      mma.getRes());
}

LogicalResult wmmaConstantOp(Interpreter &I, Operation *op) {
  auto c = cast<gpu::SubgroupMmaConstantMatrixOp>(op);
  if (failed(wmmaOperand(I, op, c.getRes().getType())))
    return failure();
  return tc::wmmaFill(I, op, c.getValue(), c.getRes());
}

/// gpu.subgroup_mma_elementwise on floating-point fragments: slot by slot,
/// which is right whatever the layout, since all operands share it.
LogicalResult wmmaElementwiseOp(Interpreter &I, Operation *op) {
  auto ew = cast<gpu::SubgroupMmaElementwiseOp>(op);
  auto resType = cast<gpu::MMAMatrixType>(ew.getRes().getType());
  std::optional<ElemKind> kind = getElemKind(resType.getElementType());
  if (!kind || !isFloatKind(*kind))
    return I.unsupported(op, "expected a floating-point fragment");
  gpu::MMAElementwiseOp opType = ew.getOpType();
  SmallVector<SimValue> args;
  for (Value v : ew.getArgs())
    args.push_back(I.get(v));
  SimValue &res = I.def(ew.getRes());
  Word *out = res.setVarying(I.numLanes(), tc::kWmmaPerLane);
  for (unsigned l = 0; l < I.numLanes(); ++l)
    for (unsigned e = 0; e < tc::kWmmaPerLane; ++e) {
      double x = args[0].at(l, e).f;
      double y = args.size() > 1 ? args[1].at(l, e).f : 0.0;
      double r;
      switch (opType) {
      case gpu::MMAElementwiseOp::ADDF:
        r = x + y;
        break;
      case gpu::MMAElementwiseOp::MULF:
        r = x * y;
        break;
      case gpu::MMAElementwiseOp::SUBF:
        r = x - y;
        break;
      case gpu::MMAElementwiseOp::DIVF:
        r = x / y;
        break;
      case gpu::MMAElementwiseOp::MAXF:
        r = std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y);
        break;
      case gpu::MMAElementwiseOp::MINF:
        r = std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y);
        break;
      case gpu::MMAElementwiseOp::NEGATEF:
        r = -x;
        break;
      case gpu::MMAElementwiseOp::EXTF:
        r = x;
        break;
      default:
        return I.unsupported(op, "expected a floating-point element-wise "
                                 "operation");
      }
      out[l * tc::kWmmaPerLane + e].f = roundToKind(r, *kind);
    }
  return success();
}

/// The per-lane slot operand of extract / insert_thread_local.
FailureOr<int64_t> slotIndex(Interpreter &I, Operation *op, ValueRange indices,
                             unsigned lane) {
  if (indices.size() != 1)
    return I.unsupported(op, "expected one index into the lane's elements");
  int64_t i = I.get(indices[0]).at(lane).i;
  if (i < 0 || i >= int64_t(tc::kWmmaPerLane))
    return I.unsupported(op, llvm::Twine("expected an index below 8, got ") +
                                 llvm::Twine(i));
  return i;
}

/// gpu.subgroup_mma_extract_thread_local: slot `i` of this lane, in the
/// simulator's scrambled layout (code that assumes a layout reads the wrong
/// element).
LogicalResult extractLocalOp(Interpreter &I, Operation *op) {
  auto ex = cast<gpu::SubgroupMmaExtractThreadLocalOp>(op);
  SimValue m = I.get(ex.getMatrix());
  SimValue &res = I.def(ex.getRes());
  Word *out = res.setVarying(I.numLanes());
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    out[l].i = 0;
    if (!I.isActive(l))
      continue;
    FailureOr<int64_t> i = slotIndex(I, op, ex.getIndices(), l);
    if (failed(i))
      return failure();
    out[l] = m.at(l, unsigned(*i));
  }
  return success();
}

LogicalResult insertLocalOp(Interpreter &I, Operation *op) {
  auto in = cast<gpu::SubgroupMmaInsertThreadLocalOp>(op);
  SimValue m = I.get(in.getMatrix());
  SimValue v = I.get(in.getValue());
  m.makeVarying(I.numLanes());
  for (unsigned l = 0; l < I.numLanes(); ++l) {
    if (!I.isActive(l))
      continue;
    FailureOr<int64_t> i = slotIndex(I, op, in.getIndices(), l);
    if (failed(i))
      return failure();
    m.data[l * tc::kWmmaPerLane + *i] = v.at(l);
  }
  I.bind(in.getRes(), m);
  return success();
}



LogicalResult mbarrierCreateOp(Interpreter &I, Operation *op) {
  auto create = cast<nvgpu::MBarrierCreateOp>(op);
  return mbarrier::create(I, op, create.getBarriers(),
                          create.getBarriers().getType().getNumBarriers());
}

LogicalResult mbarrierInitOp(Interpreter &I, Operation *op) {
  auto init = cast<nvgpu::MBarrierInitOp>(op);
  return mbarrier::init(I, op, init.getBarriers(), init.getMbarId(),
                        init.getCount(), init.getPredicate());
}

LogicalResult mbarrierArriveOp(Interpreter &I, Operation *op) {
  auto arrive = cast<nvgpu::MBarrierArriveOp>(op);
  if (failed(mbarrier::arrive(I, op, arrive.getBarriers(),
                              arrive.getMbarId(), Value(), Value())))
    return failure();
  bindToken(I, arrive.getToken());
  return success();
}

LogicalResult mbarrierArriveExpectTxOp(Interpreter &I, Operation *op) {
  auto arrive = cast<nvgpu::MBarrierArriveExpectTxOp>(op);
  return mbarrier::arrive(I, op, arrive.getBarriers(), arrive.getMbarId(),
                          arrive.getTxcount(), arrive.getPredicate());
}

LogicalResult mbarrierTryWaitParityOp(Interpreter &I, Operation *op) {
  auto wait = cast<nvgpu::MBarrierTryWaitParityOp>(op);
  return mbarrier::wait(I, op, wait.getBarriers(), wait.getMbarId(),
                        wait.getPhaseParity());
}

/// nvgpu.tma.create.descriptor: the simulator's tensor map is the memref
/// (buffer, sizes, strides) it was made from.
LogicalResult tmaCreateDescriptorOp(Interpreter &I, Operation *op) {
  auto create = cast<nvgpu::TmaCreateDescriptorOp>(op);
  auto type = create.getTensorMap().getType();
  if (type.getInterleave() != nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE)
    return I.unsupported(op, "expected a tensor map without interleave");
  if (type.getOob() != nvgpu::TensorMapOOBKind::OOB_ZERO)
    return I.unsupported(op, "expected a tensor map filling out-of-bounds "
                             "elements with zero");
  const SimValue &tensor = I.get(create.getTensor());
  // cuTensorMapEncodeTiled's rules on the tensor (checked here, where a
  // stride or start is known only at run time): every stride but the
  // innermost's, and the start, a multiple of 16 bytes. An empty tensor
  // has nothing to load; its map describes one zeroed element.
  if (tensor.buffer && !llvm::is_contained(tensor.sizes, 0)) {
    int64_t bytes = uop::getElementBytes(tensor.buffer->elemType);
    std::string name = I.nameOf(create.getTensor());
    for (size_t d = 0; d + 1 < tensor.strides.size(); ++d)
      if (tensor.strides[d] <= 0 || tensor.strides[d] * bytes % 16 != 0)
        return I.fatalFault(
            FaultKind::Misaligned, tensor.buffer, op,
            "misaligned: the tensor map of " + name + " has a stride of " +
                std::to_string(tensor.strides[d] * bytes) +
                " bytes in dimension " + std::to_string(d) +
                ", not a positive multiple of 16 (cuTensorMapEncodeTiled "
                "refuses it)");
    if (tensor.offset(0) * bytes % 16 != 0)
      return I.fatalFault(
          FaultKind::Misaligned, tensor.buffer, op,
          "misaligned: the tensor map of " + name + " starts " +
              std::to_string(tensor.offset(0) * bytes) +
              " bytes into its buffer, not a multiple of 16 "
              "(cuTensorMapEncodeTiled refuses it)");
  }
  I.def(create.getTensorMap()) = tensor;
  return success();
}

LogicalResult tmaAsyncLoadOp(Interpreter &I, Operation *op) {
  auto load = cast<nvgpu::TmaAsyncLoadOp>(op);
  auto type = load.getTensorMapDescriptor().getType();
  return tma::load(I, op, load.getTensorMapDescriptor(),
                   load.getCoordinates(), /*innermostFirst=*/true,
                   load.getDst(), load.getBarriers(), load.getMbarId(),
                   uop::getTensorMapSwizzleBytes(type.getSwizzle()),
                   load.getPredicate(), load.getMulticastMask());
}

LogicalResult tmaAsyncStoreOp(Interpreter &I, Operation *op) {
  auto store = cast<nvgpu::TmaAsyncStoreOp>(op);
  auto type = store.getTensorMapDescriptor().getType();
  return tma::store(I, op, store.getSrc(), store.getTensorMapDescriptor(),
                    store.getCoordinates(), /*innermostFirst=*/true,
                    uop::getTensorMapSwizzleBytes(type.getSwizzle()),
                    /*commit=*/false, store.getPredicate());
}

/// nvvm.cp.async.bulk.commit.group / wait_group: the bulk async-groups of
/// the TMA stores (only `.read` waits: the simulator writes the tensor at
/// issue, so a full wait is the same).
LogicalResult bulkCommitGroupOp(Interpreter &I, Operation *op) {
  tma::commitStores(I);
  return success();
}

LogicalResult bulkWaitGroupOp(Interpreter &I, Operation *op) {
  tma::waitStores(I, cast<NVVM::CpAsyncBulkWaitGroupOp>(op).getGroup());
  return success();
}

/// nvvm.elect.sync: true on the leader of each warp.
LogicalResult electSyncOp(Interpreter &I, Operation *op) {
  auto elect = cast<NVVM::ElectSyncOp>(op);
  if (elect.getMembermask())
    return I.unsupported(op, "expected elect.sync of the whole warp (no "
                             "member mask)");
  std::vector<uint8_t> leaders;
  if (failed(mbarrier::electLeaders(I, op, leaders)))
    return failure();
  Word *out = I.def(elect.getPred()).setVarying(I.numLanes());
  for (unsigned lane = 0; lane < I.numLanes(); ++lane)
    out[lane].i = leaders[lane];
  return success();
}

/// nvvm.cluster.arrive / nvvm.cluster.wait (the aligned forms
/// convert-uop-to-nvgpu makes of uop.cluster_barrier): the cluster
/// barrier's arrival and wait. The relaxed arrival orders no memory, which
/// the simulator does not model: refused.
LogicalResult clusterArriveOp(Interpreter &I, Operation *op) {
  if (!cast<NVVM::ClusterArriveOp>(op).getAligned())
    return I.unsupported(op, "expected the aligned cluster barrier (every "
                             "thread of the block arrives)");
  return I.clusterArrive(op);
}

/// nvvm.fence.mbarrier.init (before the cluster barrier's arrival): the
/// simulator orders a block's mbarrier initializations before a peer's use
/// by the cluster barrier itself (MBarrier.h's reachableBarrier), so the
/// fence has nothing left to do.
LogicalResult fenceMbarrierInitOp(Interpreter &I, Operation *op) {
  if (!I.isInKernel())
    return I.unsupported(op, "a fence outside of a kernel");
  return success();
}

LogicalResult clusterWaitOp(Interpreter &I, Operation *op) {
  if (!cast<NVVM::ClusterWaitOp>(op).getAligned())
    return I.unsupported(op, "expected the aligned cluster barrier (every "
                             "thread of the block waits)");
  return I.clusterWait(op);
}

} // namespace

void mlir::uop::sim::registerNVGPUHandlers(HandlerRegistry &r) {
  r.add<NVVM::ElectSyncOp>(electSyncOp);
  r.add<NVVM::ClusterArriveOp>(clusterArriveOp);
  r.add<NVVM::FenceMbarrierInitOp>(fenceMbarrierInitOp);
  r.add<NVVM::ClusterWaitOp>(clusterWaitOp);
  r.addWaiting<NVVM::ClusterWaitOp>();
  r.add<nvgpu::MBarrierCreateOp>(mbarrierCreateOp);
  r.add<nvgpu::MBarrierInitOp>(mbarrierInitOp);
  r.add<nvgpu::MBarrierArriveOp>(mbarrierArriveOp);
  r.add<nvgpu::MBarrierArriveExpectTxOp>(mbarrierArriveExpectTxOp);
  r.add<nvgpu::MBarrierTryWaitParityOp>(mbarrierTryWaitParityOp);
  r.addWaiting<nvgpu::MBarrierTryWaitParityOp>();
  r.add<nvgpu::TmaCreateDescriptorOp>(tmaCreateDescriptorOp);
  r.add<nvgpu::TmaAsyncLoadOp>(tmaAsyncLoadOp);
  r.add<nvgpu::TmaAsyncStoreOp>(tmaAsyncStoreOp);
  r.add<NVVM::CpAsyncBulkCommitGroupOp>(bulkCommitGroupOp);
  r.add<NVVM::CpAsyncBulkWaitGroupOp>(bulkWaitGroupOp);
  r.add<nvgpu::LdMatrixOp>(ldmatrixOp);
  r.add<nvgpu::MmaSyncOp>(mmaSyncOp);
  r.add<nvgpu::DeviceAsyncCopyOp>(asyncCopyOp);
  r.add<nvgpu::DeviceAsyncCreateGroupOp>(createGroupOp);
  r.add<nvgpu::DeviceAsyncWaitOp>(asyncWaitOp);
  r.add<NVVM::CpAsyncCommitGroupOp>(nvvmCommitGroupOp);
  r.add<NVVM::CpAsyncWaitGroupOp>(nvvmWaitGroupOp);
  r.add<gpu::SubgroupMmaLoadMatrixOp>(wmmaLoadOp);
  r.add<gpu::SubgroupMmaStoreMatrixOp>(wmmaStoreOp);
  r.add<gpu::SubgroupMmaComputeOp>(wmmaComputeOp);
  r.add<gpu::SubgroupMmaConstantMatrixOp>(wmmaConstantOp);
  r.add<gpu::SubgroupMmaElementwiseOp>(wmmaElementwiseOp);
  r.add<gpu::SubgroupMmaExtractThreadLocalOp>(extractLocalOp);
  r.add<gpu::SubgroupMmaInsertThreadLocalOp>(insertLocalOp);
}
