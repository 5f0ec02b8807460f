"""A class's template instance as a value: its *print*, equal for two templates that hold the same,
up to renaming the symbols their builds made.

An editor's re-check keeps each method's analysis while what it used holds (incremental.py). A
method reads its class's template -- what the constructors left on ``self`` -- and so do the
analyses of the layers and models that hold or call objects of the class. Recording the texts
that built the template (every constructor up to the layer's) as their dependency made any edit in
a constructor re-run every method of every class built on it (timm's levit.py: ~90 bodies for a
line typed in ``Attention.__init__``). Recorded as a value instead, a dependency on a template
holds while the constructors, run again, leave a template with the same print: the early cut-off
of build systems (Shake, salsa), where a rebuilt input equal to the old one leaves its dependents
alone.

A print is taken of the template as :func:`relocation.freeze` keeps it (objects, classes and
functions by name and text), each symbol the build made (numbered from ``first.symbol`` on: a
data-dependent size, a fresh dim) and each token of a value it derived (``Unknown.derived`` from
``first.token`` on) renamed by its first appearance in a deterministic walk. Two prints are equal
only for templates equal up to such a renaming, a bijection (the walk keeps every field: equal
walks mean equal values once each side's own names are renamed). A symbol or token that existed
before the build (a module global's dim) keeps its name: a template holding one is equal only to
a template holding that very one.

>>> from shapecheck.constraints.dims import sym
>>> from shapecheck.constraints.shapes import Shape
>>> from shapecheck.absint.core.values import Array
>>> a = Array(Shape((sym("d#12"), 3)))
>>> template_print(a, Start(10, 1)) == template_print(Array(Shape((sym("d#40"), 3))), Start(30, 1))
True
>>> template_print(a, Start(10, 1)) == template_print(Array(Shape((sym("d#12"), 4))), Start(10, 1))
False
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from ...constraints.dims import Sym
from ..core.values import Unknown, derived_mark
from .effects import SELF
from .relocation import (DefinitionRef, InstanceRef, ModuleRef, NotRelocatable, OpaqueRef, Rebuild, field_names,
                         frozen_data)
from .summaries import symbol_number

_ATOMS = (str, int, float, bool, type(None))


@dataclass(frozen=True)
class Start:
    """Where a template's build began: the run's next symbol number and the next derived token."""

    symbol: int
    token: int


def start(symbols: int) -> Start:
    """The start of a build in a run whose symbol counter is at ``symbols``."""
    return Start(symbols + 1, derived_mark())


def template_print(frozen, first: Start) -> str | None:
    """The print of a frozen template (see the module docstring): the symbols and tokens made
    from ``first`` on renamed by first appearance; None where the value holds what the walk cannot
    tell apart by content."""
    try:
        walked = _Walk(first).value(frozen)
    except NotRelocatable:
        return None
    return hashlib.sha1(repr(walked).encode("utf-8", "surrogatepass")).hexdigest()


def made_since(frozen, first: Start) -> bool:
    """Whether every numbered symbol and derived token a frozen value holds was made from ``first``
    on (by the run that made the value): none from before, which a later run would not know."""
    walk = _Walk(first)
    try:
        walk.value(frozen)
    except NotRelocatable:
        return False
    return not walk.foreign


class _Walk:
    def __init__(self, first: Start):
        self.first = first
        self.foreign = False   # met a numbered symbol or token made before ``first``
        self.renamed: dict = {}
        self.seen: dict[int, int] = {}   # id of an object met -> its number: shared and cyclic objects

    def own(self, name):
        """The name the walk gives a symbol or token the build made: its order of appearance."""
        known = self.renamed.get(name)
        if known is None:
            known = self.renamed[name] = f"#{len(self.renamed)}"
        return known

    def value(self, v):
        t = type(v)
        if t in _ATOMS:
            return v
        if v is SELF:   # an effect's stand-in for its object (effects.py)
            return ("SELF",)
        if t is Sym:
            number = symbol_number(v.name)
            if number >= self.first.symbol:
                return ("S", self.own(v.name))
            self.foreign = self.foreign or number >= 0
            return ("S", v.name)
        if t is Unknown:
            if v.derived >= self.first.token:
                return ("U", self.value(v.middle), v.tensor, self.own(("token", v.derived)), v.scalar)
            self.foreign = self.foreign or v.derived > 0
            return ("U", self.value(v.middle), v.tensor, v.derived, v.scalar)
        if t is InstanceRef or t is OpaqueRef:
            number = self.seen.get(id(v))
            if number is not None:
                return ("ref", number)
            self.seen[id(v)] = len(self.seen)
            if t is InstanceRef:
                return ("I", _definition(v.cls), v.template, self.table(v.attrs))
            return ("O", v.name, self.value(v.dim), v.hint, None if v.declared is None else _definition(v.declared),
                    self.table(v.members))
        if t is DefinitionRef:
            return _definition(v)
        if t is ModuleRef:
            return ("M", v.path)
        if t is tuple or t is list:
            return tuple(self.value(x) for x in v)
        if t is Rebuild:
            return (t.__name__, v.type.__qualname__, self.value(v.fields))
        if frozen_data(t):
            return (t.__qualname__,) + tuple(self.value(getattr(v, f)) for f in field_names(t))
        raise NotRelocatable(t.__name__)   # a set, a mutable value: no order or content to compare

    def table(self, table: dict) -> tuple:
        return tuple((name, self.value(v)) for name, v in table.items())


@lru_cache(maxsize=4096)
def _definition(ref: DefinitionRef) -> tuple:
    return ("D", ref.path, ref.qualname, hashlib.sha1(ref.text.encode("utf-8", "surrogatepass")).hexdigest(),
            ref.is_class)
