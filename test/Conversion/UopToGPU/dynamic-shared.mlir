// RUN: uop-opt %s --convert-uop-to-gpu | FileCheck %s
// RUN: uop-opt %s --convert-uop-to-gpu | uop-sim - --compare-with %s | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %s --convert-uop-to-gpu --uop-stage-llvm | FileCheck %s --check-prefix=LLVM
// A kernel whose shared buffers exceed the 48 KiB of static .shared arrays
// gets them in dynamic shared memory: one region, a view per buffer at an
// offset keeping its alignment (the 1024-aligned one first), the region's
// size on the launch and the alignment on the gpu.module, which the llvm
// stage gives the region's .extern declaration. The numbers do not change.
// SIM: max_abs_err=0 max_rel_err=0 mismatches=0/

module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @main
  // CHECK: %[[SIZE:.*]] = arith.constant 57344 : i32
  // CHECK: gpu.launch_func @kernels::@k blocks in ({{.*}}) threads in ({{.*}}) dynamic_shared_memory_size %[[SIZE]] args(
  func.func @main(%X: memref<128x96xf32>, %Y: memref<64x64xf16>, %O: memref<128x96xf32>, %P: memref<64x64xf16>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%X : memref<128x96xf32>, %Y : memref<64x64xf16>, %O : memref<128x96xf32>, %P : memref<64x64xf16>)
    return
  }
  // CHECK: gpu.module @kernels attributes {uop.dynamic_shared_alignment = 1024 : i64}
  gpu.module @kernels {
    // CHECK: gpu.func @k(
    // CHECK-NOT: workgroup(
    // CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    // CHECK: %[[C0:.*]] = arith.constant 0 : index
    // CHECK: memref.view %[[DYN]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    // CHECK: %[[C8K:.*]] = arith.constant 8192 : index
    // CHECK: memref.view %[[DYN]][%[[C8K]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x96xf32, #gpu.address_space<workgroup>>
    // CHECK-NOT: uop.alloc_shared
    gpu.func @k(%X: memref<128x96xf32>, %Y: memref<64x64xf16>, %O: memref<128x96xf32>, %P: memref<64x64xf16>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c96 = arith.constant 96 : index
      %c128 = arith.constant 128 : index
      %tx = gpu.thread_id x
      %a = uop.alloc_shared : memref<128x96xf32, #gpu.address_space<workgroup>>
      %b = uop.alloc_shared {alignment = 1024 : i64} : memref<64x64xf16, #gpu.address_space<workgroup>>
      scf.for %r = %tx to %c128 step %c64 {
        scf.for %c = %c0 to %c96 step %c1 {
          %v = memref.load %X[%r, %c] : memref<128x96xf32>
          memref.store %v, %a[%r, %c] : memref<128x96xf32, #gpu.address_space<workgroup>>
        }
      }
      scf.for %c = %c0 to %c64 step %c1 {
        %v = memref.load %Y[%tx, %c] : memref<64x64xf16>
        memref.store %v, %b[%tx, %c] : memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      uop.barrier
      // Each thread writes out rows another thread wrote: reversed.
      %last = arith.constant 127 : index
      scf.for %r = %tx to %c128 step %c64 {
        %rr = arith.subi %last, %r : index
        scf.for %c = %c0 to %c96 step %c1 {
          %v = memref.load %a[%rr, %c] : memref<128x96xf32, #gpu.address_space<workgroup>>
          memref.store %v, %O[%r, %c] : memref<128x96xf32>
        }
      }
      %last2 = arith.constant 63 : index
      %t2 = arith.subi %last2, %tx : index
      scf.for %c = %c0 to %c64 step %c1 {
        %v = memref.load %b[%t2, %c] : memref<64x64xf16, #gpu.address_space<workgroup>>
        memref.store %v, %P[%tx, %c] : memref<64x64xf16>
      }
      gpu.return
    }
  }
}
// The llvm stage: the region is .extern (external linkage) and aligned.
// LLVM: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
