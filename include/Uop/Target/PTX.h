//===- PTX.h - emit PTX and launch configurations ---------------*- C++ -*-===//
//
// Turns the output of `uop-opt --uop-compile` (host functions + one gpu.module
// in LLVM/NVVM) into PTX text, and describes how each kernel is launched.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TARGET_PTX_H
#define UOP_TARGET_PTX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ValueRange.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::uop {

/// One gpu.launch_func of the host code: which kernel, from which host
/// function, with which grid, block and dynamic shared memory. A size that is
/// not a constant in the IR is std::nullopt.
struct KernelLaunch {
  std::string hostFunction;
  std::string kernel;
  std::array<std::optional<int64_t>, 3> grid;
  std::array<std::optional<int64_t>, 3> block;
  std::optional<int64_t> dynamicSharedBytes;
};

/// Returns the PTX of the module's gpu.module (its #nvvm.target gives chip,
/// PTX version and optimization level). Emits a diagnostic and fails when the
/// module holds no lowered gpu.module, or several.
FailureOr<std::string> translateModuleToPTX(ModuleOp module);

/// Returns every gpu.launch_func of the module's host code, in order.
SmallVector<KernelLaunch> collectLaunches(ModuleOp module);

/// Writes `launches` as a JSON document:
/// {"launches": [{"host": "main", "kernel": "main_kernel",
///   "grid": [4,4,1], "block": [16,16,1], "dynamic_shared_bytes": 0}]}
/// with null for sizes only known at run time.
void writeLaunchConfigJSON(ArrayRef<KernelLaunch> launches, raw_ostream &os);

/// Registers `--uop-to-ptx` (and its `--uop-launch-config=FILE` option) with
/// mlir-translate's registry.
void registerUopToPTXTranslation();

/// Checks the constant sizes of the launch `op` (a gpu.launch or a
/// gpu.launch_func: `grid` and `block` are its x, y, z sizes) against the
/// launch limits of its module's target: every size at least 1 and within
/// max_grid / max_block, the block within max_threads. Emits on `op`.
LogicalResult verifyLaunchSizes(Operation *op, ValueRange grid,
                                ValueRange block);

/// Checks that `module` is what the NVPTX backend can take: every op of its
/// gpu.modules is LLVM or NVVM, code stands in functions, parameters and
/// results hold data, GEPs index structs and arrays with integers; and every
/// gpu.launch_func has launch sizes within the target's limits. Emits a
/// diagnostic for each problem.
LogicalResult verifyLoweredModule(ModuleOp module);

} // namespace mlir::uop

#endif // UOP_TARGET_PTX_H
