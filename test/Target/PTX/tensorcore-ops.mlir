// REQUIRES: ptxas
// A hand-written kernel using every tensor-core and async-copy op of uop
// goes through --uop-compile and uop-translate to PTX that ptxas accepts for
// sm_80 and sm_90a: each op becomes its instruction.

// RUN: uop-opt %s --uop-compile="target=sm_80" | uop-translate --uop-to-ptx -o %t.sm80.ptx
// RUN: FileCheck %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
// RUN: uop-opt %s --uop-compile="target=sm_90a" | uop-translate --uop-to-ptx -o %t.sm90.ptx
// RUN: FileCheck %s < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin

// The copies: A's 16-byte chunks with .cg, B's rows with .ca and a source
// size (zero for lanes 16..31), one group, waited for.
// CHECK-LABEL: .entry main_kernel(
// CHECK-NOT: cp.async.commit_group;
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 16, {{%r[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;
// CHECK: bar.sync 0;
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-DAG: wmma.load.a.sync.aligned.row.m16n16k16.f16
// CHECK-DAG: wmma.load.b.sync.aligned.col.m16n16k16.f16
// CHECK: wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32
// CHECK: wmma.store.d.sync.aligned.row.m16n16k16.f32

func.func @main(%A: memref<64x64xf16>, %B: memref<64x64xf16>,
                %C: memref<64x64xf32>, %D: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %sA = uop.alloc_shared {alignment = 16 : i64} : memref<16x16xf16, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared {alignment = 16 : i64} : memref<32x8xf16, #gpu.address_space<workgroup>>
    // A's 16x16 tile: lane l copies 8 halves (16 bytes) of row l/2.
    %row = arith.divui %tx, %c2 : index
    %half = arith.remui %tx, %c2 : index
    %col = arith.muli %half, %c8 : index
    uop.cp_async %A[%row, %col], %sA[%row, %col], 8 {bypass_l1}
        : memref<64x64xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
    // B's 16x8 tile in rows 0..15 of sB; lanes 16..31 zero-fill rows 16..31.
    %inB = arith.cmpi ult, %tx, %c16 : index
    %n = arith.select %inB, %c8, %c0 : index
    uop.cp_async %B[%tx, %c0], %sB[%tx, %c0], 8, %n
        : memref<64x64xf16> to memref<32x8xf16, #gpu.address_space<workgroup>>
    uop.cp_async_commit
    uop.cp_async_wait {pending = 0 : i32}
    uop.barrier
    // ldmatrix x4 of A: lane l gives row l%16 at column 8*(l/16).
    %lr = arith.remui %tx, %c16 : index
    %lq = arith.divui %tx, %c16 : index
    %lc = arith.muli %lq, %c8 : index
    %a = uop.ldmatrix %sA[%lr, %lc] {num = 4 : i32}
        : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %b = uop.ldmatrix %sB[%lr, %c0] {num = 2 : i32, transpose}
        : memref<32x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
    %zero = arith.constant dense<0.0> : vector<2x2xf32>
    %d = uop.mma_sync %a, %b, %zero {shape = array<i64: 16, 8, 16>}
        : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %a32 = arith.constant dense<1.0> : vector<4x1xf32>
    %b32 = arith.constant dense<2.0> : vector<2x1xf32>
    %e = uop.mma_sync %a32, %b32, %d {shape = array<i64: 16, 8, 8>}
        : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    %abf = arith.constant dense<1.5> : vector<4x2xbf16>
    %bbf = arith.constant dense<-0.5> : vector<2x2xbf16>
    %f = uop.mma_sync %abf, %bbf, %e {shape = array<i64: 16, 8, 16>}
        : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    %e00 = vector.extract %f[0, 0] : f32 from vector<2x2xf32>
    %e11 = vector.extract %f[1, 1] : f32 from vector<2x2xf32>
    memref.store %e00, %C[%tx, %c0] : memref<64x64xf32>
    memref.store %e11, %C[%tx, %c1] : memref<64x64xf32>
    // WMMA on global memory: D[0:16, 0:16] = A[0:16, 0:16] * B^T.
    %fa = uop.wmma_load %A[%c0, %c0] : memref<64x64xf16> -> !uop.fragment<matrix_a, 16x16xf16, row>
    %fb = uop.wmma_load %B[%c0, %c0] : memref<64x64xf16> -> !uop.fragment<matrix_b, 16x16xf16, col>
    %f0 = arith.constant 0.0 : f32
    %fc = uop.wmma_fill %f0 : !uop.fragment<accumulator, 16x16xf32, row>
    %fd = uop.wmma_mma %fa, %fb, %fc : !uop.fragment<matrix_a, 16x16xf16, row>, !uop.fragment<matrix_b, 16x16xf16, col> -> !uop.fragment<accumulator, 16x16xf32, row>
    uop.wmma_store %fd, %D[%c0, %c0] : !uop.fragment<accumulator, 16x16xf32, row>, memref<64x64xf32>
    gpu.terminator
  }
  return
}
