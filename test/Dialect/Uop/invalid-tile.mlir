// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the tile family (alloc_shared, barrier,
// cluster_barrier, named_barrier, copy, matmul).

func.func @not_workgroup() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a memref in #gpu.address_space<workgroup>, got 'memref<16xf32>'}}
    %s = uop.alloc_shared : memref<16xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @private_space() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a memref in #gpu.address_space<workgroup>}}
    %s = uop.alloc_shared : memref<16xf32, #gpu.address_space<private>>
    gpu.terminator
  }
  return
}

// -----

func.func @dynamic_shape() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{must be statically shaped memref of any type values}}
    %s = uop.alloc_shared : memref<?xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @strided_layout() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected an identity layout, got strided<[1, 16]>}}
    %s = uop.alloc_shared : memref<16x16xf32, strided<[1, 16]>, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @vector_elements() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected an integer, index or float element type, got 'vector<4xf32>'}}
    %s = uop.alloc_shared : memref<16xvector<4xf32>, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @empty_buffer() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a non-empty buffer, got 'memref<0x16xf32, #gpu.address_space<workgroup>>'}}
    %s = uop.alloc_shared : memref<0x16xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @alloc_on_host() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %s = uop.alloc_shared : memref<16xf32, #gpu.address_space<workgroup>>
  return
}

// -----

gpu.module @kernels {
  gpu.func @device_function() {
    // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
    %s = uop.alloc_shared : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

func.func @barrier_on_host() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.barrier
  return
}

// -----

func.func @barrier_under_thread_if() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %low = arith.cmpi ult, %tx, %c8 : index
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %low {
      // expected-error @+1 {{must be reached by every thread of the block, but it is under 'scf.if' whose control depends on the thread id}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

func.func @cluster_barrier_on_host() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.cluster_barrier
  return
}

// -----

func.func @cluster_barrier_under_thread_if() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %warp0 = arith.cmpi ult, %tx, %c32 : index
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %warp0 {
      // expected-error @+1 {{must be reached by every thread of the block, but it is under 'scf.if' whose control depends on the thread id}}
      uop.cluster_barrier
    }
    gpu.terminator
  }
  return
}

// -----

func.func @cluster_barrier_unstructured() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-note @+1 {{region with several blocks here}}
    scf.execute_region {
      cf.br ^bb1
    ^bb1:
      // expected-error @+1 {{must be reached by every thread of the block, but it is in a region with unstructured control flow}}
      uop.cluster_barrier
      scf.yield
    }
    gpu.terminator
  }
  return
}

// -----

// The thread id reaches the condition through arithmetic and a load index.
func.func @barrier_under_derived_condition(%flags: memref<16xi1>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %i = arith.addi %tx, %bx : index
    %flag = memref.load %flags[%i] : memref<16xi1>
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %flag {
      // expected-error @+1 {{must be reached by every thread of the block}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

func.func @barrier_in_thread_bounded_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.for %i = %c0 to %tx step %c1 {
      // expected-error @+1 {{but it is under 'scf.for' whose control depends on the thread id}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

func.func @barrier_in_thread_dependent_while() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    // The trip count depends on the thread through the loop-carried value.
    // expected-note @+1 {{thread-dependent control flow here}}
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi ult, %i, %tx : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      // expected-error @+1 {{but it is under 'scf.while' whose control depends on the thread id}}
      uop.barrier
      %n = arith.addi %j, %c1 : index
      scf.yield %n : index
    }
    gpu.terminator
  }
  return
}

// -----

