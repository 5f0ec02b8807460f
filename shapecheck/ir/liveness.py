"""Memory and compute of a graph function, from its types: each binding's bytes and FLOPs, the
live bytes after each binding (liveness over the A-normal form), and their peak, symbolic in the
shape variables.

A value is live from its binding to the last binding that reads it (the function's result to the
end); parameters are not intermediates and are not counted. ``GetItem`` and ``MakeTuple`` move no
data: they keep what they read alive instead of allocating. FLOPs follow ``shapecheck cost``'s
conventions (docs/cost.md): a ``matmul`` is ``2 * result elements * k``, an elementwise op one per
output element, a reduction one per input element; an injective op (``transpose``, ``reshape``,
``slice``) copies, which costs no FLOPs but is counted as one unit per element when a
recomputation is priced (:func:`recompute_cost`), since it is not free to redo.

>>> from shapecheck.ir import trace
>>> m = trace("def f(x, w):\\n    return np.tanh(x @ w)\\n", shapes={"x": ("n", 3), "w": (3, 4)})
>>> p = liveness(m.functions[0])
>>> [show(b) for _, _, b in p.timeline]
['16*n', '32*n']
"""

from __future__ import annotations

from dataclasses import dataclass

from shapecheck.constraints import dims
from shapecheck.constraints.peaks import live_sizes, maxima
from shapecheck.subst.names import Name, is_key, name_of_key

from . import graph as G
from .ops import NUMPY_DTYPES, OPS

__all__ = ["Liveness", "liveness", "nbytes", "flops", "recompute_cost", "last_uses", "reads", "show"]


def show(d: dims.Dim) -> str:
    """A size in the shape variables' own names (``n*16``, not the keys ``n@1*16``)."""
    names = {k: name_of_key(k).hint for k in dims.free_symbols(d) if is_key(k)}
    return dims.show_polynomial(d, names)


def nbytes(t: G.Type) -> dims.Dim:
    """The bytes a value of type ``t`` occupies (a tuple: its items')."""
    if type(t) is G.TupleType:
        total: dims.Dim = 0
        for item in t.items:
            total = dims.add(total, nbytes(item))
        return total
    return dims.mul(dims.product(t.shape), NUMPY_DTYPES[t.dtype]().itemsize)


def _numel(t: G.Type) -> dims.Dim:
    return dims.product(t.shape) if type(t) is G.TensorType else 0


def flops(b: G.Binding, types: dict[Name, G.Type]) -> dims.Dim:
    """The FLOPs of one binding (0 for data movement and for calls, which are not flattened)."""
    v = b.value
    if type(v) is not G.OpCall:
        return 0
    kind = OPS[v.op].kind
    if kind == "contract":
        left = types[v.args[0]]
        k = left.shape[-1] if type(left) is G.TensorType and left.shape else 1
        return dims.mul(2, dims.mul(_numel(b.type), k))
    if kind == "elementwise":
        return _numel(b.type)
    if kind == "reduce":
        return _numel(types[v.args[0]])
    return 0


def recompute_cost(b: G.Binding, types: dict[Name, G.Type]) -> dims.Dim:
    """What recomputing a binding costs, for rematerialization: its FLOPs, and a copy's elements
    (at least 1: nothing is free to redo)."""
    f = flops(b, types)
    if f == 0 and type(b.value) is G.OpCall:
        f = _numel(b.type)
    return dims.dmax(f, 1) if type(f) is not int else max(f, 1)


def last_uses(fn: G.Function) -> dict[Name, int]:
    """Each binding's variable -> the index of the last binding reading it (the result: past the end;
    never read: its own index)."""
    last: dict[Name, int] = {}
    for i, b in enumerate(fn.body.bindings):
        last[b.var] = i
        for used in reads(b.value):
            if used in last:
                last[used] = i
    last[fn.body.result] = len(fn.body.bindings)
    return last


def reads(v: G.Value) -> tuple[Name, ...]:
    """The variables a binding's value reads."""
    if type(v) is G.MakeTuple:
        return v.items
    if type(v) in (G.GetItem, G.MatchShape):
        return (v.value,)
    return tuple(v.args)


@dataclass(frozen=True)
class Liveness:
    """Live intermediate bytes after each binding, and the peak: the candidates no other bounds for
    every size (one when it dominates), each with the binding where it first occurs."""

    function: str
    timeline: tuple[tuple[int, str, dims.Dim], ...]   # (binding index, variable, live bytes)
    peaks: tuple[tuple[int, str, dims.Dim], ...]


def liveness(fn: G.Function) -> Liveness:
    """Liveness over ``fn``'s bindings (see the module docstring)."""
    bindings = fn.body.bindings
    last = last_uses(fn)
    owner: dict[Name, Name] = {}      # a tuple item or tuple -> the allocation it keeps alive
    size: dict[Name, dims.Dim] = {}
    born: dict[Name, int] = {}
    end: dict[Name, int] = {}
    for i, b in enumerate(bindings):
        if type(b.value) in (G.GetItem, G.MakeTuple, G.MatchShape):
            for used in reads(b.value):
                root = owner.get(used)
                if root is not None:
                    owner[b.var] = root
                    end[root] = max(end[root], last[b.var])
            continue
        owner[b.var] = b.var
        size[b.var], born[b.var], end[b.var] = nbytes(b.type), i, last[b.var]
    live = live_sizes(((born[v], end[v], b) for v, b in size.items()), len(bindings))
    timeline = [(i, b.var.hint, bytes_) for (i, b), bytes_ in zip(enumerate(bindings), live)]
    first: dict = {}
    for entry in timeline:
        first.setdefault(entry[2], entry)
    peaks = tuple(first[c] for c in maxima(list(first))) if first else ()
    return Liveness(fn.name, tuple(timeline), peaks)
