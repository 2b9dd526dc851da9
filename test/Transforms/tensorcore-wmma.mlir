// RUN: uop-opt %S/../Pipelines/Inputs/gemm_f16_acc_64x96x80.mlir --uop-tile="mma=wmma tile=32,64,32 warps=2,2" --uop-promote-shared --uop-tensorcore --canonicalize --cse | FileCheck %s

// uop-tensorcore on a wmma matmul in a K loop whose accumulator starts from
// C (no fill): 2 x 2 warps with 16 x 32 warp tiles, 1 x 2 fragments each.
// Each fragment enters through the warp's 16 rows of the scratch tile (the
// lanes store their m16n8-map elements, a barrier, wmma_load), the K loop
// carries the fragments instead of the vector, each k16 step loads one A
// and two B fragments and does two wmma_mma, and after the loop each
// fragment leaves the same way (wmma_store, a barrier, the lanes' loads, a
// barrier).
// CHECK: %[[SCRATCH:.*]] = uop.alloc_shared {alignment = 32 : i64} : memref<64x16xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[SCRATCH]][%{{.*}}, %{{.*}}]
// CHECK: uop.barrier
// CHECK-NEXT: %[[IN0:.*]] = uop.wmma_load %[[SCRATCH]][%[[ROW:.*]], %{{.*}}] : memref<64x16xf32, #gpu.address_space<workgroup>> -> <accumulator, 16x16xf32, row>
// CHECK-NEXT: uop.barrier
// CHECK: uop.barrier
// CHECK-NEXT: %[[IN1:.*]] = uop.wmma_load %[[SCRATCH]]
// CHECK-NEXT: uop.barrier
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[F0:.*]] = %[[IN0]], %[[F1:.*]] = %[[IN1]]) -> (!uop.fragment<accumulator, 16x16xf32, row>, !uop.fragment<accumulator, 16x16xf32, row>) {
// CHECK:   scf.for {{.*}} iter_args(%[[G0:.*]] = %[[F0]], %[[G1:.*]] = %[[F1]])
// CHECK:     %[[A:.*]] = uop.wmma_load {{.*}} -> <matrix_a, 16x16xf16, row>
// CHECK:     %[[B0:.*]] = uop.wmma_load {{.*}} -> <matrix_b, 16x16xf16, row>
// CHECK:     %[[B1:.*]] = uop.wmma_load {{.*}} -> <matrix_b, 16x16xf16, row>
// CHECK:     %[[D0:.*]] = uop.wmma_mma %[[A]], %[[B0]], %[[G0]]
// CHECK:     %[[D1:.*]] = uop.wmma_mma %[[A]], %[[B1]], %[[G1]]
// CHECK:     scf.yield %[[D0]], %[[D1]]
// CHECK-NOT: uop.matmul
// CHECK: uop.wmma_store %[[LOOP]]#0, %[[SCRATCH]][%[[ROW]], %{{.*}}]
// CHECK-NEXT: uop.barrier
// CHECK-COUNT-8: memref.load %[[SCRATCH]]
// CHECK: uop.barrier
// CHECK-NEXT: uop.wmma_store %[[LOOP]]#1, %[[SCRATCH]][%[[ROW]], %{{.*}}]
// CHECK-NEXT: uop.barrier
// CHECK-COUNT-8: memref.load %[[SCRATCH]]
// CHECK: uop.barrier
