// Named barriers (uop.named_barrier, bar.sync id, threads) in uop-sim: they
// order the accesses of the threads that arrive at them and no others'.
//
// @exchange: warps 0 and 1 (the "consumers") swap values through shared
// memory twice, synchronized by named barrier 1 over their 64 threads,
// while warp 2 (the "producer") runs on without it. Out[i] = In[i] + 1.
// @split: the two warps of the block reach barrier 2 from the two branches
// of one scf.if, so the first to arrive waits for the other path.

// RUN: uop-sim %s --entry exchange --compare-with %s --ref-entry exchange_ref | FileCheck %s
// RUN: uop-sim %s --entry split --compare-with %s --ref-entry split_ref | FileCheck %s
// The gpu and nvgpu stages keep the op (it becomes nvvm.barrier in the
// llvm stage): the same numbers.
// RUN: uop-opt %s --uop-stage-gpu --uop-stage-nvgpu | uop-sim - --entry exchange --compare-with %s --ref-entry exchange_ref | FileCheck %s
// RUN: uop-opt %s --uop-stage-gpu --uop-stage-nvgpu | uop-sim - --entry split --compare-with %s --ref-entry split_ref | FileCheck %s
// CHECK-NOT: fault
// CHECK: max_abs_err=0 max_rel_err=0 mismatches=0/

// Without the first barrier, a consumer reads what another wrote in the
// same interval.
// RUN: sed '/{first}/d' %s | sh -c 'uop-sim - --entry exchange 2>&1; echo exit=$?' | FileCheck %s --check-prefix=RAW
// RAW: uop-sim: fault: RAW race on shared %buf[{{[0-9]+}}] in block (0, 0, 0): write by thread ({{[0-9]+}}, 0, 0) at {{.*}}, read by thread ({{[0-9]+}}, 0, 0) at {{.*}}
// RAW: exit=2

// Without the second, the second round's writes overwrite what another
// consumer may still be reading.
// RUN: sed '/{second}/d' %s | sh -c 'uop-sim - --entry exchange 2>&1; echo exit=$?' | FileCheck %s --check-prefix=WAR
// WAR: uop-sim: fault: WAR race on shared %buf[{{[0-9]+}}] in block (0, 0, 0): read by thread ({{[0-9]+}}, 0, 0) at {{.*}}, write by thread ({{[0-9]+}}, 0, 0) at {{.*}}
// WAR: exit=2

// The producer did not arrive: the consumers' writes are not ordered
// before its read, whatever order the simulator ran the warps in.
// RUN: sed 's|// producer-read|%%x = memref.load %%buf[%%c0] : memref<64xf32, #gpu.address_space<workgroup>>|' %s | sh -c 'uop-sim - --entry exchange 2>&1; echo exit=$?' | FileCheck %s --check-prefix=OUTSIDER
// OUTSIDER: uop-sim: fault: RAW race on shared %buf[0] in block (0, 0, 0): write by thread (0, 0, 0) at {{.*}}, read by thread (64, 0, 0) at {{.*}}
// OUTSIDER: exit=2

// A count the arriving warps never reach: the producer never arrives.
// RUN: sed 's/threads(64) {first}/threads(96) {first}/' %s | sh -c 'uop-sim - --entry exchange 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SHORT
// SHORT: uop-sim: fault: deadlock at named barrier 1 at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (0, 0, 0) waits for 96 threads, 64 arrived, and no other thread of the block can arrive (every other path of the block has finished or waits too)
// SHORT: exit=2

// A count smaller than the warps arriving together.
// RUN: sed 's/threads(64) {first}/threads(32) {first}/' %s | sh -c 'uop-sim - --entry exchange 2>&1; echo exit=$?' | FileCheck %s --check-prefix=OVER
// OVER: uop-sim: fault: named barrier 1 at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): 64 threads arrived (the last thread (63, 0, 0)), but it completes at 32: the threads past the count would start its next use
// OVER: exit=2

