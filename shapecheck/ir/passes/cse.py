"""Common-subexpression elimination: a binding whose value (after earlier merges) and type equal an
earlier one's becomes an alias of it. Values are frozen dataclasses over Names, so "equal" is
``==`` once the earlier renamings are applied; one pass, linear.
"""

from __future__ import annotations

from shapecheck.subst import substitute

from .. import graph as G
from .rewrite import BlockWalk, map_functions

__all__ = ["cse"]

_PURE = (G.OpCall, G.MakeTuple, G.GetItem, G.CallFunc, G.CallKernel)


def _function(f: G.Function) -> G.Function:
    walk = BlockWalk(f)
    seen: dict = {}
    for b in f.body.bindings:
        value = walk.value(b)
        if type(value) in _PURE and not b.binds:
            key = (value, substitute(b.type, walk.subst))
            try:
                earlier = seen.get(key)
            except TypeError:  # an unhashable attribute: never shared
                earlier, key = None, None
            if earlier is not None:
                walk.alias(b, earlier)
                continue
            kept = walk.keep(b, value)
            if key is not None:
                seen[key] = kept.var
            continue
        walk.keep(b, value)
    return walk.finish()


def cse(module: G.Module) -> G.Module:
    return map_functions(module, _function)
