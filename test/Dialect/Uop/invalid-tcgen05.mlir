// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the tcgen05 family (tensor memory, tcgen05 MMA,
// commit, ld, wait, fences) and of uop.elect.

func.func @outside_a_kernel(%t: i32) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.tmem_dealloc %t {columns = 32 : i32}
  return
}

// -----

func.func @elect_outside_a_kernel() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.elect {
  }
  return
}

// -----

// A block barrier inside an elected region: one lane per warp reaches it.
func.func @barrier_in_elect() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-note @+1 {{the elected region starts here}}
    uop.elect {
      // expected-error @+1 {{'uop.barrier' op needs every lane of its warp to execute it together, but it is inside 'uop.elect', whose body runs on one lane of each warp}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// A warpgroup-collective instruction under scf.if inside the elected region.
func.func @wgmma_fence_in_elect(%p: i1) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    // expected-note @+1 {{the elected region starts here}}
    uop.elect {
      scf.if %p {
        // expected-error @+1 {{'uop.wgmma_fence' op needs every lane of its warp}}
        uop.wgmma_fence
      }
    }
    gpu.terminator
  }
  return
}

// -----

// elect.sync needs the full warp, so an elected region cannot nest another.
func.func @elect_in_elect() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-note @+1 {{the elected region starts here}}
    uop.elect {
      // expected-error @+1 {{'uop.elect' op needs every lane of its warp}}
      uop.elect {
      }
    }
    gpu.terminator
  }
  return
}

// -----

// gpu's block barrier and shuffles need every lane too.
func.func @gpu_barrier_in_elect() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-note @+1 {{the elected region starts here}}
    uop.elect {
      // expected-error @+1 {{'gpu.barrier' op needs every lane of its warp}}
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// Tensor memory is allocated by a whole warp (tcgen05.alloc.sync.aligned).
func.func @tmem_alloc_in_elect() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %slot = uop.alloc_shared : memref<1xi32, #gpu.address_space<workgroup>>
    // expected-note @+1 {{the elected region starts here}}
    uop.elect {
      // expected-error @+1 {{'uop.tmem_alloc' op needs every lane of its warp}}
      uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : memref<1xi32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

func.func @columns_not_a_power_of_two() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %slot = uop.alloc_shared : memref<1xi32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a column count that is a power of two from 32 to 512, got 96}}
    uop.tmem_alloc %slot[%c0] {columns = 96 : i32} : memref<1xi32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @too_many_columns(%t: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected a column count that is a power of two from 32 to 512, got 1024}}
    uop.tmem_dealloc %t {columns = 1024 : i32}
    gpu.terminator
  }
  return
}

// -----

func.func @slot_in_global(%slot: memref<1xi32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected the address slot to be i32 in #gpu.address_space<workgroup>, got 'memref<1xi32>'}}
    uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : memref<1xi32>
    gpu.terminator
  }
  return
}

// -----

func.func @slot_indices() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %slot = uop.alloc_shared : memref<2x2xi32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected 2 indices into the slot, got 1}}
    uop.tmem_alloc %slot[%c0] {columns = 32 : i32} : memref<2x2xi32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @relinquish_outside_a_kernel() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.tmem_relinquish_alloc_permit
  return
}

// -----

func.func @tile_in_global(%t: i32, %acc: i1, %a: memref<128x64xf16>, %b: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected A in #gpu.address_space<workgroup>, got 'memref<128x64xf16>'}}
    uop.tcgen05_mma %t, %a, %b, %acc : memref<128x64xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tile_strided(%t: i32, %acc: i1, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected B to be a static 2-D tile stored contiguously, row after row (the identity layout's strides, any offset), got 'memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>'}}
    uop.tcgen05_mma %t, %a, %b, %acc : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tile_f32(%t: i32, %acc: i1, %a: memref<128x32xf32, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected A of f16 or bf16, got 'f32'}}
    uop.tcgen05_mma %t, %a, %a, %acc : memref<128x32xf32, #gpu.address_space<workgroup>>, memref<128x32xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @rows_not_128_bytes(%t: i32, %acc: i1, %a: memref<128x32xf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected A rows of 128 bytes (K = 64, one 128-byte swizzle atom), got 32 elements}}
    uop.tcgen05_mma %t, %a, %a, %acc : memref<128x32xf16, #gpu.address_space<workgroup>>, memref<128x32xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @mixed_types(%t: i32, %acc: i1, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<128x64xbf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected A and B of one element type, got 'f16' and 'bf16'}}
    uop.tcgen05_mma %t, %a, %b, %acc : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x64xbf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @m_32(%t: i32, %acc: i1, %a: memref<32x64xf16, #gpu.address_space<workgroup>>, %b: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected M = 64 or 128 (A with 64 rows, the accumulator in half of the data path, or 128 rows, in all 128 lanes), got 32}}
    uop.tcgen05_mma %t, %a, %b, %acc : memref<32x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @m_64_n_12(%t: i32, %acc: i1, %a: memref<64x64xf16, #gpu.address_space<workgroup>>, %b: memref<12x64xf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected N (the rows of B) a multiple of 8 from 8 to 256 for M = 64, got 12}}
    uop.tcgen05_mma %t, %a, %b, %acc : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<12x64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @n_24(%t: i32, %acc: i1, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<24x64xf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected N (the rows of B) a multiple of 16 from 16 to 256 for M = 128, got 24}}
    uop.tcgen05_mma %t, %a, %b, %acc : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<24x64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @n_512(%t: i32, %acc: i1, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<512x64xf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected N (the rows of B) a multiple of 16 from 16 to 256 for M = 128, got 512}}
    uop.tcgen05_mma %t, %a, %b, %acc : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @commit_index() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    // expected-error @+1 {{expected a barrier index in [0, 2), got 5}}
    uop.tcgen05_commit %bars[%c5] : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
    gpu.terminator
  }
  return
}

// -----

func.func @ld_width(%t: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected a power of two up to 128 columns (.x1 to .x128), got 48}}
    %v = uop.tcgen05_ld %t : vector<48xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @ld_too_wide(%t: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected a power of two up to 128 columns (.x1 to .x128), got 256}}
    %v = uop.tcgen05_ld %t : vector<256xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @ld_half_split_zero(%t: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a half_split column offset from 1 to 511 (the immediate of shape 16x32bx2), got 0}}
    %v = uop.tcgen05_ld %t half_split 0 : vector<16xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @ld_half_split_far(%t: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a half_split column offset from 1 to 511 (the immediate of shape 16x32bx2), got -4}}
    %v = uop.tcgen05_ld %t half_split -4 : vector<16xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @ld_f16(%t: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{result #0 must be vector of 32-bit float values of ranks 1}}
    %v = uop.tcgen05_ld %t : vector<32xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @wait_outside() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.tcgen05_wait_ld
  return
}

// -----

func.func @fence_outside() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.tcgen05_fence after
  return
}

// -----

func.func @proxy_fence_outside() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.fence_proxy_async
  return
}

// -----

func.func @n_major_96(%t: i32, %acc: i1, %a: memref<128x64xf16, #gpu.address_space<workgroup>>, %b: memref<96x64xf16, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected N a multiple of 64 with b_n_major (B's rows are blocks of K rows, each the 64 columns of one 128-byte swizzle row), got 96}}
    uop.tcgen05_mma %t, %a, %b, %acc b_n_major : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<96x64xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
