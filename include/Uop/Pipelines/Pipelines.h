//===- Pipelines.h - the uop-compile pipeline and its stages ----*- C++ -*-===//
//
// `--uop-compile` runs the lowering ladder as a sequence of named stages,
// each registered on its own (`--uop-stage-<name>`) and each leaving the
// module in a state that uop-sim runs:
//
//   kernel   linalg -> uop: target attached, GEMMs tiled, operand tiles
//            staged in shared memory, tile ops expanded to per-thread code
//            (uop + gpu.launch + scf/memref/vector/arith).
//   gpu      kernels outlined into one gpu.module of gpu.funcs, uop ops
//            converted to gpu (workgroup attributions, gpu.barrier).
//   nvgpu    tensor-core, async-copy and mbarrier ops in nvgpu / nvvm form;
//            loads, loops and arithmetic still memref / scf / arith.
//   llvm     device code in LLVM + NVVM, the input of uop-translate.
//
// `emit=<stage>` stops after a stage. Options have one source: the defaults
// of the generated pass options (Passes.td) and the table of targets.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_PIPELINES_PIPELINES_H
#define UOP_PIPELINES_PIPELINES_H

#include "Uop/Target/Targets.h"
#include "Uop/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <optional>

namespace mlir::uop {

/// The stages of the pipeline, in order.
enum class Stage { Kernel, Gpu, NVGPU, LLVM };

/// Every stage, in pipeline order.
ArrayRef<Stage> getAllStages();

/// The name of `stage` (`kernel`, `gpu`, `nvgpu`, `llvm`).
StringRef getStageName(Stage stage);

/// The stage named `name`, or nothing.
std::optional<Stage> parseStage(StringRef name);

/// The stage names, comma separated, for diagnostics.
std::string getStageNames();

/// Options of `--uop-compile` and of every `--uop-stage-<name>`. The
/// defaults are those of the passes the options go to.
struct CompileOptions : public PassPipelineOptions<CompileOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("GPU to compile for (uop-attach-target's chip)"),
      llvm::cl::init(getDefaultChip().str())};
  Option<std::string> emit{
      *this, "emit",
      llvm::cl::desc("the stage to stop after: kernel, gpu, nvgpu or llvm"),
      llvm::cl::init("llvm")};
  ListOption<int64_t> tile{*this, "tile",
                           llvm::cl::desc("uop-tile's block tile BM,BN,BK")};
  ListOption<int64_t> threadTile{
      *this, "thread-tile",
      llvm::cl::desc("uop-tile's register tile TM,TN")};
  Option<std::string> mma{
      *this, "mma",
      llvm::cl::desc("uop-tile's multiply: auto (tcgen05 on sm_100a, wgmma "
                     "on sm_90a, else mma_sync, for f16 and bf16; mma_sync "
                     "for f32 with precision=tf32; else simt), simt, "
                     "mma_sync, wmma (f16), wgmma (sm_90a) or tcgen05 "
                     "(sm_100a)"),
      llvm::cl::init("auto")};
  Option<int64_t> ladderStep{
      *this, "ladder-step",
      llvm::cl::desc("uop-tile's rung of the Blackwell GEMM ladder with "
                     "tcgen05: 1 (one tile, K <= 64), 2 (the K-loop), 3 "
                     "(the 2-D grid), 4 (TMA loads), 5 and 6 (a ring of TMA "
                     "stages), 7 (the ring with a producer warp and an MMA "
                     "warp), 0 (the highest the GEMM allows)"),
      llvm::cl::init(UopTileOptions().ladderStep)};
  Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("uop-tile's warp specialization of the mma=wgmma TMA "
                     "ring: a producer warpgroup loads, the MMA warpgroups "
                     "multiply"),
      llvm::cl::init(UopTileOptions().warpSpecialize)};
  Option<int64_t> persistentBlocks{
      *this, "persistent-blocks",
      llvm::cl::desc("uop-tile's persistent blocks for the warp-specialized "
                     "wgmma kernel: at most this many blocks, each looping "
                     "over tiles of C (0: one block per tile)"),
      llvm::cl::init(UopTileOptions().persistentBlocks)};
  Option<int64_t> groupM{
      *this, "group-m",
      llvm::cl::desc("uop-tile's grouped tile order for the wgmma and "
                     "tcgen05 kernels: G tile rows at a time (0: 8 for "
                     "wgmma, row-major for tcgen05; 1: row-major)"),
      llvm::cl::init(UopTileOptions().groupM)};
  Option<int64_t> clusterM{
      *this, "cluster-m",
      llvm::cl::desc("uop-tile's thread-block clusters along M for the "
                     "warp-specialized wgmma kernel: C blocks sharing their "
                     "tile of B through multicast TMA loads (1: none)"),
      llvm::cl::init(UopTileOptions().clusterM)};
  Option<int64_t> splitK{
      *this, "split-k",
      llvm::cl::desc("uop-tile's split-K for the warp-specialized wgmma "
                     "kernel: K over this many blocks along z, their "
                     "partial sums added into an f32 C atomically (1: "
                     "none)"),
      llvm::cl::init(UopTileOptions().splitK)};
  Option<int64_t> clusterN{
      *this, "cluster-n",
      llvm::cl::desc("uop-tile's thread-block clusters along N for the "
                     "warp-specialized wgmma kernel: blocks sharing their "
                     "tile of A through multicast TMA loads (1: none)"),
      llvm::cl::init(UopTileOptions().clusterN)};
  Option<bool> pingpong{
      *this, "pingpong",
      llvm::cl::desc("uop-tile's ping-pong schedule for the persistent wgmma "
                     "kernel: the consumer warpgroups take whole tiles in "
                     "turn"),
      llvm::cl::init(UopTileOptions().pingpong)};
  Option<std::string> tmaStore{
      *this, "tma-store",
      llvm::cl::desc("uop-tile's TMA-store epilogue for the wgmma TMA ring: "
                     "C staged in swizzled shared boxes, written by TMA "
                     "stores (auto, true or false; alone: true)"),
      llvm::cl::ValueOptional,
      llvm::cl::init(UopTileOptions().tmaStore)};
  ListOption<int64_t> warps{
      *this, "warps",
      llvm::cl::desc("uop-tile's warps WM,WN of a tensor-core block")};
  Option<std::string> precision{
      *this, "precision",
      llvm::cl::desc("exact, or tf32: f32 GEMMs may run on tensor cores on "
                     "inputs rounded to TF32"),
      llvm::cl::init(UopTileOptions().precision)};
  Option<int64_t> stages{
      *this, "stages",
      llvm::cl::desc("uop-promote-shared's buffers per operand; the stages "
                     "of the TMA ring of mma=tcgen05 ladder-steps 6 and 7 "
                     "and of "
                     "mma=wgmma (1: no ring)"),
      llvm::cl::init(UopPromoteSharedOptions().stages)};
  Option<int64_t> pad{*this, "pad",
                      llvm::cl::desc("uop-promote-shared's row padding"),
                      llvm::cl::init(UopPromoteSharedOptions().pad)};
  Option<bool> swizzle{*this, "swizzle",
                       llvm::cl::desc("uop-promote-shared's XOR swizzle"),
                       llvm::cl::init(UopPromoteSharedOptions().swizzle)};
  Option<bool> async{
      *this, "async",
      llvm::cl::desc("uop-promote-shared's asynchronous copies (cp.async)"),
      llvm::cl::init(UopPromoteSharedOptions().async)};
  Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("uop-attach-nvvm-target's NVPTX optimization level"),
      llvm::cl::init(UopAttachNVVMTargetOptions().optLevel)};

  /// The options of the passes these options drive.
  UopAttachTargetOptions getAttachTargetOptions() const;
  UopTileOptions getTileOptions() const;
  UopPromoteSharedOptions getPromoteSharedOptions() const;
  UopAttachNVVMTargetOptions getAttachNVVMTargetOptions() const;
};

/// Adds the passes of one stage to `pm` (a module pass manager): those that
/// take a module from the previous stage's state to `stage`'s.
void buildStage(OpPassManager &pm, Stage stage, const CompileOptions &options);

/// Adds the passes of `--uop-compile` with `options` to `pm`: every stage up
/// to `options.emit`. Fails, through `errorHandler`, on an unknown stage.
LogicalResult
buildCompilePipeline(OpPassManager &pm, const CompileOptions &options,
                     function_ref<LogicalResult(const Twine &)> errorHandler);

/// Registers `--uop-compile` and `--uop-stage-<name>` for every stage.
void registerUopPipelines();

} // namespace mlir::uop

#endif // UOP_PIPELINES_PIPELINES_H
