// nvgpu.device_async_copy (cp.async) with per-thread groups: thread t copies
// in[4t .. 4t+3] (16 bytes) into shared memory, commits the group, waits for
// it, and after a barrier reads what thread (t + 1) mod 32 copied. The data
// of a copy is written when a wait of the issuing thread completes its
// group: before that any access to the destination is a race naming the
// copy, and other threads see it only after a barrier that follows the wait.

// RUN: uop-sim %s --compare-with %s --ref-entry main_ref | FileCheck %s --check-prefix=OK
// OK: max_abs_err=0 max_rel_err=0 mismatches=0/256

// Reading one's own copy before waiting for it: the data has not landed.
// RUN: sh -c 'uop-sim %s --entry before_wait --compare-with %s --ref-entry main_ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BEFORE
// BEFORE: uop-sim: fault: RAW race on shared %s[0] in block (0, 0, 0): nvgpu.device_async_copy by thread (0, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:12 (in flight until a wait of its group), read by thread (0, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:10
// BEFORE: exit=2

// Waited for, but read by another thread without a barrier after the wait.
// RUN: sh -c 'uop-sim %s --entry no_barrier --compare-with %s --ref-entry main_ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOBAR
// NOBAR: uop-sim: fault: RAW race on shared %s[4] in block (0, 0, 0): write by thread (1, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:12, read by thread (0, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:10
// NOBAR: exit=2

// A barrier does not wait for cp.async: the copies are still in flight
// after it (and the late wait then overwrites what others read).
// RUN: sh -c 'uop-sim %s --entry barrier_before_wait 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BARFIRST
// BARFIRST: uop-sim: fault: RAW race on shared %s[4] in block (0, 0, 0): nvgpu.device_async_copy by thread (1, 0, 0) at {{.*}} (in flight until a wait of its group), read by thread (0, 0, 0)
// BARFIRST: uop-sim: fault: WAR race on shared %s[0]
// BARFIRST: exit=2

// Two groups, wait_group 1: the older group is complete, the newer one not.
// RUN: sh -c 'uop-sim %s --entry wait_one_of_two 2>&1; echo exit=$?' | FileCheck %s --check-prefix=ONE
// ONE-NOT: %s[0]
// ONE: uop-sim: fault: RAW race on shared %s[2] in block (0, 0, 0): nvgpu.device_async_copy by thread (0, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:11 (in flight until a wait of its group), read by thread (0, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:11
// ONE-NOT: uop-sim: fault
// ONE: exit=2

// src_elements = 3: the fourth element of every copy is zero-filled.
// RUN: uop-sim %s --entry zero_fill --print-outputs | FileCheck %s --check-prefix=ZERO
// ZERO: %out: memref<128xf32> =
// ZERO-NEXT: {{^  ([^ ]+ [^ ]+ [^ ]+ 0 ){31}[^ ]+ [^ ]+ [^ ]+ 0$}}

// Refilling a stage while another thread may still read it (no barrier
// between the reads and the next cp.async): the copy is a write of that
// interval, a WAR race.
// RUN: sh -c 'uop-sim %s --entry refill_without_barrier 2>&1; echo exit=$?' | FileCheck %s --check-prefix=REFILL
// REFILL: uop-sim: fault: WAR race on shared %s[0] in block (0, 0, 0): read by thread (31, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:10, write by thread (0, 0, 0) at {{.*}}tensorcore-async.mlir:[[#]]:11
// REFILL-NOT: uop-sim: fault
// REFILL: exit=2

func.func @main(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<128xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c4 : index
    %n = arith.addi %tx, %c1 : index
    %n32 = arith.remui %n, %c32 : index
    %j = arith.muli %n32, %c4 : index
    %tok = nvgpu.device_async_copy %in[%i], %s[%i], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %tok
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    gpu.barrier
    %v = vector.load %s[%j] : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.store %v, %out[%i] : memref<128xf32>, vector<4xf32>

    gpu.terminator
  }
  return
}

func.func @before_wait(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<128xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c4 : index
    %n = arith.addi %tx, %c1 : index
    %n32 = arith.remui %n, %c32 : index
    %j = arith.muli %n32, %c4 : index
    %tok = nvgpu.device_async_copy %in[%i], %s[%i], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %tok
    %v = vector.load %s[%i] : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.store %v, %out[%i] : memref<128xf32>, vector<4xf32>
    nvgpu.device_async_wait %g {numGroups = 0 : i32}

    gpu.terminator
  }
  return
}

