"""What a derivative program costs, at given sizes: FLOPs and bytes, by ``liveness.py``'s counts
(``shapecheck cost``'s conventions, docs/cost.md: a ``matmul`` is ``2 * result elements * k``, an
elementwise op one per output element, a reduction one per input element, data movement none)
evaluated with ``sizes``, a mapping from shape-variable names as the user wrote them (``{"n": 64}``).

The cheap-gradient principle is stated in these counts (Griewank and Walther, "Evaluating
Derivatives", 2008, section 4.6: a gradient costs a small constant times the function).

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
from .. import liveness

__all__ = ["flops", "nbytes", "binding_flops", "recompute_flops", "at_sizes"]


def at_sizes(d: dims.Dim, sizes: Mapping[str, int]) -> int:
    """``d`` with each shape variable replaced by ``sizes[its name]``."""
    return dims.evaluate(d, {k: sizes[name_of_key(k).hint] for k in dims.free_symbols(d) if is_key(k)})


def nbytes(t: G.Type, sizes: Mapping[str, int]) -> int:
    return at_sizes(liveness.nbytes(t), sizes)


def binding_flops(b: G.Binding, types: Mapping, sizes: Mapping[str, int]) -> int:
    return at_sizes(liveness.flops(b, dict(types)), sizes)


def recompute_flops(b: G.Binding, types: Mapping, sizes: Mapping[str, int]) -> int:
    """What recomputing ``b`` costs (its FLOPs; a copy's elements), as the rematerialization
    planner prices it (``liveness.recompute_cost``)."""
    return at_sizes(liveness.recompute_cost(b, dict(types)), sizes)


def flops(f: G.Function, sizes: Mapping[str, int] | None = None) -> int:
    """Floating-point operations of one call of ``f`` (no calls inside: inline first)."""
    sizes = sizes or {}
    types: dict = {p.name: p.type for p in f.params}
    total = 0
    for b in f.body.bindings:
        types[b.var] = b.type
        total += binding_flops(b, types, sizes)
    return total
