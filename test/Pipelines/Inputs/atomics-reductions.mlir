// Atomics and a block reduction PTX has (test/Pipelines/atomics-reductions.test).
func.func @main(%f: memref<1xf32>, %i: memref<3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %fzero = arith.constant 0.0 : f32
  %zero = arith.constant 0 : i32
  memref.store %fzero, %f[%c0] : memref<1xf32>
  memref.store %zero, %i[%c0] : memref<3xi32>
  memref.store %zero, %i[%c1] : memref<3xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %s = memref.alloca() : memref<1xi32, #gpu.address_space<workgroup>>
    %one = arith.constant 1.0 : f32
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %zero, %s[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %t = arith.index_cast %tx : index to i32
    %a = memref.atomic_rmw addf %one, %f[%c0] : (f32, memref<1xf32>) -> f32
    %b = memref.atomic_rmw addi %t, %s[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
    %c = memref.atomic_rmw maxs %t, %i[%c1] : (i32, memref<3xi32>) -> i32
    %sum = gpu.all_reduce add %t uniform {} : (i32) -> i32
    gpu.barrier
    scf.if %first {
      %v = memref.load %s[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      memref.store %v, %i[%c0] : memref<3xi32>
      memref.store %sum, %i[%c2] : memref<3xi32>
    }
    gpu.terminator
  }
  return
}
