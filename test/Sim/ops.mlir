// Breadth: each entry runs a construct the lowering emits and compares it
// with a plain reference entry of this file on the same inputs.

// Thread-dependent loop bounds and while conditions (divergent lanes, then
// reconvergence), scf.if results merged per lane, arith casts and math.
// RUN: uop-sim %s --entry divergent --compare-with %s --ref-entry divergent_ref | FileCheck %s --check-prefix=DIV
// DIV: max_abs_err=0 max_rel_err=0 mismatches=0/96

// Vector transfers (a broadcast permutation map and padding past the end),
// vector arithmetic, extract / insert / reduction, in a kernel.
// RUN: uop-sim %s --entry vectors --compare-with %s --ref-entry vectors_ref | FileCheck %s --check-prefix=VEC
// VEC: max_abs_err=0 max_rel_err=0 mismatches=0/{{[0-9]+}}

// scf.forall and scf.parallel (with a reduction) on the host against
// linalg.generic and a transposed linalg.matmul.
// RUN: uop-sim %s --entry loops --compare-with %s --ref-entry loops_ref | FileCheck %s --check-prefix=LOOPS
// LOOPS: max_abs_err=0 max_rel_err=0 mismatches=0/{{[0-9]+}}

// The outlined form with a workgroup attribution and a gpu.func launched by
// gpu.launch_func behaves as the inline gpu.launch.
// RUN: uop-sim %s --entry outlined --compare-with %s --ref-entry divergent_ref | FileCheck %s --check-prefix=DIV

module attributes {gpu.container_module} {

func.func @divergent(%in: memref<32xi32>, %out: memref<32xi32>,
                     %f: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    func.call @body(%tx, %in, %out, %f) : (index, memref<32xi32>, memref<32xi32>, memref<32xf32>) -> ()
    gpu.terminator
  }
  return
}

func.func @outlined(%in: memref<32xi32>, %out: memref<32xi32>,
                    %f: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
      args(%in : memref<32xi32>, %out : memref<32xi32>, %f : memref<32xf32>)
  return
}

gpu.module @kernels {
  gpu.func @k(%in: memref<32xi32>, %out: memref<32xi32>, %f: memref<32xf32>)
      workgroup(%s : memref<32xi32, #gpu.address_space<workgroup>>) kernel {
    %tx = gpu.thread_id x
    %lane = gpu.lane_id
    %x = memref.load %in[%lane] : memref<32xi32>
    memref.store %x, %s[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c31 = arith.constant 31 : index
    %r = arith.subi %c31, %tx : index
    %y = memref.load %s[%r] : memref<32xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %y, %s[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %z = memref.load %s[%r] : memref<32xi32, #gpu.address_space<workgroup>>
    memref.store %z, %in[%tx] : memref<32xi32>
    func.call @body(%tx, %in, %out, %f) : (index, memref<32xi32>, memref<32xi32>, memref<32xf32>) -> ()
    gpu.return
  }

  // Thread t: sum of in[0..t) (a loop with a per-thread trip count), the
  // number of halvings of |in[t]| + t until 0 (a while loop), and a float
  // computed through casts and math ops.
  func.func @body(%t: index, %in: memref<32xi32>, %out: memref<32xi32>,
                  %f: memref<32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %sum = scf.for %i = %c0 to %t step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %in[%i] : memref<32xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    %x = memref.load %in[%t] : memref<32xi32>
    %ax = math.absi %x : i32
    %ti = arith.index_cast %t : index to i32
    %start = arith.addi %ax, %ti : i32
    %steps:2 = scf.while (%n = %start, %k = %zero) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi sgt, %n, %zero : i32
      scf.condition(%more) %n, %k : i32, i32
    } do {
    ^bb0(%n: i32, %k: i32):
      %h = arith.shrsi %n, %one : i32
      %k1 = arith.addi %k, %one : i32
      scf.yield %h, %k1 : i32, i32
    }
    %odd = arith.andi %x, %one : i32
    %isodd = arith.cmpi ne, %odd, %zero : i32
    %r = scf.if %isodd -> (i32) {
      %m = arith.muli %sum, %steps#1 : i32
      scf.yield %m : i32
    } else {
      %m = arith.subi %sum, %steps#1 : i32
      scf.yield %m : i32
    }
    memref.store %r, %out[%t] : memref<32xi32>
    %fx = arith.sitofp %r : i32 to f32
    %sc = arith.constant 0.015625 : f32
    %fs = arith.mulf %fx, %sc : f32
    %e = math.exp %fs : f32
    %l = math.log1p %e : f32
    %q = math.sqrt %l : f32
    %th = math.tanh %q : f32
    %h16 = arith.truncf %th : f32 to f16
    %back = arith.extf %h16 : f16 to f32
    %mx = arith.maximumf %back, %q : f32
    memref.store %mx, %f[%t] : memref<32xf32>
    return
  }
}

func.func @divergent_ref(%in: memref<32xi32>, %out: memref<32xi32>,
                         %f: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  scf.for %t = %c0 to %c32 step %c1 {
    func.call @body(%t, %in, %out, %f) : (index, memref<32xi32>, memref<32xi32>, memref<32xf32>) -> ()
  }
  return
}

// Thread t: sum of in[0..t) (a loop with a per-thread trip count), the
// number of halvings of |in[t]| + t until 0 (a while loop), and a float
// computed through casts and math ops.
func.func @body(%t: index, %in: memref<32xi32>, %out: memref<32xi32>,
                %f: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %sum = scf.for %i = %c0 to %t step %c1 iter_args(%acc = %zero) -> (i32) {
    %v = memref.load %in[%i] : memref<32xi32>
    %a = arith.addi %acc, %v : i32
    scf.yield %a : i32
  }
  %x = memref.load %in[%t] : memref<32xi32>
  %ax = math.absi %x : i32
  %ti = arith.index_cast %t : index to i32
  %start = arith.addi %ax, %ti : i32
  %steps:2 = scf.while (%n = %start, %k = %zero) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi sgt, %n, %zero : i32
    scf.condition(%more) %n, %k : i32, i32
  } do {
  ^bb0(%n: i32, %k: i32):
    %h = arith.shrsi %n, %one : i32
    %k1 = arith.addi %k, %one : i32
    scf.yield %h, %k1 : i32, i32
  }
  %odd = arith.andi %x, %one : i32
  %isodd = arith.cmpi ne, %odd, %zero : i32
  %r = scf.if %isodd -> (i32) {
    %m = arith.muli %sum, %steps#1 : i32
    scf.yield %m : i32
  } else {
    %m = arith.subi %sum, %steps#1 : i32
    scf.yield %m : i32
  }
  memref.store %r, %out[%t] : memref<32xi32>
  %fx = arith.sitofp %r : i32 to f32
  %sc = arith.constant 0.015625 : f32
  %fs = arith.mulf %fx, %sc : f32
  %e = math.exp %fs : f32
  %l = math.log1p %e : f32
  %q = math.sqrt %l : f32
  %th = math.tanh %q : f32
  %h16 = arith.truncf %th : f32 to f16
  %back = arith.extf %h16 : f16 to f32
  %mx = arith.maximumf %back, %q : f32
  memref.store %mx, %f[%t] : memref<32xf32>
  return
}

