"""Building the bindings the AD passes emit: an :class:`Emitter` (fresh names, typed bindings) and
:class:`Term`, a typed variable with arithmetic operators, so a tangent or transpose rule reads as
the formula it is (``g * (1.0 - y * y)``), one line per op.

Every emitted binding's type comes from the op table's type rule (``ops.infer_type``): the AD
passes never write a type by hand, so symbolic shapes are carried exactly as the verifier checks
them.

>>> from shapecheck.subst import fresh_name
>>> from shapecheck.ir.graph import TensorType
>>> x = fresh_name("x")
>>> em = Emitter([x])
>>> t = Term(em, x, TensorType("f64", (3,)))
>>> y = 1.0 - t * t
>>> [b.value.op for b in em.bindings], y.type
(['mul', 'const', 'sub'], TensorType(dtype='f64', shape=(3,)))
"""

from __future__ import annotations

from typing import Iterable

from shapecheck.constraints import dims
from shapecheck.subst import Scope, free_vars
from shapecheck.subst.names import Name

from .. import graph as G
from ..ops import infer_type
from ..verifier import make_prover

__all__ = ["Emitter", "Term", "ADError", "names_of"]


class ADError(ValueError):
    """A program outside what the AD passes differentiate (the message names the construct)."""


def names_of(f: G.Function) -> set:
    """Every name ``f`` binds or mentions (what a fresh name must avoid)."""
    names = set(f.shape_params) | {p.name for p in f.params} | free_vars(f.body)
    for b in f.body.bindings:
        names.add(b.var)
        names.update(b.binds)
    return names


class Emitter:
    """Fresh names over ``names`` (every name of the function being built) and the bindings emitted,
    in order."""

    def __init__(self, names: Iterable[Name]):
        self.scope = Scope.of(names)
        self.bindings: list[G.Binding] = []
        self._prove = None

    def fresh(self, hint: str) -> Name:
        name, self.scope = self.scope.bind_fresh(hint)
        return name

    def prove(self, pred) -> bool:
        if self._prove is None:
            self._prove = make_prover()
        return self._prove(pred)

    def bind(self, var: Name, type_: G.Type, value: G.Value) -> None:
        """Append a binding whose name is already in the scope (a copied primal binding)."""
        self.scope = self.scope.extend(var) if var not in self.scope else self.scope
        self.bindings.append(G.Binding(var, type_, value))

    def op(self, op: str, args: tuple["Term", ...], hint: str = "t", **attrs) -> "Term":
        items = tuple(sorted(attrs.items()))
        type_ = infer_type(op, tuple(a.type for a in args), dict(items), self.prove)
        var = self.fresh(hint)
        self.bindings.append(G.Binding(var, type_, G.OpCall(op, tuple(a.name for a in args), items)))
        return Term(self, var, type_)

    def named(self, term: "Term", hint: str, since: int) -> "Term":
        """``term`` under a fresh name with ``hint`` when it is the last binding and was emitted at
        or after position ``since`` (by the caller, who knows nothing reads it yet, so renaming
        its binder is safe); else ``term`` itself."""
        last = self.bindings[-1] if len(self.bindings) > since else None
        if last is None or last.var != term.name:
            return term
        var = self.fresh(hint)
        self.bindings[-1] = G.Binding(var, last.type, last.value)
        return Term(self, var, term.type)

    def function(self, name: str, shape_params: tuple, params: tuple, results: list["Term"],
                 hint: str = "out") -> G.Function:
        """A function of the bindings emitted, returning ``results`` (a tuple unless one)."""
        body = list(self.bindings)
        if len(results) == 1:
            result, ret = results[0].name, results[0].type
        else:
            result, ret = self.fresh(hint), G.TupleType(tuple(r.type for r in results))
            body.append(G.Binding(result, ret, G.MakeTuple(tuple(r.name for r in results))))
        return G.Function(name, tuple(shape_params), tuple(params), ret, G.Block(tuple(body), result))

    def const(self, value: float, dtype: str) -> "Term":
        return self.op("const", (), "c", dtype=dtype, value=float(value) if dtype in ("f32", "f64") else value)

    def zeros(self, type_: G.TensorType) -> "Term":
        """A zero of ``type_`` (the linear zero: ``broadcast_to`` of a 0-d ``const 0``)."""
        zero = self.const(0.0, type_.dtype)
        return zero if not type_.shape else zero.op("broadcast_to", shape=type_.shape)