func.func @no_barrier(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<128xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c4 : index
    %n = arith.addi %tx, %c1 : index
    %n32 = arith.remui %n, %c32 : index
    %j = arith.muli %n32, %c4 : index
    %tok = nvgpu.device_async_copy %in[%i], %s[%i], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %tok
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    %v = vector.load %s[%j] : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.store %v, %out[%i] : memref<128xf32>, vector<4xf32>

    gpu.terminator
  }
  return
}

func.func @barrier_before_wait(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<128xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c4 : index
    %n = arith.addi %tx, %c1 : index
    %n32 = arith.remui %n, %c32 : index
    %j = arith.muli %n32, %c4 : index
    %tok = nvgpu.device_async_copy %in[%i], %s[%i], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %tok
    gpu.barrier
    %v = vector.load %s[%j] : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.store %v, %out[%i] : memref<128xf32>, vector<4xf32>
    nvgpu.device_async_wait %g {numGroups = 0 : i32}

    gpu.terminator
  }
  return
}

func.func @wait_one_of_two(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<128xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c4 : index
    %n = arith.addi %tx, %c1 : index
    %n32 = arith.remui %n, %c32 : index
    %j = arith.muli %n32, %c4 : index
    %t0 = nvgpu.device_async_copy %in[%i], %s[%i], 2 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g0 = nvgpu.device_async_create_group %t0
    %i2 = arith.addi %i, %c2 : index
    %t1 = nvgpu.device_async_copy %in[%i2], %s[%i2], 2 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g1 = nvgpu.device_async_create_group %t1
    nvgpu.device_async_wait %g1 {numGroups = 1 : i32}
    %v0 = vector.load %s[%i] : memref<128xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    vector.store %v0, %out[%i] : memref<128xf32>, vector<2xf32>
    %v1 = vector.load %s[%i2] : memref<128xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    vector.store %v1, %out[%i2] : memref<128xf32>, vector<2xf32>
    nvgpu.device_async_wait %g1 {numGroups = 0 : i32}

    gpu.terminator
  }
  return
}

func.func @zero_fill(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<128xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c4 : index
    %n = arith.addi %tx, %c1 : index
    %n32 = arith.remui %n, %c32 : index
    %j = arith.muli %n32, %c4 : index
    %c3 = arith.constant 3 : index
    %tok = nvgpu.device_async_copy %in[%i], %s[%i], 4, %c3 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %tok
    nvgpu.device_async_wait %g
    %v = vector.load %s[%i] : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.store %v, %out[%i] : memref<128xf32>, vector<4xf32>

    gpu.terminator
  }
  return
}

func.func @refill_without_barrier(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<128xf32, #gpu.address_space<workgroup>>
    %i = arith.muli %tx, %c4 : index
    %n = arith.addi %tx, %c1 : index
    %n32 = arith.remui %n, %c32 : index
    %j = arith.muli %n32, %c4 : index
    %tok = nvgpu.device_async_copy %in[%i], %s[%i], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g = nvgpu.device_async_create_group %tok
    nvgpu.device_async_wait %g {numGroups = 0 : i32}
    gpu.barrier
    %v = vector.load %s[%j] : memref<128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    vector.store %v, %out[%i] : memref<128xf32>, vector<4xf32>
    %t2 = nvgpu.device_async_copy %in[%i], %s[%i], 4 : memref<128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
    %g2 = nvgpu.device_async_create_group %t2
    nvgpu.device_async_wait %g2 {numGroups = 0 : i32}

    gpu.terminator
  }
  return
}
func.func @main_ref(%in: memref<128xf32>, %out: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c124 = arith.constant 124 : index
  %head = memref.subview %in[4] [124] [1] : memref<128xf32> to memref<124xf32, strided<[1], offset: 4>>
  %dst = memref.subview %out[0] [124] [1] : memref<128xf32> to memref<124xf32, strided<[1]>>
  memref.copy %head, %dst : memref<124xf32, strided<[1], offset: 4>> to memref<124xf32, strided<[1]>>
  %tail = memref.subview %in[0] [4] [1] : memref<128xf32> to memref<4xf32, strided<[1]>>
  %dst2 = memref.subview %out[124] [4] [1] : memref<128xf32> to memref<4xf32, strided<[1], offset: 124>>
  memref.copy %tail, %dst2 : memref<4xf32, strided<[1]>> to memref<4xf32, strided<[1], offset: 124>>
  return
}
