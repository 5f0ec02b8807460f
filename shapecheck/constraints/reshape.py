"""Reshaping: the target must hold as many elements as the source, and one ``-1`` is inferred
(NumPy reference, ``numpy.reshape``: "One shape dimension can be -1. In this case, the value is
inferred from the length of the array and remaining dimensions.").

:func:`reshape_dims` is the one statement of the rule; the analyser's ``reshape`` rules, the IR's
``reshape`` op and its front end all call it, each with its own policy for requirements (see
``requirements.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .dims import Dim, floordiv, mod, polynomial_quotient, product
from .predicates import eq
from .requirements import Require, fail, require_true

__all__ = ["ReshapeMismatch", "reshape_dims"]


@dataclass(frozen=True, slots=True)
class ReshapeMismatch:
    """``size`` elements do not fit ``target`` (None where the target says -1)."""

    size: Dim
    target: tuple[Dim | None, ...]


def reshape_dims(source: Sequence[Dim], target: Sequence[Dim | None], *,
                 require: Require = require_true) -> tuple[Dim, ...]:
    """The dims of ``source`` reshaped to ``target``, where None marks the one dim to infer.

    Without a None the sizes must be equal; with one, the size must be a multiple of the product
    of the other dims, which must not be 0 (``require`` with a :class:`ReshapeMismatch`; the
    default suits concrete shapes). The caller has already read the target: at most one -1, no
    other negative size.

    >>> reshape_dims((4, 6), (None, 8))
    (3, 8)
    """
    target = tuple(target)
    if target.count(None) > 1:
        raise ValueError(f"reshape target {target} has more than one dim to infer")
    size = product(source)
    known = product(d for d in target if d is not None)
    why = ReshapeMismatch(size, target)
    if None not in target:
        require(eq(size, known), why)
        return target
    if known == 0:
        fail(require, why)
    require(eq(mod(size, known), 0), why)
    # ``size == q*known`` as polynomials: ``q`` is the dim wherever the reshape can run (with
    # ``known == 0`` NumPy and torch refuse a -1), where ``size // known`` left an opaque division
    # that every later question about the dim carried (diffusers' upfirdn2d_native, issue 11)
    inferred = polynomial_quotient(size, known)
    if inferred is None:
        inferred = floordiv(size, known)
    return tuple(inferred if d is None else d for d in target)
