"""A tiny lambda calculus: the smallest client of the traversal protocol.

It documents the protocol by example and is the term language of the property tests (against a de
Bruijn reference) and of ``benchmarks/bench_subst.py``.

>>> from shapecheck.subst.names import fresh_name
>>> x = fresh_name("x")
>>> show(Lam(x, App(V(x), V(x))))
'λx. (x x)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .names import Name
from .syntax import Bind, Use

__all__ = ["V", "Lam", "App", "Term", "show"]


@dataclass(frozen=True, slots=True)
class V:
    name: Name

    def scoped_parts(self) -> tuple:
        return (Use(self.name),)

    def with_parts(self, parts: tuple) -> "V":
        return V(parts[0].name)

    def variable(self) -> Name:
        return self.name


@dataclass(frozen=True, slots=True)
class Lam:
    param: Name
    body: "Term"

    def scoped_parts(self) -> tuple:
        return (Bind(self.param), self.body)

    def with_parts(self, parts: tuple) -> "Lam":
        return Lam(parts[0].name, parts[1])


@dataclass(frozen=True, slots=True)
class App:
    fn: "Term"
    arg: "Term"

    def scoped_parts(self) -> tuple:
        return (self.fn, self.arg)

    def with_parts(self, parts: tuple) -> "App":
        return App(parts[0], parts[1])


Term = Union[V, Lam, App]


def show(term: Term) -> str:
    """Text with hints only (ambiguous when hints repeat; for people, not for round trips)."""
    if type(term) is V:
        return term.name.hint
    if type(term) is Lam:
        return f"λ{term.param.hint}. {show(term.body)}"
    return f"({show(term.fn)} {show(term.arg)})"
