// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the async-copy family.

func.func @dest_not_shared(%g: memref<64xf32>, %d: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a dest in #gpu.address_space<workgroup>, got 'memref<64xf32>'}}
    uop.cp_async %g[%tx], %d[%tx], 4 : memref<64xf32> to memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @source_shared() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    %d = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a source in global memory, got 'memref<64xf32, #gpu.address_space<workgroup>>'}}
    uop.cp_async %s[%tx], %d[%tx], 4 : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @element_mismatch(%g: memref<64xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected source and dest of one element type, got 'f16' and 'f32'}}
    uop.cp_async %g[%tx], %d[%tx], 4 : memref<64xf16> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @sub_byte(%g: memref<64xi4>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<64xi4, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected an integer or float element of whole bytes, got 'i4'}}
    uop.cp_async %g[%tx], %d[%tx], 8 : memref<64xi4> to memref<64xi4, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @bytes(%g: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a copy of 4, 8 or 16 bytes, got 3 x 'f32'}}
    uop.cp_async %g[%tx], %d[%tx], 3 : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @bypass_l1_small(%g: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a 16-byte copy with bypass_l1, got 8 bytes}}
    uop.cp_async %g[%tx], %d[%tx], 2 {bypass_l1} : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @source_indices(%g: memref<8x64xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected 2 indices into source, got 1}}
    uop.cp_async %g[%tx], %d[%tx], 4 : memref<8x64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @dest_indices(%g: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<8x64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected 2 indices into dest, got 1}}
    uop.cp_async %g[%tx], %d[%tx], 4 : memref<64xf32> to memref<8x64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @source_strided(%g: memref<64x64xf32, strided<[1, 64]>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<64xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected source with a unit-stride innermost dimension, got 'memref<64x64xf32, strided<[1, 64]>>'}}
    uop.cp_async %g[%tx, %tx], %d[%tx], 4 : memref<64x64xf32, strided<[1, 64]>> to memref<64xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @dest_short_row(%g: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared : memref<8x2xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the innermost dimension of dest to hold the 4 elements copied, got 2}}
    uop.cp_async %g[%tx], %d[%tx, %tx], 4 : memref<64xf32> to memref<8x2xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @cp_async_host(%g: memref<64xf32>, %d: memref<64xf32, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.cp_async %g[%i], %d[%i], 4 : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @commit_host() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.cp_async_commit
  return
}

// -----

func.func @wait_negative() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a non-negative pending group count, got -1}}
    uop.cp_async_wait {pending = -1 : i32}
    gpu.terminator
  }
  return
}

// -----

func.func @wait_host() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.cp_async_wait {pending = 0 : i32}
  return
}

// -----

func.func @wait_missing_pending() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.cp_async_wait' op requires attribute 'pending'}}
    uop.cp_async_wait
    gpu.terminator
  }
  return
}

// -----

