"""Compiles random GEMMs with random tilings to the kernel stage and checks
each against its linalg input with uop-sim.

  random_gemms.py SEED COUNT WORKDIR [--ptxas PTXAS [--ptx-only]]

Shapes 1..90 in each of M, N, K; f32, f16 or bf16 inputs; A and/or B
stored transposed; with or without a fill of C; tilings including odd tile
sizes (3, 5) and 1x1 register tiles, for f16 / bf16 half the time
mma_sync warp tilings, and for f16 a quarter of the time WMMA ones; one or two stages; automatic, no, or
explicit padding; with and without swizzle. With --ptxas, each case is also
compiled to PTX for a random target and assembled, with no spills allowed;
--ptx-only skips the uop-sim check (the same SEED draws the same cases
either way). Prints one line per failure and a summary; exits non-zero if
any case failed to compile, to agree or to assemble, and with status 2 when
PTXAS is not an executable.
"""
import argparse
import os
import random
import subprocess
import sys

TILINGS = [
    "mma=simt tile=32,32,8 thread-tile=4,4",
    "mma=simt tile=64,32,16 thread-tile=4,2",
    "mma=simt tile=16,64,4 thread-tile=2,8",
    "mma=simt tile=128,128,8 thread-tile=8,8",
    "mma=simt tile=32,16,3 thread-tile=1,1",
    "mma=simt tile=48,40,5 thread-tile=3,5",
]
# Tensor-core tilings of f16 / bf16 GEMMs (warp tiles 16x16 to 64x32).
MMA_TILINGS = [
    "mma=mma_sync tile=32,32,16 warps=1,2",
    "mma=mma_sync tile=64,64,32 warps=2,2",
    "mma=mma_sync tile=32,64,16 warps=2,2",
    "mma=mma_sync tile=128,128,32 warps=2,4",
]
# WMMA tilings of f16 GEMMs (16x16 fragments; warp tiles 16x16 to 64x32).
WMMA_TILINGS = [
    "mma=wmma tile=32,32,16 warps=2,2",
    "mma=wmma tile=64,64,32 warps=2,2",
    "mma=wmma tile=128,128,32 warps=2,4",
]


def case(rng):
    m, n, k = (rng.randint(1, 90) for _ in range(3))
    t = rng.choice(["f32", "f16", "bf16"])
    ta, tb, fill = rng.random() < 0.3, rng.random() < 0.3, rng.random() < 0.5
    a = f"{k}x{m}" if ta else f"{m}x{k}"
    b = f"{n}x{k}" if tb else f"{k}x{n}"
    amap = "(k, m)" if ta else "(m, k)"
    bmap = "(n, k)" if tb else "(k, n)"
    fill_op = (f"linalg.fill ins(%z : f32) outs(%C : memref<{m}x{n}xf32>)"
               if fill else "")
    src = f"""func.func @main(%A: memref<{a}x{t}>, %B: memref<{b}x{t}>, %C: memref<{m}x{n}xf32>) {{
  %z = arith.constant 0.0 : f32
  {fill_op}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> {amap}>,
                                 affine_map<(m, n, k) -> {bmap}>,
                                 affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<{a}x{t}>, memref<{b}x{t}>) outs(%C : memref<{m}x{n}xf32>)
  return
}}
"""
    opts = (f"{rng.choice(TILINGS)} stages={rng.choice([1, 2])} "
            f"pad={rng.choice([-1, 0, 1, 2])} swizzle={rng.choice([0, 1])}")
    target = rng.choice([
        "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_120"])
    if t != "f32" and rng.random() < 0.5:
        opts = opts.replace(opts.split(" stages=")[0], rng.choice(MMA_TILINGS))
    elif t == "f16" and rng.random() < 0.5:
        # WMMA reads plain rows of whole 16-byte units: no swizzle, a pad
        # of 0 or 8 elements (or the automatic 8).
        opts = (f"{rng.choice(WMMA_TILINGS)} stages={rng.choice([1, 2])} "
                f"pad={rng.choice([-1, 0, 8])} swizzle=0")
    return src, opts, target


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("seed", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("work")
    parser.add_argument("--ptxas", help="assemble each case with this ptxas")
    parser.add_argument("--ptx-only", action="store_true",
                        help="with --ptxas: skip the uop-sim comparison")
    args = parser.parse_args()
    ptxas = args.ptxas
    if ptxas and not (os.path.isfile(ptxas) and os.access(ptxas, os.X_OK)):
        # Asked for and missing is an error, never a silent skip.
        print(f"error: expected an executable ptxas, got '{ptxas}'",
              file=sys.stderr)
        sys.exit(2)
    if args.ptx_only and not ptxas:
        parser.error("--ptx-only needs --ptxas")
    seed, count, work = args.seed, args.count, args.work
    os.makedirs(work, exist_ok=True)
    rng = random.Random(seed)
    failures = 0
    for i in range(count):
        src, opts, target = case(rng)
        path = os.path.join(work, f"case{i}.mlir")
        with open(path, "w") as f:
            f.write(src)
        if not args.ptx_only:
            kernel = subprocess.run(["uop-opt", path,
                                     f"--uop-compile=emit=kernel {opts}"],
                                    capture_output=True, text=True)
            if kernel.returncode:
                print(f"case {i} ({opts}): compile failed\n{kernel.stderr}")
                failures += 1
                continue
            sim = subprocess.run(["uop-sim", "-", "--compare-with", path],
                                 input=kernel.stdout, capture_output=True,
                                 text=True)
            if sim.returncode or "mismatches=0/" not in sim.stdout:
                print(f"case {i} ({opts}): uop-sim exit {sim.returncode}\n"
                      f"{sim.stdout}{sim.stderr}")
                failures += 1
                continue
        if not ptxas:
            continue
        ptx = os.path.join(work, f"case{i}.ptx")
        llvm = subprocess.run(["uop-opt", path, f"--uop-compile=target={target} {opts}"],
                              capture_output=True, text=True)
        translated = llvm.returncode == 0 and subprocess.run(
            ["uop-translate", "--uop-to-ptx", "-o", ptx], input=llvm.stdout,
            capture_output=True, text=True).returncode == 0
        assembled = translated and subprocess.run(
            [ptxas, f"-arch={target}", "-v", ptx, "-o", os.devnull],
            capture_output=True, text=True)
        if not assembled or assembled.returncode or \
                "0 bytes spill stores, 0 bytes spill loads" not in assembled.stderr:
            print(f"case {i} ({target}, {opts}): PTX failed\n{llvm.stderr}"
                  f"{assembled.stderr if assembled else ''}")
            failures += 1
    print(f"{count - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
