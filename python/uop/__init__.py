"""uop: matrix multiplies from MLIR to PTX, every stage checked on the CPU.

    import numpy as np
    import uop

    src = uop.matmul_problem(128, 128, 64, dtype="float16")
    kernel = uop.compile(src, target="sm_90a", tile=(64, 64, 32))
    print(kernel.ptx[:200], kernel.launches, kernel.stats)

    a = np.random.rand(128, 64).astype(np.float16)
    b = np.random.rand(64, 128).astype(np.float16)
    _, _, c = uop.simulate(kernel, a, b, np.zeros((128, 128), np.float32))

`compile` runs the --uop-compile pipeline in memory and returns a Kernel
with every stage; `simulate` runs a kernel (or MLIR text) in the CPU
simulator on numpy arrays and returns the arguments after the run, raising
SimFault on a race or another fault and Mismatch when the kernel disagrees
with its source. Failures raise uop.Error with MLIR's diagnostics.
"""
from . import _uop
from ._kernel import (Error, Kernel, Launch, KernelStats, Mismatch, NoGPU,
                      SimFault, compile, compile_options, run, simulate)
from ._report import Fault, SimResult, Thread, simulate_file, simulate_report
from ._uop import launch_configs, run_pipeline, stages
from .builder import KernelBuilder, Value, matmul_problem, smem_gemm_ir

__all__ = ["Error", "Fault", "Kernel", "KernelBuilder", "KernelStats",
           "Launch", "Mismatch", "NoGPU", "SimFault", "SimResult", "Thread",
           "Value", "compile", "compile_options", "launch_configs",
           "matmul_problem", "run", "run_pipeline", "simulate",
           "simulate_file", "simulate_report", "smem_gemm_ir", "stages",
           "to_ptx"]


def to_ptx(kernel) -> str:
    """PTX of a Kernel, or of the text of an emit='llvm' module."""
    if isinstance(kernel, Kernel):
        return kernel.ptx
    return _uop.to_ptx(str(kernel))
