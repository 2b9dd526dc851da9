// RUN: uop-opt %s --convert-uop-to-nvgpu -split-input-file -verify-diagnostics
// What convert-uop-to-nvgpu cannot lower is an error on the op.

// gpu.mma_matrix has no bf16, so a bf16 WMMA fragment has no gpu.subgroup_mma
// form.
func.func @bf16_wmma(%A: memref<32x32xbf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected f16 fragments for the gpu.subgroup_mma lowering (gpu.mma_matrix has no bf16), got '!uop.fragment<matrix_a, 16x16xbf16, row>'}}
    %a = uop.wmma_load %A[%c0, %c0] : memref<32x32xbf16> -> !uop.fragment<matrix_a, 16x16xbf16, row>
    gpu.terminator
  }
  return
}

// -----

// mbarrier.try_wait.parity is an sm_90 instruction: the sm_80 row of the
// target table has no form of uop.mbarrier_wait.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @wait_on_sm80(%phase: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %bars = nvgpu.mbarrier.create -> !bars
      // expected-error @+1 {{expected a target with mbarrier.try_wait (sm_90 and newer), got sm_80}}
      uop.mbarrier_wait %bars[%c0], %phase : !bars
      gpu.terminator
    }
    return
  }
}

// -----

// Transaction counts came with TMA on sm_90: the sm_80 backend has no
// instruction for mbarrier.arrive.expect_tx (it aborted before this check),
// for the uop op and the upstream one alike.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @expect_tx_on_sm80() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %bars = nvgpu.mbarrier.create -> !bars
      // expected-error @+1 {{expected a target with mbarrier expect_tx (sm_90 and newer), got sm_80}}
      uop.mbarrier_arrive %bars[%c0] expect_tx %c64 : !bars
      gpu.terminator
    }
    return
  }
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @upstream_expect_tx_on_sm80() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %bars = nvgpu.mbarrier.create -> !bars
      // expected-error @+1 {{expected a target with mbarrier expect_tx (sm_90 and newer), got sm_80}}
      nvgpu.mbarrier.arrive.expect_tx %bars[%c0], %c64 : !bars
      gpu.terminator
    }
    return
  }
}

// -----

// elect.sync came with sm_90 too.
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @elect_on_sm80() {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      // expected-error @+1 {{expected a target with elect.sync (sm_90 and newer), got sm_80}}
      uop.elect {
      }
      gpu.terminator
    }
    return
  }
}

// -----

// So did stmatrix.
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @stmatrix_on_sm80(%v: vector<1x2xf16>) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %s = uop.alloc_shared : memref<8x8xf16, #gpu.address_space<workgroup>>
      // expected-error @+1 {{expected a target with stmatrix (sm_90 and newer), got sm_80}}
      uop.stmatrix %v, %s[%tx, %tx] {num = 1 : i32} : vector<1x2xf16>, memref<8x8xf16, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// fence.proxy.async: sm_90 and newer.
func.func @proxy_fence_on_default_sm80() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a target with fence.proxy.async (sm_90 and newer), got sm_80}}
    uop.fence_proxy_async
    gpu.terminator
  }
  return
}

// -----

// Tensor memory and tcgen05 are sm_100a's: refused for sm_90a here, in the
// nvgpu stage, although convert-uop-to-nvvm lowers them later.
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @tcgen05_on_sm90a(%t: i32) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      // expected-error @+1 {{expected a target with tensor memory and tcgen05 (sm_100a), got sm_90a}}
      uop.tmem_dealloc %t {columns = 32 : i32}
      gpu.terminator
    }
    return
  }
}

// -----

// TMA came with sm_90.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<64x64xf16>) workgroup(%t : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %bars = nvgpu.mbarrier.create -> !bars
      // expected-error @+1 {{expected a target with TMA (sm_90 and newer), got sm_80}}
      uop.tma_load %A[%c0, %c0], %t, %bars[%c0] : memref<64x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
      gpu.return
    }
  }
}

// -----

// sm_89 (Ada) has no TMA either: it came with compute capability 9.0.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_89", ptx = 78, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 101376, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<64x64xf16>) workgroup(%t : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %bars = nvgpu.mbarrier.create -> !bars
      // expected-error @+1 {{expected a target with TMA (sm_90 and newer), got sm_89}}
      uop.tma_load %A[%c0, %c0], %t, %bars[%c0] : memref<64x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
      gpu.return
    }
  }
}

// -----

