// RUN: uop-opt %s --split-input-file --verify-diagnostics \
// RUN:   --uop-tile="tile=32,32,8 thread-tile=4,4" --canonicalize --cse | FileCheck %s

// Edge tiles: a 4 x 2 grid of 8 x 8 threads, each with a 4 x 4 register tile;
// the K loop reads subviews of the global operands, shortened at the edge;
// stores outside C are guarded (scalar: N = 60 is no multiple of the block
// tile). The fill is absorbed into the accumulator.
// CHECK-LABEL: func.func @edges
// CHECK-SAME: (%[[A:.*]]: memref<100x70xf32>, %[[B:.*]]: memref<70x60xf32>, %[[C:.*]]: memref<100x60xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4x4xf32>
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C4]], %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %[[C8]], %{{.*}} = %[[C8]], %{{.*}} = %{{.*}})
// CHECK: %[[ACC:.*]] = scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %[[C8]] iter_args(%[[ITER:.*]] = %[[ZERO]]) -> (vector<4x4xf32>)
// CHECK: %[[TA:.*]] = memref.subview %[[A]][%{{.*}}, %[[K0]]] [%{{.*}}, %{{.*}}] [1, 1] : memref<100x70xf32> to memref<?x?xf32, strided<[70, 1], offset: ?>>
// CHECK: %[[TB:.*]] = memref.subview %[[B]][%[[K0]], %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : memref<70x60xf32> to memref<?x?xf32, strided<[60, 1], offset: ?>>
// CHECK: %[[MM:.*]] = uop.matmul %[[TA]], %[[TB]], %[[ITER]] {threads = array<i64: 8, 8>}
// CHECK: scf.yield %[[MM]]
// CHECK: vector.extract %[[ACC]][0, 0]
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.*}}, %[[C]]
// CHECK-NOT: linalg.matmul
func.func @edges(%A: memref<100x70xf32>, %B: memref<70x60xf32>, %C: memref<100x60xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x60xf32>)
  linalg.matmul ins(%A, %B : memref<100x70xf32>, memref<70x60xf32>) outs(%C : memref<100x60xf32>)
  return
}

// -----

// Full tiles: static subviews, unguarded 16-byte stores of 4 columns, and
// without a fill the old C is loaded into the accumulator (linalg.matmul
// accumulates).
// CHECK-LABEL: func.func @full
// CHECK: gpu.launch
// CHECK: memref.load %{{.*}} : memref<64x64xf32>
// CHECK: vector.from_elements
// CHECK: scf.for
// CHECK: memref.subview %{{.*}} : memref<64x64xf32> to memref<32x8xf32, strided<[64, 1], offset: ?>>
// CHECK: memref.subview %{{.*}} : memref<64x64xf32> to memref<8x32xf32, strided<[64, 1], offset: ?>>
// CHECK: uop.matmul
// CHECK-NOT: scf.if
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<64x64xf32>, vector<4xf32>
func.func @full(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// Transposed operands through indexing_maps: the subviews follow the storage
// and the matmul is told.
// CHECK-LABEL: func.func @transposed
// CHECK: memref.subview %{{.*}} : memref<64x32xf16> to memref<8x32xf16
// CHECK: memref.subview %{{.*}} : memref<32x64xf16> to memref<32x8xf16
// CHECK: uop.matmul {{.*}} {threads = array<i64: 8, 8>, transpose_a, transpose_b}
func.func @transposed(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %C: memref<32x32xf32>) {
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>)
      outs(%C : memref<32x32xf32>)
  return
}

// -----

