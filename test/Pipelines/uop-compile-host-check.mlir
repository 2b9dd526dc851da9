// At emit=llvm the host function holds only allocations, launches and
// calls: an elementwise consumer of a GEMM that uop-tile could not fuse
// (its temporary is read again) is named by uop-check-host instead of
// being left to run on the CPU over device memory. At emit=kernel the same
// module compiles (the stages before llvm keep what they do not compile).
// RUN: uop-opt %s --uop-compile="target=sm_80" --verify-diagnostics -o /dev/null
// RUN: uop-opt %s --uop-compile="target=sm_80 emit=kernel" -o %t.kernel.mlir 2>/dev/null
// RUN: FileCheck %s < %t.kernel.mlir
// CHECK: gpu.launch
// CHECK: linalg.generic
func.func @main(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf16>, %D: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  // expected-remark @+2 {{uop-tile: not fused into the GEMM's writeback: the GEMM's result is not a temporary used by nothing else}}
  // expected-error @+1 {{expected the host function @main to hold only allocations, launches and calls, got 'linalg.generic', which is neither fused into a kernel nor compiled into one}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%C : memref<32x32xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.copy %t, %D : memref<32x32xf32> to memref<32x32xf32>
  memref.dealloc %t : memref<32x32xf32>
  return
}
