"""NumPy broadcasting over symbolic dims (NumPy manual, "Broadcasting": dims are compared from the
trailing end; two dims are compatible when they are equal or one of them is 1).

:func:`broadcast_shapes` is the one statement of the rule; the analyser and the IR both call it,
each with its own policy for requirements (see ``requirements.py``). Operands of unknown rank still
fix the trailing dims they know (:func:`aligned_trailing`): those axes exist at the same place from
the end for every rank, so a mismatch there fails for every rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .dims import Dim
from .predicates import Pred, conj, disj, eq
from .requirements import Require, require_true
from .shapes import Middle, Shape, trailing
from .solver import Decision, Verdict
from .evaluators import refuted_by

__all__ = ["Decide", "Join", "BroadcastAxis", "compatible", "broadcast_dim", "result_definition",
           "broadcast_shapes", "aligned_trailing", "shared_middle"]

Decide = Callable[[Pred], Decision]


@dataclass(frozen=True, slots=True)
class BroadcastAxis:
    """Where two dims meet: ``a`` (the result so far) and ``b`` at ``axis`` (counted from the end,
    ``-1`` is the last) while broadcasting ``shapes`` (all of them, in the caller's order)."""

    shapes: tuple[tuple[Dim, ...], ...]
    axis: int
    a: Dim
    b: Dim


#: ``join(where)``: the dim standing for ``broadcast(where.a, where.b)`` when the facts do not settle
#: which of the two it is (the analyser: a fresh dim defined by :func:`result_definition`).
Join = Callable[[BroadcastAxis], Dim]


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
    # the values each SOMETIMES answer came with are consistent with the facts: a question they
    # make false cannot hold and is not asked (vit-pytorch asked 8,216 questions here, 4.7 a pair)
    models: list[dict] = []
    # neither of the first three settles alone, but one is known to be the other or 1 (a
    # ``keepdims`` reduction over an axis not known): the other is the result whichever it is
    for pred, result in ((eq(a, b), a), (eq(b, 1), a), (eq(a, 1), b),
                         (disj((eq(a, b), eq(b, 1))), a), (disj((eq(a, b), eq(a, 1))), b)):
        if pred.kind == "true":
            return result
        if pred.kind == "false" or refuted_by(pred, models):
            continue
        decision = decide(pred)
        if decision.verdict is Verdict.HOLDS:
            return result
        models.extend(values for values in (decision.counterexample, decision.witness) if values)
    return None


def result_definition(a: Dim, b: Dim, result: Dim) -> Pred:
    """What a fresh dim ``result`` standing for ``broadcast(a, b)`` is known to equal."""
    return disj((conj((eq(a, b), eq(result, a))), conj((eq(a, 1), eq(result, b))),
                 conj((eq(b, 1), eq(result, a)))))


def _undecided(pred: Pred) -> Decision:
    return Decision(Verdict.UNKNOWN)


def _unsettled(where: BroadcastAxis) -> Dim:
    raise ValueError(f"the broadcast of {where.a} and {where.b} is not settled")


def broadcast_shapes(shapes: Sequence[Sequence[Dim]], *, decide: Decide = _undecided,
                     require: Require = require_true, join: Join = _unsettled) -> tuple[Dim, ...]:
    """The broadcast of shapes of known rank.

    Axis by axis from the end, the dims present merge left to right. Equal dims and 1s settle
    without a question. Otherwise ``require(compatible(a, b), BroadcastAxis(...))`` states that
    they must broadcast, and then ``decide`` is asked which of the two the result is (after the
    requirement, so a requirement the caller assumes helps settle it); when it cannot say,
    ``join`` names the result. The defaults prove nothing, which suits concrete shapes:

    >>> broadcast_shapes([(3, 1), (4,)])
    (3, 4)
    """
    frozen = tuple(tuple(s) for s in shapes)
    rank = max((len(s) for s in frozen), default=0)
    out: list[Dim] = []
    for axis in range(-rank, 0):
        current: Dim | None = None
        for shape in frozen:
            if -axis > len(shape):
                continue
            d = shape[axis]
            current = d if current is None else _merge(current, d, BroadcastAxis(frozen, axis, current, d),
                                                       decide, require, join)
        out.append(current)
    return tuple(out)


def _merge(a: Dim, b: Dim, where: BroadcastAxis, decide: Decide, require: Require, join: Join) -> Dim:
    if a == b or b == 1:
        return a
    if a == 1:
        return b
    require(compatible(a, b), where)
    settled = broadcast_dim(a, b, decide)
    return settled if settled is not None else join(where)


def aligned_trailing(shapes: Sequence[Shape]) -> list[tuple[Dim, ...]] | None:
    """The trailing dims of each shape on the axes every operand fixes, for broadcasting operands
    of which some have an unknown rank (their suffix is all they fix); None when that is no axis.
    A shape of known rank shorter than those axes takes part with all its dims. The broadcast of
    the result is the suffix of a shape of unknown rank.

    >>> aligned_trailing([Shape((), True, (5, 128)), Shape((3, 1, 1))])
    [(5, 128), (1, 1)]
    """
    common = min(len(s.suffix) for s in shapes if s.variadic)
    if common == 0:
        return None
    return [trailing(s)[-common:] for s in shapes]


def shared_middle(shapes: Sequence[Shape]) -> Middle | None:
    """The named middle the broadcast keeps: every operand of unknown rank is
    ``(*prefix, *m, *suffix)`` with the same ``m`` and prefix and suffix lengths, and no operand of
    known rank reaches past that suffix. Then the operands line up dim for dim (``(*x, 3) + (3,)``
    is ``(*x, 3)`` for every rank of x; ``(l, *x[1:]) * (e, *x[1:])`` is ``(max(l, e), *x[1:])``),
    and the middle broadcasts with itself. None otherwise (the result's middle is anonymous).

    >>> m = Middle("x", "f")
    >>> shared_middle([Shape((), True, (3,), m), Shape((3,))]) == m
    True
    """
    variadic = [s for s in shapes if s.variadic]
    if not variadic:
        return None
    first = variadic[0]
    middle, head, length = first.middle, len(first.prefix), len(first.suffix)
    if middle is None or any(s.middle != middle or len(s.prefix) != head or len(s.suffix) != length
                             for s in variadic):
        return None
    if any(len(s.prefix) > length for s in shapes if not s.variadic):
        return None
    return middle
