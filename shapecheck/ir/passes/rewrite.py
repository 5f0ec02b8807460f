"""The shared walk of the block-rewriting passes: bindings in order under one running ``Subst``.

A pass decides, binding by binding, to keep it (its binders go under the substitution, S3/S4 of
``shapecheck.subst.subst``), to replace it by other bindings, or to drop it and alias its
variable to an existing one. Aliases are recorded in the substitution, so the rest of the block is
renamed in the same single pass: the walk is linear in the size of the function.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

from shapecheck.subst import Scope, Subst, substitute
from shapecheck.subst.names import Name
from shapecheck.subst.syntax import Bind, is_syntax

from .. import graph as G

__all__ = ["BlockWalk", "binders_of", "map_functions"]


def binders_of(term) -> list[Name]:
    out: list[Name] = []

    def go(t) -> None:
        for part in t.scoped_parts():
            if type(part) is Bind:
                out.append(part.name)
            elif is_syntax(part):
                go(part)
    go(term)
    return out


class BlockWalk:
    """Rebuild one function's block: ``keep``, ``emit`` new bindings, or ``alias`` a variable."""

    def __init__(self, f: G.Function):
        self.f = f
        self.subst = Subst.identity(Scope.of([*f.shape_params, *(p.name for p in f.params)]))
        self.out: list[G.Binding] = []
        self.types: dict[Name, G.Type] = {p.name: p.type for p in f.params}

    def value(self, b: G.Binding) -> G.Value:
        """The binding's value with the renamings so far applied."""
        return substitute(b.value, self.subst)

    def keep(self, b: G.Binding, value: G.Value | None = None) -> G.Binding:
        value = self.value(b) if value is None else value
        binds = []
        s = self.subst
        for n in b.binds:
            new, s = s.under(n)
            binds.append(new)
        type_ = substitute(b.type, s)
        var, s = s.under(b.var)
        self.subst = s
        kept = G.Binding(var, type_, value, tuple(binds))
        self.out.append(kept)
        self.types[var] = type_
        return kept

    def emit(self, bindings: Iterable[G.Binding]) -> None:
        """Append bindings already in the output's names (their binders must be fresh)."""
        for b in bindings:
            self.subst = Subst(self.subst.scope.extend_all([*b.binds, b.var]), self.subst.mapping)
            self.out.append(b)
            self.types[b.var] = b.type

    def alias(self, b: G.Binding, target: Name) -> None:
        """Drop ``b``; later uses of its variable become ``target`` (a name in the output)."""
        self.subst = Subst(self.subst.scope, self.subst.mapping.set(b.var, target))

    def bind_shape(self, var: Name, value) -> None:
        """Later occurrences of shape variable ``var`` become ``value`` (a dim)."""
        self.subst = self.subst.extend(var, value)

    def finish(self) -> G.Function:
        result = self.subst.rename_use(self.f.body.result)
        return replace(self.f, body=G.Block(tuple(self.out), result))


def map_functions(module: G.Module, fn: Callable[[G.Function], G.Function]) -> G.Module:
    return replace(module, functions=tuple(fn(f) for f in module.functions))
