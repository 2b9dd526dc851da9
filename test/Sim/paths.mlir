// Warp specialization in uop-sim: the two branches of a divergent scf.if
// that wait on mbarriers run as interleaved paths (docs/sim.md, "Execution
// model"). Warp 1's first thread produces eight values one at a time into a
// one-element slot; warp 0's first thread consumes each (Out[i] = 2 In[i]).
// With one slot the two must take sixteen turns: each waits for the
// other's arrival on every value, which no order of running one branch
// after the other can satisfy.

// RUN: uop-sim %s --compare-with %S/Inputs/paths_ref.mlir | FileCheck %s --check-prefix=OK
// OK: max_abs_err=0 max_rel_err=0 mismatches=0/17

// The same after convert-uop-to-nvgpu: nvgpu.mbarrier.try_wait.parity
// waits for the other path too.
// RUN: uop-opt %s --convert-uop-to-nvgpu | uop-sim - --compare-with %S/Inputs/paths_ref.mlir | FileCheck %s --check-prefix=OK

// The producer stops one value short: the consumer waits for an arrival no
// path can still make, a deadlock once every other path has finished.
// RUN: sed 's/%%produced = arith.constant 8/%%produced = arith.constant 7/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SHORT
// SHORT: uop-sim: fault: deadlock at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (0, 0, 0) waits for phase 7 (parity 1) of mbarrier %bars[0], which still expects 1 of 1 arrivals and 0 transaction bytes that no thread can provide (every other path of the block has finished or waits too)
// SHORT: exit=2

// Both wait first (the producer for the consumer's release of a slot it
// never filled): neither path can make progress.
// RUN: sed 's/%%first_empty = arith.constant true/%%first_empty = arith.constant false/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BOTH
// BOTH: uop-sim: fault: deadlock at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (0, 0, 0) waits for phase 0 (parity 0) of mbarrier %bars[0], which still expects 1 of 1 arrivals and 0 transaction bytes that no thread can provide (every other path of the block has finished or waits too)
// BOTH: exit=2

// Lanes of one path that wait on one barrier for different parities pass
// one after the other, as each thread waits on its own: lane 1's parity 1
// is complete on the fresh barrier, lane 0's parity 0 once the other path
// arrives, which it does only after lane 0's own arrival on bars[1].
// RUN: sh -c 'uop-sim %s --entry mixed 2>&1; echo exit=$?' | FileCheck %s --check-prefix=MIXED
// MIXED-NOT: fault
// MIXED: exit=0

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @main(%In: memref<8xf32>, %Out: memref<8xf32>,
                  %Slot: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %consumed = arith.constant 8 : index
    %produced = arith.constant 8 : index
    %false = arith.constant false
    %true = arith.constant true
    // The parity of the producer's first wait on empty: the other one than
    // the fresh barrier's phase 0, so that it returns at once.
    %first_empty = arith.constant true
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      // bars[0]: the slot is full; bars[1]: the slot is empty.
      %bars = nvgpu.mbarrier.create -> !bars
      %t0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %t0 {
        uop.mbarrier_init %bars[%c0], %c1 : !bars
        uop.mbarrier_init %bars[%c1], %c1 : !bars
      }
      uop.barrier
      %warp1 = arith.cmpi uge, %tx, %c32 : index
      scf.if %warp1 {
        // The producer.
        %leader = arith.cmpi eq, %tx, %c32 : index
        scf.if %leader {
          scf.for %i = %c0 to %produced step %c1
              iter_args(%empty_parity = %first_empty) -> (i1) {
            uop.mbarrier_wait %bars[%c1], %empty_parity : !bars
            %v = memref.load %In[%i] : memref<8xf32>
            memref.store %v, %Slot[%c0] : memref<1xf32>
            uop.mbarrier_arrive %bars[%c0] : !bars
            %next = arith.xori %empty_parity, %true : i1
            scf.yield %next : i1
          }
        }
      } else {
        // The consumer.
        %leader = arith.cmpi eq, %tx, %c0 : index
        scf.if %leader {
          scf.for %i = %c0 to %consumed step %c1
              iter_args(%full_parity = %false) -> (i1) {
            uop.mbarrier_wait %bars[%c0], %full_parity : !bars
            %v = memref.load %Slot[%c0] : memref<1xf32>
            %d = arith.addf %v, %v : f32
            memref.store %d, %Out[%i] : memref<8xf32>
            uop.mbarrier_arrive %bars[%c1] : !bars
            %next = arith.xori %full_parity, %true : i1
            scf.yield %next : i1
          }
        }
      }
      gpu.terminator
    }
    return
  }

  func.func @mixed(%Out: memref<2xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %false = arith.constant false
    %one = arith.constant 1.0 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %bars = nvgpu.mbarrier.create -> !bars
      %t0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %t0 {
        uop.mbarrier_init %bars[%c0], %c1 : !bars
        uop.mbarrier_init %bars[%c1], %c1 : !bars
      }
      uop.barrier
      %warp1 = arith.cmpi uge, %tx, %c32 : index
      scf.if %warp1 {
        %leader = arith.cmpi eq, %tx, %c32 : index
        scf.if %leader {
          uop.mbarrier_wait %bars[%c1], %false : !bars
          uop.mbarrier_arrive %bars[%c0] : !bars
        }
      } else {
        %two = arith.cmpi ult, %tx, %c2 : index
        scf.if %two {
          scf.if %t0 {
            uop.mbarrier_arrive %bars[%c1] : !bars
          }
          %odd = arith.remui %tx, %c2 : index
          %parity = arith.index_cast %odd : index to i1
          uop.mbarrier_wait %bars[%c0], %parity : !bars
          memref.store %one, %Out[%tx] : memref<2xf32>
        }
      }
      gpu.terminator
    }
    return
  }
}
