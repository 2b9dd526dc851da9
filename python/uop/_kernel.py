"""uop.compile, the Kernel it returns, and uop.simulate on numpy arrays.

The options of compile are those of --uop-compile, read from the pipeline
itself (uop.compile_options()): a Python name is the pipeline's with '-'
written '_' (thread_tile for thread-tile), and a value is checked against
the kind of its default before the pipeline sees it.
"""
import numbers
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np

from . import _uop
from ._uop import Error

__all__ = ["Error", "Kernel", "KernelStats", "Launch", "Mismatch", "NoGPU",
           "SimFault", "compile", "compile_options", "run", "simulate"]


class SimFault(Error):
    """A simulated run faulted: a shared-memory race, a divergent barrier,
    an out-of-bounds access, a step limit... `faults` holds every fault
    site (uop.Fault: kind, buffer, block, threads, locations), `kind` the
    first one's kind, `report` the whole uop.SimResult."""

    def __init__(self, message, report):
        super().__init__(message)
        self.report = report
        self.faults = report.faults + report.reference_faults
        self.kind = self.faults[0].kind if self.faults else None


class Mismatch(Error):
    """A simulated kernel disagreed with its reference. `comparison` holds
    one dict per argument (name, atol, rtol, max_abs_err, max_rel_err,
    mismatches, elements); `report` the whole uop.SimResult."""

    def __init__(self, message, report):
        super().__init__(message)
        self.report = report
        self.comparison = report.comparison


class NoGPU(Error):
    """uop.run found no GPU (no NVIDIA driver, or no device)."""


# ---------------------------------------------------------------------------
# Options: one source, the pipeline.
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Option:
    name: str       # the pipeline's spelling, e.g. "thread-tile"
    default: str    # as the pipeline prints it
    help: str
    list: bool

    @property
    def kind(self) -> str:
        if self.list:
            return "list"
        if self.default in ("true", "false"):
            return "bool"
        if re.fullmatch(r"-?\d+", self.default):
            return "int"
        return "str"


_OPTIONS = {o["name"]: _Option(o["name"], o["default"], o["help"], o["list"])
            for o in _uop.compile_options()}
_STAGES = _uop.stages()
# The last stage uop-sim runs (it does not run LLVM/NVVM).
_LAST_SIMULATED = "nvgpu"


def compile_options() -> Dict[str, Tuple[object, str]]:
    """The keyword options of uop.compile: {python name: (default, help)},
    read from the --uop-compile pipeline (None: the pass decides)."""
    result = {}
    for o in _OPTIONS.values():
        default: object = o.default
        if o.kind == "bool":
            default = o.default == "true"
        elif o.kind == "int":
            default = int(o.default)
        elif o.kind == "list":
            default = (tuple(int(x) for x in o.default.split(","))
                       if o.default else None)
        result[o.name.replace("-", "_")] = (default, o.help)
    return result


def _format_option(key: str, value) -> str:
    """`key=value` as the pipeline's option text; raises Error naming the
    option on an unknown name or a value of the wrong kind."""
    name = key.replace("_", "-")
    option = _OPTIONS.get(name)
    if option is None or name == "emit":
        known = ", ".join(sorted(n.replace("-", "_") for n in _OPTIONS
                                 if n != "emit"))
        raise Error(f"unknown option '{key}' of uop.compile: expected one "
                    f"of {known}")
    kind = option.kind
    if kind == "bool":
        if not isinstance(value, bool):
            raise Error(f"option '{key}' expects True or False, got "
                        f"{value!r}")
        text = "true" if value else "false"
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise Error(f"option '{key}' expects an integer, got {value!r}")
        text = str(int(value))
    elif kind == "list":
        if isinstance(value, (int, np.integer)) and not isinstance(value,
                                                                   bool):
            value = (value,)
        if (not isinstance(value, (tuple, list)) or not value or
                any(isinstance(v, bool) or not isinstance(v, (int, np.integer))
                    for v in value)):
            raise Error(f"option '{key}' expects a tuple of integers, got "
                        f"{value!r}")
        text = ",".join(str(int(v)) for v in value)
    elif isinstance(value, bool):
        # A word option that also takes true and false (tma_store: auto,
        # True or False).
        text = "true" if value else "false"
    else:
        if not isinstance(value, str) or not re.fullmatch(r"[\w.+-]+", value):
            raise Error(f"option '{key}' expects a word, got {value!r}")
        text = value
    return f"{name}={text}"


