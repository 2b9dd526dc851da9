//===- TensorMap.h - TMA tensor-map facts shared by uop ---------*- C++ -*-===//
//
// The swizzle of a TMA tensor map in bytes (the `swizzle` of uop.tma_load)
// and as upstream nvgpu's tensor-map type spells it; convert-uop-to-nvgpu,
// uop-sim and the launch configuration all convert between the two.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_TENSORMAP_H
#define UOP_DIALECT_UOP_IR_TENSORMAP_H

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

#include <optional>

namespace mlir::uop {

/// The span of a tensor map's swizzle in bytes (0 for none).
inline int64_t getTensorMapSwizzleBytes(nvgpu::TensorMapSwizzleKind kind) {
  switch (kind) {
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE:
    return 0;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_32B:
    return 32;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_64B:
    return 64;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_128B:
    return 128;
  }
  return 0;
}

/// The swizzle kind of a span of `bytes` (0, 32, 64, 128), or nullopt.
inline std::optional<nvgpu::TensorMapSwizzleKind>
getTensorMapSwizzleKind(int64_t bytes) {
  switch (bytes) {
  case 0:
    return nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE;
  case 32:
    return nvgpu::TensorMapSwizzleKind::SWIZZLE_32B;
  case 64:
    return nvgpu::TensorMapSwizzleKind::SWIZZLE_64B;
  case 128:
    return nvgpu::TensorMapSwizzleKind::SWIZZLE_128B;
  default:
    return std::nullopt;
  }
}

} // namespace mlir::uop

#endif // UOP_DIALECT_UOP_IR_TENSORMAP_H
