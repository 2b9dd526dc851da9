// RUN: uop-opt %s --uop-check-lowered --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'gpu.func' was not lowered to LLVM/NVVM: the kernel cannot become PTX}}
    gpu.func @f() kernel { gpu.return }
  }
}

// -----

// Fully lowered kernels pass.
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    llvm.func @f() attributes {nvvm.kernel} {
      nvvm.barrier0
      llvm.return
    }
  }
}
