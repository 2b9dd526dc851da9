"""Writing uop kernels in Python through MLIR's builders.

    b = uop.KernelBuilder()
    with b.function("main", A="memref<64x64xf32>", B=..., C=...) as (A, B, C):
        with b.launch(grid=(4, 4), block=(16, 16)) as (bid, tid):
            ...
    kernel = uop.compile(b, target="sm_90a")

Every op is created by MLIR's OpBuilder in a module held by the native
module (no MLIR text is pasted together); only types and attribute values
are spelled as MLIR spells them. Values support + - * // % with Python
numbers and other values (arith ops of their type: addi/addf, ...), and
comparisons through KernelBuilder.cmp. smem_gemm_ir is the seed's tiled
GEMM written this way, and matmul_problem builds the linalg input of a GEMM.
"""
import numbers
from contextlib import contextmanager
from typing import Dict, List, Optional, Sequence, Tuple

from . import _uop
from ._uop import Error

__all__ = ["KernelBuilder", "Value", "matmul_problem", "smem_gemm_ir"]

_SHARED = "#gpu.address_space<workgroup>"


def _is_float(type_text: str) -> bool:
    return type_text in ("f16", "bf16", "f32", "f64")


class Value:
    """A value of the module a KernelBuilder is building."""

    def __init__(self, builder: "KernelBuilder", native):
        self._b = builder
        self._v = native

    @property
    def type(self) -> str:
        return self._v.type

    @property
    def shape(self) -> Optional[Tuple[int, ...]]:
        return self._v.shape

    @property
    def element_type(self) -> str:
        return self._v.element_type

    def _binary(self, other, int_op: str, float_op: str, swap=False):
        other = self._b._coerce(other, self.type)
        lhs, rhs = (other, self) if swap else (self, other)
        op = float_op if _is_float(self.type) else int_op
        if op is None:
            raise Error(f"no {'float' if _is_float(self.type) else 'integer'}"
                        f" form of this operator on {self.type}")
        return self._b.op(op, lhs, rhs, results=[self.type])

    def __add__(self, o): return self._binary(o, "arith.addi", "arith.addf")
    def __radd__(self, o): return self._binary(o, "arith.addi", "arith.addf", True)
    def __sub__(self, o): return self._binary(o, "arith.subi", "arith.subf")
    def __rsub__(self, o): return self._binary(o, "arith.subi", "arith.subf", True)
    def __mul__(self, o): return self._binary(o, "arith.muli", "arith.mulf")
    def __rmul__(self, o): return self._binary(o, "arith.muli", "arith.mulf", True)
    # An index is a size or an id (unsigned, as the kernels use them); an
    # iN is signed, and // and % round toward -inf as Python's do.
    def __floordiv__(self, o):
        if self.type == "index" or _is_float(self.type):
            return self._binary(o, "arith.divui", None)
        return self._binary(o, "arith.floordivsi", None)

    def __mod__(self, o):
        if self.type == "index" or _is_float(self.type):
            return self._binary(o, "arith.remui", None)
        # remsi takes the sign of the dividend; Python's %, the divisor's.
        b = self._b
        d = b._coerce(o, self.type)
        r = b.op("arith.remsi", self, d, results=[self.type])
        zero = b.constant(0, self.type)
        nonzero = b.cmp("ne", r, zero)
        signs = b.cmp("ne", b.cmp("slt", r, zero), b.cmp("slt", d, zero))
        fix = b.op("arith.andi", nonzero, signs, results=["i1"])
        return b.op("arith.select", fix, r + d, r, results=[self.type])
    def __truediv__(self, o): return self._binary(o, None, "arith.divf")

    def __repr__(self) -> str:
        return f"<uop.Value : {self.type}>"


class _Loop:
    """An scf.for being built: `iv`, the carried `args`, and after the
    `with` block the loop's `results`."""

    def __init__(self, iv: Value, args: List[Value]):
        self.iv = iv
        self.args = args
        self.results: List[Value] = []
        self._yields: Optional[List[Value]] = None

    def yield_(self, *values) -> None:
        """The values the next iteration (and the loop's results) carry."""
        self._yields = list(values)