func.func @vectors(%a: memref<8x6xf32>, %s: memref<8xf32>, %c: memref<8x8xf32>,
                   %r: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %pad = arith.constant 0.0 : f32
    // Row tx of a, padded from 6 to 8 elements.
    %row = vector.transfer_read %a[%tx, %c0], %pad : memref<8x6xf32>, vector<8xf32>
    // s[tx] broadcast along the vector.
    %bc = vector.transfer_read %s[%tx], %pad
        {permutation_map = affine_map<(d0) -> (0)>, in_bounds = [true]}
        : memref<8xf32>, vector<8xf32>
    %p = arith.mulf %row, %bc : vector<8xf32>
    %two = arith.constant dense<2.0> : vector<8xf32>
    %q = arith.addf %p, %two : vector<8xf32>
    %e0 = vector.extract %q[0] : f32 from vector<8xf32>
    %neg = arith.negf %e0 : f32
    %q2 = vector.insert %neg, %q[7] : f32 into vector<8xf32>
    vector.transfer_write %q2, %c[%tx, %c0] {in_bounds = [true]} : vector<8xf32>, memref<8x8xf32>
    %red = vector.reduction <add>, %row : vector<8xf32> into f32
    memref.store %red, %r[%tx] : memref<8xf32>
    gpu.terminator
  }
  return
}

func.func @vectors_ref(%a: memref<8x6xf32>, %s: memref<8xf32>,
                       %c: memref<8x8xf32>, %r: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %sv = memref.load %s[%i] : memref<8xf32>
    %sum = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
      %in = arith.cmpi ult, %j, %c6 : index
      %v = scf.if %in -> (f32) {
        %x = memref.load %a[%i, %j] : memref<8x6xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      %p = arith.mulf %v, %sv : f32
      %q = arith.addf %p, %two : f32
      memref.store %q, %c[%i, %j] : memref<8x8xf32>
      %n = arith.addf %acc, %v : f32
      scf.yield %n : f32
    }
    %first = memref.load %c[%i, %c0] : memref<8x8xf32>
    %neg = arith.negf %first : f32
    memref.store %neg, %c[%i, %c7] : memref<8x8xf32>
    memref.store %sum, %r[%i] : memref<8xf32>
  }
  return
}

func.func @loops(%a: memref<16x8xf32>, %b: memref<16x8xf32>,
                 %c: memref<8x8xf32>, %d: memref<16x8xf32>,
                 %n: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  // c = a^T b as explicit loops.
  scf.forall (%i, %j) in (8, 8) {
    %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %a[%k, %i] : memref<16x8xf32>
      %y = memref.load %b[%k, %j] : memref<16x8xf32>
      %p = arith.mulf %x, %y : f32
      %q = arith.addf %acc, %p : f32
      scf.yield %q : f32
    }
    memref.store %s, %c[%i, %j] : memref<8x8xf32>
  }
  // d = max(a, b) elementwise, and the sum of all of d.
  %total = scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c8) step (%c1, %c1)
      init (%zero) -> f32 {
    %x = memref.load %a[%i, %j] : memref<16x8xf32>
    %y = memref.load %b[%i, %j] : memref<16x8xf32>
    %m = arith.maximumf %x, %y : f32
    memref.store %m, %d[%i, %j] : memref<16x8xf32>
    scf.reduce(%m : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  memref.store %total, %n[%c0] : memref<1xf32>
  return
}

func.func @loops_ref(%a: memref<16x8xf32>, %b: memref<16x8xf32>,
                     %c: memref<8x8xf32>, %d: memref<16x8xf32>,
                     %n: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                       affine_map<(m, n, k) -> (k, n)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : memref<16x8xf32>, memref<16x8xf32>)
      outs(%c : memref<8x8xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<16x8xf32>, memref<16x8xf32>)
      outs(%d : memref<16x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  }
  linalg.fill ins(%zero : f32) outs(%n : memref<1xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (0)>],
                  iterator_types = ["reduction", "reduction"]}
      ins(%d : memref<16x8xf32>) outs(%n : memref<1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  }
  return
}

}
