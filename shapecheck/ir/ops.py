"""Graph-level ops as data: one row per op (after xDSL/tinygrad: the op set reads top to bottom).

Each :class:`OpDef` gives the op's *kind* (which decides how fusion and lowering treat it), its
arity, its type rule, its NumPy meaning (the reference interpreter) and, for elementwise ops, the
scalar expression of the loop level it becomes.

Kinds:
  * ``elementwise``: NumPy broadcasting over all arguments (``add``, ``exp``, ``where``, ``cast``...).
  * ``const``: a 0-d constant (``value``, ``dtype`` attributes).
  * ``injective``: each output element reads one input element (``transpose``, ``reshape``, ``slice``).
  * ``reduce``: ``sum mean max min`` over ``axes`` (a tuple of non-negative ints), ``keepdims``.
  * ``contract``: ``matmul`` (NumPy semantics for rank >= 1 operands, batch dims broadcast).

Type rules take the argument types, the attributes and ``prove`` (a function deciding a dim
predicate with the constraint layer) and return the result type or raise :class:`IRTypeError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from shapecheck.constraints import dims
from shapecheck.constraints.broadcast import broadcast_dim
from shapecheck.constraints.predicates import eq
from shapecheck.constraints.solver import Verdict
from shapecheck.subst.names import is_key, name_of_key

from . import loops as L
from .graph import TensorType

__all__ = ["OpDef", "OPS", "IRTypeError", "NUMPY_DTYPES", "infer_type", "Prove"]

Prove = Callable[[Any], bool]  # a Pred -> does it hold for every value of the shape variables?

NUMPY_DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64, "bool": np.bool_}


class IRTypeError(TypeError):
    """An op applied to arguments its type rule rejects (the message names op and shapes)."""


@dataclass(frozen=True, slots=True)
class OpDef:
    name: str
    kind: str
    arity: int
    infer: Callable[[tuple[TensorType, ...], dict, Prove], TensorType]
    numpy: Callable[[list, dict], Any]
    scalar: Callable[[list, dict], L.Expr] | None = None


def _dim(d: dims.Dim) -> str:
    """A dim in the user's names (shape variables by hint, not by unique key)."""
    return dims.show(d, {k: name_of_key(k).hint for k in dims.free_symbols(d) if is_key(k)})


def _show(t: TensorType) -> str:
    return f"{t.dtype}[{', '.join(_dim(d) for d in t.shape)}]"


def same_dim(a: dims.Dim, b: dims.Dim, prove: Prove) -> bool:
    p = eq(a, b)
    return p.kind == "true" or (p.kind != "false" and prove(p))


def broadcast_shapes(op: str, types: tuple[TensorType, ...], prove: Prove) -> tuple[dims.Dim, ...]:
    rank = max(t.rank for t in types)
    out: list[dims.Dim] = []
    for axis in range(rank):
        result: dims.Dim = 1
        for t in types:
            k = axis - (rank - t.rank)
            if k < 0:
                continue
            d = t.shape[k]
            merged = broadcast_dim(result, d, lambda p: Verdict.HOLDS if prove(p) else Verdict.UNKNOWN)
            if merged is None:
                raise IRTypeError(f"{op}: shapes {', '.join(_show(t) for t in types)} do not broadcast "
                                  f"(axis {axis - rank}: {_dim(result)} vs {_dim(d)})")
            result = merged
        out.append(result)
    return tuple(out)


def _same_dtype(op: str, types: tuple[TensorType, ...]) -> str:
    kinds = {t.dtype for t in types}
    if len(kinds) != 1:
        raise IRTypeError(f"{op}: operand dtypes differ: {', '.join(_show(t) for t in types)}")
    return types[0].dtype


def _elementwise(result_dtype: str | None = None, float_only: bool = False):
    def infer(types, attrs, prove):
        op = attrs.get("__op__", "op")
        dtype = _same_dtype(op, types)
        if float_only and dtype not in L.FLOAT_DTYPES:
            raise IRTypeError(f"{op}: needs floating-point operands, got {dtype}")
        return TensorType(result_dtype or dtype, broadcast_shapes(op, types, prove))
    return infer


