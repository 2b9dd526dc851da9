"""Tests of uop.compile's Kernel, uop.simulate on numpy arrays and the
kernel builder (run by ctest as uop-python)."""
import ast
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

import uop

RNG = np.random.default_rng(7)


def check_f16_gemm(kernel, m, n, k, out_dtype, transpose_b):
    """Simulates `kernel` on random f16 A (M x K) and B (N x K where
    `transpose_b`, else K x N) and checks C against numpy's f64 product
    within gemm_bound."""
    a = RNG.uniform(-1, 1, (m, k)).astype("float16")
    b = RNG.uniform(-1, 1, (n, k) if transpose_b else (k, n)).astype(
        "float16")
    c = np.zeros((m, n), out_dtype)
    *_, c2 = uop.simulate(kernel, a, b, c)
    bk = b.T if transpose_b else b
    ref = a.astype(np.float64) @ bk.astype(np.float64)
    err = np.abs(c2.astype(np.float64) - ref)
    assert (err <= gemm_bound(a, bk, k, out_dtype)).all(), err.max()


def gemm_bound(a, b, k, out_dtype):
    """The documented tolerance of a simulated GEMM against the f64
    product: the f32 accumulation of K terms (at most K roundings of
    2^-24 each, relative to sum |a||b|), plus one rounding of a narrower
    output (half an ulp of f16 / bf16, relative to |C|)."""
    mag = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    bound = k * 2.0 ** -24 * mag
    if out_dtype == "float16":
        bound += 2.0 ** -11 * mag
    elif out_dtype == "bfloat16":
        bound += 2.0 ** -8 * mag
    return bound + 1e-30


def pipeline_input(name):
    """The text of test/Pipelines/Inputs/`name`."""
    with open(os.path.join(ROOT, "test", "Pipelines", "Inputs", name)) as f:
        return f.read()


def check_batch(c, a, b, k, out_dtype):
    """Checks each GEMM z of a batch's C against numpy's f64 product of
    matrices a[z] and b[z] (M x K and K x N) within gemm_bound."""
    for z in range(len(c)):
        ref = a[z].astype(np.float64) @ b[z].astype(np.float64)
        assert (np.abs(c[z].astype(np.float64) - ref)
                <= gemm_bound(a[z], b[z], k, out_dtype)).all()


def bf16_bits(x):
    """x rounded to bf16 (to nearest even), as its bits in uint16."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return u.astype(np.uint16)


def bf16_values(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


@pytest.mark.parametrize("m,n,k,dtype,out_dtype,options", [
    (64, 64, 64, "float32", "float32", {}),
    (33, 17, 5, "float32", "float32", dict(tile=(32, 32, 8),
                                            thread_tile=(4, 4))),
    (100, 60, 70, "float32", "float32", dict(tile=(32, 32, 8),
                                              thread_tile=(4, 4))),
    (128, 128, 64, "float16", "float32", dict(tile=(64, 64, 32),
                                               warps=(2, 2))),
    (200, 72, 136, "float16", "float16", dict(tile=(64, 64, 32),
                                               warps=(2, 2))),
    (48, 40, 24, "float16", "float32", dict(mma="wmma", tile=(32, 32, 16),
                                             warps=(2, 2))),
])
def test_gemm_agrees_with_numpy(m, n, k, dtype, out_dtype, options):
    src = uop.matmul_problem(m, n, k, dtype=dtype, out_dtype=out_dtype)
    kernel = uop.compile(src, target="sm_90a", **options)
    a = RNG.uniform(-1, 1, (m, k)).astype(dtype)
    b = RNG.uniform(-1, 1, (k, n)).astype(dtype)
    c = np.full((m, n), 7, dtype=out_dtype)  # overwritten by the GEMM
    # The kernel at its last simulated stage, checked against its linalg
    # source on the same arrays, then against numpy's f64 product.
    a2, b2, c2 = uop.simulate(kernel, a, b, c)
    assert a2.dtype == a.dtype and c2.dtype == np.dtype(out_dtype)
    assert (a2 == a).all() and (b2 == b).all() and (c == 7).all()
    ref = a.astype(np.float64) @ b.astype(np.float64)
    err = np.abs(c2.astype(np.float64) - ref)
    assert (err <= gemm_bound(a, b, k, out_dtype)).all(), err.max()


@pytest.mark.parametrize("m,n,k,out_dtype,transpose_b,tma", [
    (128, 128, 64, "float32", True, True),
    (200, 136, 72, "float16", True, True),
    (200, 136, 72, "float16", False, True),
    (96, 80, 130, "float32", False, False),
])
def test_tcgen05_gemm_on_sm100a(m, n, k, out_dtype, transpose_b, tma):
    """sm_100a runs f16 GEMMs on tcgen05 (tensor memory, one elected
    thread, an mbarrier): the PTX has the instructions, the simulated
    kernel agrees with linalg and with numpy. With 16-byte aligned rows the
    tiles come by TMA through the ring of stages in dynamic shared memory,
    B stored N x K read K-major, B stored K x N in boxes of 64 columns read
    N-major (b_n_major); with A's rows of K = 130 (260 bytes) unaligned, by
    the block's copies."""
    src = uop.matmul_problem(m, n, k, dtype="float16", out_dtype=out_dtype,
                             transpose_b=transpose_b)
    kernel = uop.compile(src, target="sm_100a")
    assert "uop.tcgen05_mma" in kernel.ir("kernel")
    assert "tcgen05.mma.cta_group::1.kind::f16" in kernel.ptx
    assert ("uop.tma_load" in kernel.ir("kernel")) == tma
    assert ("b_n_major" in kernel.ir("kernel")) == (tma and not transpose_b)
    assert ("cp.async.bulk.tensor.2d" in kernel.ptx) == tma
    assert ("gpu.dynamic_shared_memory" in kernel.ir("gpu")) == tma
    check_f16_gemm(kernel, m, n, k, out_dtype, transpose_b)
    with pytest.raises(uop.Error, match="ladder-step=1 has no K-loop"):
        uop.compile(uop.matmul_problem(128, 128, 128, dtype="float16"),
                    target="sm_100a", ladder_step=1)


