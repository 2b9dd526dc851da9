// RUN: uop-opt %s --convert-uop-to-nvgpu | FileCheck %s
// RUN: uop-opt %s --convert-uop-to-nvgpu | uop-sim - --compare-with %s | FileCheck %s --check-prefix=SIM
// RUN: uop-sim %s --compare-with %s --ref-entry main_ref | FileCheck %s --check-prefix=SIM
// RUN: uop-opt %s --convert-uop-to-nvgpu | uop-sim - --compare-with %s --ref-entry main_ref | FileCheck %s --check-prefix=SIM
// A load from the wrong matrix of the batch (z = 1 for 2) is caught.
// RUN: sed -e 's/uop.tma_load %%A\[%%c2, %%c8, %%c0\]/uop.tma_load %%A[%%c1, %%c8, %%c0]/' %s > %t.wrong.mlir
// RUN: not uop-sim %t.wrong.mlir --compare-with %s --ref-entry main_ref 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: mismatches={{[1-9][0-9]*}}/
// A TMA copy between a 2-D tile and matrix z of a batch (a 3-D tensor):
// the tensor map is the tensor's, of rank 3, its box the tile's shape after
// a 1; nvgpu's copies take the tile expanded to that box, the coordinates
// innermost first (z last). The kernel loads the 32 x 64 box at (2, 8, 0)
// of A and stores it at (1, 16, 0) of O (@main_ref: the copy of those
// views); the result computes what the input does.
// SIM: max_abs_err=0 max_rel_err=0 mismatches=0/

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  // CHECK-LABEL: func.func @main
  // CHECK: %[[CASTA:.*]] = memref.cast %arg0 : memref<3x48x64xf16> to memref<*xf16>
  // CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %[[CASTA]] box[%{{.*}}, %{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<1x32x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
  // CHECK: %[[CASTO:.*]] = memref.cast %arg1 : memref<2x48x64xf16> to memref<*xf16>
  // CHECK: %[[MAPO:.*]] = nvgpu.tma.create.descriptor %[[CASTO]] box[%{{.*}}, %{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<1x32x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
  // CHECK: gpu.launch_func @kernels::@copy {{.*}} args(%arg0 : memref<3x48x64xf16>, %arg1 : memref<2x48x64xf16>, %[[MAPA]] : {{.*}}, %[[MAPO]] : {{.*}})
  func.func @main(%A: memref<3x48x64xf16>, %O: memref<2x48x64xf16>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%A : memref<3x48x64xf16>, %O : memref<2x48x64xf16>)
    return
  }
  func.func @main_ref(%A: memref<3x48x64xf16>, %O: memref<2x48x64xf16>) {
    %box = memref.subview %A[2, 8, 0] [1, 32, 64] [1, 1, 1] : memref<3x48x64xf16> to memref<32x64xf16, strided<[64, 1], offset: 6656>>
    %dst = memref.subview %O[1, 16, 0] [1, 32, 64] [1, 1, 1] : memref<2x48x64xf16> to memref<32x64xf16, strided<[64, 1], offset: 4096>>
    memref.copy %box, %dst : memref<32x64xf16, strided<[64, 1], offset: 6656>> to memref<32x64xf16, strided<[64, 1], offset: 4096>>
    return
  }
  gpu.module @kernels {
    gpu.func @copy(%A: memref<3x48x64xf16>, %O: memref<2x48x64xf16>)
        workgroup(%t : memref<32x64xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %bytes = arith.constant 4096 : index
      %false = arith.constant false
      %tx = gpu.thread_id x
      %bars = nvgpu.mbarrier.create -> !bars
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        uop.mbarrier_init %bars[%c0], %c1 : !bars
      }
      uop.barrier
      scf.if %thread0 {
        uop.mbarrier_arrive %bars[%c0] expect_tx %bytes : !bars
        // CHECK: %[[BOX:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [1, 32, 64] : memref<32x64xf16, #gpu.address_space<workgroup>> into memref<1x32x64xf16, #gpu.address_space<workgroup>>
        // CHECK: nvgpu.tma.async.load %{{.*}}[%c0, %c8, %c2], %{{.*}}[%{{.*}}] to %[[BOX]]
        uop.tma_load %A[%c2, %c8, %c0], %t, %bars[%c0] swizzle 128 : memref<3x48x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
      }
      uop.mbarrier_wait %bars[%c0], %false : !bars
      scf.if %thread0 {
        uop.fence_proxy_async
        // CHECK: %[[OUT:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [1, 32, 64]
        // CHECK: nvgpu.tma.async.store %[[OUT]] to %{{.*}}[%c0, %c16, %c1]
        // CHECK-NOT: uop.tma_
        uop.tma_store %t, %O[%c1, %c16, %c0] swizzle 128 : memref<32x64xf16, #gpu.address_space<workgroup>>, memref<2x48x64xf16>
        uop.tma_store_wait {pending = 0 : i32}
      }
      gpu.return
    }
  }
}