gpu.module @kernels {
  gpu.func @barrier_under_lane_id() kernel {
    %c4 = arith.constant 4 : index
    %lane = gpu.lane_id
    %sel = arith.remui %lane, %c4 : index
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.index_switch %sel
    case 0 {
      // expected-error @+1 {{but it is under 'scf.index_switch' whose control depends on the thread id}}
      uop.barrier
      scf.yield
    }
    default {
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-note @+1 {{region with several blocks here}}
  gpu.func @barrier_after_branch(%c: i1) kernel {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    cf.br ^bb2
  ^bb2:
    // Unstructured control flow: uniformity is not proven there.
    // expected-error @+1 {{must be reached by every thread of the block, but it is in a region with unstructured control flow}}
    uop.barrier
    gpu.return
  }
}

// -----

func.func @copy_types(%src: memref<8x8xf16>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{failed to verify that all of {source, dest} have same element type}}
    uop.copy %src, %s : memref<8x8xf16> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @copy_dynamic_dest(%src: memref<8x8xf32>, %dst: memref<?x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a statically shaped dest, got 'memref<?x8xf32>'}}
    uop.copy %src, %dst : memref<8x8xf32> to memref<?x8xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @copy_too_big(%src: memref<16x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected source dimension 0 to fit the dest dimension of 8, got 16}}
    uop.copy %src, %s : memref<16x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @copy_swizzle(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a swizzle of 0 or a power of two, got 3}}
    uop.copy %src, %s {layout = #uop.shared_layout<swizzle = 3>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @copy_swizzle_row(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected the swizzle 16 of dest to divide the row length of the tile, got 8}}
    uop.copy %src, %s {layout = #uop.shared_layout<swizzle = 16>} : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @copy_divergent(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x8xf32, #gpu.address_space<workgroup>>
    %lo = arith.cmpi ult, %tx, %c4 : index
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %lo {
      // expected-error @+1 {{'uop.copy' op must be reached by every thread of the block}}
      uop.copy %src, %s : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// cp.async writes shared memory only.
func.func @copy_async_global(%src: memref<8x8xf32>, %dst: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected an async copy's dest in shared memory, got 'memref<8x8xf32>'}}
    uop.copy %src, %dst {async} : memref<8x8xf32> to memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @copy_on_host(%src: memref<8x8xf32>, %dst: memref<8x8xf32>) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.copy %src, %dst : memref<8x8xf32> to memref<8x8xf32>
  return
}

// -----

func.func @matmul_types(%a: memref<8x8xf16>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{failed to verify that all of {a, b} have same element type}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>} : memref<8x8xf16>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_threads(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'threads' failed to satisfy constraint: i64 dense array attribute with exactly 2 elements}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8>} : memref<8x8xf32>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_rows(%a: memref<16x8xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a tile of A with at most the block tile's 8 rows, got 16}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>} : memref<16x8xf32>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_cols(%a: memref<8x8xf32>, %b: memref<8x16xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a tile of B with at most the block tile's 8 columns, got 16}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>} : memref<8x8xf32>, memref<8x16xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_k(%a: memref<8x4xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected A and B of the same reduction size, got 4 and 8}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>} : memref<8x4xf32>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_swizzle(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a swizzle of 0 or a power of two, got 6}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>, a_layout = #uop.shared_layout<swizzle = 6>} : memref<8x8xf32>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_on_host(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>} : memref<8x8xf32>, memref<8x8xf32>, vector<1x1xf32>
  return
}

// -----

func.func @alignment() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a power-of-two alignment, got 12}}
    %s = uop.alloc_shared {alignment = 12 : i64} : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// A per-thread value through private memory.
