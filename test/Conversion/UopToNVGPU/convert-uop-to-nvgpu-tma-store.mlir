// RUN: uop-opt %s --convert-uop-to-nvgpu | FileCheck %s
// RUN: uop-opt %s --convert-uop-to-nvgpu | uop-sim - --compare-with %s | FileCheck %s --check-prefix=SIM
// uop.tma_store becomes nvgpu.tma.async.store on a tensor map of its
// destination (a kernel argument the host creates before every launch,
// one per (argument, box, swizzle): both boxes of %C share one),
// coordinates innermost first, each store committed as a bulk async-group;
// uop.tma_store_wait becomes cp.async.bulk.wait_group.read. The result
// computes what the input does.
// SIM: max_abs_err=0 max_rel_err=0 mismatches=0/

module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  // CHECK-LABEL: func.func @main
  // CHECK: %[[CAST:.*]] = memref.cast %arg1 : memref<40x128xf16> to memref<*xf16>
  // CHECK: %[[MAP:.*]] = nvgpu.tma.create.descriptor %[[CAST]] box[%{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<32x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
  // CHECK: gpu.launch_func @kernels::@store blocks in ({{.*}}) threads in ({{.*}}) args(%arg0 : memref<32x128xf16>, %arg1 : memref<40x128xf16>, %[[MAP]] : {{.*}})
  func.func @main(%A: memref<32x128xf16>, %C: memref<40x128xf16>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@store blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%A : memref<32x128xf16>, %C : memref<40x128xf16>)
    return
  }
  gpu.module @kernels {
    // CHECK: gpu.func @store(%{{.*}}: memref<32x128xf16>, %{{.*}}: memref<40x128xf16>, %[[D:.*]]: !nvgpu.tensormap.descriptor<tensor = memref<32x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>)
    gpu.func @store(%A: memref<32x128xf16>, %C: memref<40x128xf16>)
        workgroup(%boxes : memref<2x32x64xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %tx = gpu.thread_id x
      // Thread t writes row t of both boxes, 128-byte swizzled.
      %phase = arith.remui %tx, %c8 : index
      scf.for %c = %c0 to %c128 step %c1 {
        %v = memref.load %A[%tx, %c] : memref<32x128xf16>
        %box = arith.divui %c, %c64 : index
        %col = arith.remui %c, %c64 : index
        %chunk = arith.divui %col, %c8 : index
        %in = arith.remui %col, %c8 : index
        %sw = arith.xori %chunk, %phase : index
        %base = arith.muli %sw, %c8 : index
        %phys = arith.addi %base, %in : index
        memref.store %v, %boxes[%box, %tx, %phys] : memref<2x32x64xf16, #gpu.address_space<workgroup>>
      }
      uop.fence_proxy_async
      uop.barrier
      %thread0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %thread0 {
        %b0 = memref.subview %boxes[0, 0, 0] [1, 32, 64] [1, 1, 1] : memref<2x32x64xf16, #gpu.address_space<workgroup>> to memref<32x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>
        %b1 = memref.subview %boxes[1, 0, 0] [1, 32, 64] [1, 1, 1] : memref<2x32x64xf16, #gpu.address_space<workgroup>> to memref<32x64xf16, strided<[64, 1], offset: 2048>, #gpu.address_space<workgroup>>
        // Rows 16 .. 47 of C: the last 8 fall past its 40 rows.
        // CHECK: nvgpu.tma.async.store %{{.*}} to %[[D]][%[[C0:.*]], %[[C16:.*]]] : memref<32x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>> -> <tensor = memref<32x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
        // CHECK-NEXT: nvvm.cp.async.bulk.commit.group
        uop.tma_store %b0, %C[%c16, %c0] swizzle 128 : memref<32x64xf16, strided<[64, 1]>, #gpu.address_space<workgroup>>, memref<40x128xf16>
        // CHECK: nvgpu.tma.async.store %{{.*}} to %[[D]][%[[C64:.*]], %[[C16]]]
        // CHECK-NEXT: nvvm.cp.async.bulk.commit.group
        uop.tma_store %b1, %C[%c16, %c64] swizzle 128 : memref<32x64xf16, strided<[64, 1], offset: 2048>, #gpu.address_space<workgroup>>, memref<40x128xf16>
        // CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
        // CHECK-NOT: uop.tma_store
        uop.tma_store_wait {pending = 0 : i32}
      }
      gpu.return
    }
  }
}