def _where_infer(types, attrs, prove):
    cond, a, b = types
    if cond.dtype != "bool":
        raise IRTypeError(f"where: condition must be bool, got {_show(cond)}")
    dtype = _same_dtype("where", (a, b))
    return TensorType(dtype, broadcast_shapes("where", types, prove))


def _cast_infer(types, attrs, prove):
    return TensorType(attrs["dtype"], types[0].shape)


def _const_infer(types, attrs, prove):
    return TensorType(attrs["dtype"], ())


def _reduce_infer(types, attrs, prove):
    (t,) = types
    axes = attrs["axes"]
    if any(a < 0 or a >= t.rank for a in axes) or len(set(axes)) != len(axes):
        raise IRTypeError(f"{attrs.get('__op__')}: axes {axes} out of range for {_show(t)}")
    keep = attrs.get("keepdims", False)
    shape = tuple((1 if keep else None) if i in axes else d for i, d in enumerate(t.shape))
    return TensorType(t.dtype, tuple(d for d in shape if d is not None))


def _matmul_infer(types, attrs, prove):
    a, b = types
    dtype = _same_dtype("matmul", types)
    if a.rank == 0 or b.rank == 0:
        raise IRTypeError("matmul: operands must have rank >= 1")
    ka = a.shape[-1]
    kb = b.shape[-2] if b.rank >= 2 else b.shape[0]
    if not same_dim(ka, kb, prove):
        raise IRTypeError(f"matmul: contracted dims differ: {_show(a)} @ {_show(b)} "
                          f"({_dim(ka)} vs {_dim(kb)})")
    batch_a = a.shape[:-2] if a.rank >= 2 else ()
    batch_b = b.shape[:-2] if b.rank >= 2 else ()
    batch = broadcast_shapes("matmul", (TensorType(dtype, batch_a), TensorType(dtype, batch_b)), prove) \
        if (batch_a or batch_b) else ()
    rows = (a.shape[-2],) if a.rank >= 2 else ()
    cols = (b.shape[-1],) if b.rank >= 2 else ()
    return TensorType(dtype, batch + rows + cols)


def _transpose_infer(types, attrs, prove):
    (t,) = types
    axes = attrs["axes"]
    if sorted(axes) != list(range(t.rank)):
        raise IRTypeError(f"transpose: axes {axes} are not a permutation for {_show(t)}")
    return TensorType(t.dtype, tuple(t.shape[a] for a in axes))


def _reshape_infer(types, attrs, prove):
    (t,) = types
    shape = tuple(attrs["shape"])
    if not same_dim(dims.product(t.shape), dims.product(shape), prove):
        raise IRTypeError(f"reshape: cannot reshape {_show(t)} to "
                          f"({', '.join(_dim(d) for d in shape)}): sizes differ")
    return TensorType(t.dtype, shape)


def _slice_infer(types, attrs, prove):
    (t,) = types
    begin, step, size = attrs["begin"], attrs["step"], attrs["size"]
    if not (len(begin) == len(step) == len(size) == t.rank):
        raise IRTypeError(f"slice: needs begin/step/size for each of the {t.rank} axes of {_show(t)}")
    return TensorType(t.dtype, tuple(size))


def _np_reduce(fn):
    return lambda xs, attrs: fn(xs[0], axis=tuple(attrs["axes"]), keepdims=attrs.get("keepdims", False))


def _np_slice(xs, attrs):
    (x,) = xs
    if x.ndim == 0:
        return x
    picks = [b + st * np.arange(size) for b, st, size in zip(attrs["begin"], attrs["step"], attrs["size"])]
    return x[np.ix_(*picks)]


def _binary(op):
    return lambda a, attrs: L.Binary(op, a[0], a[1])


def _call(fn):
    return lambda a, attrs: L.Call(fn, tuple(a))


def _compare(op):
    return lambda a, attrs: L.Compare(op, a[0], a[1])


def _row(name, kind, arity, infer, numpy, scalar=None) -> OpDef:
    return OpDef(name, kind, arity, infer, numpy, scalar)


_ARITH = _elementwise()
_FLOAT = _elementwise(float_only=True)
_BOOL = _elementwise(result_dtype="bool")