# ---------------------------------------------------------------------------
# Kernel
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Launch:
    """One gpu.launch_func of a compiled module: the host function that
    launches it, the kernel, grid and block sizes (None where only known at
    run time) and the dynamic shared-memory bytes (static shared memory is
    in Kernel.stats). `conditional`: the host launches it only under a
    condition on the sizes (one of the versions of a kernel of dynamic
    shape; uop.run takes the one the arrays' sizes select)."""
    host: str
    kernel: str
    grid: Tuple[Optional[int], Optional[int], Optional[int]]
    block: Tuple[Optional[int], Optional[int], Optional[int]]
    dynamic_shared_bytes: Optional[int]
    conditional: bool = False


@dataclass(frozen=True)
class KernelStats:
    """What `ptxas -v` reports for one kernel."""
    registers: int
    shared_bytes: int
    spill_stores: int
    spill_loads: int
    barriers: int


def _find_ptxas() -> Optional[str]:
    path = shutil.which("ptxas")
    if path:
        return path
    cuda = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                        "bin", "ptxas")
    return cuda if os.access(cuda, os.X_OK) else None


class Kernel:
    """A module compiled by uop.compile, with every stage of the ladder.

    source   the MLIR text it was compiled from (the linalg input)
    target   the chip (sm_80, sm_86, sm_89, sm_90, sm_90a, sm_100a, sm_120)
    options  the options given to compile, by Python name
    ir(s)    the module's text after stage s (kernel, gpu, nvgpu, llvm);
             a stage past the one compiled is compiled on first use
    ptx      the PTX of its kernels
    launches the gpu.launch_func of its host code (uop.Launch)
    stats    ptxas -v per kernel (uop.KernelStats), None without ptxas

    str(kernel) is the text of the stage compile stopped at (`emit`).
    """

    def __init__(self, source: str, options: Dict[str, object], emit: str):
        self.source = source
        self.options = dict(options)
        self.emit = emit
        self._option_text = " ".join(_format_option(k, v)
                                     for k, v in self.options.items())
        self._stages: Dict[str, str] = {}
        self._ptx: Optional[str] = None
        self._stats = None
        self._compile(emit)

    @property
    def target(self) -> str:
        return str(self.options.get("target", _OPTIONS["target"].default))

    def _compile(self, stage: str) -> None:
        for name, text in _uop.compile_stages(self.source, self._option_text,
                                              stage):
            self._stages[name] = text

    def ir(self, stage: Optional[str] = None) -> str:
        """The module's text after `stage` (default: emit)."""
        stage = stage or self.emit
        if stage not in _STAGES:
            raise Error(f"unsupported stage '{stage}': expected one of "
                        f"{', '.join(_STAGES)}")
        if stage not in self._stages:
            self._compile(stage)
        return self._stages[stage]

    @property
    def simulated_stage(self) -> str:
        """The stage uop.simulate runs: the last compiled one the simulator
        runs (it does not run the LLVM stage)."""
        last = _STAGES.index(_LAST_SIMULATED)
        return _STAGES[min(_STAGES.index(self.emit), last)]

    @property
    def ptx(self) -> str:
        if self._ptx is None:
            self._ptx = _uop.to_ptx(self.ir("llvm"))
        return self._ptx

    @property
    def launches(self) -> List[Launch]:
        return [Launch(d["host"], d["kernel"], tuple(d["grid"]),
                       tuple(d["block"]), d["dynamic_shared_bytes"],
                       d["conditional"])
                for d in _uop.launch_configs(self.ir("llvm"))]

    @property
    def stats(self) -> Optional[Dict[str, KernelStats]]:
        if self._stats is None:
            self._stats = self._ptxas_stats()
        return self._stats or None

    def _ptxas_stats(self) -> Dict[str, KernelStats]:
        ptxas = _find_ptxas()
        if ptxas is None:
            return {}
        with tempfile.TemporaryDirectory(prefix="uop-") as tmp:
            path = os.path.join(tmp, "kernel.ptx")
            with open(path, "w") as f:
                f.write(self.ptx)
            r = subprocess.run([ptxas, "-v", f"-arch={self.target}", path,
                                "-o", os.devnull],
                               capture_output=True, text=True)
        if r.returncode != 0:
            raise Error(f"ptxas -arch={self.target} failed:\n{r.stderr}")
        stats, current, spills = {}, None, (0, 0)
        for line in (r.stdout + r.stderr).splitlines():
            m = re.search(r"Compiling entry function '(\w+)'", line)
            if m:
                current = m.group(1)
            m = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill "
                          r"loads", line)
            if m:
                spills = (int(m.group(1)), int(m.group(2)))
            m = re.search(r"Used (\d+) registers", line)
            if m and current:
                smem = re.search(r"(\d+) bytes smem", line)
                bars = re.search(r"used (\d+) barriers", line)
                stats[current] = KernelStats(
                    int(m.group(1)), int(smem.group(1)) if smem else 0,
                    spills[0], spills[1], int(bars.group(1)) if bars else 0)
                spills = (0, 0)
        return stats

    def simulate(self, *arrays, **kwargs):
        """uop.simulate(self, *arrays, **kwargs)."""
        return simulate(self, *arrays, **kwargs)

    def __str__(self) -> str:
        return self.ir(self.emit)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"<uop.Kernel emit={self.emit!r}{opts}>"