@pytest.mark.parametrize("m,n,k,bn,transpose_b", [
    (96, 136, 72, 128, True),
    (64, 40, 130, 24, False),
])
def test_tcgen05_m64_on_sm100a(m, n, k, bn, transpose_b):
    """tile=(64, BN, 64): tcgen05.mma with M = 64, its accumulator in half
    of tensor memory's data path, read back by each warp's two halves with
    tcgen05.ld 16x32bx2; the simulated kernel agrees with numpy."""
    src = uop.matmul_problem(m, n, k, dtype="float16", out_dtype="float32",
                             transpose_b=transpose_b)
    kernel = uop.compile(src, target="sm_100a", tile=(64, bn, 64))
    assert "memref<64x64xf16" in kernel.ir("kernel")
    assert f"half_split {bn // 2}" in kernel.ir("kernel")
    assert "tcgen05.ld.sync.aligned.16x32bx2" in kernel.ptx
    a = RNG.uniform(-1, 1, (m, k)).astype("float16")
    b = RNG.uniform(-1, 1, (n, k) if transpose_b else (k, n)).astype(
        "float16")
    c = np.zeros((m, n), "float32")
    *_, c2 = uop.simulate(kernel, a, b, c)
    bk = b.T if transpose_b else b
    ref = a.astype(np.float64) @ bk.astype(np.float64)
    err = np.abs(c2.astype(np.float64) - ref)
    assert (err <= gemm_bound(a, bk, k, "float32")).all(), err.max()
    with pytest.raises(uop.Error, match="expected BM = 128 or 64"):
        uop.compile(src, target="sm_100a", tile=(32, 128, 64))


@pytest.mark.parametrize("m,n,k,out_dtype,transpose_b,options", [
    (200, 136, 72, "float16", False, {}),
    (130, 96, 128, "float32", True, dict(tile=(64, 128, 64))),
    (200, 136, 72, "float16", True, dict(ladder_step=4)),
])
def test_tcgen05_tma_store_on_sm100a(m, n, k, out_dtype, transpose_b,
                                     options):
    """tma_store=True on sm_100a: each thread stages its rows of C in
    128-byte-swizzled shared boxes and thread 0 writes them with bulk
    tensor stores (no global store in the PTX); the simulated kernel,
    ragged in M and N, agrees with numpy."""
    src = uop.matmul_problem(m, n, k, dtype="float16", out_dtype=out_dtype,
                             transpose_b=transpose_b)
    kernel = uop.compile(src, target="sm_100a", tma_store=True, **options)
    assert "uop.tma_store" in kernel.ir("kernel")
    assert "cp.async.bulk.tensor.2d.global.shared::cta" in kernel.ptx
    assert "st.global" not in kernel.ptx
    check_f16_gemm(kernel, m, n, k, out_dtype, transpose_b)
    with pytest.raises(uop.Error, match="which need ladder-step >= 4"):
        uop.compile(src, target="sm_100a", tma_store=True, ladder_step=3)


@pytest.mark.parametrize("m,n,k,options,roles,transpose_b", [
    (200, 136, 192, {}, True, True),
    (256, 256, 128, dict(persistent_blocks=2), True, True),
    (200, 136, 192, dict(group_m=2), True, True),
    (256, 256, 128, dict(persistent_blocks=3, group_m=2), True, True),
    (200, 136, 192, dict(persistent_blocks=3, pingpong=True), True, True),
    (256, 136, 128, dict(persistent_blocks=2, pingpong=True,
                         tile=(128, 128, 64)), True, True),
    (200, 136, 192, dict(warp_specialize=False), False, True),
    (200, 136, 192, {}, True, False),
    (200, 136, 192, dict(persistent_blocks=3, pingpong=True), True, False),
    (200, 136, 192, dict(cluster_m=2), True, True),
    (200, 136, 192, dict(cluster_m=4, group_m=2), True, True),
    (200, 136, 192, dict(cluster_m=2), True, False),
    (200, 136, 192, dict(cluster_n=2), True, True),
    (200, 256, 192, dict(cluster_m=2, cluster_n=2, persistent_blocks=4,
                         pingpong=True), True, False),
    (200, 136, 192, dict(split_k=3), True, True),
])
def test_warp_specialized_wgmma_on_sm90a(m, n, k, options, roles,
                                         transpose_b):
    """sm_90a runs f16 GEMMs on the warp-specialized wgmma kernel by
    default: a producer warpgroup loads by TMA while two consumer
    warpgroups multiply, the registers moved by setmaxnreg (the kernel's
    count fixed by .maxnreg); uop-sim runs the two roles as interleaved
    paths and the result agrees with numpy, also with persistent blocks,
    and with the ping-pong schedule (the consumer warpgroups taking 64-row
    tiles in turn). warp_specialize=False keeps one role. B stored N x K is
    read K-major; B stored K x N (linalg.matmul's layout) comes in boxes
    of 64 columns and is read N-major (imm-trans-b = 1). With cluster_m
    the blocks of a cluster column share B's tile through multicast loads
    (with 4, the grid's two rows of tiles are rounded up to a whole
    cluster); with cluster_n those of a cluster row share A's; both make
    2-D clusters, also with the ping-pong schedule. split_k=3 gives each
    tile three blocks, one 64-deep k-tile each, whose partial sums are
    added into C atomically."""
    src = uop.matmul_problem(m, n, k, dtype="float16", out_dtype="float32",
                             transpose_b=transpose_b)
    kernel = uop.compile(src, target="sm_90a", **options)
    assert "uop.wgmma_mma" in kernel.ir("kernel")
    assert ("b_n_major" in kernel.ir("kernel")) == (not transpose_b)
    assert ("uop.setmaxnreg" in kernel.ir("kernel")) == roles
    assert bool(re.search(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;",
                          kernel.ptx)) == roles
    assert bool(re.search(r"\.maxnreg\s+168\b", kernel.ptx)) == roles
    clustered = options.get("cluster_m", 1) * options.get("cluster_n", 1) > 1
    assert ("multicast::cluster" in kernel.ptx) == clustered
    assert ("barrier.cluster.wait" in kernel.ptx) == clustered
    assert ("atom.global.add.f32" in kernel.ptx) == ("split_k" in options)
    a = RNG.uniform(-1, 1, (m, k)).astype("float16")
    b = RNG.uniform(-1, 1, (n, k) if transpose_b else (k, n)).astype(
        "float16")
    bk = b.T if transpose_b else b
    c = np.zeros((m, n), "float32")
    *_, c2 = uop.simulate(kernel, a, b, c)
    ref = a.astype(np.float64) @ bk.astype(np.float64)
    err = np.abs(c2.astype(np.float64) - ref)
    assert (err <= gemm_bound(a, bk, k, "float32")).all(), err.max()
    # Another interleaving of the roles (and of a cluster's blocks)
    # computes the same.
    *_, c3 = uop.simulate(kernel, a, b, c, preempt_seed=3)
    assert (c3 == c2).all()
    with pytest.raises(uop.Error, match="persistent-blocks=2 needs the "
                       "warp-specialized TMA ring"):
        uop.compile(src, target="sm_90a", persistent_blocks=2,
                    warp_specialize=False)


