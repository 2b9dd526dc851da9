"""The package used wrongly, or at its edges: every case a uop.Error (or
the right answer), never a crash of the interpreter (run by ctest as
uop-python)."""
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import uop

# An op whose verifier MLIR 22 crashes on (a null dereference); uop-opt
# reports it as an internal error, the package as uop.Error.
VERIFIER_CRASH = """func.func @main(%v: vector<4xf32>) {
  %0 = "llvm.intr.vector.interleave2"(%v, %v) : (vector<4xf32>, vector<4xf32>) -> f32
  return
}"""


def test_crash_in_mlir_is_an_error_not_the_end_of_the_process():
    with pytest.raises(uop.Error, match="internal error: MLIR or LLVM "
                                        "crashed in parsing or verifying"):
        uop.compile(VERIFIER_CRASH)
    with pytest.raises(uop.Error, match="crashed in the simulation"):
        uop.simulate(VERIFIER_CRASH)
    # A pass nested where it cannot run (LLVM ERROR: Can't add pass ...).
    with pytest.raises(uop.Error, match="crashed in parsing the pipeline"):
        uop.run_pipeline("module {}", "builtin.module(func.func(uop-compile))")
    # An upstream pass that crashes on this input.
    with pytest.raises(uop.Error, match="crashed in the pipeline"):
        uop.run_pipeline(uop.matmul_problem(32, 32, 8),
                         "builtin.module(func.func(convert-to-llvm))")
    # The process goes on, and so does the compiler.
    k = uop.compile(uop.matmul_problem(32, 32, 16), tile=(32, 32, 8),
                    thread_tile=(4, 4))
    uop.simulate(k, seed=1)


def test_builder_refuses_what_the_parser_crashes_on():
    for build in (
            lambda b: b.op("arith.constant", results=["i32"],
                           value="array<index: 1, 2>"),
            lambda b: b.alloc_shared((4,), "f32, array<index: 1>")):
        b = uop.KernelBuilder()
        with pytest.raises(uop.Error, match="dense arrays of 'index'"):
            with b.function("main"):
                build(b)
    b = uop.KernelBuilder()
    with pytest.raises(uop.Error, match="dense arrays of 'index'"):
        with b.function("main", "memref<4xf32, array<index: 1>>"):
            pass


def test_big_endian_arrays_are_read_as_numbers():
    k = uop.compile(uop.matmul_problem(32, 32, 16), tile=(32, 32, 8),
                    thread_tile=(4, 4))
    a = np.ones((32, 16), ">f4")
    b = np.full((16, 32), 2, ">f4")
    _, _, c = uop.simulate(k, a, b, np.zeros((32, 32), np.float32))
    assert (c == 32).all()


def test_zero_dimensional_array():
    z = np.array(3.0, np.float32)
    (out,) = uop.simulate("func.func @main(%a: memref<f32>) { return }", z,
                          check=False)
    assert out.shape == () and out == 3.0


def test_unsigned_element_types_come_back():
    (out,) = uop.simulate("func.func @main(%a: memref<4xui8>) { return }",
                          np.arange(4, dtype=np.uint8), check=False)
    assert out.dtype == np.uint8 and list(out) == [0, 1, 2, 3]


def test_tf32_kernel_checks_against_its_source():
    k = uop.compile(uop.matmul_problem(64, 64, 64), precision="tf32")
    x = np.random.default_rng(0).random((64, 64), dtype=np.float32)
    uop.simulate(k, x, x, np.zeros((64, 64), np.float32))
    # The f32 tolerance still applies when asked for.
    with pytest.raises(uop.Mismatch):
        uop.simulate(k, x, x, np.zeros((64, 64), np.float32), atol=0,
                     rtol=0)


def test_tf32_wgmma_kernel_truncates_its_inputs():
    # On sm_90a an f32 GEMM with B stored N x K and precision=tf32 runs on
    # wgmma, which reads each f32 as tf32 by dropping its low 13 mantissa
    # bits: the simulated C is the product of the truncated inputs, off
    # the exact one by about 2^-10 relative.
    k = uop.compile(uop.matmul_problem(128, 64, 64, transpose_b=True),
                    "sm_90a", precision="tf32")
    assert "uop.wgmma_mma" in k.ir("kernel")
    rng = np.random.default_rng(1)
    a = rng.random((128, 64), dtype=np.float32)
    b = rng.random((64, 64), dtype=np.float32)
    (_, _, c) = uop.simulate(k, a, b, np.zeros((128, 64), np.float32))

    def tf32(x):
        return (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)

    truncated = tf32(a).astype(np.float64) @ tf32(b).astype(np.float64).T
    exact = a.astype(np.float64) @ b.astype(np.float64).T
    assert np.abs(c - truncated).max() < 1e-4
    assert np.abs(c - exact).max() > 1e-3


