"""NumPy broadcasting over symbolic dims (NumPy manual, "Broadcasting": dims are compared from the
trailing end; two dims are compatible when they are equal or one of them is 1).
"""

from __future__ import annotations

from typing import Callable

from .dims import Dim
from .predicates import Pred, disj, eq
from .solver import Verdict

Decide = Callable[[Pred], Verdict]


def compatible(a: Dim, b: Dim) -> Pred:
    """The requirement that ``a`` and ``b`` broadcast together."""
    return disj((eq(a, b), eq(a, 1), eq(b, 1)))


def broadcast_dim(a: Dim, b: Dim, decide: Decide) -> Dim | None:
    """The broadcast result of two compatible dims, or None when the facts do not settle which one
    wins (the caller then introduces a fresh dim defined by :func:`result_definition`)."""
    if a == b or b == 1:
        return a
    if a == 1:
        return b
    if type(a) is int and type(b) is int:
        return None  # incompatible: the caller has already reported it
    for pred, result in ((eq(a, b), a), (eq(b, 1), a), (eq(a, 1), b)):
        if pred.kind == "true" or (pred.kind != "false" and decide(pred) is Verdict.HOLDS):
            return result
    return None


def result_definition(a: Dim, b: Dim, result: Dim) -> Pred:
    """What a fresh dim ``result`` standing for ``broadcast(a, b)`` is known to equal."""
    from .predicates import conj

    return disj((conj((eq(a, b), eq(result, a))), conj((eq(a, 1), eq(result, b))),
                 conj((eq(b, 1), eq(result, a)))))
