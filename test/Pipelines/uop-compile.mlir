// The kernel stage keeps uop ops, with shared buffers at the top of the
// kernel, and the host function as written.
// RUN: uop-opt %s --uop-compile="target=sm_90a emit=kernel" | FileCheck %s --check-prefix=KERNEL
// The LLVM stage keeps the host function (name and signature) launching the
// kernel from one gpu.module in LLVM/NVVM with the target's PTX version.
// RUN: uop-opt %s --uop-compile="target=sm_80" | FileCheck %s --check-prefixes=LLVM,SM80
// RUN: uop-opt %s --uop-compile="target=sm_90a emit=llvm" | FileCheck %s --check-prefixes=LLVM,SM90
// RUN: uop-opt %s --uop-compile="target=sm_100a" | FileCheck %s --check-prefixes=LLVM,SM100

// KERNEL: module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>}
// KERNEL-LABEL: func.func @copy_reverse(%{{.*}}: memref<256xf32>, %{{.*}}: memref<256xf32>)
// KERNEL: gpu.launch
// KERNEL-NEXT: uop.alloc_shared : memref<256xf32, #gpu.address_space<workgroup>>
// KERNEL: uop.barrier
// KERNEL-NOT: gpu.module

// LLVM-LABEL: func.func @copy_reverse(%{{.*}}: memref<256xf32>, %{{.*}}: memref<256xf32>)
// LLVM: gpu.launch_func @uop_kernels::@copy_reverse_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(%{{.*}} : memref<256xf32>, %{{.*}} : memref<256xf32>)
// LLVM: return
// SM80: gpu.module @uop_kernels [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">]
// SM90: gpu.module @uop_kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// SM100: gpu.module @uop_kernels [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">]
// LLVM: llvm.mlir.global internal @{{.*}}() {addr_space = 3 : i32} : !llvm.array<256 x f32>
// LLVM: llvm.func @copy_reverse_kernel
// LLVM-SAME: nvvm.kernel
// LLVM: nvvm.barrier
// LLVM-NOT: uop.
// LLVM-NOT: gpu.func
func.func @copy_reverse(%in: memref<256xf32>, %out: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %v = memref.load %in[%tx] : memref<256xf32>
    %s = uop.alloc_shared : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %s[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    uop.barrier
    %r = arith.subi %c255, %tx : index
    %x = memref.load %s[%r] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %x, %out[%tx] : memref<256xf32>
    gpu.terminator
  }
  return
}
