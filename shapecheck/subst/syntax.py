"""The traversal protocol: how any term type with binders plugs into ``subst``.

A syntax node is any object whose class defines two methods:

``scoped_parts(self) -> tuple``
    The node's contents, flat and in *scoping order*. Each part is one of:

    * :class:`Bind` ``(name)``: a binder. It scopes over every **later** part of the same node (a
      telescope: ``For`` lists ``start, stop, Bind(i), body``; an ANF block lists each binding's
      value and then its ``Bind``, so a name is visible to the bindings after it).
    * :class:`Use` ``(name)``: an occurrence of a name that may be renamed but never replaced by a
      compound term (a buffer written by ``Store``, an argument in A-normal form).
    * :class:`Leaf` ``(kind, value)``: foreign syntax holding names but no binders, handled by its
      :class:`LeafKind` (symbolic dims are one: ``shapecheck.subst.dimterms``).
    * another syntax node: a child term.
    * anything else: plain data, passed through untouched.

``with_parts(self, parts) -> node``
    The same node rebuilt from parts of the same kinds, in the same order (binders may have been
    renamed, children substituted).

A class whose nodes are *variable occurrences* also defines ``variable(self) -> Name`` (the name it
stands for) and may define ``replaced_by(self, value) -> term`` (what the node becomes when a
substitution maps its name to ``value``; default: ``value`` itself). Its ``scoped_parts`` lists the
name as a :class:`Use`, so renaming needs nothing more.

>>> from shapecheck.subst.names import fresh_name
>>> class V:
...     def __init__(self, name): self.name = name
...     def scoped_parts(self): return (Use(self.name),)
...     def with_parts(self, parts): return V(parts[0].name)
...     def variable(self): return self.name
>>> is_syntax(V(fresh_name("x")))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol

from .names import Name

__all__ = ["Bind", "Use", "Leaf", "LeafKind", "PartsReader", "is_syntax", "variable_of"]


@dataclass(frozen=True, slots=True)
class Bind:
    name: Name


@dataclass(frozen=True, slots=True)
class Use:
    name: Name


class LeafKind(Protocol):
    """How to see the names inside a kind of foreign value (no binders inside)."""

    def free_names(self, value: Any) -> Iterable[Name]: ...

    def substitute(self, value: Any, lookup: Callable[[Name], Any]) -> Any:
        """``value`` with each name ``n`` replaced by ``lookup(n)`` (a Name, a value, or None: keep)."""

    def canonical(self, value: Any, rename: Callable[[Name], str]) -> Any:
        """A comparable form where each name is replaced by the string ``rename(name)``."""


@dataclass(frozen=True, slots=True)
class Leaf:
    kind: LeafKind
    value: Any


_SYNTAX_TYPES: dict[type, bool] = {}


def is_syntax(obj: object) -> bool:
    t = type(obj)
    known = _SYNTAX_TYPES.get(t)
    if known is None:
        known = _SYNTAX_TYPES[t] = hasattr(t, "scoped_parts") and hasattr(t, "with_parts")
    return known


def variable_of(term: object) -> Name | None:
    """The name a variable-occurrence node stands for; None for every other node."""
    method = getattr(type(term), "variable", None)
    return None if method is None else method(term)


class PartsReader:
    """Reads a node's parts back in order (``with_parts`` helpers)."""

    __slots__ = ("parts", "pos")

    def __init__(self, parts: tuple):
        self.parts = parts
        self.pos = 0

    def next(self) -> Any:
        part = self.parts[self.pos]
        self.pos += 1
        return part

    def name(self) -> Name:
        return self.next().name

    def names(self, count: int) -> tuple[Name, ...]:
        return tuple(self.name() for _ in range(count))

    def leaf(self) -> Any:
        return self.next().value

    def take(self, count: int) -> tuple:
        out = self.parts[self.pos:self.pos + count]
        self.pos += count
        return tuple(out)
