"""Capture-avoiding substitution, the "rapier" way (GHC; made safe by construction in the Foil).

A :class:`Subst` is an in-scope set (:class:`~shapecheck.subst.scope.Scope`) plus a persistent
mapping from names to *values*: another :class:`Name` (a renaming), a term (for variable nodes) or a
foreign value such as a dim (for :class:`~shapecheck.subst.syntax.Leaf` parts). Walking under a
binder renames it only when it would capture, so most binders keep their names and substitution
costs one pass over the term.

Invariants (cite them by number; checked when :func:`checks_enabled`):

S1 (persistence). Scopes and substitutions are never mutated in place; every operation returns a
   new one and the old stays valid. Both are ``immutables.Map`` s, so this is cheap.
S2 (in-scope set). ``subst.scope`` holds every free name of every value in the range of the mapping
   and every free name of the term the substitution is applied to, except names in the domain
   (which may be in scope too; that is harmless). :func:`substitute` checks this on entry.
S3 (rename only on clash). Going under a binder ``b`` (:meth:`Subst.under`): if ``b`` is in scope,
   it is renamed to ``b'``, fresh for the scope, and the mapping gets ``b -> b'``; otherwise ``b``
   keeps its name and the scope is extended with it.
S4 (shadowing deletes). A binder that keeps its name **must still delete any outer mapping for
   itself**: inside the binder, ``b`` means the new ``b``, not the one the mapping was built for.
   Skipping the delete when ``b`` looks "safe" is the classic bug (it happens whenever a domain
   name is not in scope, as when inlining maps a callee's parameters, which the caller's scope
   does not hold); the de Bruijn reference test in ``tests/subst`` catches it.
S5 (identity shortcut). A substitution with an empty mapping is the identity on any term that
   satisfies S2, so it returns the term unchanged (GHC's ``isEmptySubst``); nodes whose parts did
   not change are returned as themselves, so unchanged subterms stay shared.

>>> from shapecheck.subst.lam import Lam, App, V
>>> from shapecheck.subst.names import fresh_name
>>> x, y = fresh_name("x"), fresh_name("y")
>>> term = Lam(x, App(V(x), V(y)))            # \\x. x y
>>> out = substitute(term, Subst.of({y: V(x)}))  # y := x must not be captured
>>> out.param == x, out.body.arg.name == x, out.param.hint
(False, True, 'x_1')
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Mapping

import immutables

from .dimterms import DIMS
from .names import Name
from .scope import Scope
from .syntax import Bind, Leaf, Use, is_syntax, variable_of

__all__ = [
    "Subst", "substitute", "rename", "free_vars", "alpha_equivalent", "checks_enabled",
    "set_checks", "InvariantError",
]

_checks = os.environ.get("SHAPECHECK_DEBUG", "") not in ("", "0")


def checks_enabled() -> bool:
    """Whether invariant S2 (and callers' own debug checks) are verified; off in production."""
    return _checks


def set_checks(on: bool) -> bool:
    """Turn debug checks on or off (tests turn them on); returns the previous setting."""
    global _checks
    previous, _checks = _checks, on
    return previous


class InvariantError(AssertionError):
    """A substitution invariant (S1-S5 in this module) does not hold."""


class Subst:
    """A scope plus a persistent mapping ``Name -> Name | term | leaf value``."""

    __slots__ = ("scope", "mapping")

    def __init__(self, scope: Scope, mapping: immutables.Map):
        self.scope = scope
        self.mapping = mapping

    @staticmethod
    def identity(scope: Scope) -> "Subst":
        return Subst(scope, immutables.Map())

    @staticmethod
    def of(mapping: Mapping[Name, Any], scope: Scope | None = None) -> "Subst":
        """A substitution for ``mapping``; its scope is ``scope`` plus the free names of the range.

        The caller adds the free names of the term to the scope (S2), e.g. with
        :func:`substitute`'s default, which does it.
        """
        scope = scope or Scope.empty()
        scope = scope.extend_all(n for value in mapping.values() for n in _value_names(value))
        return Subst(scope, immutables.Map(mapping))

    def extend(self, name: Name, value: Any) -> "Subst":
        return Subst(self.scope.extend_all(_value_names(value)), self.mapping.set(name, value))

    def is_identity(self) -> bool:
        return not self.mapping

    def lookup(self, name: Name) -> Any:
        return self.mapping.get(name)

    def under(self, binder: Name) -> tuple[Name, "Subst"]:
        """The rapier step: the binder's new name and the substitution for its scope (S3, S4)."""
        if binder in self.scope:
            new = self.scope.fresh(binder.hint)
            return new, Subst(self.scope.extend(new), self.mapping.set(binder, new))
        mapping = self.mapping.delete(binder) if binder in self.mapping else self.mapping  # S4
        return binder, Subst(self.scope.extend(binder), mapping)

    def rename_use(self, name: Name) -> Name:
        value = self.mapping.get(name)
        if value is None:
            return name
        if type(value) is Name:
            return value
        target = variable_of(value)
        if target is None:
            raise TypeError(f"cannot put {value!r} where only a name may stand (for {name.hint})")
        return target

    def __repr__(self) -> str:
        return f"Subst({dict(self.mapping)!r})"


def _value_names(value: Any) -> Iterable[Name]:
    if type(value) is Name:
        return (value,)
    if is_syntax(value):
        return free_vars(value)
    return DIMS.free_names(value)


# --- substitution ----------------------------------------------------------------------------

def substitute(term: Any, subst: Subst) -> Any:
    """``term`` with every free name in ``subst``'s domain replaced, capturing nothing.

    ``subst.scope`` must hold the free names of ``term`` outside the mapping's domain (S2);
    checked when debug checks are on.
    """
    if _checks:
        missing = {n for n in free_vars(term) if n not in subst.scope and n not in subst.mapping}
        if missing:
            raise InvariantError(f"S2: free names not in scope: {sorted(n.key for n in missing)}")
    return _apply(term, subst)


def _apply(term: Any, s: Subst) -> Any:
    if not s.mapping:  # S5
        return term
    name = variable_of(term)
    if name is not None:
        value = s.mapping.get(name)
        if value is None:
            return term
        if type(value) is not Name:
            replace = getattr(type(term), "replaced_by", None)
            return value if replace is None else replace(term, value)
    parts = term.scoped_parts()
    out = []
    changed = False
    current = s
    for part in parts:
        t = type(part)
        if t is Bind:
            new, current = current.under(part.name)
            if new is not part.name:
                part = Bind(new)
                changed = True
        elif t is Use:
            new = current.rename_use(part.name)
            if new is not part.name:
                part = Use(new)
                changed = True
        elif t is Leaf:
            value = part.kind.substitute(part.value, current.mapping.get) if current.mapping else part.value
            if value is not part.value:
                part = Leaf(part.kind, value)
                changed = True
        elif is_syntax(part):
            new_child = _apply(part, current)
            if new_child is not part:
                part = new_child
                changed = True
        out.append(part)
    return term.with_parts(tuple(out)) if changed else term


def rename(term: Any, renaming: Mapping[Name, Name], scope: Scope | None = None) -> Any:
    """``term`` with free names renamed (capture-avoiding); ``scope`` defaults to its free names."""
    scope = (scope or Scope.empty()).extend_all(free_vars(term))
    return substitute(term, Subst.of(renaming, scope))


# --- free variables --------------------------------------------------------------------------

def free_vars(term: Any) -> frozenset[Name]:
    """The names occurring free in ``term`` (uses not under a binder for them, and leaf names)."""
    out: set[Name] = set()
    _free(term, {}, out)
    return frozenset(out)


def _free(term: Any, bound: dict, out: set) -> None:
    # ``bound`` counts binders currently in force; each node undoes its own telescope on exit.
    mine: list[Name] = []
    for part in term.scoped_parts():
        t = type(part)
        if t is Bind:
            bound[part.name] = bound.get(part.name, 0) + 1
            mine.append(part.name)
        elif t is Use:
            if part.name not in bound:
                out.add(part.name)
        elif t is Leaf:
            for n in part.kind.free_names(part.value):
                if n not in bound:
                    out.add(n)
        elif is_syntax(part):
            _free(part, bound, out)
    for n in mine:
        c = bound[n] - 1
        if c:
            bound[n] = c
        else:
            del bound[n]


# --- alpha-equivalence -----------------------------------------------------------------------

def alpha_equivalent(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` differ only in the names of bound variables."""
    return _alpha(a, b, {}, {}, [0])


def _alpha(a: Any, b: Any, env_a: dict, env_b: dict, depth: list) -> bool:
    if type(a) is not type(b):
        return False
    pa, pb = a.scoped_parts(), b.scoped_parts()
    if len(pa) != len(pb):
        return False
    saved: list = []
    ok = True
    for x, y in zip(pa, pb):
        t = type(x)
        if t is not type(y):
            ok = False
        elif t is Bind:
            level = depth[0]
            depth[0] += 1
            saved.append((x.name, env_a.get(x.name), y.name, env_b.get(y.name)))
            env_a[x.name] = level
            env_b[y.name] = level
        elif t is Use:
            ok = _same_use(x.name, y.name, env_a, env_b)
        elif t is Leaf:
            ok = x.kind is y.kind and (x.kind.canonical(x.value, _canon(env_a))
                                       == y.kind.canonical(y.value, _canon(env_b)))
        elif is_syntax(x):
            ok = _alpha(x, y, env_a, env_b, depth)
        else:
            ok = x == y
        if not ok:
            break
    for name_a, old_a, name_b, old_b in reversed(saved):
        _restore(env_a, name_a, old_a)
        _restore(env_b, name_b, old_b)
    return ok


def _same_use(x: Name, y: Name, env_a: dict, env_b: dict) -> bool:
    la, lb = env_a.get(x), env_b.get(y)
    if la is None and lb is None:
        return x == y
    return la == lb


def _canon(env: dict):
    return lambda n: f"#{env[n]}" if n in env else n.key


def _restore(env: dict, name: Name, old: Any) -> None:
    if old is None:
        env.pop(name, None)
    else:
        env[name] = old
