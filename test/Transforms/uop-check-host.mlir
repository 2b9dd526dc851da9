// A linalg op left in a host function (neither compiled into a kernel nor
// fused into one) is an error naming it; device code is not checked.
// RUN: uop-opt %s --uop-check-host --split-input-file --verify-diagnostics

func.func @leftover_generic(%T: memref<32x32xf32>, %C: memref<32x32xf16>) {
  // expected-error @+1 {{expected the host function @leftover_generic to hold only allocations, launches and calls, got 'linalg.generic', which is neither fused into a kernel nor compiled into one}}
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<32x32xf32>) outs(%C : memref<32x32xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  return
}

// -----

// Every leftover is named, a fill and a matmul alike.
func.func @two_leftovers(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<8x8xf32>
  // expected-error @+1 {{got 'linalg.fill'}}
  linalg.fill ins(%zero : f32) outs(%C : memref<8x8xf32>)
  // expected-error @+1 {{got 'linalg.matmul'}}
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  memref.dealloc %t : memref<8x8xf32>
  return
}

// -----

// What a compiled host function holds: allocations, launches, calls. Kernels
// (a gpu.launch body, a gpu.module) are device code and not checked here.
module attributes {gpu.container_module} {
  func.func @helper(%C: memref<8xf32>) {
    return
  }
  func.func @host(%C: memref<8xf32>) {
    %c1 = arith.constant 1 : index
    %t = memref.alloc() : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      linalg.copy ins(%C : memref<8xf32>) outs(%t : memref<8xf32>)
      gpu.terminator
    }
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%C : memref<8xf32>)
    func.call @helper(%C) : (memref<8xf32>) -> ()
    memref.dealloc %t : memref<8xf32>
    return
  }
  gpu.module @kernels {
    gpu.func @k(%C: memref<8xf32>) kernel {
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%C : memref<8xf32>)
      gpu.return
    }
  }
}
