// Epilogue fusion in uop-tile: elementwise linalg.generic consumers of a
// GEMM's f32 temporary are computed by the kernel's writeback, and the
// temporary goes away; consumers it cannot soundly fuse stay, with a
// remark saying why (an all-parallel generic) or silently (anything else).
// RUN: uop-opt %s --split-input-file --verify-diagnostics \
// RUN:   --uop-tile="tile=32,32,8 thread-tile=4,4" | FileCheck %s

// The f16 output written as an f32 GEMM and a truncf: one kernel, no
// temporary, each element rounded when it is stored, 4 consecutive columns
// of a register tile in one 8-byte store.
// CHECK-LABEL: func.func @truncf
// CHECK-SAME: %[[C:[^:]*]]: memref<64x64xf16>
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch
// CHECK: %[[V:.*]] = vector.extract %{{.*}}[0, 0] : f32 from vector<4x4xf32>
// CHECK: %[[H:.*]] = arith.truncf %[[V]] : f32 to f16
// CHECK: %[[W:.*]] = vector.from_elements %[[H]], %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK-NEXT: vector.store %[[W]], %[[C]][%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<64x64xf16>, vector<4xf16>
// CHECK-NOT: linalg.
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @truncf(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<64x64xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<64x64xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>) outs(%t : memref<64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<64x64xf32>) outs(%C : memref<64x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %t : memref<64x64xf32>
  return
}

// -----

// A chain: scale by a scalar operand and by a constant, add a bias along
// the columns and one along the rows, ReLU in place, round to f16; the
// temporaries between the generics are allocated after the GEMM (their
// allocations move before the kernel and then go away). Loads of the
// operands sit inside the bounds guard (N = 60 ends inside a tile).
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:.*]]: memref<96x40xf32>, %[[B:.*]]: memref<40x60xf32>, %[[S:.*]]: memref<f32>, %[[BN:.*]]: memref<60xf32>, %[[BM:.*]]: memref<96x1xf32>, %[[OUT:.*]]: memref<96x60xf16>)
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: uop.matmul
// CHECK: %[[V:.*]] = vector.extract %{{.*}}[0, 0]
// CHECK: scf.if
// CHECK-NEXT: %[[SC:.*]] = memref.load %[[S]][] : memref<f32>
// CHECK-NEXT: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[X1:.*]] = arith.mulf %[[V]], %[[SC]] : f32
// CHECK-NEXT: %[[X2:.*]] = arith.mulf %[[X1]], %[[HALF]] : f32
// CHECK-NEXT: %[[BIASN:.*]] = memref.load %[[BN]][%{{.*}}] : memref<60xf32>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[BIASM:.*]] = memref.load %[[BM]][%{{.*}}, %[[C0]]] : memref<96x1xf32>
// CHECK-NEXT: %[[X3:.*]] = arith.addf %[[X2]], %[[BIASN]] : f32
// CHECK-NEXT: %[[X4:.*]] = arith.addf %[[X3]], %[[BIASM]] : f32
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[X5:.*]] = arith.maximumf %[[X4]], %[[ZERO]] : f32
// CHECK-NEXT: %[[X6:.*]] = arith.truncf %[[X5]] : f32 to f16
// CHECK-NEXT: memref.store %[[X6]], %[[OUT]]
// CHECK-NOT: linalg.
// CHECK-NOT: memref.dealloc
// CHECK: return
#id = affine_map<(m, n) -> (m, n)>
func.func @chain(%A: memref<96x40xf32>, %B: memref<40x60xf32>, %s: memref<f32>,
                 %biasN: memref<60xf32>, %biasM: memref<96x1xf32>, %out: memref<96x60xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<96x60xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<96x60xf32>)
  linalg.matmul ins(%A, %B : memref<96x40xf32>, memref<40x60xf32>) outs(%t : memref<96x60xf32>)
  %half = arith.constant 0.5 : f32
  %u = memref.alloc() : memref<96x60xf32>
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> ()>, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %s : memref<96x60xf32>, memref<f32>) outs(%u : memref<96x60xf32>) {
  ^bb0(%x: f32, %sc: f32, %y: f32):
    %a = arith.mulf %x, %sc : f32
    %b = arith.mulf %a, %half : f32
    linalg.yield %b : f32
  }
  memref.dealloc %t : memref<96x60xf32>
  %v = memref.alloc() : memref<96x60xf32>
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, 0)>, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%u, %biasN, %biasM : memref<96x60xf32>, memref<60xf32>, memref<96x1xf32>) outs(%v : memref<96x60xf32>) {
  ^bb0(%x: f32, %bn: f32, %bm: f32, %y: f32):
    %a = arith.addf %x, %bn : f32
    %b = arith.addf %a, %bm : f32
    linalg.yield %b : f32
  }
  memref.dealloc %u : memref<96x60xf32>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%v : memref<96x60xf32>) {
  ^bb0(%x: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<96x60xf32>) outs(%out : memref<96x60xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %v : memref<96x60xf32>
  return
}

// -----

// A reduction of the temporary (a row sum) is no elementwise consumer: the
// GEMM is compiled, the reduction and the temporary stay.
// CHECK-LABEL: func.func @reduction_not_fused
// CHECK: %[[T:.*]] = memref.alloc() : memref<32x32xf32>
// CHECK: gpu.launch
// CHECK: vector.store %{{.*}}, %[[T]]
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[T]] : memref<32x32xf32>)
// CHECK: memref.dealloc %[[T]]
func.func @reduction_not_fused(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %R: memref<32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  // expected-remark @+1 {{uop-tile: not a GEMM uop can compile: expected two inputs and one output}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%t : memref<32x32xf32>) outs(%R : memref<32xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t : memref<32x32xf32>
  return
}

