"""uop: matrix multiplies from MLIR to PTX, every stage checked on the CPU.

    import uop
    kernel = uop.compile(src, target="sm_90a", emit="kernel")
    result = uop.simulate(kernel, compare_with=src)
    assert result.ok, result.stderr
    ptx = uop.to_ptx(uop.compile(src, target="sm_90a"))

MLIR goes in and comes out as text; failures raise uop.Error with the
diagnostics.
"""
import os
import tempfile
from dataclasses import dataclass
from typing import Optional

from ._uop import Error, compile, launch_configs, run_pipeline, simulate_file, to_ptx

__all__ = ["Error", "SimResult", "compile", "launch_configs", "run_pipeline",
           "simulate", "simulate_file", "to_ptx"]


@dataclass
class SimResult:
    """What uop-sim reported: its exit code (0 ran and agreed, 1 results
    differ, 2 a fault such as a shared-memory race, 3 bad input) and its
    output."""
    code: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.code == 0


def simulate(source: str, compare_with: Optional[str] = None, *,
             entry: str = "main", ref_entry: Optional[str] = None,
             seed: int = 0, atol: Optional[float] = None,
             rtol: Optional[float] = None, traffic: bool = False) -> SimResult:
    """Runs MLIR text (any stage of the ladder) on the CPU with uop-sim,
    optionally against a reference program text on identical inputs."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "input.mlir")
        with open(path, "w") as f:
            f.write(source)
        ref = None
        if compare_with is not None:
            ref = os.path.join(tmp, "reference.mlir")
            with open(ref, "w") as f:
                f.write(compare_with)
        code, out, err = simulate_file(path, entry=entry, seed=seed,
                                       compare_with=ref, ref_entry=ref_entry,
                                       atol=atol, rtol=rtol, traffic=traffic)
    return SimResult(code, out, err)
