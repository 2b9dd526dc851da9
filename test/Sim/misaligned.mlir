// A vector access that claims an alignment it does not have is a fault (the
// hardware traps on it), reported with the byte offset; a true claim is not.
// RUN: not uop-sim %s 2>&1 | FileCheck %s
// RUN: uop-sim %s --entry aligned
// CHECK: uop-sim: fault: misaligned access: vector.load of {{.*}} at byte 24, which is not a multiple of its alignment 16

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
