"""Function shape signatures: what a function's generic analysis learnt about its parameters.

``def layer(x: (n, k), w: (k, m)) -> (n, m)``: parameters start unknown (or as their annotations
say), the body refines them (``n, k = x.shape``, ``assert``s, the ops' requirements), and the
signature prints the parameters as refined, the joined return value, and any precondition that is
not a plain shape.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ..constraints.dims import show
from .values import UNKNOWN, Array, Function, Int, Tuple, Value

if TYPE_CHECKING:
    from .analysis import Analysis, ModuleInfo


def parameter_values(analysis: "Analysis", fn: Function, receiver: Value | None) -> dict:
    """The environment a function's generic analysis starts from."""
    a = fn.node.args
    env: dict = {}
    params = [p.arg for p in a.posonlyargs + a.args]
    for i, name in enumerate(params):
        env[name] = receiver if (i == 0 and receiver is not None) else UNKNOWN
    for p in a.kwonlyargs:
        env[p.arg] = UNKNOWN
    if a.vararg is not None:
        env[a.vararg.arg] = UNKNOWN
    if a.kwarg is not None:
        env[a.kwarg.arg] = UNKNOWN
    from .annotations import parameter_start

    parameter_start(analysis, fn, env)
    return env


def _show_value(value: Value, names: dict) -> str:
    if type(value) is Array:
        return value.shape.show(names)
    if type(value) is Int:
        return f"int {show(value.dim, names)}"
    if type(value) is Tuple:
        return "(" + ", ".join(_show_value(v, names) for v in value.items) + ("," if len(value.items) == 1 else "") + ")"
    return "?"


def signature_text(analysis: "Analysis", fn: Function) -> str | None:
    result = analysis.generic.get(fn)
    if result is None:
        return None
    node = fn.node
    if isinstance(node, ast.Lambda):
        return None
    names = result.names
    params = []
    a = node.args
    for p in a.posonlyargs + a.args + a.kwonlyargs:
        value = result.final_env.get(p.arg, UNKNOWN)
        params.append(p.arg if p.arg == "self" else f"{p.arg}: {_show_value(value, names)}")
    text = f"def {node.name}({', '.join(params)}) -> {_show_value(result.returns, names)}"
    extra = [pred.show(names) for pred, *_ in result.preconditions if pred.kind not in ("eq",)]
    if extra:
        text += "  # requires " + "; ".join(dict.fromkeys(extra))
    return text


def function_signatures(analysis: "Analysis", module: "ModuleInfo") -> dict[str, str]:
    out: dict[str, str] = {}
    for fn in analysis.generic:
        if fn.module is module:
            text = signature_text(analysis, fn)
            if text is not None:
                out[fn.qualname] = text
    return out
