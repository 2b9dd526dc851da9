// Tensor memory and uop.elect in uop-sim: allocation, freeing, the warps'
// lanes, and one elected lane per warp. Each misuse is a fault (exit 2).

// Each warp's elected lane (its lowest) arrives once on a barrier that
// expects one arrival per warp and records its thread id; the whole block
// then waits on the barrier's phase.
// RUN: uop-sim %s --entry elect --print-outputs | FileCheck %s --check-prefix=ELECT
// ELECT: 0 32 64 96
// Through the nvgpu stage: nvvm.elect.sync picks the same lanes.
// RUN: uop-opt %s --uop-attach-target=chip=sm_100a --convert-uop-to-nvgpu | FileCheck %s --check-prefix=ELECT-NVGPU
// ELECT-NVGPU: %[[P:.*]] = nvvm.elect.sync -> i1
// ELECT-NVGPU-NEXT: scf.if %[[P]] {
// RUN: uop-opt %s --uop-attach-target=chip=sm_100a --convert-uop-to-nvgpu | uop-sim - --entry elect --print-outputs | FileCheck %s --check-prefix=ELECT

// uop.elect reached by half of a warp: elect.sync names the whole warp.
// RUN: sh -c 'uop-sim %s --entry elect_partial 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: partial warp
// PARTIAL: exit=2

// RUN: sh -c 'uop-sim %s --entry double_free 2>&1; echo exit=$?' | FileCheck %s --check-prefix=DOUBLE
// DOUBLE: uop-sim: fault: tensor memory misuse at {{.*}} in block (0, 0, 0): thread (0, 0, 0) frees tensor memory at 0x0, which is not a live allocation (freed twice, or never allocated)
// DOUBLE: exit=2

// RUN: sh -c 'uop-sim %s --entry wrong_columns 2>&1; echo exit=$?' | FileCheck %s --check-prefix=COLUMNS
// COLUMNS: uop-sim: fault: tensor memory misuse at {{.*}}: thread (0, 0, 0) frees 32 columns at 0x40, an allocation of 64 columns
// COLUMNS: exit=2

// Two allocations of 32 columns take 64; 512 more cannot fit.
// RUN: sh -c 'uop-sim %s --entry exhausted 2>&1; echo exit=$?' | FileCheck %s --check-prefix=FULL
// FULL: uop-sim: fault: deadlock at {{.*}} in block (0, 0, 0): warp 0 allocates 512 columns of tensor memory, but 64 of 512 are taken and no free range of that size exists; nothing in the block can free them while it waits
// FULL: exit=2

// RUN: sh -c 'uop-sim %s --entry relinquished 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PERMIT
// PERMIT: uop-sim: fault: tensor memory misuse at {{.*}}: thread (0, 0, 0) allocated tensor memory after the block relinquished its allocation permit
// PERMIT: exit=2

// Warp 1 may only read lanes 32 to 63.
// RUN: sh -c 'uop-sim %s --entry wrong_lanes 2>&1; echo exit=$?' | FileCheck %s --check-prefix=LANES
// LANES: uop-sim: fault: tensor memory misuse at {{.*}}: thread (32, 0, 0) of warp 1 loads tensor-memory lanes 0 to 31; warp w reaches only lanes 32 (w mod 4) to 32 (w mod 4) + 31, here 32 to 63
// LANES: exit=2

// Columns never written by an MMA, and columns outside the allocation.
// RUN: sh -c 'uop-sim %s --entry unwritten 2>&1; echo exit=$?' | FileCheck %s --check-prefix=UNWRITTEN
// UNWRITTEN: uop-sim: fault: tensor memory misuse at {{.*}}: thread (0, 0, 0) loads columns [0, 32) of tensor memory that no MMA wrote since their allocation
// UNWRITTEN: uop-sim: fault: tensor memory misuse at {{.*}}: thread (0, 0, 0) loads columns [32, 64) of tensor memory, which are not inside one allocation
// UNWRITTEN: exit=2

