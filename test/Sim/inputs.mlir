// Seeded inputs are part of the contract: argument i is filled from
// splitmix64 seeded with (--seed, i), floats on a grid of the type's
// precision in [-1, 1), integers in [-8, 8]. These golden values must be the
// same on every machine; two entries with the same signature get the same
// inputs, and another seed gives other ones.

// RUN: uop-sim %s --print-outputs | FileCheck %s --check-prefixes=CHECK,SEED0
// RUN: uop-sim %s --entry same --print-outputs | FileCheck %s --check-prefix=SEED0
// RUN: uop-sim %s --print-outputs --seed 1 | FileCheck %s --check-prefix=SEED1
// CHECK:      %a: memref<2x3xf32> =
// SEED0:        0.304896951 0.402424216 -0.225751758
// SEED0-NEXT:   0.312827349 0.575856924 -0.707530737
// CHECK:      %i: memref<6xi32> =
// SEED0:        4 -8 -4 -7 -3 -7
// CHECK:      %d: memref<2xf64> =
// SEED0:        -0.82558407442393844 0.98898069464065363
// SEED1:        -0.263620973 0.887128353 -0.909486055
// SEED1-NEXT:   0.554873824 -0.561769843 0.548798323
// SEED1:        -8 5 7 -1 0 -2
// SEED1:        -0.64445817380109172 -0.74480978470320869

func.func @main(%a: memref<2x3xf32>, %i: memref<6xi32>, %d: memref<2xf64>) {
  return
}

func.func @same(%x: memref<2x3xf32>, %y: memref<6xi32>, %z: memref<2xf64>) {
  return
}
