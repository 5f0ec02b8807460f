"""Dead-code elimination: unused pure bindings, unreachable functions and kernels.

Extern calls (may have effects) and ``match_shape`` (an assertion) are always kept.
"""

from __future__ import annotations

from dataclasses import replace

from shapecheck.subst import free_vars

from .. import graph as G

__all__ = ["dce"]

_KEEP = (G.ExternCall, G.MatchShape)


def _function(f: G.Function) -> G.Function:
    live = {f.body.result} | set(free_vars(f.ret))
    kept = []
    for b in reversed(f.body.bindings):
        if b.var in live or type(b.value) in _KEEP or any(n in live for n in b.binds):
            kept.append(b)
            live |= free_vars(b.value) | free_vars(b.type)
    return replace(f, body=G.Block(tuple(reversed(kept)), f.body.result))


def dce(module: G.Module) -> G.Module:
    """Drop dead bindings in every function, then what the first function cannot reach."""
    functions = [_function(f) for f in module.functions]
    if not functions:
        return module
    by_name = {f.name: f for f in functions}
    reached, kernels, todo = {functions[0].name}, set(), [functions[0]]
    while todo:
        f = todo.pop()
        for b in f.body.bindings:
            if type(b.value) is G.CallFunc and b.value.func not in reached and b.value.func in by_name:
                reached.add(b.value.func)
                todo.append(by_name[b.value.func])
            elif type(b.value) is G.CallKernel:
                kernels.add(b.value.kernel)
    return G.Module(tuple(f for f in functions if f.name in reached),
                    tuple(k for k in module.kernels if k.name in kernels))
