"""The shapecheck IR: a shape-typed functional IR (graph level) over loop kernels (loop level).

Public entry points:

* :func:`trace` (``frontend.py``): Python source or function + argument shapes -> :class:`Module`.
* :func:`print_module` / :func:`parse_module`: the textual form (round trip is the identity).
* :func:`verify`: well-scoped names, unique binders, types checked against the op rules (Z3 for
  symbolic dims).
* :func:`run`: the reference interpreter on NumPy arrays.
* Passes (``passes/``), each ``Module -> Module``: ``inline``, ``specialize``, ``fold``, ``cse``,
  ``dce``, ``fuse``, ``lower_to_loops``.
* :func:`compile_to_loops` (``pipeline.py``): ``trace`` output -> :class:`~loops.LoopModule` for a
  back end: inline, specialize (optional, e.g. ``{"n": 32}``), fold, CSE, DCE, fuse, lower, fold.

>>> from shapecheck.ir import trace, compile_to_loops
>>> m = trace("def f(x):\\n    return np.exp(x) + 1.0\\n", shapes={"x": ("n", 4)})
>>> lm = compile_to_loops(m, specialize={"n": 2})
>>> [k.name for k in lm.kernels]
['fused_exp_add']
"""

from __future__ import annotations

from typing import Any

__all__ = ["trace", "TraceError", "print_module", "parse_module", "verify", "VerifyError", "run",
           "compile_to_loops", "Module", "Function", "LoopModule"]

_LAZY = {
    "trace": "frontend", "TraceError": "frontend", "print_module": "printer", "parse_module": "parser",
    "verify": "verifier", "VerifyError": "verifier", "run": "interp", "compile_to_loops": "pipeline",
    "Module": "graph", "Function": "graph", "LoopModule": "loops",
}


def __getattr__(name: str) -> Any:
    # Lazy: importing shapecheck.ir (e.g. for ir.loops) does not load the front end or Z3.
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'shapecheck.ir' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{module}"), name)
