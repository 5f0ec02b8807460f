"""Constructor parameters named as sizes, followed by identity across calls.

A constructor's parameter that nothing else tells of (an ``Unknown``, scalar, of no rank) becomes a
dim where an op takes it as a size (``rules.args.name_as_dim``: ``nn.Linear(dim, hidden)`` makes
``dim`` the dim ``dim``). The value is one object however far it is passed: vit-pytorch's
``ViT(dim=...)`` hands its ``dim`` to ``Transformer(dim, ...)``, which hands it to each layer's
``Attention(dim, ...)`` and ``FeedForward(dim, ...)``. Named only in the frame that named it, each
layer's constructor made a symbol of its own (the first ``dim``, the next, answered by the first's
summary, ``dim'``), the model's own ``nn.Linear(dim, num_classes)`` a third, and the transformer's
output joined them into a size of no name: ``(batch, n, j)`` where the code says ``dim``.

So a naming is kept by the value's identity for the whole run (:class:`ScalarNames`): the value is
that dim wherever it is met again, a call passing it is passed the dim, and a caller holding it (in
a name, or in an attribute of an object it names) holds the dim after the call that named it; so do
the other branches and loop passes where a join meets it. Only such parameters are followed by
identity (each is an object of its own, made by the binding of its call); other unknowns may be one
shared value. One that may be None or an axis (``ScalarNames.unsized``) is named where it is met
alone: a branch that took it for a size says nothing of the others.
"""

from __future__ import annotations

from ...constraints import dims as D
from .values import Instance, Int, Unknown, Value


def bare_symbol(value: Value | None) -> str | None:
    """The symbol ``value`` is, where it is an ``Int`` of one bare symbol."""
    if type(value) is not Int or type(value.dim) is int:
        return None
    symbols = D.free_symbols(value.dim)
    if len(symbols) != 1:
        return None
    name = next(iter(symbols))
    return name if value.dim == D.sym(name) else None


def nameable(value: Value) -> bool:
    """Whether ``value`` is a parameter, of the kind a naming follows (a constructor's, scalar, or
    a generic analysis's, of its own ``(*x)``); ``ScalarNames.sizable`` says whether this one is
    followed."""
    return type(value) is Unknown and (value.scalar or value.middle is not None)


class ScalarNames:
    """The run's namings: parameter (by identity) -> the ``Int`` it was named as."""

    __slots__ = ("_named", "_unsized")

    def __init__(self) -> None:
        self._named: dict[int, tuple[Unknown, Int]] = {}   # id -> (the value, kept alive; its Int)
        self._unsized: dict[int, Unknown] = {}   # id -> a parameter that may be no size (kept alive)

    def __bool__(self) -> bool:
        """Whether any parameter was named yet (before that, calls need no lookups)."""
        return bool(self._named)

    def get(self, value: Value) -> Int | None:
        hit = self._named.get(id(value))
        return hit[1] if hit is not None and hit[0] is value else None

    def unsized(self, value: Unknown) -> None:
        """``value`` (a constructor's parameter) may be None or an axis (its default is None or
        negative, or the body tests its sign): a naming under a branch that took it for a size holds
        there alone (torch_geometric's ``RGCNConv(num_blocks=None)``, named by ``in_channels //
        num_blocks`` under ``if num_blocks is not None:``, was a size in every branch after)."""
        self._unsized[id(value)] = value

    def sizable(self, value: Value) -> bool:
        """Whether a naming of ``value`` holds wherever it is met."""
        return nameable(value) and self._unsized.get(id(value)) is not value

    def name(self, value: Unknown, named: Int) -> None:
        if self.sizable(value):
            self._named[id(value)] = (value, named)

    def resolved(self, value: Value) -> Value:
        """``value``, or the ``Int`` it was named as."""
        if type(value) is not Unknown:
            return value
        return self.get(value) or value

    def rebind(self, env: dict, objects: bool = True, apart: frozenset = frozenset()) -> None:
        """Every name in ``env`` (and, with ``objects``, attribute of an object a name holds) that
        holds a named parameter holds its ``Int`` from now on; but the names in ``apart``."""
        named = self._named
        if not named:
            return
        for name, held in list(env.items()):
            t = type(held)
            if t is Unknown and name not in apart:
                hit = named.get(id(held))
                if hit is not None and hit[0] is held:
                    env[name] = hit[1]
            elif t is Instance and objects:
                attrs = held.attrs
                for attr, value in list(attrs.items()):
                    if type(value) is Unknown:
                        hit = named.get(id(value))
                        if hit is not None and hit[0] is value:
                            attrs[attr] = hit[1]
