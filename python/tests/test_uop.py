"""Tests of the uop Python package: the text-level API and the
simulator's report (run by ctest as uop-python)."""
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
    assert "uop.barrier" in str(kernel) and "linalg.matmul" not in str(kernel)
    result = uop.simulate_report(kernel, compare_with=GEMM)
    assert result.ok, result.stderr
    assert "mismatches=0/" in result.stdout


def test_every_stage_runs_and_agrees():
    assert uop.stages() == ["kernel", "gpu", "nvgpu", "llvm"]
    for stage in ("kernel", "gpu", "nvgpu"):
        module = uop.compile(GEMM, target="sm_90a", emit=stage,
                             tile=(32, 32, 8), thread_tile=(4, 4))
        assert "uop.target = #uop.target<chip = \"sm_90a\"" in str(module)
        result = uop.simulate_report(module, compare_with=GEMM)
        assert result.ok, (stage, result.stderr)
    llvm = uop.compile(GEMM, target="sm_100a", tile=(32, 32, 8),
                       thread_tile=(4, 4), opt_level=1)
    assert '#nvvm.target<O = 1, chip = "sm_100a", features = "+ptx86">' in str(llvm)


def test_options_are_checked_by_their_pass():
    with pytest.raises(uop.Error, match="unsupported emit stage 'ptx'"):
        uop.compile(GEMM, emit="ptx")
    with pytest.raises(uop.Error, match=r"expected stages to be 0 \(automatic\) or between 1 and 4, got 5"):
        uop.compile(GEMM, stages=5)
    with pytest.raises(uop.Error, match="unsupported target 'sm_75'"):
        uop.compile(GEMM, target="sm_75")
    with pytest.raises(uop.Error, match="expected 'tile' to hold three sizes"):
        uop.compile(GEMM, tile=(32, 32))


def test_ptx_and_launch_configuration():
    llvm = uop.compile(GEMM, target="sm_90a")
    ptx = uop.to_ptx(llvm)
    assert ".target sm_90a" in ptx and ".version 8.0" in ptx
    assert len(re.findall(r"bar\.sync", ptx)) >= 1
    (launch,) = uop.launch_configs(str(llvm))
    assert launch["host"] == "main"
    assert launch["grid"] == (1, 1, 1)
    assert launch["block"] == (16, 16, 1)
    assert launch["dynamic_shared_bytes"] == 0


def test_each_pass_alone():
    tiled = uop.run_pipeline(GEMM, "builtin.module(func.func(uop-tile))")
    assert "uop.matmul" in tiled
    promoted = uop.run_pipeline(tiled, "builtin.module(uop-promote-shared{stages=2})")
    assert promoted.count("uop.copy") >= 2
    assert uop.simulate_report(promoted, compare_with=GEMM).ok


def test_a_race_is_reported():
    kernel = read("examples", "smem_gemm.mlir")
    racy = kernel.replace("uop.barrier\n      %next", "%next", 1)
    assert racy != kernel
    result = uop.simulate_report(racy)
    assert result.code == 2
    assert "race" in result.stderr


def test_another_interleaving_shows_a_race():
    """preempt_seed runs another interleaving of a cluster's blocks: the
    two-block ring of test/Sim/cluster.mlir agrees with its reference in
    it; with each block releasing the shared tile to itself only, the
    interleaving of seed 3 has a block read a half its peer is loading."""
    cluster = read("test", "Sim", "cluster.mlir")
    selfish = cluster.replace(" cta %peer {remote}", " {remote}", 1)
    assert selfish != cluster
    assert uop.simulate_report(cluster, cluster, entry="ring",
                               ref_entry="ring_ref", preempt_seed=2).ok
    result = uop.simulate_report(selfish, entry="ring", preempt_seed=3)
    assert result.code == 2
    assert "RAW race" in result.stderr and "rank 1" in result.stderr
    with pytest.raises(uop.Error, match="preempt_seed: expected an integer "
                       "from 0 to 2\\*\\*64 - 1, got -1"):
        uop.simulate_report(cluster, entry="ring", preempt_seed=-1)


