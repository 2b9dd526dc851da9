// The threads of a block are grouped into warps of --warp-size consecutive
// linear thread ids (by default the warp_size of the module's uop.target:
// 32, as on every NVIDIA GPU): gpu.lane_id is
// a thread's lane in its warp, gpu.subgroup_id its warp, and a block of 48
// threads has a partial last warp.

// RUN: uop-sim %s --print-outputs | FileCheck %s --check-prefix=W32
// W32:      %lane: memref<48xindex> =
// W32-NEXT:   0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
// W32-NEXT: %warp: memref<48xindex> =
// W32-NEXT:   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
// W32-NEXT: %sizes: memref<2xindex> =
// W32-NEXT:   32 2

// RUN: uop-sim %s --print-outputs --warp-size 16 | FileCheck %s --check-prefix=W16
// W16:      %lane: memref<48xindex> =
// W16-NEXT:   0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
// W16-NEXT: %warp: memref<48xindex> =
// W16-NEXT:   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
// W16-NEXT: %sizes: memref<2xindex> =
// W16-NEXT:   16 3

// Without --warp-size the module's target decides: a hypothetical chip with
// warps of 16.
// RUN: sed -e 's/^func.func @main/module attributes {uop.target = #uop.target<chip = "sm_80", ptx = 70, tensor_core = none, max_static_shared = 49152, max_shared = 49152, banks = 32, bank_bytes = 4, warp_size = 16, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} { func.func @main/' -e 's/^}$/} }/' %s > %t.target16.mlir
// RUN: uop-sim %t.target16.mlir --print-outputs | FileCheck %s --check-prefix=W16

func.func @main(%lane: memref<48xindex>, %warp: memref<48xindex>,
                %sizes: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1) {
    %l = gpu.lane_id
    %w = gpu.subgroup_id : index
    %n = gpu.subgroup_size : index
    %m = gpu.num_subgroups : index
    memref.store %l, %lane[%tx] : memref<48xindex>
    memref.store %w, %warp[%tx] : memref<48xindex>
    memref.store %n, %sizes[%c0] : memref<2xindex>
    memref.store %m, %sizes[%c1] : memref<2xindex>
    gpu.terminator
  }
  return
}