// sm_90 has TMA, but PTX ISA 7.8 cannot express it (cp.async.bulk.tensor
// came with 8.0): a target that asks for the older ISA is refused.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_90", ptx = 78, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<64x64xf16>) workgroup(%t : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %bars = nvgpu.mbarrier.create -> !bars
      // expected-error @+1 {{expected PTX ISA 8.0 or newer for TMA (sm_90 and newer), got 7.8 (the target's ptx)}}
      uop.tma_load %A[%c0, %c0], %t, %bars[%c0] : memref<64x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
      gpu.return
    }
  }
}

// -----

// ... while its try_wait needs only 7.8.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_90", ptx = 78, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @wait_ptx78(%phase: i1) kernel {
      %c0 = arith.constant 0 : index
      %bars = nvgpu.mbarrier.create -> !bars
      uop.mbarrier_wait %bars[%c0], %phase : !bars
      // expected-error @+1 {{expected PTX ISA 8.0 or newer for elect.sync (sm_90 and newer), got 7.8 (the target's ptx)}}
      uop.elect {
      }
      gpu.return
    }
  }
}

// -----

// The tensor map describes a whole kernel argument: a view made in the
// kernel has none.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<64x64xf16>) workgroup(%t : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %bars = nvgpu.mbarrier.create -> !bars
      %v = memref.subview %A[0, 0] [32, 64] [1, 1] : memref<64x64xf16> to memref<32x64xf16, strided<[64, 1]>>
      // expected-error @+1 {{expected the source to be an argument of the kernel (the tensor map describes a whole kernel argument), got}}
      uop.tma_load %v[%c0, %c0], %t, %bars[%c0] : memref<32x64xf16, strided<[64, 1]>>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
      gpu.return
    }
  }
}

// -----

// Still in a gpu.launch: no kernel signature to give the map to.
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @in_launch(%A: memref<64x64xf16>) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %t = uop.alloc_shared {alignment = 1024 : i64} : memref<32x64xf16, #gpu.address_space<workgroup>>
      %bars = nvgpu.mbarrier.create -> !bars
      // expected-error @+1 {{expected to be in an outlined kernel (gpu.func) to be lowered: its tensor map becomes a kernel argument (run convert-uop-to-gpu first)}}
      uop.tma_load %A[%c0, %c0], %t, %bars[%c0] : memref<64x64xf16>, memref<32x64xf16, #gpu.address_space<workgroup>>, !bars
      gpu.terminator
    }
    return
  }
}

// -----

// setmaxnreg came with sm_90a (and sm_100a has it): sm_80 has none.
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @setmaxnreg_on_sm80() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      // expected-error @+1 {{expected a target with setmaxnreg (sm_90a or sm_100a), got sm_80}}
      uop.setmaxnreg decrease 40
      gpu.terminator
    }
    return
  }
}

// -----

// TMA stores came with sm_90 too, and so did their waits.
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k(%C: memref<64x64xf16>) workgroup(%t : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{expected a target with TMA (sm_90 and newer), got sm_80}}
      uop.tma_store %t, %C[%c0, %c0] : memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16>
      gpu.return
    }
  }
}

// -----

module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      // expected-error @+1 {{expected a target with TMA (sm_90 and newer), got sm_80}}
      uop.tma_store_wait {pending = 0 : i32}
      gpu.return
    }
  }
}

// -----

// The store's tensor map describes a whole kernel argument too.
module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  gpu.module @kernels {
    gpu.func @k(%C: memref<64x64xf16>) workgroup(%t : memref<32x64xf16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.subview %C[0, 0] [32, 64] [1, 1] : memref<64x64xf16> to memref<32x64xf16, strided<[64, 1]>>
      // expected-error @+1 {{expected the dest to be an argument of the kernel (the tensor map describes a whole kernel argument), got}}
      uop.tma_store %t, %v[%c0, %c0] : memref<32x64xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, strided<[64, 1]>>
      gpu.return
    }
  }
}

// -----

// Thread-block clusters came with sm_90: neither the cluster barrier nor a
// remote arrival exists on sm_80.
module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @cluster_barrier_on_sm80() {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      // expected-error @+1 {{expected a target with thread-block clusters (sm_90 and newer), got sm_80}}
      uop.cluster_barrier
      gpu.terminator
    }
    return
  }
}

// -----

module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 166912, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @remote_arrive_on_sm80() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
      // expected-error @+1 {{expected a target with thread-block clusters (sm_90 and newer), got sm_80}}
      uop.mbarrier_arrive %bars[%c0] cta %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}
