// RUN: uop-opt %s -split-input-file -verify-diagnostics
// Every diagnostic of the sync family (mbarriers, remote arrivals).

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

func.func @outside_a_kernel(%bars: !bars) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expected to be nested in a gpu.launch or a kernel gpu.func}}
  uop.mbarrier_init %bars[%c1], %c1 : !bars
  return
}

// -----

!global = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>>

func.func @not_shared(%bars: !global) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %true = arith.constant true
    // expected-error @+1 {{expected mbarriers in #gpu.address_space<workgroup>, got '!nvgpu.mbarrier.group<memorySpace = #gpu.address_space<global>>'}}
    uop.mbarrier_wait %bars[%tx], %true : !global
    gpu.terminator
  }
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

func.func @index_outside_the_group() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %bars = nvgpu.mbarrier.create -> !bars
    // expected-error @+1 {{expected a barrier index in [0, 2), got 2}}
    uop.mbarrier_arrive %bars[%c2] : !bars
    gpu.terminator
  }
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

func.func @zero_arrivals() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %bars = nvgpu.mbarrier.create -> !bars
    // expected-error @+1 {{expected an arrival count in [1, 1048575], got 0}}
    uop.mbarrier_init %bars[%c0], %c0 : !bars
    gpu.terminator
  }
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

func.func @too_many_arrivals() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 1048576 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %bars = nvgpu.mbarrier.create -> !bars
    // expected-error @+1 {{expected an arrival count in [1, 1048575], got 1048576}}
    uop.mbarrier_init %bars[%c0], %big : !bars
    gpu.terminator
  }
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>

func.func @too_many_bytes() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 1048576 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %bars = nvgpu.mbarrier.create -> !bars
    // expected-error @+1 {{expected an expect_tx byte count in [0, 1048575], got 1048576}}
    uop.mbarrier_arrive %bars[%c0] expect_tx %big : !bars
    gpu.terminator
  }
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

func.func @remote_rank_past_a_cluster(%bars: !bars) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a cluster rank in [0, 16), got 16}}
    uop.mbarrier_arrive %bars[%c1] cta %c16 : !bars
    gpu.terminator
  }
  return
}

// -----

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

func.func @remote_rank_negative(%bars: !bars) {
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{expected a cluster rank in [0, 16), got -1}}
    uop.mbarrier_arrive %bars[%c1] cta %cm1 : !bars
    gpu.terminator
  }
  return
}
