"""Scopes: the set of names in scope, persistent, with readable fresh names.

A :class:`Scope` is immutable: :meth:`Scope.extend` returns a new scope and leaves the old one
valid (invariant S1, see ``shapecheck.subst.subst``). Both of its maps are ``immutables.Map``
(a HAMT), so extending costs O(log n) and shares structure, however large the term.

Fresh names keep hints readable: :meth:`Scope.fresh` returns a name whose hint is ``x`` if no name
in scope has that hint, else the first of ``x_1``, ``x_2``, ... not in use.

>>> from shapecheck.subst.names import fresh_name
>>> s = Scope.empty().extend(fresh_name("x"))
>>> s.fresh("x").hint
'x_1'
"""

from __future__ import annotations

from typing import Iterable

import immutables

from .names import Name, base_hint, fresh_name

__all__ = ["Scope"]


class Scope:
    """An in-scope set of names. Build with :meth:`empty` / :meth:`of`; grow with :meth:`extend`."""

    __slots__ = ("_names", "_hints", "_stems")

    def __init__(self, names: immutables.Map, hints: immutables.Map, stems: immutables.Map):
        self._names = names   # Name -> None: the set itself
        self._hints = hints   # hint -> how many names in scope carry it
        self._stems = stems   # base hint -> how many names in scope have it (where to start probing)

    @staticmethod
    def empty() -> "Scope":
        return _EMPTY

    @staticmethod
    def of(names: Iterable[Name]) -> "Scope":
        return _EMPTY.extend_all(names)

    def __contains__(self, name: Name) -> bool:
        return name in self._names

    def __len__(self) -> int:
        return len(self._names)

    def __iter__(self):
        return iter(self._names)

    def extend(self, name: Name) -> "Scope":
        if name in self._names:
            return self
        stem = base_hint(name.hint)
        return Scope(self._names.set(name, None),
                     self._hints.set(name.hint, self._hints.get(name.hint, 0) + 1),
                     self._stems.set(stem, self._stems.get(stem, 0) + 1))

    def extend_all(self, names: Iterable[Name]) -> "Scope":
        with self._names.mutate() as ns, self._hints.mutate() as hs, self._stems.mutate() as ss:
            for name in names:
                if name not in ns:
                    ns[name] = None
                    hs[name.hint] = hs.get(name.hint, 0) + 1
                    stem = base_hint(name.hint)
                    ss[stem] = ss.get(stem, 0) + 1
            return Scope(ns.finish(), hs.finish(), ss.finish())

    def hint_in_use(self, hint: str) -> bool:
        return hint in self._hints

    def fresh(self, hint: str) -> Name:
        """A name not in scope (none is: ids are unique) whose hint no name in scope carries."""
        stem = base_hint(hint) or "v"
        if stem not in self._hints:
            return fresh_name(stem)
        # Names x, x_1, ..., x_{c-1} are usually the ones in scope: start probing at x_c.
        k = max(1, self._stems.get(stem, 0))
        while f"{stem}_{k}" in self._hints:
            k += 1
        return Name(f"{stem}_{k}", fresh_name(stem).id)

    def bind_fresh(self, hint: str) -> tuple[Name, "Scope"]:
        name = self.fresh(hint)
        return name, self.extend(name)

    def __repr__(self) -> str:
        return f"Scope({sorted(self._names, key=lambda n: n.id)!r})"


_EMPTY = Scope(immutables.Map(), immutables.Map(), immutables.Map())
