// RUN: uop-opt %s --split-input-file --verify-diagnostics \
// RUN:   --allow-unregistered-dialect \
// RUN:   --uop-merge-kernel-modules="module-name=all" | FileCheck %s

// Two outlined kernels end up in one gpu.module; the launches follow them.
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @all::@k0
// CHECK: gpu.launch_func @all::@k1
// CHECK: gpu.module @all [#nvvm.target<chip = "sm_80">]
// CHECK-DAG: gpu.func @k0() kernel
// CHECK-DAG: gpu.func @k1() kernel
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k0::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @k1::@k1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @k0 [#nvvm.target<chip = "sm_80">] {
    gpu.func @k0() kernel { gpu.return }
  }
  gpu.module @k1 [#nvvm.target<chip = "sm_80">] {
    gpu.func @k1() kernel { gpu.return }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k0 [#nvvm.target<chip = "sm_80">] {
    gpu.func @k0() kernel { gpu.return }
  }
  // expected-error @+1 {{cannot merge gpu.modules with different targets: expected [#nvvm.target<chip = "sm_80">] (as 'k0'), got [#nvvm.target<chip = "sm_90a">]}}
  gpu.module @k1 [#nvvm.target<chip = "sm_90a">] {
    gpu.func @k1() kernel { gpu.return }
  }
}

// -----

// Names that clash are renamed with their uses, and the launches follow.
// CHECK-LABEL: func.func @clash
// CHECK: gpu.launch_func @all::@same
// CHECK: gpu.launch_func @all::@same_1
// CHECK: gpu.module @all
// CHECK: gpu.func @same() kernel
// CHECK: func.func @helper
// CHECK: gpu.func @same_1() kernel
// CHECK-NEXT: call @helper_1
// CHECK: func.func @helper_1
module attributes {gpu.container_module} {
  func.func @clash() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k0::@same blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @k1::@same blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @k0 {
    gpu.func @same() kernel { gpu.return }
    func.func @helper() { return }
  }
  gpu.module @k1 {
    gpu.func @same() kernel {
      func.call @helper() : () -> ()
      gpu.return
    }
    func.func @helper() { return }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{symbol 'all' is taken; pick another module-name}}
  func.func @all() { return }
  gpu.module @k0 {
    gpu.func @k() kernel { gpu.return }
  }
}

// -----

// A module without a target does not merge with one that has a target.
module attributes {gpu.container_module} {
  gpu.module @k0 [#nvvm.target<chip = "sm_80">] {
    gpu.func @k0() kernel { gpu.return }
  }
  // expected-error @+1 {{cannot merge gpu.modules with different targets: expected [#nvvm.target<chip = "sm_80">] (as 'k0'), got no target}}
  gpu.module @k1 {
    gpu.func @k1() kernel { gpu.return }
  }
}

// -----

// A clashing name is renamed only where all its uses are known: an
// unregistered op with a region may be a symbol table of its own.
module attributes {gpu.container_module} {
  gpu.module @k0 {
    gpu.func @same() kernel { gpu.return }
  }
  gpu.module @k1 {
    // expected-error @+1 {{cannot rename 'same' to 'same_1' while merging kernel modules: expected its uses in 'k1' to be known, got an unregistered op with a region}}
    gpu.func @same() kernel { gpu.return }
    "test.scope"() ({
      "test.use"() {callee = @same} : () -> ()
    }) : () -> ()
  }
}

// -----

// The alignment convert-uop-to-gpu records for a kernel's dynamic shared
// memory holds for the merged module: the largest of the kernels' (a
// kernel without dynamic shared memory first, then kernels asking for
// 1024 and 128 bytes).
// CHECK-LABEL: func.func @aligned
// CHECK: gpu.module @all attributes {uop.dynamic_shared_alignment = 1024 : i64}
module attributes {gpu.container_module} {
  func.func @aligned() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @plain::@plain blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @ring::@ring blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @small::@small blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @plain {
    gpu.func @plain() kernel { gpu.return }
  }
  gpu.module @ring attributes {uop.dynamic_shared_alignment = 1024 : i64} {
    gpu.func @ring() kernel { gpu.return }
  }
  gpu.module @small attributes {uop.dynamic_shared_alignment = 128 : i64} {
    gpu.func @small() kernel { gpu.return }
  }
}
