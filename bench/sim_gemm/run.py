#!/usr/bin/env python3
"""uop-sim speed: GEMMs of N x N x N under uop-sim, against a plain compiled
C++ triple-loop GEMM of the same size (bench/sim_gemm/native_gemm.cpp, -O2)
on the same machine in the same run. Prints medians over --reps runs and
the ratio uop-sim / native, for three programs:

  smem_gemm   the seed's shared-memory SIMT kernel (examples/smem_gemm.mlir)
  wgmma       an f16 GEMM (f32 out) compiled for sm_90a: TMA loads into a
              ring of mbarrier-guarded stages, wgmma, warp specialization
  linalg      the linalg.matmul reference of that f16 GEMM, which every
              --compare-with evaluates

  bench/sim_gemm/run.py [--build build] [--n 256] [--reps 7]

smem_gemm is examples/smem_gemm.mlir with the sizes changed (T stays 16,
the grid and the K loop grow to N / T); wgmma is `uop-opt --uop-compile=
"emit=kernel target=sm_90a"` of the linalg program (default tiles). The simulator time is the wall time
of the whole uop-sim process: parsing, context set-up, seeded inputs and
the simulation of all blocks with race tracking. Before timing, the script
checks that each kernel equals its linalg.matmul on the CPU.
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


def make_reference(n, in_type="f32"):
    """linalg.matmul of n x n inputs of `in_type` into an f32 C."""
    a = f"memref<{n}x{n}x{in_type}>"
    c = f"memref<{n}x{n}xf32>"
    return f"""func.func @main(%A: {a}, %B: {a}, %C: {c}) {{
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : {c})
  linalg.matmul ins(%A, %B : {a}, {a}) outs(%C : {c})
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
    opt = os.path.join(args.build, "bin", "uop-opt")
    with tempfile.TemporaryDirectory() as tmp:
        def write(name, text):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            return path

        smem = write(f"smem_gemm_{args.n}.mlir", make_kernel(args.n))
        ref = write(f"matmul_{args.n}.mlir", make_reference(args.n))
        ref16 = write(f"matmul_f16_{args.n}.mlir", make_reference(args.n, "f16"))
        wgmma = os.path.join(tmp, f"wgmma_{args.n}.mlir")
        subprocess.run([opt, ref16, "--uop-compile=emit=kernel target=sm_90a",
                        "-o", wgmma], check=True)
        native = os.path.join(tmp, "native_gemm")
        subprocess.run([args.cxx, "-O2", "-o", native,
                        os.path.join(HERE, "native_gemm.cpp")], check=True)
        programs = [("smem_gemm", smem, ref), ("wgmma", wgmma, ref16),
                    ("linalg", ref16, None)]
        for name, kernel, reference in programs:
            if not reference:
                continue
            check = subprocess.run([sim, kernel, "--compare-with", reference],
                                   capture_output=True, text=True)
            print(f"check {name}: {check.stdout.strip()} "
                  f"(exit {check.returncode})")
            if check.returncode != 0:
                sys.exit(check.stderr)
        times = {name: [] for name, _, _ in programs}
        native_times = []
        for _ in range(args.reps):
            for name, kernel, _ in programs:
                times[name].append(timed([sim, kernel]))
            out = subprocess.run([native, str(args.n), "3"], check=True,
                                 capture_output=True, text=True).stdout
            native_times.append(float(out.split()[0]))
        nat = statistics.median(native_times)
        print(f"N={args.n} reps={args.reps}; native {nat * 1e3:.1f} ms "
              f"(median triple loop, {args.cxx} -O2); uop-sim: median wall "
              "time of the process")
        print("| program | uop-sim (ms) | native (ms) | uop-sim / native |")
        print("| --- | ---: | ---: | ---: |")
        for name, _, _ in programs:
            s = statistics.median(times[name])
            print(f"| {name} | {s * 1e3:.1f} | {nat * 1e3:.1f} | "
                  f"{s / nat:.1f} |")


if __name__ == "__main__":
    main()
