// Thread-block clusters in uop-sim: the blocks of a cluster run interleaved,
// each with its own shared memory and mbarriers, and reach into each other
// through the cluster barrier, multicast TMA loads and remote mbarrier
// arrivals.
//
// @ids: the cluster ids of an 8 x 2 grid of 2 x 2 clusters, from the gpu
// ops and from the launch's cluster arguments (the cluster's index and the
// grid's clusters, as kernel outlining makes them gpu.cluster_id and
// gpu.cluster_dim).
// @ring: two blocks of a cluster share a 32 x 32 tile in two rounds: each
// loads one 16-row half and multicasts it to both; each block's full
// barrier expects both halves, and its empty barrier both blocks' releases
// (one local arrival, one remote) before its producer refills the tile.
// RUN: uop-sim %s --entry ids --compare-with %s --ref-entry ids_ref 2>&1 | FileCheck %s
// RUN: uop-sim %s --entry ring --compare-with %s --ref-entry ring_ref 2>&1 | FileCheck %s
// The outlined kernels of the nvgpu stage compute the same (the cluster
// barrier is nvvm.cluster.arrive / wait there, the multicast load
// nvgpu.tma.async.load with a multicast_mask).
// RUN: uop-opt %s --uop-stage-gpu --uop-stage-nvgpu | uop-sim - --entry ids --compare-with %s --ref-entry ids_ref 2>&1 | FileCheck %s
// RUN: uop-opt %s --uop-stage-gpu --uop-stage-nvgpu | uop-sim - --entry ring --compare-with %s --ref-entry ring_ref 2>&1 | FileCheck %s
// CHECK-NOT: fault
// CHECK: max_abs_err=0 max_rel_err=0 mismatches=0/

// Other interleavings of the blocks (--preempt-seed: a block may hand the
// turn on at a satisfied wait too) compute the same.
// RUN: uop-sim %s --entry ring --compare-with %s --ref-entry ring_ref --preempt-seed=1 2>&1 | FileCheck %s
// RUN: uop-sim %s --entry ring --compare-with %s --ref-entry ring_ref --preempt-seed=2 2>&1 | FileCheck %s
// A seed that is not a 64-bit unsigned number is bad input.
// RUN: sh -c 'uop-sim %s --entry ring --preempt-seed=-1 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BADSEED
// BADSEED: uop-sim: for the --preempt-seed option: '-1' value invalid for ulong argument!
// BADSEED: exit=3
// RUN: sh -c 'uop-sim %s --entry ring --interleavings=0 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOSWEEP
// NOSWEEP: uop-sim: error: expected --interleavings from 1 to 1000, got 0
// NOSWEEP: exit=3
// RUN: sh -c 'uop-sim %s --entry ring --interleavings=18446744073709551615 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HUGESWEEP
// HUGESWEEP: uop-sim: error: expected --interleavings from 1 to 1000, got 18446744073709551615
// HUGESWEEP: exit=3
// Each block releasing the tile to itself twice instead of once to each
// block: a producer refills a half its peer still reads. In the default
// order a load overwrites one in flight; in another the peer reads a half
// being loaded.
// RUN: sed 's/ cta %%peer {remote}/ {remote}/' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SELF
// SELF: uop-sim: fault: WAW race on shared %t0[0, 0] in block (1, 0, 0): uop.tma_load by thread (0, 0, 0) of the cluster's block of rank 0 at <stdin>:{{[0-9]+}}:{{[0-9]+}} (in flight until its mbarrier phase completes), write by thread (0, 0, 0) of the cluster's block of rank 0 at
// SELF: exit=2
// RUN: sed 's/ cta %%peer {remote}/ {remote}/' %s | sh -c 'uop-sim - --entry ring --preempt-seed=3 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SELF2
// SELF2: uop-sim: fault: RAW race on shared %t1[0, 0] in block (0, 0, 0): uop.tma_load by thread (0, 0, 0) of the cluster's block of rank 1 at <stdin>:{{[0-9]+}}:{{[0-9]+}} (in flight until its mbarrier phase completes), read by thread (16, 0, 0) at
// SELF2: exit=2

