#!/usr/bin/env python3
"""uop-sim speed: the seed's smem_gemm at N = 256, T = 16 under uop-sim,
against a plain compiled C++ triple-loop GEMM of the same size
(bench/sim_gemm/native_gemm.cpp, -O2) on the same machine in the same run.
Prints medians over --reps runs and the ratio uop-sim / native.

  bench/sim_gemm/run.py [--build build] [--n 256] [--reps 7]

The kernel is examples/smem_gemm.mlir with the sizes changed (T stays 16,
the grid and the K loop grow to N / T). The simulator time is the wall time
of the whole uop-sim process: parsing, context set-up, seeded inputs and
the simulation of all N/T x N/T blocks with race tracking. Before timing,
the script checks that the kernel equals linalg.matmul on the CPU.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
T = 16


def make_kernel(n):
    """examples/smem_gemm.mlir (N = 64) rewritten for N = n."""
    with open(os.path.join(ROOT, "examples", "smem_gemm.mlir")) as f:
        text = f.read()
    steps = n // T
    text = text.replace("64x64", f"{n}x{n}")
    text = text.replace("%c4 = arith.constant 4 : index",
                        f"%cNT = arith.constant {steps} : index")
    text = re.sub(r"%c4\b", "%cNT", text)
    assert f"arith.constant {steps} : index" in text
    return text


def make_reference(n):
    return f"""func.func @main(%A: memref<{n}x{n}xf32>, %B: memref<{n}x{n}xf32>,
                %C: memref<{n}x{n}xf32>) {{
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<{n}x{n}xf32>)
  linalg.matmul ins(%A, %B : memref<{n}x{n}xf32>, memref<{n}x{n}xf32>)
                outs(%C : memref<{n}x{n}xf32>)
  return
}}
"""


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--n", type=int, default=256)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--cxx", default=os.environ.get("CXX", "c++"))
    args = ap.parse_args()
    if args.n % T:
        sys.exit(f"--n must be a multiple of {T}")
    sim = os.path.join(args.build, "bin", "uop-sim")
    with tempfile.TemporaryDirectory() as tmp:
        kernel = os.path.join(tmp, f"smem_gemm_{args.n}.mlir")
        ref = os.path.join(tmp, f"matmul_{args.n}.mlir")
        native = os.path.join(tmp, "native_gemm")
        with open(kernel, "w") as f:
            f.write(make_kernel(args.n))
        with open(ref, "w") as f:
            f.write(make_reference(args.n))
        subprocess.run([args.cxx, "-O2", "-o", native,
                        os.path.join(HERE, "native_gemm.cpp")], check=True)
        check = subprocess.run([sim, kernel, "--compare-with", ref],
                               capture_output=True, text=True)
        print(f"check: {check.stdout.strip()} (exit {check.returncode})")
        if check.returncode != 0:
            sys.exit(check.stderr)
        sim_times = []
        native_times = []
        for _ in range(args.reps):
            sim_times.append(timed([sim, kernel]))
            out = subprocess.run([native, str(args.n), "3"], check=True,
                                 capture_output=True, text=True).stdout
            native_times.append(float(out.split()[0]))
        s = statistics.median(sim_times)
        nat = statistics.median(native_times)
        print(f"N={args.n} T={T} reps={args.reps}")
        print(f"uop-sim   {s * 1e3:9.1f} ms  (median wall time of the process)")
        print(f"native    {nat * 1e3:9.1f} ms  (median triple loop, {args.cxx} -O2)")
        print(f"ratio     {s / nat:9.1f}x")


if __name__ == "__main__":
    main()