@pytest.mark.parametrize("m,n,k,out_dtype,persistent,pingpong", [
    (200, 136, 128, "float16", 0, False),
    (136, 256, 72, "float32", 0, False),
    (200, 136, 128, "float16", 3, False),
    (136, 256, 72, "float32", 2, False),
    (200, 136, 128, "float16", 2, True),
    (200, 256, 128, "float16", 0, False),
    (200, 256, 128, "float16", 3, True),
])
def test_wgmma_tma_store_epilogue(m, n, k, out_dtype, persistent, pingpong):
    """tma_store=True: the wgmma kernel stages C in swizzled shared boxes
    and writes them with TMA stores (clipped at the ragged edges); the PTX
    holds the bulk stores and uop-sim's result agrees with numpy. Persistent
    blocks, fewer than the tiles, pass each tile's boxes between their
    consumer warpgroups at a named barrier (bar.sync 1); ping-pong
    warpgroups each have boxes and a named barrier of their own. A 16-bit
    C whose N the 128-column tiles divide is staged by stmatrix.x4."""
    src = uop.matmul_problem(m, n, k, dtype="float16", out_dtype=out_dtype,
                             transpose_b=True)
    kernel = uop.compile(src, target="sm_90a", tma_store=True,
                         persistent_blocks=persistent, pingpong=pingpong)
    assert "uop.tma_store" in kernel.ir("kernel")
    assert "cp.async.bulk.tensor.2d.global.shared::cta" in kernel.ptx
    assert ("uop.named_barrier id(1)" in kernel.ir("kernel")) == \
        (persistent > 0)
    assert ("stmatrix.sync.aligned.m8n8.x4.shared.b16" in kernel.ptx) == \
        (out_dtype == "float16" and n % 128 == 0)
    a = RNG.uniform(-1, 1, (m, k)).astype("float16")
    b = RNG.uniform(-1, 1, (n, k)).astype("float16")
    c = np.zeros((m, n), out_dtype)
    *_, c2 = uop.simulate(kernel, a, b, c)
    ref = a.astype(np.float64) @ b.T.astype(np.float64)
    err = np.abs(c2.astype(np.float64) - ref)
    assert (err <= gemm_bound(a, b.T, k, out_dtype)).all(), err.max()


@pytest.mark.parametrize("out_dtype,tma_store,stored", [
    ("float16", None, True),
    ("float16", "auto", True),
    ("float16", False, False),
    ("float32", None, False),
    ("float32", True, True),
])
def test_wgmma_tma_store_default(out_dtype, tma_store, stored):
    """tma_store's default, "auto": the TMA store for an f16 or bf16 C,
    the register epilogue for an f32 C; True and False choose."""
    src = uop.matmul_problem(128, 128, 64, dtype="float16",
                             out_dtype=out_dtype, transpose_b=True)
    options = {} if tma_store is None else {"tma_store": tma_store}
    kernel = uop.compile(src, target="sm_90a", **options)
    assert ("uop.tma_store" in kernel.ir("kernel")) == stored


def test_transposed_b_and_bf16_as_uint16():
    m, n, k = 64, 40, 48
    src = uop.matmul_problem(m, n, k, dtype="bfloat16", transpose_b=True)
    assert "indexing_maps" in src
    kernel = uop.compile(src, target="sm_80", tile=(32, 32, 16),
                         warps=(2, 2))
    a = bf16_bits(RNG.uniform(-1, 1, (m, k)))
    b = bf16_bits(RNG.uniform(-1, 1, (n, k)))
    _, _, c = uop.simulate(kernel, a, b, np.zeros((m, n), np.float32))
    av, bv = bf16_values(a), bf16_values(b)
    ref = av.astype(np.float64) @ bv.astype(np.float64).T
    assert (np.abs(c - ref) <= gemm_bound(av, bv.T, k, "float32")).all()
    # bf16 outputs come back as bits too.
    src = uop.matmul_problem(32, 32, 16, dtype="bfloat16",
                             out_dtype="bfloat16")
    *_, c = uop.simulate(uop.compile(src, emit="kernel"))
    assert c.dtype == np.uint16


@pytest.mark.parametrize("transpose_b", [False, True])
def test_transposed_a(transpose_b):
    # A stored K x M (and B N x K or K x N): the maps say so, the compiler
    # records it for uop-run's check, and the simulated kernel agrees with
    # numpy on the transposed operands. K = M = 48 would hide a mix-up of
    # A's dimensions from a shape check; the values do not.
    m, n, k = 48, 40, 48
    src = uop.matmul_problem(m, n, k, dtype="float16", transpose_a=True,
                             transpose_b=transpose_b)
    assert "affine_map<(d0, d1, d2) -> (d2, d0)>" in src
    kernel = uop.compile(src, target="sm_80", tile=(32, 32, 16),
                         warps=(2, 2))
    record = ("transpose_a = true, transpose_b = "
              + ("true" if transpose_b else "false"))
    assert record in kernel.ir("kernel")
    a = RNG.uniform(-1, 1, (k, m)).astype(np.float16)
    b = RNG.uniform(-1, 1, (n, k) if transpose_b else (k, n)).astype(
        np.float16)
    _, _, c = uop.simulate(kernel, a, b, np.zeros((m, n), np.float32))
    bt = b.T if transpose_b else b
    ref = a.T.astype(np.float64) @ bt.astype(np.float64)
    assert (np.abs(c - ref) <= gemm_bound(a.T, bt, k, "float32")).all()


@pytest.mark.parametrize("shape,out_dtype", [((70, 40, 56), "float32"),
                                              ((33, 24, 70), "float16")])
