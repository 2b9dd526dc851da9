// RUN: uop-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(convert-nvgpu-tensormap-args-to-llvm))' \
// RUN:   | FileCheck %s

// A tensor-map argument becomes the pointer convert-nvgpu-to-nvvm lowers
// its uses to; the uses read it through a cast back to the descriptor.
// Other arguments and the workgroup attribution keep their types.
!tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!map = !nvgpu.tensormap.descriptor<tensor = !tile, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @load
    // CHECK-SAME: (%[[C:.*]]: memref<4xf32>, %[[P:.*]]: !llvm.ptr, %[[N:.*]]: index)
    // CHECK-SAME: workgroup(%[[TILE:.*]] : memref<128x64xf16, #gpu.address_space<workgroup>>)
    // CHECK-NEXT: %[[MAP:.*]] = builtin.unrealized_conversion_cast %[[P]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
    // CHECK: nvgpu.tma.async.load %[[MAP]][%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}] to %[[TILE]]
    gpu.func @load(%c: memref<4xf32>, %map: !map, %n: index) workgroup(%tile : !tile) kernel {
      %c0 = arith.constant 0 : index
      %bars = nvgpu.mbarrier.create -> !bars
      nvgpu.tma.async.load %map[%c0, %n], %bars[%c0] to %tile : !map, !bars -> !tile
      gpu.return
    }
  }
}

// -----

// Nothing to do without a tensor map.
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @plain
    // CHECK-SAME: (%{{.*}}: memref<4xf32>)
    // CHECK-NOT: unrealized_conversion_cast
    gpu.func @plain(%c: memref<4xf32>) kernel {
      gpu.return
    }
  }
}
