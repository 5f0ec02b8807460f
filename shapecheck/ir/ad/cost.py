"""What a program costs, counted on the graph IR: floating-point operations and bytes.

The count the cheap-gradient principle is stated in (Griewank and Walther, "Evaluating
Derivatives", 2008, section 4.6: a gradient costs a small constant times the function): one per
output element of an arithmetic elementwise op, one per input element of a reduction,
``2*m*n*k`` for a matmul, nothing for data movement (``reshape``, ``transpose``, ``slice``,
``pad``, ``broadcast_to``, ``cast``) and constants.

Dims are evaluated with ``sizes``, a mapping from shape-variable names as the user wrote them
(``{"n": 64}``) to ints.

>>> from shapecheck.ir import trace
>>> m = trace("def f(x, w):\\n    return np.tanh(x @ w)\\n", shapes={"x": ("n", 8), "w": (8, 4)})
>>> flops(m.functions[0], {"n": 2})   # matmul 2*2*4*8, tanh 2*4
136
"""

from __future__ import annotations

from typing import Mapping

from shapecheck.constraints import dims
from shapecheck.subst.names import is_key, name_of_key

from .. import graph as G
from ..ops import NUMPY_DTYPES, OPS

__all__ = ["flops", "numel", "nbytes", "binding_flops", "MOVES"]

MOVES = frozenset({"reshape", "transpose", "slice", "pad", "broadcast_to", "cast", "const"})
"""Ops that move or relabel data and do no arithmetic."""


def numel(t: G.TensorType, sizes: Mapping[str, int]) -> int:
    n = dims.product(t.shape)
    return dims.evaluate(n, {k: sizes[name_of_key(k).hint] for k in dims.free_symbols(n) if is_key(k)})


def nbytes(t: G.Type, sizes: Mapping[str, int]) -> int:
    if type(t) is G.TupleType:
        return sum(nbytes(item, sizes) for item in t.items)
    return numel(t, sizes) * NUMPY_DTYPES[t.dtype]().itemsize


def binding_flops(b: G.Binding, types: Mapping, sizes: Mapping[str, int]) -> int:
    v = b.value
    if type(v) is not G.OpCall or v.op in MOVES:
        return 0
    kind = OPS[v.op].kind
    if kind == "reduce":
        return numel(types[v.args[0]], sizes)
    if kind == "contract":
        return 2 * numel(b.type, sizes) * numel(G.TensorType("f32", types[v.args[0]].shape[-1:]), sizes)
    return numel(b.type, sizes)


def flops(f: G.Function, sizes: Mapping[str, int] | None = None) -> int:
    """Floating-point operations of one call of ``f`` (no calls inside: inline first)."""
    sizes = sizes or {}
    types: dict = {p.name: p.type for p in f.params}
    total = 0
    for b in f.body.bindings:
        types[b.var] = b.type
        total += binding_flops(b, types, sizes)
    return total