def compile(source, target: Optional[str] = None, *, emit: str = "llvm",
            **options) -> Kernel:
    """Compiles MLIR text (or a uop.KernelBuilder's module) with
    --uop-compile and returns a Kernel holding every stage up to `emit`.
    `options` are the pipeline's (uop.compile_options()), e.g.
    tile=(128, 128, 32), thread_tile=(8, 8), mma="mma_sync", stages=3,
    async_=True is spelled async_ (async is a Python keyword). A bad option
    or value raises uop.Error naming it; a failing pass raises uop.Error
    with its diagnostics."""
    if "async_" in options:
        options["async"] = options.pop("async_")
    if target is not None:
        options = {"target": target, **options}
    if emit not in _STAGES:
        raise Error(f"unsupported emit stage '{emit}': expected one of "
                    f"{', '.join(_STAGES)}")
    return Kernel(str(source), options, emit)


# ---------------------------------------------------------------------------
# Simulation on numpy arrays
# ---------------------------------------------------------------------------

def _bfloat16():
    """ml_dtypes' bfloat16 when it is installed, else None (bf16 is then
    exchanged as its bits in uint16)."""
    try:
        import ml_dtypes
        return np.dtype(ml_dtypes.bfloat16)
    except ImportError:
        return None


_DTYPES = {"f32": np.float32, "f16": np.float16, "f64": np.float64,
           "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32,
           "i64": np.int64, "index": np.int64, "ui8": np.uint8,
           "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
           "si8": np.int8, "si16": np.int16, "si32": np.int32,
           "si64": np.int64}


def _native(array) -> np.ndarray:
    """`array` as a C-ordered numpy array in this machine's byte order (the
    kernels read raw bytes; a big-endian array is converted), of its own
    number of dimensions (a 0-d array stays 0-d)."""
    a = np.asarray(array, order="C")
    if a.dtype.byteorder not in "=|":
        a = a.astype(a.dtype.newbyteorder("="))
    return a


def _to_input(array, index: int):
    """(bytes, dtype name, shape) of a numpy array for the simulator."""
    if array is None:
        return None
    a = _native(array)
    if a.dtype.kind not in "fiub" and a.dtype.name != "bfloat16":
        raise Error(f"argument {index}: expected a numeric numpy array, got "
                    f"dtype {a.dtype}")
    return (a.tobytes(), a.dtype.name, tuple(int(d) for d in a.shape))


def _to_array(output: dict) -> np.ndarray:
    element = output["element"]
    if element == "bf16":
        dtype = _bfloat16() or np.dtype(np.uint16)
    else:
        dtype = np.dtype(_DTYPES[element])
    return np.frombuffer(output["bytes"], dtype=dtype).reshape(
        output["shape"]).copy()


def _check_preempt_seed(seed) -> None:
    _check_int("preempt_seed", seed, 0, 2**64 - 1)


