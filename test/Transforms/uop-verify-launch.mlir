// RUN: uop-opt %s --uop-verify-launch --split-input-file --verify-diagnostics

// Launch sizes outside the target's limits are refused where they are
// constants: a block of 2048, 0 or -1 threads, a grid of 0 or 2^40 blocks.
func.func @threads_2048() {
  %c1 = arith.constant 1 : index
  %c2048 = arith.constant 2048 : index
  // expected-error @+1 {{'gpu.launch' op expected a block size along x between 1 and 1024 (the limit of sm_80), got 2048}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2048, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @threads_product() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'gpu.launch' op expected at most 1024 threads per block (the limit of sm_80), got 64x64x1 = 4096}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c64, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @threads_zero() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'gpu.launch' op expected a block size along y between 1 and 1024 (the limit of sm_80), got 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c0, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @threads_negative() {
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  // expected-error @+1 {{'gpu.launch' op expected a block size along z between 1 and 64 (the limit of sm_80), got -1}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %cm1) {
    gpu.terminator
  }
  return
}

// -----

func.func @grid_zero() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'gpu.launch' op expected a grid size along x between 1 and 2147483647 (the limit of sm_80), got 0}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c0, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @grid_2_40() {
  %c1 = arith.constant 1 : index
  %big = arith.constant 1099511627776 : index
  // expected-error @+1 {{'gpu.launch' op expected a grid size along x between 1 and 2147483647 (the limit of sm_80), got 1099511627776}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %big, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// The limits are the module's target's.
module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @grid_y(%n: index) {
    %c1 = arith.constant 1 : index
    %c65536 = arith.constant 65536 : index
    // expected-error @+1 {{'gpu.launch' op expected a grid size along y between 1 and 65535 (the limit of sm_90a), got 65536}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c65536, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    return
  }
}

// -----

// A uop.matmul whose threads are not the block's shape.
func.func @matmul_threads(%A: memref<16x4xf32>, %B: memref<4x16xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %acc = arith.constant dense<0.0> : vector<1x1xf32>
    // expected-error @+1 {{'uop.matmul' op expected a block of 16x16x1 threads for threads = [16, 16], got 16x1x1}}
    %r = uop.matmul %A, %B, %acc {threads = array<i64: 16, 16>} : memref<16x4xf32>, memref<4x16xf32>, vector<1x1xf32>
    gpu.terminator
  }
  return
}

// -----

// Sizes within the limits, and sizes only known at run time, pass.
func.func @fine(%n: index) {
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1024, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// Atomics and reductions the NVVM lowering cannot take are refused here,
// naming the op, rather than failing later in upstream terms ("failed to
// legalize", an unrealized cast, an NVVM operand type).
func.func @atomic_mulf(%o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'memref.atomic_rmw' op expected an atomic PTX has (add, min, max, exchange, and, or, xor), got mulf: there is no atomic multiply}}
    %r = memref.atomic_rmw mulf %two, %o[%c0] : (f32, memref<1xf32>) -> f32
    gpu.terminator
  }
  return
}

// -----

func.func @atomic_muli(%o: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{got muli: there is no atomic multiply}}
    %r = memref.atomic_rmw muli %two, %o[%c0] : (i32, memref<1xi32>) -> i32
    gpu.terminator
  }
  return
}

// -----

// memref.atomic_rmw's verifier accepts a float kind on an integer.
func.func @atomic_float_kind_on_int(%o: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'memref.atomic_rmw' op expected an integer atomic kind for 'i32', got maxnumf}}
    %r = memref.atomic_rmw maxnumf %two, %o[%c0] : (i32, memref<1xi32>) -> i32
    gpu.terminator
  }
  return
}

// -----

func.func @generic_atomic_float(%o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'memref.generic_atomic_rmw' op expected an integer element type for the compare-and-swap loop, got 'f32'}}
    %r = memref.generic_atomic_rmw %o[%c0] : memref<1xf32> {
    ^bb0(%cur: f32):
      %x = arith.mulf %cur, %two : f32
      memref.atomic_yield %x : f32
    }
    gpu.terminator
  }
  return
}

// -----

