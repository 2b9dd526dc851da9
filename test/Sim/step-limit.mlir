// The simulator always ends: --max-steps bounds the lane-operations of a
// run (an operation executed for N lanes counts N, each block started
// counts 64), and a run past it ends with a step-limit fault (exit 2) naming
// the operation and, in a kernel, the block it was at. Without the budget
// each of these entries runs for hours or forever.

// An scf.while whose condition never becomes false, on the host.
// RUN: sh -c 'uop-sim %s --entry host_loop --max-steps 1000 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HOST
// HOST: uop-sim: fault: step limit: the run took more than --max-steps=1000 lane-operations; it was at {{[a-z.]+}} at {{.*}}step-limit.mlir:{{[0-9]+}}:{{[0-9]+}} (a loop that does not end, or a program too large to simulate)
// HOST-NEXT: exit=2
func.func @host_loop(%out: memref<4xf32>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    scf.condition(%true) %i : index
  } do {
  ^bb0(%j: index):
    %c1 = arith.constant 1 : index
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return
}

// The same loop in a kernel: the fault names the block. With 32 threads
// every operation counts 32.
// RUN: sh -c 'uop-sim %s --entry kernel_loop --max-steps 100000 2>&1; echo exit=$?' | FileCheck %s --check-prefix=KERNEL
// KERNEL: uop-sim: fault: step limit: the run took more than --max-steps=100000 lane-operations; it was at {{[a-z.]+}} at {{.*}}step-limit.mlir:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0) (a loop
// KERNEL-NEXT: exit=2
func.func @kernel_loop(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %r = scf.while (%i = %c0) : (index) -> index {
      scf.condition(%true) %i : index
    } do {
    ^bb0(%j: index):
      %n = arith.addi %j, %tx : index
      scf.yield %n : index
    }
    gpu.terminator
  }
  return
}

// A grid of 2^31 - 1 blocks (the largest x the target allows) of an empty
// kernel: every block started counts 64 steps and its gpu.terminator 1, so
// the grid ends too (the three host operations before it took 3 steps;
// 3 + 76 * 65 + 64 > 5000).
// RUN: sh -c 'uop-sim %s --entry huge_grid --max-steps 5000 2>&1; echo exit=$?' | FileCheck %s --check-prefix=GRID
// GRID: uop-sim: fault: step limit: the run took more than --max-steps=5000 lane-operations; it was at gpu.launch at {{.*}}step-limit.mlir:[[@LINE+5]]:3 in block (76, 0, 0)
// GRID-NEXT: exit=2
func.func @huge_grid(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %cmax = arith.constant 2147483647 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %cmax, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// A budget of 0 is refused.
// RUN: sh -c 'uop-sim %s --entry huge_grid --max-steps 0 2>&1; echo exit=$?' | FileCheck %s --check-prefix=ZERO
// ZERO: uop-sim: error: expected --max-steps of at least 1, got 0
// ZERO-NEXT: exit=3

// --print-steps prints the count of a run that ends: 3 ops (two constants,
// the launch) on the host, then 64 for the block's start, 32 for the one op
// of its body and 32 for its gpu.terminator, and 1 for the host's return
// (a terminator counts once per lane, so a loop of nothing but its
// terminators still spends the budget).
// RUN: uop-sim %s --entry counted --print-steps | FileCheck %s --check-prefix=COUNT
// COUNT: steps: 132
// An scf.while whose body is only its terminators.
// RUN: sh -c 'uop-sim %s --entry bare_loop --max-steps 1000 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BARE
// BARE: uop-sim: fault: step limit: the run took more than --max-steps=1000 lane-operations; it was at scf.{{condition|yield}} at
// BARE-NEXT: exit=2
func.func @bare_loop(%out: memref<4xf32>) {
  %true = arith.constant true
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    scf.yield
  }
  return
}

func.func @counted(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %x = arith.addi %tx, %tx : index
    gpu.terminator
  }
  return
}
