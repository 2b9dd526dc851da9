// nvgpu.mma.sync m16n8k8 with tf32Enabled: the f32 operands are rounded to
// tf32 (10 mantissa bits) before the exact products are summed in f32. The
// fragments are loaded straight from global memory by the PTX ISA map
// (g = lane / 4, t = lane % 4): A reg 0 = (g, t), 1 = (g + 8, t),
// 2 = (g, t + 4), 3 = (g + 8, t + 4); B reg r = (t + 4r, g); C reg r =
// (g + 8r, 2t + e).
//
// Against an f32 linalg.matmul the result differs by the input rounding
// (up to 2^-11 relative per operand): outside the f32 tolerances, inside
// those of a tf32 GEMM.

// RUN: sh -c 'uop-sim %s --compare-with %s --ref-entry ref 2>&1; echo exit=$?' | FileCheck %s --check-prefix=F32
// F32: mismatches={{[1-9][0-9]*}}/320
// F32: exit=1
// RUN: uop-sim %s --compare-with %s --ref-entry ref --atol 1e-2 --rtol 0 | FileCheck %s --check-prefix=TF32
// uop.mma_sync with shape 16x8x8 is the same instruction.
// RUN: uop-sim %s --entry uop --compare-with %s --ref-entry ref --atol 1e-2 --rtol 0 | FileCheck %s --check-prefix=TF32
// TF32: max_abs_err=0.000{{[1-9][0-9]*}} max_rel_err={{.*}} mismatches=0/320

func.func @main(%A: memref<16x8xf32>, %B: memref<8x8xf32>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %g8 = arith.addi %g, %c8 : index
    %t4 = arith.addi %t, %c4 : index
    %a0 = memref.load %A[%g, %t] : memref<16x8xf32>
    %a1 = memref.load %A[%g8, %t] : memref<16x8xf32>
    %a2 = memref.load %A[%g, %t4] : memref<16x8xf32>
    %a3 = memref.load %A[%g8, %t4] : memref<16x8xf32>
    %a = vector.from_elements %a0, %a1, %a2, %a3 : vector<4x1xf32>
    %b0 = memref.load %B[%t, %g] : memref<8x8xf32>
    %b1 = memref.load %B[%t4, %g] : memref<8x8xf32>
    %b = vector.from_elements %b0, %b1 : vector<2x1xf32>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = nvgpu.mma.sync (%a, %b, %zero) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

func.func @uop(%A: memref<16x8xf32>, %B: memref<8x8xf32>, %C: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %g = arith.divui %tx, %c4 : index
    %t = arith.remui %tx, %c4 : index
    %g8 = arith.addi %g, %c8 : index
    %t4 = arith.addi %t, %c4 : index
    %a0 = memref.load %A[%g, %t] : memref<16x8xf32>
    %a1 = memref.load %A[%g8, %t] : memref<16x8xf32>
    %a2 = memref.load %A[%g, %t4] : memref<16x8xf32>
    %a3 = memref.load %A[%g8, %t4] : memref<16x8xf32>
    %a = vector.from_elements %a0, %a1, %a2, %a3 : vector<4x1xf32>
    %b0 = memref.load %B[%t, %g] : memref<8x8xf32>
    %b1 = memref.load %B[%t4, %g] : memref<8x8xf32>
    %b = vector.from_elements %b0, %b1 : vector<2x1xf32>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = uop.mma_sync %a, %b, %zero {shape = array<i64: 16, 8, 8>} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %col0 = arith.muli %t, %c2 : index
    %col1 = arith.addi %col0, %c1 : index
    %d00 = vector.extract %d[0, 0] : f32 from vector<2x2xf32>
    %d01 = vector.extract %d[0, 1] : f32 from vector<2x2xf32>
    %d10 = vector.extract %d[1, 0] : f32 from vector<2x2xf32>
    %d11 = vector.extract %d[1, 1] : f32 from vector<2x2xf32>
    memref.store %d00, %C[%g, %col0] : memref<16x8xf32>
    memref.store %d01, %C[%g, %col1] : memref<16x8xf32>
    memref.store %d10, %C[%g8, %col0] : memref<16x8xf32>
    memref.store %d11, %C[%g8, %col1] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

func.func @ref(%A: memref<16x8xf32>, %B: memref<8x8xf32>, %C: memref<16x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x8xf32>)
  linalg.matmul ins(%A, %B : memref<16x8xf32>, memref<8x8xf32>)
                outs(%C : memref<16x8xf32>)
  return
}