def test_traffic():
    result = uop.simulate_report(read("examples", "smem_gemm.mlir"), traffic=True)
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
    assert uop.simulate_report("garbage").code == 3


def test_parser_crash_refused():
    # MLIR's parser crashes on a dense array of index: refused with a
    # diagnostic at the array, never a crash of the interpreter.
    crash = "func.func @f() attributes {a = array<index: 1>} { return }"
    with pytest.raises(uop.Error, match="1:32: error: dense arrays of 'index'"):
        uop.compile(crash)
    result = uop.simulate_report(crash, entry="f")
    assert result.code == 3
    assert "dense arrays of 'index'" in result.stderr


def test_many_runs_in_one_process():
    # Each call parses into a fresh MLIR context; nothing of one run (such as
    # handlers cached by interned op names) may leak into the next.
    smem = read("examples", "smem_gemm.mlir")
    kernel = uop.compile(GEMM, emit="kernel", tile=(32, 32, 8), thread_tile=(4, 4))
    for _ in range(10):
        assert uop.simulate_report(smem, traffic=True).ok
        assert uop.simulate_report(kernel, compare_with=GEMM).ok
        uop.compile(GEMM, target="sm_80")


def test_simulate_report():
    # The report behind the text: each fault with its kind, buffer, block,
    # threads (thread index, warp and lane) and locations; the comparison per
    # argument; the traffic and the outputs.
    kernel = read("examples", "smem_gemm.mlir")
    racy = kernel.replace("uop.barrier\n      %next", "%next", 1)
    result = uop.simulate_report(racy, warp_size=8)
    assert [f.kind for f in result.faults] == ["RAW race", "RAW race"]
    fault = result.faults[1]
    assert fault.message in result.stderr
    assert fault.buffer == "%sB" and fault.block == (0, 0, 0)
    writer, reader = fault.threads
    assert (writer.id, writer.warp, writer.lane) == ((0, 0, 0), 0, 0)
    # Thread (0, 1, 0) of a 16-wide block is linear thread 16: warp 2 of 8
    # lanes, lane 0.
    assert (reader.id, reader.linear, reader.warp, reader.lane) == \
        ((0, 1, 0), 16, 2, 0)
    assert [loc.split(":", 1)[0] for loc in fault.locations] == ["<input>"] * 2

    reference = read("test", "Sim", "Inputs", "matmul_ref.mlir")
    result = uop.simulate_report(kernel, compare_with=reference)
    assert result.ok and not result.faults
    assert [a["name"] for a in result.comparison] == ["%A", "%B", "%C"]
    assert all(a["mismatches"] == 0 and a["atol"] == 1e-5
               for a in result.comparison)
    assert result.traffic["global_loads"] == 32768
    c = result.outputs[2]
    assert (c["name"], c["type"], c["shape"]) == \
        ("%C", "memref<64x64xf32>", (64, 64))
    assert len(c["values"]) == 4096


def test_simulate_bad_input_is_a_report():
    # The simulator's diagnostics are its stderr (exit code 3), not an
    # exception; a missing entry is named at the source.
    result = uop.simulate_report("func.func @f() { return }", source_name="f.mlir")
    assert result.code == 3 and result.traffic is None
    assert result.stderr == \
        "uop-sim: error: f.mlir: no function @main with a body to run\n"


def test_a_program_that_never_ends_is_a_fault():
    endless = """
func.func @main(%out: memref<1xi32>) {
  %true = arith.constant true
  scf.while : () -> () {
    scf.condition(%true)
  } do {
    scf.yield
  }
  return
}
"""
    result = uop.simulate_report(endless, max_steps=10000)
    assert result.code == 2, result.stderr
    assert "step limit" in result.stderr
