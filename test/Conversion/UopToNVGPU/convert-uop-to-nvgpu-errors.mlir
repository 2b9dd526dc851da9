// RUN: uop-opt %s --convert-uop-to-nvgpu -split-input-file -verify-diagnostics
// What convert-uop-to-nvgpu cannot lower is an error on the op.

// gpu.mma_matrix has no bf16, so a bf16 WMMA fragment has no gpu.subgroup_mma
// form.
func.func @bf16_wmma(%A: memref<32x32xbf16>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected f16 fragments for the gpu.subgroup_mma lowering (gpu.mma_matrix has no bf16), got '!uop.fragment<matrix_a, 16x16xbf16, row>'}}
    %a = uop.wmma_load %A[%c0, %c0] : memref<32x32xbf16> -> !uop.fragment<matrix_a, 16x16xbf16, row>
    gpu.terminator
  }
  return
}
