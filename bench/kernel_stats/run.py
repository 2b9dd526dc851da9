#!/usr/bin/env python3
"""Per-kernel resource and instruction-mix table of uop's GEMM kernels.

For each kernel configuration and target, compiles a GEMM with
`uop-opt --uop-compile` and `uop-translate --uop-to-ptx`, runs `ptxas -v` on
the PTX, and prints one row per kernel: registers, spill bytes, shared bytes
(static and dynamic) and pipeline stages (what limits occupancy), and
the instructions of one
k-tile, the body of the K loop in the PTX, in steady state: mma, ldmatrix,
cp.async, bar.sync, ld.shared, fma and all others, and the FLOPs each
shared-memory load instruction feeds (the figure tiling and tensor cores
exist to raise).

The K loop is the outermost loop of the kernel whose body holds a bar.sync
or a tensor-core instruction (a TMA-fed tcgen05 k-tile has no bar.sync:
mbarriers order it; its bulk tensor copies count as cp.async); in a kernel
whose MMAs wait on barriers or mbarriers, the innermost loop that both
waits and issues MMAs (a persistent kernel's k-tile loop, not its tile
loop; of loops the PTX interleaves, the one with the most MMAs).
Loops nested in its body (the k steps within a tile) count their body once
per trip; the trip count is read from the loop's induction (`mov` of the
start before the loop, `add` of the step and `setp` against the end), and
the row says `?` when it cannot be; a loop that only retries an
mbarrier wait (mbarrier.try_wait until the phase completes) counts once,
as when the data is already there. Conditional code in the body (the
prefetch of the next tile, skipped in the last one) counts as executed.

A second table gives the figures of the CUDA-core inner loop: FMAs per
shared-load instruction in a k-tile, the FMA share of the k-tile's
instructions, and the memory accesses by width: shared loads and stores of
the k-tile, global loads of the k-tile and global stores of the whole
kernel (the epilogue), each as scalar / 64-bit / 128-bit (`.v2` of 32-bit
elements or a 64-bit element / `.v4`) instructions per thread.

A configuration is NAME=DTYPE:OPTIONS, OPTIONS being the text of
--uop-compile without the target (`mma=mma_sync async=true stages=3`);
DTYPE is the element type of A and B (f32, f16, bf16; C is f32), with
`-nk` for B stored N x K (`f16-nk`: the layout TMA loads as it is) and
`-out16` for a C of the input type, rounded once from the f32 product
(`f16-nk-out16`), and `-dyn` last for operands of dynamic shape
(`memref<?x?>`: one kernel for every size, `f16-nk-dyn`), and `-bN` after
that for a batch of N GEMMs (linalg.batch_matmul, C f32: `f16-nk-b8`; a
dynamic batch with `-dyn-b8`). A
configuration whose compile or ptxas fails is skipped with the reason (an
option the build does not have yet, a size its checks refuse).

  bench/kernel_stats/run.py [--build build] [--targets sm_80,sm_90a,sm_100a]
                            [--size 1024] [--config NAME=DTYPE:OPTIONS ...]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The SIMT path at its default and at the tilings bench/gemm_traffic uses,
# then the tensor-core kernels f16 and bf16 get by default (mma.sync on
# sm_80, wgmma on sm_90a, tcgen05 on sm_100a), mma.sync explicitly, the
# wgmma kernels (sm_90a only) and the tcgen05 ladder (sm_100a only; rows of
# a family on other targets are skipped: their compile refuses it). A tcgen05.mma is one instruction of one
# elected thread for the whole 128 x BN x 16 step of the CTA, and the tensor
# core reads the shared tiles itself: the k-tile has no ld.shared.
DEFAULT_CONFIGS = [
    "simt-f32=f32:",
    "simt-f32-1stage=f32:stages=1",
    "simt-f32-64x64=f32:tile=64,64,8 thread-tile=4,4",
    "simt-f16=f16:mma=simt",
    "mma-f16=f16:",
    "mma-bf16=bf16:",
    "wmma-f16=f16:mma=wmma",
    "mma-sync-f16=f16:mma=mma_sync",
    "wgmma-f16-kn=f16:mma=wgmma",
    "wgmma-ring-f16=f16-nk:mma=wgmma",
    "wgmma-ring-bf16=bf16-nk:mma=wgmma",
    "mma-tf32=f32:precision=tf32",
    "wgmma-ring-tf32=f32-nk:precision=tf32",
    "wgmma-ring-f16-bn256=f16-nk:mma=wgmma tile=128,256,64",
    "wgmma-ring-1role-f16=f16-nk:mma=wgmma warp-specialize=false",
    "wgmma-ring-f16-bm64=f16-nk:mma=wgmma tile=64,128,64",
    "wgmma-ring-tma-store-f16=f16-nk:mma=wgmma tma-store=true",
    "wgmma-persistent-tma-store-f16=f16-nk:mma=wgmma persistent-blocks=132 tma-store=true",
    "wgmma-pingpong-f16=f16-nk:mma=wgmma persistent-blocks=132 pingpong=true",
    "wgmma-cluster2-f16=f16-nk:mma=wgmma cluster-m=2",
    "wgmma-persistent-cluster2-f16=f16-nk:mma=wgmma persistent-blocks=132 cluster-m=2",
    "wgmma-cluster2x2-f16=f16-nk:mma=wgmma cluster-m=2 cluster-n=2",
    "wgmma-pingpong-cluster2-f16=f16-nk:mma=wgmma persistent-blocks=132 pingpong=true tile=128,128,64 cluster-m=2",
    "tcgen05-f16=f16:mma=tcgen05",
    "tcgen05-bf16=bf16:mma=tcgen05",
    "tcgen05-f16-bn64=f16:mma=tcgen05 tile=128,64,64",
    "tcgen05-ring-f16=f16-nk:mma=tcgen05",
    "tcgen05-ring-f16-bm64=f16-nk:mma=tcgen05 tile=64,128,64",
    "tcgen05-step6-f16=f16-nk:mma=tcgen05 ladder-step=6",
    "tcgen05-ring-tma-store-f16=f16-nk:mma=tcgen05 tma-store=true",
    "tcgen05-tma-f16=f16-nk:mma=tcgen05 ladder-step=4",
    "tcgen05-step3-f16-nk=f16-nk:mma=tcgen05 ladder-step=3",
]

CLASSES = ["mma", "ldmatrix", "cp.async", "bar.sync", "ld.shared", "fma", "other"]


def gemm_source(size, dtype, b_nk=False, out16=False, dynamic=False,
                batch=0):
    """A size^3 GEMM: C (f32) = A (dtype) x B (dtype), C zeroed first; B
    stored N x K when `b_nk`, else K x N. With `out16` the f32 product is
    rounded once to a C of `dtype` (a truncf consumer the GEMM's writeback
    fuses). With `dynamic` every operand is memref<?x?> (the sizes are
    read at run time; `size` does not enter the kernel). With `batch` a
    linalg.batch_matmul of that many GEMMs (a dynamic batch with
    `dynamic`); not with `out16`."""
    dims = "?x?" if dynamic else f"{size}x{size}"
    if batch:
        dims = ("?x" if dynamic else f"{batch}x") + dims
    a = f"memref<{dims}x{dtype}>"
    c = f"memref<{dims}xf32>"
    maps = ""
    loops, b0 = ("(b, m, n, k)", "b, ") if batch else ("(m, n, k)", "")
    if b_nk:
        maps = (f"indexing_maps = [affine_map<{loops} -> ({b0}m, k)>, "
                f"affine_map<{loops} -> ({b0}n, k)>, "
                f"affine_map<{loops} -> ({b0}m, n)>] ")
    op = "linalg.batch_matmul" if batch else "linalg.matmul"
    if not out16:
        return f"""func.func @main(%A: {a}, %B: {a}, %C: {c}) {{
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : {c})
  {op} {maps}ins(%A, %B : {a}, {a}) outs(%C : {c})
  return
}}
"""
    d = f"memref<{dims}x{dtype}>"
    ident = "affine_map<(m, n) -> (m, n)>"
    sizes = ""
    alloc = "memref.alloc()"
    if dynamic:
        sizes = ("  %c0 = arith.constant 0 : index\n"
                 "  %c1 = arith.constant 1 : index\n"
                 f"  %m = memref.dim %A, %c0 : {a}\n"
                 f"  %n = memref.dim %D, %c1 : {d}\n")
        alloc = "memref.alloc(%m, %n)"
    return f"""func.func @main(%A: {a}, %B: {a}, %D: {d}) {{
{sizes}  %zero = arith.constant 0.0 : f32
  %C = {alloc} : {c}
  linalg.fill ins(%zero : f32) outs(%C : {c})
  linalg.matmul {maps}ins(%A, %B : {a}, {a}) outs(%C : {c})
  linalg.generic {{indexing_maps = [{ident}, {ident}],
                  iterator_types = ["parallel", "parallel"]}}
      ins(%C : {c}) outs(%D : {d}) {{
  ^bb0(%x: f32, %y: {dtype}):
    %h = arith.truncf %x : f32 to {dtype}
    linalg.yield %h : {dtype}
  }}
  memref.dealloc %C : {c}
  return
}}
"""


def run(cmd, stdin=None):
    """Runs `cmd`; returns (ok, stdout, stderr)."""
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return p.returncode == 0, p.stdout, p.stderr


def instructions(ptx):
    """The PTX's lines as (label or None, instruction text or None)."""
    out = []
    for line in ptx.splitlines():
        line = line.split("//")[0].strip()
        if not line:
            continue
        m = re.match(r"^(\$?[\w$]+):$", line)
        if m:
            out.append((m.group(1), None))
        elif line.startswith((".", "{", "}", ")", "(")) or line.endswith(","):
            continue
        else:
            out.append((None, line.rstrip(";")))
    return out


