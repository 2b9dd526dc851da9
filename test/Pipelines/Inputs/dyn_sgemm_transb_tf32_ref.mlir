// The reference of dyn_sgemm_transb.mlir (sizes known at run time) compiled with
// precision=tf32 for wgmma: each input with its low 13 mantissa bits
// cleared (what wgmma reads of an f32 as tf32), then products and sums in
// f32 in k order. The products of two tf32 values are exact in f32, so a
// kernel that multiplies what wgmma multiplies agrees bit for bit.
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %mask = arith.constant -8192 : i32
    %ai = arith.bitcast %a : f32 to i32
    %bi = arith.bitcast %b : f32 to i32
    %at = arith.andi %ai, %mask : i32
    %bt = arith.andi %bi, %mask : i32
    %ar = arith.bitcast %at : i32 to f32
    %br = arith.bitcast %bt : i32 to f32
    %p = arith.mulf %ar, %br : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}
