// Tensor-core and cp.async programs that verify but that the simulator
// cannot run are bad input (exit 3), named at the operation: each entry
// below hits one.

// RUN: sh -c 'uop-sim %s --entry warp16 --warp-size 16 2>&1; echo exit=$?' | FileCheck %s --check-prefix=WARP16
// WARP16: tensorcore-errors.mlir:[[@LINE+9]]:10: error: expected a warp size of 32 for a warp-collective operation, got 16
// WARP16: exit=3
func.func @warp16(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    %a = nvgpu.ldmatrix %s[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry k8_f16 2>&1; echo exit=$?' | FileCheck %s --check-prefix=K8F16
// K8F16: tensorcore-errors.mlir:[[@LINE+11]]:10: error: expected mma.sync m16n8k16 with f16 or bf16 inputs or m16n8k8 with tf32 inputs
// K8F16: exit=3
func.func @k8_f16(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %a = arith.constant dense<0.0> : vector<2x2xf16>
    %b = arith.constant dense<0.0> : vector<1x2xf16>
    %c = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8]} : (vector<2x2xf16>, vector<1x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry host_ldmatrix 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HOSTLDMATRIX
// HOSTLDMATRIX: tensorcore-errors.mlir:[[@LINE+5]]:8: error: expected a warp-collective operation inside a kernel, got one on the host
// HOSTLDMATRIX: exit=3
func.func @host_ldmatrix(%s: memref<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %sh = memref.memory_space_cast %s : memref<16x16xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
  %a = nvgpu.ldmatrix %sh[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
  return
}

// RUN: sh -c 'uop-sim %s --entry strided_rows 2>&1; echo exit=$?' | FileCheck %s --check-prefix=STRIDEDROWS
// STRIDEDROWS: tensorcore-errors.mlir:[[@LINE+10]]:10: error: expected a memref whose rows are contiguous
// STRIDEDROWS: exit=3
func.func @strided_rows(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<16x32xf16, #gpu.address_space<workgroup>>
    %v = memref.subview %s[0, 0] [16, 16] [1, 2] : memref<16x32xf16, #gpu.address_space<workgroup>> to memref<16x16xf16, strided<[32, 2]>, #gpu.address_space<workgroup>>
    %a = nvgpu.ldmatrix %v[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, strided<[32, 2]>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry host_copy 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HOSTCOPY
// HOSTCOPY: tensorcore-errors.mlir:[[@LINE+5]]:8: error: expected an asynchronous copy operation inside a kernel, got one on the host
// HOSTCOPY: exit=3
func.func @host_copy(%g: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %sh = memref.memory_space_cast %g : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
  %t = nvgpu.device_async_copy %g[%c0], %sh[%c0], 4 : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
  return
}

// RUN: sh -c 'uop-sim %s --entry global_dest 2>&1; echo exit=$?' | FileCheck %s --check-prefix=GLOBALDEST
// GLOBALDEST: tensorcore-errors.mlir:[[@LINE+9]]:10: error: expected a destination in shared memory, got %g
// GLOBALDEST: exit=3
func.func @global_dest(%g: memref<16xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %sh = memref.memory_space_cast %g : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
    %t = nvgpu.device_async_copy %g[%c0], %sh[%c0], 4 : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry host_group 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HOSTGROUP
// HOSTGROUP: tensorcore-errors.mlir:[[@LINE+3]]:8: error: expected an asynchronous copy operation inside a kernel, got one on the host
// HOSTGROUP: exit=3
func.func @host_group(%g: memref<16xf32>) {
  %t = nvgpu.device_async_create_group
  return
}

// RUN: sh -c 'uop-sim %s --entry slot8 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SLOT8
// SLOT8: tensorcore-errors.mlir:[[@LINE+11]]:10: error: expected an index below 8, got 8
// SLOT8: exit=3
func.func @slot8(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %c8 = arith.constant 8 : index
    %m = gpu.subgroup_mma_constant_matrix %z : !gpu.mma_matrix<16x16xf32, "COp">
    %v = gpu.subgroup_mma_extract_thread_local %m[%c8] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry shape 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SHAPE
// SHAPE: tensorcore-errors.mlir:[[@LINE+9]]:10: error: expected a 16x16 WMMA fragment
// SHAPE: exit=3
func.func @shape(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %m = gpu.subgroup_mma_constant_matrix %z : !gpu.mma_matrix<32x8xf32, "COp">
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry int_elementwise 2>&1; echo exit=$?' | FileCheck %s --check-prefix=INTELEMENTWISE
// INTELEMENTWISE: tensorcore-errors.mlir:[[@LINE+10]]:10: error: expected a floating-point fragment
// INTELEMENTWISE: exit=3
func.func @int_elementwise(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %m = gpu.subgroup_mma_constant_matrix %z : !gpu.mma_matrix<16x16xi32, "COp">
    %e = gpu.subgroup_mma_elementwise addi %m, %m : (!gpu.mma_matrix<16x16xi32, "COp">, !gpu.mma_matrix<16x16xi32, "COp">) -> !gpu.mma_matrix<16x16xi32, "COp">
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry three_tiles 2>&1; echo exit=$?' | FileCheck %s --check-prefix=THREETILES
// THREETILES: tensorcore-errors.mlir:[[@LINE+9]]:10: error: expected 1, 2 or 4 matrices, got 3
// THREETILES: exit=3
func.func @three_tiles(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<16x16xf16, #gpu.address_space<workgroup>>
    %a = nvgpu.ldmatrix %s[%c0, %c0] {numTiles = 3 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<3x2xf16>
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry b8_ldmatrix 2>&1; echo exit=$?' | FileCheck %s --check-prefix=B8LDMATRIX
// B8LDMATRIX: tensorcore-errors.mlir:[[@LINE+9]]:10: error: expected a result of num x 2 16-bit elements (ldmatrix .b16)
// B8LDMATRIX: exit=3
func.func @b8_ldmatrix(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %s = uop.alloc_shared : memref<16x16xi8, #gpu.address_space<workgroup>>
    %a = nvgpu.ldmatrix %s[%c0, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xi8, #gpu.address_space<workgroup>> -> vector<4x4xi8>
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry f16_accumulator 2>&1; echo exit=$?' | FileCheck %s --check-prefix=F16ACCUMULATOR
// F16ACCUMULATOR: tensorcore-errors.mlir:[[@LINE+11]]:10: error: expected an f32 accumulator
// F16ACCUMULATOR: exit=3
func.func @f16_accumulator(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %a = arith.constant dense<0.0> : vector<4x2xf16>
    %b = arith.constant dense<0.0> : vector<2x2xf16>
    %c = arith.constant dense<0.0> : vector<2x2xf16>
    %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry int_wmma 2>&1; echo exit=$?' | FileCheck %s --check-prefix=INTWMMA
// INTWMMA: tensorcore-errors.mlir:[[@LINE+12]]:10: error: expected a floating-point accumulator
// INTWMMA: exit=3
func.func @int_wmma(%A: memref<16x16xi8>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %a = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi8> -> !gpu.mma_matrix<16x16xsi8, "AOp">
    %b = gpu.subgroup_mma_load_matrix %A[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi8> -> !gpu.mma_matrix<16x16xsi8, "BOp">
    %c = gpu.subgroup_mma_constant_matrix %z : !gpu.mma_matrix<16x16xi32, "COp">
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
    gpu.terminator
  }
  return
}

// RUN: sh -c 'uop-sim %s --entry int_op_on_floats 2>&1; echo exit=$?' | FileCheck %s --check-prefix=INTOPONFLOATS
// INTOPONFLOATS: tensorcore-errors.mlir:[[@LINE+10]]:10: error: expected a floating-point element-wise operation
// INTOPONFLOATS: exit=3
func.func @int_op_on_floats(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %nt = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %nt, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %m = gpu.subgroup_mma_constant_matrix %z : !gpu.mma_matrix<16x16xf32, "COp">
    %e = gpu.subgroup_mma_elementwise divs %m, %m : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.terminator
  }
  return
}