def test_dynamic_shapes(shape, out_dtype):
    # One kernel for every size: @gemm takes memref<?x?> operands, uop-tile
    # reads M, N and K on the host, and the copies test the row strides at
    # run time (K = 56 takes the cp.async form, K = 70 the synchronous
    # one); @main calls it on buffers of the given shape.
    m, n, k = shape
    src = uop.matmul_problem(m, n, k, dtype="float16", out_dtype=out_dtype,
                             dynamic=True)
    assert "func.func @gemm(%arg0: memref<?x?xf16>" in src
    kernel = uop.compile(src, target="sm_80")
    assert "memref.dim" in kernel.ir("kernel")
    a = RNG.uniform(-1, 1, (m, k)).astype(np.float16)
    b = RNG.uniform(-1, 1, (k, n)).astype(np.float16)
    _, _, c = uop.simulate(kernel, a, b, np.zeros((m, n), out_dtype))
    ref = a.astype(np.float64) @ b.astype(np.float64)
    assert (np.abs(c - ref) <= gemm_bound(a, b, k, out_dtype)).all()
    # The wgmma kernel takes the same source on sm_90a; its tensor maps
    # need rows of whole 16-byte units, which K = 56 and N = 40 give (the
    # numbers agree) and K = 70 does not (creating A's map is a fault).
    wgmma = uop.compile(src, target="sm_90a", mma="wgmma")
    assert "uop.tma_load" in wgmma.ir("kernel")
    if k % 8 == 0 and n % 8 == 0:
        _, _, c = uop.simulate(wgmma, a, b, np.zeros((m, n), out_dtype))
        assert (np.abs(c - ref) <= gemm_bound(a, b, k, out_dtype)).all()
    else:
        with pytest.raises(uop.SimFault, match="tensor map"):
            uop.simulate(wgmma, a, b, np.zeros((m, n), out_dtype))


def test_seeded_arguments_match_uop_sim():
    # Arguments not given are filled from the seed as uop-sim fills them:
    # the same run with the seeded A given explicitly gives the same C.
    src = uop.matmul_problem(32, 24, 16)
    a, b, c = uop.simulate(src, seed=3)
    assert a.shape == (32, 16) and np.abs(a).max() <= 1
    a2, b2, c2 = uop.simulate(src, a, None, seed=3)
    assert (a2 == a).all() and (b2 == b).all() and (c2 == c).all()
    _, b4, _ = uop.simulate(src, seed=4)
    assert not (b4 == b).all()


def test_wrong_arrays_are_errors_naming_the_argument():
    src = uop.matmul_problem(16, 8, 4)
    with pytest.raises(uop.Error, match=r"argument 1 of @main is "
                       r"memref<4x8xf32>: expected a float32 array of shape "
                       r"\(4, 8\), got float32 \(8, 4\)"):
        uop.simulate(src, np.zeros((16, 4), np.float32),
                     np.zeros((8, 4), np.float32))
    with pytest.raises(uop.Error, match=r"expected a float32 array of shape "
                       r"\(16, 4\), got float64 \(16, 4\)"):
        uop.simulate(src, np.zeros((16, 4)))
    with pytest.raises(uop.Error, match="@main takes 3 arguments, got 4"):
        uop.simulate(src, *[None] * 3, np.zeros(1, np.float32))
    with pytest.raises(uop.Error, match="expected a numeric numpy array"):
        uop.simulate(src, np.array(["x"]))


def test_a_race_raises_simfault():
    # The seed's kernel without its first barrier: threads read the tiles
    # while others still write them.
    b = uop.KernelBuilder()
    mat = "memref<32x32xf32>"
    with b.function("main", mat, mat, mat) as (A, B, C):
        with b.launch((2, 2), (16, 16)) as ((bx, by, _), (tx, ty, _)):
            sA = b.alloc_shared((16, 16))
            row, col = by * 16 + ty, bx * 16 + tx
            with b.for_(0, 2, iter_args=[0.0]) as kt:
                b.store(b.load(A, row, kt.iv * 16 + tx), sA, ty, tx)
                with b.for_(0, 16, iter_args=kt.args) as k:
                    x = b.load(sA, ty, k.iv) * b.load(B, kt.iv * 16 + k.iv,
                                                      col)
                    k.yield_(k.args[0] + x)
                b.barrier()
                kt.yield_(k.results[0])
            b.store(kt.results[0], C, row, col)
    with pytest.raises(uop.SimFault) as fault:
        uop.simulate(b)
    assert fault.value.kind == "RAW race"
    assert fault.value.faults[0].buffer.startswith("%")
    assert fault.value.faults[0].block is not None
    assert "RAW race" in str(fault.value)


def test_a_wrong_kernel_raises_mismatch():
    src = uop.matmul_problem(32, 32, 32)
    wrong = uop.smem_gemm_ir(32, 16).text.replace("arith.addf", "arith.subf")
    assert "arith.subf" in wrong
    with pytest.raises(uop.Mismatch) as mismatch:
        uop.simulate(wrong, check=src)
    assert mismatch.value.comparison[2]["mismatches"] > 0


def test_kernel_object():
    src = uop.matmul_problem(96, 64, 32, dtype="float16")
    kernel = uop.compile(src, target="sm_90a", tile=(64, 64, 32),
                         warps=(2, 2))
    assert kernel.target == "sm_90a" and kernel.emit == "llvm"
    assert kernel.options == {"target": "sm_90a", "tile": (64, 64, 32),
                              "warps": (2, 2)}
    assert kernel.source == src
    assert "uop.barrier" in kernel.ir("kernel")
    assert "gpu.module" in kernel.ir("gpu")
    assert "nvgpu.mma.sync" in kernel.ir("nvgpu")
    assert str(kernel) == kernel.ir("llvm")
    assert kernel.simulated_stage == "nvgpu"
    assert ".target sm_90a" in kernel.ptx
    assert "mma.sync.aligned.m16n8k16" in kernel.ptx
    assert uop.to_ptx(kernel) == kernel.ptx
    (launch,) = kernel.launches
    assert launch.kernel == "main_kernel" and launch.host == "main"
    assert launch.grid == (1, 2, 1) and launch.block == (64, 2, 1)
    assert not launch.conditional
    with pytest.raises(uop.Error, match="unsupported stage 'ptx'"):
        kernel.ir("ptx")
    # A kernel compiled to an earlier stage compiles further on demand.
    early = uop.compile(src, emit="kernel")
    assert early.simulated_stage == "kernel"
    assert "llvm.func" in early.ir("llvm")


