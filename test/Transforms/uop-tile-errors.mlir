// With require-match (what --uop-compile uses), a contraction that is not a
// GEMM is an error naming the op, not a wrong kernel.
// RUN: uop-opt %s --uop-tile=require-match=1 --verify-diagnostics --split-input-file
// The message names the op by its location, without the op printed in
// the generic form after it.
// RUN: not uop-opt %s --uop-tile=require-match=1 --split-input-file 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: uop-tile-errors.mlir:{{[0-9]+}}:3: error: uop-tile: not a GEMM uop can compile: B (the second input)
// PLAIN-NOT: see current operation

func.func @sum_of_squares(%X: memref<32x16xf32>, %C: memref<32x32xf32>) {
  // expected-error @+1 {{uop-tile: not a GEMM uop can compile: B (the second input) is not indexed by (k, n) or (n, k), where the output is indexed (m, n)}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%X, %X : memref<32x16xf32>, memref<32x16xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @in_kernel(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{it is already in device code (uop-tile compiles the GEMMs of host functions)}}
    linalg.matmul ins(%A, %B : memref<16x16xf32>, memref<16x16xf32>) outs(%C : memref<16x16xf32>)
    gpu.terminator
  }
  return
}

// -----

func.func @too_many_block_rows(%A: memref<8388736x1xf32>, %B: memref<1x1xf32>, %C: memref<8388736x1xf32>) {
  // expected-error @+1 {{M = 8388736 needs 65537 block rows, above the grid's limit of 65535 along y; use a larger tile M}}
  linalg.matmul ins(%A, %B : memref<8388736x1xf32>, memref<1x1xf32>) outs(%C : memref<8388736x1xf32>)
  return
}

// -----

// A dynamic M puts its tiles along x and N's along y, whose limit of 65535
// the static N must then keep.
func.func @too_many_block_columns_along_y(%A: memref<?x1xf32>, %B: memref<1x8388608xf32>, %C: memref<?x8388608xf32>) {
  // expected-error @+1 {{N = 8388608 needs 65536 block columns, above the grid's limit of 65535 along y; use a larger tile N}}
  linalg.matmul ins(%A, %B : memref<?x1xf32>, memref<1x8388608xf32>) outs(%C : memref<?x8388608xf32>)
  return
}

// -----

// The grid's x limit (2^31 - 1 blocks on every target) is the target's too.
func.func @too_many_block_columns(%A: memref<1x1xf32>, %B: memref<1x274877906944xf32>, %C: memref<1x274877906944xf32>) {
  // expected-error @+1 {{N = 274877906944 needs 2147483648 block columns, above the grid's limit of 2147483647 along x; use a larger tile N}}
  linalg.matmul ins(%A, %B : memref<1x1xf32>, memref<1x274877906944xf32>) outs(%C : memref<1x274877906944xf32>)
  return
}

// -----

// f64 inputs are named as such, not as a body that does not match.
func.func @f64_inputs(%A: memref<8x8xf64>, %B: memref<8x8xf64>, %C: memref<8x8xf32>) {
  // expected-error @+1 {{unsupported input element type f64 (expected f32, f16 or bf16)}}
  linalg.matmul ins(%A, %B : memref<8x8xf64>, memref<8x8xf64>) outs(%C : memref<8x8xf32>)
  return
}

// -----

// A batch of GEMMs: the batch loop must be the outermost dimension of A, B
// and C, and only that one.
func.func @batch_not_outermost(%A: memref<100x3x72xf16>, %B: memref<3x72x60xf16>, %C: memref<3x100x60xf32>) {
  // expected-error @+1 {{not a GEMM uop can compile: the batch loop is not the outermost dimension of A, B and the output}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>,
                                   affine_map<(b, m, n, k) -> (b, k, n)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<100x3x72xf16>, memref<3x72x60xf16>) outs(%C : memref<3x100x60xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A 2-D input of a batch is one matrix the batch shares: one indexed by the
// batch loop is neither that nor a matrix per GEMM.
func.func @batch_2d_indexed_by_batch(%A: memref<3x100x72xf16>, %B: memref<3x60xf16>, %C: memref<3x100x60xf32>) {
  // expected-error @+1 {{not a GEMM uop can compile: B is 2-D and indexed by the batch loop: expected a matrix per GEMM (the batch its outermost dimension of three) or one matrix the batch shares}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                   affine_map<(b, m, n, k) -> (b, n)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x100x72xf16>, memref<3x60xf16>) outs(%C : memref<3x100x60xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @batch_indexes_twice(%A: memref<3x100x3xf16>, %B: memref<3x3x60xf16>, %C: memref<3x100x60xf32>) {
  // expected-error @+1 {{not a GEMM uop can compile: the batch loop indexes an operand twice}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, b)>,
                                   affine_map<(b, m, n, k) -> (b, k, n)>,
                                   affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x100x3xf16>, memref<3x3x60xf16>) outs(%C : memref<3x100x60xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Two reductions are no GEMM, batched or not.
func.func @batch_two_reductions(%A: memref<3x100x72xf16>, %B: memref<3x72x60xf16>, %C: memref<100x60xf32>) {
  // expected-error @+1 {{not a GEMM uop can compile: expected two parallel loops and one reduction (three parallel loops and one reduction for a batch of GEMMs)}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                   affine_map<(b, m, n, k) -> (b, k, n)>,
                                   affine_map<(b, m, n, k) -> (m, n)>],
                  iterator_types = ["reduction", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x100x72xf16>, memref<3x72x60xf16>) outs(%C : memref<100x60xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The batch's GEMMs go along z, whose limit is 65535 blocks.
func.func @batch_too_large(%A: memref<70000x16x16xf16>, %B: memref<70000x16x16xf16>, %C: memref<70000x16x16xf32>) {
  // expected-error @+1 {{not a GEMM uop can compile: a batch of 70000 GEMMs needs 70000 blocks along z, above the grid's limit of 65535; split the batch}}
  linalg.batch_matmul ins(%A, %B : memref<70000x16x16xf16>, memref<70000x16x16xf16>) outs(%C : memref<70000x16x16xf32>)
  return
}

// -----

// A consumer of a batch's output reads its other operands per GEMM of the
// batch or shared by all, as rows, columns, matrices or scalars: a
// residual read transposed is none of those, so the consumer stays, said
// in a remark.
func.func @batch_consumer_transposed(%A: memref<2x16x16xf16>, %B: memref<2x16x16xf16>, %R: memref<2x16x16xf32>, %D: memref<2x16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<2x16x16xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<2x16x16xf32>)
  linalg.batch_matmul ins(%A, %B : memref<2x16x16xf16>, memref<2x16x16xf16>) outs(%C : memref<2x16x16xf32>)
  // expected-remark @+1 {{uop-tile: not fused into the GEMM's writeback: an operand of type memref<2x16x16xf32> is not read as the output, a row, a column or a scalar (of one GEMM of the batch or of all)}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, n, m)>, affine_map<(b, m, n) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %R : memref<2x16x16xf32>, memref<2x16x16xf32>) outs(%D : memref<2x16x16xf32>) {
  ^bb0(%c: f32, %r: f32, %d: f32):
    %s = arith.addf %c, %r : f32
    linalg.yield %s : f32
  }
  memref.dealloc %C : memref<2x16x16xf32>
  return
}

// -----

// A and B both one matrix that the batch shares: every GEMM of the batch
// would be the same product.
func.func @batch_both_shared(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<2x16x16xf32>) {
  // expected-error @+1 {{not a GEMM uop can compile: A and B are both one matrix the batch shares: every GEMM of the batch is the same product}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<2x16x16xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
