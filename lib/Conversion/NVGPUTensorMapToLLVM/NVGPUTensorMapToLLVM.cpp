//===- NVGPUTensorMapToLLVM.cpp - tensor-map kernel arguments -------------===//
//
// A kernel that loads with TMA takes each tensor map as a
// `!nvgpu.tensormap.descriptor` argument, made by the host function with
// `nvgpu.tma.create.descriptor` just before the launch. Upstream's
// convert-nvgpu-to-nvvm lowers the descriptor's uses (`nvgpu.tma.async.load`
// and the like) to the `!llvm.ptr` of the CUtensorMap, but it does not
// rewrite function signatures, and the type converter of
// convert-gpu-to-nvvm does not know the descriptor type, so the gpu.func
// could not become an llvm.func. (Upstream's own pipeline avoids the
// question by lowering nvgpu before kernel outlining.) This pass, run on the
// gpu.module just before convert-nvgpu-to-nvvm, gives the kernel the
// pointer parameter it will have: one .u64 PTX parameter, the generic
// address of a 128-byte CUtensorMap in global memory, which is what the
// runner passes (lib/Runtime/Executor.cpp).
//
// The host side keeps the descriptor: gpu.launch_func's operand types are
// checked against a gpu.func kernel only, and by the time the module is
// verified as a whole the kernel is an llvm.func.
//
//===----------------------------------------------------------------------===//

#include "Uop/Conversion/NVGPUTensorMapToLLVM/NVGPUTensorMapToLLVM.h"
#include "Uop/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::uop {
#define GEN_PASS_DEF_CONVERTNVGPUTENSORMAPARGSTOLLVM
#include "Uop/Conversion/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

bool mlir::uop::convertTensorMapArguments(gpu::GPUFuncOp func) {
  if (func.isExternal())
    return false;
  MLIRContext *context = func.getContext();
  auto pointer = LLVM::LLVMPointerType::get(context);
  Block &entry = func.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  SmallVector<Type> inputs(func.getArgumentTypes());
  bool changed = false;
  for (auto [index, type] : llvm::enumerate(inputs)) {
    auto descriptor = dyn_cast<nvgpu::TensorMapDescriptorType>(type);
    if (!descriptor)
      continue;
    BlockArgument arg = entry.getArgument(index);
    arg.setType(pointer);
    auto cast = UnrealizedConversionCastOp::create(builder, arg.getLoc(),
                                                   descriptor, arg);
    arg.replaceAllUsesExcept(cast.getResult(0), cast);
    type = pointer;
    changed = true;
  }
  if (changed)
    func.setFunctionType(
        FunctionType::get(context, inputs, func.getResultTypes()));
  return changed;
}

namespace {
struct ConvertNVGPUTensorMapArgsToLLVMPass
    : public mlir::uop::impl::ConvertNVGPUTensorMapArgsToLLVMBase<
          ConvertNVGPUTensorMapArgsToLLVMPass> {
  void runOnOperation() override {
    getOperation()->walk(
        [](gpu::GPUFuncOp func) { convertTensorMapArguments(func); });
  }
};
} // namespace
