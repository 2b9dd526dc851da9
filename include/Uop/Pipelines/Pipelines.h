//===- Pipelines.h - the uop-compile pipeline -------------------*- C++ -*-===//
//
// Declares `--uop-compile`, the pipeline that runs the whole lowering ladder
// for one target, and the table of targets uop knows.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_PIPELINES_PIPELINES_H
#define UOP_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <optional>

namespace mlir::uop {

/// What uop needs to know about one GPU target.
struct TargetInfo {
  /// The chip name LLVM's NVPTX backend and ptxas use (sm_90a).
  StringRef chip;
  /// The oldest PTX ISA that can express the chip, as "+ptxNN" (major*10 +
  /// minor): sm_80 needs 7.0, sm_90a 8.0 (the "a" features), sm_100a 8.6.
  StringRef ptxFeature;
};

/// Returns the description of `name`, or std::nullopt when uop does not
/// compile for it.
std::optional<TargetInfo> lookupTarget(StringRef name);

/// Returns the target names uop accepts, comma separated, for diagnostics.
StringRef getSupportedTargets();

struct CompileOptions : public PassPipelineOptions<CompileOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("GPU to compile for: sm_80, "
                                            "sm_90a or sm_100a"),
                             llvm::cl::init("sm_80")};
  Option<std::string> emit{
      *this, "emit",
      llvm::cl::desc("where to stop: 'kernel' (uop/gpu/scf/memref IR, the "
                     "form uop-sim runs) or 'llvm' (host code + gpu.module in "
                     "LLVM/NVVM, the input of uop-translate --uop-to-ptx)"),
      llvm::cl::init("llvm")};
  ListOption<int64_t> tile{*this, "tile",
                           llvm::cl::desc("block tile BM,BN,BK of GEMMs "
                                          "(default 128,128,8)")};
  ListOption<int64_t> threadTile{
      *this, "thread-tile",
      llvm::cl::desc("register tile TM,TN of one thread (default 8,8)")};
  Option<int64_t> stages{*this, "stages",
                         llvm::cl::desc("shared-memory buffers per operand "
                                        "(1, or 2 for double buffering)"),
                         llvm::cl::init(2)};
  Option<int64_t> pad{*this, "pad",
                      llvm::cl::desc("elements of padding per shared row "
                                     "(-1: where a column walk would "
                                     "conflict)"),
                      llvm::cl::init(-1)};
  Option<bool> swizzle{*this, "swizzle",
                       llvm::cl::desc("XOR-swizzle the shared tiles"),
                       llvm::cl::init(false)};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("LLVM optimization level of the "
                                           "NVPTX backend"),
                            llvm::cl::init(3)};
};

/// Adds the passes of `--uop-compile` with `options` to `pm` (a module pass
/// manager). Fails, through `errorHandler`, on an unknown target or stage.
LogicalResult
buildCompilePipeline(OpPassManager &pm, const CompileOptions &options,
                     function_ref<LogicalResult(const Twine &)> errorHandler);

/// Registers `--uop-compile`.
void registerUopPipelines();

} // namespace mlir::uop

#endif // UOP_PIPELINES_PIPELINES_H