@pytest.mark.skipif(shutil.which("ptxas") is None and
                    not os.path.exists("/usr/local/cuda/bin/ptxas") and
                    not os.environ.get("UOP_REQUIRE_PTXAS"),
                    reason="no ptxas")
def test_kernel_stats_from_ptxas():
    kernel = uop.compile(uop.matmul_problem(128, 128, 64, dtype="float16"),
                         target="sm_80")
    (stats,) = kernel.stats.values()
    assert 32 <= stats.registers <= 255
    assert stats.spill_stores == 0 and stats.spill_loads == 0
    assert stats.shared_bytes > 0 and stats.barriers >= 1


def test_options_come_from_the_pipeline():
    options = uop.compile_options()
    assert options["mma"][0] == "auto" and options["stages"][0] == 0
    assert options["swizzle"][0] is False and options["tile"][0] is None
    assert "thread_tile" in options and "register tile" in \
        options["thread_tile"][1]
    src = uop.matmul_problem(32, 32, 8)
    assert options["tma_store"][0] == "auto" and options["group_m"][0] == 0
    with pytest.raises(uop.Error, match="unknown option 'tiles' of "
                       "uop.compile: expected one of async, cluster_m, "
                       "cluster_n, group_m, "
                       "ladder_step, mma"):
        uop.compile(src, tiles=(32, 32, 8))
    with pytest.raises(uop.Error, match="option 'stages' expects an integer, "
                       "got 'two'"):
        uop.compile(src, stages="two")
    with pytest.raises(uop.Error, match="option 'swizzle' expects True or "
                       "False, got 1"):
        uop.compile(src, swizzle=1)
    with pytest.raises(uop.Error, match="option 'tile' expects a tuple of "
                       "integers"):
        uop.compile(src, tile="32,32,8")
    with pytest.raises(uop.Error, match="option 'mma' expects a word"):
        uop.compile(src, mma="simt tile=1")
    # Values the pass refuses are refused with its diagnostic.
    with pytest.raises(uop.Error, match="expected 'tile' to hold three"):
        uop.compile(src, tile=(32, 32))
    kernel = uop.compile(src, async_=True, stages=2, emit="kernel")
    assert "uop.cp_async" in str(kernel)


def test_diagnostics_carry_text_and_location():
    with pytest.raises(uop.Error) as error:
        uop.compile("func.func @f(%a: memref<4xf32>) {\n  %x = arith.addf"
                    " %a, %a : f32\n  return\n}")
    assert re.search(r"<source>:2:\d+: error: use of value '%a' expects "
                     r"different type", str(error.value))
    with pytest.raises(uop.Error, match=r"1:32: error: dense arrays of "
                       r"'index'"):
        uop.simulate("func.func @f() attributes {a = array<index: 1>} "
                     "{ return }", entry="f")


def test_builder_smem_gemm_agrees_with_linalg():
    # The seed's smem_gemm_ir in uop IR, built op by op: it agrees with the
    # linalg GEMM exactly, and compiles to PTX.
    kernel_ir = uop.smem_gemm_ir(64, 16)
    text = kernel_ir.text
    assert text.count("uop.barrier") == 2 and "uop.alloc_shared" in text
    a, b, c = uop.simulate(kernel_ir, check=uop.matmul_problem(64, 64, 64),
                           atol=0, rtol=0)
    assert (np.abs(c - a.astype(np.float64) @ b) <
            gemm_bound(a, b, 64, "float32")).all()
    kernel = uop.compile(kernel_ir, target="sm_90a")
    assert "bar.sync" in kernel.ptx
    assert uop.simulate(kernel, check=False)[2].shape == (64, 64)


def test_builder_misuse_is_an_error():
    b = uop.KernelBuilder()
    with pytest.raises(uop.Error, match="outside a function"):
        b.constant(1)
    other = uop.KernelBuilder()
    with b.function("main", "memref<4xf32>") as (x,):
        with other.function("g", "memref<4xf32>") as (y,):
            with pytest.raises(uop.Error, match="another KernelBuilder"):
                b.store(b.load(y, 0), x, 0)
        with pytest.raises(uop.Error, match="unknown operation 'arith.nope'"):
            b.op("arith.nope")
        with pytest.raises(uop.Error, match="invalid 'arith.addf'"):
            b.op("arith.addf", b.constant(1), b.constant(2),
                 results=["index"])
        with pytest.raises(uop.Error, match="cannot parse the type 'f33'"):
            b.constant(1.0, "f33")
        assert "func.func @g" in other.text
        # A loop left without its yield is an error, and the loop is
        # dropped: the function goes on.
        with pytest.raises(uop.Error, match="needs loop.yield_"):
            with b.for_(0, 4, iter_args=[0.0]):
                pass
        with pytest.raises(uop.Error, match="incomplete: func.func is still "
                           "open"):
            b.text
        # A scope left open: the function cannot end.
        b._n.begin_for(b.index(0)._v, b.index(4)._v, b.index(1)._v, [])
        with pytest.raises(uop.Error, match="incomplete: scf.for is still "
                           "open"):
            b.text
        with pytest.raises(uop.Error, match="end of func.func while scf.for "
                           "is still open"):
            b._n.end_func()
        b._n.end_for([])
    assert b.text.count("scf.for") == 1


ROOT = os.environ.get("UOP_SOURCE_DIR", os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))

