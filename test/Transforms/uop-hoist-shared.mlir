// RUN: uop-opt %s --uop-hoist-shared --split-input-file | FileCheck %s

// A buffer written inside the K loop is still one buffer per block: it moves
// to the top of the kernel body, buffers keep their program order.
// CHECK-LABEL: func.func @in_loop
// CHECK: gpu.launch
// CHECK-NEXT: %[[A:.*]] = uop.alloc_shared : memref<16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[B:.*]] = uop.alloc_shared : memref<32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: scf.for
// CHECK-NOT: uop.alloc_shared
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
func.func @in_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 1.0 : f32
  %h = arith.constant 1.0 : f16
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    scf.for %i = %c0 to %c4 step %c1 {
      %a = uop.alloc_shared : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %f, %a[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
      %b = uop.alloc_shared : memref<32xf16, #gpu.address_space<workgroup>>
      memref.store %h, %b[%tx] : memref<32xf16, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// Kernel gpu.funcs too; a buffer already at the top stays there.
// CHECK-LABEL: gpu.func @kernel
// CHECK-NEXT: uop.alloc_shared : memref<8xi32
// CHECK-NEXT: uop.alloc_shared : memref<4xf32
// CHECK-NEXT: arith.constant
gpu.module @m {
  gpu.func @kernel(%c: i1) kernel {
    %s = uop.alloc_shared : memref<8xi32, #gpu.address_space<workgroup>>
    %z = arith.constant 0 : index
    scf.if %c {
      %t = uop.alloc_shared : memref<4xf32, #gpu.address_space<workgroup>>
      %v = memref.load %t[%z] : memref<4xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