@pytest.mark.parametrize("options,message", [
    (dict(seed=-1), "seed: expected an integer from 0"),
    (dict(seed=2**64), r"seed: expected an integer from 0 to 2\*\*64 - 1, got"),
    (dict(warp_size=-1), "warp_size: expected an integer from 1"),
    (dict(max_steps=-1), "max_steps: expected an integer from 1"),
    (dict(max_memory=0), "max_memory: expected an integer from 1"),
    (dict(atol="1e-3"), "atol: expected a number >= 0"),
    (dict(rtol=-1.0), "rtol: expected a number >= 0"),
])
def test_simulator_options_are_checked(options, message):
    k = uop.compile(uop.matmul_problem(32, 32, 16), tile=(32, 32, 8),
                    thread_tile=(4, 4))
    with pytest.raises(uop.Error, match=message):
        uop.simulate(k, **options)


def test_matmul_problem_takes_numpy_dtypes():
    assert uop.matmul_problem(8, 8, 8, dtype=np.float16) == \
        uop.matmul_problem(8, 8, 8, dtype="float16")
    with pytest.raises(uop.Error, match="expected a dtype name"):
        uop.matmul_problem(8, 8, 8, dtype=object())


def run_builder(build, array):
    b = uop.KernelBuilder()
    with b.function("main", f"memref<{array.size}x{_mlir(array.dtype)}>") \
            as (m,):
        build(b, m)
    (out,) = uop.simulate(b.text, array, check=False)
    return out


def _mlir(dtype):
    return {np.dtype(np.int32): "i32", np.dtype(np.int64): "index"}[dtype]


