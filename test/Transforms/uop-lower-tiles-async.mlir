// uop-lower-tiles on uop.copy {async}: per-thread uop.cp_async of 16 bytes
// where the alignment allows, 8 or 4 bytes where it allows only those, the
// synchronous copy where it allows none; the edge of the source predicated
// by src_elements (zero fill) instead of guarded loads.
// RUN: uop-opt %s --uop-lower-tiles --canonicalize --cse --split-input-file | FileCheck %s

func.func @full_f32(%src: memref<32x8xf32, strided<[64, 1], offset: 128>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.copy %src, %s {async, layout = #uop.shared_layout<// A full f32 tile: 64 threads, 64 vectors of 4 floats, one 16-byte
// cp.async (.cg) each, no predicate.
// CHECK-LABEL: func.func @full_f32
// CHECK-NOT: scf.if
// CHECK: uop.cp_async %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], 4 {bypass_l1} : memref<32x8xf32, strided<[64, 1], offset: 128>> to memref<32x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: uop.cp_async_commit
// CHECK-NEXT: uop.cp_async_wait {pending = 0 : i32}
// CHECK-NOT: memref.load
// CHECK-NOT: vector.load
>} : memref<32x8xf32, strided<[64, 1], offset: 128>> to memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}

// -----

func.func @edge_f32(%src: memref<?x?xf32, strided<[64, 1]>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.copy %src, %s {async, layout = #uop.shared_layout<// An edge tile: each vector reads min(max(cols - c, 0), 4) elements of a
// row inside the source, none of a row below it, and the hardware fills the
// rest with zero. A vector that reads nothing addresses element (0, 0).
// CHECK-LABEL: func.func @edge_f32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[ROWS:.*]] = memref.dim %{{.*}}, %[[C0]]
// CHECK-DAG: %[[COLS:.*]] = memref.dim %{{.*}}, %{{.*}}
// CHECK: %[[R:.*]] = arith.divui
// CHECK: %[[C:.*]] = arith.muli
// CHECK: %[[LEFT:.*]] = arith.subi %[[COLS]], %[[C]]
// CHECK: %[[POS:.*]] = arith.maxsi %[[LEFT]], %[[C0]]
// CHECK: %[[CLAMP:.*]] = arith.minsi %[[POS]], %[[C4]]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[R]], %[[ROWS]]
// CHECK: %[[VALID:.*]] = arith.select %[[IN]], %[[CLAMP]], %[[C0]]
// CHECK: %[[ANY:.*]] = arith.cmpi ne, %[[VALID]], %[[C0]]
// CHECK: %[[SR:.*]] = arith.select %[[ANY]], %[[R]], %[[C0]]
// CHECK: %[[SC:.*]] = arith.select %[[ANY]], %[[C]], %[[C0]]
// CHECK: uop.cp_async %{{.*}}[%[[SR]], %[[SC]]], %{{.*}}[%[[R]], %[[C]]], 4, %[[VALID]] {bypass_l1}
// CHECK-NOT: scf.if
>} : memref<?x?xf32, strided<[64, 1]>> to memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}

// -----

func.func @stride70_f32(%src: memref<32x6xf32, strided<[70, 1]>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.copy %src, %s {async, layout = #uop.shared_layout<// Rows of 70 floats are 8-byte aligned only: two floats per cp.async (an
// 8-byte copy is never .cg). Only the columns have an edge here.
// CHECK-LABEL: func.func @stride70_f32
// CHECK-NOT: arith.cmpi ult
// CHECK: uop.cp_async %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}], 2, %{{.*}} : memref<32x6xf32, strided<[70, 1]>> to
>} : memref<32x6xf32, strided<[70, 1]>> to memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}

// -----

func.func @full_f16(%src: memref<64x32xf16, strided<[48, 1]>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<64x32xf16, #gpu.address_space<workgroup>>
    uop.copy %src, %s {async, layout = #uop.shared_layout<// f16: eight elements per 16-byte copy; 256 vectors over 64 threads is
// four rounds.
// CHECK-LABEL: func.func @full_f16
// CHECK: scf.for
// CHECK: uop.cp_async %{{.*}}, 8 {bypass_l1} : memref<64x32xf16, strided<[48, 1]>> to memref<64x32xf16, #gpu.address_space<workgroup>>
>} : memref<64x32xf16, strided<[48, 1]>> to memref<64x32xf16, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}

// -----

func.func @odd_f16(%src: memref<32x8xf16, strided<[33, 1]>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf16, #gpu.address_space<workgroup>>
    uop.copy %src, %s {async, layout = #uop.shared_layout<// Rows of 33 halves leave odd rows 2-byte aligned, below cp.async's
// smallest copy of 4 bytes: the synchronous copy (its stores are complete
// before the commit, wait and barrier that follow).
// CHECK-LABEL: func.func @odd_f16
// CHECK-NOT: uop.cp_async %
// CHECK: memref.load %{{.*}} : memref<32x8xf16, strided<[33, 1]>>
// CHECK-NOT: uop.cp_async %
// CHECK: uop.cp_async_commit
>} : memref<32x8xf16, strided<[33, 1]>> to memref<32x8xf16, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}

// -----

// A swizzle scatters the elements of a vector: one float per 4-byte
// cp.async, at the swizzled column.
// CHECK-LABEL: func.func @swizzled_f32
// CHECK: %[[X:.*]] = arith.xori
// CHECK: uop.cp_async %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %[[X]]], 1 : memref<32x8xf32, strided<[64, 1]>>
func.func @swizzled_f32(%src: memref<32x8xf32, strided<[64, 1]>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.copy %src, %s {async, layout = #uop.shared_layout<swizzle = 8>} : memref<32x8xf32, strided<[64, 1]>> to memref<32x8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}

// -----

// ... which a 2-byte element cannot have: the synchronous copy.
// CHECK-LABEL: func.func @swizzled_f16
// CHECK-NOT: uop.cp_async %
// CHECK: arith.xori
// CHECK: memref.store
func.func @swizzled_f16(%src: memref<32x8xf16, strided<[64, 1]>>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %s = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf16, #gpu.address_space<workgroup>>
    uop.copy %src, %s {async, layout = #uop.shared_layout<swizzle = 8>} : memref<32x8xf16, strided<[64, 1]>> to memref<32x8xf16, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    gpu.terminator
  }
  return
}
