// f16 and bf16 arithmetic rounds after every operation to the nearest value
// of the type, ties to even, overflowing to infinity: what the hardware's
// add.rn.f16 / mul.rn.bf16 / cvt.rn.f16.f32 do. Expected values agree with
// numpy's float16 and with round-to-nearest-even bf16.

// RUN: uop-sim %s --print-outputs | FileCheck %s
// 1 + 2^-11 is a tie between 1 and 1 + 2^-10: even wins, 1.
// 1 + 3 * 2^-11 is a tie between 1 + 2^-10 and 1 + 2^-9: even wins, 1 + 2^-9.
// 65504 + 16 is a tie between 65504 and 65536, which overflows: inf.
// truncf(1/3), truncf(1e-8) (underflows to 0), and (1/3)^2 in f16.
// The last two elements of %h are the seeded inputs, left as they were.
// CHECK:      %h: memref<8xf16> =
// CHECK-NEXT:   1 1.00195312 inf 0.333251953 0 0.111083984 0.556640625 -0.470703125
// bf16: 1 + 2^-8 ties to 1; 1 + 3 * 2^-8 to 1 + 2^-6; 1/3; (1/3)^2.
// CHECK:      %b: memref<8xbf16> =
// CHECK-NEXT:   1 1.015625 0.333984375 0.111328125 0.5703125 -0.7109375 0.5234375 0.2265625
// CHECK:      %t: memref<2xf16> =
// CHECK-NEXT:   -0.826171875 0.98828125

func.func @main(%h: memref<8xf16>, %b: memref<8xbf16>, %t: memref<2xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f16
  %tie = arith.constant 4.8828125e-04 : f16
  %above = arith.constant 1.46484375e-03 : f16
  %max = arith.constant 65504.0 : f16
  %sixteen = arith.constant 16.0 : f16
  %s1 = arith.addf %one, %tie : f16
  memref.store %s1, %h[%c0] : memref<8xf16>
  %s2 = arith.addf %one, %above : f16
  memref.store %s2, %h[%c1] : memref<8xf16>
  %s3 = arith.addf %max, %sixteen : f16
  memref.store %s3, %h[%c2] : memref<8xf16>
  %third = arith.constant 0.333333333 : f32
  %t3 = arith.truncf %third : f32 to f16
  memref.store %t3, %h[%c3] : memref<8xf16>
  %tiny = arith.constant 1.0e-8 : f32
  %t4 = arith.truncf %tiny : f32 to f16
  memref.store %t4, %h[%c4] : memref<8xf16>
  %p = arith.mulf %t3, %t3 : f16
  memref.store %p, %h[%c5] : memref<8xf16>

  %bone = arith.constant 1.0 : bf16
  %btie = arith.constant 3.90625e-03 : bf16
  %babove = arith.constant 1.171875e-02 : bf16
  %b1 = arith.addf %bone, %btie : bf16
  memref.store %b1, %b[%c0] : memref<8xbf16>
  %b2 = arith.addf %bone, %babove : bf16
  memref.store %b2, %b[%c1] : memref<8xbf16>
  %bt = arith.truncf %third : f32 to bf16
  memref.store %bt, %b[%c2] : memref<8xbf16>
  %bp = arith.mulf %bt, %bt : bf16
  memref.store %bp, %b[%c3] : memref<8xbf16>
  return
}
