//===- Layout.cpp - memory and kernel facts shared by uop -----------------===//
//
// Element sizes, shared-memory memrefs, the XOR swizzle and the kernel an op
// runs in: one definition of each, used by the verifiers, the passes, the
// bank-conflict analysis and the simulator.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/Layout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;
using namespace mlir::uop;

/// `a * b`, or INT64_MAX when the product of the two (non-negative) sizes
/// does not fit in 64 bits: a byte count that large exceeds every memory
/// limit it is compared with, so saturating keeps every such check honest
/// where a wrapped product would pass it.
static int64_t mulSaturating(int64_t a, int64_t b) {
  return llvm::checkedMul(a, b).value_or(std::numeric_limits<int64_t>::max());
}

int64_t mlir::uop::getElementBytes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return mulSaturating(vector.getNumElements(),
                         getElementBytes(vector.getElementType()));
  if (!type.isIntOrIndexOrFloat())
    return 0;
  int64_t bits = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  return (bits + 7) / 8;
}

int64_t mlir::uop::getBufferBytes(MemRefType type) {
  int64_t elements = 1;
  for (int64_t size : type.getShape())
    elements = mulSaturating(elements, size);
  return mulSaturating(elements, getElementBytes(type.getElementType()));
}

bool mlir::uop::isWorkgroupMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  Attribute space = memref.getMemorySpace();
  if (auto gpuSpace = dyn_cast_if_present<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  // NVVM's shared address space, once the memref is in NVVM form.
  if (auto intSpace = dyn_cast_if_present<IntegerAttr>(space))
    return intSpace.getInt() == 3;
  return false;
}

bool mlir::uop::isGlobalMemRef(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto intSpace = dyn_cast<IntegerAttr>(space))
    return intSpace.getInt() == 1;
  return false;
}

bool mlir::uop::hasAlignedRows(Operation *op, Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  auto launch = op->getParentOfType<gpu::LaunchOp>();
  if (!arg || !launch)
    return false;
  auto args = launch->getAttrOfType<DenseI64ArrayAttr>(kAlignedRowsAttrName);
  auto func = launch->getParentOfType<FunctionOpInterface>();
  return args && func && arg.getOwner() == &func.getFunctionBody().front() &&
         llvm::is_contained(args.asArrayRef(),
                            static_cast<int64_t>(arg.getArgNumber()));
}

bool mlir::uop::isContiguousTile(MemRefType type) {
  if (!type.hasStaticShape())
    return false;
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expect = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    if (type.getDimSize(d) != 1 && strides[d] != expect)
      return false;
    expect *= type.getDimSize(d);
  }
  return true;
}

int64_t mlir::uop::getSwizzledColumn(int64_t row, int64_t col,
                                     SharedLayoutAttr layout) {
  if (!layout)
    return col;
  return getSwizzledColumn(row, col, layout.getSwizzle(), layout.getUnit(),
                           layout.getPeriod());
}

Value mlir::uop::buildSwizzledColumn(OpBuilder &b, Location loc, Value row,
                                     Value col, int64_t swizzle, int64_t unit,
                                     int64_t period) {
  if (swizzle <= 1)
    return col;
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value phaseRow =
      period > 1 ? arith::DivUIOp::create(b, loc, row, cst(period)).getResult()
                 : row;
  Value phase = arith::RemUIOp::create(b, loc, phaseRow, cst(swizzle));
  if (unit > 1)
    phase = arith::MulIOp::create(b, loc, phase, cst(unit));
  return arith::XOrIOp::create(b, loc, col, phase);
}

Value mlir::uop::buildSwizzledColumn(OpBuilder &b, Location loc, Value row,
                                     Value col, SharedLayoutAttr layout) {
  if (!layout)
    return col;
  return buildSwizzledColumn(b, loc, row, col, layout.getSwizzle(),
                             layout.getUnit(), layout.getPeriod());
}

Operation *mlir::uop::getEnclosingKernel(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (isa<gpu::LaunchOp>(p))
      return p;
    if (auto func = dyn_cast<gpu::GPUFuncOp>(p))
      return func.isKernel() ? p : nullptr;
  }
  return nullptr;
}

Block *mlir::uop::getKernelBody(Operation *kernel) {
  if (auto launch = dyn_cast<gpu::LaunchOp>(kernel))
    return &launch.getBody().front();
  if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel))
    return &func.getBody().front();
  return nullptr;
}

std::optional<std::array<int64_t, 3>>
mlir::uop::getKnownBlockSize(Operation *op) {
  Operation *kernel = op;
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!isa<gpu::LaunchOp>(op) && !(func && func.isKernel()))
    kernel = getEnclosingKernel(op);
  if (auto launch = dyn_cast_or_null<gpu::LaunchOp>(kernel)) {
    std::optional<int64_t> x = getConstantIntValue(launch.getBlockSizeX());
    std::optional<int64_t> y = getConstantIntValue(launch.getBlockSizeY());
    std::optional<int64_t> z = getConstantIntValue(launch.getBlockSizeZ());
    if (x && y && z)
      return std::array<int64_t, 3>{*x, *y, *z};
    return std::nullopt;
  }
  if (auto kernelFunc = dyn_cast_or_null<gpu::GPUFuncOp>(kernel))
    if (std::optional<ArrayRef<int32_t>> known =
            kernelFunc.getKnownBlockSize())
      return std::array<int64_t, 3>{(*known)[0], (*known)[1], (*known)[2]};
  return std::nullopt;
}