// Part of a warp: bar.sync counts whole warps.
// RUN: sed 's/%%consumer = arith.cmpi ult, %%tx, %%c64/%%consumer = arith.cmpi ult, %%tx, %%c48/' %s | sh -c 'uop-sim - --entry exchange 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: named barrier 1 at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): reached by thread (32, 0, 0) but not by thread (48, 0, 0) of the same warp (bar.sync counts whole warps: every thread of an arriving warp must reach it)
// PARTIAL: exit=2

// The two branches on different barriers: each waits for the other.
// RUN: sed 's/id(2) threads(64) {warp1}/id(3) threads(64) {warp1}/' %s | sh -c 'uop-sim - --entry split 2>&1; echo exit=$?' | FileCheck %s --check-prefix=APART
// APART: uop-sim: fault: deadlock at named barrier 3 at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (32, 0, 0) waits for 64 threads, 32 arrived, and no other thread of the block can arrive (every other path of the block has finished or waits too)
// APART: exit=2

// Arrivals with different counts at one barrier.
// RUN: sed 's/id(2) threads(64) {warp1}/id(2) threads(32) {warp1}/' %s | sh -c 'uop-sim - --entry split 2>&1; echo exit=$?' | FileCheck %s --check-prefix=COUNTS
// COUNTS: uop-sim: fault: named barrier 2 at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (32, 0, 0) arrives expecting 32 threads, but threads before it arrived at <stdin>:{{[0-9]+}}:{{[0-9]+}} expecting 64
// COUNTS: exit=2

module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @exchange(%In: memref<64xf32>, %Out: memref<64xf32>,
                      %P: memref<32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c48 = arith.constant 48 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %one = arith.constant 1.0 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c96, %sy = %c1, %sz = %c1) {
      %buf = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
      %consumer = arith.cmpi ult, %tx, %c64 : index
      scf.if %consumer {
        %mirror = arith.subi %c63, %tx : index
        %v = memref.load %In[%tx] : memref<64xf32>
        memref.store %v, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
        uop.named_barrier id(1) threads(64) {first}
        %w = memref.load %buf[%mirror] : memref<64xf32, #gpu.address_space<workgroup>>
        uop.named_barrier id(1) threads(64) {second}
        %w1 = arith.addf %w, %one : f32
        memref.store %w1, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
        uop.named_barrier id(1) threads(64) {third}
        %r = memref.load %buf[%mirror] : memref<64xf32, #gpu.address_space<workgroup>>
        memref.store %r, %Out[%tx] : memref<64xf32>
      } else {
        %i = arith.subi %tx, %c64 : index
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f32
        // producer-read
        memref.store %f, %P[%i] : memref<32xf32>
      }
      gpu.terminator
    }
    return
  }

  func.func @exchange_ref(%In: memref<64xf32>, %Out: memref<64xf32>,
                          %P: memref<32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %In[%i] : memref<64xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %Out[%i] : memref<64xf32>
    }
    scf.for %i = %c0 to %c32 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %P[%i] : memref<32xf32>
    }
    return
  }

  func.func @split(%In: memref<64xf32>, %Out: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %buf = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
      %v = memref.load %In[%tx] : memref<64xf32>
      %warp0 = arith.cmpi ult, %tx, %c32 : index
      scf.if %warp0 {
        memref.store %v, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
        uop.named_barrier id(2) threads(64) {warp0}
        %j = arith.addi %tx, %c32 : index
        %w = memref.load %buf[%j] : memref<64xf32, #gpu.address_space<workgroup>>
        memref.store %w, %Out[%tx] : memref<64xf32>
      } else {
        memref.store %v, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
        uop.named_barrier id(2) threads(64) {warp1}
        %j = arith.subi %tx, %c32 : index
        %w = memref.load %buf[%j] : memref<64xf32, #gpu.address_space<workgroup>>
        memref.store %w, %Out[%tx] : memref<64xf32>
      }
      gpu.terminator
    }
    return
  }

  func.func @split_ref(%In: memref<64xf32>, %Out: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    scf.for %i = %c0 to %c64 step %c1 {
      %j0 = arith.addi %i, %c32 : index
      %j = arith.remui %j0, %c64 : index
      %v = memref.load %In[%j] : memref<64xf32>
      memref.store %v, %Out[%i] : memref<64xf32>
    }
    return
  }
}
