"""Whether a ``match`` statement's pattern matches a value, as far as the value is known (PEP 634).

``match x.shape: case (1,): ... case (6,): ...`` runs the one case whose pattern fits: a shape of
known rank is a tuple of sizes, so each case is decided, or holds under a condition on the sizes
(``n == 6``) that its body may assume. Before, every case ran whatever the subject, so ase's
``case (6,): voigt_6_to_full_3x3_stress(stress)`` ran on a stress of shape ``(1,)`` (a false SC110).

:func:`match` gives a pattern's condition as a predicate (``TRUE``, ``FALSE``, one on sizes, or
None: not known) and the names it binds, each to the part of the value it captures where that
is known.
"""

from __future__ import annotations

import ast
from typing import Callable

from ...constraints.predicates import FALSE, TRUE, Pred, conj, disj
from ..core.values import UNKNOWN, Array, Bool, Dict, Float, Int, List, NoneValue, ShapeTuple, Str, Tuple, Value
from .semantics import compare_values
from ..core.node_answers import walk

#: What is never a sequence to a sequence pattern: ``str`` and ``bytes`` are excluded by PEP 634,
#: a NumPy array is no ``collections.abc.Sequence``, numbers and None are none
_NO_SEQUENCE = (Str, Array, Int, Float, Bool, NoneValue, Dict)
#: What is surely not None (a ``case None:`` fails on it)
_NOT_NONE = (Str, Array, Int, Float, Bool, Dict, Tuple, List, ShapeTuple)


def match(pattern: ast.pattern, subject: Value, evaluate: Callable[[ast.expr], Value]) -> tuple[Pred | None, dict]:
    """The condition under which ``pattern`` matches ``subject`` and the names it binds;
    ``evaluate`` gives a value pattern's value (``case Color.RED``, ``case 6``)."""
    binds: dict[str, Value] = {}
    pred = _match(pattern, subject, evaluate, binds)
    return pred, binds


def _match(p: ast.pattern, v: Value, evaluate, binds: dict) -> Pred | None:
    t = type(p)
    if t is ast.MatchAs:
        pred = TRUE if p.pattern is None else _match(p.pattern, v, evaluate, binds)
        if p.name is not None:
            binds[p.name] = v
        return pred
    if t is ast.MatchValue:
        return compare_values(ast.Eq(), v, evaluate(p.value))
    if t is ast.MatchSingleton:
        return _singleton(p.value, v)
    if t is ast.MatchSequence:
        return _sequence(p.patterns, v, evaluate, binds)
    if t is ast.MatchOr:
        return _alternatives(p.patterns, v, evaluate, binds)
    _unknown_names(p, binds)   # a class or mapping pattern: not followed
    return None


def _singleton(value, v: Value) -> Pred | None:
    """``case None``, ``case True``: an identity test."""
    tv = type(v)
    if tv is NoneValue:
        return TRUE if value is None else FALSE
    if value is None:
        return FALSE if tv in _NOT_NONE else None
    if tv is Bool:
        return None if v.value is None else TRUE if v.value is value else FALSE
    # (a number taken for one by presumption may be an object's flag, True itself)
    return FALSE if tv in _NOT_NONE and not getattr(v, "presumed", False) else None


def _sequence(patterns: list, v: Value, evaluate, binds: dict) -> Pred | None:
    if type(v) in _NO_SEQUENCE:
        return FALSE
    items = v.items if type(v) in (Tuple, List) else None
    if items is None:
        for sub in patterns:
            _unknown_names(sub, binds)
        return None
    stars = [i for i, sub in enumerate(patterns) if type(sub) is ast.MatchStar]
    if not stars:
        if len(items) != len(patterns):
            return FALSE
        pairs = list(zip(patterns, items))
    else:
        star = stars[0]
        after = len(patterns) - star - 1
        if len(items) < len(patterns) - 1:
            return FALSE
        middle = items[star:len(items) - after]
        if patterns[star].name is not None:
            binds[patterns[star].name] = List(tuple(middle))
        pairs = list(zip(patterns[:star], items)) + list(zip(patterns[star + 1:], items[len(items) - after:]))
    preds = []
    for sub, item in pairs:
        pred = _match(sub, item, evaluate, binds)
        if pred is FALSE:
            return FALSE
        preds.append(pred)
    if any(pred is None for pred in preds):
        return None
    return conj(preds)


def _alternatives(patterns: list, v: Value, evaluate, binds: dict) -> Pred | None:
    """``case 1 | 3``: matched where some alternative is; the names every alternative binds (PEP 634)
    are those of the one that matched, so they are known only where the first one does surely."""
    preds = []
    for sub in patterns:
        own: dict = {}
        pred = _match(sub, v, evaluate, own)
        if pred is TRUE and not preds:
            binds.update(own)
            return TRUE
        if pred is not FALSE:
            preds.append(pred)
        for name in own:
            binds[name] = UNKNOWN
    if not preds:
        return FALSE
    return None if any(pred is None for pred in preds) else disj(preds)


def _unknown_names(p: ast.pattern, binds: dict) -> None:
    """Every name ``p`` binds, unknown (a mapping pattern's ``**rest`` too)."""
    for node in walk(p):
        for field in ("name", "rest"):
            name = getattr(node, field, None)
            if isinstance(name, str):
                binds[name] = UNKNOWN
