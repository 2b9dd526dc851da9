// A batch of three GEMMs with a fused epilogue, as an attention block or a
// grouped linear layer computes it:
//   out[b] = bf16(relu(A[b] * B[b]^T * scale + bias[b][n] + shared[n]
//                      + residual[b][m][n]))
// f16 inputs, B stored N x K (TMA's rows on sm_90a and sm_100a), an f32
// accumulator; M = 136 and N = 200 are ragged against a 128 x 128 tile, so
// the epilogue meets both edges of every GEMM's C. bias is read per GEMM
// of the batch and column, shared per column by the whole batch, residual
// per element.
#id = affine_map<(b, m, n) -> (b, m, n)>
func.func @main(%A: memref<3x136x72xf16>, %B: memref<3x200x72xf16>,
                %bias: memref<3x200xf32>, %shared: memref<200xf32>,
                %residual: memref<3x136x200xf32>, %scale: memref<f32>,
                %out: memref<3x136x200xbf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<3x136x200xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<3x136x200xf32>)
  linalg.batch_matmul
      indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                       affine_map<(b, m, n, k) -> (b, n, k)>,
                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x136x72xf16>, memref<3x200x72xf16>)
      outs(%acc : memref<3x136x200xf32>)
  %t = memref.alloc() : memref<3x136x200xf32>
  linalg.generic {indexing_maps = [#id, affine_map<(b, m, n) -> (b, n)>,
                                   affine_map<(b, m, n) -> (n)>,
                                   affine_map<(b, m, n) -> ()>, #id],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%acc, %bias, %shared, %scale : memref<3x136x200xf32>,
          memref<3x200xf32>, memref<200xf32>, memref<f32>)
      outs(%t : memref<3x136x200xf32>) {
  ^bb0(%x: f32, %b: f32, %s: f32, %sc: f32, %y: f32):
    %p = arith.mulf %x, %sc : f32
    %q = arith.addf %p, %b : f32
    %r = arith.addf %q, %s : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t, %residual : memref<3x136x200xf32>, memref<3x136x200xf32>)
      outs(%out : memref<3x136x200xbf16>) {
  ^bb0(%x: f32, %res: f32, %y: bf16):
    %s = arith.addf %x, %res : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to bf16
    linalg.yield %h : bf16
  }
  memref.dealloc %t : memref<3x136x200xf32>
  memref.dealloc %acc : memref<3x136x200xf32>
  return
}
