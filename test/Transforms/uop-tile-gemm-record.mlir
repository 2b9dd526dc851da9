// RUN: uop-opt %s --split-input-file --uop-tile="tile=32,32,8 thread-tile=4,4" | FileCheck %s
// uop-tile records on a host function the GEMM it compiled there (uop.gemm):
// which arguments are A, B and the stored C, their layouts, whether C is
// accumulated into and whether an epilogue is fused; uop-run's --check
// reads it from the launch JSON.

// CHECK-LABEL: func.func @plain
// CHECK-SAME: uop.gemm = {a = 0 : i64, accumulate = false, b = 1 : i64, c = 2 : i64, epilogue = false, transpose_a = false, transpose_b = false}
func.func @plain(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                outs(%C : memref<64x48xf32>)
  return
}

// -----

// No fill: C accumulates. The arguments in another order, A stored K x M
// and B N x K.
// CHECK-LABEL: func.func @accumulate_transposed
// CHECK-SAME: uop.gemm = {a = 2 : i64, accumulate = true, b = 0 : i64, c = 1 : i64, epilogue = false, transpose_a = true, transpose_b = true}
func.func @accumulate_transposed(%B: memref<48x32xf32>, %C: memref<64x48xf32>, %A: memref<32x64xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<32x64xf32>, memref<48x32xf32>)
      outs(%C : memref<64x48xf32>)
  return
}

// -----

// A fused epilogue: the kernel stores relu(A * B) into %out. `dims` says
// what each argument's dimensions are to the kernel (for a runner to check
// sizes known only at run time).
// CHECK-LABEL: func.func @epilogue
// CHECK-SAME: uop.gemm = {a = 0 : i64, accumulate = false, b = 1 : i64, c = 2 : i64, dims = ["mk", "kn", "mn"], epilogue = true, transpose_a = false, transpose_b = false}
func.func @epilogue(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %out: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                outs(%acc : memref<64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<64x48xf32>) outs(%out : memref<64x48xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %acc : memref<64x48xf32>
  return
}

// -----

// A batch's fused epilogue: 'b' is the GEMM of the batch, so a runner
// sizes a bias read per GEMM of the batch and column as batch x N, one
// shared by the batch as N.
// CHECK-LABEL: func.func @batch_epilogue
// CHECK-SAME: uop.gemm = {a = 0 : i64, accumulate = false, b = 1 : i64, c = 4 : i64, dims = ["bmk", "bkn", "bn", "n", "bmn"], epilogue = true, transpose_a = false, transpose_b = false}
func.func @batch_epilogue(%A: memref<2x64x32xf32>, %B: memref<2x32x48xf32>, %bias: memref<2x48xf32>, %shared: memref<48xf32>, %out: memref<2x64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<2x64x48xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<2x64x48xf32>)
  linalg.batch_matmul ins(%A, %B : memref<2x64x32xf32>, memref<2x32x48xf32>)
                      outs(%acc : memref<2x64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, n)>,
                                   affine_map<(b, m, n) -> (n)>, affine_map<(b, m, n) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%acc, %bias, %shared : memref<2x64x48xf32>, memref<2x48xf32>, memref<48xf32>)
      outs(%out : memref<2x64x48xf32>) {
  ^bb0(%x: f32, %b: f32, %s: f32, %y: f32):
    %t = arith.addf %x, %b : f32
    %r = arith.addf %t, %s : f32
    linalg.yield %r : f32
  }
  memref.dealloc %acc : memref<2x64x48xf32>
  return
}

// -----

// Two GEMMs: no one product describes the function.
// CHECK-LABEL: func.func @two
// CHECK-NOT: uop.gemm
// CHECK: gpu.launch
func.func @two(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>, %D: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                outs(%D : memref<64x48xf32>)
  return
}

// -----

// A GEMM in a loop runs more than once; a B the function allocates is no
// argument: neither has a record.
// CHECK-LABEL: func.func @in_a_loop
// CHECK-NOT: uop.gemm
// CHECK: scf.for
func.func @in_a_loop(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                  outs(%C : memref<64x48xf32>)
  }
  return
}

// -----

// CHECK-LABEL: func.func @local_b
// CHECK-NOT: uop.gemm
// CHECK: gpu.launch
func.func @local_b(%A: memref<64x32xf32>, %C: memref<64x48xf32>) {
  %B = memref.alloc() : memref<32x48xf32>
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                outs(%C : memref<64x48xf32>)
  memref.dealloc %B : memref<32x48xf32>
  return
}

// -----

// A^T * A: A and B are one argument.
// CHECK-LABEL: func.func @gram
// CHECK-SAME: uop.gemm = {a = 0 : i64, accumulate = false, b = 0 : i64, c = 1 : i64, epilogue = false, transpose_a = true, transpose_b = false}
func.func @gram(%A: memref<32x48xf32>, %C: memref<48x48xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<48x48xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (k, n)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %A : memref<32x48xf32>, memref<32x48xf32>)
      outs(%C : memref<48x48xf32>)
  return
}

// -----

// C filled with 1 first: C = 1 + A * B, no product cuBLAS computes alone.
// CHECK-LABEL: func.func @fill_one
// CHECK-NOT: uop.gemm
// CHECK: gpu.launch
func.func @fill_one(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                outs(%C : memref<64x48xf32>)
  return
}

// -----

// One GEMM compiled, one reduction left in place (a remark): the function
// is not one product.
// CHECK-LABEL: func.func @one_left
// CHECK-NOT: uop.gemm
// CHECK: gpu.launch
func.func @one_left(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>, %S: memref<64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                outs(%C : memref<64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (m)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<64x32xf32>) outs(%S : memref<64xf32>) {
  ^bb0(%x: f32, %s: f32):
    %r = arith.addf %x, %s : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A bias read along the columns (n), a row scale along the rows (m, a
// broadcast 1 for its second dimension), B stored N x K.
// CHECK-LABEL: func.func @epilogue_operands
// CHECK-SAME: uop.gemm = {a = 0 : i64, accumulate = false, b = 1 : i64, c = 4 : i64, dims = ["mk", "nk", "n", "m1", "mn"], epilogue = true, transpose_a = false, transpose_b = true}
func.func @epilogue_operands(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %bias: memref<?xf32>, %scale: memref<?x1xf32>, %out: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %B, %c0 : memref<?x?xf32>
  %acc = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<?x?xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>)
                outs(%acc : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, 0)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias, %scale : memref<?x?xf32>, memref<?xf32>, memref<?x1xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%x: f32, %b: f32, %s: f32, %y: f32):
    %t = arith.addf %x, %b : f32
    %r = arith.mulf %t, %s : f32
    linalg.yield %r : f32
  }
  memref.dealloc %acc : memref<?x?xf32>
  return
}