def opcode(text):
    """The opcode of an instruction (its guard predicate dropped)."""
    text = re.sub(r"^@!?%\w+\s+", "", text)
    return text.split()[0] if text.split() else ""


def classify(op):
    if op.startswith(("mma.", "wmma.mma", "wgmma.", "tcgen05.mma")):
        return "mma"
    # wmma.load of A or B fragments from shared memory is this kernel's
    # ldmatrix (its accumulator loads and stores are the epilogue's).
    if op.startswith("ldmatrix") or (op.startswith(("wmma.load.a",
                                                    "wmma.load.b"))
                                     and ".shared" in op):
        return "ldmatrix"
    if op.startswith("cp.async"):
        return "cp.async"
    if op.startswith(("bar.sync", "barrier.sync", "bar.arrive", "barrier.")):
        return "bar.sync"
    if op.startswith("ld.shared"):
        return "ld.shared"
    if op.startswith("fma."):
        return "fma"
    return "other"


ACCESSES = ["ld.shared", "st.shared", "ld.global", "st.global"]


def access_width(op):
    """(kind, width) of a memory access: kind one of ACCESSES, width 's'
    (one element up to 32 bits), '64' or '128' bits; None otherwise."""
    for kind in ACCESSES:
        state, space = kind.split(".")
        if op.startswith(state + ".") and f".{space}" in op:
            bits = 32
            m = re.search(r"\.v(\d)", op)
            lanes = int(m.group(1)) if m else 1
            e = re.search(r"\.[bfsu](8|16|32|64)$", op)
            if e:
                bits = max(int(e.group(1)), 32) if lanes == 1 else int(
                    e.group(1))
            total = lanes * bits
            return kind, "s" if total <= 32 else str(total)
    return None


