// RUN: uop-opt %s --convert-uop-to-nvvm | FileCheck %s
// The tcgen05 family in NVVM: tensor-memory addresses become !llvm.ptr<6>,
// shared tiles and barriers shared addresses of their descriptors; an MMA
// of K = 64 is four tcgen05.mma, one per k16 slice, on descriptors whose
// start address advances 32 bytes (2 in 16-byte units) per slice, with the
// constant upper bits of Tcgen05.h: 0x4000404000010000 = 4611756662049538048
// (128-byte swizzle, version 1, stride 1024 bytes, leading 16 bytes); the
// first with the op's accumulate flag, the others accumulating.

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
!tile = memref<128x64xf16, #gpu.address_space<workgroup>>
!btile = memref<64x64xbf16, #gpu.address_space<workgroup>>
!slot = memref<1xi32, #gpu.address_space<workgroup>>

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @tcgen05
  gpu.func @tcgen05(%t: i32, %acc: i1, %bars: !bars) workgroup(%sA: !tile, %sB: !tile, %slot: !slot) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: %[[COLS:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK: nvvm.tcgen05.alloc %{{.*}}, %[[COLS]] : !llvm.ptr<3>, i32
    uop.tmem_alloc %slot[%c0] {columns = 128 : i32} : !slot
    // CHECK: nvvm.tcgen05.relinquish_alloc_permit
    uop.tmem_relinquish_alloc_permit
    // CHECK: nvvm.tcgen05.fence <before>
    uop.tcgen05_fence before
    // CHECK: nvvm.tcgen05.fence <after>
    uop.tcgen05_fence after
    // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    uop.fence_proxy_async

    // CHECK: %[[A:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
    // CHECK: %[[B:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i64
    // f16, f32 accumulator, M = 128 (8 << 24), N = 128 (16 << 17), format
    // bit 4: 0x8200010.
    // CHECK: %[[IDESC:.*]] = llvm.mlir.constant(136314896 : i32) : i32
    // CHECK: %[[D:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<6>
    // CHECK: %[[HI:.*]] = llvm.mlir.constant(4611756662049538048 : i64) : i64
    // CHECK: %[[DA0:.*]] = llvm.or %{{.*}}, %[[HI]] : i64
    // CHECK: %[[DB0:.*]] = llvm.or %{{.*}}, %{{.*}} : i64
    // CHECK: nvvm.tcgen05.mma %[[D]], %[[DA0]], %[[DB0]], %[[IDESC]], %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>} : (!llvm.ptr<6>, i64, i64, i32, i1)
    // CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
    // CHECK: llvm.add %[[A]], %[[C32]] : i64
    // CHECK: nvvm.tcgen05.mma
    // CHECK: llvm.mlir.constant(64 : i64) : i64
    // CHECK: nvvm.tcgen05.mma
    // CHECK: llvm.mlir.constant(96 : i64) : i64
    // CHECK: nvvm.tcgen05.mma
    // CHECK-NOT: nvvm.tcgen05.mma
    // CHECK: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
    uop.tcgen05_mma %t, %sA, %sB, %acc : !tile, !tile
    uop.tcgen05_commit %bars[%c1] : !bars

    // CHECK: %[[L:.*]] = nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
    // CHECK: llvm.bitcast %[[L]] : vector<16xi32> to vector<16xf32>
    %v = uop.tcgen05_ld %t : vector<16xf32>
    // CHECK: %[[S:.*]] = nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : i32
    // CHECK: llvm.bitcast %[[S]] : i32 to vector<1xi32>
    %w = uop.tcgen05_ld %t : vector<1xf32>
    // The 16x32bx2 shape, its second half 32 columns on (an immediate).
    // CHECK: %[[OFF:.*]] = llvm.mlir.constant(32 : i64) : i64
    // CHECK: %[[H:.*]] = nvvm.tcgen05.ld %{{.*}}, %[[OFF]] {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<8xi32>
    // CHECK: llvm.bitcast %[[H]] : vector<8xi32> to vector<8xf32>
    %h = uop.tcgen05_ld %t half_split 32 : vector<8xf32>
    // CHECK: nvvm.tcgen05.wait <load>
    uop.tcgen05_wait_ld
    // CHECK: nvvm.tcgen05.dealloc %{{.*}}, %{{.*}} : !llvm.ptr<6>, i32
    uop.tmem_dealloc %t {columns = 128 : i32}
    gpu.return
  }

  // An N-major B: the transpose-B bit 16 of the instruction descriptor
  // (0x8210010), B's slices 2048 bytes apart, its descriptor's upper bits
  // with a leading offset of 8192 bytes (512 << 16) between its blocks of
  // 64 columns and a stride of 1024 between groups of 8 k.
  // CHECK-LABEL: gpu.func @n_major
  // CHECK: %[[IDESC:.*]] = llvm.mlir.constant(136380432 : i32) : i32
  // CHECK: %[[HIA:.*]] = llvm.mlir.constant(4611756662049538048 : i64) : i64
  // CHECK: %[[HIB:.*]] = llvm.mlir.constant(4611756662083026944 : i64) : i64
  // CHECK: %[[DB0:.*]] = llvm.or %{{.*}}, %[[HIB]] : i64
  // CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %[[DB0]], %[[IDESC]]
  // CHECK: llvm.mlir.constant(2048 : i64) : i64
  // CHECK: nvvm.tcgen05.mma
  gpu.func @n_major(%t: i32, %acc: i1) workgroup(%sA: !tile, %sB: !tile) kernel {
    uop.tcgen05_mma %t, %sA, %sB, %acc b_n_major : !tile, !tile
    gpu.return
  }

  // An M-major A as well: the transpose-A bit 15 (0x8218010), A's
  // descriptor with the N-major upper bits (two 64-row blocks, 8192 bytes
  // apart).
  // CHECK-LABEL: gpu.func @m_major
  // CHECK: %[[IDESC:.*]] = llvm.mlir.constant(136413200 : i32) : i32
  // CHECK: %[[HIA:.*]] = llvm.mlir.constant(4611756662083026944 : i64) : i64
  // CHECK: %[[DA0:.*]] = llvm.or %{{.*}}, %[[HIA]] : i64
  // CHECK: nvvm.tcgen05.mma %{{.*}}, %[[DA0]], %{{.*}}, %[[IDESC]]
  gpu.func @m_major(%t: i32, %acc: i1) workgroup(%sA: !tile, %sB: !tile) kernel {
    uop.tcgen05_mma %t, %sA, %sB, %acc a_m_major b_n_major : !tile, !tile
    gpu.return
  }

  // bf16 operands (A and B formats 1 at bits 7 and 10) and N = 64:
  // 0x8100490.
  // CHECK-LABEL: gpu.func @bf16
  // CHECK: llvm.mlir.constant(135267472 : i32) : i32
  gpu.func @bf16(%t: i32, %acc: i1) workgroup(%sA: memref<128x64xbf16, #gpu.address_space<workgroup>>, %sB: !btile) kernel {
    uop.tcgen05_mma %t, %sA, %sB, %acc : memref<128x64xbf16, #gpu.address_space<workgroup>>, !btile
    gpu.return
  }
}
