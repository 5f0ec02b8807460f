"""The fresh-symbol maker of the analysis running in this context (``Analysis.fresh``), for the few
helpers that make a dim without an OpContext at hand (rules/args.py: the length of an array made of
a list of unknown length). A symbol so made is numbered as the run's others, so a call's summary
knows it for one the call made up and gives it a fresh name at each reuse (two calls of one
function over two generators were one length, and an assertion on the second a false SC201)."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Callable

from ...constraints.dims import Dim, sym

#: None outside any run (a helper called on its own): its own counter then (:func:`fresh`)
CURRENT: ContextVar[Callable[[str], Dim] | None] = ContextVar("shapecheck_fresh_symbols", default=None)

_outside = [0]


def fresh(hint: str) -> Dim:
    """A symbol no other holds: the running analysis's, else one of this module's own."""
    make = CURRENT.get()
    if make is not None:
        return make(hint)
    _outside[0] += 1
    return sym(f"{hint}#u{_outside[0]}")
