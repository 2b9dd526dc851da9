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