def flops(op):
    """Floating-point operations of one thread's instruction."""
    if op.startswith("fma."):
        # Packed halves (f16x2, bf16x2) do two FMAs.
        return 4 if "x2" in op else 2
    m = re.search(r"\.m(\d+)n(\d+)k(\d+)", op)
    if m and op.startswith(("mma.", "wmma.mma")):
        # A warp-wide m x n x k multiply-add, a 32nd of it per thread.
        mm, nn, kk = (int(x) for x in m.groups())
        return 2 * mm * nn * kk / 32
    if m and op.startswith("wgmma.mma_async"):
        # A warpgroup-wide one, a 128th of it per thread.
        mm, nn, kk = (int(x) for x in m.groups())
        return 2 * mm * nn * kk / 128
    return 0


def loops(insts):
    """Loops as (header index, back-edge index, label): a branch to a label
    that comes before it."""
    where = {lab: i for i, (lab, _) in enumerate(insts) if lab}
    found = []
    for i, (_, text) in enumerate(insts):
        if text is None:
            continue
        m = re.match(r"^(?:@!?%\w+\s+)?bra(?:\.uni)?\s+(\$?[\w$]+)$", text)
        if m and m.group(1) in where and where[m.group(1)] < i:
            found.append((where[m.group(1)], i, m.group(1)))
    return found