_ROWS = [
    # elementwise binary
    _row("add", "elementwise", 2, _ARITH, lambda x, a: np.add(*x), _binary("add")),
    _row("sub", "elementwise", 2, _ARITH, lambda x, a: np.subtract(*x), _binary("sub")),
    _row("mul", "elementwise", 2, _ARITH, lambda x, a: np.multiply(*x), _binary("mul")),
    _row("div", "elementwise", 2, _FLOAT, lambda x, a: np.divide(*x), _binary("div")),
    _row("maximum", "elementwise", 2, _ARITH, lambda x, a: np.maximum(*x), _call("maximum")),
    _row("minimum", "elementwise", 2, _ARITH, lambda x, a: np.minimum(*x), _call("minimum")),
    _row("pow", "elementwise", 2, _FLOAT, lambda x, a: np.power(*x), _call("pow")),
    _row("less", "elementwise", 2, _BOOL, lambda x, a: np.less(*x), _compare("lt")),
    _row("less_equal", "elementwise", 2, _BOOL, lambda x, a: np.less_equal(*x), _compare("le")),
    _row("greater", "elementwise", 2, _BOOL, lambda x, a: np.greater(*x), _compare("gt")),
    _row("greater_equal", "elementwise", 2, _BOOL, lambda x, a: np.greater_equal(*x), _compare("ge")),
    _row("equal", "elementwise", 2, _BOOL, lambda x, a: np.equal(*x), _compare("eq")),
    _row("not_equal", "elementwise", 2, _BOOL, lambda x, a: np.not_equal(*x), _compare("ne")),
    # elementwise unary
    _row("neg", "elementwise", 1, _ARITH, lambda x, a: np.negative(x[0]), lambda e, a: L.Unary("neg", e[0])),
    *(_row(fn, "elementwise", 1, _FLOAT, (lambda f: lambda x, a: f(x[0]))(getattr(np, fn)), _call(fn))
      for fn in ("exp", "log", "sin", "cos", "tan", "tanh", "sqrt", "log1p", "expm1", "floor", "ceil")),
    _row("abs", "elementwise", 1, _ARITH, lambda x, a: np.abs(x[0]), _call("abs")),
    _row("where", "elementwise", 3, _where_infer, lambda x, a: np.where(*x),
         lambda e, a: L.Select(e[0], e[1], e[2])),
    _row("cast", "elementwise", 1, _cast_infer, lambda x, a: x[0].astype(NUMPY_DTYPES[a["dtype"]]),
         lambda e, a: L.Cast(a["dtype"], e[0])),
    _row("const", "const", 0, _const_infer, lambda x, a: np.asarray(a["value"], NUMPY_DTYPES[a["dtype"]]),
         lambda e, a: L.Const(a["value"], a["dtype"])),
    # reductions and contraction
    _row("sum", "reduce", 1, _reduce_infer, _np_reduce(np.sum)),
    _row("mean", "reduce", 1, _reduce_infer, _np_reduce(np.mean)),
    _row("max", "reduce", 1, _reduce_infer, _np_reduce(np.max)),
    _row("min", "reduce", 1, _reduce_infer, _np_reduce(np.min)),
    _row("matmul", "contract", 2, _matmul_infer, lambda x, a: np.matmul(*x)),
    # data movement
    _row("transpose", "injective", 1, _transpose_infer, lambda x, a: np.transpose(x[0], a["axes"])),
    _row("reshape", "injective", 1, _reshape_infer, lambda x, a: np.reshape(x[0], tuple(a["shape"]))),
    _row("slice", "injective", 1, _slice_infer, _np_slice),
]

OPS: dict[str, OpDef] = {row.name: row for row in _ROWS}


def infer_type(op: str, types: tuple[TensorType, ...], attrs: dict, prove: Prove) -> TensorType:
    """The result type of ``op`` on arguments of ``types``; IRTypeError when they do not fit."""
    row = OPS.get(op)
    if row is None:
        raise IRTypeError(f"unknown op {op!r}")
    if len(types) != row.arity:
        raise IRTypeError(f"{op}: takes {row.arity} operands, got {len(types)}")
    return row.infer(types, {**attrs, "__op__": op}, prove)
