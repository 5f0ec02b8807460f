"""Symbolic dims as foreign syntax in terms: the :class:`LeafKind` for shape-carrying values.

A dim (``shapecheck.constraints.dims``) names shape variables by string; here a shape variable's
string is its :attr:`Name.key`. ``DIMS`` handles a dim or any nesting of tuples holding dims and
plain data (a shape, an op's attributes), so a node exposes such a field as one
``Leaf(DIMS, value)``. A substitution maps a shape variable to a :class:`Name` (renaming) or to a
dim (specialization: ``n := 32``).

>>> from shapecheck.subst.names import fresh_name
>>> n = fresh_name("n")
>>> shape = (dims.sym(n.key), 784)
>>> DIMS.substitute(shape, {n: 32}.get)
(32, 784)
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ..constraints import dims

from .names import Name, is_key, name_of_key

__all__ = ["DIMS", "dim_of", "names_in"]


def dim_of(name: Name) -> dims.Dim:
    """The dim that is the shape variable ``name``."""
    return dims.sym(name.key)


def names_in(d: dims.Dim) -> frozenset[Name]:
    return frozenset(name_of_key(k) for k in dims.free_symbols(d) if is_key(k))


class _DimsKind:
    def free_names(self, value: Any) -> Iterable[Name]:
        if type(value) is dims.Expr:
            return names_in(value)
        if type(value) is tuple:
            return frozenset().union(*(self.free_names(v) for v in value)) if value else frozenset()
        return ()

    def substitute(self, value: Any, lookup: Callable[[Name], Any]) -> Any:
        if type(value) is dims.Expr:
            mapping = {}
            for key in dims.free_symbols(value):
                if not is_key(key):
                    continue
                target = lookup(name_of_key(key))
                if target is None:
                    continue
                mapping[key] = dim_of(target) if type(target) is Name else _as_dim(target)
            return dims.substitute(value, mapping) if mapping else value
        if type(value) is tuple:
            new = tuple(self.substitute(v, lookup) for v in value)
            return value if all(x is y for x, y in zip(new, value)) else new
        return value

    def canonical(self, value: Any, rename: Callable[[Name], str]) -> Any:
        if type(value) is dims.Expr:
            mapping = {k: dims.sym(rename(name_of_key(k))) for k in dims.free_symbols(value) if is_key(k)}
            return dims.substitute(value, mapping)
        if type(value) is tuple:
            return tuple(self.canonical(v, rename) for v in value)
        return value

    def __repr__(self) -> str:
        return "DIMS"


def _as_dim(value: Any) -> dims.Dim:
    if type(value) is int or type(value) is dims.Expr:
        return value
    to_dim = getattr(type(value), "as_dim", None)
    if to_dim is None:
        raise TypeError(f"a shape variable can only be replaced by a dim or a name, not {value!r}")
    return to_dim(value)


DIMS = _DimsKind()
