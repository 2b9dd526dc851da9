// --max-memory refuses, before allocating anything, a program whose buffers
// (entry arguments and every statically sized allocation, shared buffers
// once per kernel) exceed the cap; one sized only at run time is refused
// when it is reached. Both are bad input (exit 3).

// The entry takes 3 x 64 KiB and allocates 32 KiB: 229376 bytes.
// RUN: sh -c 'uop-sim %s --max-memory 229375 2>&1; echo exit=$?' | FileCheck %s --check-prefix=STATIC
// STATIC: uop-sim: error: the program needs 229376 bytes of buffers, more than --max-memory=229375
// STATIC: exit=3
// RUN: sh -c 'uop-sim %s --max-memory 229376 2>&1; echo exit=$?' | FileCheck %s --check-prefix=FITS
// FITS: exit=0
// The dynamic allocation of 16 MiB passes the up-front check and is refused
// at run time.
// RUN: sh -c 'uop-sim %s --entry dynamic --max-memory 1000000 2>&1; echo exit=$?' | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: max-memory.mlir:[[@LINE+16]]:8: error: buffers need {{[0-9]+}} bytes, more than --max-memory=1000000
// DYNAMIC: exit=3
// The default cap is 4 GiB.
// RUN: sh -c 'uop-sim %s --entry huge 2>&1; echo exit=$?' | FileCheck %s --check-prefix=HUGE
// HUGE: uop-sim: error: the program needs 4294967308 bytes of buffers, more than --max-memory=4294967296
// HUGE: exit=3

func.func @main(%a: memref<128x128xf32>, %b: memref<128x128xf32>,
                %c: memref<128x128xf32>) {
  %t = memref.alloc() : memref<64x128xf32>
  memref.dealloc %t : memref<64x128xf32>
  return
}

func.func @dynamic(%a: memref<4xf32>) {
  %n = arith.constant 4194304 : index
  %t = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %t : memref<?xf32>
  return
}

func.func @huge(%a: memref<4xf32>) {
  %t = memref.alloc() : memref<1073741823xf32>
  memref.dealloc %t : memref<1073741823xf32>
  return
}

// An allocation whose byte size overflows 64 bits is refused with its
// element count, not wrapped around to a small one.
// RUN: sh -c 'uop-sim %s --entry overflow 2>&1; echo exit=$?' | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: max-memory.mlir:[[@LINE+4]]:8: error: expected an allocation of at most 2^63 - 1 elements, got 4294967296x4294967296 for 1 lane(s)
// OVERFLOW: exit=3
func.func @overflow(%out: memref<4xf32>) {
  %big = arith.constant 4294967296 : index
  %a = memref.alloc(%big, %big) : memref<?x?xf32>
  return
}

// A static shape whose byte size overflows is over any cap up front.
// RUN: sh -c 'uop-sim %s --entry static_overflow 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SOVERFLOW
// SOVERFLOW: uop-sim: error: the program needs 18446744073709551615 bytes of buffers, more than --max-memory=4294967296
// SOVERFLOW: exit=3
func.func @static_overflow(%out: memref<4xf32>) {
  %a = memref.alloc() : memref<4294967296x4294967296xf32>
  return
}

// Vector values count too: a vector<2^30xf32> takes 8 GiB as the simulator
// keeps it, over the default 4 GiB cap, and is refused before it is built.
// RUN: sh -c 'uop-sim %s --entry big_vector 2>&1; echo exit=$?' | FileCheck %s --check-prefix=VECTOR
// VECTOR: max-memory.mlir:[[@LINE+4]]:8: error: expected a vector value within --max-memory=4294967296 bytes, got vector<1073741824xf32> (8589934592 bytes for 1 lanes on top of 0 bytes of buffers)
// VECTOR: exit=3
func.func @big_vector(%out: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  %v = vector.broadcast %one : f32 to vector<1073741824xf32>
  return
}

// --max-memory takes binary suffixes: 4GiB is the default; 1KiB is too
// small for the 229376-byte main entry; anything else is refused.
// RUN: sh -c 'uop-sim %s --max-memory 4GiB 2>&1; echo exit=$?' | FileCheck %s --check-prefix=GIB
// GIB: exit=0
// RUN: sh -c 'uop-sim %s --max-memory 224k 2>&1; echo exit=$?' | FileCheck %s --check-prefix=KIB
// KIB: exit=0
// RUN: sh -c 'uop-sim %s --max-memory 1KiB 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SMALL
// SMALL: uop-sim: error: the program needs 229376 bytes of buffers, more than --max-memory=1024
// SMALL: exit=3
// RUN: sh -c 'uop-sim %s --max-memory 4XB 2>&1; echo exit=$?' | FileCheck %s --check-prefix=BADSUFFIX
// BADSUFFIX: uop-sim: error: expected --max-memory to be a byte count with an optional suffix K, M, G, T, KiB, MiB, GiB or TiB, got '4XB'
// BADSUFFIX: exit=3
