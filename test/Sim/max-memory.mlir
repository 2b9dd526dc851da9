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
