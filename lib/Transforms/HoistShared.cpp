//===- HoistShared.cpp - uop-hoist-shared pass ----------------------------===//
//
// Moves shared-memory allocations to the top of their kernel. A shared buffer
// has block lifetime whatever scope its users are in (a `__shared__` array in
// a loop body is still one array per block), so the IR says so by placing it
// first in the kernel body. Later passes (outlining, the simulator, barrier
// placement) can then treat every buffer as live for the whole kernel.
//
//===----------------------------------------------------------------------===//

#include "Uop/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::uop {
#define GEN_PASS_DEF_UOPHOISTSHARED
#include "Uop/Transforms/Passes.h.inc"
} // namespace mlir::uop

using namespace mlir;
using namespace mlir::uop;

void mlir::uop::hoistSharedAllocations(Operation *kernel) {
  Block *body = getKernelBody(kernel);
  if (!body)
    return;
  SmallVector<AllocSharedOp> allocs;
  kernel->walk([&](AllocSharedOp alloc) {
    if (getEnclosingKernel(alloc) == kernel)
      allocs.push_back(alloc);
  });
  // Keep program order: each buffer goes right after the previous one.
  Operation *insertAfter = nullptr;
  for (AllocSharedOp alloc : allocs) {
    if (insertAfter)
      alloc->moveAfter(insertAfter);
    else
      alloc->moveBefore(body, body->begin());
    insertAfter = alloc;
  }
}

namespace {
struct UopHoistSharedPass
    : public mlir::uop::impl::UopHoistSharedBase<UopHoistSharedPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (isa<gpu::LaunchOp>(op) ||
          (isa<gpu::GPUFuncOp>(op) && cast<gpu::GPUFuncOp>(op).isKernel()))
        hoistSharedAllocations(op);
    });
  }
};
} // namespace
