"""Mutates a launch JSON (uop-translate --uop-launch-config) and runs
uop-executor-test on each mutant: every one must end with exit 0 or 1 and
no sanitizer report, crash or hang. The mutations aim at what the reader,
bindShapes and prepareHostFunction take apart: numbers (sizes, strides,
grid constants, parameter indices) swapped for edge values, grid
expressions rewritten (operations, nesting, dimensions), keys dropped,
values replaced by other JSON types.

  fuzz_launch_json.py EXECUTOR PTX JSON RUNS SEED -- BIND_ARGS...
"""
import copy
import json
import random
import subprocess
import sys

EDGE = [0, 1, -1, 2, 7, 128, 65535, 65536, 2**31 - 1, 2**31, 2**40,
        2**40 + 1, 2**62, 2**63 - 1, -2**63, None, 1.5, "x", [], {}]
OPS = ["addi", "subi", "muli", "divui", "divsi", "ceildivui", "ceildivsi",
       "floordivsi", "remui", "remsi", "maxui", "minui", "maxsi", "minsi",
       "powi"]


def paths(node, at=()):
    yield at, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, at + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, at + (i,))


def put(doc, at, value):
    if not at:
        return value
    parent = doc
    for k in at[:-1]:
        parent = parent[k]
    parent[at[-1]] = value
    return doc


def drop(doc, at):
    parent = doc
    for k in at[:-1]:
        parent = parent[k]
    if isinstance(parent, dict):
        del parent[at[-1]]
    else:
        parent.pop(at[-1])
    return doc


def expr(rng, depth):
    r = rng.random()
    if depth > 6 or r < 0.3:
        return rng.choice(EDGE[:15])
    if r < 0.5:
        return {"dim": [rng.choice([0, 1, 2, 3, -1, 9]),
                        rng.choice([0, 1, 2, -1, 64, 65])]}
    return {"op": rng.choice(OPS),
            "args": [expr(rng, depth + 1)
                     for _ in range(rng.choice([2, 2, 2, 1, 3]))]}


def mutate(doc, rng):
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        nodes = list(paths(doc))
        at, node = rng.choice(nodes)
        r = rng.random()
        if isinstance(node, (int, float)) and not isinstance(node, bool) \
                and r < 0.6:
            doc = put(doc, at, rng.choice(EDGE))
        elif at and "grid" in at and r < 0.8:
            doc = put(doc, at, expr(rng, 0))
        elif at and r < 0.9:
            doc = drop(doc, at)
        elif at:
            doc = put(doc, at, rng.choice(EDGE))
    return doc


def main():
    executor, ptx, path, runs, seed = sys.argv[1:6]
    bind = sys.argv[7:]
    rng = random.Random(int(seed))
    base = json.load(open(path))
    bad = 0
    codes = {}
    # Mutants that pass every check and reach the GPU (or its absence).
    reached = 0
    for i in range(int(runs)):
        mutant = mutate(base, rng)
        text = json.dumps(mutant)
        if rng.random() < 0.1:
            text = text[:rng.randint(0, len(text))]
        name = f"{path}.mutant"
        with open(name, "w") as f:
            f.write(text)
        try:
            r = subprocess.run([executor, ptx, name] + bind,
                               capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            print(f"mutant {i}: timed out\n{text}")
            bad += 1
            continue
        out = r.stdout + r.stderr
        codes[r.returncode] = codes.get(r.returncode, 0) + 1
        if r.returncode == 0 or "(no GPU)" in out:
            reached += 1
        if r.returncode not in (0, 1) or "Sanitizer" in out or \
                "runtime error" in out or "LLVM ERROR" in out:
            print(f"mutant {i}: exit {r.returncode}\n{out}\n{text}")
            bad += 1
    print(f"{runs} mutants, exit codes {sorted(codes.items())}, "
          f"{reached} past the checks, {bad} bad")
    sys.exit(1 if bad else 0)


main()
