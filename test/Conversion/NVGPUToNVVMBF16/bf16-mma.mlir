// RUN: uop-opt %s -split-input-file --convert-nvgpu-bf16-mma-to-nvvm | FileCheck %s

// A bf16 m16n8k16 mma.sync: each vector<2xbf16> row of A (4) and B (2) is
// one i32 register, the f32 accumulator four scalars (rows g, then g + 8),
// and the result struct goes back into the vector<2x2xf32> fragment in
// the same order.
// CHECK-LABEL: func.func @m16n8k16
// CHECK-SAME: (%[[A:.*]]: vector<4x2xbf16>, %[[B:.*]]: vector<2x2xbf16>, %[[C:.*]]: vector<2x2xf32>)
// CHECK: %[[A0:.*]] = vector.extract %[[A]][0] : vector<2xbf16> from vector<4x2xbf16>
// CHECK: %[[A0B:.*]] = vector.bitcast %[[A0]] : vector<2xbf16> to vector<1xi32>
// CHECK: %[[A0I:.*]] = vector.extract %[[A0B]][0] : i32 from vector<1xi32>
// CHECK-COUNT-3: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK-COUNT-2: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: %[[C00:.*]] = vector.extract %[[C]][0, 0] : f32 from vector<2x2xf32>
// CHECK: %[[C01:.*]] = vector.extract %[[C]][0, 1] : f32 from vector<2x2xf32>
// CHECK: %[[C10:.*]] = vector.extract %[[C]][1, 0] : f32 from vector<2x2xf32>
// CHECK: %[[C11:.*]] = vector.extract %[[C]][1, 1] : f32 from vector<2x2xf32>
// CHECK: %[[D:.*]] = nvvm.mma.sync A[%[[A0I]], %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%[[C00]], %[[C01]], %[[C10]], %[[C11]]]
// CHECK-SAME: layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[D]][0]
// CHECK: %[[D1:.*]] = llvm.extractvalue %[[D]][1]
// CHECK: %[[D2:.*]] = llvm.extractvalue %[[D]][2]
// CHECK: %[[D3:.*]] = llvm.extractvalue %[[D]][3]
// CHECK: %[[R:.*]] = vector.from_elements %[[D0]], %[[D1]], %[[D2]], %[[D3]] : vector<2x2xf32>
// CHECK: return %[[R]]
func.func @m16n8k16(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

// m16n8k8: two A registers, one B register.
// CHECK-LABEL: func.func @m16n8k8
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}] B[%{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 8>
func.func @m16n8k8(%a: vector<2x2xbf16>, %b: vector<1x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8]} : (vector<2x2xbf16>, vector<1x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

// Other element types are left to convert-nvgpu-to-nvvm.
// CHECK-LABEL: func.func @f16
// CHECK: nvgpu.mma.sync
// CHECK-NOT: nvvm.mma.sync
func.func @f16(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}