class KernelBuilder:
    """Builds a module of functions, gpu.launch kernels, loops and
    memory operations with MLIR's OpBuilder (see the module docstring)."""

    def __init__(self):
        self._n = _uop.IRBuilder()

    # Values -----------------------------------------------------------------
    def _wrap(self, natives) -> List[Value]:
        return [Value(self, v) for v in natives]

    def _coerce(self, x, type_text: str) -> Value:
        if isinstance(x, Value):
            return x
        if isinstance(x, (int, float)):
            return self.constant(x, type_text)
        raise Error(f"expected a uop.Value or a number, got {x!r}")

    def constant(self, value, type: str = "index") -> Value:
        """arith.constant of `type` (index, i32, f32, ...): an integer type
        takes a Python int (or bool) that fits it, signed or as its bit
        pattern (-128 to 255 for i8); a float type a number."""
        # Python's numbers and numpy's scalars.
        if isinstance(value, numbers.Integral):
            value = int(value)
        elif isinstance(value, numbers.Real):
            value = float(value)
        else:
            raise Error(f"constant: expected a number, got {value!r}")
        if _is_float(type):
            return Value(self, self._n.constant(float(value), type))
        bits = 64 if type == "index" else \
            int(type[1:]) if type[:1] == "i" and type[1:].isdigit() else None
        if bits is not None:
            if not isinstance(value, int):
                raise Error(f"constant: expected an integer for {type}, got "
                            f"{value!r}")
            low = 0 if bits == 1 else -(1 << (bits - 1))
            high = (1 << bits) - 1 if bits > 1 else 1
            if type == "index" or bits > 64:
                # (The native builder takes a signed 64-bit value.)
                low, high = -(1 << 63), (1 << 63) - 1
            if not low <= value <= high:
                raise Error(f"constant: {value} does not fit {type} (expected "
                            f"{low} to {high})")
            if bits == 64 and value >= 1 << 63:
                value -= 1 << 64  # the same bits, as a signed value
        # Another type: the native builder parses it and says what is wrong.
        return Value(self, self._n.constant(value, type))

    def index(self, x) -> Value:
        return self._coerce(x, "index")

    def op(self, name: str, *operands, results: Sequence[str] = (),
           **attributes: str):
        """Any registered op without regions: operands (Values), result
        types, attributes as MLIR spells their values. Returns the result
        Value, a list for several, None for none."""
        out = self._wrap(self._n.op(name, [o._v for o in operands],
                                    list(results), dict(attributes)))
        return out[0] if len(out) == 1 else (out or None)

    # Scopes -----------------------------------------------------------------
    @contextmanager
    def function(self, name: str, *args: str, **named_args: str):
        """A func.func with memref (or other) arguments, given as types in
        order or by keyword; yields the argument Values."""
        types = list(args) + list(named_args.values())
        values = self._wrap(self._n.begin_func(name, types))
        with self._scope():
            yield tuple(values)
            self._n.end_func()

    @contextmanager
    def _scope(self):
        """Inside a begin_*: an exception in the `with` block abandons the
        scope (its op erased), so that the builder can go on."""
        try:
            yield
        except BaseException:
            self._n.abandon_scope()
            raise

    @contextmanager
    def launch(self, grid: Sequence[int], block: Sequence[int]):
        """A gpu.launch of grid x block (1 to 3 sizes each); yields
        ((bx, by, bz), (tx, ty, tz))."""
        def dims(sizes):
            sizes = list(sizes) + [1] * (3 - len(sizes))
            if len(sizes) != 3:
                raise Error(f"expected 1 to 3 sizes, got {sizes}")
            return [self.index(s)._v for s in sizes]
        ids = self._wrap(self._n.begin_launch(dims(grid), dims(block)))
        with self._scope():
            yield tuple(ids[:3]), tuple(ids[3:])
            self._n.end_launch()

    @contextmanager
    def for_(self, lower, upper, step=1, iter_args: Sequence = ()):
        """An scf.for over [lower, upper) by step (index), carrying
        iter_args (Values, or Python floats for f32 and ints for index);
        yields a loop whose iv and args are the body's values;
        call loop.yield_(...) with the next iteration's values."""
        lo, hi, st = (self.index(x) for x in (lower, upper, step))
        # A Python float starts an f32 value, an int an index; else a Value.
        init = [self._coerce(a, "index" if isinstance(a, int) and
                             not isinstance(a, bool) else "f32")
                for a in iter_args]
        iv, args = self._n.begin_for(lo._v, hi._v, st._v, [a._v for a in init])
        loop = _Loop(Value(self, iv), self._wrap(args))
        with self._scope():
            yield loop
            if init and loop._yields is None:
                raise Error("a loop with iter_args needs loop.yield_(...)")
            loop.results = self._wrap(self._n.end_for(
                [v._v for v in (loop._yields or [])]))

    @contextmanager
    def if_(self, condition: Value):
        """scf.if without results."""
        if not isinstance(condition, Value):
            raise Error(f"if_: expected an i1 uop.Value, got {condition!r}")
        self._n.begin_if(condition._v)
        with self._scope():
            yield
            self._n.end_if()

    # Memory and synchronisation ---------------------------------------------
    def alloc_shared(self, shape: Sequence[int], dtype: str = "f32") -> Value:
        """uop.alloc_shared: a block's tile in shared memory."""
        dims = "x".join(str(int(d)) for d in shape)
        return self.op("uop.alloc_shared",
                       results=[f"memref<{dims}x{dtype}, {_SHARED}>"])

    def barrier(self) -> None:
        """uop.barrier: every thread of the block waits here."""
        self.op("uop.barrier")

    def load(self, memref: Value, *indices) -> Value:
        return self.op("memref.load", memref,
                       *[self.index(i) for i in indices],
                       results=[memref.element_type])

    def store(self, value: Value, memref: Value, *indices) -> None:
        self.op("memref.store", self._coerce(value, memref.element_type),
                memref, *[self.index(i) for i in indices])

    def cmp(self, predicate: str, lhs: Value, rhs) -> Value:
        """arith.cmpi (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge) or,
        on floats, arith.cmpf (oeq, ogt, oge, olt, ole, one, ord, ueq,
        ugt, uge, ult, ule, une, uno, false, true)."""
        rhs = self._coerce(rhs, lhs.type)
        table = _CMPF if _is_float(lhs.type) else _CMPI
        if predicate not in table:
            raise Error(f"cmp: expected one of {', '.join(table)} for "
                        f"{lhs.type}, got {predicate!r}")
        # The predicate attribute is the enum's i64 value.
        name = "arith.cmpf" if _is_float(lhs.type) else "arith.cmpi"
        return self.op(name, lhs, rhs, results=["i1"],
                       predicate=f"{table[predicate]} : i64")

    # Result -----------------------------------------------------------------
    @property
    def text(self) -> str:
        """The verified module as MLIR text."""
        return self._n.text()

    def __str__(self) -> str:
        return self.text


