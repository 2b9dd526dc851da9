// RUN: uop-opt %s --split-input-file --uop-tensorcore --verify-diagnostics

// uop-tensorcore reads fragments without bounds checks, so it rewrites only
// matmuls on whole zero-filled block tiles of whole k steps, as
// uop-promote-shared stages them; a reduction of 12 is refused, not read
// past its end.
func.func @partial_k(%a: memref<32x12xf16, #gpu.address_space<workgroup>>,
                     %b: memref<12x32xf16, #gpu.address_space<workgroup>>,
                     %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{uop-tensorcore: expected shared tiles of the whole block tile, 32x32 with a reduction size that is a multiple of 16, got 'memref<32x12xf16, #gpu.address_space<workgroup>>' and 'memref<12x32xf16, #gpu.address_space<workgroup>>'}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>, warps = array<i64: 1, 2>} : memref<32x12xf16, #gpu.address_space<workgroup>>, memref<12x32xf16, #gpu.address_space<workgroup>>, vector<4x4xf32>
    gpu.terminator
  }
  return
}
