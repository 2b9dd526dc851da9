"""The simulator's whole report as data: uop.simulate_report and the
dataclasses of its faults."""
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from . import _uop


@dataclass
class Thread:
    """A thread of a block: threadIdx (x, y, z), its linear index in the
    block, and its warp and lane in that warp."""
    id: Tuple[int, int, int]
    linear: int
    warp: int
    lane: int


@dataclass
class Fault:
    """A fault site of a simulated run (docs/sim.md): kind ("RAW race",
    "divergent barrier", "out of bounds", ...), the report line, the buffer,
    the block (None in host code), the threads and source locations involved
    (for a race, the earlier access first)."""
    kind: str
    message: str
    buffer: str
    block: Optional[Tuple[int, int, int]]
    threads: List[Thread]
    locations: List[str]

    @staticmethod
    def _from(d: dict) -> "Fault":
        return Fault(d["kind"], d["message"], d["buffer"], d["block"],
                     [Thread(**t) for t in d["threads"]], d["locations"])


@dataclass
class SimResult:
    """What uop-sim reported: its exit code (0 ran and agreed, 1 results
    differ, 2 a fault such as a shared-memory race, 3 bad input) and its
    output, with the report behind them: the faults of the run and of the
    reference, the comparison per argument (name, atol, rtol, max_abs_err,
    max_rel_err, mismatches, elements; None without a reference), the
    elements the kernels moved (None when the run did not complete), and
    the entry's memref arguments after the run (name, type, shape and the
    row-major values and bytes, the element type)."""
    code: int
    stdout: str
    stderr: str
    faults: List[Fault] = field(default_factory=list)
    reference_faults: List[Fault] = field(default_factory=list)
    comparison: Optional[List[dict]] = None
    traffic: Optional[dict] = None
    outputs: List[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.code == 0

    @staticmethod
    def _from(r: dict) -> "SimResult":
        return SimResult(r["code"], r["stdout"], r["stderr"],
                         [Fault._from(f) for f in r["faults"]],
                         [Fault._from(f) for f in r["reference_faults"]],
                         r["comparison"], r["traffic"], r["outputs"])


def simulate_report(source, compare_with=None, *, entry: str = "main",
                    ref_entry: Optional[str] = None, seed: int = 0,
                    atol: Optional[float] = None,
                    rtol: Optional[float] = None, traffic: bool = False,
                    warp_size: Optional[int] = None,
                    max_steps: Optional[int] = None,
                    max_memory: Optional[int] = None,
                    preempt_seed: int = 0,
                    source_name: str = "<input>",
                    reference_name: str = "<reference>") -> SimResult:
    """Runs MLIR text (any stage of the ladder; a Kernel runs at its
    simulated_stage) on the CPU with the simulator on seeded inputs,
    optionally against a reference program on the same inputs (text, or a
    Kernel's source), and returns uop-sim's whole report: a fault or a
    mismatch is part of the report, not an exception (uop.simulate raises
    them). Both are parsed in memory; diagnostics name them source_name and
    reference_name. warp_size: lanes per warp (None: the warp_size of the
    module's uop.target). max_steps, max_memory: uop-sim's --max-steps and
    --max-memory (None: their defaults); a program past either is a fault
    or bad input, never a hang. preempt_seed: uop-sim's --preempt-seed (0:
    the default interleaving of warp-specialized roles and cluster blocks;
    N > 0: another one per N)."""
    from ._kernel import Kernel, _check_preempt_seed
    _check_preempt_seed(preempt_seed)
    if isinstance(source, Kernel):
        source = source.ir(source.simulated_stage)
    if isinstance(compare_with, Kernel):
        compare_with = compare_with.source
    r = _uop.simulate(str(source),
                      None if compare_with is None else str(compare_with),
                      entry=entry, ref_entry=ref_entry, seed=seed, atol=atol,
                      rtol=rtol, traffic=traffic, warp_size=warp_size,
                      max_steps=max_steps, max_memory=max_memory,
                      preempt_seed=preempt_seed, source_name=source_name,
                      reference_name=reference_name)
    return SimResult._from(r)


def simulate_file(path: str, entry: str = "main", seed: int = 0,
                  compare_with: Optional[str] = None,
                  ref_entry: Optional[str] = None,
                  atol: Optional[float] = None, rtol: Optional[float] = None,
                  traffic: bool = False) -> Tuple[int, str, str]:
    """Runs uop-sim on a file (and a reference file); returns (exit code,
    stdout, stderr)."""
    with open(path) as f:
        source = f.read()
    reference = None
    if compare_with is not None:
        with open(compare_with) as f:
            reference = f.read()
    r = simulate_report(source, reference, entry=entry, ref_entry=ref_entry,
                        seed=seed, atol=atol, rtol=rtol, traffic=traffic,
                        source_name=path,
                        reference_name=compare_with or "")
    return r.code, r.stdout, r.stderr
