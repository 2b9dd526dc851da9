// Kernels on dynamic shared memory for test/Sim/dynamic-shared.test.
module attributes {gpu.container_module} {
  func.func @ok(%X: memref<32xf32>, %O: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %bytes = arith.constant 2048 : i32
    gpu.launch_func @kernels::@reverse blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        dynamic_shared_memory_size %bytes args(%X : memref<32xf32>, %O : memref<32xf32>)
    return
  }
  func.func @ref(%X: memref<32xf32>, %O: memref<32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %c0 to %c32 step %c1 {
      %j = arith.subi %c31, %i : index
      %v = memref.load %X[%j] : memref<32xf32>
      memref.store %v, %O[%i] : memref<32xf32>
    }
    return
  }
  func.func @past_end(%X: memref<32xf32>, %O: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %bytes = arith.constant 1000 : i32
    gpu.launch_func @kernels::@view_at_512 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        dynamic_shared_memory_size %bytes args()
    return
  }
  func.func @overlap(%X: memref<32xf32>, %O: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 2048 : i32
    gpu.launch_func @kernels::@overlapping blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        dynamic_shared_memory_size %bytes args()
    return
  }
  func.func @misaligned(%X: memref<32xf32>, %O: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 2048 : i32
    gpu.launch_func @kernels::@odd_offset blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        dynamic_shared_memory_size %bytes args()
    return
  }
  func.func @too_big(%X: memref<32xf32>, %O: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 1000000 : i32
    gpu.launch_func @kernels::@odd_offset blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        dynamic_shared_memory_size %bytes args()
    return
  }
  gpu.module @kernels attributes {uop.dynamic_shared_alignment = 256 : i64} {
    // Two views: thread t writes X[t] to the f32 view at byte 1024, and
    // after a barrier reads it back reversed through the i32 view at 0
    // (written by each thread as its id, unused) - the views do not alias.
    gpu.func @reverse(%X: memref<32xf32>, %O: memref<32xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %c31 = arith.constant 31 : index
      %tx = gpu.thread_id x
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %ids = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32xi32, #gpu.address_space<workgroup>>
      %vals = memref.view %dyn[%c1024][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32xf32, #gpu.address_space<workgroup>>
      %t = arith.index_cast %tx : index to i32
      memref.store %t, %ids[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
      %v = memref.load %X[%tx] : memref<32xf32>
      memref.store %v, %vals[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %j = arith.subi %c31, %tx : index
      %w = memref.load %vals[%j] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %O[%tx] : memref<32xf32>
      gpu.return
    }
    gpu.func @view_at_512() kernel {
      %c512 = arith.constant 512 : index
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %v = memref.view %dyn[%c512][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @overlapping() kernel {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %a = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
      %b = memref.view %dyn[%c256][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @odd_offset() kernel {
      %c2 = arith.constant 2 : index
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %a = memref.view %dyn[%c2][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
