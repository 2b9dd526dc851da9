#!/usr/bin/env python3
"""Compile time of examples/smem_gemm.mlir -> PTX with uop, against
`nvcc -ptx` of the same kernel in CUDA (bench/compile_time/smem_gemm.cu), on
the same machine in the same run. Prints per-tool medians over --reps runs
and the ratio uop / nvcc.

  bench/compile_time/run.py [--build build] [--target sm_90a] [--reps 11]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(cmd, **kw):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, **kw)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--target", default="sm_90a")
    ap.add_argument("--reps", type=int, default=11)
    ap.add_argument("--input", default=os.path.join(ROOT, "examples", "smem_gemm.mlir"))
    args = ap.parse_args()

    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.path.exists(nvcc):
        sys.exit("nvcc not found: the peer of this benchmark is missing")
    opt = os.path.join(args.build, "bin", "uop-opt")
    translate = os.path.join(args.build, "bin", "uop-translate")
    cu = os.path.join(ROOT, "bench", "compile_time", "smem_gemm.cu")

    with tempfile.TemporaryDirectory() as tmp:
        llvm_mlir = os.path.join(tmp, "k.mlir")
        uop_ptx = os.path.join(tmp, "uop.ptx")
        nvcc_ptx = os.path.join(tmp, "nvcc.ptx")

        def uop_once():
            return (timed([opt, args.input, f"--uop-compile=target={args.target}", "-o", llvm_mlir])
                    + timed([translate, "--uop-to-ptx", llvm_mlir, "-o", uop_ptx]))

        def nvcc_once():
            return timed([nvcc, "-ptx", f"-arch={args.target}", cu, "-o", nvcc_ptx])

        uop_once(), nvcc_once()  # warm the page cache
        uop_t, nvcc_t = [], []
        for _ in range(args.reps):  # interleave so both see the same machine
            uop_t.append(uop_once())
            nvcc_t.append(nvcc_once())

    u, n = statistics.median(uop_t), statistics.median(nvcc_t)
    print(f"target {args.target}, {args.reps} repetitions, median wall time")
    print(f"  uop  (uop-opt --uop-compile + uop-translate --uop-to-ptx): {u * 1e3:8.1f} ms")
    print(f"  nvcc (nvcc -ptx)                                          : {n * 1e3:8.1f} ms")
    print(f"  ratio uop / nvcc: {u / n:.3f}")


if __name__ == "__main__":
    main()
