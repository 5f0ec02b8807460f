"""Shape specialization: ``n := 32`` substituted through a function's types, attributes and body.

The shape parameter stops being a binder of the signature and becomes a constant everywhere it
occurs, through ``Subst`` (so a ``match_shape`` that binds its own ``n`` is untouched: it is a
different name).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from shapecheck.subst import Scope, Subst, free_vars, substitute

from .. import graph as G

__all__ = ["specialize", "SpecializeError"]


class SpecializeError(ValueError):
    pass


def specialize(module: G.Module, values: Mapping[str, int], func: str | None = None) -> G.Module:
    """Bind the shape parameters named in ``values`` (by their printed names) of ``func``
    (default: the module's first function)."""
    target = module.function(func) if func else module.functions[0]
    by_hint = {n.hint: n for n in target.shape_params}
    unknown = [k for k in values if k not in by_hint]
    if unknown:
        raise SpecializeError(f"@{target.name} has no shape parameter {', '.join(unknown)} "
                              f"(it has: {', '.join(by_hint) or 'none'})")
    for key, value in values.items():
        if not isinstance(value, int) or value < 0:
            raise SpecializeError(f"{key} must be a non-negative int, not {value!r}")
    mapping = {by_hint[k]: v for k, v in values.items()}
    opened = replace(target, shape_params=tuple(n for n in target.shape_params if n not in mapping))
    closed = substitute(opened, Subst.of(mapping, Scope.of(free_vars(opened))))
    return module.with_function(closed)
