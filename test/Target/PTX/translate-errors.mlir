// uop-translate --uop-to-ptx explains what it needs when the input is not
// the output of --uop-compile. (With --no-implicit-module each case is the
// top-level op itself, so the diagnostics can point at it.)

// RUN: uop-translate --uop-to-ptx %s --no-implicit-module --split-input-file \
// RUN:   --verify-diagnostics

// expected-error @+1 {{no gpu.module to translate: compile the input with uop-opt --uop-compile first}}
module {
  func.func @host_only() {
    return
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{the gpu.module has no #nvvm.target: compile it with uop-opt --uop-compile}}
  gpu.module @k {
    llvm.func @f() { llvm.return }
  }
}

// -----

module attributes {gpu.container_module} {
  // LLVM would only warn about an unknown chip and write PTX no ptxas takes.
  // expected-error @+1 {{expected a chip of sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100a, sm_120, got 'sm_9999'}}
  gpu.module @u [#nvvm.target<chip = "sm_9999">] {
    llvm.func @f() { llvm.return }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{gpu.module is not lowered to LLVM/NVVM: found 'gpu.func'; compile with --uop-compile="emit=llvm"}}
    gpu.func @f() kernel { gpu.return }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @a [#nvvm.target<chip = "sm_80">] {
  }
  // expected-error @+1 {{expected one gpu.module, found 2; run uop-opt --uop-merge-kernel-modules}}
  gpu.module @b [#nvvm.target<chip = "sm_80">] {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{expected exactly one #nvvm.target on the gpu.module, got [#nvvm.target<chip = "sm_80">, #nvvm.target<chip = "sm_90a">]}}
  gpu.module @a [#nvvm.target<chip = "sm_80">, #nvvm.target<chip = "sm_90a">] {
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{expected exactly one #nvvm.target on the gpu.module, got [#rocdl.target]}}
  gpu.module @a [#rocdl.target] {
  }
}

// -----

// The NVPTX backend cannot build a target machine for this triple; its own
// diagnostics name the triple, and the translation names the target.
module attributes {gpu.container_module} {
  // expected-error @+2 {{NVPTX code generation failed for #nvvm.target<triple = "foo-bar-baz", chip = "sm_80">}}
  // expected-error @+1 {{foo-bar-baz}}
  gpu.module @k [#nvvm.target<chip = "sm_80", triple = "foo-bar-baz">] {
    llvm.func @f() attributes {nvvm.kernel} { llvm.return }
  }
}

// -----

// expected-error @+1 {{expected a builtin.module, got 'func.func'}}
func.func @not_a_module() {
  return
}

// -----

// IR the NVPTX backend crashes on is refused before code generation (the
// checks of uop-check-lowered): a barrier outside any function.
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'nvvm.barrier0' op expected to be in an llvm.func, got it at the top of the gpu.module}}
    nvvm.barrier0
  }
}

// -----

// A launch of 2^40 blocks does not go into the launch configuration.
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    llvm.func @f() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %big = arith.constant 1099511627776 : index
    // expected-error @+1 {{'gpu.launch_func' op expected a grid size along x between 1 and 2147483647 (the limit of sm_80), got 1099511627776}}
    gpu.launch_func @k::@f blocks in (%big, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// The NVPTX backend stops with "Empty parameter types are not supported"
// (LLVM ERROR) on a parameter that holds no data; not only a kernel's: a
// device function's, a declaration's, nested empty aggregates, and a
// result.
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'llvm.func' op expected parameters that hold data, got '!llvm.struct<(struct<()>)>' for parameter 0}}
    llvm.func @g(%a: !llvm.struct<(struct<()>)>) {
      llvm.return
    }
    llvm.func @f() attributes {gpu.kernel, nvvm.kernel} {
      %u = llvm.mlir.undef : !llvm.struct<(struct<()>)>
      llvm.call @g(%u) : (!llvm.struct<(struct<()>)>) -> ()
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'llvm.func' op expected parameters that hold data, got '!llvm.array<0 x f32>' for parameter 0}}
    llvm.func @g(!llvm.array<0 x f32>)
    llvm.func @f() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    // expected-error @+1 {{'llvm.func' op expected a result that holds data, got '!llvm.struct<()>'}}
    llvm.func @g() -> !llvm.struct<()> {
      %u = llvm.mlir.undef : !llvm.struct<()>
      llvm.return %u : !llvm.struct<()>
    }
    llvm.func @f() attributes {gpu.kernel, nvvm.kernel} {
      %u = llvm.call @g() : () -> !llvm.struct<()>
      llvm.return
    }
  }
}
