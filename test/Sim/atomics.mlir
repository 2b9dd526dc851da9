// Atomics and reductions in kernels. memref.atomic_rmw runs each thread's
// read-modify-write in turn and returns the old value; atomics are neither
// shared-memory races nor inter-block races. gpu.all_reduce gives every
// thread of the block the reduction of all threads' values (every thread
// must reach it); gpu.subgroup_reduce does the same per warp.

// 4 blocks of 64 threads: 256 atomic increments of one global counter, and
// min / max / float add / exchange of the thread ids. No race is reported.
// RUN: sh -c 'uop-sim %s --entry global_atomics --print-outputs 2>&1; echo exit=$?' | FileCheck %s --check-prefix=GLOBAL
// GLOBAL-NOT: fault
// GLOBAL:      %i: memref<4xi32> =
// GLOBAL-NEXT:   256 63 0 -1
// GLOBAL:      %f: memref<2xf32> =
// GLOBAL-NEXT:   128 -0
// GLOBAL: exit=0
func.func @global_atomics(%i: memref<4xi32>, %f: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %big = arith.constant 1000 : i32
  %fzero = arith.constant 0.0 : f32
  %fone = arith.constant 1.0 : f32
  memref.store %zero, %i[%c0] : memref<4xi32>
  memref.store %zero, %i[%c1] : memref<4xi32>
  memref.store %big, %i[%c2] : memref<4xi32>
  memref.store %zero, %i[%c3] : memref<4xi32>
  memref.store %fzero, %f[%c0] : memref<2xf32>
  memref.store %fone, %f[%c1] : memref<2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1 : i32
    %half = arith.constant 0.5 : f32
    %mzero = arith.constant -0.0 : f32
    %minus1 = arith.constant -1 : i32
    %t = arith.index_cast %tx : index to i32
    %a = memref.atomic_rmw addi %one, %i[%c0] : (i32, memref<4xi32>) -> i32
    %b = memref.atomic_rmw maxs %t, %i[%c1] : (i32, memref<4xi32>) -> i32
    %c = memref.atomic_rmw mins %t, %i[%c2] : (i32, memref<4xi32>) -> i32
    %d = memref.atomic_rmw assign %minus1, %i[%c3] : (i32, memref<4xi32>) -> i32
    %e = memref.atomic_rmw addf %half, %f[%c0] : (f32, memref<2xf32>) -> f32
    // minimumf orders -0 below +0.
    %g = memref.atomic_rmw minimumf %mzero, %f[%c1] : (f32, memref<2xf32>) -> f32
    gpu.terminator
  }
  return
}

// The old values: the 64 threads of one block each get a different ticket,
// so their sum is 0 + 1 + ... + 63. Unsigned max sees -1 as the largest,
// integers wrap at their width, and mulf (which PTX lacks, but the
// simulator runs) multiplies.
// RUN: uop-sim %s --entry tickets --print-outputs | FileCheck %s --check-prefix=TICKETS
// TICKETS:      %o: memref<4xi32> =
// TICKETS-NEXT:   2016 -1 -128 0
// TICKETS:      %f: memref<1xf32> =
// TICKETS-NEXT:   65536
func.func @tickets(%o: memref<4xi32>, %f: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  %fone = arith.constant 1.0 : f32
  %counter = memref.alloc() : memref<1xi32>
  %narrow = memref.alloc() : memref<1xi8>
  %z8 = arith.constant 127 : i8
  memref.store %zero, %counter[%c0] : memref<1xi32>
  memref.store %z8, %narrow[%c0] : memref<1xi8>
  memref.store %zero, %o[%c0] : memref<4xi32>
  memref.store %zero, %o[%c1] : memref<4xi32>
  memref.store %zero, %o[%c3] : memref<4xi32>
  memref.store %fone, %f[%c0] : memref<1xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1 : i32
    %minus1 = arith.constant -1 : i32
    %one8 = arith.constant 1 : i8
    %two = arith.constant 2.0 : f32
    %ticket = memref.atomic_rmw addi %one, %counter[%c0] : (i32, memref<1xi32>) -> i32
    %sum = memref.atomic_rmw addi %ticket, %o[%c0] : (i32, memref<4xi32>) -> i32
    %u = memref.atomic_rmw maxu %minus1, %o[%c1] : (i32, memref<4xi32>) -> i32
    %first = arith.cmpi eq, %tx, %c0 : index
    // 127 + 1 wraps to -128 in i8; only thread 0 adds.
    scf.if %first {
      %w = memref.atomic_rmw addi %one8, %narrow[%c0] : (i8, memref<1xi8>) -> i8
    }
    %lt16 = arith.cmpi ult, %tx, %c16 : index
    scf.if %lt16 {
      %m = memref.atomic_rmw mulf %two, %f[%c0] : (f32, memref<1xf32>) -> f32
    }
    gpu.terminator
  }
  %w8 = memref.load %narrow[%c0] : memref<1xi8>
  %w32 = arith.extsi %w8 : i8 to i32
  memref.store %w32, %o[%c2] : memref<4xi32>
  return
}

