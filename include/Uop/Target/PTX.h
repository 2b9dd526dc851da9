//===- PTX.h - emit PTX and launch configurations ---------------*- C++ -*-===//
//
// Turns the output of `uop-opt --uop-compile` (host functions + one gpu.module
// in LLVM/NVVM) into PTX text, and describes how each kernel is launched.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TARGET_PTX_H
#define UOP_TARGET_PTX_H

#include "Uop/Dialect/Uop/IR/GemmRecord.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ValueRange.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace mlir::uop {

/// A size the host function computes from its memref parameters' sizes
/// before a launch (the grid of a GEMM of dynamic shape, a size it
/// captures): a constant, `memref.dim` of a parameter (reached through
/// memref.cast) at a constant dimension, or an integer arith operation of
/// such sizes, named as arith names it ("ceildivui", "maxui", ...). A
/// runner evaluates it once it knows the parameters' sizes.
struct SizeExpr {
  enum class Kind { Constant, Dim, Op };
  Kind kind = Kind::Constant;
  /// Constant: the value.
  int64_t value = 0;
  /// Dim: the host parameter and its dimension.
  unsigned param = 0;
  int64_t dim = 0;
  /// Op: the operation and its operands.
  std::string op;
  std::vector<SizeExpr> operands;
};

/// A value a runner passes: a memref (a host-function argument, with its
/// static shape and layout, or a dense row-major one of dynamic shape), a
/// scalar constant or size computed from the memrefs' sizes, or a TMA
/// tensor map (an `nvgpu.tma.create.descriptor` of a memref parameter of
/// the host function, reached through memref.cast, with a constant box).
/// `Unknown` is anything a runner cannot reproduce from the JSON alone (a
/// buffer allocated on the host, a dynamic strided layout, a value computed
/// from data); `type` and `reason` then say what it is.
struct LaunchValue {
  enum class Kind { MemRef, Scalar, TensorMap, Unknown };
  Kind kind = Kind::Unknown;
  /// The MLIR element type (memref, tensor map) or type (scalar), as
  /// printed: f32, f16, bf16, i32, index, ...
  std::string type;
  /// MemRef: the host-function argument it is (launch arguments only).
  /// TensorMap: the host-function argument whose buffer it describes.
  std::optional<unsigned> hostArg;
  SmallVector<int64_t> shape;
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  /// TensorMap: the box, outermost dimension first (as the memref shape);
  /// the swizzle span and L2 promotion in bytes (0 for none); the
  /// out-of-bounds fill ("zero" or "nan") and interleave ("none", "16b",
  /// "32b") as nvgpu spells them.
  SmallVector<int64_t> box;
  int64_t swizzleBytes = 0;
  int64_t l2PromoBytes = 0;
  std::string oobFill;
  std::string interleave;
  /// MemRef: the layout is the identity (dense row-major), so strides
  /// that are dynamic follow from the sizes.
  bool contiguous = false;
  /// Scalar: the constant, as an integer or a float; or what the host
  /// computes it from.
  std::optional<int64_t> intValue;
  std::optional<double> floatValue;
  std::optional<SizeExpr> expr;
  std::string reason;
};

/// One gpu.launch_func of the host code: which kernel, from which host
/// function, with which grid, block and dynamic shared memory. A size that
/// is not a constant in the IR is std::nullopt (a grid size may then have
/// its SizeExpr).
struct KernelLaunch {
  std::string hostFunction;
  std::string kernel;
  std::array<std::optional<int64_t>, 3> grid;
  /// A grid size that is not a constant but is computed from the host
  /// parameters' sizes.
  std::array<std::optional<SizeExpr>, 3> gridExpr;
  std::array<std::optional<int64_t>, 3> block;
  std::optional<int64_t> dynamicSharedBytes;
  /// Blocks per thread-block cluster, for a launch with clusters.
  std::optional<std::array<std::optional<int64_t>, 3>> cluster;
  /// The kernel operands in order; a memref becomes 3 + 2 * rank kernel
  /// parameters (allocated and aligned pointer, offset, sizes, strides), a
  /// tensor map one (the address of its CUtensorMap in global memory).
  std::vector<LaunchValue> args;
  /// The number of parameters of the lowered kernel, where the gpu.module
  /// holds it as an llvm.func (a runner checks its argument packing).
  std::optional<int64_t> kernelParams;
  /// The conditions under which the host launches it (the scf.if ops
  /// around the launch, outermost first): each comparison of sizes (a
  /// SizeExpr of op "cmpi_<predicate>", 0 or 1) and whether it must hold
  /// (the then region) or fail (the else region).
  std::vector<std::pair<SizeExpr, bool>> conditions;
  /// Why a condition around the launch is none of those (a runner cannot
  /// decide whether it runs); empty if none.
  std::string unknownCondition;
};

