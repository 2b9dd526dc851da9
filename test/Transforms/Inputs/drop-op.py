"""Removes the N-th (0-based) operation named OP from generic-form MLIR on stdin.

Usage: drop-op.py OP N. Only operations without results and regions, printed
on one line as `"OP"(...)`, are matched (uop.cp_async_wait, uop.barrier).
Used by tests that prove an op placed by a pass is needed: without it,
uop-sim must report a race.
"""
import sys

op, n = sys.argv[1], int(sys.argv[2])
seen = 0
for line in sys.stdin:
    if line.lstrip().startswith('"%s"(' % op):
        seen += 1
        if seen - 1 == n:
            continue
    sys.stdout.write(line)