class Term:
    """A variable of the function being built, with its type; operators emit bindings."""

    __slots__ = ("em", "name", "type")

    def __init__(self, em: Emitter, name: Name, type_: G.TensorType):
        self.em, self.name, self.type = em, name, type_

    def op(self, op: str, *others: "Term | float", **attrs) -> "Term":
        return self.em.op(op, (self, *map(self._lift, others)), **attrs)

    def _lift(self, other: "Term | float") -> "Term":
        return other if type(other) is Term else self.em.const(other, self.type.dtype)

    def _rop(self, op: str, other: float) -> "Term":
        return self._lift(other).op(op, self)

    def __add__(self, o): return self.op("add", o)
    def __radd__(self, o): return self._rop("add", o)
    def __sub__(self, o): return self.op("sub", o)
    def __rsub__(self, o): return self._rop("sub", o)
    def __mul__(self, o): return self.op("mul", o)
    def __rmul__(self, o): return self._rop("mul", o)
    def __truediv__(self, o): return self.op("div", o)
    def __rtruediv__(self, o): return self._rop("div", o)
    def __matmul__(self, o): return self.op("matmul", o)
    def __neg__(self): return self.op("neg")

    def cast_like(self, other: "Term") -> "Term":
        """``self`` (a bool mask, say) as a number of ``other``'s dtype."""
        return self.op("cast", dtype=other.type.dtype)

    def select(self, cond: "Term", where: bool) -> "Term":
        """``self`` where ``cond`` is ``where``, zero elsewhere (broadcast as ``np.where``)."""
        zero = self.em.const(0.0, self.type.dtype)
        return cond.op("where", self, zero) if where else cond.op("where", zero, self)

    def reshape(self, shape: tuple) -> "Term":
        return self if tuple(shape) == self.type.shape else self.op("reshape", shape=tuple(shape))

    def broadcast_to(self, shape: tuple) -> "Term":
        return self if tuple(shape) == self.type.shape else self.op("broadcast_to", shape=tuple(shape))

    def swap_last(self) -> "Term":
        """The matrix transpose of the last two axes."""
        axes = (*range(self.type.rank - 2), self.type.rank - 1, self.type.rank - 2)
        return self.op("transpose", axes=axes)

    def sum_to(self, shape: tuple) -> "Term":
        """``self`` summed over the axes NumPy broadcasting added to reach ``self``'s shape from
        ``shape``: the transpose of implicit broadcasting (JAX's ``_unbroadcast``)."""
        shape = tuple(shape)
        if self.type.shape == shape:
            return self
        lead = self.type.rank - len(shape)
        axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(shape)
                                          if d == 1 and self.type.shape[lead + i] != 1)
        summed = self.op("sum", axes=axes, keepdims=True) if axes else self
        return summed.reshape(shape)

    def count(self, axes: tuple) -> "Term | float":
        """The number of elements ``axes`` of ``self`` hold: a float when the dims are known, else
        a value computed from the shape (an IR value cannot name a shape variable as data)."""
        count = dims.product(self.type.shape[a] for a in axes)
        known = dims.const_value(count)
        if known is not None:
            return float(known)
        ones = self.em.const(1.0, self.type.dtype).broadcast_to(tuple(self.type.shape[a] for a in axes))
        return ones.op("sum", axes=tuple(range(len(axes))), keepdims=False)
