//===- UopOps.cpp - uop dialect operations --------------------------------===//
//
// Verifiers of the uop operations.
//
//===----------------------------------------------------------------------===//

#include "Uop/Dialect/Uop/IR/UopOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::uop;

/// Returns true when `type` lives in GPU shared (workgroup) memory.
static bool isWorkgroupMemRef(MemRefType type) {
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
  return space && space.getValue() == gpu::AddressSpace::Workgroup;
}

//===----------------------------------------------------------------------===//
// AllocSharedOp
//===----------------------------------------------------------------------===//

LogicalResult AllocSharedOp::verify() {
  MemRefType type = getType();
  if (!isWorkgroupMemRef(type))
    return emitOpError("expected a memref in #gpu.address_space<workgroup>, got ")
           << type;
  if (!type.getLayout().isIdentity())
    return emitOpError("expected an identity layout, got ") << type.getLayout();
  Type elem = type.getElementType();
  if (!elem.isIntOrIndexOrFloat())
    return emitOpError("expected an integer, index or float element type, got ")
           << elem;
  if (type.getNumElements() == 0)
    return emitOpError("expected a non-empty buffer, got ") << type;
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  return success();
}

//===----------------------------------------------------------------------===//
// BarrierOp
//===----------------------------------------------------------------------===//

LogicalResult BarrierOp::verify() {
  if (!getEnclosingKernel(*this))
    return emitOpError(
        "expected to be nested in a gpu.launch or a kernel gpu.func");
  for (Operation *cur = *this; cur != getEnclosingKernel(*this);
       cur = cur->getParentOp()) {
    if (!cur->getParentRegion()->hasOneBlock()) {
      InFlightDiagnostic diag = emitOpError(
          "must be reached by every thread of the block, but it is in a region "
          "with unstructured control flow, where that is not proven");
      diag.attachNote(cur->getParentOp()->getLoc())
          << "region with several blocks here";
      return diag;
    }
  }
  if (Operation *divergent = findDivergentAncestor(*this)) {
    InFlightDiagnostic diag = emitOpError(
        "must be reached by every thread of the block, but it is under '")
                              << divergent->getName()
                              << "' whose control depends on the thread id";
    diag.attachNote(divergent->getLoc()) << "thread-dependent control flow here";
    return diag;
  }
  return success();
}

#define GET_OP_CLASSES
#include "Uop/Dialect/Uop/IR/UopOps.cpp.inc"
