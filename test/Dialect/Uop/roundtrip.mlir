// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s

// CHECK-LABEL: func.func @shared_and_barrier
func.func @shared_and_barrier(%out: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    // CHECK: %[[S:.*]] = uop.alloc_shared : memref<256xf32, #gpu.address_space<workgroup>>
    %s = uop.alloc_shared : memref<256xf32, #gpu.address_space<workgroup>>
    // CHECK: uop.alloc_shared : memref<8x32xf16, #gpu.address_space<workgroup>>
    %h = uop.alloc_shared : memref<8x32xf16, #gpu.address_space<workgroup>>
    %v = arith.index_cast %tx : index to i32
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %s[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    // CHECK: uop.barrier
    uop.barrier
    %c255 = arith.constant 255 : index
    %r = arith.subi %c255, %tx : index
    %x = memref.load %s[%r] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %x, %out[%tx] : memref<256xf32>
    gpu.terminator
  }
  return
}

// A barrier under control flow that depends only on block ids, kernel
// arguments and loop counters is reached by every thread of the block.
// CHECK-LABEL: func.func @uniform_control_flow
func.func @uniform_control_flow(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %is_first = arith.cmpi eq, %bx, %c0 : index
    // CHECK: scf.if
    // CHECK-NEXT: uop.barrier
    scf.if %is_first {
      uop.barrier
    }
    // A per-thread accumulator does not make the loop divergent: only its
    // bounds decide which threads run an iteration.
    %t = arith.index_cast %tx : index to i32
    // CHECK: scf.for
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (i32) {
      // CHECK: uop.barrier
      uop.barrier
      %next = arith.addi %acc, %acc : i32
      scf.yield %next : i32
    }
    gpu.terminator
  }
  return
}

// A loop distributed over the threads of the block, one iteration per
// thread, is entered by all of them.
// CHECK-LABEL: gpu.func @forall_threads
gpu.module @kernels {
  gpu.func @forall_threads(%buf: memref<64xf32>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %s = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    scf.forall (%i) in (64) {
      %v = memref.load %buf[%i] : memref<64xf32>
      memref.store %v, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      // CHECK: uop.barrier
      uop.barrier
    } {mapping = [#gpu.thread<x>]}
    gpu.return
  }
}

// CHECK-LABEL: func.func @tile_ops
func.func @tile_ops(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %k0: index) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %sA = uop.alloc_shared : memref<64x8xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<8x64xf16, #gpu.address_space<workgroup>>
    %a = memref.subview %A[0, %k0] [64, 8] [1, 1] : memref<64x32xf16> to memref<64x8xf16, strided<[32, 1], offset: ?>>
    %b = memref.subview %B[%k0, 0] [8, 64] [1, 1] : memref<32x64xf16> to memref<8x64xf16, strided<[64, 1], offset: ?>>
    // CHECK: uop.copy %{{.*}}, %{{.*}} : memref<64x8xf16, strided<[32, 1], offset: ?>> to memref<64x8xf16, #gpu.address_space<workgroup>>
    uop.copy %a, %sA : memref<64x8xf16, strided<[32, 1], offset: ?>> to memref<64x8xf16, #gpu.address_space<workgroup>>
    // CHECK: uop.copy %{{.*}}, %{{.*}} {layout = #uop.shared_layout<swizzle = 8>}
    uop.copy %b, %sB {layout = #uop.shared_layout<swizzle = 8>} : memref<8x64xf16, strided<[64, 1], offset: ?>> to memref<8x64xf16, #gpu.address_space<workgroup>>
    // CHECK: uop.copy %{{.*}}, %{{.*}} {async} : memref<64x8xf16, strided<[32, 1], offset: ?>> to memref<64x8xf16, #gpu.address_space<workgroup>>
    uop.copy %a, %sA {async} : memref<64x8xf16, strided<[32, 1], offset: ?>> to memref<64x8xf16, #gpu.address_space<workgroup>>
    uop.barrier
    %acc = arith.constant dense<0.0> : vector<4x4xf32>
    // CHECK: uop.matmul %{{.*}}, %{{.*}}, %{{.*}} {b_layout = #uop.shared_layout<swizzle = 8>, threads = array<i64: 16, 16>} : memref<64x8xf16, #gpu.address_space<workgroup>>, memref<8x64xf16, #gpu.address_space<workgroup>>, vector<4x4xf32>
    %r = uop.matmul %sA, %sB, %acc {threads = array<i64: 16, 16>, b_layout = #uop.shared_layout<swizzle = 8>}
        : memref<64x8xf16, #gpu.address_space<workgroup>>, memref<8x64xf16, #gpu.address_space<workgroup>>, vector<4x4xf32>
    // CHECK: uop.matmul {{.*}} {threads = array<i64: 16, 16>, transpose_a, transpose_b}
    %t = uop.matmul %b, %a, %r {threads = array<i64: 16, 16>, transpose_a, transpose_b}
        : memref<8x64xf16, strided<[64, 1], offset: ?>>, memref<64x8xf16, strided<[32, 1], offset: ?>>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// The tensor-core form of uop.matmul and the 16-byte-chunk swizzle.
// CHECK-LABEL: func.func @matmul_mma_sync
func.func @matmul_mma_sync(%acc: vector<8x8xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c2, %sz = %c1) {
    %sA = uop.alloc_shared : memref<128x32xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<32x128xf16, #gpu.address_space<workgroup>>
    // CHECK: uop.matmul %{{.*}}, %{{.*}}, %{{.*}} {a_layout = #uop.shared_layout<swizzle = 4, unit = 8, period = 2>, kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 2, 128>, warps = array<i64: 2, 4>} : memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>, vector<8x8xf32>
    %r = uop.matmul %sA, %sB, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 2, 128>, warps = array<i64: 2, 4>, a_layout = #uop.shared_layout<swizzle = 4, unit = 8, period = 2>}
        : memref<128x32xf16, #gpu.address_space<workgroup>>, memref<32x128xf16, #gpu.address_space<workgroup>>, vector<8x8xf32>
    gpu.terminator
  }
  return
}

// A named barrier under thread-dependent control flow: the warps of one
// role synchronize without the others.
// CHECK-LABEL: func.func @named_barrier
func.func @named_barrier() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c96, %sy = %c1, %sz = %c1) {
    %role = arith.cmpi ult, %tx, %c64 : index
    scf.if %role {
      // CHECK: uop.named_barrier id(1) threads(64)
      uop.named_barrier id(1) threads(64)
    }
    // CHECK: uop.named_barrier id(15) threads(96)
    uop.named_barrier id(15) threads(96)
    gpu.terminator
  }
  return
}

// The cluster barrier, under control flow uniform in the block (its
// rank in the cluster).
// CHECK-LABEL: func.func @cluster_barrier
func.func @cluster_barrier() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
             blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // CHECK: uop.cluster_barrier
    uop.cluster_barrier
    %rank = gpu.cluster_block_id x
    %first = arith.cmpi eq, %rank, %c1 : index
    scf.if %first {
      // CHECK: uop.cluster_barrier
      uop.cluster_barrier
    }
    gpu.terminator
  }
  return
}

// A known block size of absurd sizes: their product is not formed past
// 64 bits (the named barrier's count is compared with it safely).
// CHECK-LABEL: gpu.func @named_barrier_huge_block
gpu.module @huge_block {
  gpu.func @named_barrier_huge_block() kernel attributes {known_block_size = array<i32: 2147483647, 2147483647, 2147483647>} {
    // CHECK: uop.named_barrier id(3) threads(1024)
    uop.named_barrier id(3) threads(1024)
    gpu.return
  }
}