func.func @through_private_memory() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %p = memref.alloca() : memref<1xindex>
    memref.store %tx, %p[%c0] : memref<1xindex>
    %t = memref.load %p[%c0] : memref<1xindex>
    %low = arith.cmpi ult, %t, %c8 : index
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %low {
      // expected-error @+1 {{must be reached by every thread of the block}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

func.func @global_id() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %g = gpu.global_id x
    %low = arith.cmpi ult, %g, %c8 : index
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %low {
      // expected-error @+1 {{must be reached by every thread of the block}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// An atomic returns a different old value to each thread.
func.func @atomic_ticket() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<1xi32, #gpu.address_space<workgroup>>
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %s[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
    %c8 = arith.constant 8 : i32
    %low = arith.cmpi ult, %old, %c8 : i32
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %low {
      // expected-error @+1 {{must be reached by every thread of the block}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// The valid flag of a shuffle of a uniform value differs between lanes.
func.func @shuffle_valid() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %o = arith.constant 16 : i32
  %w = arith.constant 32 : i32
  %x = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %r, %valid = gpu.shuffle down %x, %o, %w : f32
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.if %valid {
      // expected-error @+1 {{must be reached by every thread of the block}}
      uop.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// A thread-mapped loop with fewer iterations than the block has threads:
// threads 8 to 15 skip its body.
func.func @forall_fewer_iterations() {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    // expected-note @+1 {{thread-dependent control flow here}}
    scf.forall (%i) in (8) {
      // expected-error @+1 {{but it is under 'scf.forall' whose control depends on the thread id}}
      uop.barrier
    } {mapping = [#gpu.thread<x>]}
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_threads_positive(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected positive thread counts [along M, along N], got [8, 0]}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 0>} : memref<8x8xf32>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_swizzle_row(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected the swizzle 16 of b to divide the row length of the tile, got 8}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>, b_layout = #uop.shared_layout<swizzle = 16>} : memref<8x8xf32>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @copy_pad_stride(%src: memref<8x8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %s = uop.alloc_shared : memref<8x9xf32, #gpu.address_space<workgroup>>
    %v = memref.subview %s[0, 0] [8, 8] [1, 1] : memref<8x9xf32, #gpu.address_space<workgroup>> to memref<8x8xf32, strided<[9, 1]>, #gpu.address_space<workgroup>>
    // expected-error @+1 {{expected a row stride of 10 for dest (8 elements padded by 2), got 9}}
    uop.copy %src, %v {layout = #uop.shared_layout<pad = 2>} : memref<8x8xf32> to memref<8x8xf32, strided<[9, 1]>, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

func.func @matmul_pad_dynamic(%a: memref<8x?xf32, strided<[?, 1]>>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a static row length and row stride for a padded by 1, got 'memref<8x?xf32, strided<[?, 1]>>'}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>, a_layout = #uop.shared_layout<pad = 1>} : memref<8x?xf32, strided<[?, 1]>>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

// 2^62 f32 elements are 2^64 bytes: the count would wrap to a zero-byte
// .shared array.
func.func @alloc_shared_overflow() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.alloc_shared' op expected a buffer of fewer than 2^63 bytes, got 'memref<4611686018427387904xf32, #gpu.address_space<workgroup>>'}}
    %s = uop.alloc_shared : memref<4611686018427387904xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----
// The tensor-core form of uop.matmul: a 2 x 2 block of warps, each owning a
// 16 x 16 warp tile of m16n8 fragments (vector<2x4xf32> per thread would be
// 16 x 16; here vector<4x4xf32> is a 32 x 16 warp tile).

// -----

func.func @mma_no_warps(%a: memref<32x16xf16>, %b: memref<16x32xf16>, %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected warps = [WM, WN] for kind mma_sync, got none}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>} : memref<32x16xf16>, memref<16x32xf16>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_warps_positive(%a: memref<32x16xf16>, %b: memref<16x32xf16>, %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected warps between 1 and 1024, got [0, 2]}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>, warps = array<i64: 0, 2>} : memref<32x16xf16>, memref<16x32xf16>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_threads(%a: memref<32x16xf16>, %b: memref<16x32xf16>, %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected threads = [1, 64] for warps = [1, 2], got [2, 32]}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 2, 32>, warps = array<i64: 1, 2>} : memref<32x16xf16>, memref<16x32xf16>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_f32(%a: memref<32x16xf32>, %b: memref<16x32xf32>, %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected f16 or bf16 inputs for kind mma_sync (f32 inputs with the tf32 attribute), got 'f32'}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>, warps = array<i64: 1, 2>} : memref<32x16xf32>, memref<16x32xf32>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_tf32_f16(%a: memref<32x16xf16>, %b: memref<16x32xf16>, %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected tf32 only with kind mma_sync and f32 inputs, got kind mma_sync and 'f16'}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>, warps = array<i64: 1, 2>, tf32} : memref<32x16xf16>, memref<16x32xf16>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_acc_shape(%a: memref<32x16xf16>, %b: memref<16x32xf16>, %acc: vector<3x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected an accumulator of a warp tile of whole 16x8 fragments (8 TM x 4 TN, TM and TN even), got 'vector<3x4xf32>'}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>, warps = array<i64: 1, 2>} : memref<32x16xf16>, memref<16x32xf16>, vector<3x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @simt_warps(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %acc: vector<1x1xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected neither warps nor tf32 for kind simt, got warps}}
    %r = uop.matmul %a, %b, %acc {threads = array<i64: 8, 8>, warps = array<i64: 1, 1>} : memref<8x8xf32>, memref<8x8xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @mma_rows(%a: memref<64x16xf16>, %b: memref<16x32xf16>, %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a tile of A with at most the block tile's 32 rows, got 64}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>, warps = array<i64: 1, 2>} : memref<64x16xf16>, memref<16x32xf16>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @chunk_swizzle_row(%a: memref<32x16xf16>, %b: memref<16x32xf16>, %acc: vector<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected the swizzle 4 x unit 8 of a to divide the row length of the tile, got 16}}
    %r = uop.matmul %a, %b, %acc {kind = #uop.matmul_kind<mma_sync>, threads = array<i64: 1, 64>, warps = array<i64: 1, 2>, a_layout = #uop.shared_layout<swizzle = 4, unit = 8, period = 2>} : memref<32x16xf16>, memref<16x32xf16>, vector<4x4xf32>
    gpu.terminator
  }
  return
}

// -----

func.func @named_barrier_on_host() {
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.named_barrier id(1) threads(32)
  return
}

// -----

func.func @named_barrier_id_zero() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a barrier id from 1 to 15 (barrier 0 is uop.barrier's), got 0}}
    uop.named_barrier id(0) threads(32)
    gpu.terminator
  }
  return
}

