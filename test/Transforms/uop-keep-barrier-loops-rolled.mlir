// RUN: uop-opt %s --uop-keep-barrier-loops-rolled --split-input-file \
// RUN:   --mlir-print-local-scope | FileCheck %s

// The K loop that holds the barriers is kept rolled, as is every loop
// between a barrier and its kernel; a barrier-free loop is left to LLVM.
// CHECK-LABEL: func.func @launch
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: scf.for
// CHECK: uop.barrier
// CHECK: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// CHECK: scf.if
// CHECK: uop.barrier
// CHECK: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NOT: loop_annotation
// CHECK: gpu.terminator
func.func @launch(%f: f32, %m: memref<16xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    scf.for %k = %c0 to %c4 step %c1 {
      scf.for %i = %c0 to %c4 step %c1 {
        uop.barrier
      }
      scf.if %c {
        uop.barrier
      }
    }
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %f, %m[%tx] : memref<16xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// After convert-uop-to-gpu the barrier is a gpu.barrier: same hint. A loop
// the user annotated keeps its annotation.
// CHECK-LABEL: gpu.func @kernel
// CHECK: gpu.barrier
// CHECK: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// CHECK: gpu.barrier
// CHECK: } {loop_annotation = #llvm.loop_annotation<unroll = <count = 2 : i32>>}
gpu.module @m {
  gpu.func @kernel(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
    }
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
    } {loop_annotation = #llvm.loop_annotation<unroll = <count = 2 : i32>>}
    gpu.return
  }
}

// -----

// A host loop that launches a kernel with a barrier is host code: it is not
// annotated, only the loop inside the kernel is.
// CHECK-LABEL: func.func @host_loop
// CHECK: scf.for
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// CHECK: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @host_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      scf.for %i = %c0 to %n step %c1 {
        gpu.barrier
      }
      gpu.terminator
    }
  }
  return
}

// -----

// Without a barrier nothing changes.
// CHECK-LABEL: func.func @no_barrier
// CHECK-NOT: loop_annotation
func.func @no_barrier(%f: f32, %m: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    scf.for %i = %c0 to %c16 step %c1 {
      memref.store %f, %m[%i] : memref<16xf32>
    }
    gpu.terminator
  }
  return
}
