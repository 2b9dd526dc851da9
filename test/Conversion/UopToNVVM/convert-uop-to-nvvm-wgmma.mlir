// RUN: uop-opt %s --convert-uop-to-nvvm | FileCheck %s
// RUN: sed 's/kernel attributes {known_block_size = array<i32: 384, 1, 1>}/kernel/' %s | not uop-opt --convert-uop-to-nvvm 2>&1 | FileCheck %s --check-prefix=NOBLOCK
// NOBLOCK: error: 'uop.setmaxnreg' op expected its kernel to have a known block size (the register count it starts with must be fixed at compile time)
// The wgmma family in NVVM: an MMA of K = 64 is four wgmma.mma_async of
// shape m64nNk16, one per k16 slice, on descriptors whose start address
// advances 32 bytes (2 in 16-byte units) per slice, with the constant upper
// bits of Wgmma.h: 0x4000004000010000 = 4611686293305360384 (128-byte
// swizzle in the 2-bit field at bit 62, stride 1024 bytes, leading 16
// bytes), chaining the accumulator as a struct of N/2 f32 between them;
// K-major A is "row" and K-major B "col". An N-major B (b_n_major) is
// "row" (imm-trans-b = 1), its slices 2048 bytes (128 in 16-byte units)
// apart, with the upper bits 0x4000004002000000 = 4611686293338849280
// (128-byte swizzle, stride 1024 bytes between groups of 8 k, leading
// 8192 bytes between the blocks of 64 columns).

!a = memref<64x64xf16, #gpu.address_space<workgroup>>
!b = memref<128x64xf16, #gpu.address_space<workgroup>>
!bb = memref<16x64xbf16, #gpu.address_space<workgroup>>
!ab = memref<64x64xbf16, #gpu.address_space<workgroup>>

