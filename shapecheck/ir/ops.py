"""Graph-level ops as data: one row per op (after xDSL/tinygrad: the op set reads top to bottom).

Each :class:`OpDef` gives the op's *kind* (which decides how fusion and lowering treat it), its
arity, its type rule, its NumPy meaning (the reference interpreter) and, for elementwise ops, the
scalar expression of the loop level it becomes.

Kinds:
  * ``elementwise``: NumPy broadcasting over all arguments (``add``, ``exp``, ``where``, ``cast``...);
    ``broadcast_to`` is the identity broadcast to its ``shape`` attribute (the transpose of ``sum``).
  * ``const``: a 0-d constant (``value``, ``dtype`` attributes).
  * ``injective``: each output element reads one input element (``transpose``, ``reshape``, ``slice``),
    or none (``pad``: zeros outside the slice it places; the transpose of ``slice``).
  * ``reduce``: ``sum mean max min`` over ``axes`` (a tuple of non-negative ints), ``keepdims``.
  * ``contract``: ``matmul`` (NumPy semantics for rank >= 1 operands, batch dims broadcast).

Type rules take the argument types, the attributes and ``prove`` (a function deciding a dim
predicate with the constraint layer) and return the result type or raise :class:`IRTypeError`.
Broadcasting, matmul and reshape are typed by the constraint layer's shape functions
(``broadcast_shapes``, ``apply_signature`` with NumPy's matmul signature, ``reshape_dims``), the
ones the analyser's rules use: one source of shape truth. The IR's policy for their requirements
is to prove them for every value of the shape variables (:func:`_requirer`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from shapecheck.constraints import dims
from shapecheck.constraints.broadcast import BroadcastAxis, broadcast_shapes
from shapecheck.constraints.predicates import eq
from shapecheck.constraints.reshape import ReshapeMismatch, reshape_dims
from shapecheck.constraints.signature import MissingCoreDims, apply_signature, parse_signature
from shapecheck.constraints.solver import Decision, Verdict
from shapecheck.subst.names import is_key, name_of_key

from . import loops as L
from .dtypes import CODES
from .graph import TensorType

__all__ = ["OpDef", "OPS", "IRTypeError", "NUMPY_DTYPES", "infer_type", "reshape_to", "Prove"]

Prove = Callable[[Any], bool]  # a Pred -> does it hold for every value of the shape variables?

NUMPY_DTYPES = {code: dtype.type for code, dtype in CODES.items()}


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


def _decider(prove: Prove):
    return lambda p: Decision(Verdict.HOLDS if prove(p) else Verdict.UNKNOWN)


def _requirer(prove: Prove, message: Callable[[object], str]):
    """The IR's policy for a shape function's requirements: proved for every value of the shape
    variables, or an IRTypeError (an IR type is exact, so nothing is left as a precondition)."""

    def require(pred, why) -> None:
        if not (pred.kind == "true" or (pred.kind != "false" and prove(pred))):
            raise IRTypeError(message(why))
    return require


def _broadcast(op: str, types: tuple[TensorType, ...], shapes, prove: Prove) -> tuple[dims.Dim, ...]:
    """``shapes`` (those of ``types``, or their loop dims) broadcast, every step proved."""
    def message(where: BroadcastAxis) -> str:
        shown = ", ".join(f"{t.dtype}[{', '.join(_dim(d) for d in s)}]" for t, s in zip(types, where.shapes))
        return f"{op}: shapes {shown} do not broadcast (axis {where.axis}: {_dim(where.a)} vs {_dim(where.b)})"

    def join(where: BroadcastAxis) -> dims.Dim:
        raise IRTypeError(message(where))

    return broadcast_shapes(shapes, decide=_decider(prove), require=_requirer(prove, message), join=join)


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
        return TensorType(result_dtype or dtype, _broadcast(op, types, [t.shape for t in types], prove))
    return infer


def _where_infer(types, attrs, prove):
    cond, a, b = types
    if cond.dtype != "bool":
        raise IRTypeError(f"where: condition must be bool, got {_show(cond)}")
    dtype = _same_dtype("where", (a, b))
    return TensorType(dtype, _broadcast("where", types, [t.shape for t in types], prove))


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


_MATMUL = parse_signature("(n?,k),(k,m?)->(n?,m?)")  # NumPy's own signature of np.matmul


def _matmul_infer(types, attrs, prove):
    a, b = types
    dtype = _same_dtype("matmul", types)

    def message(why) -> str:
        if type(why) is MissingCoreDims:
            return f"matmul: operands must have rank >= {why.required}"
        return (f"matmul: contracted dims differ: {_show(a)} @ {_show(b)} "
                f"({_dim(why.first)} vs {_dim(why.dim)})")

    (shape,) = apply_signature(_MATMUL, [a.shape, b.shape], require=_requirer(prove, message),
                               broadcast=lambda loops: _broadcast("matmul", types, loops, prove))
    return TensorType(dtype, shape)


def _transpose_infer(types, attrs, prove):
    (t,) = types
    axes = attrs["axes"]
    if sorted(axes) != list(range(t.rank)):
        raise IRTypeError(f"transpose: axes {axes} are not a permutation for {_show(t)}")
    return TensorType(t.dtype, tuple(t.shape[a] for a in axes))


def _reshape_infer(types, attrs, prove):
    (t,) = types
    return TensorType(t.dtype, reshape_to(t, attrs["shape"], prove))


def reshape_to(t: TensorType, target, prove: Prove) -> tuple[dims.Dim, ...]:
    """The dims of ``t`` reshaped to ``target`` (None marks one dim to infer, NumPy's -1); the
    sizes must agree for every value of the shape variables, else IRTypeError."""
    def message(why: ReshapeMismatch) -> str:
        shown = ", ".join("-1" if d is None else _dim(d) for d in why.target)
        return f"reshape: cannot reshape {_show(t)} to ({shown}): sizes differ"

    return reshape_dims(t.shape, tuple(target), require=_requirer(prove, message))


def _broadcast_to_infer(types, attrs, prove):
    (t,) = types
    target = tuple(attrs["shape"])
    if t.rank > len(target):
        raise IRTypeError(f"broadcast_to: {_show(t)} has more axes than ({', '.join(map(_dim, target))})")
    shape = _broadcast("broadcast_to", (t, TensorType(t.dtype, target)), [t.shape, target], prove)
    if shape != target and not all(a == b or prove(eq(a, b)) for a, b in zip(shape, target)):
        raise IRTypeError(f"broadcast_to: {_show(t)} does not broadcast to ({', '.join(map(_dim, target))})")
    return TensorType(t.dtype, target)


def _pad_infer(types, attrs, prove):
    """``pad(x) {begin, step, shape}``: zeros of ``shape`` with ``x`` placed at ``begin + step*i``
    on each axis: the transpose of ``slice(y) {begin, step, size=x.shape}``."""
    (t,) = types
    begin, step, shape = attrs["begin"], attrs["step"], tuple(attrs["shape"])
    if not (len(begin) == len(step) == len(shape) == t.rank):
        raise IRTypeError(f"pad: needs begin/step/shape for each of the {t.rank} axes of {_show(t)}")
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


def _np_pad(xs, attrs):
    (x,) = xs
    out = np.zeros(tuple(attrs["shape"]), x.dtype)
    if x.ndim == 0:
        return x.copy()
    out[np.ix_(*[b + st * np.arange(size) for b, st, size in zip(attrs["begin"], attrs["step"], x.shape)])] = x
    return out


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
    _row("broadcast_to", "elementwise", 1, _broadcast_to_infer,
         lambda x, a: np.broadcast_to(x[0], tuple(a["shape"])), lambda e, a: e[0]),
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
    _row("pad", "injective", 1, _pad_infer, _np_pad),
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
