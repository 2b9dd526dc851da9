// uop.setmaxnreg in uop-sim: whole warpgroups move their register budget
// (no effect on the numbers); part of a warpgroup, or a decrease that
// raises the budget, is a setmaxnreg misuse.

// RUN: sh -c 'uop-sim %s 2>&1; echo exit=$?' | FileCheck %s --check-prefix=OK
// OK-NOT: fault
// OK: exit=0

// Half a warpgroup.
// RUN: sed 's/%%threads = arith.constant 256/%%threads = arith.constant 192/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: setmaxnreg misuse at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (128, 0, 0) executes setmaxnreg with 64 of the 128 threads of warpgroup 1 (setmaxnreg is warpgroup-collective, .sync.aligned)
// PARTIAL: exit=2

// A decrease that raises the budget.
// RUN: sed 's/uop.setmaxnreg decrease 32/uop.setmaxnreg decrease 48/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=RAISE
// RAISE: uop-sim: fault: setmaxnreg misuse at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (0, 0, 0) decreases the register budget of warpgroup 0 to 48 from 40 (setmaxnreg.dec may only lower it)
// RAISE: exit=2

module attributes {uop.target = #uop.target<chip = "sm_90a", ptx = 80, tensor_core = wgmma, max_static_shared = 49152, max_shared = 232448, banks = 32, bank_bytes = 4, warp_size = 32, max_threads = 1024, max_block = [1024, 1024, 64], max_grid = [2147483647, 65535, 65535]>} {
  func.func @main() {
    %c1 = arith.constant 1 : index
    %threads = arith.constant 256 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
      uop.setmaxnreg decrease 40
      uop.setmaxnreg decrease 32
      uop.setmaxnreg increase 64
      gpu.terminator
    }
    return
  }
}
