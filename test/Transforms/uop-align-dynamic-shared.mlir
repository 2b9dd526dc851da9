// RUN: uop-opt %s --uop-align-dynamic-shared | FileCheck %s
// The zero-length shared arrays of dynamic shared memory become external
// (the PTX .extern form the driver places after static shared memory) and
// take the alignment the gpu.module records; other globals, and modules
// without the record keep their alignment.

// CHECK-LABEL: gpu.module @aligned
gpu.module @aligned attributes {uop.dynamic_shared_alignment = 1024 : i64} {
  // CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // A static shared array and a global one are left alone.
  // CHECK: llvm.mlir.global private @__mbarrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<4 x i64>
  llvm.mlir.global private @__mbarrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<4 x i64>
  // CHECK: llvm.mlir.global internal @empty_global() {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @empty_global() {alignment = 16 : i64} : !llvm.array<0 x i8>
}

// CHECK-LABEL: gpu.module @unrecorded
gpu.module @unrecorded {
  // CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
}

// A larger alignment already there is kept.
// CHECK-LABEL: gpu.module @larger
gpu.module @larger attributes {uop.dynamic_shared_alignment = 128 : i64} {
  // CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 256 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 256 : i64} : !llvm.array<0 x i8>
}
