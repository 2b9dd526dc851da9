"""Removes the N-th (0-based) uop.barrier from generic-form MLIR on stdin.

Used by tests that prove a barrier placed by a pass is needed: without it,
uop-sim must report a race.
"""
import sys

n = int(sys.argv[1])
seen = 0
for line in sys.stdin:
    if '"uop.barrier"()' in line:
        if seen == n:
            seen += 1
            continue
        seen += 1
    sys.stdout.write(line)