/// The parameters of a host function that launches kernels.
struct HostFunction {
  std::string name;
  std::vector<LaunchValue> params;
  /// What the function computes, where uop-tile recorded it (`uop.gemm`).
  std::optional<GemmRecord> gemm;
};

/// Returns the PTX of the module's gpu.module (its #nvvm.target gives chip,
/// PTX version and optimization level). Emits a diagnostic and fails when the
/// module holds no lowered gpu.module, or several.
FailureOr<std::string> translateModuleToPTX(ModuleOp module);

/// Returns every gpu.launch_func of the module's host code, in order.
SmallVector<KernelLaunch, 2> collectLaunches(ModuleOp module);

/// Returns the host functions (in order) that hold a gpu.launch_func.
SmallVector<HostFunction> collectHostFunctions(ModuleOp module);

/// Writes `launches` and `functions` as a JSON document:
/// {"launches": [{"host": "main", "kernel": "main_kernel",
///   "grid": [4,4,1], "block": [16,16,1], "dynamic_shared_bytes": 0,
///   ("cluster": [2,1,1] for a launch with thread-block clusters,)
///   "kernel_params": 21,
///   "args": [{"kind": "memref", "host_arg": 0, "element": "f32",
///             "shape": [256,256], "offset": 0, "strides": [256,1]},
///            {"kind": "scalar", "type": "index", "value": 8},
///            {"kind": "tensor_map", "host_arg": 0, "element": "f16",
///             "box": [128,64], "swizzle": 128, "l2promo": 0,
///             "oob": "zero", "interleave": "none", "params": 1},
///            {"kind": "unknown", "type": "...", "reason": "..."}]}],
///  "functions": [{"name": "main", "params": [{"kind": "memref", ...}],
///                 ("gemm": {"a": 0, "b": 1, "c": 2, "transpose_a": false,
///                  "transpose_b": true, "accumulate": false,
///                  "epilogue": false} where uop.gemm records it)}]}
/// with null for sizes only known at run time.
void writeLaunchConfigJSON(ArrayRef<KernelLaunch> launches,
                           ArrayRef<HostFunction> functions, raw_ostream &os);

/// Registers `--uop-to-ptx` (and its `--uop-launch-config=FILE` option) with
/// mlir-translate's registry.
void registerUopToPTXTranslation();

/// Checks the constant sizes of the launch `op` (a gpu.launch or a
/// gpu.launch_func: `grid` and `block` are its x, y, z sizes) against the
/// launch limits of its module's target: every size at least 1 and within
/// max_grid / max_block, the block within max_threads. Emits on `op`.
LogicalResult verifyLaunchSizes(Operation *op, ValueRange grid,
                                ValueRange block);

/// Checks the constant cluster sizes of the launch `op` with thread-block
/// clusters (`cluster`: its blocks per cluster along x, y, z) against its
/// target: a chip with clusters (sm_90 and newer), every size at least 1,
/// at most TargetAttr::getMaxCluster() blocks in all, each dividing the
/// constant grid size along its dimension. Emits on `op`.
LogicalResult verifyClusterSizes(Operation *op, ValueRange grid,
                                 ValueRange cluster);

/// Checks that `module` is what the NVPTX backend can take: every op of its
/// gpu.modules is LLVM or NVVM, code stands in functions, parameters and
/// results hold data, GEPs index structs and arrays with integers; and every
/// gpu.launch_func has launch sizes within the target's limits. Emits a
/// diagnostic for each problem.
LogicalResult verifyLoweredModule(ModuleOp module);

} // namespace mlir::uop

#endif // UOP_TARGET_PTX_H