func.func @generic_atomic_outside_value(%o: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'memref.generic_atomic_rmw' op expected the yielded value to be computed in the body, got one defined outside it (compute it from the current value, or use memref.atomic_rmw assign)}}
    %r = memref.generic_atomic_rmw %o[%c0] : memref<1xi32> {
    ^bb0(%cur: i32):
      memref.atomic_yield %two : i32
    }
    gpu.terminator
  }
  return
}

// -----

func.func @all_reduce_f16(%o: memref<1xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f16
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'gpu.all_reduce' op expected a 32- or 64-bit integer or float, got 'f16': the reduction shuffles 32-bit words}}
    %s = gpu.all_reduce add %one uniform {} : (f16) -> f16
    memref.store %s, %o[%c0] : memref<1xf16>
    gpu.terminator
  }
  return
}

// -----

func.func @subgroup_reduce(%o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'gpu.subgroup_reduce' op is not supported by uop's NVVM lowering: expected gpu.all_reduce (a block) or gpu.shuffle (a warp)}}
    %s = gpu.subgroup_reduce add %one : (f32) -> f32
    memref.store %s, %o[%c0] : memref<1xf32>
    gpu.terminator
  }
  return
}

// -----

// A kernel parameter with no LLVM type fails the conversion of the whole
// gpu.func ("failed to legalize operation 'gpu.func'").
module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @+1 {{'gpu.func' op expected parameters of integer, float, vector or memref type, got 'tensor<4xf32>' for parameter 1}}
    gpu.func @f(%a: memref<4xf32>, %t: tensor<4xf32>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @+1 {{got 'none' for parameter 0}}
    gpu.func @f(%a: none) kernel {
      gpu.return
    }
  }
}

// -----

// A shared buffer of an element type with no LLVM form (tf32) is refused by
// name: the gpu.func lowering would crash on its attribution (found by
// uop-fuzz).
func.func @tf32_shared() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'uop.alloc_shared' op expected a shared buffer of an element type with an LLVM form (integers, index, f16, bf16, f32, f64, vectors of them), got 'tf32'}}
    %s = uop.alloc_shared : memref<32xtf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{'gpu.func' op expected workgroup and private attributions of an element type with an LLVM form (integers, index, f16, bf16, f32, f64, vectors of them), got 'tf32'}}
    gpu.func @kernel() workgroup(%s : memref<32xtf32, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
}

// -----

// Thread-block clusters: sm_80 has none.
func.func @clusters_on_sm80() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'gpu.launch' op expected a target with thread-block clusters (sm_90 and newer), got sm_80}}
  gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
             blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// sm_90 and sm_120 launch clusters too (their tensor cores are mma.sync,
// but clusters came with compute capability 9.0).
module attributes {uop.target = #uop.target<chip = "sm_120", ptx = 87, tensor_core = mma_sync, max_static_shared = 49152, max_shared = 101376, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @clusters_on_sm120() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    // expected-error @+1 {{'gpu.launch' op expected a cluster size along x between 1 and 8 (the portable cluster size of sm_120), got 16}}
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c16, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    return
  }
}

// -----

// A cluster past the portable 8 blocks, along one dimension and in all.
module attributes {gpu.container_module, uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @cluster_16() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{'gpu.launch' op expected a cluster size along x between 1 and 8 (the portable cluster size of sm_90a), got 16}}
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c16, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    return
  }
  func.func @cluster_4x4() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{'gpu.launch' op expected at most 8 blocks per cluster (the portable cluster size of sm_90a), got 16}}
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c4, %ncy = %c4, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    return
  }
  // A grid that is not a whole number of clusters.
  func.func @cluster_not_tiling() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    // expected-error @+1 {{'gpu.launch' op expected a grid that is a whole number of clusters, got a grid size of 3 along x for clusters of 2}}
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    return
  }
  // The same on an outlined launch.
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @cluster_launch_func() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    // expected-error @+1 {{'gpu.launch_func' op expected a grid that is a whole number of clusters, got a grid size of 3 along y for clusters of 2}}
    gpu.launch_func @kernels::@k clusters in (%c1, %c2, %c1) blocks in (%c1, %c3, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
