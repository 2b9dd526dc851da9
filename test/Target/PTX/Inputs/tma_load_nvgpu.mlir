// A kernel at the nvgpu stage that loads its tiles with TMA, written by
// hand in the form the compiler's TMA loads take (the contract between the
// nvgpu stage and the runner): per tensor map, the host function makes an
// `nvgpu.tma.create.descriptor` from one of its own memref parameters just
// before the launch and passes it as a kernel argument; the kernel waits on
// an mbarrier for the bytes of the box. Thread 0 loads a 128 x 64 box of A
// (128-byte swizzle) and a 64 x 32 box of B (64-byte swizzle) at block
// (bx, by), and every thread copies one row's first element of each tile to
// C, so the PTX keeps both loads.

!tileA = memref<128x64xf16, #gpu.address_space<workgroup>>
!tileB = memref<64x32xf16, #gpu.address_space<workgroup>>
!mapA = !nvgpu.tensormap.descriptor<tensor = !tileA, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!mapB = !nvgpu.tensormap.descriptor<tensor = !tileB, swizzle = swizzle_64b, l2promo = l2promo_128b, oob = zero, interleave = none>
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @main(%arg0: memref<512x512xf16>, %arg1: memref<256x512xf16>, %arg2: memref<512x256xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %a = memref.cast %arg0 : memref<512x512xf16> to memref<*xf16>
    %mapA = nvgpu.tma.create.descriptor %a box[%c128, %c64] : memref<*xf16> -> !mapA
    %b = memref.cast %arg1 : memref<256x512xf16> to memref<*xf16>
    %mapB = nvgpu.tma.create.descriptor %b box[%c64, %c32] : memref<*xf16> -> !mapB
    gpu.launch_func @uop_kernels::@main_kernel blocks in (%c4, %c2, %c1) threads in (%c128, %c1, %c1) args(%arg2 : memref<512x256xf32>, %mapA : !mapA, %mapB : !mapB)
    return
  }
  gpu.module @uop_kernels {
    gpu.func @main_kernel(%c: memref<512x256xf32>, %mapA: !mapA, %mapB: !mapB) workgroup(%tileA : !tileA {llvm.align = 1024 : i64}, %tileB : !tileB {llvm.align = 1024 : i64}) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 4, 2, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      // 128 x 64 + 64 x 32 halves.
      %bytes = arith.constant 20480 : index
      %ticks = arith.constant 10000000 : index
      %false = arith.constant false
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tid = gpu.thread_id x
      %leader = arith.cmpi eq, %tid, %c0 : index
      %bars = nvgpu.mbarrier.create -> !bars
      nvgpu.mbarrier.init %bars[%c0], %c1, predicate = %leader : !bars
      gpu.barrier
      // Coordinates innermost first: (column, row) of the box's corner.
      %rowA = arith.muli %by, %c128 : index
      %colA = arith.muli %bx, %c64 : index
      %rowB = arith.muli %bx, %c64 : index
      %colB = arith.muli %by, %c32 : index
      nvgpu.mbarrier.arrive.expect_tx %bars[%c0], %bytes, predicate = %leader : !bars
      nvgpu.tma.async.load %mapA[%colA, %rowA], %bars[%c0] to %tileA, predicate = %leader : !mapA, !bars -> !tileA
      nvgpu.tma.async.load %mapB[%colB, %rowB], %bars[%c0] to %tileB, predicate = %leader : !mapB, !bars -> !tileB
      nvgpu.mbarrier.try_wait.parity %bars[%c0], %false, %ticks : !bars
      %row = arith.addi %rowA, %tid : index
      %x = memref.load %tileA[%tid, %c0] : !tileA
      %brow = arith.remui %tid, %c64 : index
      %y = memref.load %tileB[%brow, %c0] : !tileB
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %col = arith.addi %rowB, %c1 : index
      memref.store %xf, %c[%row, %rowB] : memref<512x256xf32>
      memref.store %yf, %c[%row, %col] : memref<512x256xf32>
      gpu.return
    }
  }
}