def constant_before(insts, before, reg, depth=4):
    """The constant the last `mov` before `before` put in `reg`, following
    moves from other registers; None when it is not a constant."""
    for j in range(before - 1, -1, -1):
        t = insts[j][1]
        m = t and re.match(rf"^mov\.\w+\s+{re.escape(reg)},\s*(\S+)$", t)
        if not m:
            continue
        src = m.group(1)
        if re.match(r"^-?\d+$", src):
            return int(src)
        if src.startswith("%") and depth > 0:
            return constant_before(insts, j, src, depth - 1)
        return None
    return None


def trip_count(insts, head, back):
    """The trips of the loop [head, back] from its induction, or None."""
    m = re.match(r"^@(%\w+)\s+bra", insts[back][1])
    if not m:
        return None
    pred = m.group(1)
    cmp_ = None
    for j in range(back - 1, head, -1):
        t = insts[j][1]
        if t and re.match(rf"^setp\.\w+\.\w+\s+{re.escape(pred)},", t):
            cmp_ = t
            break
    if not cmp_:
        return None
    m = re.match(r"^setp\.(\w+)\.\w+\s+%\w+,\s*(%\w+),\s*(-?\d+)$", cmp_)
    if not m:
        return None
    rel, reg, end = m.group(1), m.group(2), int(m.group(3))
    step = None
    for j in range(head + 1, back):
        t = insts[j][1]
        s = t and re.match(
            rf"^add\.\w+\s+{re.escape(reg)},\s*{re.escape(reg)},\s*(-?\d+)$", t)
        if s:
            step = int(s.group(1))
    start = constant_before(insts, head, reg)
    if step in (None, 0) or start is None:
        return None
    # ne/lt/le (or gt/ge counting down): the induction runs start..end.
    trips = (end - start) / step
    if rel in ("le", "ge"):
        trips += 1
    return int(trips) if trips >= 1 and trips == int(trips) else None


def spin_loop(insts, head, back):
    """Whether the loop [head, back] only retries an mbarrier wait (its
    body holds an mbarrier.try_wait and no MMA, copy or barrier)."""
    ops = [opcode(t) for _, t in insts[head:back + 1] if t]
    return (any(op.startswith("mbarrier.try_wait") for op in ops) and
            not any(classify(op) in ("mma", "cp.async", "bar.sync")
                    for op in ops))


