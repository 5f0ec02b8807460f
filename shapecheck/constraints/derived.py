"""What a frozen value's fields determine, computed on first use and kept on the value.

Dims and predicates are frozen trees that the solver hashes and walks many times: every memo
lookup hashes a question (its facts, their predicates, their dims, down to each symbol), and
relevant-fact selection asks each fact's symbols on every question. A dataclass's generated
``__hash__`` rebuilds that from the leaves each time (vit-pytorch: 3.9M ``__hash__`` calls, ~10%
of a run; issue 11). A value that cannot change can keep what it derives.

:class:`Kept` gives a class the slots; it is not a dataclass, so the kept values are no fields:
``fields()``, equality, ``repr``, ``replace`` and pickling (a slots dataclass pickles its fields)
never see them, and a copy in another process (whose string hashes differ) recomputes them.
"""

from __future__ import annotations

from typing import Callable


class Kept:
    """Slots for what a frozen value derives: its hash, and its free symbols (dims, predicates)."""

    __slots__ = ("_hash", "_symbols")


def cached_hash(*names: str) -> Callable[[object], int]:
    """A ``__hash__`` equal to the one ``dataclass`` generates for fields ``names`` (the hash of
    their values' tuple, so sets and dicts order as before), kept in the ``_hash`` slot. A class
    assigns it in its body (``__hash__ = cached_hash("a", "b")``), which dataclass then keeps."""

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            value = hash(tuple([getattr(self, name) for name in names]))
            object.__setattr__(self, "_hash", value)   # frozen: the slot is set past __setattr__
            return value

    return __hash__


def keep_symbols(value, symbols: frozenset[str]) -> frozenset[str]:
    """``symbols``, kept on ``value`` as its free symbols (see :func:`dims.free_symbols`)."""
    object.__setattr__(value, "_symbols", symbols)
    return symbols
