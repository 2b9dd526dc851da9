// uop-translate --uop-to-ptx explains what it needs when the input is not
// the output of --uop-compile.

// RUN: not uop-translate --uop-to-ptx %s --split-input-file 2>&1 | FileCheck %s
// CHECK-NOT: {{LLVM ERROR|Stack dump|PLEASE submit}}

// CHECK: error: no gpu.module to translate: compile the input with uop-opt --uop-compile first
func.func @host_only() {
  return
}

// -----

// CHECK: error: the gpu.module has no #nvvm.target: compile it with uop-opt --uop-compile
module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.func @f() { llvm.return }
  }
}

// -----

// CHECK: error: gpu.module is not lowered to LLVM/NVVM: found 'gpu.func'; compile with --uop-compile="emit=llvm"
module attributes {gpu.container_module} {
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
    gpu.func @f() kernel { gpu.return }
  }
}

// -----

// CHECK: error: expected one gpu.module, found 2; run uop-opt --uop-merge-kernel-modules
module attributes {gpu.container_module} {
  gpu.module @a [#nvvm.target<chip = "sm_80">] {
  }
  gpu.module @b [#nvvm.target<chip = "sm_80">] {
  }
}

// -----

// CHECK: error: expected exactly one #nvvm.target on the gpu.module
module attributes {gpu.container_module} {
  gpu.module @a [#nvvm.target<chip = "sm_80">, #nvvm.target<chip = "sm_90a">] {
  }
}