def _check_int(name: str, value, low: int, high: int) -> None:
    # Python's ints and numpy's integer scalars.
    if not isinstance(value, numbers.Integral) or isinstance(value, bool) or \
            not low <= int(value) <= high:
        spell = {2**64 - 1: "2**64 - 1", 2**32 - 1: "2**32 - 1"}
        raise Error(f"{name}: expected an integer from {low} to "
                    f"{spell.get(high, high)}, got {value!r}")


def _check_options(seed, warp_size, max_steps, max_memory, atol,
                   rtol) -> None:
    """The simulator's options, checked before they reach it."""
    if seed is not None:
        _check_int("seed", seed, 0, 2**64 - 1)
    if warp_size is not None:
        _check_int("warp_size", warp_size, 1, 2**32 - 1)
    if max_steps is not None:
        _check_int("max_steps", max_steps, 1, 2**64 - 1)
    if max_memory is not None:
        _check_int("max_memory", max_memory, 1, 2**64 - 1)
    for name, tol in (("atol", atol), ("rtol", rtol)):
        if tol is not None and (isinstance(tol, bool) or
                                not isinstance(tol, numbers.Real) or
                                not tol >= 0):
            raise Error(f"{name}: expected a number >= 0, got {tol!r}")


def simulate(program, *arrays, entry: str = "main", seed: Optional[int] = None,
             check=None, stage: Optional[str] = None,
             atol: Optional[float] = None, rtol: Optional[float] = None,
             warp_size: Optional[int] = None, max_steps: Optional[int] = None,
             max_memory: Optional[int] = None, preempt_seed: int = 0):
    """Runs `program` (a uop.Kernel, or MLIR text of any stage the simulator
    runs) on the CPU, in memory, with `arrays` as the entry's memref
    arguments in order, and returns every argument after the run as a
    tuple of new numpy arrays.

    arrays   numpy arrays of the arguments' shapes and element types: f32
             float32, f16 float16, f64 float64, i1 bool, iN intN, index
             int64, bf16 ml_dtypes.bfloat16 when installed, else its bits
             as uint16 (outputs come back the same way). None, or an
             argument past the arrays given, is filled from `seed` exactly
             as uop-sim --seed fills it (seed None: 0). An entry of
             dynamic shape (memref<?x?xf16>) runs at its arrays' sizes
             (uop-sim --arg-sizes): every argument given as an array.
    check    the reference the results must agree with, run on the same
             inputs: MLIR text or a Kernel (its source). The default for a
             Kernel is its own source (the linalg input); False: none.
    stage    the stage of a Kernel to run (default: its simulated_stage).
    atol, rtol  the comparison's tolerances (default: by element type, as
             uop-sim's; for a Kernel compiled with precision='tf32', whose
             products take the f32 inputs with 10-bit mantissas (rounded
             by mma.sync, truncated by wgmma), 0.05 and 0.01 against its
             exact f32 source).
    preempt_seed  uop-sim's --preempt-seed: 0, the default interleaving of
             warp-specialized roles and cluster blocks; N > 0, another one
             per N (a wait already satisfied may hand the turn on).

    Raises uop.SimFault on a fault (race, divergent barrier, out of
    bounds, step limit, ...), uop.Mismatch when the results differ from
    the reference, uop.Error on bad input (shapes, types, the module)."""
    from ._report import SimResult
    reference = None
    if isinstance(program, Kernel):
        text = program.ir(stage or program.simulated_stage)
        if check is None or check is True:
            reference = program.source
    else:
        if stage is not None:
            raise Error("stage= needs a uop.Kernel")
        if check is True:
            raise Error("check=True needs a uop.Kernel (its source is the "
                        "reference); give the reference program instead")
        text = str(program)
    if isinstance(check, Kernel):
        reference = check.source
    elif check not in (None, True, False):
        reference = str(check)
    _check_preempt_seed(preempt_seed)
    _check_options(seed, warp_size, max_steps, max_memory, atol, rtol)
    # A kernel of TF32 products (10-bit mantissas) against the exact f32
    # reference: the tolerance the test suite gives it, unless given.
    if isinstance(program, Kernel) and reference is not None and \
            str(program.options.get("precision", "")) == "tf32":
        atol = 0.05 if atol is None else atol
        rtol = 0.01 if rtol is None else rtol
    inputs = [_to_input(a, i) for i, a in enumerate(arrays)]
    r = SimResult._from(_uop.simulate(
        text, reference, entry=entry, seed=0 if seed is None else seed,
        atol=atol, rtol=rtol, warp_size=warp_size, max_steps=max_steps,
        max_memory=max_memory, preempt_seed=preempt_seed, inputs=inputs,
        output_values=False))
    if r.code == 3:
        raise Error(r.stderr.strip() or "the simulator refused the input")
    if r.faults or r.reference_faults:
        raise SimFault(r.stderr.strip(), r)
    if r.code == 1:
        raise Mismatch((r.stderr + r.stdout).strip(), r)
    return tuple(_to_array(o) for o in r.outputs)


