// RUN: uop-opt %s --uop-attach-target=chip=sm_100a | FileCheck %s --check-prefix=SM100
// RUN: uop-opt %s --uop-attach-target=chip=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: uop-opt %s --uop-attach-target | FileCheck %s --check-prefix=SM80
// RUN: uop-opt %s --uop-attach-target=chip=sm_86 | FileCheck %s --check-prefix=SM86
// RUN: uop-opt %s --uop-attach-target=chip=sm_89 | FileCheck %s --check-prefix=SM89
// RUN: uop-opt %s --uop-attach-target=chip=sm_90 | FileCheck %s --check-prefix=SM90PLAIN
// RUN: uop-opt %s --uop-attach-target=chip=sm_120 | FileCheck %s --check-prefix=SM120
// Attaching the same target twice is a no-op.
// RUN: uop-opt %s --uop-attach-target=chip=sm_90a --uop-attach-target=chip=sm_90a | FileCheck %s --check-prefix=SM90
// RUN: not uop-opt %s --uop-attach-target=chip=sm_75 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not uop-opt %s --uop-attach-target=chip=sm_90a --uop-attach-target=chip=sm_80 2>&1 | FileCheck %s --check-prefix=OTHER

// SM100: module attributes {uop.target = #uop.target<chip = "sm_100a", ptx = 86, tensor_core = tcgen05, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>}
// SM90: module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>}
// SM80: module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>}
// SM86: module attributes {uop.target = #uop.target<chip = "sm_86", ptx = 71, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 101376, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>}
// SM89: module attributes {uop.target = #uop.target<chip = "sm_89", ptx = 78, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 101376,
// SM90PLAIN: module attributes {uop.target = #uop.target<chip = "sm_90", ptx = 80, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 232448,
// SM120: module attributes {uop.target = #uop.target<chip = "sm_120", ptx = 87, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 101376,
// UNKNOWN: error: unsupported target 'sm_75': expected one of sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100a, sm_120
// OTHER: error: expected a module for sm_80, got one already compiled for sm_90a

func.func @f() {
  return
}
