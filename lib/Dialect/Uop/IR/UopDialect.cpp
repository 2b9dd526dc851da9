//===- UopDialect.cpp - uop dialect registration --------------------------===//
//
// Registers the uop dialect, its operations, attributes and types, and
// verifies the attributes it owns on other operations (`uop.target` on a
// module).
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "Uop/Dialect/Uop/IR/UopAttrs.h"
#include "Uop/Dialect/Uop/IR/UopOps.h"
#include "Uop/Dialect/Uop/IR/UopTypes.h"

#include "mlir/IR/BuiltinOps.h"

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
  return op->emitError("unknown uop attribute '")
         << attr.getName().getValue() << "'";
}