// A generic that is a matrix product, with its operands' roles swapped in
// the multiplication and the accumulator on the left of the add.
// CHECK-LABEL: func.func @generic
// CHECK: uop.matmul
// CHECK-NOT: linalg.generic
func.func @generic(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %b, %a : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// f16 in, f16 out: the accumulator stays f32; without a fill the old C is
// loaded and extended, and each element is rounded once when it is stored.
// CHECK-LABEL: func.func @f16_output
// CHECK: gpu.launch
// CHECK: %[[OLD:.*]] = memref.load %{{.*}} : memref<32x32xf16>
// CHECK-NEXT: arith.extf %[[OLD]] : f16 to f32
// CHECK: vector.from_elements {{.*}} : vector<4x4xf32>
// CHECK: uop.matmul {{.*}}, vector<4x4xf32>
// CHECK: %[[V:.*]] = vector.extract %{{.*}}[0, 0] : f32 from vector<4x4xf32>
// CHECK: %[[H:.*]] = arith.truncf %[[V]] : f32 to f16
// CHECK: %[[W:.*]] = vector.from_elements %[[H]], %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK-NEXT: vector.store %[[W]], %{{.*}} {alignment = 8 : i64} : memref<32x32xf16>, vector<4xf16>
// CHECK-NOT: linalg.matmul
func.func @f16_output(%A: memref<32x16xf16>, %B: memref<16x32xf16>, %C: memref<32x32xf16>) {
  linalg.matmul ins(%A, %B : memref<32x16xf16>, memref<16x32xf16>) outs(%C : memref<32x32xf16>)
  return
}

// -----

// bf16 in, bf16 out with a bf16 fill: the fill value is extended into the
// f32 accumulator; edge stores are guarded and rounded.
// CHECK-LABEL: func.func @bf16_output
// CHECK: %[[FILL:.*]] = arith.constant dense<1.000000e+00> : vector<4x4xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[FILL]]) -> (vector<4x4xf32>)
// CHECK: scf.if
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to bf16
// CHECK-NEXT: memref.store %{{.*}} : memref<40x36xbf16>
// CHECK-NOT: linalg.
func.func @bf16_output(%A: memref<40x20xbf16>, %B: memref<20x36xbf16>, %C: memref<40x36xbf16>) {
  %one = arith.constant 1.0 : bf16
  linalg.fill ins(%one : bf16) outs(%C : memref<40x36xbf16>)
  linalg.matmul ins(%A, %B : memref<40x20xbf16>, memref<20x36xbf16>) outs(%C : memref<40x36xbf16>)
  return
}

// -----

// Things that look like GEMMs and are not: each is left alone, with a remark.

// The seed's trap: a sum of squares over K (both factors read A).
// CHECK-LABEL: func.func @sum_of_squares
// CHECK: linalg.generic
func.func @sum_of_squares(%X: memref<32x16xf32>, %Y: memref<32x16xf32>, %C: memref<32x32xf32>) {
  // expected-remark @+1 {{uop-tile: not a GEMM uop can compile: B (the second input) is not indexed by (k, n) or (n, k), where the output is indexed (m, n)}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%X, %Y : memref<32x16xf32>, memref<32x16xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @square_of_one_operand
// CHECK: linalg.generic
func.func @square_of_one_operand(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  // expected-remark @+1 {{the product is not of one element of A and one of B}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %a : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @max_plus
// CHECK: linalg.generic
func.func @max_plus(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>) {
  // expected-remark @+1 {{the body does not accumulate with a float add}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.addf %a, %b : f32
    %s = arith.maximumf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// An f16 output of f32 inputs: the body rounds A and B to f16 before it
// multiplies, which is not the kernel's f32 product.
// CHECK-LABEL: func.func @narrower_output
// CHECK: linalg.generic
func.func @narrower_output(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf16>) {
  // expected-remark @+1 {{expected an f32 output or one of the inputs' type f32, got f16 (write the product into an f32 buffer and round it with an elementwise linalg.generic, which is fused into the writeback)}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xf32>, memref<16x32xf32>) outs(%C : memref<32x32xf16>) {
  ^bb0(%a: f32, %b: f32, %c: f16):
    %x = arith.truncf %a : f32 to f16
    %y = arith.truncf %b : f32 to f16
    %p = arith.mulf %x, %y : f16
    %s = arith.addf %c, %p : f16
    linalg.yield %s : f16
  }
  return
}

// bf16 inputs, f16 output: neither f32 nor the inputs' type.
// CHECK-LABEL: func.func @other_half_output
// CHECK: linalg.generic
func.func @other_half_output(%A: memref<32x16xbf16>, %B: memref<16x32xbf16>, %C: memref<32x32xf16>) {
  // expected-remark @+1 {{expected an f32 output or one of the inputs' type bf16, got f16}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x16xbf16>, memref<16x32xbf16>) outs(%C : memref<32x32xf16>) {
  ^bb0(%a: bf16, %b: bf16, %c: f16):
    %x = arith.extf %a : bf16 to f32
    %y = arith.extf %b : bf16 to f32
    %p = arith.mulf %x, %y : f32
    %h = arith.truncf %p : f32 to f16
    %s = arith.addf %c, %h : f16
    linalg.yield %s : f16
  }
  return
}

// CHECK-LABEL: func.func @integers
// CHECK: linalg.matmul
func.func @integers(%A: memref<32x16xi32>, %B: memref<16x32xi32>, %C: memref<32x32xi32>) {
  // expected-remark @+1 {{the body does not accumulate with a float add}}
  linalg.matmul ins(%A, %B : memref<32x16xi32>, memref<16x32xi32>) outs(%C : memref<32x32xi32>)
  return
}

// A dynamic M: read from A on the host, the tile rows computed from it
// (at least one block) and laid along x (grid y's 65535 could be too
// few), N's one tile column along y, every row guarded in the kernel.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[M:.*]] = memref.dim %{{.*}}, %c0 : memref<?x16xf32>
// CHECK: %[[ROWS:.*]] = arith.ceildivui %[[M]], %c32
// CHECK: %[[GX:.*]] = arith.maxui %[[ROWS]], %c1
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in ({{.*}} = %[[GX]], {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
// CHECK: arith.muli %[[BX]], %c32
// CHECK: arith.cmpi ult, %{{.*}}, %[[M]] : index
// CHECK-NOT: linalg.matmul
func.func @dynamic(%A: memref<?x16xf32>, %B: memref<16x32xf32>, %C: memref<?x32xf32>) {
  linalg.matmul ins(%A, %B : memref<?x16xf32>, memref<16x32xf32>) outs(%C : memref<?x32xf32>)
  return
}

// The static sizes of a dynamic-shaped GEMM's operands must agree.
// CHECK-LABEL: func.func @dynamic_mismatch
// CHECK: linalg.matmul
func.func @dynamic_mismatch(%A: memref<?x16xf32>, %B: memref<8x?xf32>, %C: memref<?x?xf32>) {
  // expected-remark @+1 {{operand shapes do not agree on M, N and K}}
  linalg.matmul ins(%A, %B : memref<?x16xf32>, memref<8x?xf32>) outs(%C : memref<?x?xf32>)
  return
}

// CHECK-LABEL: func.func @tensors
// CHECK: linalg.matmul
func.func @tensors(%A: tensor<32x16xf32>, %B: tensor<16x32xf32>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-remark @+1 {{expected operands in memrefs (bufferize first)}}
  %r = linalg.matmul ins(%A, %B : tensor<32x16xf32>, tensor<16x32xf32>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// A batch of GEMMs: GEMM z on the blocks at z of the grid
// (batch-gemm.test).
// CHECK-LABEL: func.func @batched
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[TWO]])
// CHECK: memref.subview %arg0[%[[Z]], 0, 0] [1, 32, 16] [1, 1, 1]
// CHECK-NOT: linalg.batch_matmul
func.func @batched(%A: memref<2x32x16xf32>, %B: memref<2x16x32xf32>, %C: memref<2x32x32xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x32x16xf32>, memref<2x16x32xf32>) outs(%C : memref<2x32x32xf32>)
  return
}

// -----

// An empty output: nothing to compute, the GEMM and its fill go away.
// CHECK-LABEL: func.func @empty
// CHECK-NOT: linalg
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @empty(%A: memref<0x16xf32>, %B: memref<16x32xf32>, %C: memref<0x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<0x32xf32>)
  linalg.matmul ins(%A, %B : memref<0x16xf32>, memref<16x32xf32>) outs(%C : memref<0x32xf32>)
  return
}

// A batch of no GEMMs likewise.
// CHECK-LABEL: func.func @empty_batch
// CHECK-NOT: linalg
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @empty_batch(%A: memref<0x32x16xf32>, %B: memref<0x16x32xf32>, %C: memref<0x32x32xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<0x32x16xf32>, memref<0x16x32xf32>) outs(%C : memref<0x32x32xf32>)
  return
}
