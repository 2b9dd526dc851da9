//===- Targets.cpp - the GPUs uop compiles for ----------------------------===//
//
// The table of targets. Each row is what uop's passes need to know about one
// chip; sources are the PTX ISA and CUDA programming guide tables of the
// compute capability:
//
// - PTX ISA: the oldest version that can express the chip (sm_86 needs
//   7.1, sm_89 7.8, sm_90a's "a" features 8.0, sm_100a 8.6, sm_120 8.7);
//   the NVPTX backend refuses older ones. sm_90 could be expressed in 7.8,
//   but its TMA, elect.sync, mbarrier expect_tx and async-proxy fence need
//   8.0.
// - Tensor cores: the newest instruction family uop uses on the chip.
//   Every chip here has wmma, mma.sync (m16n8k16 f16 / bf16, tf32),
//   ldmatrix and cp.async (compute capability 8.0 and later); compute
//   capability 9.0 adds TMA, mbarrier transaction counts and try_wait,
//   elect.sync, stmatrix and thread-block clusters (sm_90, sm_90a, sm_100a,
//   sm_120); sm_90a adds wgmma; sm_100a tcgen05 with tensor memory. sm_90 without the
//   "a" has no wgmma, and consumer Blackwell (sm_120) no tcgen05: both run
//   the mma.sync kernels (forward-compatible PTX, unlike sm_90a's).
// - Shared memory: 48 KiB of static `.shared` per block on every chip;
//   with dynamic shared memory a block may opt in to 163 KiB on sm_80,
//   99 KiB on sm_86, sm_89 and sm_120, and 227 KiB on sm_90, sm_90a and
//   sm_100a.
// - Banks: 32 banks of 4 bytes; warps of 32 threads.
// - Launch limits (compute capability 8.0 to 12.0 alike): 1024 threads per
//   block, blocks of at most 1024 x 1024 x 64, grids of at most
//   (2^31 - 1) x 65535 x 65535.
//
// Not here: chips before compute capability 8.0 (sm_75 has neither
// cp.async nor the m16n8k16 mma.sync that the tensor-core kernels are
// built on, and CUDA 13's ptxas no longer assembles sm_70).
//
//===----------------------------------------------------------------------===//

#include "Uop/Target/Targets.h"
#include "Uop/Dialect/Uop/IR/UopDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLExtras.h"

#include <array>

using namespace mlir;
using namespace mlir::uop;

namespace {
/// One row of the table.
struct TargetRow {
  StringLiteral chip;
  int64_t ptx;
  TensorCoreKind tensorCore;
  int64_t maxStaticShared;
  int64_t maxShared;
  int64_t banks;
  int64_t bankBytes;
  int64_t warpSize;
  int64_t maxThreads;
  std::array<int64_t, 3> maxBlock;
  std::array<int64_t, 3> maxGrid;
};
} // namespace

static constexpr int64_t kKiB = 1024;
static constexpr std::array<int64_t, 3> kMaxBlock = {1024, 1024, 64};
static constexpr std::array<int64_t, 3> kMaxGrid = {2147483647, 65535, 65535};

/// Oldest first: the first row is the default.
static const TargetRow kTargets[] = {
    {"sm_80", 70, TensorCoreKind::mma_sync, 48 * kKiB, 163 * kKiB, 32, 4, 32,
     1024, kMaxBlock, kMaxGrid},
    {"sm_86", 71, TensorCoreKind::mma_sync, 48 * kKiB, 99 * kKiB, 32, 4, 32,
     1024, kMaxBlock, kMaxGrid},
    {"sm_89", 78, TensorCoreKind::mma_sync, 48 * kKiB, 99 * kKiB, 32, 4, 32,
     1024, kMaxBlock, kMaxGrid},
    {"sm_90", 80, TensorCoreKind::mma_sync, 48 * kKiB, 227 * kKiB, 32, 4, 32,
     1024, kMaxBlock, kMaxGrid},
    {"sm_90a", 80, TensorCoreKind::wgmma, 48 * kKiB, 227 * kKiB, 32, 4, 32,
     1024, kMaxBlock, kMaxGrid},
    {"sm_100a", 86, TensorCoreKind::tcgen05, 48 * kKiB, 227 * kKiB, 32, 4, 32,
     1024, kMaxBlock, kMaxGrid},
    {"sm_120", 87, TensorCoreKind::mma_sync, 48 * kKiB, 99 * kKiB, 32, 4, 32,
     1024, kMaxBlock, kMaxGrid},
};

StringRef mlir::uop::getDefaultChip() { return kTargets[0].chip; }

std::string mlir::uop::getSupportedChips() {
  std::string list;
  for (const TargetRow &row : kTargets)
    list += (list.empty() ? "" : ", ") + row.chip.str();
  return list;
}

TargetAttr mlir::uop::lookupTarget(MLIRContext *context, StringRef chip) {
  const TargetRow *row = llvm::find_if(
      kTargets, [&](const TargetRow &r) { return r.chip == chip; });
  if (row == std::end(kTargets))
    return nullptr;
  context->getOrLoadDialect<UopDialect>();
  return TargetAttr::get(context, row->chip, row->ptx, row->tensorCore,
                         row->maxStaticShared, row->maxShared, row->banks,
                         row->bankBytes, row->warpSize, row->maxThreads,
                         DenseI64ArrayAttr::get(context, row->maxBlock),
                         DenseI64ArrayAttr::get(context, row->maxGrid));
}

TargetAttr mlir::uop::getTarget(Operation *op) {
  for (Operation *cur = op; cur; cur = cur->getParentOp())
    if (auto module = dyn_cast<ModuleOp>(cur))
      if (auto target = module->getAttrOfType<TargetAttr>(
              UopDialect::getTargetAttrName()))
        return target;
  return nullptr;
}

TargetAttr mlir::uop::getTargetOrDefault(Operation *op) {
  if (TargetAttr target = getTarget(op))
    return target;
  return lookupTarget(op->getContext(), getDefaultChip());
}

void mlir::uop::setTarget(Operation *module, TargetAttr target) {
  module->setAttr(UopDialect::getTargetAttrName(), target);
}