// -----

func.func @named_barrier_id_16() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a barrier id from 1 to 15 (barrier 0 is uop.barrier's), got 16}}
    uop.named_barrier id(16) threads(32)
    gpu.terminator
  }
  return
}

// -----

func.func @named_barrier_part_of_a_warp() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected threads to be a positive multiple of the warp size (32), at most 1024, got 48}}
    uop.named_barrier id(1) threads(48)
    gpu.terminator
  }
  return
}

// -----

func.func @named_barrier_too_many(%n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected threads to be a positive multiple of the warp size (32), at most 1024, got 2048}}
    "uop.named_barrier"() {id = 1 : i32, threads = 2048 : i32} : () -> ()
    gpu.terminator
  }
  return
}

// -----

func.func @named_barrier_negative_id() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a barrier id from 1 to 15 (barrier 0 is uop.barrier's), got -1}}
    uop.named_barrier id(-1) threads(32)
    gpu.terminator
  }
  return
}

// -----

func.func @named_barrier_negative() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected threads to be a positive multiple of the warp size (32), at most 1024, got -32}}
    uop.named_barrier id(1) threads(-32)
    gpu.terminator
  }
  return
}

// -----

func.func @named_barrier_past_the_block() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected at most the block's 64 threads, got 128}}
    uop.named_barrier id(1) threads(128)
    gpu.terminator
  }
  return
}

// -----

gpu.module @kernels {
  gpu.func @known_block() kernel attributes {known_block_size = array<i32: 32, 2, 1>} {
    // expected-error @+1 {{expected at most the block's 64 threads, got 96}}
    uop.named_barrier id(1) threads(96)
    gpu.return
  }
}
