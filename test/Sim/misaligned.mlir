// A vector access that claims an alignment it does not have is a fault (the
// hardware traps on it), reported with the byte offset; a true claim is not.
// RUN: not uop-sim %s 2>&1 | FileCheck %s
// RUN: uop-sim %s --entry aligned
// CHECK: uop-sim: fault: misaligned access: vector.load of {{.*}} at byte 24, which is not a multiple of its alignment 16

// cp.async's source and destination addresses must be multiples of its
// size (PTX): 16 bytes from global byte 24, into shared byte 24 (the tile
// starts at shared address 16, aligned as it asks and no more).
// RUN: not uop-sim %s --entry cp_async_source 2>&1 | FileCheck %s --check-prefix=CPSRC
// CPSRC: uop-sim: fault: misaligned access: uop.cp_async of 16 bytes from %X at byte 24, which is not a multiple of 16, by thread (0, 0, 0)
// RUN: not uop-sim %s --entry cp_async_dest 2>&1 | FileCheck %s --check-prefix=CPDST
// CPDST: uop-sim: fault: misaligned access: uop.cp_async of 16 bytes into shared %tile at byte 24, which is not a multiple of 16, by thread (0, 0, 0)
// RUN: uop-sim %s --entry cp_async_aligned
// A destination at a multiple of 16 in a buffer that asks for only 4-byte
// alignment (an f32's) is misaligned wherever else the buffer may be
// placed: it is reported too, though this placement (shared byte 4, the
// element 3) makes the address 16.
// RUN: not uop-sim %s --entry cp_async_underaligned 2>&1 | FileCheck %s --check-prefix=CPUNDER
// CPUNDER: uop-sim: fault: misaligned access: uop.cp_async of 16 bytes into shared %tile at byte 16, in a buffer aligned to only 4 bytes, by thread (0, 0, 0)

func.func @main(%X: memref<32x6xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = vector.load %X[%c1, %c0] {alignment = 16 : i64} : memref<32x6xf32>, vector<4xf32>
    vector.store %v, %out[%c0] : memref<4xf32>, vector<4xf32>
    gpu.terminator
  }
  return
}

func.func @aligned(%X: memref<32x6xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = vector.load %X[%c2, %c0] {alignment = 16 : i64} : memref<32x6xf32>, vector<4xf32>
    vector.store %v, %out[%c0] {alignment = 16 : i64} : memref<4xf32>, vector<4xf32>
    gpu.terminator
  }
  return
}

func.func @cp_async_source(%X: memref<32x6xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %tile = uop.alloc_shared {alignment = 16 : i64} : memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async %X[%c1, %c0], %tile[%c0], 4 : memref<32x6xf32> to memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    gpu.terminator
  }
  return
}

func.func @cp_async_dest(%X: memref<32x6xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %tile = uop.alloc_shared {alignment = 16 : i64} : memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async %X[%c2, %c0], %tile[%c2], 4 : memref<32x6xf32> to memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    gpu.terminator
  }
  return
}

func.func @cp_async_aligned(%X: memref<32x6xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %tile = uop.alloc_shared {alignment = 16 : i64} : memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async %X[%c2, %c0], %tile[%c4], 4 : memref<32x6xf32> to memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    gpu.terminator
  }
  return
}

func.func @cp_async_underaligned(%X: memref<32x6xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %tile = uop.alloc_shared : memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async %X[%c2, %c0], %tile[%c3], 4 : memref<32x6xf32> to memref<8xf32, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    gpu.terminator
  }
  return
}
