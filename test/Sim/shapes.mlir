// Handlers check shapes before touching memory. Each of these read or
// wrote past the end of a buffer before (heap overflows under
// AddressSanitizer, or silently wrong results).

// linalg.copy between dynamic memrefs whose run-time sizes differ: the loop
// ranges come from the 8-element source; the 4-element target is out of
// bounds (exit 2), and the op is skipped.
// RUN: sh -c 'uop-sim %s --entry dynamic_copy 2>&1; echo exit=$?' | FileCheck %s --check-prefix=DYN
// DYN: uop-sim: fault: out of bounds: linalg.copy operand #1 ({{.*}}, sizes 4) indexed 0 to 7 in dimension 0 by the loop ranges (8) at {{.*}}shapes.mlir:[[@LINE+9]]:3
// DYN: exit=2
func.func @dynamic_copy(%out: memref<4xf32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%c8) : memref<?xf32>
  %b = memref.alloc(%c4) : memref<?xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<?xf32>)
  linalg.copy ins(%a : memref<?xf32>) outs(%b : memref<?xf32>)
  return
}

// A matmul whose operands are zero-sized in one dimension does nothing
// (and reads nothing).
// RUN: sh -c 'uop-sim %s --entry zero_sized 2>&1; echo exit=$?' | FileCheck %s --check-prefix=ZERO
// ZERO-NOT: fault
// ZERO: exit=0
func.func @zero_sized(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c0) : memref<4x?xf32>
  %b = memref.alloc(%c0) : memref<?x4xf32>
  %c = memref.alloc() : memref<4x4xf32>
  linalg.matmul ins(%a, %b : memref<4x?xf32>, memref<?x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// A matmul whose dynamic K differs between A (8) and B (2): B is read out
// of bounds.
// RUN: sh -c 'uop-sim %s --entry mismatched 2>&1; echo exit=$?' | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: uop-sim: fault: out of bounds: linalg.matmul operand #1 ({{.*}}, sizes 2x4) indexed 0 to 7 in dimension 0
// MISMATCH: exit=2
func.func @mismatched(%out: memref<4xf32>) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%c8) : memref<4x?xf32>
  %b = memref.alloc(%c2) : memref<?x4xf32>
  %c = memref.alloc() : memref<4x4xf32>
  linalg.matmul ins(%a, %b : memref<4x?xf32>, memref<?x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// A vector.load of 2^32 elements from a 4-element memref: out of bounds
// (the element count does not fit the index arithmetic, and no such value
// can be built), which ends the run.
// RUN: sh -c 'uop-sim %s --entry huge_vector_load 2>&1; echo exit=$?' | FileCheck %s --check-prefix=VLOAD
// VLOAD: uop-sim: fault: out of bounds: vector.load of vector<4294967296xf32> from %out (sizes 4): dimension 0 is shorter than the vector at {{.*}}shapes.mlir:[[@LINE+4]]:8
// VLOAD: exit=2
func.func @huge_vector_load(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %out[%c0] : memref<4xf32>, vector<4294967296xf32>
  return
}
