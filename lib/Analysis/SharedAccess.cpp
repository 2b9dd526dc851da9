//===- SharedAccess.cpp - a shared-memory access and its kernel -----------===//
//
// Reads off the IR what decides the lane addresses of a shared-memory load
// or store: its memref, indices and per-lane value (and the buffer's name for
// remarks); the constant launch sizes of its kernel; the sequential loops
// around it.
//
//===----------------------------------------------------------------------===//

#include "Uop/Analysis/SharedAccess.h"
#include "Uop/Dialect/Uop/IR/Layout.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::uop;

//===----------------------------------------------------------------------===//
// What an access reads or writes
//===----------------------------------------------------------------------===//

std::optional<SharedAccessDesc> mlir::uop::describeSharedAccess(Operation *op) {
  SharedAccessDesc desc;
  // A transfer is one contiguous vector per lane only when it runs along the
  // innermost memref dimension.
  auto checkTransfer = [&](VectorTransferOpInterface xfer) {
    if (xfer.getVectorType().getRank() > 1 ||
        !xfer.getPermutationMap().isMinorIdentity())
      desc.unsupported = "only 1-D transfers along the innermost dimension are "
                         "modeled";
  };
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    desc.memref = load.getMemRef();
    desc.indices = llvm::to_vector(load.getIndices());
    desc.valueType = load.getType();
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    desc.memref = store.getMemRef();
    desc.indices = llvm::to_vector(store.getIndices());
    desc.valueType = store.getValueToStore().getType();
    desc.isStore = true;
  } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
    desc.memref = load.getBase();
    desc.indices = llvm::to_vector(load.getIndices());
    desc.valueType = load.getVectorType();
  } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
    desc.memref = store.getBase();
    desc.indices = llvm::to_vector(store.getIndices());
    desc.valueType = store.getVectorType();
    desc.isStore = true;
  } else if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
    desc.memref = read.getBase();
    desc.indices = llvm::to_vector(read.getIndices());
    desc.valueType = read.getVectorType();
    checkTransfer(read);
  } else if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
    desc.memref = write.getBase();
    desc.indices = llvm::to_vector(write.getIndices());
    desc.valueType = write.getVectorType();
    desc.isStore = true;
    checkTransfer(write);
  } else if (auto copy = dyn_cast<CpAsyncOp>(op)) {
    // cp.async writes its 4, 8 or 16 bytes per lane into shared memory as
    // a vector store of that width would (its global read is not modeled).
    desc.memref = copy.getDest();
    desc.indices = llvm::to_vector(copy.getDstIndices());
    Type elem = cast<MemRefType>(copy.getDest().getType()).getElementType();
    desc.valueType = VectorType::get(
        {static_cast<int64_t>(copy.getElements().getZExtValue())}, elem);
    desc.isStore = true;
  } else if (isa<LdMatrixOp, StMatrixOp>(op)) {
    // ldmatrix / stmatrix: lanes 8q .. 8q + 7 each supply the address of
    // one 16-byte row of matrix q, read or written in one phase: the banks
    // see what a 16-byte vector access of those lanes shows them.
    auto ld = dyn_cast<LdMatrixOp>(op);
    auto st = dyn_cast<StMatrixOp>(op);
    desc.memref = ld ? ld.getSource() : st.getDest();
    desc.indices = llvm::to_vector(ld ? ld.getIndices() : st.getIndices());
    Type elem = cast<MemRefType>(desc.memref.getType()).getElementType();
    desc.valueType = VectorType::get(
        {16 / std::max<int64_t>(1, getElementBytes(elem))}, elem);
    desc.isStore = static_cast<bool>(st);
    desc.addressLanes = 8 * int64_t(ld ? ld.getNum() : st.getNum());
  } else {
    return std::nullopt;
  }
  if (!isWorkgroupMemRef(desc.memref.getType()))
    return std::nullopt;
  auto vec = dyn_cast<VectorType>(desc.valueType);
  desc.movesVector =
      vec && vec.getElementType() ==
                 cast<MemRefType>(desc.memref.getType()).getElementType();
  if (desc.movesVector && vec.getRank() > 1 && desc.unsupported.empty())
    desc.unsupported = "multi-dimensional vector accesses are not modeled";
  return desc;
}

bool mlir::uop::isSharedMemoryAccess(Operation *op) {
  return describeSharedAccess(op).has_value();
}

/// Follows view-like ops (subview, cast, reinterpret_cast, expand/collapse
/// shape, view) back to the buffer they view.
static Value getRootBuffer(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    memref = view.getViewSource();
  }
  return memref;
}

std::string mlir::uop::getSharedBufferName(Operation *access) {
  std::optional<SharedAccessDesc> desc = describeSharedAccess(access);
  if (!desc)
    return "";
  Value root = getRootBuffer(desc->memref);
  if (auto global = root.getDefiningOp<memref::GetGlobalOp>())
    return ("@" + global.getName()).str();
  Location loc = root.getLoc();
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << root.getType();
  return text;
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

/// Returns the constant value of `value` if it has one.
static std::optional<int64_t> getConstant(Value value) {
  APInt v;
  if (value && matchPattern(value, m_ConstantInt(&v)))
    return v.getSExtValue();
  return std::nullopt;
}

KernelInfo mlir::uop::getKernelInfo(Operation *kernel) {
  KernelInfo info;
  info.op = kernel;
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel)) {
    Value block[3] = {launch.getBlockSizeX(), launch.getBlockSizeY(),
                      launch.getBlockSizeZ()};
    Value grid[3] = {launch.getGridSizeX(), launch.getGridSizeY(),
                     launch.getGridSizeZ()};
    for (int d = 0; d < 3; ++d) {
      info.blockDim[d] = getConstant(block[d]);
      info.gridDim[d] = getConstant(grid[d]);
    }
  } else if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel)) {
    auto fill = [](std::optional<int64_t> (&dims)[3],
                   std::optional<ArrayRef<int32_t>> sizes) {
      if (sizes && sizes->size() == 3)
        for (int d = 0; d < 3; ++d)
          dims[d] = (*sizes)[d];
    };
    fill(info.blockDim, func.getKnownBlockSize());
    fill(info.gridDim, func.getKnownGridSize());
  }
  return info;
}

//===----------------------------------------------------------------------===//
// The loops around an access
//===----------------------------------------------------------------------===//

SmallVector<Value> mlir::uop::getSequentialInductionVars(Operation *access,
                                                         Operation *kernel) {
  SmallVector<Value> ivs;
  for (Operation *p = access->getParentOp(); p && p != kernel;
       p = p->getParentOp()) {
    SmallVector<Value> here;
    if (auto forOp = dyn_cast<scf::ForOp>(p))
      here.push_back(forOp.getInductionVar());
    else if (auto forOp = dyn_cast<affine::AffineForOp>(p))
      here.push_back(forOp.getInductionVar());
    else if (auto par = dyn_cast<scf::ParallelOp>(p))
      llvm::append_range(here, par.getInductionVars());
    else if (auto forall = dyn_cast<scf::ForallOp>(p);
             forall && !forall.getMapping())
      llvm::append_range(here, forall.getInductionVars());
    ivs.insert(ivs.begin(), here.begin(), here.end());
  }
  return ivs;
}
