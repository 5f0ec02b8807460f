"""What a decorator of the project does to the function it decorates.

A decorator is bound to nothing of its own: the name keeps the function it decorates, so a call of
it runs that body (``@register_model`` returns its argument; ``@torch.no_grad()`` and
``@lru_cache`` call it with the caller's arguments). One of the project's that returns another
function, a wrapper, may change the arguments on the way (scipy's ``_axis_nan_policy_factory``
turns ``axis=(0, 1)`` into ``axis=-1`` on raveled arrays): such a function is ``wrapped``, and what
its body cannot do with the caller's own arguments is no error of the call (calls.py).
"""

from __future__ import annotations

import ast
from functools import lru_cache

from ..core.values import Class, Function, Value

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def replaces_its_function(deco: Value) -> bool:
    """Whether decorating with ``deco`` puts something else in the function's place: a function of
    the project that does not return its argument, or a class of the project (its instance)."""
    if type(deco) is Class:
        return deco.node is not None
    if type(deco) is not Function or isinstance(deco.node, ast.Lambda):
        return False
    return not _returns_its_argument(deco.node)


@lru_cache(maxsize=None)
def _returns_its_argument(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether each ``return`` of ``node``'s own body gives back its first parameter."""
    params = node.args.posonlyargs + node.args.args
    if not params:
        return False
    returns = list(_own_returns(node.body))
    return bool(returns) and all(isinstance(r.value, ast.Name) and r.value.id == params[0].arg for r in returns)


def _own_returns(body: list):
    for stmt in body:
        if isinstance(stmt, ast.Return):
            yield stmt
        elif not isinstance(stmt, _SCOPES):
            for child in ast.iter_child_nodes(stmt):
                if isinstance(child, ast.stmt):
                    yield from _own_returns([child])
                elif isinstance(child, (ast.excepthandler, ast.match_case)):
                    yield from _own_returns(child.body)


__all__ = ["replaces_its_function"]
