// RUN: uop-opt %s --convert-uop-to-nvgpu | FileCheck %s
// RUN: uop-opt %s --convert-uop-to-nvgpu | uop-sim - --compare-with %s | FileCheck %s --check-prefix=SIM
// uop.tma_load becomes nvgpu.tma.async.load on a tensor map: the kernel
// gains one descriptor argument per (source argument, box, swizzle), the
// host creates it before every launch, coordinates go innermost first.
// Two loads of one box of %A share a map; B's box is its own. The result
// computes what the input does (the kernel copies both boxes out).
// SIM: max_abs_err=0 max_rel_err=0 mismatches=0/

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  // CHECK-LABEL: func.func @main
  // CHECK: %[[CASTA:.*]] = memref.cast %arg0 : memref<64x64xf16> to memref<*xf16>
  // CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %[[CASTA]] box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<32x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
  // CHECK: %[[CASTB:.*]] = memref.cast %arg1 : memref<16x16xf32> to memref<*xf32>
  // CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %[[CASTB]] box[%{{.*}}, %{{.*}}] : memref<*xf32> -> <tensor = memref<8x16xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
  // CHECK: gpu.launch_func @kernels::@copy blocks in ({{.*}}) threads in ({{.*}}) args(%arg0 : memref<64x64xf16>, %arg1 : memref<16x16xf32>, %arg2 : memref<64x64xf16>, %arg3 : memref<8x16xf32>, %[[MAPA]] : {{.*}}, %[[MAPB]] : {{.*}})
  func.func @main(%A: memref<64x64xf16>, %B: memref<16x16xf32>, %OA: memref<64x64xf16>, %OB: memref<8x16xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%A : memref<64x64xf16>, %B : memref<16x16xf32>, %OA : memref<64x64xf16>, %OB : memref<8x16xf32>)
    return
  }
  gpu.module @kernels {
    // CHECK: gpu.func @copy(%{{.*}}: memref<64x64xf16>, %{{.*}}: memref<16x16xf32>, %{{.*}}: memref<64x64xf16>, %{{.*}}: memref<8x16xf32>, %[[DA:.*]]: !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, %[[DB:.*]]: !nvgpu.tensormap.descriptor<tensor = memref<8x16xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>)
    gpu.func @copy(%A: memref<64x64xf16>, %B: memref<16x16xf32>, %OA: memref<64x64xf16>, %OB: memref<8x16xf32>)
        workgroup(%t0 : memref<32x64xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                  %t1 : memref<32x64xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                  %t2 : memref<8x16xf32, #gpu.address_space<workgroup>> {llvm.align = 128 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %bytes = arith.constant 8704 : index
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
        // CHECK: nvgpu.tma.async.load %[[DA]][%{{.*}}, %[[C0:.*]]], %{{.*}}[%{{.*}}] to
        uop.tma_load %A[%c0, %c0], %t0, %bars[%c0] swizzle 128 : memref<64x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
        // CHECK: nvgpu.tma.async.load %[[DA]][%{{.*}}, %[[C32:.*]]], %{{.*}}[%{{.*}}] to
        uop.tma_load %A[%c32, %c0], %t1, %bars[%c0] swizzle 128 : memref<64x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
        // The box at row 12, column 4: rows past 15 are zero.
        // CHECK: nvgpu.tma.async.load %[[DB]][%c4, %{{.*}}], %{{.*}}[%{{.*}}] to
        // CHECK-NOT: uop.tma_load
        %c12 = arith.constant 12 : index
        uop.tma_load %B[%c12, %c4], %t2, %bars[%c0] : memref<16x16xf32>, memref<8x16xf32, #gpu.address_space<workgroup>>, !bars
      }
      uop.mbarrier_wait %bars[%c0], %false : !bars
      // Thread t copies row t of both A boxes (swizzled as stored) and,
      // for t < 8, row t of B's box.
      scf.for %c = %c0 to %c64 step %c1 {
        %a = memref.load %t0[%tx, %c] : memref<32x64xf16, #gpu.address_space<workgroup>>
        memref.store %a, %OA[%tx, %c] : memref<64x64xf16>
        %r = arith.addi %tx, %c32 : index
        %b = memref.load %t1[%tx, %c] : memref<32x64xf16, #gpu.address_space<workgroup>>
        memref.store %b, %OA[%r, %c] : memref<64x64xf16>
      }
      %low = arith.cmpi ult, %tx, %c8 : index
      scf.if %low {
        scf.for %c = %c0 to %c16 step %c1 {
          %v = memref.load %t2[%tx, %c] : memref<8x16xf32, #gpu.address_space<workgroup>>
          memref.store %v, %OB[%tx, %c] : memref<8x16xf32>
        }
      }
      gpu.return
    }
  }
}