// The allocation is warp-collective.
// RUN: sh -c 'uop-sim %s --entry alloc_partial 2>&1; echo exit=$?' | FileCheck %s --check-prefix=ALLOCPARTIAL
// ALLOCPARTIAL: uop-sim: fault: partial warp
// ALLOCPARTIAL: exit=2

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!slot = memref<2xi32, #gpu.address_space<workgroup>>

func.func @elect(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %bars = nvgpu.mbarrier.create -> !bars
    %t0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %t0 {
      uop.mbarrier_init %bars[%c0], %c4 : !bars
    }
    uop.barrier
    %warp = arith.divui %tx, %c32 : index
    uop.elect {
      %id = arith.index_cast %tx : index to i32
      memref.store %id, %out[%warp] : memref<4xi32>
      uop.mbarrier_arrive %bars[%c0] : !bars
    }
    uop.mbarrier_wait %bars[%c0], %false : !bars
    gpu.terminator
  }
  return
}

func.func @elect_partial(%out: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %low = arith.cmpi ult, %tx, %c16 : index
    scf.if %low {
      uop.elect {
        %c0 = arith.constant 0 : index
        %id = arith.index_cast %tx : index to i32
        memref.store %id, %out[%c0] : memref<4xi32>
      }
    }
    gpu.terminator
  }
  return
}

func.func @double_free(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %slot = uop.alloc_shared : !slot
    uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : !slot
    uop.barrier
    %t = memref.load %slot[%c0] : !slot
    uop.tmem_dealloc %t {columns = 32 : i32}
    uop.tmem_dealloc %t {columns = 32 : i32}
    gpu.terminator
  }
  return
}

func.func @wrong_columns(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %slot = uop.alloc_shared : !slot
    uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : !slot
    uop.tmem_alloc %slot[%c1] {columns = 64 : i32} : !slot
    uop.barrier
    %t = memref.load %slot[%c0] : !slot
    %u = memref.load %slot[%c1] : !slot
    uop.tmem_dealloc %t {columns = 32 : i32}
    uop.tmem_dealloc %u {columns = 32 : i32}
    uop.tmem_dealloc %u {columns = 64 : i32}
    gpu.terminator
  }
  return
}

func.func @exhausted(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %slot = uop.alloc_shared : !slot
    uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : !slot
    uop.tmem_alloc %slot[%c1] {columns = 32 : i32} : !slot
    uop.barrier
    uop.tmem_alloc %slot[%c0] {columns = 512 : i32} : !slot
    gpu.terminator
  }
  return
}

func.func @relinquished(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %slot = uop.alloc_shared : !slot
    uop.tmem_relinquish_alloc_permit
    uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : !slot
    gpu.terminator
  }
  return
}

func.func @wrong_lanes(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %slot = uop.alloc_shared : !slot
    %warp = arith.divui %tx, %c32 : index
    %w0 = arith.cmpi eq, %warp, %c0 : index
    scf.if %w0 {
      uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : !slot
    }
    uop.barrier
    %t = memref.load %slot[%c0] : !slot
    %w1 = arith.cmpi eq, %warp, %c1 : index
    scf.if %w1 {
      %v = uop.tcgen05_ld %t : vector<32xf32>
      uop.tcgen05_wait_ld
    }
    uop.barrier
    scf.if %w0 {
      uop.tmem_dealloc %t {columns = 32 : i32}
    }
    gpu.terminator
  }
  return
}

func.func @unwritten(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c32_i32 = arith.constant 32 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %slot = uop.alloc_shared : !slot
    uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : !slot
    uop.barrier
    %t = memref.load %slot[%c0] : !slot
    %v = uop.tcgen05_ld %t : vector<32xf32>
    %t2 = arith.addi %t, %c32_i32 : i32
    %w = uop.tcgen05_ld %t2 : vector<32xf32>
    uop.tcgen05_wait_ld
    uop.tmem_dealloc %t {columns = 32 : i32}
    gpu.terminator
  }
  return
}

func.func @alloc_partial(%out: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %slot = uop.alloc_shared : !slot
    %low = arith.cmpi ult, %tx, %c16 : index
    scf.if %low {
      uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : !slot
    }
    gpu.terminator
  }
  return
}
