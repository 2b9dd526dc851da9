// Shared memrefs whose elements are vectors (reported to crash uop-opt; the
// segfault did not reproduce after the zero copy width in the bank-conflict
// analysis was fixed): the analysis sees one 16-byte access per thread, the
// pipeline and the NVPTX backend emit vector accesses to shared memory, and
// the simulator, which has no vector elements in memory, refuses the input
// in one line.

// RUN: uop-opt %s --uop-bank-conflicts 2>&1 >/dev/null | FileCheck %s --check-prefix=BANKS
// BANKS: remark: shared store of 'memref<32xvector<4xf32>, #gpu.address_space<workgroup>>': 4 passes per warp access (4 phases of 8 lanes, conflict-free)
// BANKS: remark: shared load of 'memref<32xvector<4xf32>, #gpu.address_space<workgroup>>': 4 passes per warp access (4 phases of 8 lanes, conflict-free)
// BANKS: remark: shared store of '@sh': 1 pass per warp access (conflict-free)
// BANKS: remark: shared load of '@sh': 1 pass per warp access (conflict-free)

// RUN: uop-opt %s --uop-compile | uop-translate --uop-to-ptx | FileCheck %s --check-prefix=PTX
// PTX-DAG: .shared .align 16 .b8 __wg_f_0[512];
// PTX-DAG: st.shared.v4.b32
// PTX-DAG: ld.shared.v4.b32
// PTX-DAG: .shared .align 4 .b8 sh[128];
// PTX-DAG: st.shared.b32

// RUN: sh -c 'uop-sim %s --entry host 2>&1; echo exit=$?' | FileCheck %s --check-prefix=SIM
// SIM: error: unsupported element type in 'memref<64xvector<4xf32>>'
// SIM: exit=3

module attributes {gpu.container_module} {
  func.func @host(%g: memref<64xvector<4xf32>>) {
    return
  }
  gpu.module @k {
    memref.global "private" @sh : memref<32xvector<2xf16>, #gpu.address_space<workgroup>>
    gpu.func @f(%g: memref<64xvector<4xf32>>) workgroup(%s: memref<32xvector<4xf32>, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %g[%tx] : memref<64xvector<4xf32>>
      memref.store %v, %s[%tx] : memref<32xvector<4xf32>, #gpu.address_space<workgroup>>
      gpu.barrier
      %x = memref.load %s[%tx] : memref<32xvector<4xf32>, #gpu.address_space<workgroup>>
      memref.store %x, %g[%tx] : memref<64xvector<4xf32>>
      gpu.return
    }
    gpu.func @h(%g: memref<64xvector<2xf16>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %sh = memref.get_global @sh : memref<32xvector<2xf16>, #gpu.address_space<workgroup>>
      %v = memref.load %g[%tx] : memref<64xvector<2xf16>>
      memref.store %v, %sh[%tx] : memref<32xvector<2xf16>, #gpu.address_space<workgroup>>
      gpu.barrier
      %x = memref.load %sh[%tx] : memref<32xvector<2xf16>, #gpu.address_space<workgroup>>
      memref.store %x, %g[%tx] : memref<64xvector<2xf16>>
      gpu.return
    }
  }
}