def test_integer_division_and_remainder_round_as_python_does():
    def build(b, m):
        x = b.load(m, 0)
        b.store(x // 2, m, 1)
        b.store(x % 3, m, 2)
        b.store(x % -3, m, 3)
        b.store((x * -1) % 3, m, 4)
    out = run_builder(build, np.array([-7, 0, 0, 0, 0], np.int32))
    assert list(out) == [-7, -7 // 2, -7 % 3, -7 % -3, 7 % 3]


def test_cmp_takes_every_predicate():
    def build(b, m):
        one, two = b.index(1), b.index(2)
        for i, p in enumerate(["eq", "ne", "slt", "sle", "sgt", "sge", "ult",
                               "ule", "ugt", "uge"]):
            with b.if_(b.cmp(p, one, two)):
                b.store(b.index(1), m, i)
        x = b.constant(1.0, "f32")
        with b.if_(b.cmp("olt", x, 2.0)):
            b.store(b.index(1), m, 10)
    out = run_builder(build, np.zeros(11, np.int64))
    assert list(out) == [0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1]
    b = uop.KernelBuilder()
    with pytest.raises(uop.Error, match="cmp: expected one of eq, ne"):
        with b.function("main"):
            b.cmp("less", b.index(1), 2)


@pytest.mark.parametrize("value,type,message", [
    (1000, "i8", "1000 does not fit i8"),
    (2**40, "i32", "does not fit i32"),
    (5, "i1", "5 does not fit i1"),
    (2**64, "index", "does not fit index"),
    (1.5, "i32", "expected an integer for i32"),
    ("abc", "f32", "expected a number"),
])
def test_constants_that_do_not_fit_are_errors(value, type, message):
    b = uop.KernelBuilder()
    with pytest.raises(uop.Error, match=message):
        with b.function("main"):
            b.constant(value, type)


def test_an_exception_in_a_scope_leaves_the_builder_usable():
    b = uop.KernelBuilder()
    with pytest.raises(ValueError):
        with b.function("broken", "memref<4xf32>"):
            with b.for_(0, 4):
                raise ValueError("in the body")
    with b.function("main", "memref<4xf32>") as (m,):
        b.store(1.0, m, 0)
    assert "@broken" not in b.text and "@main" in b.text
    with pytest.raises(uop.Error, match="if_: expected an i1"):
        with b.function("other"):
            with b.if_(True):
                pass


def test_builder_names_what_it_cannot_do():
    b = uop.KernelBuilder()
    with pytest.raises(uop.Error, match="expected a function name"):
        with b.function(""):
            pass
    with pytest.raises(uop.Error, match="no float form of this operator on "
                                        "f32"):
        with b.function("main"):
            b.constant(1.0, "f32") // 2.0
    with pytest.raises(uop.Error, match="no integer form of this operator "
                                        "on index"):
        with b.function("main"):
            b.index(1) / 2


# A child interpreter's first lines: `src`, a host loop that never ends
# (it would take minutes to reach the simulator's step budget).
ENDLESS_PREAMBLE = r'''
import sys, threading, time, uop
src = """func.func @main() {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %t = arith.constant true
    scf.condition(%t) %i : index
  } do {
  ^bb0(%i: index):
    scf.yield %i : index
  }
  return
}"""
'''

ENDLESS = ENDLESS_PREAMBLE + r'''
print("started", flush=True)
try:
    uop.simulate(src, check=False)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
'''


def test_ctrl_c_ends_a_simulation():
    # A host loop that never ends takes minutes to reach the step budget;
    # Ctrl-C ends it within a poll (50 ms) and one operation.
    child = subprocess.Popen([sys.executable, "-c", ENDLESS],
                             stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.0)
    start = time.time()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert out.strip() == "interrupted"
    assert time.time() - start < 10


def test_values_of_an_abandoned_scope_refuse_to_be_used():
    b = uop.KernelBuilder()
    with b.function("main", "memref<4xf32>") as (m,):
        with pytest.raises(ValueError):
            with b.for_(0, 4) as loop:
                y = b.load(m, loop.iv) * 2.0
                raise ValueError("in the body")
        with pytest.raises(uop.Error, match="a value of a with block that an "
                                            "exception left"):
            b.store(y + 1.0, m, 0)
        with pytest.raises(uop.Error, match="exception left"):
            y.type
    kept = None
    with pytest.raises(ValueError):
        with b.function("f", "memref<4xf32>") as (arg,):
            kept = arg
            raise ValueError("in the function")
    with b.function("g", "memref<4xf32>") as (m,):
        with pytest.raises(uop.Error, match="exception left"):
            b.load(kept, 0)
        b.store(1.0, m, 0)
    assert "@g" in b.text and "@f" not in b.text


def test_a_failed_end_leaves_the_builder_usable():
    b = uop.KernelBuilder()
    with pytest.raises(uop.Error, match="the loop carries 0 values, got 1"):
        with b.function("f", "memref<4xf32>") as (m,):
            with b.for_(0, 4) as loop:
                loop.yield_(b.load(m, loop.iv))
    with b.function("main", "memref<4xf32>") as (m,):
        b.store(1.0, m, 0)
    assert "@main" in b.text


def test_builder_verifier_crash_is_an_error():
    b = uop.KernelBuilder()
    with b.function("main", "vector<4xf32>") as (v,):
        with pytest.raises(uop.Error, match="crashed in verifying"):
            b.op("llvm.intr.vector.interleave2", v, v, results=["f32"])


def test_numpy_scalars_are_numbers():
    k = uop.compile(uop.matmul_problem(32, 32, 16), tile=(32, 32, 8),
                    thread_tile=(4, 4))
    uop.simulate(k, seed=np.int64(1), atol=np.float32(1e-3),
                 max_steps=np.uint64(10**9))
    b = uop.KernelBuilder()
    with b.function("main", "memref<2xi64>") as (m,):
        b.store(b.constant(np.int64(3), "i64"), m, 0)
        b.store(b.constant(2**64 - 1, "i64"), m, 1)
    (out,) = uop.simulate(b.text, np.zeros(2, np.int64), check=False)
    assert list(out) == [3, -1]


SIMULATE_ON_A_THREAD = ENDLESS_PREAMBLE + r'''
t = threading.Thread(target=lambda: uop.simulate(src, check=False),
                     daemon=True)
t.start()
time.sleep(1)
print("exiting", flush=True)
'''


def test_interpreter_exit_with_a_simulation_on_another_thread():
    done = subprocess.run([sys.executable, "-c", SIMULATE_ON_A_THREAD],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "exiting"
    assert done.returncode == 0, done.stderr