// -----

// The temporary is read again after the consumer (copied out): it is not a
// temporary the fusion can remove, so the consumer stays.
// CHECK-LABEL: func.func @temporary_read_elsewhere
// CHECK: %[[T:.*]] = memref.alloc() : memref<32x32xf32>
// CHECK: gpu.launch
// CHECK: vector.store %{{.*}}, %[[T]]
// CHECK: linalg.generic
// CHECK: memref.copy %[[T]]
func.func @temporary_read_elsewhere(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf16>, %D: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  // expected-remark @+1 {{uop-tile: not fused into the GEMM's writeback: the GEMM's result is not a temporary used by nothing else}}
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

// -----

// The GEMM's output is a function argument (the caller sees it): the
// consumer is not fused.
// CHECK-LABEL: func.func @output_is_an_argument
// CHECK: gpu.launch
// CHECK: linalg.generic
func.func @output_is_an_argument(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %T: memref<32x32xf32>, %C: memref<32x32xf16>) {
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%T : memref<32x32xf32>)
  // expected-remark @+1 {{the GEMM's result is not a temporary used by nothing else}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<32x32xf32>) outs(%C : memref<32x32xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  return
}

// -----

// The bias is written between the GEMM and its consumer: moving the read
// into the GEMM's kernel would read the old bias.
// CHECK-LABEL: func.func @intervening_writer
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<32xf32>
// CHECK: linalg.generic
func.func @intervening_writer(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %bias: memref<32xf32>, %C: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  memref.store %zero, %bias[%c0] : memref<32xf32>
  // expected-remark @+1 {{'memref.store' between the GEMM and it accesses its operands}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %bias : memref<32x32xf32>, memref<32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%x: f32, %b: f32, %y: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t : memref<32x32xf32>
  return
}

// -----

// A transposed read of the temporary is not elementwise at the element the
// writeback holds.
// CHECK-LABEL: func.func @transposed_read
// CHECK: linalg.generic
func.func @transposed_read(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  // expected-remark @+1 {{it reads the GEMM's result through the map (d0, d1) -> (d1, d0), not elementwise}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n, m)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %t : memref<32x32xf32>
  return
}