RUN_ON_FAKE_GPU = """
import sys, numpy as np, uop
kernel = uop.compile(uop.matmul_problem(40, 24, 56, dtype="float16"))
rng = np.random.default_rng(1)
a = rng.uniform(-1, 1, (40, 56)).astype(np.float16)
b = rng.uniform(-1, 1, (56, 24)).astype(np.float16)
a2, b2, c = uop.run(kernel, a, b, np.zeros((40, 24), np.float32))
ref = a.astype(np.float64) @ b.astype(np.float64)
assert (a2 == a).all() and (b2 == b).all()
assert np.abs(c - ref).max() < 1e-4, np.abs(c - ref).max()
print("ran", c.shape)
# A GEMM of dynamic shape, compiled once: the arrays give the sizes, the
# grid follows from them. mma.sync on sm_80; the wgmma kernel on sm_90a,
# whose tensor maps are encoded from the arrays' sizes.
src = uop.matmul_problem(40, 24, 56, dtype="float16", dynamic=True)
dyn = uop.compile(src, target="sm_80")
wg = uop.compile(src, target="sm_90a", mma="wgmma")
for kernel, label, sizes in [(dyn, "dynamic", [(70, 33, 20), (1, 300, 8)]),
                             (wg, "wgmma", [(70, 40, 24), (200, 136, 72)])]:
    for m, n, k in sizes:
        a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
        b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
        _, _, c = uop.run(kernel, a, b, np.zeros((m, n), np.float32))
        ref = a.astype(np.float64) @ b.astype(np.float64)
        assert np.abs(c - ref).max() < 1e-4, np.abs(c - ref).max()
        print("ran", label, c.shape)
b = np.zeros((8, 300), np.float16)
# Arrays the kernels cannot take: a wrong rank, sizes that disagree, rows
# that are no whole number of 16 bytes (no tensor map can describe them).
for kernel, args in [
        (dyn, (np.zeros((4,), np.float16), b, np.zeros((1, 300), np.float32))),
        (dyn, (np.zeros((1, 9), np.float16), b,
               np.zeros((1, 300), np.float32))),
        (wg, (np.zeros((8, 70), np.float16), np.zeros((70, 8), np.float16),
              np.zeros((8, 8), np.float32)))]:
    try:
        uop.run(kernel, *args)
    except uop.Error as e:
        print("refused:", e)
"""


def test_run_without_a_gpu_raises_nogpu():
    kernel = uop.compile(uop.matmul_problem(32, 32, 8))
    args = [np.zeros((32, 8), np.float32), np.zeros((8, 32), np.float32),
            np.zeros((32, 32), np.float32)]
    if uop._uop.gpu_unavailable_reason() == "":
        pytest.skip("a GPU is present")
    with pytest.raises(uop.NoGPU, match="no GPU: cannot load libcuda"):
        uop.run(kernel, *args)
    with pytest.raises(uop.Error, match="'main' takes 3 arrays, got 1"):
        uop.run(kernel, args[0])
    with pytest.raises(uop.Error, match=r"argument 2 of 'main' is f32 "
                       r"\(32, 32\): expected a float32 array"):
        uop.run(kernel, *args[:2], np.zeros((32, 32), np.float16))


def fake_driver_env(tmp_path, **variables):
    """Builds the CPU stand-in for libcuda that uop-run's tests use
    (test/Tools/Inputs/fake_cuda.cpp) into `tmp_path` and returns the
    environment that loads it, with `variables` (its UOP_FAKE_* options)."""
    fake = os.path.join(ROOT, "test", "Tools", "Inputs", "fake_cuda.cpp")
    lib = tmp_path / "libcuda.so.1"
    subprocess.check_call(["c++", "-shared", "-fPIC", "-std=c++17", "-O1",
                           "-I", os.path.join(ROOT, "include"), fake, "-o",
                           str(lib)])
    return dict(os.environ, LD_LIBRARY_PATH=str(tmp_path), **variables)


