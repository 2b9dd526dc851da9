// uop.setmaxnreg in uop-sim: whole warpgroups move their register budget
// (no effect on the numbers) through the block's pool: a block of T threads
// starts at 65536 / T registers a thread (rounded down to a multiple of 8,
// at most 248), a decrease releases registers to the pool, an increase
// takes them and waits until the pool has them. Part of a warpgroup, a
// decrease that raises the budget, or an increase the pool can never pay
// for is a setmaxnreg misuse.

// RUN: sh -c 'uop-sim %s 2>&1; echo exit=$?' | FileCheck %s --check-prefix=OK
// OK-NOT: fault
// OK: exit=0

// Half a warpgroup.
// RUN: sed 's/%%threads = arith.constant 256/%%threads = arith.constant 192/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: uop-sim: fault: setmaxnreg misuse at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (128, 0, 0) executes setmaxnreg with 64 of the 128 threads of warpgroup 1 (setmaxnreg is warpgroup-collective, .sync.aligned)
// PARTIAL: exit=2

// An increase no decrease pays for (256 threads start at 248; the
// decreases release 128 x (248 - 32) per warpgroup; 248 + 216 / 2 = 356 is
// past the 256 a thread may have, so ask for more than the pool holds with
// a third warpgroup that gives nothing).
// RUN: sed 's/%%threads = arith.constant 256/%%threads = arith.constant 384/; s/uop.setmaxnreg decrease 40/uop.setmaxnreg increase 168/; s/uop.setmaxnreg decrease 32/uop.setmaxnreg increase 200/; s/uop.setmaxnreg increase 64/uop.setmaxnreg increase 208/' %s | sh -c 'uop-sim - 2>&1; echo exit=$?' | FileCheck %s --check-prefix=POOL
// POOL: uop-sim: fault: setmaxnreg misuse at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (0, 0, 0) increases the register budget of warpgroup 0 from 168 to 200, which needs 4096 registers from the block's pool, which holds 0 and no other thread can release more
// POOL: exit=2

// The two roles of a warp-specialized kernel: the branch that increases
// runs first and waits (as a path) until the other branch's decrease has
// filled the pool.
// RUN: sh -c 'uop-sim %s --entry roles 2>&1; echo exit=$?' | FileCheck %s --check-prefix=OK
// Without the decrease the increase waits for ever.
// RUN: sed 's/uop.setmaxnreg decrease 24/uop.setmaxnreg decrease 248/' %s | sh -c 'uop-sim - --entry roles 2>&1; echo exit=$?' | FileCheck %s --check-prefix=ROLES
// ROLES: uop-sim: fault: setmaxnreg misuse at <stdin>:{{[0-9]+}}:{{[0-9]+}} in block (0, 0, 0): thread (0, 0, 0) increases the register budget of warpgroup 0 from 248 to 256, which needs 1024 registers from the block's pool, which holds 0 and no other thread can release more
// ROLES: exit=2

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

  func.func @roles() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %first = arith.cmpi ult, %tx, %c128 : index
      scf.if %first {
        uop.setmaxnreg increase 256
      } else {
        uop.setmaxnreg decrease 24
      }
      gpu.terminator
    }
    return
  }
}
