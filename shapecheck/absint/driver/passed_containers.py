"""What a call did to the lists and dicts its caller passed in.

The analysis holds a list or dict as a value bound to a name (``mutate_list`` rebinds the name), not
as an object: a callee's ``arr.insert(0, el)`` rebinds its own parameter and nothing else. Python
changes the caller's list, though, and code builds layers that way (``prepend(self.ups,
Decoder(...))`` through a two-line helper): without carrying the change back the caller's list stayed
empty, its loop never ran, and the layers after it met a shape they never see (a false SC110).

A parameter the body never binds again names the caller's own list all through the call, so what
the body holds under that name at its end is the caller's list after the call -- when the end is
the only way out. A body that may also return earlier, and changes the parameter, leaves the list
unknown (which length it has depends on the path taken).
"""

from __future__ import annotations

import ast
from functools import lru_cache

from ..core.frame import DICT_MUTATORS, LIST_MUTATORS
from ..core.values import UNKNOWN, Dict, Function, List, Value

#: The methods that change a list or dict in place (``LIST_MUTATORS`` rebinds them exactly; these
#: leave a list's length unknown).
_CHANGERS = frozenset(LIST_MUTATORS + DICT_MUTATORS + ("sort", "reverse", "remove"))


def _own_nodes(fn_node: ast.AST):
    """The body's nodes, without those of nested functions and classes (their names are their own)."""
    stack = list(ast.iter_child_nodes(fn_node.args)) + list(fn_node.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


@lru_cache(maxsize=4096)
def _shape_of_body(fn_node: ast.AST) -> tuple[frozenset, frozenset, bool]:
    """(names the body binds again, names whose value it changes in place, whether it may return
    before its end): read once per function."""
    rebound, changed, early = set(), set(), False
    last = fn_node.body[-1] if fn_node.body else None
    for node in _own_nodes(fn_node):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            rebound.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            rebound.update(node.names)
        elif isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await)):
            early = True   # a generator's (or coroutine's) body runs later, in pieces
        elif isinstance(node, ast.Return) and node is not last:
            early = True
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and isinstance(node.func.value, ast.Name) and node.func.attr in _CHANGERS):
            changed.add(node.func.value.id)
        elif isinstance(node, (ast.Subscript,)) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and isinstance(node.value, ast.Name):
            changed.add(node.value.id)
    for node in _own_nodes(fn_node):   # ``xs += [v]`` extends the list in place (and rebinds xs to it)
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            rebound.discard(node.target.id)
            changed.add(node.target.id)
    return frozenset(rebound), frozenset(changed), early


def changed_parameters(fn: Function, before: dict, after: dict) -> tuple[tuple[str, Value], ...]:
    """The lists and dicts passed to ``fn`` that its run changed, with their value after the call:
    ``before`` is the call's environment as bound, ``after`` the body's at its end."""
    if isinstance(fn.node, ast.Lambda) or not any(type(given) in (List, Dict) for given in before.values()):
        return ()   # the body is read only for a call that passes a list or dict (timm: 5% of the run)
    rebound, changed, early = _shape_of_body(fn.node)
    out = []
    for name, given in before.items():
        if type(given) not in (List, Dict) or name in rebound:
            continue
        now = after.get(name, given)
        if now is given and name not in changed:
            continue
        out.append((name, UNKNOWN if early else now))
    return tuple(out)


def passed_containers(node: ast.AST, fn: Function, args: list) -> dict[str, ast.expr]:
    """The caller's expression for each parameter of a call (``node``), where it is plain."""
    if not isinstance(node, ast.Call) or isinstance(fn.node, ast.Lambda):
        return {}
    params = [p.arg for p in fn.node.args.posonlyargs + fn.node.args.args]
    offset = len(args) - len(node.args)          # a bound method's receiver comes first
    out = {}
    for i, arg_node in enumerate(node.args):
        if isinstance(arg_node, ast.Starred):
            break
        if 0 <= i + offset < len(params):
            out[params[i + offset]] = arg_node
    out.update((kw.arg, kw.value) for kw in node.keywords if kw.arg is not None)
    return out
