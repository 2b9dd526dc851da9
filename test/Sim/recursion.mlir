// Unbounded recursion, on the host and in a kernel, ends the run with a
// call-depth fault (exit 2) at the call that went past 512 nested calls,
// instead of overflowing the simulator's stack.

// RUN: sh -c 'uop-sim %s --entry host 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HOST
// HOST: uop-sim: fault: call depth: calls nested more than 512 deep at {{.*}}recursion.mlir:[[@LINE+8]]:3 (unbounded recursion?)
// HOST-NEXT: exit=2
func.func @host(%out: memref<4xf32>) {
  func.call @forever(%out) : (memref<4xf32>) -> ()
  return
}

func.func @forever(%out: memref<4xf32>) {
  func.call @forever(%out) : (memref<4xf32>) -> ()
  return
}

// RUN: sh -c 'uop-sim %s --entry kernel 2>&1; echo exit=$?' | FileCheck %s --check-prefix=KERNEL
// KERNEL: uop-sim: fault: call depth: calls nested more than 512 deep at {{.*}}recursion.mlir:[[@LINE+16]]:3 in block (0, 0, 0) (unbounded recursion?)
// KERNEL-NEXT: exit=2
func.func @kernel(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    func.call @device_forever(%tx) : (index) -> ()
    gpu.terminator
  }
  return
}

func.func @device_forever(%i: index) {
  %c1 = arith.constant 1 : index
  %n = arith.addi %i, %c1 : index
  func.call @device_forever(%n) : (index) -> ()
  return
}
