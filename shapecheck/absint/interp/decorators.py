"""What a decorator of the project does to the function it decorates.

A decorator is bound to nothing of its own: the name keeps the function it decorates, so a call of
it runs that body (``@register_model`` returns its argument; ``@torch.no_grad()`` and
``@lru_cache`` call it with the caller's arguments). One of the project's that returns another
function, a wrapper, may change the arguments on the way (scipy's ``_axis_nan_policy_factory``
turns ``axis=(0, 1)`` into ``axis=-1`` on raveled arrays): such a function is ``wrapped``, and what
its body cannot do with the caller's own arguments is no error of the call (calls.py). A wrapper
that hands the body what it was given, unchanged (``def wrapper(*args, **kwargs): ...; return
fn(*args, **kwargs)``: timing, logging, deprecation warnings, diffusers' ``apply_forward_hook``),
leaves the calls checked.
"""

from __future__ import annotations

import ast
import weakref

from ..core.values import Class, Function, Instance, Value
from ..core.node_answers import walk

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def replaces_its_function(deco: Value) -> bool:
    """Whether decorating with ``deco`` may change what the function's body is called with: a
    function of the project that returns neither its argument nor a wrapper passing its own
    arguments on, a class of the project (its instance), or an object of a project class that is
    called with the function (networkx's ``@nodes_or_number(0)`` is an ``argmap`` that turns the
    int or the nodes passed into an ``(n, nodes)`` pair: ``path_graph((1, 2, 3, 2, 4))`` unpacked
    five values into two names, a false SC110)."""
    if type(deco) is Class:
        return deco.node is not None
    if type(deco) is Instance:
        return deco.cls.node is not None and type(deco.cls.lookup("__call__")) is Function
    if type(deco) is not Function or isinstance(deco.node, ast.Lambda):
        return False
    keeps = _KEEPS_THE_CALL.get(deco.node)
    if keeps is None:
        keeps = _KEEPS_THE_CALL[deco.node] = _keeps_the_call(deco.node)
    return not keeps


#: read once per decorator's node, kept while its tree is (an editor's edits make new trees)
_KEEPS_THE_CALL: "weakref.WeakKeyDictionary[ast.AST, bool]" = weakref.WeakKeyDictionary()


def _keeps_the_call(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether each ``return`` of ``node``'s own body gives back its first parameter, or a function
    defined there that passes its arguments on unchanged to that parameter."""
    params = node.args.posonlyargs + node.args.args
    if not params:
        return False
    fn = params[0].arg
    defined = {stmt.name: stmt for stmt in _own_statements(node.body)
               if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))}
    returns = [stmt for stmt in _own_statements(node.body) if isinstance(stmt, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Name) and (r.value.id == fn or r.value.id in defined and _forwards(defined[r.value.id], fn))
        for r in returns)


def _forwards(wrapper: ast.FunctionDef | ast.AsyncFunctionDef, fn: str) -> bool:
    """Whether ``wrapper`` calls ``fn`` with its own parameters in order, ``*args`` and ``**kwargs``
    (``fn(self, *args, **kwargs)``), none of them bound anew, and has no parameter it does not pass."""
    a = wrapper.args
    if a.vararg is None or a.kwarg is None or a.kwonlyargs or a.defaults:
        return False
    leading = [p.arg for p in a.posonlyargs + a.args]
    names = set(leading) | {a.vararg.arg, a.kwarg.arg, fn}
    if any(isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)) and n.id in names
           for n in walk(wrapper)):
        return False

    def passes_on(call: ast.Call) -> bool:
        args = call.args
        return (isinstance(call.func, ast.Name) and call.func.id == fn and len(args) == len(leading) + 1
                and all(isinstance(x, ast.Name) and x.id == p for x, p in zip(args, leading))
                and isinstance(args[-1], ast.Starred) and isinstance(args[-1].value, ast.Name)
                and args[-1].value.id == a.vararg.arg
                and len(call.keywords) == 1 and call.keywords[0].arg is None
                and isinstance(call.keywords[0].value, ast.Name) and call.keywords[0].value.id == a.kwarg.arg)

    calls = [n for n in walk(wrapper) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == fn]
    return bool(calls) and all(map(passes_on, calls))


def _own_statements(body: list):
    """The statements of ``body``, into its blocks but not into the functions and classes it defines
    (whose own statements are theirs)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, _SCOPES):
            continue
        for child in ast.iter_child_nodes(stmt):
            if isinstance(child, ast.stmt):
                yield from _own_statements([child])
            elif isinstance(child, (ast.excepthandler, ast.match_case)):
                yield from _own_statements(child.body)


__all__ = ["replaces_its_function"]
