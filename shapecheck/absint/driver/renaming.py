"""Call keys up to renaming of the callers' symbols and parameters (issue 11).

A function called from many callers' analyses is passed values that differ only in names: the
``(b, h, n, k)`` one caller's analysis made up is ``(b#51, h#66, n#52, k#83)`` in one and
``(b#63, h#62, n#64, k#81)`` in another, and ``check_array(X)`` from ``validate_data`` gets the
``(*X)`` of ``validate_data`` (``Middle.scope``), from ``_check_y`` that of ``_check_y``. A call's
analysis starts from no facts of its caller, so two calls whose arguments are the same up to a
one-to-one renaming of symbols, middle scopes and derived tokens (``Unknown.derived``) make the
same decisions, up to that renaming -- provided nothing else the body reads holds one of the names
(an object, a closure or a default in the key, a global it reads), where the first call's argument
may have met itself again and the second's a stranger.

So a call's key shows its arguments' names renamed in order of appearance (:func:`canonical`),
a symbol by its position alone (and whether it may be negative), unless something else in the key
holds one of them (its walk reports the names it meets: an object's, a closure's, a default's, a
class's): then only the key with the names as they are stands. A
summary of one call answers another with the same renamed key (``Summary.answers``) where its run
found no error (a message may list names in an order their numbering decides), passed no layer to
a constructor (an observation of it, not renamed) and read no global holding one of either call's
names; its result, refined parameters, the effect it left on a constructed object (effects.py)
and the rank demands its ops made of the caller's parameters (``Analysis.learn_rank``) are
renamed to the new call's names.

A symbol's display name (``d`` of ``d#12``) decides nothing in the body's run: the symbols the run
makes up are named from the code (a pattern's letters, a parameter's name), and the display name
only orders a normal form's terms (``dims.symbol_key``), which a question's memo key and a witness
search follow (a missed memo entry, a search trying values in another order: the same verdict). So
a loop's second pass, whose carried dim the widening made up anew (``(b, n, j)`` where the first
pass had ``(b, n, d)``), calls the loop's layers with the first pass's keys: its calls are answered
by the first pass's summaries.

A call this key leaves apart from another only by names an object holds (a stage's layer holding its
own ``dim``) is keyed whole up to its names, objects' included, in alpha_keys.py. The symbols a
reused run made up are fresh in the new call, named as its own run would name them
(:func:`shown_as`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import pred_symbols, substitute_pred
from ...constraints.shapes import Middle, Shape
from ..core.values import Alternatives, Array, Bool, Function, Int, List, ShapeTuple, Tuple, Unknown, Value, with_shape


@dataclass(frozen=True, slots=True)
class Renaming:
    """One call's names, in the order its key shows them renamed: ``scopes[i]`` as ``\\0i``,
    ``tokens[i]`` as ``-(i+1)``, ``symbols[i]`` as a symbol ``\\0i`` (``\\0i~`` where it may be negative)."""

    scopes: tuple[str, ...] = ()
    tokens: tuple[int, ...] = ()
    symbols: tuple[str, ...] = ()

    def marks(self) -> set:
        """The names as a call key's walk reports them (``summaries._Keys``: a symbol as itself)."""
        return {("middle", s) for s in self.scopes} | {("derived", t) for t in self.tokens} | set(self.symbols)

    def onto(self, other: "Renaming") -> "Names":
        """What takes this call's names to ``other``'s (a call with the same key)."""
        return Names({a: b for a, b in zip(self.scopes, other.scopes) if a != b},
                     {a: b for a, b in zip(self.tokens, other.tokens) if a != b},
                     {a: D.sym(b) for a, b in zip(self.symbols, other.symbols) if a != b})


IDENTITY = Renaming()


@dataclass(frozen=True, slots=True)
class Names:
    """A renaming: middle scope -> scope, derived token -> token, symbol -> dim."""

    scopes: dict
    tokens: dict
    symbols: dict

    def __bool__(self) -> bool:
        return bool(self.scopes or self.tokens or self.symbols)

    def middle(self, middle: Middle | None) -> Middle | None:
        if middle is None or middle.scope not in self.scopes:
            return middle
        return replace(middle, scope=self.scopes[middle.scope])

    def dim(self, d):
        return D.substitute(d, self.symbols) if self.symbols else d


NO_NAMES = Names({}, {}, {})

_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def shown_as(names: Names) -> Callable[[str], str]:
    """What a display name the first call's run made up from its symbols' names (a broadcast's
    ``max(j, i+1)``, a join's) reads as in the call ``names`` renames to: each word that is a renamed
    symbol's display name replaced by its new symbol's, all at once (``i`` and ``j`` may swap). A
    word two renamed symbols of one name take to two names stays as it is. The symbol is fresh
    either way; only its name, shown in messages and hovers, would otherwise name the first call's."""
    shown: dict = {}
    clashing: set = set()
    for old, new in names.symbols.items():
        new_names = D.free_symbols(new) if type(new) is D.Expr else ()
        if len(new_names) != 1:
            continue
        before, after = D.display_name(old), D.display_name(next(iter(new_names)))
        if shown.setdefault(before, after) != after:
            clashing.add(before)
    for word in clashing:
        del shown[word]
    if all(before == after for before, after in shown.items()):
        return _as_is
    return lambda text: _WORD.sub(lambda m: shown.get(m.group(0), m.group(0)), text)


