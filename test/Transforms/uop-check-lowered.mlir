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

// -----

// IR the NVPTX backend crashes on is a diagnostic first: a barrier outside
// any function, a GEP into a vector, an i0 or empty
// parameter.
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'nvvm.barrier0' op expected to be in an llvm.func, got it at the top of the gpu.module}}
    nvvm.barrier0
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    llvm.func @f(%p: !llvm.ptr) attributes {nvvm.kernel} {
      // expected-error @+1 {{'llvm.getelementptr' op expected a GEP into a struct or array, got one into the vector 'vector<4xf32>'; use llvm.extractelement on a loaded vector}}
      %q = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, vector<4xf32>
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'llvm.func' op expected parameters that hold data, got 'i0' for parameter 1}}
    llvm.func @f(%p: !llvm.ptr, %z: i0) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'llvm.func' op expected parameters that hold data, got '!llvm.struct<()>' for parameter 0}}
    llvm.func @f(%s: !llvm.struct<()>) attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// A launch outside the target's limits.
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    llvm.func @f() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    // expected-error @+1 {{'gpu.launch_func' op expected a block size along x between 1 and 1024 (the limit of sm_80), got 2048}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c2048, %c1, %c1)
    return
  }
}
