// Atomics and reductions PTX has no instructions for, one per split
// (test/Pipelines/atomics-reductions.test).
func.func @mulf(%o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %r = memref.atomic_rmw mulf %two, %o[%c0] : (f32, memref<1xf32>) -> f32
    gpu.terminator
  }
  return
}

// -----

func.func @reduce_bf16(%o: memref<1xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : bf16
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = gpu.all_reduce add %one uniform {} : (bf16) -> bf16
    memref.store %s, %o[%c0] : memref<1xbf16>
    gpu.terminator
  }
  return
}

// -----

func.func @subgroup(%o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %s = gpu.subgroup_reduce add %one : (f32) -> f32
    memref.store %s, %o[%c0] : memref<1xf32>
    gpu.terminator
  }
  return
}
