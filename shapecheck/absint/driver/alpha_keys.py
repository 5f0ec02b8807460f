"""Call keys up to a renaming of every name they hold, the objects' and closures' included (issue 11).

renaming.py renames a call's argument names only where nothing else in its key holds them: a
name an object holds too stays as it is. But model code passes a layer its own sizes: a template's
``Attention(dim, heads)`` holds ``dim#12`` in its weights, and its ``forward`` is called on
``(b, n, dim#12)``; the next stage's layer holds ``dim#40`` and is called on ``(b, n, dim#40)``.
The two calls are one up to ``dim#12 -> dim#40``, but each runs the body (diffusers' models:
a third of the bodies run were such a call again; vit-pytorch a sixth).

Here the whole key is renamed: each name (a symbol, a middle's scope, a derived token) by its
first appearance in the key's walk, objects included. The form of an object's node is kept on
the node (``Node.form``): its key with its own names numbered by their first appearance there,
interned, and those names in order; a key holding the node holds that form and the node's names
as numbered in the key. An object is keyed once per change (summaries.py), so its form is made
once per change too, and a key's form walks no object again.

Equal forms mean a one-to-one renaming takes the first call's key -- what its body could read --
onto the second's: the body's run makes the same decisions up to that renaming (renaming.py
says why: a call starts from none of its caller's facts), so the first call's summary answers
the second with its names renamed (``Summary.answers``, which refuses where a global it read,
an error it found or a layer it observed holds a name).
"""

from __future__ import annotations

import os
from dataclasses import replace

from ...constraints import dims as D
from ..core.values import Alternatives, Array, Bool, Class, Int, List, ShapeTuple, TorchModule, Tuple, Unknown
from .renaming import Names, Renaming, dim_names, names_of, rename, stand_in
from .summaries import KeyCache, Node, Same, Worth, class_names

#: ``SHAPECHECK_ALPHA=0`` turns alpha keys off (to compare a run without them).
ENABLED = os.environ.get("SHAPECHECK_ALPHA", "1") != "0"

#: the values that hold names (renaming.py renames them); any other leaf of a key is itself
_NAMED = (Array, ShapeTuple, Int, Unknown, Bool, Tuple, List, Alternatives)

#: Objects one form may nest, each inside the last, whose forms are made at once: a key's walk
#: nests one object per level of Python's stack too, a form's per several (a chain of 2,000 linked
#: objects, which the walk keys, overflowed it). A deeper key has no alpha key.
MAX_DEPTH = 400


class _TooDeep(Exception):
    pass


#: interned forms: equal forms are one node, so a key holding one compares it by identity first
_FORMS: dict = {}
_LEAVES: dict = {}   # a value or dim -> its form and names (_leaf_form)
_MAX_FORMS = 1 << 16


class _Order:
    """The names met so far, numbered by first appearance."""

    __slots__ = ("index", "names", "fixed", "cache", "depth")

    def __init__(self, cache: KeyCache, depth: int = 0):
        self.index: dict = {}
        self.names: list = []
        self.fixed: set = set()   # the names a class holds: compared as they are (see alpha_key)
        self.cache = cache
        self.depth = depth        # the objects whose forms are being made around this one

    def number(self, name) -> int:
        i = self.index.get(name)
        if i is None:
            i = self.index[name] = len(self.names)
            self.names.append(name)
        return i

    def renaming(self, found: list) -> Names:
        """What takes the names ``found`` to their numbers."""
        numbered: dict = {"middle": {}, "derived": {}, "symbol": {}}
        for name in found:
            kind, value = name
            numbered[kind][value] = stand_in(kind, value, self.number(name))
        return Names(numbered["middle"], numbered["derived"], numbered["symbol"])


def alpha_key(key: tuple, cache: KeyCache) -> tuple[tuple, Renaming] | None:
    """``key`` (``summaries.call_key``'s, made with ``cache``) with every name renamed by first
    appearance, and the names in that order as a :class:`Renaming`; None where it holds no name
    (the key itself), or a name a class it holds holds too: a class is in a key as itself, and
    what its namespace holds is the same for both calls, so a name of it renamed elsewhere would
    stand for another in one call and for itself in the other."""
    order = _Order(cache)
    try:
        form = _form(key, order)
    except (_TooDeep, RecursionError):   # (a stack shallower than the analysis sets: MAX_DEPTH)
        return None
    if not order.names or order.fixed & order.index.keys():
        return None
    scopes, tokens, symbols = [], [], []
    for kind, value in order.names:
        (scopes if kind == "middle" else tokens if kind == "derived" else symbols).append(value)
    return ("alpha", form), Renaming(tuple(scopes), tuple(tokens), tuple(symbols))


