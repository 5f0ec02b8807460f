"""Binding a callee's shape variables from argument types (how a call fixes ``n``, as in Relax)."""

from __future__ import annotations

from typing import Mapping

from shapecheck.constraints import dims
from shapecheck.subst import Scope, Subst, free_vars, substitute
from shapecheck.subst.dimterms import dim_of
from shapecheck.subst.names import Name

from .graph import TensorType, Type

__all__ = ["shape_arguments", "instantiate", "CallShapeError"]


class CallShapeError(ValueError):
    pass


def shape_arguments(shape_params: tuple[Name, ...], param_types: tuple[TensorType, ...],
                    arg_shapes: tuple[tuple, ...]) -> dict[Name, object]:
    """Each shape parameter's value (a dim, or an int for concrete shapes) read off the arguments.

    A shape parameter is determined by the first parameter dim that is exactly that variable.
    """
    wanted = {dim_of(p): p for p in shape_params}
    found: dict[Name, object] = {}
    for t, shape in zip(param_types, arg_shapes):
        if len(shape) != t.rank:
            raise CallShapeError(f"argument of rank {len(shape)} for a parameter of type rank {t.rank}")
        for d, actual in zip(t.shape, shape):
            p = wanted.get(d) if type(d) is dims.Expr else None
            if p is not None and p not in found:
                found[p] = actual
    missing = [p.hint for p in shape_params if p not in found]
    if missing:
        raise CallShapeError(f"shape variables {', '.join(missing)} are not determined by the argument types")
    return found


def instantiate(t: Type, values: Mapping[Name, object]) -> Type:
    """``t`` with shape variables replaced (capture-avoiding, through ``Subst``)."""
    if not values:
        return t
    return substitute(t, Subst.of(dict(values), Scope.of(free_vars(t))))