// Without the first cluster barrier, each block multicasts into the other
// with nothing ordering the other's initialization first (whichever ran
// first in the simulator).
// RUN: sed '/{inits}/d' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOINIT
// NOINIT: uop-sim: fault: mbarrier misuse: uop.tma_load by thread (0, 0, 0) in block (0, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}: it completes on mbarrier %full[0] of block (1, 0, 0), whose initialization no cluster barrier orders before the load
// NOINIT: uop-sim: fault: mbarrier misuse: uop.tma_load by thread (0, 0, 0) in block (1, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}: it completes on mbarrier %full[0] of block (0, 0, 0), whose initialization no cluster barrier orders before the load
// NOINIT: exit=2

// Without the last, block 0 exits while block 1 still arrives on its empty
// barrier.
// RUN: sed '/{exit}/d' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=EXITED
// EXITED: uop-sim: fault: mbarrier misuse: uop.mbarrier_arrive by thread (0, 0, 0) in block (1, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}: it arrives on mbarrier %empty[0] of block (0, 0, 0), which has exited
// EXITED: exit=2

// Without the remote release, a producer refills a tile its peer may still
// read: its empty barrier never completes.
// RUN: sed '/{remote}/d' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOREMOTE
// NOREMOTE: uop-sim: fault: deadlock at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (1, 0, 0): thread (0, 0, 0) waits for phase 0 (parity 0) of mbarrier %empty[0], which still expects 1 of 2 arrivals and 0 transaction bytes that no thread can provide (every other path of the cluster's blocks has finished or waits too)
// NOREMOTE: exit=2

// A full barrier that expects only one half: block 1's phase completes
// on its own half, and it reads the half block 0 has not loaded yet.
// RUN: sed 's/expect_tx %%c2048/expect_tx %%c1024/' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=FEWBYTES
// FEWBYTES: uop-sim: fault: uninitialized read of shared %t0[0, 0] in block (1, 0, 0) by thread (0, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}: no thread of the block wrote it
// FEWBYTES: exit=2

// A mask and a rank outside the cluster of two.
// RUN: sed 's/multicast %%mask/multicast %%bad/' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=MASK
// MASK: uop-sim: fault: out of bounds: uop.tma_load by thread (0, 0, 0) in block (0, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}: its multicast mask 0x5 names rank 2, outside the cluster of 2 block(s)
// MASK: exit=2
// RUN: sed 's/cta %%peer {remote}/cta %%c2 {remote}/' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=RANK
// RANK: uop-sim: fault: out of bounds: uop.mbarrier_arrive by thread (0, 0, 0) in block (0, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}: it arrives on mbarrier %empty[0] of cluster rank 2, outside the cluster of 2 block(s)
// RANK: exit=2

// A consumer reads its half before waiting for the round's phase: a race
// with the load, named in the peer's terms where the peer issued it.
// RUN: sed '/{consume}/d' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=EARLY
// EARLY: uop-sim: fault: RAW race on shared %t0[0, 0] in block (0, 0, 0): uop.tma_load by thread (0, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}} (in flight until its mbarrier phase completes), read by thread (0, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}
// EARLY: uop-sim: fault: RAW race on shared %t1[0, 0] in block (0, 0, 0): uop.tma_load by thread (0, 0, 0) of the cluster's block of rank 1 at <stdin>:{{[0-9]+}}:{{[0-9]+}} (in flight until its mbarrier phase completes), read by thread (16, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}
// EARLY: exit=2

