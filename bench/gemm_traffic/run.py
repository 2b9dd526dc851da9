#!/usr/bin/env python3
"""Memory traffic and compile time of the SIMT GEMM path, per case.

For each GEMM of test/Integration/Inputs and each tiling, runs the
`--uop-compile=emit=kernel` output under `uop-sim --traffic` (which counts
the elements the kernels load and store, by memory space), divides by the
M*N*K fused multiply-adds, and prints the seed's traffic table: global loads
per FMA and shared loads per FMA. Next to it, the median wall time of
`.mlir -> .ptx` (uop-opt --uop-compile + uop-translate --uop-to-ptx) for
sm_80 and sm_90a.

  bench/gemm_traffic/run.py [--build build] [--reps 5]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INPUTS = os.path.join(ROOT, "test", "Integration", "Inputs")

CASES = ["gemm_64x64x64", "gemm_128x256x64", "gemm_100x60x70", "gemm_transb_f16"]
TILINGS = [
    ("128x128x8, 8x8, 2 stages (default)", ""),
    ("128x128x8, 8x8, 1 stage", "stages=1"),
    ("64x64x8, 4x4, 2 stages", "tile=64,64,8 thread-tile=4,4"),
    ("32x32x8, 2x2, 2 stages", "tile=32,32,8 thread-tile=2,2"),
]


def mnk(path):
    """M, N, K of the GEMM in `path`, read from its C and A operands."""
    text = open(path).read()
    shapes = re.findall(r"%[ABC]: memref<(\d+)x(\d+)x", text)
    (a0, a1), (b0, b1), (c0, c1) = [(int(x), int(y)) for x, y in shapes]
    m, n = c0, c1
    k = a1 if a0 == m else a0
    return m, n, k


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    opt = os.path.join(args.build, "bin", "uop-opt")
    translate = os.path.join(args.build, "bin", "uop-translate")
    sim = os.path.join(args.build, "bin", "uop-sim")

    print("| case | tiling | global loads / FMA | shared loads / FMA | "
          "compile sm_80 (ms) | compile sm_90a (ms) |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for case in CASES:
        src = os.path.join(INPUTS, case + ".mlir")
        m, n, k = mnk(src)
        fmas = m * n * k
        for label, extra in TILINGS:
            kernel = run([opt, src, f"--uop-compile=target=sm_80 emit=kernel {extra}"]).stdout
            out = run([sim, "-", "--traffic", "--compare-with", src], input=kernel).stdout
            t = dict(re.findall(r"(\w+)=(\d+)", out.splitlines()[0]))
            if "mismatches=0/" not in out:
                sys.exit(f"{case} {label}: results differ:\n{out}")
            times = {}
            for target in ("sm_80", "sm_90a"):
                samples = []
                for _ in range(args.reps):
                    start = time.perf_counter()
                    llvm = run([opt, src, f"--uop-compile=target={target} {extra}"]).stdout
                    run([translate, "--uop-to-ptx"], input=llvm)
                    samples.append(time.perf_counter() - start)
                times[target] = statistics.median(samples) * 1e3
            print(f"| {case} ({m}x{n}x{k}) | {label} | "
                  f"{int(t['global_loads']) / fmas:.4f} | {int(t['shared_loads']) / fmas:.3f} | "
                  f"{times['sm_80']:.0f} | {times['sm_90a']:.0f} |")


if __name__ == "__main__":
    main()