// A shared counter: thread 0 clears it, every thread adds its id, thread 0
// writes the total. Atomics between the barriers are not races.
// RUN: sh -c 'uop-sim %s --entry shared_counter --print-outputs 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SHARED
// SHARED-NOT: fault
// SHARED:      %o: memref<2xi32> =
// SHARED-NEXT:   2016 2016
// SHARED: exit=0
func.func @shared_counter(%o: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %s = memref.alloca() : memref<1xi32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %zero, %s[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %t = arith.index_cast %tx : index to i32
    %old = memref.atomic_rmw addi %t, %s[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
    gpu.barrier
    scf.if %first {
      %v = memref.load %s[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      memref.store %v, %o[%bx] : memref<2xi32>
    }
    gpu.terminator
  }
  return
}

// An atomic on shared memory no thread wrote reads garbage on the hardware.
// RUN: sh -c 'uop-sim %s --entry shared_uninitialized 2>&1; echo exit=$?' | FileCheck %s --check-prefix=UNINIT
// UNINIT: uop-sim: fault: uninitialized read of shared {{.*}}[0] in block (0, 0, 0) by thread (0, 0, 0) at {{.*}}atomics.mlir:[[@LINE+10]]:12: no thread of the block wrote it
// UNINIT: exit=2
func.func @shared_uninitialized() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = memref.alloca() : memref<1xi32, #gpu.address_space<workgroup>>
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %s[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
    gpu.terminator
  }
  return
}

// Block and warp reductions of the thread ids 0..63: sum 2016, max 63, the
// sum again through a region, and per warp 0+..+31 = 496 and
// 32+..+63 = 1520.
// RUN: sh -c 'uop-sim %s --entry reductions --print-outputs 2>&1; echo exit=$?' | FileCheck %s --check-prefix=RED
// RED-NOT: fault
// RED:      %o: memref<5xi32> =
// RED-NEXT:   2016 63 2016 496 1520
// RED:      %f: memref<1xf32> =
// RED-NEXT:   32
// RED: exit=0
func.func @reductions(%o: memref<5xi32>, %f: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %half = arith.constant 0.5 : f32
    %sum = gpu.all_reduce add %t uniform {} : (i32) -> i32
    %max = gpu.all_reduce maxsi %t uniform {} : (i32) -> i32
    %rsum = gpu.all_reduce %t {
    ^bb(%a: i32, %b: i32):
      %x = arith.addi %a, %b : i32
      gpu.yield %x : i32
    } : (i32) -> i32
    %fsum = gpu.all_reduce add %half uniform {} : (f32) -> f32
    %warp = gpu.subgroup_reduce add %t : (i32) -> i32
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %sum, %o[%c0] : memref<5xi32>
      memref.store %max, %o[%c1] : memref<5xi32>
      memref.store %rsum, %o[%c2] : memref<5xi32>
      memref.store %warp, %o[%c3] : memref<5xi32>
      memref.store %fsum, %f[%c0] : memref<1xf32>
    }
    %second = arith.cmpi eq, %tx, %c32 : index
    scf.if %second {
      memref.store %warp, %o[%c4] : memref<5xi32>
    }
    gpu.terminator
  }
  return
}

// Every thread of the block must reach a gpu.all_reduce.
// RUN: sh -c 'uop-sim %s --entry divergent_reduce 2>&1; echo exit=$?' | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: uop-sim: fault: divergent barrier at {{.*}}atomics.mlir:[[@LINE+12]]:12 in block (0, 0, 0): reached by thread (0, 0, 0) but not by thread (16, 0, 0)
// DIVERGENT: exit=2
func.func @divergent_reduce(%o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %lt16 = arith.cmpi ult, %tx, %c16 : index
    scf.if %lt16 {
      %one = arith.constant 1.0 : f32
      %s = gpu.all_reduce add %one uniform {} : (f32) -> f32
      memref.store %s, %o[%c0] : memref<1xf32>
    }
    gpu.terminator
  }
  return
}