// The cluster barrier reached by the blocks of one column of each cluster:
// barrier.cluster.wait waits for the threads that have not exited, and the
// others exit without it.
// RUN: sed 's/%%skip = arith.constant false/%%skip = arith.cmpi ne, %%rx, %%c0 : index/' %s | uop-sim - --entry ids --compare-with %s --ref-entry ids_ref 2>&1 | FileCheck %s
// Block 1 skips the first cluster barrier: its load reaches block 0's
// barrier unordered after block 0's initialization, and it waits for block
// 0's half, which block 0 loads only after that barrier: neither goes on.
// RUN: sed 's/^      uop.cluster_barrier {inits}$/%%isr0 = arith.cmpi eq, %%rank, %%c0 : index\n      scf.if %%isr0 { uop.cluster_barrier }/' %s | sh -c 'uop-sim - --entry ring 2>&1; echo exit=$?' | FileCheck %s --check-prefix=STUCK
// STUCK: uop-sim: fault: mbarrier misuse: uop.tma_load by thread (0, 0, 0) in block (1, 0, 0) at <stdin>:{{[0-9]+}}:{{[0-9]+}}: it completes on mbarrier %full[0] of block (0, 0, 0), whose initialization no cluster barrier orders before the load
// STUCK: uop-sim: fault: deadlock at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (1, 0, 0): thread (0, 0, 0) waits for phase 0 (parity 0) of mbarrier %full[0]{{.*}}(every other path of the cluster's blocks has finished or waits too)
// STUCK: exit=2

// Block 1 waits for an arrival block 0 makes only after the next cluster
// barrier, which block 1 therefore never reaches.
// RUN: sh -c 'uop-sim %s --entry stall 2>&1; echo exit=$?' | FileCheck %s --check-prefix=STALL
// STALL: uop-sim: fault: deadlock at the cluster barrier at {{.*}}cluster.mlir:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): 1 of the cluster's 2 blocks arrived or exited; block(s) (1, 0, 0) wait elsewhere and never arrive
// STALL: exit=2

// A peer's multicast completing on a barrier before the block's own
// expect_tx announced its bytes (@early); without that expect_tx, the
// phase never completes.
// RUN: uop-sim %s --entry early --compare-with %s --ref-entry early_ref 2>&1 | FileCheck %s
// RUN: uop-opt %s --uop-stage-gpu --uop-stage-nvgpu | uop-sim - --entry early --compare-with %s --ref-entry early_ref 2>&1 | FileCheck %s
// RUN: sed '/{expect}/d' %s | sh -c 'uop-sim - --entry early 2>&1; echo exit=$?' | FileCheck %s --check-prefix=NOEXPECT
// NOEXPECT: uop-sim: fault: deadlock at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread {{.*}} waits for phase 0 (parity 0) of mbarrier %full[0], which still expects 1 of 1 arrivals and no transaction bytes (1024 completed ahead of their expect_tx) that no thread can provide
// NOEXPECT: exit=2
// An expect_tx announcing 64 of the 1024 bytes: the arrival that completes
// the phase's arrivals finds 960 more bytes completed than announced.
// RUN: sed 's/expect_tx %%c1024 {expect}/expect_tx %%c64 {expect}/' %s | sh -c 'uop-sim - --entry early 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BEYOND
// BEYOND: uop-sim: fault: mbarrier misuse at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (0, 0, 0) made the phase's last arrival with 960 transaction bytes completed beyond what expect_tx announced (expect_tx announced too few) on the mbarrier %full[0]
// BEYOND: exit=2

// Without clusters, each block is a cluster of its own.
// RUN: uop-sim %s --entry solo --compare-with %s --ref-entry solo_ref 2>&1 | FileCheck %s

