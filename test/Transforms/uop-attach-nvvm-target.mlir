// The #nvvm.target of every gpu.module comes from the module's uop.target;
// a module without one gets the default target's.
// RUN: uop-opt %s --split-input-file --uop-attach-nvvm-target | FileCheck %s
// RUN: uop-opt %s --split-input-file --uop-attach-nvvm-target=opt-level=1 | FileCheck %s --check-prefix=O1
// RUN: not uop-opt %s --split-input-file --uop-attach-nvvm-target=opt-level=4 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: gpu.module @a [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">]
// CHECK: gpu.module @b [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">]
// O1: gpu.module @a [#nvvm.target<O = 1, chip = "sm_100a", features = "+ptx86">]
// BAD: error: uop-attach-nvvm-target: expected opt-level between 0 and 3, got 4
module attributes {uop.target = #uop.target<chip = "sm_100a", ptx = 86, tensor_core = tcgen05, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @a {
  }
  gpu.module @b {
  }
}

// -----

// CHECK: gpu.module @c [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
module {
  gpu.module @c {
  }
}
