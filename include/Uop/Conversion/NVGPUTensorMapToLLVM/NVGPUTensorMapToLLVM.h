//===- NVGPUTensorMapToLLVM.h - tensor-map kernel arguments -----*- C++ -*-===//
//
// The rewrite of convert-nvgpu-tensormap-args-to-llvm: a kernel argument of
// type `!nvgpu.tensormap.descriptor` becomes the `!llvm.ptr` that
// convert-nvgpu-to-nvvm lowers the descriptor's uses to.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_CONVERSION_NVGPUTENSORMAPTOLLVM_NVGPUTENSORMAPTOLLVM_H
#define UOP_CONVERSION_NVGPUTENSORMAPTOLLVM_NVGPUTENSORMAPTOLLVM_H

namespace mlir {
namespace gpu {
class GPUFuncOp;
} // namespace gpu

namespace uop {

/// Retypes every `!nvgpu.tensormap.descriptor` argument of `func` to
/// `!llvm.ptr` (the generic address of the CUtensorMap) and casts it back to
/// the descriptor for its uses, with an `unrealized_conversion_cast` that
/// convert-nvgpu-to-nvvm's own cast cancels. Returns whether it changed
/// anything.
bool convertTensorMapArguments(gpu::GPUFuncOp func);

} // namespace uop
} // namespace mlir

#endif // UOP_CONVERSION_NVGPUTENSORMAPTOLLVM_NVGPUTENSORMAPTOLLVM_H