gpu.module @kernels {
  // A kernel with setmaxnreg starts at the most registers its block can
  // hold: 65536 / 384 rounded down to a multiple of 8.
  // CHECK-LABEL: gpu.func @wgmma
  // CHECK-SAME: nvvm.maxnreg = 168 : i32
  gpu.func @wgmma(%c: vector<64xf32>, %c8: vector<8xf32>) workgroup(%sA: !a, %sB: !b, %tA: !ab, %tB: !bb) kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // CHECK: nvvm.wgmma.fence.aligned
    uop.wgmma_fence
    // CHECK: %[[A:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
    // CHECK: %[[B:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
    // CHECK: llvm.extractelement
    // CHECK: llvm.insertvalue {{.*}} : !llvm.struct<(f32, f32,
    // CHECK: %[[HI:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
    // CHECK: %[[DA0:.*]] = llvm.or %{{.*}}, %[[HI]] : i64
    // CHECK: %[[DB0:.*]] = llvm.or %{{.*}}, %{{.*}} : i64
    // CHECK: %[[S0:.*]] = nvvm.wgmma.mma_async %[[DA0]], %[[DB0]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
    // CHECK: llvm.mlir.constant(32 : i64) : i64
    // CHECK: nvvm.wgmma.mma_async {{.*}}, %[[S0]], <m = 64, n = 128, k = 16>
    // CHECK: llvm.mlir.constant(64 : i64) : i64
    // CHECK: nvvm.wgmma.mma_async
    // CHECK: llvm.mlir.constant(96 : i64) : i64
    // CHECK: %[[S3:.*]] = nvvm.wgmma.mma_async
    // CHECK: llvm.extractvalue %[[S3]][0]
    // CHECK: llvm.insertelement
    %d = uop.wgmma_mma %sA, %sB, %c : !a, !b, vector<64xf32>
    // CHECK: nvvm.wgmma.commit.group.sync.aligned
    uop.wgmma_commit_group
    // CHECK: nvvm.wgmma.wait.group.sync.aligned 1
    uop.wgmma_wait_group 1
    // bf16, N = 16.
    // CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 16, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
    %e = uop.wgmma_mma %tA, %tB, %c8 : !ab, !bb, vector<8xf32>
    // N-major B, N = 128 (two blocks of 64 columns).
    // CHECK: %[[HIB:.*]] = llvm.mlir.constant(4611686293338849280 : i64) : i64
    // CHECK: %[[DB:.*]] = llvm.or %{{.*}}, %[[HIB]] : i64
    // CHECK: nvvm.wgmma.mma_async %{{.*}}, %[[DB]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
    // CHECK: llvm.mlir.constant(2048 : i64) : i64
    // CHECK: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <row>]
    // CHECK: llvm.mlir.constant(4096 : i64) : i64
    // CHECK: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <row>]
    // CHECK: llvm.mlir.constant(6144 : i64) : i64
    // CHECK: nvvm.wgmma.mma_async {{.*}} B[<f16>, <one>, <row>]
    %t = uop.wgmma_mma %sA, %sB, %c b_n_major : !a, !b, vector<64xf32>
    // M-major A too: A's descriptor takes the same upper bits and 2048-byte
    // slices, and A is "col" (imm-trans-a = 1).
    // CHECK: %[[HIA:.*]] = llvm.mlir.constant(4611686293338849280 : i64) : i64
    // CHECK: %[[DA:.*]] = llvm.or %{{.*}}, %[[HIA]] : i64
    // CHECK: nvvm.wgmma.mma_async %[[DA]], %{{.*}}, %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <col>], B[<f16>, <one>, <row>]
    // CHECK: llvm.mlir.constant(2048 : i64) : i64
    // CHECK: llvm.mlir.constant(2048 : i64) : i64
    // CHECK: nvvm.wgmma.mma_async {{.*}} A[<f16>, <one>, <col>], B[<f16>, <one>, <row>]
    %u = uop.wgmma_mma %sA, %sB, %c a_m_major b_n_major : !a, !b, vector<64xf32>
    // setmaxnreg.
    // CHECK: nvvm.setmaxregister decrease 40
    uop.setmaxnreg decrease 40
    // CHECK: nvvm.setmaxregister increase 232
    uop.setmaxnreg increase 232
    // A named barrier: bar.sync 1, 256 over the consumer warpgroups.
    // CHECK: %[[ID:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK: %[[N:.*]] = llvm.mlir.constant(256 : i32) : i32
    // CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[N]]
    uop.named_barrier id(1) threads(256)
    // CHECK-NOT: uop.
    gpu.return
  }

  // stmatrix.x4: the lane's row address into the boxes (box 1, row %r,
  // column %c: 4096 + 64 r + c elements of 2 bytes) and the four 32-bit
  // registers, each a pair of f16 bitcast to i32.
  // CHECK-LABEL: gpu.func @stmatrix
  gpu.func @stmatrix(%v: vector<4x2xf16>, %r: index, %col: index) workgroup(%sC: memref<2x64x64xf16, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    // CHECK: %[[ROW:.*]] = llvm.getelementptr {{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
    // CHECK: %[[P0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.array<4 x vector<2xf16>>
    // CHECK: %[[R0:.*]] = llvm.bitcast %[[P0]] : vector<2xf16> to i32
    // CHECK: llvm.extractvalue %{{.*}}[3] : !llvm.array<4 x vector<2xf16>>
    // CHECK: %[[R3:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
    // CHECK: nvvm.stmatrix %[[ROW]], %[[R0]], %{{.*}}, %{{.*}}, %[[R3]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
    uop.stmatrix %v, %sC[%c1, %r, %col] {num = 4 : i32}
        : vector<4x2xf16>, memref<2x64x64xf16, #gpu.address_space<workgroup>>
    // CHECK-NOT: uop.
    gpu.return
  }

  // A remote arrival: the barrier's shared address, mapa to the block of
  // the rank (truncated to i32), and the arrival on the shared::cluster
  // address at cluster scope (with the transaction count as i32).
  // CHECK-LABEL: gpu.func @remote_arrive
  gpu.func @remote_arrive(%rank: index, %bytes: index) kernel {
    %c1 = arith.constant 1 : index
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // CHECK: %[[BAR:.*]] = llvm.getelementptr {{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
    // CHECK: %[[R:.*]] = llvm.trunc %{{.*}} : i64 to i32
    // CHECK: %[[PEER:.*]] = nvvm.mapa %[[BAR]], %[[R]] : !llvm.ptr<3> -> !llvm.ptr<7>
    // CHECK: nvvm.mbarrier.arrive %[[PEER]] {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
    uop.mbarrier_arrive %bars[%c1] cta %rank : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // CHECK: nvvm.mapa
    // CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
    uop.mbarrier_arrive %bars[%c1] expect_tx %bytes cta %rank : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // CHECK-NOT: uop.
    gpu.return
  }
}
