//===- UopOps.h - uop dialect operations ------------------------*- C++ -*-===//
//
// Declares the operations of the uop dialect and the helpers their verifiers
// share with the passes (kernel lookup, thread-dependence).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPOPS_H
#define UOP_DIALECT_UOP_IR_UOPOPS_H

#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Uop/Dialect/Uop/IR/UopOps.h.inc"

namespace mlir::uop {

/// Bytes of one element of `type` in memory (index is 64 bits; sub-byte
/// types round up to a byte).
int64_t getElementBytes(Type type);

/// Bytes of a statically shaped buffer of `type`.
int64_t getBufferBytes(MemRefType type);

/// Returns the kernel that `op` runs in: the closest enclosing `gpu.launch`
/// or kernel `gpu.func`, or null when `op` is host code.
Operation *getEnclosingKernel(Operation *op);

/// Returns the block of the kernel body that holds its code (the body of a
/// `gpu.launch`, the entry block of a kernel `gpu.func`).
Block *getKernelBody(Operation *kernel);

/// Returns true when `value` may differ between the threads of one block:
/// it is derived from a thread or lane id. Block ids, kernel arguments,
/// constants and block dimensions are uniform.
bool isThreadDependent(Value value);

/// If `op` sits under control flow that not every thread of its block takes
/// alike, returns the op that owns that control flow; otherwise null. A region
/// with several blocks (unstructured control flow) is reported as divergent
/// since uniformity is not proven there.
Operation *findDivergentAncestor(Operation *op);

} // namespace mlir::uop

#endif // UOP_DIALECT_UOP_IR_UOPOPS_H