def ktile_mix(ptx):
    """Instruction counts of one k-tile and whether every trip was known.
    None when the kernel has no loop with a barrier or an MMA."""
    insts = instructions(ptx)
    all_loops = loops(insts)
    k_loop = None
    for head, back, _ in sorted(all_loops, key=lambda l: l[0] - l[1]):
        body = [t for _, t in insts[head:back + 1] if t]
        if any(classify(opcode(t)) in ("bar.sync", "mma") for t in body):
            k_loop = (head, back)
            break

    # A kernel with MMAs ordered by waits: the k-tile loop is the innermost
    # loop (each header's loop to its last back edge) that both waits (a
    # bar.sync or an mbarrier wait) and issues MMAs; not a persistent
    # kernel's tile loop around it, nor the mbarrier retry loops or the
    # k-steps within a tile, which lack one or the other. Where the block
    # layout interleaves loops (the ping-pong kernel's tile and k-tile
    # loops overlap in the PTX text), the one with the most MMAs.
    def waits_and_multiplies(head, back):
        ops = [opcode(t) for _, t in insts[head:back + 1] if t]
        waits = any(classify(op) == "bar.sync" or
                    op.startswith(("mbarrier.try_wait", "mbarrier.test_wait"))
                    for op in ops)
        return waits and any(classify(op) == "mma" for op in ops)

    def mmas(head, back):
        return sum(classify(opcode(t)) == "mma"
                   for _, t in insts[head:back + 1] if t)
    whole = {}
    for h, b, _ in all_loops:
        whole[h] = max(b, whole.get(h, b))
    waiting = [(h, b) for h, b in whole.items() if waits_and_multiplies(h, b)]
    innermost = [l for l in waiting
                 if not any(o != l and l[0] <= o[0] and o[1] <= l[1]
                            for o in waiting)]
    if innermost:
        most = max(mmas(*l) for l in innermost)
        k_loop = min((l for l in innermost if mmas(*l) == most),
                     key=lambda l: l[1] - l[0])
    if not k_loop:
        return None
    head, back = k_loop
    weight = [1.0] * len(insts)
    known = True
    for h, b, _ in all_loops:
        if head < h and b < back:
            trips = trip_count(insts, h, b)
            if trips is None and spin_loop(insts, h, b):
                # An mbarrier wait's retry loop: counted once, the try_wait
                # that finds the phase complete.
                continue
            if trips is None:
                known = False
                continue
            for j in range(h, b + 1):
                weight[j] *= trips
    counts = {c: 0.0 for c in CLASSES}
    widths = {}
    fl = 0.0
    for j in range(head, back + 1):
        t = insts[j][1]
        if not t:
            continue
        op = opcode(t)
        counts[classify(op)] += weight[j]
        fl += weight[j] * flops(op)
        acc = access_width(op)
        if acc:
            widths[acc] = widths.get(acc, 0.0) + weight[j]
    return counts, fl, known, widths


def kernel_stores(ptx):
    """Global stores of the whole kernel by width (the epilogue's)."""
    widths = {}
    for _, t in instructions(ptx):
        acc = t and access_width(opcode(t))
        if acc and acc[0] == "st.global":
            widths[acc] = widths.get(acc, 0) + 1
    return widths


def ptxas_stats(text):
    """registers, spill bytes (stores + loads), shared bytes from ptxas -v."""
    regs = re.search(r"Used (\d+) registers", text)
    smem = re.search(r"(\d+) bytes smem", text)
    spills = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", text)
    return (int(regs.group(1)) if regs else None,
            int(spills.group(1)) + int(spills.group(2)) if spills else None,
            int(smem.group(1)) if smem else 0)


def entry_ptx(ptx, name):
    """The PTX of entry `name` alone (its .entry to the next one)."""
    starts = [(m.start(), m.group(1))
              for m in re.finditer(r"\.entry\s+(\w+)\s*\(", ptx)]
    for i, (pos, entry) in enumerate(starts):
        if entry == name:
            end = starts[i + 1][0] if i + 1 < len(starts) else len(ptx)
            return ptx[pos:end]
    return None


def entry_ptxas(text, name):
    """ptxas -v's lines about entry `name` alone."""
    blocks = re.split(r"(?=ptxas info\s*: Compiling entry function)", text)
    for block in blocks:
        if re.search(rf"Compiling entry function '{name}'", block):
            return block
    return ""