func.func @tma_outside_kernel(%A: memref<512x512xf16>, %sA: memref<128x64xf16, #gpu.address_space<workgroup>>, %bars: !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.tma_load %A[%c0, %c0], %sA, %bars[%c0] : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tma_source_shared() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<128x64xf16, #gpu.address_space<workgroup>>
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a source in global memory, got 'memref<128x64xf16, #gpu.address_space<workgroup>>'}}
    uop.tma_load %s[%c0, %c0], %d, %bars[%c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_dest_global(%A: memref<512x512xf16>, %G: memref<128x64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a dest in #gpu.address_space<workgroup>, got 'memref<128x64xf16>'}}
    uop.tma_load %A[%c0, %c0], %G, %bars[%c0] : memref<512x512xf16>, memref<128x64xf16>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_elem_mismatch(%A: memref<512x512xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected source and dest of one element type, got 'f32' and 'f16'}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512x512xf32>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_elem_i8(%A: memref<512x512xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xi8, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected f16, bf16 or f32 elements, got 'i8'}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512x512xi8>, memref<128x64xi8, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_rank(%A: memref<512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a dest of rank 1 to 5 and a source of its rank or more, up to 5 (the box's outer sizes past the dest's are 1), got dest rank 2 and source rank 1}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_coords(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected 2 coordinates (one per dimension), got 1}}
    uop.tma_load %A[%c0], %d, %bars[%c0] : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_layout(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %big = uop.alloc_shared {alignment = 1024 : i64} : memref<128x128xf16, #gpu.address_space<workgroup>>
    %d = memref.subview %big[0, 0] [128, 64] [1, 1] : memref<128x128xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the dest to be a static tile stored contiguously, row after row (the box is its shape), got 'memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>'}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512x512xf16>, memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_box_dim(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<512x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected every box dimension in [1, 256], got 'memref<512x64xf16, #gpu.address_space<workgroup>>'}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512x512xf16>, memref<512x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_inner_bytes(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x4xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the innermost box dimension to be a multiple of 16 bytes, got 8 bytes}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512x512xf16>, memref<128x4xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_source_inner_stride(%A: memref<512x512xf16, strided<[1, 512]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a source with a unit-stride innermost dimension, got 'memref<512x512xf16, strided<[1, 512]>>'}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512x512xf16, strided<[1, 512]>>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_source_outer_stride(%A: memref<512x500xf16, strided<[500, 1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the source's outer strides to be multiples of 16 bytes, got 'memref<512x500xf16, strided<[500, 1]>>'}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] : memref<512x500xf16, strided<[500, 1]>>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_swizzle_value(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a swizzle of 0, 32, 64 or 128 bytes, got 48}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] swizzle 48 : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_swizzle_width(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the innermost box dimension to be the 64 bytes of the swizzle, got 128 bytes}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] swizzle 64 : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_barrier_index(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a barrier index in [0, 1), got 3}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c3] : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_outside_kernel(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.tma_store %sC, %C[%c0, %c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16>
  return
}

// -----

func.func @tma_store_dest_shared(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %g = uop.alloc_shared : memref<512x512xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a dest in global memory, got 'memref<512x512xf16, #gpu.address_space<workgroup>>'}}
    uop.tma_store %sC, %g[%c0, %c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_source_global(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a source in #gpu.address_space<workgroup>, got 'memref<128x64xf16>'}}
    uop.tma_store %G, %C[%c0, %c0] : memref<128x64xf16>, memref<512x512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_element_types(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected dest and source of one element type, got 'f32' and 'f16'}}
    uop.tma_store %sC, %F[%c0, %c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_rank(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a source of rank 1 to 5 and a dest of its rank or more, up to 5 (the box's outer sizes past the source's are 1), got source rank 2 and dest rank 1}}
    uop.tma_store %sC, %V[%c0, %c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_coordinates(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected 2 coordinates (one per dimension), got 1}}
    uop.tma_store %sC, %C[%c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_strided_tile(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %w = uop.alloc_shared : memref<128x128xf16, #gpu.address_space<workgroup>>
    %t = memref.subview %w[0, 0] [128, 64] [1, 1] : memref<128x128xf16, #gpu.address_space<workgroup>> to memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the source to be a static tile stored contiguously, row after row (the box is its shape), got 'memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>'}}
    uop.tma_store %t, %C[%c0, %c0] : memref<128x64xf16, strided<[128, 1]>, #gpu.address_space<workgroup>>, memref<512x512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_box_too_tall(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %t = uop.alloc_shared : memref<512x64xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected every box dimension in [1, 256], got 'memref<512x64xf16, #gpu.address_space<workgroup>>'}}
    uop.tma_store %t, %C[%c0, %c0] : memref<512x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_inner_bytes(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %t = uop.alloc_shared : memref<128x4xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the innermost box dimension to be a multiple of 16 bytes, got 8 bytes}}
    uop.tma_store %t, %C[%c0, %c0] : memref<128x4xf16, #gpu.address_space<workgroup>>, memref<512x512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_dest_column_major(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a dest with a unit-stride innermost dimension, got 'memref<512x512xf16, strided<[1, 512]>>'}}
    uop.tma_store %sC, %T[%c0, %c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16, strided<[1, 512]>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_dest_row_stride(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected the dest's outer strides to be multiples of 16 bytes, got 'memref<512x500xf16, strided<[500, 1]>>'}}
    uop.tma_store %sC, %U[%c0, %c0] : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x500xf16, strided<[500, 1]>>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_swizzle_value(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a swizzle of 0, 32, 64 or 128 bytes, got 48}}
    uop.tma_store %sC, %C[%c0, %c0] swizzle 48 : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_swizzle_span(%C: memref<512x512xf16>, %G: memref<128x64xf16>, %F: memref<512x512xf32>, %V: memref<512xf16>, %T: memref<512x512xf16, strided<[1, 512]>>, %U: memref<512x500xf16, strided<[500, 1]>>, %sC: memref<128x64xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected the innermost box dimension to be the 64 bytes of the swizzle, got 128 bytes}}
    uop.tma_store %sC, %C[%c0, %c0] swizzle 64 : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<512x512xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_wait_negative() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a non-negative pending group count, got -1}}
    uop.tma_store_wait {pending = -1 : i32}
    gpu.terminator
  }
  return
}

// -----

func.func @tma_store_wait_outside_kernel() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.tma_store_wait {pending = 0 : i32}
  return
}

// -----

func.func @tma_multicast_to_no_block(%A: memref<512x512xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = arith.constant 0 : i16
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d = uop.alloc_shared {alignment = 1024 : i64} : memref<128x64xf16, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a multicast mask naming at least one block of the cluster, got 0}}
    uop.tma_load %A[%c0, %c0], %d, %bars[%c0] swizzle 128 multicast %none : memref<512x512xf16>, memref<128x64xf16, #gpu.address_space<workgroup>>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
