//===- UopOps.h - uop dialect operations ------------------------*- C++ -*-===//
//
// Declares the operations of the uop dialect and the helpers their verifiers
// share with the passes (kernel lookup, thread-dependence).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOPOPS_H
#define UOP_DIALECT_UOP_IR_UOPOPS_H

#include "Uop/Dialect/Uop/IR/UopAttrs.h"
#include "Uop/Dialect/Uop/IR/UopDialect.h"
#include "Uop/Dialect/Uop/IR/UopTypes.h"
#include "Uop/Dialect/Uop/IR/Layout.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Uop/Dialect/Uop/IR/UopOps.h.inc"

namespace mlir::uop {

/// Returns true when `value` may differ between the threads of one block:
/// it is derived from a thread or lane id. Block ids, kernel arguments,
/// constants and block dimensions are uniform.
bool isThreadDependent(Value value);

/// Checks an mbarrier operand of a uop op: the op is in a kernel, the group
/// in workgroup memory and a constant `index` inside it.
LogicalResult verifyMBarrierOperand(Operation *op,
                                    nvgpu::MBarrierGroupType group,
                                    Value index);

/// Fails, naming the requirement, when `op` is not nested in a gpu.launch
/// or a kernel gpu.func.
LogicalResult verifyInKernel(Operation *op);

/// Checks the shared operand tiles `a` (M x K) and `b` (N x K) of a
/// tensor-core op reading through 128-byte-swizzled K-major descriptors
/// (tcgen05.mma, wgmma.mma_async), and that the op is in a kernel: each a
/// static 2-D workgroup tile stored contiguously, f16 or bf16 (or, with
/// `allowTf32`, f32 read as tf32), rows of one 128-byte swizzle atom, both
/// of one element type.
LogicalResult verifySwizzledOperandTiles(Operation *op, MemRefType a,
                                         MemRefType b, bool allowTf32 = false);

/// Checks the N of a tensor-core MMA (the rows of B): a multiple of `step`
/// from `step` to 256; `forM` names the M it goes with in the message.
LogicalResult verifyMmaN(Operation *op, int64_t n, int64_t step,
                         int64_t forM);

/// If `op` sits under control flow that not every thread of its block takes
/// alike, returns the op that owns that control flow; otherwise null. A region
/// with several blocks (unstructured control flow) is reported as divergent
/// since uniformity is not proven there.
Operation *findDivergentAncestor(Operation *op);

} // namespace mlir::uop

#endif // UOP_DIALECT_UOP_IR_UOPOPS_H