def versions(launches):
    """The kernels of launches the host makes under conditions (uop-tile's
    versions of a kernel whose copies read rows of a length known only at
    run time), as (kernel, label): the version for rows of whole 16-byte
    units first. Empty where no launch has a condition."""
    # One row per condition: the GEMM's kernel is the last launch under it
    # (split K fills C in a launch before, under the same condition).
    last = {}
    for i, l in enumerate(launches):
        when = l.get("when")
        if not when:
            continue
        last[json.dumps(when, sort_keys=True)] = i
    out = []
    for i in sorted(last.values()):
        holds = all(c.get("holds") for c in launches[i]["when"])
        out.append((i, launches[i]["kernel"],
                    "" if holds else " (rows not 16-byte units)"))
    out.sort(key=lambda v: v[2] != "")
    return out


def launch_irs(kernel_ir):
    """The kernel-stage IR cut at each gpu.launch, in host order (the order
    of the launch JSON's launches): the text from one launch to the next."""
    return re.split(r"(?=gpu\.launch blocks)", kernel_ir)[1:]


def stages(kernel_ir):
    """Pipeline stages: the leading dimension shared by the staged (rank-3)
    uop.alloc_shared buffers of A and B, which the kernels allocate one
    after the other, else 1. (A lone rank-3 buffer is not a ring: the
    TMA-store epilogue's boxes of C are BN / W x BM x W.)"""
    shapes = re.findall(r"uop\.alloc_shared.*?: memref<([\dx]+)x\w+", kernel_ir)
    leading = [int(s.split("x")[0]) if len(s.split("x")) == 3 else None
               for s in shapes]
    for first, second in zip(leading, leading[1:]):
        if first is not None and first == second:
            return first
    return 1


