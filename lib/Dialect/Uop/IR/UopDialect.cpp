//===- UopDialect.cpp - uop dialect registration --------------------------===//
//
// Registers the uop dialect, its operations, attributes and types, and
// verifies the attributes it owns on other operations (`uop.target` on a
// module, `uop.gemm` on a host function).
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "Uop/Dialect/Uop/IR/GemmRecord.h"
#include "Uop/Dialect/Uop/IR/UopAttrs.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Dialect/Uop/IR/UopTypes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::uop;

#include "Uop/Dialect/Uop/IR/UopOpsDialect.cpp.inc"

void UopDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Uop/Dialect/Uop/IR/UopOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}

LogicalResult UopDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == getTargetAttrName()) {
    if (!isa<ModuleOp>(op))
      return op->emitError("expected '")
             << getTargetAttrName() << "' on a builtin.module, got it on '"
             << op->getName() << "'";
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError("expected '")
             << getTargetAttrName() << "' to be a #uop.target, got "
             << attr.getValue();
    return success();
  }
  // convert-uop-to-gpu's record of the alignment a gpu.module's dynamic
  // shared memory needs (uop-align-dynamic-shared applies it).
  if (attr.getName() == "uop.dynamic_shared_alignment") {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<gpu::GPUModuleOp>(op) || !value ||
        !llvm::isPowerOf2_64(value.getValue().getZExtValue()) ||
        value.getValue().getSExtValue() <= 0)
      return op->emitError("expected 'uop.dynamic_shared_alignment' to be a "
                           "power-of-two integer on a gpu.module, got ")
             << attr.getValue() << " on '" << op->getName() << "'";
    return success();
  }
  // uop-tile's versioning of a launch on the alignment of its operands'
  // rows (Layout.h).
  if (attr.getName() == kAlignedRowsAttrName) {
    auto args = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (!isa<gpu::LaunchOp>(op) || !args)
      return op->emitError("expected '")
             << kAlignedRowsAttrName
             << "' to be an array<i64> on a gpu.launch, got "
             << attr.getValue() << " on '" << op->getName() << "'";
    auto func = op->getParentOfType<FunctionOpInterface>();
    for (int64_t arg : args.asArrayRef()) {
      auto type =
          func && arg >= 0 && arg < int64_t(func.getNumArguments())
              ? dyn_cast<MemRefType>(func.getArgumentTypes()[arg])
              : MemRefType();
      if (!type || (type.getRank() != 2 && type.getRank() != 3) ||
          !type.getLayout().isIdentity())
        return op->emitError("expected '")
               << kAlignedRowsAttrName << "' to name arguments of the "
               << "enclosing function that are 2-D memrefs (3-D for a batch "
               << "of GEMMs) of the identity layout, got " << arg;
    }
    return success();
  }
  // uop-tile's record of the GEMM a host function computes.
  if (attr.getName() == GemmRecord::kAttrName) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return op->emitError("expected '")
             << GemmRecord::kAttrName << "' on a function, got it on '"
             << op->getName() << "'";
    std::string whyNot;
    if (failed(GemmRecord::fromAttr(attr.getValue(), func.getNumArguments(),
                                    whyNot, func.getArgumentTypes())))
      return op->emitError("'")
             << GemmRecord::kAttrName << "': " << whyNot << ", got "
             << attr.getValue();
    return success();
  }
  return op->emitError("unknown uop attribute '")
         << attr.getName().getValue() << "'";
}
