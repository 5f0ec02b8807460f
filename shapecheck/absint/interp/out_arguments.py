"""``out=`` arguments: the tensors a library call writes its result into.

torch resizes an ``out=`` tensor to the result's shape, whatever it held before (an empty
``torch.LongTensor()`` buffer is the common case: fairseq's beam searches fill theirs with
``torch.topk(..., out=(scores_buf, indices_buf))``), so after the call the name holds the result.
NumPy never resizes: its ``out`` must already have the result's shape, which it keeps.
"""

from __future__ import annotations

import ast

from ..core.values import UNKNOWN, Array, LibraryObject, Tuple, Value

#: the libraries whose ``out=`` takes the result's shape (NumPy's keeps its own)
RESIZES_OUT = ("torch.",)


def resizes_out(func: Value) -> bool:
    return type(func) is LibraryObject and func.qualname.startswith(RESIZES_OUT)


def out_targets(node: ast.Call, result: Value) -> list[tuple[ast.expr, Value]]:
    """Each expression ``node``'s ``out=`` names with what it holds after the call: the result, or
    the result's items for a tuple of outs (``out=(values, indices)``); unknown where the result does
    not say (an op without a rule)."""
    out = next((kw.value for kw in node.keywords if kw.arg == "out"), None)
    if out is None:
        return []
    if isinstance(out, (ast.Tuple, ast.List)):
        items = result.items if type(result) is Tuple and len(result.items) == len(out.elts) else None
        return [(target, _held(items[i] if items is not None else UNKNOWN)) for i, target in enumerate(out.elts)]
    return [(out, _held(result))]


def _held(value: Value) -> Value:
    return value if type(value) is Array else UNKNOWN