def test_run_on_the_fake_driver(tmp_path):
    # The whole path of uop.run (launch JSON, the executor's packing of the
    # memref descriptors, copies both ways) against the CPU stand-in for
    # libcuda that uop-run's tests use: its "kernel" computes the GEMM from
    # the descriptors it is given, so wrong packing gives wrong numbers.
    env = fake_driver_env(tmp_path, UOP_FAKE_TYPES="f16,f32")
    out = subprocess.run([sys.executable, "-c", RUN_ON_FAKE_GPU], env=env,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "ran (40, 24)" in out.stdout
    assert "ran dynamic (70, 33)" in out.stdout
    assert "ran dynamic (1, 300)" in out.stdout
    assert "ran wgmma (70, 40)" in out.stdout
    assert "ran wgmma (200, 136)" in out.stdout
    assert ("tensor map of 'gemm' parameter 0: expected strides that are "
            "positive multiples of 16 bytes below 2^40, got 140 bytes in "
            "memref dimension 0") in out.stdout
    assert ("refused: argument 0 of 'gemm' is f16 ?x?: expected an array of "
            "2 dimensions, got (4,)") in out.stdout
    assert ("refused: 'gemm' parameters 0, 1 and 2 (A, B and C of its GEMM) "
            "disagree on M, N and K: A 1x9 (M x K), B 8x300 (K x N), "
            "C 1x300 (M x N)") in out.stdout


BATCH_SOURCE = """
func.func @gemm(%A: memref<?x?x?xf16>, %B: memref<?x?x?xf16>,
                %C: memref<?x?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?x?xf32>)
  linalg.batch_matmul ins(%A, %B : memref<?x?x?xf16>, memref<?x?x?xf16>)
                      outs(%C : memref<?x?x?xf32>)
  return
}
"""

RUN_BATCH_ON_FAKE_GPU = """
import numpy as np, uop, sys
sys.path.insert(0, sys.argv[1])
from test_arrays import BATCH_SOURCE
kernel = uop.compile(BATCH_SOURCE, target="sm_80")
rng = np.random.default_rng(2)
for batch, m, n, k in [(3, 40, 24, 56), (2, 33, 17, 5)]:
    a = rng.uniform(-1, 1, (batch, m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (batch, k, n)).astype(np.float16)
    _, _, c = uop.run(kernel, a, b, np.zeros((batch, m, n), np.float32))
    ref = np.einsum("bmk,bkn->bmn", a.astype(np.float64),
                    b.astype(np.float64))
    assert np.abs(c - ref).max() < 1e-4, np.abs(c - ref).max()
    print("ran batch", c.shape)
# A batch of none: the host launches neither version, and neither grid
# (of no block along z) is computed.
out = uop.run(kernel, np.zeros((0, 40, 56), np.float16),
              np.zeros((0, 56, 24), np.float16),
              np.zeros((0, 40, 24), np.float32))
print("ran empty batch", out[2].shape)
"""


def test_batch_of_gemms(tmp_path):
    # A batch of GEMMs of dynamic shape (linalg.batch_matmul on
    # memref<?x?x?>): one launch, the batch along grid z, launched only
    # where the batch is not empty and versioned on the rows' alignment;
    # simulated, and run through uop.run on the CPU stand-in for libcuda
    # (3-D descriptors, GEMM z at matrix z).
    kernel = uop.compile(BATCH_SOURCE, target="sm_80")
    assert [l.conditional for l in kernel.launches] == [True, True]
    # The simulator runs it from entries of static shapes (test/Pipelines'
    # @main, @unaligned and @empty).
    wrapped = uop.compile(pipeline_input("dyn_batch_gemm_f16.mlir"),
                          target="sm_80")
    for entry, (batch, m, n, k) in [("main", (3, 100, 64, 72)),
                                    ("unaligned", (2, 100, 60, 70)),
                                    ("empty", (0, 100, 60, 70))]:
        a = RNG.uniform(-1, 1, (batch, m, k)).astype(np.float16)
        b = RNG.uniform(-1, 1, (batch, k, n)).astype(np.float16)
        _, _, c = uop.simulate(wrapped, a, b,
                               np.zeros((batch, m, n), np.float32),
                               entry=entry)
        check_batch(c, a, b, k, "float32")
    # Its own entry is of dynamic shape: it runs at the arrays' sizes
    # (uop-sim --arg-sizes), every argument given as an array.
    a = RNG.uniform(-1, 1, (2, 36, 20)).astype(np.float16)
    b = RNG.uniform(-1, 1, (2, 20, 28)).astype(np.float16)
    _, _, c = uop.simulate(kernel, a, b, np.zeros((2, 36, 28), np.float32),
                           entry="gemm")
    check_batch(c, a, b, 20, "float32")
    with pytest.raises(uop.Error, match=r"argument 1 of @gemm is "
                       r"memref<\?x\?x\?xf16>: an entry of dynamic shape "
                       r"runs at the sizes of its arrays, so every argument "
                       r"must be given as one"):
        uop.simulate(kernel, np.zeros((1, 8, 8), np.float16), entry="gemm")
    with pytest.raises(uop.Error, match=r"argument 2 of @gemm is "
                       r"memref<\?x\?x\?xf32>: expected a float32 array of "
                       r"shape \(\?, \?, \?\), got float32 \(2, 36\)"):
        uop.simulate(kernel, a, b, np.zeros((2, 36), np.float32),
                     entry="gemm")
    env = fake_driver_env(tmp_path, UOP_FAKE_TYPES="f16,f32",
                          UOP_FAKE_BATCH="1")
    out = subprocess.run([sys.executable, "-c", RUN_BATCH_ON_FAKE_GPU,
                          os.path.dirname(__file__)],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "ran batch (3, 40, 24)" in out.stdout
    assert "ran batch (2, 33, 17)" in out.stdout
    assert "ran empty batch (0, 40, 24)" in out.stdout


def test_run_refuses_a_bias_of_the_wrong_size():
    # A GEMM of dynamic shape with a fused bias: the record says the kernel
    # reads the bias along N, so uop.run refuses a shorter one before
    # looking for a GPU, rather than launching past its end.
    kernel = uop.compile(pipeline_input("dyn_gemm_bias_relu_100x60x70.mlir"),
                         target="sm_80")
    assert kernel.launches[0].host == "gemm"
    # Two versions of the kernel, for rows of A and B of whole 16-byte
    # units and for the others: the host launches one.
    assert [l.conditional for l in kernel.launches] == [True, True]
    args = [np.zeros((100, 70), np.float16), np.zeros((70, 60), np.float16),
            np.zeros((1,), np.float32), np.zeros((100, 60), np.float16)]
    with pytest.raises(uop.Error, match=r"'gemm' parameter 2: its GEMM reads "
                       r"it as 60 \(n of M x N x K = 100 x 60 x 70\), got "
                       r"sizes 1"):
        uop.run(kernel, *args)


@pytest.mark.parametrize("dtype,out_dtype,transpose_a,transpose_b,target", [
    ("float16", "float16", False, True, "sm_90a"),
    ("float16", "float32", True, False, "sm_100a"),
    ("float32", "float32", False, False, "sm_80"),
])
def test_matmul_problem_batch(dtype, out_dtype, transpose_a, transpose_b,
                              target):
    # uop.matmul_problem(batch=B): a linalg.batch_matmul, compiled to one
    # launch with the batch along grid z; a 16-bit C's cast is fused into
    # the batch's writeback. Simulated against numpy per GEMM.
    batch, m, n, k = 3, 40, 24, 16
    src = uop.matmul_problem(m, n, k, dtype=dtype, out_dtype=out_dtype,
                             transpose_a=transpose_a,
                             transpose_b=transpose_b, batch=batch)
    assert "linalg.batch_matmul" in src
    kernel = uop.compile(src, target=target)
    assert len(kernel.launches) == 1 and kernel.launches[0].grid[2] == batch
    assert "linalg." not in kernel.ir("kernel")
    a = RNG.uniform(-1, 1, (batch, k, m) if transpose_a
                    else (batch, m, k)).astype(dtype)
    b = RNG.uniform(-1, 1, (batch, n, k) if transpose_b
                    else (batch, k, n)).astype(dtype)
    *_, c = uop.simulate(kernel, a, b, np.zeros((batch, m, n), out_dtype))
    check_batch(c, np.swapaxes(a, 1, 2) if transpose_a else a,
                np.swapaxes(b, 1, 2) if transpose_b else b, k, out_dtype)


def test_matmul_problem_batch_dynamic_and_misuse():
    # A batch of dynamic shape (@gemm on memref<?x?x?>, called by @main on
    # the given shapes); and batches the builder refuses.
    src = uop.matmul_problem(40, 24, 56, dtype="float16", dynamic=True,
                             batch=2)
    assert "memref<?x?x?xf16>" in src
    kernel = uop.compile(src, target="sm_80")
    assert [l.host for l in kernel.launches] == ["gemm", "gemm"]
    a = RNG.uniform(-1, 1, (2, 40, 56)).astype(np.float16)
    b = RNG.uniform(-1, 1, (2, 56, 24)).astype(np.float16)
    *_, c = uop.simulate(kernel, a, b, np.zeros((2, 40, 24), np.float32))
    check_batch(c, a, b, 56, "float32")
    # A batch of none compiles to no launch.
    empty = uop.compile(uop.matmul_problem(8, 8, 8, batch=0), target="sm_80")
    assert empty.launches == []
    for bad, why in [(-1, r"expected 0 to 2\^31 - 1 GEMMs"),
                     (2**31, r"expected 0 to 2\^31 - 1 GEMMs"),
                     (2.0, "expected an integer or None"),
                     (True, "expected an integer or None")]:
        with pytest.raises(uop.Error, match="batch: " + why):
            uop.matmul_problem(8, 8, 8, batch=bad)
    assert "linalg.batch_matmul" in uop.matmul_problem(8, 8, 8,
                                                       batch=np.int64(4))
    # More GEMMs than grid z holds: the compiler names the way out, and
    # the persistent blocks of the wgmma kernel take them.
    big = uop.matmul_problem(64, 64, 64, dtype="float16", transpose_b=True,
                             batch=70000)
    with pytest.raises(uop.Error, match="needs 70000 blocks along z.*"
                       "persistent-blocks"):
        uop.compile(big, target="sm_90a")
    kernel = uop.compile(big, target="sm_90a", persistent_blocks=132)
    assert [l.grid for l in kernel.launches] == [(132, 1, 1)]


def test_batch_sharing_b():
    # A batch of GEMMs of dynamic shape that share B (2-D, stored N x K):
    # simulated against numpy; uop.run checks A's and C's batch and B's
    # sizes against M, N and K before looking for a GPU.
    wrapped = uop.compile(pipeline_input("dyn_batch_gemm_shared_b_nk.mlir"),
                          target="sm_90a")
    a = RNG.uniform(-1, 1, (3, 100, 72)).astype(np.float16)
    b = RNG.uniform(-1, 1, (64, 72)).astype(np.float16)
    *_, c = uop.simulate(wrapped, a, b, np.zeros((3, 100, 64), np.float32))
    check_batch(c, a, [b.T] * 3, 72, "float32")
    with pytest.raises(uop.Error, match=r"disagree on the batch, M, N and "
                       r"K: A 3x100x72 \(batch x M x K\), B 64x72 "
                       r"\(N x K\), C 2x100x64 \(batch x M x N\)"):
        uop.run(wrapped, a, b, np.zeros((2, 100, 64), np.float32),
                host="gemm")


def test_batch_epilogue():
    # A batch of GEMMs with a fused epilogue (relu(A[b] B[b]^T + bias[b][n])
    # in f16): the writeback reads the bias per GEMM of the batch, and
    # uop.run checks every operand's sizes against the batch, M, N and K
    # before looking for a GPU: a batch that A, B and D disagree on, or a
    # bias of another batch, would send the kernel past a buffer's end.
    source = pipeline_input("dyn_batch_gemm_f16_nk_bias_relu.mlir")
    wrapped = uop.compile(source, target="sm_90a")
    for entry, (batch, m, n, k) in [("main", (2, 100, 64, 72)),
                                    ("unaligned", (3, 100, 60, 70))]:
        a = RNG.uniform(-1, 1, (batch, m, k)).astype(np.float16)
        b = RNG.uniform(-1, 1, (batch, n, k)).astype(np.float16)
        bias = RNG.uniform(-1, 1, (batch, n)).astype(np.float32)
        *_, d = uop.simulate(wrapped, a, b, bias,
                             np.zeros((batch, m, n), np.float16), entry=entry)
        bt = np.swapaxes(b, 1, 2)
        for z in range(batch):
            ref = np.maximum(a[z].astype(np.float64) @ bt[z].astype(np.float64)
                             + bias[z], 0)
            bound = gemm_bound(a[z], bt[z], k, "float16") + np.abs(bias[z]) * 2.0 ** -11
            assert (np.abs(d[z].astype(np.float64) - ref) <= bound).all()
    kernel = uop.compile(source, target="sm_80")
    a = np.zeros((2, 100, 72), np.float16)
    b = np.zeros((2, 64, 72), np.float16)
    d = np.zeros((2, 100, 64), np.float16)
    with pytest.raises(uop.Error, match=r"'gemm' parameter 2: its GEMM reads "
                       r"it as 2x64 \(bn of batch x M x N x K = 2 x 100 x 64 x "
                       r"72\), got sizes 1x64"):
        uop.run(kernel, a, b, np.zeros((1, 64), np.float32), d, host="gemm")
    with pytest.raises(uop.Error, match=r"parameters 0, 1 and 3 \(A, B and C "
                       r"of its batch of GEMMs\) disagree on the batch, M, N "
                       r"and K: A 3x100x72 \(batch x M x K\)"):
        uop.run(kernel, np.zeros((3, 100, 72), np.float16), b,
                np.zeros((2, 64), np.float32), d, host="gemm")


def test_stubs_match_the_native_module():
    # _uop.pyi declares exactly what the native module defines.
    stub = os.path.join(os.path.dirname(uop.__file__), "_uop.pyi")
    with open(stub) as f:
        tree = ast.parse(f.read())
    declared = {n.name for n in tree.body
                if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    native = {n for n in dir(uop._uop) if not n.startswith("__")}
    assert declared == native


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_a_hundred_calls_do_not_grow_memory():
    # Every compile and simulation has its own MLIR context, released when
    # it returns: after a warm-up, 100 more rounds must not keep growing.
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("AddressSanitizer keeps freed memory in quarantine")
    src = uop.matmul_problem(32, 32, 16)
    a = np.ones((32, 16), np.float32)

    def one_round():
        kernel = uop.compile(src, emit="gpu", tile=(32, 32, 8),
                             thread_tile=(4, 4))
        uop.simulate(kernel, a)
        uop.smem_gemm_ir(16, 8).text

    for _ in range(20):
        one_round()
    before = rss_bytes()
    for _ in range(100):
        one_round()
    grown = rss_bytes() - before
    assert grown < 16 << 20, f"grew by {grown} bytes"


def test_the_readme_example_runs():
    # The README's Python example, as a new user pastes it.
    root = os.environ.get("UOP_SOURCE_DIR",
                          os.path.dirname(os.path.dirname(os.path.dirname(
                              os.path.abspath(__file__)))))
    with open(os.path.join(root, "README.md")) as f:
        readme = f.read()
    (example,) = re.findall(r"```python\n(.*?)```", readme, re.S)
    exec(compile(example, "README.md", "exec"), {})