def _form(x, order: _Order):
    t = type(x)
    if t is tuple:
        return tuple(_form(item, order) for item in x)
    if t is Node:
        form, names, _ = _node_form(x, order)
        return form, tuple(map(order.number, names))
    if t in _NAMED or t is D.Expr:
        known = _LEAVES.get(x)
        if known is None:
            known = _leaf_form(x)
        form, names = known
        return (form, tuple(map(order.number, names))) if names else form
    if t is Same and type(x.obj) is Class:
        order.fixed.update(("symbol", n) if type(n) is str else n for n in class_names(x.obj, order.cache))
        return x
    if t is TorchModule:   # a layer of plain values is its own key (summaries._Keys.key)
        return ("layer", x.kind, tuple((name, _form(p, order)) for name, p in x.params))
    return x   # Same, Unique, a plain Python value, a value that holds no name


def _leaf_form(x) -> tuple:
    """(a value or dim with its names numbered by first appearance in it, those names in order),
    kept: a key's leaves are mostly ones met before (the same sizes in every call of a stage),
    and renaming a dim renormalises it."""
    local = _Order(None)
    found: list = []
    if type(x) is D.Expr:
        dim_names(x, found.append)
        form = D.substitute(x, local.renaming(found).symbols)
    else:
        names_of(x, found.append)
        form = rename(x, local.renaming(found)) if found else x
    if len(_LEAVES) >= _MAX_FORMS:
        _LEAVES.clear()
    known = _LEAVES[x] = (form, tuple(local.names))
    return known


def _node_form(node: Node, order: _Order) -> tuple:
    """(the interned form of ``node``'s key, its names in order), kept on the node; the names
    the classes it holds hold go to ``order.fixed``."""
    known = node.form
    if known is None:
        inner = _Order(order.cache, order.depth + 1)
        if inner.depth > MAX_DEPTH:
            raise _TooDeep
        form = Node(_form(node.key, inner))
        if len(_FORMS) >= _MAX_FORMS:
            _FORMS.clear()
        form = _FORMS.setdefault(form, form)
        known = node.form = (form, tuple(inner.names), frozenset(inner.fixed))
    order.fixed |= known[2]
    return known


class AlphaSummaries:
    """One run's summaries by alpha key. A function's are keyed so only once a second call of it
    finds no summary by its own keys: most functions are called once or with one key (vit-pytorch:
    a quarter of them run once), and making the key is a walk of the call's values."""

    def __init__(self, cache: KeyCache):
        self.cache = cache
        self.table: dict = {}
        self.waiting: dict[int, list] = {}   # id of a function's node -> its kept (key, summary), not yet keyed
        self.keyed: set[int] = set()         # the functions whose calls are keyed so
        self.worth = Worth()                 # those keyed no more (summaries.MAX_MISSES)

    def find(self, fn, key: tuple):
        """(the summary of a call of ``fn`` equal to this one up to its names, or None; the call's
        alpha key and renaming, False where it has none, None where not made, for :meth:`keep`)."""
        ident = id(fn.node)
        if not ENABLED:
            return None, False
        if ident not in self.keyed:
            waiting = self.waiting.pop(ident, None)
            if waiting is None:   # its first call
                return None, None
            self.keyed.add(ident)
            for kept_key, summary in waiting:
                self._index(fn, kept_key, summary)
        elif not self.worth.asking(fn):
            return None, False
        alpha = self._alpha(fn, key)
        if alpha is None:
            return None, False
        summary = self.table.get(alpha[0])
        if summary is not None and not summary.answers(alpha[1]):
            summary = None
        self.worth.tell(fn, summary is not None)
        return summary, alpha

    def keep(self, fn, key: tuple, summary, alpha) -> None:
        """Keep ``summary`` for the call with ``key`` (``alpha``: what :meth:`find` made of it)."""
        if alpha is None:
            if not self.worth.asking(fn):
                return
            if id(fn.node) in self.keyed:
                self._index(fn, key, summary)
            else:
                self.waiting.setdefault(id(fn.node), []).append((key, summary))
        elif alpha:
            self.table.setdefault(alpha[0], replace(summary, renaming=alpha[1]))

    def _index(self, fn, key: tuple, summary) -> None:
        alpha = self._alpha(fn, key)
        if alpha is not None:
            self.table.setdefault(alpha[0], replace(summary, renaming=alpha[1]))

    def _alpha(self, fn, key: tuple):
        alpha = alpha_key(key, self.cache)
        # fn's own middles are never renamed (renaming.canonical): a recursive call's shape
        return None if alpha is None or ("middle", fn.scope) in alpha[1].marks() else alpha


__all__ = ["alpha_key", "AlphaSummaries"]