def fmt(x):
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def print_row(name, target, ptx, ptxas_text, dynamic_smem, kernel_ir,
              inner):
    """Prints the table's row of one kernel (`ptx`, ptxas's report on it)
    and appends its inner-loop row to `inner`."""
    regs, spill, smem = ptxas_stats(ptxas_text)
    smem += dynamic_smem
    mix = ktile_mix(ptx)
    if mix is None:
        cells = ["-"] * (len(CLASSES) + 1)
    else:
        counts, fl, known, widths = mix
        loads = counts["ld.shared"] + counts["ldmatrix"]
        mark = "" if known else " ?"
        cells = [fmt(counts[c]) + mark for c in CLASSES]
        cells.append(fmt(fl / loads) + mark if loads else "-")
        total = sum(counts.values())
        widths.update(kernel_stores(ptx))
        row = [fmt(counts["fma"] / loads) + mark if loads else "-",
               f"{100 * counts['fma'] / total:.0f} %{mark}"
               if total else "-"]
        for kind in ACCESSES:
            row.append(" / ".join(
                fmt(widths.get((kind, w), 0))
                for w in ("s", "64", "128")))
        inner.append(f"| {name} | {target} | " + " | ".join(row)
                     + " |")
    print(f"| {name} | {target} | {fmt(regs)} | {fmt(spill)} | "
          f"{smem} | {stages(kernel_ir)} | " + " | ".join(cells) +
          " |", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--targets", default="sm_80,sm_90a,sm_100a")
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--config", action="append", default=[],
                    help="NAME=DTYPE:OPTIONS (repeatable; replaces the "
                    "default SIMT configurations)")
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or
                    "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--keep", help="write each kernel's PTX to this directory")
    args = ap.parse_args()
    opt = os.path.join(args.build, "bin", "uop-opt")
    translate = os.path.join(args.build, "bin", "uop-translate")
    for tool in (opt, translate, args.ptxas):
        if not os.access(tool, os.X_OK):
            sys.exit(f"run.py: error: expected an executable {tool}, got none")

    configs = []
    for c in args.config or DEFAULT_CONFIGS:
        # -out16 (a 16-bit C of the input type) only for f16 and bf16.
        m = re.match(r"^([^=]+)=((?:f32(?:-nk)?|(?:f16|bf16)(?:-nk)?"
                     r"(?:-out16)?)(?:-dyn)?(?:-b\d+)?):(.*)$", c)
        if m and "-out16" in m.group(2) and re.search(r"-b\d+$", m.group(2)):
            sys.exit(f"run.py: error: a batch (-bN) takes an f32 C, got '{c}'")
        if not m:
            sys.exit(f"run.py: error: expected NAME=DTYPE:OPTIONS, got '{c}'")
        configs.append(m.groups())

    print(f"# {args.size}^3 GEMM, C f32; per k-tile = one trip of the K loop, "
          "per thread")
    print("| kernel | target | regs | spill B | smem B | stages | mma | "
          "ldmatrix | cp.async | bar.sync | ld.shared | fma | other | "
          "FLOPs / shared load |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
          "---: | ---: | ---: | ---: | ---: |")
    skipped = []
    inner = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, dtype, options in configs:
            src = os.path.join(tmp, f"gemm_{dtype}.mlir")
            with open(src, "w") as f:
                batch = re.search(r"-b(\d+)$", dtype)
                f.write(gemm_source(args.size, dtype.split("-")[0],
                                    "-nk" in dtype, "-out16" in dtype,
                                    "-dyn" in dtype,
                                    int(batch.group(1)) if batch else 0))
            for target in args.targets.split(","):
                opts = f"target={target} {options}".strip()
                ok, kernel_ir, err = run(
                    [opt, src, f"--uop-compile=emit=kernel {opts}"])
                if ok:
                    ok, llvm_ir, err = run([opt, src, f"--uop-compile={opts}"])
                launch_json = os.path.join(tmp, "launch.json")
                if ok:
                    ok, ptx, err = run([translate, "--uop-to-ptx",
                                        f"--uop-launch-config={launch_json}"],
                                       llvm_ir)
                if not ok:
                    first = (err.strip().splitlines() or ["(no message)"])[0]
                    skipped.append(f"{name} {target}: compile failed: {first}")
                    continue
                ptx_path = os.path.join(args.keep or tmp, f"{name}-{target}.ptx")
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                with open(ptx_path, "w") as f:
                    f.write(ptx)
                ok, out, err = run([args.ptxas, "-v", f"-arch={target}",
                                    ptx_path, "-o", os.devnull])
                if not ok:
                    first = (err.strip().splitlines() or ["(no message)"])[0]
                    skipped.append(f"{name} {target}: ptxas failed: {first}")
                    continue
                # Shared memory per block: ptxas's static bytes and the
                # launch's dynamic bytes (the tcgen05 ring's tiles).
                with open(launch_json) as f:
                    launches = json.load(f).get("launches", [])
                dynamic_smem = max((l.get("dynamic_shared_bytes") or 0
                                    for l in launches), default=0)
                # A versioned launch: one row per version, each kernel's
                # own PTX and ptxas figures.
                rows = [(name, ptx, out + err, dynamic_smem, kernel_ir)]
                if versions(launches):
                    # Each version's own dynamic shared memory and stages
                    # (the wgmma ring and mma.sync under mma=auto).
                    irs = launch_irs(kernel_ir)
                    rows = [(name + label, entry_ptx(ptx, kernel),
                             entry_ptxas(out + err, kernel),
                             launches[i].get("dynamic_shared_bytes") or 0,
                             irs[i] if len(irs) == len(launches)
                             else kernel_ir)
                            for i, kernel, label in versions(launches)]
                for row_name, row_ptx, row_ptxas, row_smem, row_ir in rows:
                    print_row(row_name, target, row_ptx, row_ptxas,
                              row_smem, row_ir, inner)
    if inner:
        print()
        print("# the inner loop: FMAs per shared-load instruction and FMA "
              "share of a k-tile; accesses scalar / 64-bit / 128-bit "
              "(shared and global loads per k-tile, global stores per "
              "kernel)")
        print("| kernel | target | FMA / ld.shared | FMA share | ld.shared | "
              "st.shared | ld.global | st.global |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for line in inner:
            print(line)
    for s in skipped:
        print(f"skipped: {s}")


if __name__ == "__main__":
    main()
