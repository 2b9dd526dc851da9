// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the WMMA fragment type and its ops.

// expected-error @+1 {{expected a 16x16 fragment, got 16x8}}
func.func private @fragment_shape(!uop.fragment<matrix_a, 16x8xf16, row>)

// -----

// expected-error @+1 {{expected an f32 or f16 accumulator, got 'bf16'}}
func.func private @fragment_acc_type(!uop.fragment<accumulator, 16x16xbf16, row>)

// -----

// expected-error @+1 {{expected f16 or bf16 elements for matrix_b, got 'f32'}}
func.func private @fragment_input_type(!uop.fragment<matrix_b, 16x16xf32, row>)

// -----

// expected-error @+1 {{expected matrix_a, matrix_b or accumulator, got 'matrix_c'}}
func.func private @fragment_kind(!uop.fragment<matrix_c, 16x16xf16, row>)

// -----

// expected-error @+1 {{expected row or col, got 'diagonal'}}
func.func private @fragment_layout(!uop.fragment<matrix_a, 16x16xf16, diagonal>)

// -----

func.func @load_private(%m: memref<16x16xf16, #gpu.address_space<private>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected source in global or workgroup memory, got 'memref<16x16xf16, #gpu.address_space<private>>'}}
    %a = uop.wmma_load %m[%tx, %tx] : memref<16x16xf16, #gpu.address_space<private>> -> !uop.fragment<matrix_a, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @load_element(%m: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected source of the fragment's element type 'f16', got 'f32'}}
    %a = uop.wmma_load %m[%tx, %tx] : memref<16x16xf32> -> !uop.fragment<matrix_a, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @load_indices(%m: memref<16x16xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected 2 indices into source, got 1}}
    %a = uop.wmma_load %m[%tx] : memref<16x16xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @load_rank(%m: memref<256xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.wmma_load' op operand #0 must be 2D memref of any type values, but got 'memref<256xf16>'}}
    %a = uop.wmma_load %m[%tx] : memref<256xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @load_strided(%m: memref<16x16xf16, strided<[1, 16]>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected source with a unit-stride innermost dimension, got 'memref<16x16xf16, strided<[1, 16]>>'}}
    %a = uop.wmma_load %m[%tx, %tx] : memref<16x16xf16, strided<[1, 16]>> -> !uop.fragment<matrix_a, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @load_dynamic_stride(%m: memref<?x?xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected source with a static row stride, got 'memref<?x?xf16>'}}
    %a = uop.wmma_load %m[%tx, %tx] : memref<?x?xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @load_host(%m: memref<16x16xf16>, %i: index) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %a = uop.wmma_load %m[%i, %i] : memref<16x16xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
  return
}

// -----

func.func @mma_a_kind(%a: !uop.fragment<matrix_b, 16x16xf16, row>, %b: !uop.fragment<matrix_b, 16x16xf16, row>, %c: !uop.fragment<accumulator, 16x16xf32, row>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a to be a matrix_a fragment, got '!uop.fragment<matrix_b, 16x16xf16, row>'}}
    %d = uop.wmma_mma %a, %b, %c : !uop.fragment<matrix_b, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, row> -> !uop.fragment<accumulator, 16x16xf32, row>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_b_kind(%a: !uop.fragment<matrix_a, 16x16xf16, row>, %c: !uop.fragment<accumulator, 16x16xf32, row>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected b to be a matrix_b fragment, got '!uop.fragment<matrix_a, 16x16xf16, row>'}}
    %d = uop.wmma_mma %a, %a, %c : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_a, 16x16xf16, row> -> !uop.fragment<accumulator, 16x16xf32, row>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_c_kind(%a: !uop.fragment<matrix_a, 16x16xf16, row>, %b: !uop.fragment<matrix_b, 16x16xf16, row>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected c to be a accumulator fragment, got '!uop.fragment<matrix_a, 16x16xf16, row>'}}
    %d = uop.wmma_mma %a, %b, %a : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, row> -> !uop.fragment<matrix_a, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_mixed(%a: !uop.fragment<matrix_a, 16x16xf16, row>, %b: !uop.fragment<matrix_b, 16x16xbf16, row>, %c: !uop.fragment<accumulator, 16x16xf32, row>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a and b of one element type, got 'f16' and 'bf16'}}
    %d = uop.wmma_mma %a, %b, %c : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xbf16, row> -> !uop.fragment<accumulator, 16x16xf32, row>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_bf16_f16_acc(%a: !uop.fragment<matrix_a, 16x16xbf16, row>, %b: !uop.fragment<matrix_b, 16x16xbf16, row>, %c: !uop.fragment<accumulator, 16x16xf16, row>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected an f32 accumulator for 'bf16' inputs, got 'f16'}}
    %d = uop.wmma_mma %a, %b, %c : !uop.fragment<matrix_a, 16x16xbf16, row>, !uop.fragment<matrix_b, 16x16xbf16, row> -> !uop.fragment<accumulator, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_result(%a: !uop.fragment<matrix_a, 16x16xf16, row>, %b: !uop.fragment<matrix_b, 16x16xf16, row>, %c: !uop.fragment<accumulator, 16x16xf32, row>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.wmma_mma' op failed to verify that all of {c, result} have same type}}
    %d = "uop.wmma_mma"(%a, %b, %c) : (!uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, row>, !uop.fragment<accumulator, 16x16xf32, row>) -> !uop.fragment<accumulator, 16x16xf16, row>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_host(%a: !uop.fragment<matrix_a, 16x16xf16, row>, %b: !uop.fragment<matrix_b, 16x16xf16, row>, %c: !uop.fragment<accumulator, 16x16xf32, row>) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %d = uop.wmma_mma %a, %b, %c : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, row> -> !uop.fragment<accumulator, 16x16xf32, row>
  return
}

// -----

func.func @store_kind(%a: !uop.fragment<matrix_a, 16x16xf16, row>, %m: memref<16x16xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected value to be a accumulator fragment, got '!uop.fragment<matrix_a, 16x16xf16, row>'}}
    uop.wmma_store %a, %m[%tx, %tx] : !uop.fragment<matrix_a, 16x16xf16, row>, memref<16x16xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @store_element(%c: !uop.fragment<accumulator, 16x16xf32, row>, %m: memref<16x16xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected dest of the fragment's element type 'f32', got 'f16'}}
    uop.wmma_store %c, %m[%tx, %tx] : !uop.fragment<accumulator, 16x16xf32, row>, memref<16x16xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @store_host(%c: !uop.fragment<accumulator, 16x16xf32, row>, %m: memref<16x16xf32>, %i: index) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.wmma_store %c, %m[%i, %i] : !uop.fragment<accumulator, 16x16xf32, row>, memref<16x16xf32>
  return
}

// -----

func.func @fill_type(%v: f16) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.wmma_fill' op failed to verify that value has the fragment's element type}}
    %c = "uop.wmma_fill"(%v) : (f16) -> !uop.fragment<accumulator, 16x16xf32, row>
    gpu.terminator
  }
  return
}

// -----

func.func @fill_host(%v: f32) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %c = uop.wmma_fill %v : !uop.fragment<accumulator, 16x16xf32, row>
  return
}