// Launches the hardware refuses.
// RUN: sed 's/chip = "sm_90a", ptx = 80, tensor_core = wgmma/chip = "sm_80", ptx = 70, tensor_core = mma_sync/' %s | sh -c 'uop-sim - --entry ids 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SM80
// SM80: thread-block clusters need sm_90 or newer; the target (sm_80) has none
// SM80: exit=3
// RUN: sed 's/clusters(%%cx, %%cy, %%cz) in (%%ncx = %%c2, %%ncy = %%c2/clusters(%%cx, %%cy, %%cz) in (%%ncx = %%c4, %%ncy = %%c4/' %s | sh -c 'uop-sim - --entry ids 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BIG
// BIG: expected at most 8 blocks per cluster (the target's max_cluster), got (4, 4, 1)
// BIG: exit=3
// RUN: sed 's/blocks(%%bx, %%by, %%bz) in (%%gx = %%c8, %%gy = %%c2/blocks(%%bx, %%by, %%bz) in (%%gx = %%c3, %%gy = %%c2/' %s | sh -c 'uop-sim - --entry ids 2>&1; echo exit=$?' | FileCheck %s --check-prefix=TILE
// TILE: expected a grid that is a whole number of clusters, got grid (3, 2, 1) and cluster (2, 2, 1)
// TILE: exit=3

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @ids(%Out: memref<2x8x8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c2, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c2, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %idx = gpu.cluster_id x
      %idy = gpu.cluster_id y
      %rx = gpu.cluster_block_id x
      %ry = gpu.cluster_block_id y
      %nx = gpu.cluster_dim x
      %kx = gpu.cluster_dim_blocks x
      %skip = arith.constant false
      scf.if %skip {
      } else {
        uop.cluster_barrier
      }
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        %all = memref.alloca() : memref<8xindex>
        memref.store %idx, %all[%c0] : memref<8xindex>
        memref.store %idy, %all[%c1] : memref<8xindex>
        memref.store %rx, %all[%c2] : memref<8xindex>
        memref.store %ry, %all[%c3] : memref<8xindex>
        memref.store %nx, %all[%c4] : memref<8xindex>
        memref.store %kx, %all[%c5] : memref<8xindex>
        memref.store %cx, %all[%c6] : memref<8xindex>
        memref.store %ncx, %all[%c7] : memref<8xindex>
        scf.for %i = %c0 to %c8 step %c1 {
          %v = memref.load %all[%i] : memref<8xindex>
          %vi = arith.index_cast %v : index to i32
          %vf = arith.sitofp %vi : i32 to f32
          memref.store %vf, %Out[%by, %bx, %i] : memref<2x8x8xf32>
        }
      }
      gpu.terminator
    }
    return
  }

  func.func @ids_ref(%Out: memref<2x8x8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    scf.for %by = %c0 to %c2 step %c1 {
      scf.for %bx = %c0 to %c8 step %c1 {
        %idx = arith.divui %bx, %c2 : index
        %idy = arith.divui %by, %c2 : index
        %rx = arith.remui %bx, %c2 : index
        %ry = arith.remui %by, %c2 : index
        %all = memref.alloca() : memref<8xindex>
        memref.store %idx, %all[%c0] : memref<8xindex>
        memref.store %idy, %all[%c1] : memref<8xindex>
        memref.store %rx, %all[%c2] : memref<8xindex>
        memref.store %ry, %all[%c3] : memref<8xindex>
        // Four clusters along x, of two blocks each; the launch's cluster
        // arguments are the cluster's index and the grid's clusters.
        memref.store %c4, %all[%c4] : memref<8xindex>
        memref.store %c2, %all[%c5] : memref<8xindex>
        memref.store %idx, %all[%c6] : memref<8xindex>
        memref.store %c4, %all[%c7] : memref<8xindex>
        scf.for %i = %c0 to %c8 step %c1 {
          %v = memref.load %all[%i] : memref<8xindex>
          %vi = arith.index_cast %v : index to i32
          %vf = arith.sitofp %vi : i32 to f32
          memref.store %vf, %Out[%by, %bx, %i] : memref<2x8x8xf32>
        }
      }
    }
    return
  }

  func.func @stall() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %false = arith.constant false
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %bars = nvgpu.mbarrier.create -> !bars
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        uop.mbarrier_init %bars[%c0], %c1 : !bars
      }
      uop.cluster_barrier
      %rank = gpu.cluster_block_id x
      %second = arith.cmpi eq, %rank, %c1 : index
      scf.if %second {
        uop.mbarrier_wait %bars[%c0], %false : !bars
      }
      uop.cluster_barrier
      %first = arith.cmpi eq, %rank, %c0 : index
      %signal = arith.andi %first, %thread0 : i1
      scf.if %signal {
        uop.mbarrier_arrive %bars[%c0] cta %c1 : !bars
      }
      uop.cluster_barrier
      gpu.terminator
    }
    return
  }

  func.func @solo(%Out: memref<3x4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %id = gpu.cluster_id x
      %n = gpu.cluster_dim x
      %r = gpu.cluster_block_id x
      %k = gpu.cluster_dim_blocks x
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        %all = memref.alloca() : memref<4xindex>
        memref.store %id, %all[%c0] : memref<4xindex>
        memref.store %n, %all[%c1] : memref<4xindex>
        memref.store %r, %all[%c2] : memref<4xindex>
        memref.store %k, %all[%c3] : memref<4xindex>
        scf.for %i = %c0 to %c3 step %c1 {
          %v = memref.load %all[%i] : memref<4xindex>
          %vi = arith.index_cast %v : index to i32
          %vf = arith.sitofp %vi : i32 to f32
          memref.store %vf, %Out[%bx, %i] : memref<3x4xf32>
        }
        %v = memref.load %all[%c3] : memref<4xindex>
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %Out[%bx, %c3] : memref<3x4xf32>
      }
      gpu.terminator
    }
    return
  }

  // Block b: cluster b of 3, rank 0 of 1.
  func.func @solo_ref(%Out: memref<3x4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %three = arith.constant 3.0 : f32
    scf.for %b = %c0 to %c3 step %c1 {
      %bi = arith.index_cast %b : index to i32
      %bf = arith.sitofp %bi : i32 to f32
      memref.store %bf, %Out[%b, %c0] : memref<3x4xf32>
      memref.store %three, %Out[%b, %c1] : memref<3x4xf32>
      memref.store %zero, %Out[%b, %c2] : memref<3x4xf32>
      memref.store %one, %Out[%b, %c3] : memref<3x4xf32>
    }
    return
  }

  func.func @ring(%A: memref<128x32xf16>, %Out: memref<2x4x32x32xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c2048 = arith.constant 2048 : index
    %mask = arith.constant 3 : i16
    %bad = arith.constant 5 : i16
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %t0 = uop.alloc_shared {alignment = 128 : i64} : memref<16x32xf16, #gpu.address_space<workgroup>>
      %t1 = uop.alloc_shared {alignment = 128 : i64} : memref<16x32xf16, #gpu.address_space<workgroup>>
      %full = nvgpu.mbarrier.create -> !bars
      %empty = nvgpu.mbarrier.create -> !bars
      %rank = gpu.cluster_block_id x
      %peer = arith.subi %c1, %rank : index
      %cluster = gpu.cluster_id x
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        uop.mbarrier_init %full[%c0], %c1 : !bars
        uop.mbarrier_init %empty[%c0], %c2 : !bars
      }
      uop.cluster_barrier {inits}
      scf.for %round = %c0 to %c2 step %c1 {
        %r1 = arith.andi %round, %c1 : index
        %parity = arith.cmpi ne, %r1, %c0 : index
        scf.if %thread0 {
          // The tile is free once both blocks released the last round.
          %later = arith.cmpi ne, %round, %c0 : index
          scf.if %later {
            %before = arith.subi %round, %c1 : index
            %b1 = arith.andi %before, %c1 : index
            %pb = arith.cmpi ne, %b1, %c0 : index
            uop.mbarrier_wait %empty[%c0], %pb : !bars
          }
          uop.mbarrier_arrive %full[%c0] expect_tx %c2048 : !bars
          // Rows round * 64 + cluster * 32 + rank * 16 of A, half `rank`.
          %base = arith.muli %round, %c64 : index
          %off = arith.muli %cluster, %c32 : index
          %half = arith.muli %rank, %c16 : index
          %r0 = arith.addi %base, %off : index
          %row = arith.addi %r0, %half : index
          %first = arith.cmpi eq, %rank, %c0 : index
          scf.if %first {
            uop.tma_load %A[%row, %c0], %t0, %full[%c0] multicast %mask
                : memref<128x32xf16>, memref<16x32xf16, #gpu.address_space<workgroup>>, !bars
          } else {
            uop.tma_load %A[%row, %c0], %t1, %full[%c0] multicast %mask
                : memref<128x32xf16>, memref<16x32xf16, #gpu.address_space<workgroup>>, !bars
          }
        }
        uop.mbarrier_wait %full[%c0], %parity {consume} : !bars
        // Thread t copies row t of the tile: row t % 16 of half t / 16.
        %low = arith.cmpi ult, %tx, %c16 : index
        scf.for %c = %c0 to %c32 step %c1 {
          %v = scf.if %low -> f16 {
            %v0 = memref.load %t0[%tx, %c] : memref<16x32xf16, #gpu.address_space<workgroup>>
            scf.yield %v0 : f16
          } else {
            %r = arith.subi %tx, %c16 : index
            %v1 = memref.load %t1[%r, %c] : memref<16x32xf16, #gpu.address_space<workgroup>>
            scf.yield %v1 : f16
          }
          memref.store %v, %Out[%round, %bx, %tx, %c] : memref<2x4x32x32xf16>
        }
        // Every thread is done with the tile: release it to both producers.
        uop.barrier
        scf.if %thread0 {
          uop.mbarrier_arrive %empty[%c0] : !bars
          uop.mbarrier_arrive %empty[%c0] cta %peer {remote} : !bars
        }
      }
      uop.cluster_barrier {exit}
      gpu.terminator
    }
    return
  }

  // Block 1 multicasts a tile into block 0 alone; block 0's second warp
  // waits for it before its first warp has announced the bytes: the load
  // completes ahead of the expect_tx (the transaction count goes below zero
  // while the phase still awaits that arrival), and the phase completes
  // with the arrival.
  func.func @early(%A: memref<16x32xf16>, %Out: memref<16x32xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %to0 = arith.constant 1 : i16
    %false = arith.constant false
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %t = uop.alloc_shared {alignment = 128 : i64} : memref<16x32xf16, #gpu.address_space<workgroup>>
      %full = nvgpu.mbarrier.create -> !bars
      %rank = gpu.cluster_block_id x
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        uop.mbarrier_init %full[%c0], %c1 : !bars
      }
      uop.cluster_barrier
      %loader = arith.cmpi eq, %rank, %c1 : index
      scf.if %loader {
        scf.if %thread0 {
          uop.tma_load %A[%c0, %c0], %t, %full[%c0] multicast %to0
              : memref<16x32xf16>, memref<16x32xf16, #gpu.address_space<workgroup>>, !bars
        }
      } else {
        %warp1 = arith.cmpi uge, %tx, %c32 : index
        scf.if %warp1 {
          uop.mbarrier_wait %full[%c0], %false : !bars
        } else {
          scf.if %thread0 {
            uop.mbarrier_arrive %full[%c0] expect_tx %c1024 {expect} : !bars
          }
          uop.mbarrier_wait %full[%c0], %false : !bars
        }
        %row = arith.cmpi ult, %tx, %c16 : index
        scf.if %row {
          scf.for %c = %c0 to %c32 step %c1 {
            %v = memref.load %t[%tx, %c] : memref<16x32xf16, #gpu.address_space<workgroup>>
            memref.store %v, %Out[%tx, %c] : memref<16x32xf16>
          }
        }
      }
      uop.cluster_barrier
      gpu.terminator
    }
    return
  }

  func.func @early_ref(%A: memref<16x32xf16>, %Out: memref<16x32xf16>) {
    memref.copy %A, %Out : memref<16x32xf16> to memref<16x32xf16>
    return
  }

  func.func @ring_ref(%A: memref<128x32xf16>, %Out: memref<2x4x32x32xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    scf.for %round = %c0 to %c2 step %c1 {
      scf.for %b = %c0 to %c4 step %c1 {
        %cluster = arith.divui %b, %c2 : index
        %base = arith.muli %round, %c64 : index
        %off = arith.muli %cluster, %c32 : index
        %r0 = arith.addi %base, %off : index
        scf.for %i = %c0 to %c32 step %c1 {
          %row = arith.addi %r0, %i : index
          scf.for %c = %c0 to %c32 step %c1 {
            %v = memref.load %A[%row, %c] : memref<128x32xf16>
            memref.store %v, %Out[%round, %b, %i, %c] : memref<2x4x32x32xf16>
          }
        }
      }
    }
    return
  }
}
