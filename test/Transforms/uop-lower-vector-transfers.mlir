// RUN: uop-opt %s --uop-lower-vector-transfers | FileCheck %s

// Numerically: the ragged 200x136x72 tcgen05 example, whose writeback is a
// vector.transfer_write past the last column, agrees with linalg after the
// rewrite (uop-sim runs the masked store); a mask one lane too wide writes
// past the row and does not.
// RUN: sed -e 's/256x192/200x72/g; s/128x192/136x72/g; s/256x128/200x136/g; s/\[192, 1\]/[72, 1]/g' %S/../../examples/tcgen05_gemm.mlir > %t.mlir
// RUN: sed -e 's/256x192/200x72/g; s/128x192/136x72/g; s/256x128/200x136/g' %S/../../examples/tcgen05_gemm_ref.mlir > %t.ref.mlir
// RUN: uop-opt %t.mlir --uop-compile="target=sm_100a emit=nvgpu" | uop-opt --pass-pipeline="builtin.module(gpu.module(uop-lower-vector-transfers))" -o %t.lowered.mlir
// RUN: FileCheck %s --check-prefix=KERNEL < %t.lowered.mlir
// KERNEL: vector.maskedstore
// KERNEL-NOT: vector.transfer_write
// RUN: uop-sim %t.lowered.mlir --compare-with %t.ref.mlir | FileCheck %s --check-prefix=SIM
// SIM: mismatches=0/
// RUN: sed 's/arith.cmpi sgt, /arith.cmpi sge, /' %t.lowered.mlir | sh -c 'uop-sim - --compare-with %t.ref.mlir 2>&1; echo exit=$?' | FileCheck %s --check-prefix=WIDE
// WIDE: uop-sim: {{fault|mismatch}}
// WIDE: exit={{[12]}}
// 1-D transfers that may leave their memref become masked loads and stores
// (the mask compares 32-bit lane positions with what is left of the row);
// in-bounds ones plain vector loads and stores. Higher-rank transfers stay.

// CHECK-LABEL: func.func @edge_store
// CHECK: %[[LEFT:.*]] = arith.subi
// CHECK: vector.maskedstore %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : memref<200x136xf16>, vector<32xi1>, vector<32xf16>
// CHECK-NOT: vector.transfer_write
func.func @edge_store(%v: vector<32xf16>, %D: memref<200x136xf16>, %r: index, %c: index) {
  vector.transfer_write %v, %D[%r, %c] : vector<32xf16>, memref<200x136xf16>
  return
}

// CHECK-LABEL: func.func @in_bounds
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<200x136xf16>, vector<32xf16>
// CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<200x136xf16>, vector<8xf16>
func.func @in_bounds(%v: vector<32xf16>, %D: memref<200x136xf16>, %r: index, %c: index) -> vector<8xf16> {
  %pad = arith.constant 0.0 : f16
  vector.transfer_write %v, %D[%r, %c] {in_bounds = [true]} : vector<32xf16>, memref<200x136xf16>
  %x = vector.transfer_read %D[%r, %c], %pad {in_bounds = [true]} : memref<200x136xf16>, vector<8xf16>
  return %x : vector<8xf16>
}

// CHECK-LABEL: func.func @edge_load
// CHECK: vector.maskedload %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : memref<200x136xf16>, vector<32xi1>, vector<32xf16> into vector<32xf16>
func.func @edge_load(%D: memref<200x136xf16>, %r: index, %c: index) -> vector<32xf16> {
  %pad = arith.constant 0.0 : f16
  %x = vector.transfer_read %D[%r, %c], %pad : memref<200x136xf16>, vector<32xf16>
  return %x : vector<32xf16>
}

// CHECK-LABEL: func.func @two_d
// CHECK: vector.transfer_write
func.func @two_d(%v: vector<4x8xf16>, %D: memref<200x136xf16>, %r: index, %c: index) {
  vector.transfer_write %v, %D[%r, %c] : vector<4x8xf16>, memref<200x136xf16>
  return
}