// -----

// The consumer writes A, which other blocks of the GEMM's kernel still read.
// CHECK-LABEL: func.func @writes_an_input
// CHECK: linalg.generic
func.func @writes_an_input(%A: memref<32x32xf32>, %B: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf32>, memref<32x32xf32>) outs(%t : memref<32x32xf32>)
  // expected-remark @+1 {{its output is also an input of the GEMM or a broadcast operand}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%A : memref<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  memref.dealloc %t : memref<32x32xf32>
  return
}

// -----

// A body with something other than arith (a call of a math function) is
// not cloned into the kernel.
// CHECK-LABEL: func.func @non_arith_body
// CHECK: linalg.generic
func.func @non_arith_body(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  // expected-remark @+1 {{its body holds 'math.exp' (only arith ops are fused)}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  memref.dealloc %t : memref<32x32xf32>
  return
}

// -----

// An in-place consumer that also reads row 0 of the GEMM's result through a
// view: in the kernel, other threads would still be writing that row.
// CHECK-LABEL: func.func @reads_result_through_view
// CHECK: gpu.launch
// CHECK: linalg.generic
func.func @reads_result_through_view(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  %row = memref.subview %t[0, 0] [1, 32] [1, 1] : memref<32x32xf32> to memref<1x32xf32, strided<[32, 1]>>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  // expected-remark @+1 {{it reads the GEMM's result through a view}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (0, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%row : memref<1x32xf32, strided<[32, 1]>>) outs(%t : memref<32x32xf32>) {
  ^bb0(%r: f32, %x: f32):
    %s = arith.subf %x, %r : f32
    linalg.yield %s : f32
  }
  memref.copy %t, %C : memref<32x32xf32> to memref<32x32xf32>
  memref.dealloc %t : memref<32x32xf32>
  return
}

// -----

// A residual read through another view of the output's buffer (rows 16 on
// of X, into rows 0 to 47 of X): a block would read rows another block
// stores, so the consumer stays.
// CHECK-LABEL: func.func @reads_output_through_another_view
// CHECK: gpu.launch
// CHECK: linalg.generic
func.func @reads_output_through_another_view(%A: memref<48x16xf32>, %B: memref<16x32xf32>, %X: memref<64x32xf32>) {
  %out = memref.subview %X[0, 0] [48, 32] [1, 1] : memref<64x32xf32> to memref<48x32xf32, strided<[32, 1]>>
  %res = memref.subview %X[16, 0] [48, 32] [1, 1] : memref<64x32xf32> to memref<48x32xf32, strided<[32, 1], offset: 512>>
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<48x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<48x32xf32>)
  linalg.matmul ins(%A, %B : memref<48x16xf32>, memref<16x32xf32>) outs(%t : memref<48x32xf32>)
  // expected-remark @+1 {{it reads its output's buffer through another view}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %res : memref<48x32xf32>, memref<48x32xf32, strided<[32, 1], offset: 512>>)
      outs(%out : memref<48x32xf32, strided<[32, 1]>>) {
  ^bb0(%x: f32, %r: f32, %y: f32):
    %s = arith.addf %x, %r : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t : memref<48x32xf32>
  return
}

// -----

// A residual read through a cast of the output itself (the same elements at
// the same indices): each thread reads what it then overwrites, so it is
// fused.
// CHECK-LABEL: func.func @reads_output_through_same_view
// CHECK: gpu.launch
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @reads_output_through_same_view(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %X: memref<32x32xf32>) {
  %v = memref.cast %X : memref<32x32xf32> to memref<32x32xf32, strided<[32, 1]>>
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%t : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t, %v : memref<32x32xf32>, memref<32x32xf32, strided<[32, 1]>>)
      outs(%X : memref<32x32xf32>) {
  ^bb0(%x: f32, %r: f32, %y: f32):
    %s = arith.addf %x, %r : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t : memref<32x32xf32>
  return
}
