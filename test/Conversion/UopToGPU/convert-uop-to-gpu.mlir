// The conversion as --uop-compile runs it, followed by the unroll hint:
// RUN: uop-opt %s --convert-uop-to-gpu --uop-keep-barrier-loops-rolled \
// RUN:   --split-input-file --verify-diagnostics --mlir-print-local-scope \
// RUN:   | FileCheck %s
// The conversion alone converts and leaves the loops to the hint pass:
// RUN: uop-opt %s --convert-uop-to-gpu --split-input-file \
// RUN:   --verify-diagnostics --mlir-print-local-scope \
// RUN:   | FileCheck %s --check-prefix=CONV

// Shared buffers become workgroup attributions of the launch, wherever they
// were written; barriers become gpu.barrier; the K loop that holds the
// barriers is kept rolled.
// CHECK-LABEL: func.func @launch
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[A:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: uop.
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[B]]
// CHECK: gpu.barrier
// CHECK: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// CHECK: scf.for
// CHECK-NOT: loop_annotation
// CHECK: gpu.terminator
// CONV-LABEL: func.func @launch
// CONV: gpu.barrier
// CONV: gpu.barrier
// CONV-NOT: loop_annotation
// CONV: gpu.terminator
func.func @launch(%f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %a = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %f, %a[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      uop.barrier
      %b = uop.alloc_shared : memref<16xf32, #gpu.address_space<workgroup>>
      %v = memref.load %b[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      uop.barrier
    }
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %f, %a[%tx, %ty] : memref<16x16xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// A kernel gpu.func gets the attributions itself; a user's loop annotation
// is left alone.
// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: workgroup(%{{.*}} : memref<32xi32, #gpu.address_space<workgroup>>, %{{.*}} : memref<8xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: gpu.barrier
// CHECK: } {loop_annotation = #llvm.loop_annotation<unroll = <count = 2 : i32>>}
gpu.module @m {
  gpu.func @kernel(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = uop.alloc_shared : memref<32xi32, #gpu.address_space<workgroup>>
    %v = uop.alloc_shared {alignment = 16 : i64} : memref<8xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      uop.barrier
    } {loop_annotation = #llvm.loop_annotation<unroll = <count = 2 : i32>>}
    gpu.return
  }
}

// -----

// Static .shared arrays stop at 48 KiB; past it, dynamic shared memory
// needs an outlined kernel.
func.func @too_much_shared() {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{kernel needs 57344 bytes of shared memory, above the limit of 49152 bytes for static .shared arrays; dynamic shared memory needs an outlined kernel (run gpu-kernel-outlining first)}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = uop.alloc_shared : memref<128x96xf32, #gpu.address_space<workgroup>>
    %b = uop.alloc_shared : memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// The limit is the module target's max_shared: 4 KiB fits every real chip
// but not a hypothetical 2 KiB one.
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 2048, max_shared = 2048, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @small_target() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{kernel needs 4096 bytes of shared memory, above the chip's limit of 2048 bytes per block; use smaller tiles or fewer stages}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %a = uop.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// A gpu.launch cannot carry the alignment of its attributions.
func.func @aligned_in_launch() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{alignment 16 can only be honored in a kernel gpu.func: run gpu-kernel-outlining before convert-uop-to-gpu}}
    %a = uop.alloc_shared {alignment = 16 : i64} : memref<8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Tile ops are block-wide descriptions: uop-lower-tiles expands them into
// per-thread code before anything below the uop level sees them.
func.func @tile_op(%g: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %a = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'uop.copy' op expected to be lowered by uop-lower-tiles before convert-uop-to-gpu}}
    uop.copy %g, %a : memref<16x16xf32> to memref<16x16xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// A kernel gpu.func that already has workgroup attributions keeps them
// static: past 48 KiB its uop buffers cannot join them in dynamic shared
// memory.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{kernel needs 65536 bytes of shared memory, above the limit of 49152 bytes for static .shared arrays, and its workgroup attributions cannot move to dynamic shared memory}}
    gpu.func @k() workgroup(%w : memref<4096xf32, #gpu.address_space<workgroup>>) kernel {
      %a = uop.alloc_shared : memref<12288xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Dynamic shared memory counts the padding that keeps buffers aligned:
// three 1028-byte buffers aligned to 1024 need 5124 bytes of a 4096-byte
// chip, though their sizes add up to 3084.
module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 2048, max_shared = 4096, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op needs at least 5124 bytes of dynamic shared memory with its buffers aligned, above the chip's limit of 4096 bytes per block; use smaller tiles or fewer stages}}
    gpu.func @k() kernel {
      %a = uop.alloc_shared {alignment = 1024 : i64} : memref<257xf32, #gpu.address_space<workgroup>>
      %b = uop.alloc_shared {alignment = 1024 : i64} : memref<257xf32, #gpu.address_space<workgroup>>
      %c = uop.alloc_shared {alignment = 1024 : i64} : memref<257xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// An alignment larger than the chip's shared memory cannot be honored.
module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 2048, max_shared = 4096, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{alignment 9223372036854775808 cannot be honored in dynamic shared memory of at most 4096 bytes}}
      %a = uop.alloc_shared {alignment = 9223372036854775808 : i64} : memref<768xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