def run(kernel: Kernel, *arrays, host: Optional[str] = None):
    """Runs a Kernel on the GPU, through the launch executor uop-run uses:
    the launches of its host function (`host`; default: the first
    launch's) in order, with `arrays` as that function's memref arguments
    (every one given, of its shape and element type as for uop.simulate;
    a parameter of dynamic shape, memref<?x?xf16>, takes its sizes from
    its array, and the grid follows from them), and returns every
    argument after the run as new numpy arrays. Raises
    uop.NoGPU where there is no GPU or driver, uop.Error on bad input or a
    CUDA failure (with the driver's message and the JIT log)."""
    if not isinstance(kernel, Kernel):
        raise Error("uop.run takes a uop.Kernel")
    json = _uop.launch_json(kernel.ir("llvm"))
    host = host or (kernel.launches[0].host if kernel.launches else "")
    described = _uop.host_params(json, host)
    if described and len(arrays) != len(described):
        raise Error(f"'{host}' takes {len(described)} arrays, "
                    f"got {len(arrays)}")
    # The sizes of the parameters of dynamic shape, from their arrays.
    shapes = {}
    for i, (array, p) in enumerate(zip(arrays, described)):
        if None in p["shape"]:
            shape = np.shape(array)
            if len(shape) != len(p["shape"]):
                raise Error(f"argument {i} of '{host}' is {p['element']} "
                            f"{_spell(p['shape'])}: expected an array of "
                            f"{len(p['shape'])} dimensions, got {shape}")
            shapes[p["param"]] = list(shape)
    params = _uop.host_buffers(json, host, shapes)
    if len(arrays) != len(params):
        raise Error(f"'{host}' takes {len(params)} arrays, got {len(arrays)}")
    buffers = []
    for i, (array, p) in enumerate(zip(arrays, params)):
        a = _native(array)
        dtypes = _NUMPY_NAMES.get(p["element"], ())
        if a.dtype.name not in dtypes or a.shape != tuple(p["shape"]):
            raise Error(f"argument {i} of '{host}' is {p['element']} "
                        f"{tuple(p['shape'])}: expected a "
                        f"{' or '.join(dtypes) or 'no'} array of that shape, "
                        f"got {a.dtype.name} {a.shape}")
        data = bytearray(a.tobytes())
        if len(data) != p["bytes"]:
            raise Error(f"argument {i} of '{host}': expected {p['bytes']} "
                        f"bytes, got {len(data)}")
        buffers.append((data, a.dtype))
    kind, message = _uop.run_host_function(kernel.ptx, json, host,
                                           [b for b, _ in buffers], shapes)
    if kind == "no gpu":
        raise NoGPU(message)
    if kind:
        raise Error(message)
    return tuple(np.frombuffer(data, dtype=dtype).reshape(p["shape"]).copy()
                 for (data, dtype), p in zip(buffers, params))


def _spell(shape) -> str:
    """A shape as MLIR writes it: (None, 64) is ?x64."""
    return "x".join("?" if s is None else str(s) for s in shape)


# The numpy dtypes that hold a launch configuration's element types.
_NUMPY_NAMES = {"f32": ("float32",), "f16": ("float16",),
                "bf16": ("bfloat16", "uint16"), "f64": ("float64",),
                "i1": ("bool",), "i8": ("int8",), "i16": ("int16",),
                "i32": ("int32",), "i64": ("int64",), "index": ("int64",)}
