// --write-outputs DIR writes each memref argument after the run to
// DIR/argN.bin: its elements, row-major, in their storage format (f32 as
// IEEE single bits, f16 as half bits), byte for byte what a GPU run of the
// same program leaves in that buffer.
// RUN: rm -rf %t.dir
// RUN: uop-sim %s --write-outputs=%t.dir/out | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}
// RUN: wc -c < %t.dir/out/arg0.bin | FileCheck %s --check-prefix=SIZE0
// SIZE0: 16
// RUN: od -An -tf4 %t.dir/out/arg0.bin | FileCheck %s --check-prefix=F32
// F32: 1.5 {{.*}} -2
// RUN: od -An -tx2 %t.dir/out/arg1.bin | FileCheck %s --check-prefix=F16
// F16: {{^ *[0-9a-f]{4} }}3554 {{[0-9a-f]{4}$}}
// RUN: not uop-sim %s --write-outputs=%t.dir/out/arg0.bin/x 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: uop-sim: error: --write-outputs: cannot make the directory '{{.*}}arg0.bin/x': Not a directory

func.func @main(%A: memref<2x2xf32>, %H: memref<3xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 1.5 : f32
  %y = arith.constant -2.0 : f32
  %h = arith.constant 0.333 : f16
  memref.store %x, %A[%c0, %c0] : memref<2x2xf32>
  memref.store %y, %A[%c1, %c1] : memref<2x2xf32>
  memref.store %h, %H[%c1] : memref<3xf16>
  return
}