def smem_gemm_ir(N: int, T: int = 16, dtype: str = "f32") -> KernelBuilder:
    """The seed's tiled GEMM: C = A @ B, N x N, T x T blocks of T x T
    threads, a T x T tile of A and of B staged in shared memory per step
    along K, a barrier after the copy (no thread reads a tile before all of
    it is written) and one after the multiply (no thread overwrites a tile
    another still reads)."""
    if N < 1 or T < 1 or N % T:
        raise Error(f"expected N a multiple of T, got N={N}, T={T}")
    b = KernelBuilder()
    mat = f"memref<{N}x{N}x{dtype}>"
    with b.function("main", A=mat, B=mat, C=mat) as (A, B, C):
        with b.launch(grid=(N // T, N // T), block=(T, T)) as ((bx, by, _),
                                                              (tx, ty, _)):
            sA, sB = b.alloc_shared((T, T), dtype), b.alloc_shared((T, T), dtype)
            row, col = by * T + ty, bx * T + tx
            with b.for_(0, N // T, iter_args=[b.constant(0.0, dtype)]) as kt:
                k0 = kt.iv * T
                b.store(b.load(A, row, k0 + tx), sA, ty, tx)
                b.store(b.load(B, k0 + ty, col), sB, ty, tx)
                b.barrier()
                with b.for_(0, T, iter_args=kt.args) as k:
                    prod = b.load(sA, ty, k.iv) * b.load(sB, k.iv, tx)
                    k.yield_(k.args[0] + prod)
                b.barrier()
                kt.yield_(k.results[0])
            b.store(kt.results[0], C, row, col)
    return b


_CMPI = {name: i for i, name in enumerate(
    ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"])}
_CMPF = {name: i for i, name in enumerate(
    ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt",
     "uge", "ult", "ule", "une", "uno", "true"])}


def _dtype_name(dtype, what: str) -> str:
    """A dtype given as a name ('float16') or a numpy dtype (np.float16)."""
    if isinstance(dtype, str):
        return dtype
    try:
        import numpy as np
        return np.dtype(dtype).name
    except TypeError:
        raise Error(f"{what}: expected a dtype name (float32, float16, "
                    f"bfloat16) or a numpy dtype, got {dtype!r}") from None


def matmul_problem(M: int, N: int, K: int, dtype: str = "float32",
                   out_dtype: Optional[str] = None,
                   transpose_b: bool = False,
                   transpose_a: bool = False, dynamic: bool = False,
                   batch: Optional[int] = None) -> str:
    """The linalg input of C = A @ B (A M x K, or K x M with transpose_a;
    B K x N, or N x K with transpose_b) as `func.func @main(%A, %B, %C)`:
    inputs of `dtype`
    (float32, float16, bfloat16), C of `out_dtype` (default: float32),
    accumulated in f32 with one rounding per element of a narrower C.
    With dynamic=True the GEMM is `@gemm` on memref<?x?> operands, compiled
    once for every size (M, N and K read at run time), and `@main` casts
    buffers of the given shapes and calls it.
    With `batch` (0 to 2^31 - 1), a batch of that many GEMMs: a
    linalg.batch_matmul of 3-D operands, the batch outermost (A batch x M x
    K, ...), C[b] = A[b] @ B[b]; with dynamic=True on memref<?x?x?>. (A
    kernel puts the batch on grid z, at most 65535 GEMMs, but the wgmma
    kernel with persistent_blocks, whose blocks loop over the GEMMs.)
    Built with MLIR's builders; returns the module's text."""
    if batch is not None and (isinstance(batch, bool)
                              or not isinstance(batch, numbers.Integral)):
        raise Error(f"batch: expected an integer or None, got {batch!r}")
    if batch is not None and not 0 <= batch <= 2**31 - 1:
        raise Error(f"batch: expected 0 to 2^31 - 1 GEMMs, got {batch}")
    return _uop.matmul_problem(
        M, N, K, _dtype_name(dtype, "dtype"),
        _dtype_name(out_dtype or "float32", "out_dtype"), transpose_b,
        transpose_a, dynamic, -1 if batch is None else int(batch))
