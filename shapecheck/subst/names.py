"""Names: a unique identity plus a readable hint.

A :class:`Name` is compared and hashed by its ``id`` alone; the ``hint`` is only for people (the
printer shows ``x``, ``x_1``, ... from it). Two names with the same hint are different names, which
is exactly what makes capture-avoiding substitution possible without string games.

Ids come from one process-wide counter, so :func:`fresh_name` never returns a name that exists
already. A :class:`~shapecheck.subst.scope.Scope` adds what a counter cannot: the set of names in
scope, and hints that stay readable (``Scope.fresh("x")`` is ``x_1`` when an ``x`` is in scope).

Names also appear inside symbolic dims (``shapecheck.constraints.dims``), whose symbols are strings:
:attr:`Name.key` (``"n@12"``) is the symbol name of a shape variable and :func:`name_of_key` reads it
back. Keys start with the hint so that a dim's canonical term order follows the hints.

>>> a, b = fresh_name("x"), fresh_name("x")
>>> a == b, a.hint == b.hint
(False, True)
>>> name_of_key(a.key) == a
True
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

__all__ = ["Name", "fresh_name", "name_of_key", "is_key", "base_hint"]

_ids = itertools.count(1)


@dataclass(frozen=True, slots=True, eq=False)
class Name:
    """A bound or free variable: ``id`` is its identity, ``hint`` its display stem."""

    hint: str
    id: int

    def __eq__(self, other: object) -> bool:
        return type(other) is Name and other.id == self.id

    def __hash__(self) -> int:
        return self.id

    def __lt__(self, other: "Name") -> bool:
        return self.id < other.id

    @property
    def key(self) -> str:
        """The symbol name this variable has inside a symbolic dim."""
        return f"{self.hint}@{self.id}"

    def __repr__(self) -> str:
        return f"Name({self.hint!r}, {self.id})"


def fresh_name(hint: str) -> Name:
    """A name no other name equals. Prefer ``Scope.fresh`` when a scope is at hand."""
    return Name(base_hint(hint) or "v", next(_ids))


def name_of_key(key: str) -> Name:
    """The name whose :attr:`Name.key` is ``key`` (equal to the original: same id)."""
    hint, _, ident = key.rpartition("@")
    return Name(hint, int(ident))


_KEY = re.compile(r".+@\d+\Z")


def is_key(text: str) -> bool:
    return _KEY.match(text) is not None


_SUFFIX = re.compile(r"_\d+\Z")


def base_hint(hint: str) -> str:
    """``x_3`` -> ``x``: the stem fresh names are numbered from (keeps ``x_1_1`` from appearing)."""
    return _SUFFIX.sub("", hint) or hint
