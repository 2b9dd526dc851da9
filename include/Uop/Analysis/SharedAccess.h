//===- SharedAccess.h - a shared-memory access and its kernel ---*- C++ -*-===//
//
// What the bank analysis needs to know about a load or store before it
// evaluates anything: which memref and indices it uses and how many bytes a
// lane moves, the launch shape of the kernel it is in, and the loops around
// it that each lane runs one iteration after another. Pure inspection of
// the IR; LaneAddressEvaluator.h computes with it.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_ANALYSIS_SHAREDACCESS_H
#define UOP_ANALYSIS_SHAREDACCESS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::uop {

/// The parts of a shared-memory load or store that decide its lane
/// addresses.
struct SharedAccessDesc {
  Value memref;
  SmallVector<Value> indices;
  /// What one lane moves: the element type or a vector of elements.
  Type valueType;
  /// True when a lane moves several consecutive elements of the memref (a
  /// vector op on a memref of scalars), not one element.
  bool movesVector = false;
  bool isStore = false;
  /// The lanes of a warp that supply addresses, where not all do
  /// (ldmatrix / stmatrix: the 8 rows of each of `num` matrices).
  std::optional<int64_t> addressLanes;
  /// Set when the access is recognized but its shape is not modeled.
  std::string unsupported;
};

/// Returns the description of `op` when it is a load or store the analysis
/// models (memref.load/store, vector.load/store, vector.transfer_read/write,
/// uop.ldmatrix, uop.stmatrix, the shared side of uop.cp_async) of a memref
/// in workgroup
/// (shared) memory.
std::optional<SharedAccessDesc> describeSharedAccess(Operation *op);

/// Returns true when `op` is a shared-memory access describeSharedAccess
/// recognizes.
bool isSharedMemoryAccess(Operation *op);

/// Returns a short, stable name for the shared buffer `op` accesses: the
/// symbol of a memref.get_global (`@name`), the name of a NameLoc on the
/// allocation, or else the buffer's memref type.
std::string getSharedBufferName(Operation *access);

/// What is known about a kernel's launch shape.
struct KernelInfo {
  Operation *op = nullptr;
  std::optional<int64_t> blockDim[3];
  std::optional<int64_t> gridDim[3];
};

/// Collects the block and grid sizes of `kernel` that are constants: the
/// operands of a `gpu.launch`, or `known_block_size` / `known_grid_size` of
/// a kernel `gpu.func` (the outliner copies constant launch sizes there).
KernelInfo getKernelInfo(Operation *kernel);

/// Returns the induction variables of the loops around `access` (inside its
/// kernel) that each lane runs sequentially, outermost first. Loops mapped to
/// threads, lanes, warps or blocks are not: their iteration is fixed by the
/// lane.
SmallVector<Value> getSequentialInductionVars(Operation *access,
                                              Operation *kernel);

} // namespace mlir::uop

#endif // UOP_ANALYSIS_SHAREDACCESS_H
