// Blocks of one launch run in no defined order on the hardware, so two
// blocks writing one global element, or one block writing what another
// read, without atomics, is a race, although the simulator runs the blocks
// one after another. Reported once per site (exit 2), naming both blocks
// and both operations. Reads of one element by many blocks (a GEMM's A and
// B) are fine, and so is a block re-reading what it wrote itself.

// Every block writes out[0].
// RUN: sh -c 'uop-sim %s --entry waw 2>&1; echo exit=$?' | FileCheck %s --check-prefix=WAW
// WAW: uop-sim: fault: inter-block race on %out[0]: write by block (0, 0, 0) at {{.*}}race-inter-block.mlir:[[@LINE+10]]:5, write by block (1, 0, 0) thread (0, 0, 0) at {{.*}}race-inter-block.mlir:[[@LINE+10]]:5 (blocks of a launch run in no defined order)
// WAW-NOT: uop-sim: fault
// WAW: exit=2
func.func @waw(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %out[%c0] : memref<4xf32>
    gpu.terminator
  }
  return
}

// Block b reads out[b] and writes out[b + 1]: block 0 writes out[1], which
// block 1 then reads (RAW across blocks).
// RUN: sh -c 'uop-sim %s --entry raw 2>&1; echo exit=$?' | FileCheck %s --check-prefix=RAW
// RAW: uop-sim: fault: inter-block race on %out[1]: write by block (0, 0, 0) at {{.*}}race-inter-block.mlir:[[@LINE+10]]:5, read by block (1, 0, 0) thread (0, 0, 0) at {{.*}}race-inter-block.mlir:[[@LINE+8]]:10
// RAW-NOT: uop-sim: fault
// RAW: exit=2
func.func @raw(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %out[%bx] : memref<4xf32>
    %n = arith.addi %bx, %c1 : index
    memref.store %v, %out[%n] : memref<4xf32>
    gpu.terminator
  }
  return
}

// Block 1 writes out[0], which block 0 read (WAR across blocks).
// RUN: sh -c 'uop-sim %s --entry war 2>&1; echo exit=$?' | FileCheck %s --check-prefix=WAR
// WAR: uop-sim: fault: inter-block race on %out[0]: read by block (0, 0, 0) at {{.*}}race-inter-block.mlir:[[@LINE+12]]:12, write by block (1, 0, 0) thread (0, 0, 0) at {{.*}}race-inter-block.mlir:[[@LINE+15]]:7
// WAR-NOT: uop-sim: fault
// WAR: exit=2
func.func @war(%out: memref<4xf32>, %dst: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %first = arith.cmpi eq, %bx, %c0 : index
    scf.if %first {
      %v = memref.load %out[%c0] : memref<4xf32>
      memref.store %v, %dst[%c0] : memref<4xf32>
    } else {
      memref.store %one, %out[%c0] : memref<4xf32>
    }
    gpu.terminator
  }
  return
}

// No race: every block reads all of %in (shared reads), re-reads the
// element of %out it wrote itself, and two launches in a row write the
// same elements (each launch starts afresh).
// RUN: sh -c 'uop-sim %s --entry clean 2>&1; echo exit=$?' | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: uop-sim: fault
// CLEAN: exit=0
func.func @clean(%in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.for %rep = %c0 to %c2 step %c1 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %zero, %out[%bx] : memref<4xf32>
      scf.for %k = %c0 to %c4 step %c1 {
        %a = memref.load %in[%k] : memref<4xf32>
        %acc = memref.load %out[%bx] : memref<4xf32>
        %s = arith.addf %a, %acc : f32
        memref.store %s, %out[%bx] : memref<4xf32>
      }
      gpu.terminator
    }
  }
  return
}
