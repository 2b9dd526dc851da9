// uop-promote-shared for a wmma matmul: plain rows padded by 8 elements
// (16 bytes; wmma.load reads through a leading dimension, so no swizzle),
// 32-byte aligned buffers (wmma.load's 256-bit rule), and a budget that
// leaves room for uop-tensorcore's 16x16 f32 tile per warp: 8 warps take
// 8 KiB, so two stages of 18.5 KiB fit in 48 KiB where three would not.
// RUN: uop-opt %S/../Pipelines/Inputs/gemm_f16_256x128x512.mlir --uop-tile="mma=wmma" --uop-promote-shared | FileCheck %s
// CHECK: uop.alloc_shared {alignment = 32 : i64} : memref<2x128x40xf16, #gpu.address_space<workgroup>>
// CHECK: uop.alloc_shared {alignment = 32 : i64} : memref<2x32x136xf16, #gpu.address_space<workgroup>>
// CHECK: uop.copy {{.*}} {async, layout = #uop.shared_layout<pad = 8>}
// CHECK: uop.matmul {{.*}}a_layout = #uop.shared_layout<pad = 8>, b_layout = #uop.shared_layout<pad = 8>, kind = #uop.matmul_kind<wmma>

// An explicit pad is kept when rows stay whole 16-byte units.
// RUN: uop-opt %S/../Pipelines/Inputs/gemm_f16_256x128x512.mlir --uop-tile="mma=wmma" --uop-promote-shared=pad=0 | FileCheck %s --check-prefix=PAD0
// PAD0: uop.alloc_shared {alignment = 32 : i64} : memref<2x128x32xf16, #gpu.address_space<workgroup>>

// RUN: not uop-opt %S/../Pipelines/Inputs/gemm_f16_256x128x512.mlir --uop-tile="mma=wmma" --uop-promote-shared=swizzle=true 2>&1 | FileCheck %s --check-prefix=SWIZZLE
// SWIZZLE: error: 'uop.matmul' op expected no swizzle for a wmma matmul (its fragments are read with a leading dimension), got swizzle=true
// RUN: not uop-opt %S/../Pipelines/Inputs/gemm_f16_256x128x512.mlir --uop-tile="mma=wmma" --uop-promote-shared=pad=1 2>&1 | FileCheck %s --check-prefix=PAD1
// PAD1: error: 'uop.matmul' op expected shared rows of whole 16-byte units for a wmma matmul (wmma.load's leading dimension), got 32 + 1 (pad) elements
