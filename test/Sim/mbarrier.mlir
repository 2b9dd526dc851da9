// The tiled GEMM of examples/smem_gemm.mlir with its two block barriers
// replaced by mbarriers: %bars[0] completes when every thread has copied
// its elements of the K step's tiles (read-after-write), %bars[1] when
// every thread has finished reading them (write-after-read). Each barrier
// expects 256 arrivals, one per thread; its phase advances once per K step,
// so each wait is for the parity the loop carries and flips.

// The kernel agrees with linalg and is race-free: a wait of the whole
// block on a barrier every thread arrives on orders the block.
// RUN: uop-sim %s --compare-with %S/Inputs/matmul_ref.mlir | FileCheck %s --check-prefix=OK
// OK: mismatches=0/12288

// The same after convert-uop-to-nvgpu (for sm_90a: sm_80 has no try_wait):
// the nvgpu.mbarrier ops it makes run
// with the same semantics.
// RUN: uop-opt %s --uop-attach-target=chip=sm_90a --convert-uop-to-nvgpu | FileCheck %s --check-prefix=NVGPU
// RUN: uop-opt %s --uop-attach-target=chip=sm_90a --convert-uop-to-nvgpu | uop-sim - --compare-with %S/Inputs/matmul_ref.mlir | FileCheck %s --check-prefix=OK
// NVGPU: nvgpu.mbarrier.init %{{.*}}[%{{.*}}], %{{.*}} : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// NVGPU: %{{.*}} = nvgpu.mbarrier.arrive %{{.*}}[%{{.*}}] : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2> -> !nvgpu.mbarrier.token
// NVGPU: nvgpu.mbarrier.try_wait.parity %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

// The seed's bug: the phase is not flipped after a wait. The first K step
// completes phase 0; the second waits for parity 0 again, i.e. for phase 2,
// which needs the arrivals of a third step that no thread reaches.
// RUN: sed 's/arith.xori %%phase, %%true/arith.xori %%phase, %%false/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=TOGGLE
// TOGGLE: uop-sim: fault: deadlock at {{.*}} in block (0, 0, 0): thread (0, 0, 0) waits for phase 2 (parity 0) of mbarrier %bars[0], which still expects 256 of 256 arrivals and 0 transaction bytes that no thread can provide
// TOGGLE: exit=2

// One arrival more than the block has threads: the first phase never
// completes.
// RUN: sed 's/%%count = arith.constant 256/%%count = arith.constant 257/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=COUNT
// COUNT: uop-sim: fault: deadlock at {{.*}}: thread (0, 0, 0) waits for phase 0 (parity 0) of mbarrier %bars[0], which still expects 1 of 257 arrivals
// COUNT: exit=2

// Never initialized.
// RUN: sed '/uop.mbarrier_init/d' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=INIT
// INIT: uop-sim: fault: mbarrier misuse at {{.*}} in block (0, 0, 0): thread (0, 0, 0) arrived on the uninitialized mbarrier %bars[0]
// INIT: uop-sim: fault: mbarrier misuse at {{.*}} in block (0, 0, 0): thread (0, 0, 0) waited on the uninitialized mbarrier %bars[0]
// INIT: exit=2

!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>

func.func @main(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %count = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1) {
    %sA = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %sB = uop.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %bars = nvgpu.mbarrier.create -> !bars
    // One thread initializes both barriers; the block barrier makes that
    // visible before anyone arrives.
    %t0 = arith.addi %tx, %ty : index
    %first = arith.cmpi eq, %t0, %c0 : index
    scf.if %first {
      uop.mbarrier_init %bars[%c0], %count : !bars
      uop.mbarrier_init %bars[%c1], %count : !bars
    }
    uop.barrier
    %row0 = arith.muli %by, %c16 : index
    %row = arith.addi %row0, %ty : index
    %col0 = arith.muli %bx, %c16 : index
    %col = arith.addi %col0, %tx : index
    %acc:2 = scf.for %kt = %c0 to %c4 step %c1
        iter_args(%sum = %zero, %phase = %false) -> (f32, i1) {
      %k0 = arith.muli %kt, %c16 : index
      %ka = arith.addi %k0, %tx : index
      %a = memref.load %A[%row, %ka] : memref<64x64xf32>
      memref.store %a, %sA[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %kb = arith.addi %k0, %ty : index
      %b = memref.load %B[%kb, %col] : memref<64x64xf32>
      memref.store %b, %sB[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      uop.mbarrier_arrive %bars[%c0] : !bars
      uop.mbarrier_wait %bars[%c0], %phase : !bars
      %next = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %sum) -> (f32) {
        %x = memref.load %sA[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = memref.load %sB[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %n = arith.addf %s, %p : f32
        scf.yield %n : f32
      }
      uop.mbarrier_arrive %bars[%c1] : !bars
      uop.mbarrier_wait %bars[%c1], %phase : !bars
      %next_phase = arith.xori %phase, %true : i1
      scf.yield %next, %next_phase : f32, i1
    }
    memref.store %acc#0, %C[%row, %col] : memref<64x64xf32>
    gpu.terminator
  }
  return
}
