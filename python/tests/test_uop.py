"""Tests of the uop Python package (run by ctest as uop-python)."""
import os
import re

import pytest

import uop

ROOT = os.environ.get("UOP_SOURCE_DIR",
                      os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def read(*parts):
    with open(os.path.join(ROOT, *parts)) as f:
        return f.read()


GEMM = read("test", "Integration", "Inputs", "gemm_100x60x70.mlir")


def test_kernel_stage_agrees_with_linalg():
    kernel = uop.compile(GEMM, target="sm_80", emit="kernel",
                         tile=(32, 32, 8), thread_tile=(4, 4))
    assert "uop.barrier" in kernel and "linalg.matmul" not in kernel
    result = uop.simulate(kernel, compare_with=GEMM)
    assert result.ok, result.stderr
    assert "mismatches=0/" in result.stdout


def test_ptx_and_launch_configuration():
    llvm = uop.compile(GEMM, target="sm_90a")
    ptx = uop.to_ptx(llvm)
    assert ".target sm_90a" in ptx and ".version 8.0" in ptx
    assert len(re.findall(r"bar\.sync", ptx)) >= 1
    (launch,) = uop.launch_configs(llvm)
    assert launch["host"] == "main"
    assert launch["grid"] == (1, 1, 1)
    assert launch["block"] == (16, 16, 1)
    assert launch["dynamic_shared_bytes"] == 0


def test_each_pass_alone():
    tiled = uop.run_pipeline(GEMM, "builtin.module(func.func(uop-tile))")
    assert "uop.matmul" in tiled
    promoted = uop.run_pipeline(tiled, "builtin.module(uop-promote-shared{stages=2})")
    assert promoted.count("uop.copy") >= 2
    assert uop.simulate(promoted, compare_with=GEMM).ok


def test_a_race_is_reported():
    kernel = read("examples", "smem_gemm.mlir")
    racy = kernel.replace("uop.barrier\n      %next", "%next", 1)
    assert racy != kernel
    result = uop.simulate(racy)
    assert result.code == 2
    assert "race" in result.stderr


def test_traffic():
    result = uop.simulate(read("examples", "smem_gemm.mlir"), traffic=True)
    assert "global_loads=32768" in result.stdout


def test_errors_carry_diagnostics():
    with pytest.raises(uop.Error, match="unsupported target 'sm_75'"):
        uop.compile(GEMM, target="sm_75")
    with pytest.raises(uop.Error, match="cannot parse"):
        uop.compile("func.func @f( {")
    with pytest.raises(uop.Error, match="invalid pipeline"):
        uop.run_pipeline(GEMM, "builtin.module(no-such-pass)")
    with pytest.raises(uop.Error, match="no gpu.module to translate"):
        uop.to_ptx(GEMM)
    assert uop.simulate("garbage").code == 3


def test_many_runs_in_one_process():
    # Each call parses into a fresh MLIR context; nothing of one run (such as
    # handlers cached by interned op names) may leak into the next.
    smem = read("examples", "smem_gemm.mlir")
    kernel = uop.compile(GEMM, emit="kernel", tile=(32, 32, 8), thread_tile=(4, 4))
    for _ in range(10):
        assert uop.simulate(smem, traffic=True).ok
        assert uop.simulate(kernel, compare_with=GEMM).ok
        uop.compile(GEMM, target="sm_80")
