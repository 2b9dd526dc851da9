// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the tensor-core family.

func.func @ldmatrix_not_shared(%m: memref<16x16xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a source in #gpu.address_space<workgroup>, got 'memref<16x16xf16>'}}
    %a = uop.ldmatrix %m[%tx, %tx] {num = 4 : i32} : memref<16x16xf16> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @ldmatrix_f32() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected an f16 or bf16 source, got 'f32'}}
    %a = uop.ldmatrix %s[%tx, %tx] {num = 4 : i32} : memref<16x16xf32, #gpu.address_space<workgroup>> -> vector<4x2xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @ldmatrix_index_count() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected 2 indices into source, got 1}}
    %a = uop.ldmatrix %s[%tx] {num = 4 : i32} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @ldmatrix_strided_rows(%s: memref<16x16xf16, strided<[1, 16]>, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected source with a unit-stride innermost dimension, got 'memref<16x16xf16, strided<[1, 16]>, #gpu.address_space<workgroup>>'}}
    %a = uop.ldmatrix %s[%tx, %tx] {num = 4 : i32} : memref<16x16xf16, strided<[1, 16]>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @ldmatrix_num() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected num to be 1, 2 or 4, got 3}}
    %a = uop.ldmatrix %s[%tx, %tx] {num = 3 : i32} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<3x2xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @ldmatrix_result() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a result of type 'vector<2x2xf16>', got 'vector<4x2xf16>'}}
    %a = uop.ldmatrix %s[%tx, %tx] {num = 2 : i32} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @ldmatrix_host(%s: memref<16x16xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %a = uop.ldmatrix %s[%i, %i] {num = 4 : i32} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
  return
}

// -----

func.func @stmatrix_not_shared(%v: vector<4x2xf16>, %m: memref<16x16xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a dest in #gpu.address_space<workgroup>, got 'memref<16x16xf16>'}}
    uop.stmatrix %v, %m[%tx, %tx] {num = 4 : i32} : vector<4x2xf16>, memref<16x16xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @stmatrix_f32(%v: vector<4x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected an f16 or bf16 dest, got 'f32'}}
    uop.stmatrix %v, %s[%tx, %tx] {num = 4 : i32} : vector<4x2xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @stmatrix_indices(%v: vector<4x2xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected 2 indices into dest, got 1}}
    uop.stmatrix %v, %s[%tx] {num = 4 : i32} : vector<4x2xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @stmatrix_strided(%v: vector<4x2xf16>, %s: memref<16x16xf16, strided<[1, 16]>, #gpu.address_space<workgroup>>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected dest with a unit-stride innermost dimension, got 'memref<16x16xf16, strided<[1, 16]>, #gpu.address_space<workgroup>>'}}
    uop.stmatrix %v, %s[%tx, %tx] {num = 4 : i32} : vector<4x2xf16>, memref<16x16xf16, strided<[1, 16]>, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @stmatrix_num(%v: vector<3x2xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected num to be 1, 2 or 4, got 3}}
    uop.stmatrix %v, %s[%tx, %tx] {num = 3 : i32} : vector<3x2xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @stmatrix_value_type(%v: vector<4x2xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a value of type 'vector<2x2xf16>', got 'vector<4x2xf16>'}}
    uop.stmatrix %v, %s[%tx, %tx] {num = 2 : i32} : vector<4x2xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @stmatrix_host(%v: vector<4x2xf16>, %s: memref<16x16xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.stmatrix %v, %s[%i, %i] {num = 4 : i32} : vector<4x2xf16>, memref<16x16xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @mma_element(%a: vector<4x2xi8>, %b: vector<2x2xi8>, %c: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected f16, bf16 or f32 (tf32) operands, got 'i8'}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>} : (vector<4x2xi8>, vector<2x2xi8>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_shape(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected shape [16, 8, 16] for 'f16' operands, got [16, 8, 8]}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 8>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_tf32_shape(%a: vector<4x1xf32>, %b: vector<2x1xf32>, %c: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected shape [16, 8, 8] for 'f32' operands, got [16, 8, 16]}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_a_type(%a: vector<2x4xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a of type 'vector<4x2xf16>', got 'vector<2x4xf16>'}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>} : (vector<2x4xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_b_type(%a: vector<4x2xf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected b of type 'vector<2x2xf16>', got 'vector<2x2xbf16>'}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_c_type(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected c of type 'vector<2x2xf32>', got 'vector<2x2xf16>'}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_shape_count(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.mma_sync' op attribute 'shape' failed to satisfy constraint: i64 dense array attribute with exactly 3 elements}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_result(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.mma_sync' op failed to verify that all of {c, result} have same type}}
    %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<4x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_host(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %d = uop.mma_sync %a, %b, %c {shape = array<i64: 16, 8, 16>} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return
}
