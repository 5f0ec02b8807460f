"""A layer chosen by a condition on sizes, its result read under that condition.

vit-pytorch's attention ends in ``nn.Linear(inner_dim, dim) if project_out else nn.Identity()``,
``project_out = not (heads == 1 and dim_head == dim)``: the identity is taken only where the heads'
width is ``dim``. Called, the two give ``(b, n, dim)`` and ``(b, n, dim_head*heads)``, which joined
were a size of no name, and so was every residual sum and layer after the attention. Each option
keeps the condition it is taken under (``Alternatives.guards``); where that condition is a
conjunction of equalities, a dim of its result that those equalities make equal to the other
option's is that dim (``dim_head*heads`` where ``heads == 1`` and ``dim_head == dim`` is ``dim``),
so the join keeps it.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import Pred
from ...constraints.shapes import Shape
from ..core.values import Array, Value, with_shape
from .semantics import is_single_symbol, single_name


def equalities(guard: Pred) -> dict:
    """Each symbol that ``guard``'s equalities between symbols and ints tie to another (where the
    guard is a conjunction of them, among other facts) -> its class's representative: an int where
    the class holds one, else its least symbol. Empty where it ties none."""
    atoms = guard.args if guard.kind == "and" else (guard,)
    parent: dict = {}

    def find(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for atom in atoms:
        if atom.kind != "eq":
            continue
        a, b = (_term(x) for x in atom.args)
        if a is None or b is None:
            continue
        ra, rb = find(a), find(b)
        if ra == rb:
            continue
        if type(ra) is int and type(rb) is int:
            return {}   # (a guard no run meets)
        # an int represents its class; else the least name, so that the choice does not depend on order
        first, second = (ra, rb) if type(ra) is int or (type(rb) is not int and ra < rb) else (rb, ra)
        parent[second] = first
    return {x: D.sym(r) if type(r) is str else r for x in parent if type(x) is str and (r := find(x)) != x}


def _term(d) -> str | int | None:
    """An int, or the name of a dim that is one symbol; None for anything else."""
    if type(d) is int:
        return d
    return single_name(d) if is_single_symbol(d) else None


def agreeing(value: Value, reference: Value, guard: Pred | None) -> Value:
    """``value`` (one option's result) with each dim that ``guard``'s equalities make equal to
    ``reference``'s at its place taken as ``reference``'s; ``value`` where they tie none."""
    if guard is None or type(value) is not Array or type(reference) is not Array:
        return value
    s, r = value.shape, reference.shape
    if s.variadic != r.variadic or len(s.prefix) != len(r.prefix) or len(s.suffix) != len(r.suffix) \
            or s.middle != r.middle:
        return value
    mapping = equalities(guard)
    if not mapping:
        return value

    def same(x, y):
        return x if x == y or D.substitute(x, mapping) != D.substitute(y, mapping) else y

    prefix = tuple(map(same, s.prefix, r.prefix))
    suffix = tuple(map(same, s.suffix, r.suffix))
    if prefix == s.prefix and suffix == s.suffix:
        return value
    return with_shape(value, Shape(prefix, s.variadic, suffix, s.middle))
