"""Inlining: a call to a non-primitive function becomes the callee's bindings.

The callee's body goes through one ``Subst`` mapping parameters to arguments and shape parameters
to the dims the call determines; its binders are renamed only where they clash with the caller's
scope (the rapier), so inlining costs one pass over caller and callee together.
"""

from __future__ import annotations

from shapecheck.subst import Subst, substitute

from .. import graph as G
from ..calls import shape_arguments
from .rewrite import BlockWalk, map_functions

__all__ = ["inline"]


def inline(module: G.Module) -> G.Module:
    """Inline every call to a non-primitive, non-recursive function (callees inlined first)."""
    done: dict[str, G.Function] = {}
    by_name = {f.name: f for f in module.functions}

    def inlined(f: G.Function, active: frozenset) -> G.Function:
        if f.name in done:
            return done[f.name]
        walk = BlockWalk(f)
        for b in f.body.bindings:
            v = b.value
            callee = by_name.get(v.func) if type(v) is G.CallFunc else None
            if callee is None or callee.primitive or callee.name in active | {f.name}:
                walk.keep(b)
                continue
            callee = inlined(callee, active | {f.name})
            args = walk.value(b).args
            values = shape_arguments(callee.shape_params, tuple(p.type for p in callee.params),
                                     tuple(walk.types[a].shape for a in args))
            mapping = {p.name: a for p, a in zip(callee.params, args)}
            mapping.update(values)
            body = substitute(callee.body, Subst.of(mapping, walk.subst.scope))
            walk.emit(body.bindings)
            walk.alias(b, body.result)
        done[f.name] = result = walk.finish()
        return result

    return map_functions(module, lambda f: f if f.primitive else inlined(f, frozenset()))