def _as_is(text: str) -> str:
    return text


def rename(v: Value, names: Names) -> Value:
    """``v`` with ``names`` applied through arrays, ints, unknowns, tuples and lists (anything
    else kept: :func:`canonical` checks that no renamed name is left there)."""
    t = type(v)
    if t is Unknown:
        middle = names.middle(v.middle)
        derived = names.tokens.get(v.derived, v.derived)
        return v if middle is v.middle and derived == v.derived else replace(v, middle=middle, derived=derived)
    if t is Array or t is ShapeTuple:
        s = v.shape
        if not names.symbols and names.middle(s.middle) is s.middle:
            return v
        shape = Shape(tuple(names.dim(d) for d in s.prefix), s.variadic, tuple(names.dim(d) for d in s.suffix),
                      names.middle(s.middle))
        return with_shape(v, shape) if t is Array else ShapeTuple(shape)
    if t is Int:
        return Int(names.dim(v.dim)) if names.symbols else v
    if t is Tuple:
        return replace(v, items=tuple(rename(i, names) for i in v.items))
    if t is List:
        items = None if v.items is None else tuple(rename(i, names) for i in v.items)
        length = names.dim(v.length) if v.length is not None else None
        return replace(v, items=items, element=rename(v.element, names), length=length)
    if t is Alternatives:
        guards = tuple(substitute_pred(g, names.symbols) for g in v.guards) if names.symbols else v.guards
        return Alternatives(tuple(rename(o, names) for o in v.options), guards)
    if t is Bool and v.pred is not None and names.symbols:   # a returned ``t.numel() == 0``
        return replace(v, pred=substitute_pred(v.pred, names.symbols))
    return v


def names_of(v: Value, add) -> None:
    """Pass ``add`` the names :func:`rename` renames in ``v``, in order of appearance."""
    t = type(v)
    if t is Unknown:
        if v.middle is not None:
            add(("middle", v.middle.scope))
        if v.derived:
            add(("derived", v.derived))
    elif t is Array or t is ShapeTuple:
        if v.shape.middle is not None:
            add(("middle", v.shape.middle.scope))
        for d in v.shape.prefix + v.shape.suffix:
            dim_names(d, add)
    elif t is Int:
        dim_names(v.dim, add)
    elif t is Tuple or t is Alternatives:
        for item in v.items if t is Tuple else v.options:
            names_of(item, add)
    elif t is List:
        for item in v.items or ():
            names_of(item, add)
        names_of(v.element, add)
        if v.length is not None:
            dim_names(v.length, add)
    elif t is Bool and v.pred is not None:   # what :func:`rename` renames in it (a returned ``t.numel() == 0``)
        for s in sorted(pred_symbols(v.pred)):
            add(("symbol", s))


def stand_in(kind: str, name, i: int):
    """What a renamed key shows for the ``i``-th name of its kind: a middle's scope as ``\\0i``, a
    derived token as ``-(i+1)``, a symbol as the symbol ``\\0i`` (``\\0i~`` where ``name`` may be negative, ``\\0i+`` where it is a
    size by presumption only, ``\\0i*`` where it is each item's of a list)."""
    if kind == "middle":
        return f"\0{i}"
    if kind == "derived":
        return -(i + 1)
    return D.sym(f"\0{i}" + (D.EACH if D.is_each(name) else "") + (D.PRESUMED if D.is_presumed(name) else "")
                 + (D.SIGNED if D.is_signed(name) else ""))


def dim_names(d, add) -> None:
    if type(d) is not int:
        for s in sorted(D.free_symbols(d)):
            add(("symbol", s))


def canonical(fn: Function, args: list, kwargs: dict, keep: frozenset | set = frozenset()) -> tuple[list, dict, Renaming]:
    """The arguments with their names renamed in order of appearance, and the renaming
    (:data:`IDENTITY`, the arguments as they are, where they hold none). ``fn``'s own parameters'
    middles are never renamed (a recursive shape), nor the names ``keep`` marks (as
    :meth:`Renaming.marks` shows them). Whether something else in the call's key holds one of the
    names is the caller's to check (``Calls._renamed_key``)."""
    order: dict = {}
    for v in (*args, *map(kwargs.__getitem__, sorted(kwargs))):
        names_of(v, order.setdefault)
    own = fn.scope
    scopes: dict = {}
    tokens: dict = {}
    symbols: dict = {}
    for kind, name in order:
        if kind == "middle" and name != own:
            if ("middle", name) not in keep:
                scopes[name] = stand_in(kind, name, len(scopes))
        elif kind == "derived":
            if ("derived", name) not in keep:
                tokens[name] = stand_in(kind, name, len(tokens))
        elif kind == "symbol":
            if name not in keep:
                symbols[name] = stand_in(kind, name, len(symbols))
    if not (scopes or tokens or symbols):
        return args, kwargs, IDENTITY
    names = Names(scopes, tokens, symbols)
    renamed_args = [rename(v, names) for v in args]
    renamed_kwargs = {k: rename(v, names) for k, v in kwargs.items()}
    return renamed_args, renamed_kwargs, Renaming(tuple(scopes), tuple(tokens), tuple(symbols))


__all__ = ["Renaming", "Names", "IDENTITY", "NO_NAMES", "rename", "canonical", "names_of", "dim_names", "stand_in", "shown_as"]
