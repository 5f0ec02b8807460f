"""How a pure shape function asks its caller to check what must hold.

A shape function in this package (``broadcast_shapes``, ``apply_signature``, ``reshape_dims``)
never decides whether an unmet requirement is an error. It hands each requirement to the
caller's :data:`Require` with a small frozen record saying what disagrees (which dims, which
operands); the caller holds the policy and writes the message:

* the analyser (``absint``) wraps ``OpContext.require``: a requirement that holds is silent, one
  that fails is a diagnostic, and one that may fail becomes a precondition of the function;
* the IR (``ir.ops``) proves it with the solver or raises ``IRTypeError`` (its types are exact).

Contract: ``require`` may return only when the requirement holds or is assumed from then on. Given
``FALSE`` it must not return (:func:`fail` relies on it).
"""

from __future__ import annotations

from typing import Callable, NoReturn

from .predicates import FALSE, Pred

__all__ = ["Require", "fail", "require_true"]

#: ``require(predicate, why)``: check ``predicate``; ``why`` is the failure record that names it.
Require = Callable[[Pred, object], None]


def fail(require: Require, why: object) -> NoReturn:
    """Report ``why`` as a requirement that can never hold."""
    require(FALSE, why)
    raise AssertionError(f"require() returned from a requirement that is false: {why!r}")


def require_true(pred: Pred, why: object) -> None:
    """The policy for concrete shapes, the default of every shape function here: a requirement
    must fold to TRUE on construction; anything else is a ValueError naming ``why``."""
    if pred.kind != "true":
        raise ValueError(f"requirement not met ({pred.show()}): {why}")
