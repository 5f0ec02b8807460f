"""The names a method's generic analysis gives its class's template, kept as data (issue 11).

``rearrange(t, 'b n (h d) -> ...', h=self.heads)`` in ``forward``, ``self.heads`` a constructor's
parameter known by nothing else, makes that attribute a dim from then on: the template's ``heads``,
an unknown, becomes ``Int(heads#12)`` (``rules.args.name_as_dim``), so every later read of it, in
this method and in the methods analysed after it, meets the same dim. That write changed the
template, so a kept class's method analysis that made it was never shared with the process's other
runs (``Calls._shared_method_analysis``): each file importing vit-pytorch's ``vit.py`` analysed
``Attention.forward``, ``Transformer.forward`` and ``ViT.forward`` again.

A naming is all such a write does, so it is kept as what it is: which attributes became one new dim,
and the dim's hint. A run that takes the analysis makes the same write with a symbol of its own
(:func:`named_attributes`), as its own run of the analysis would have, numbered apart (symbols are
only names: any fresh one is as good). An analysis is taken only on a template named as the one
it ran on was (``Generic.named``): the same namings, in the same order, before it.

N1: a change is a naming only where each changed attribute held a constructor's parameter
(``Unknown``, scalar, of no rank) and holds an ``Int`` of one bare symbol the analysis made, the
attributes that now share a symbol held one same value, no attribute was added or removed, and
undoing those writes gives the template's key from before (``Calls._namings_of``): nothing else of
it, nor of the objects it reaches, changed.
"""

from __future__ import annotations

import atexit
import os
import sys
from collections import Counter
from dataclasses import dataclass

from ...constraints import dims as D
from ..core.scalar_names import bare_symbol, nameable
from ..core.values import Alternatives, Instance, Int, List, TorchModule, Tuple, Unknown
from .summaries import symbol_number


#: Debug (``SHAPECHECK_NAMINGS_VERIFY=1``): an analysis a run would take is made again instead, and
#: what it found and named compared with what the taken one holds (``Calls._verify_namings``);
#: ``VERIFIED`` counts the two outcomes, printed as the process ends.
VERIFY = os.environ.get("SHAPECHECK_NAMINGS_VERIFY", "") == "1"
VERIFIED: Counter = Counter()


def _print_verified() -> None:
    print(f"template namings verified: {VERIFIED['same']} the same, {VERIFIED['differs']} differ", file=sys.stderr)


if VERIFY:
    atexit.register(_print_verified)


@dataclass(frozen=True)
class Naming:
    """Attributes that one naming made one new dim, named ``hint`` (``heads``): each a place,
    ``(path, attribute)``, the path the steps (:func:`snapshot`) from the template to the object
    holding it (``()``: the template itself; ``transformer.layers[*][0]`` for a layer its
    constructor built, named by a call of the layer in ``forward``)."""

    places: tuple
    hint: str


#: The most objects a template's snapshot walks; a template with more is not snapshotted (None),
#: and an analysis that changes it is not shared.
MAX_OBJECTS = 200


def snapshot(template: Instance) -> tuple | None:
    """The objects ``template`` reaches, each once, in the order of a walk of its attributes, the
    items of lists and tuples, the options of alternatives and the arguments of layers: ``(path,
    object, its attributes now)`` (a copy), the path the steps that reach it first. Templates equal
    by content (``summaries.content_key``, which tells objects apart by where they are met) give the
    same paths to the same objects. None past MAX_OBJECTS."""
    out: list = []
    seen: set = set()
    stack: list = [((), template)]
    while stack:
        path, value = stack.pop()
        t = type(value)
        if t is Instance:
            if id(value) in seen:
                continue
            seen.add(id(value))
            if len(out) >= MAX_OBJECTS:
                return None
            out.append((path, value, dict(value.attrs)))
            steps = [(("attr", name), v) for name, v in value.attrs.items()]
        elif t is Tuple or t is List and value.items is not None:
            steps = [(("item", i), v) for i, v in enumerate(value.items)]
        elif t is List:
            steps = [(("element",), value.element)]
        elif t is Alternatives:
            steps = [(("option", i), v) for i, v in enumerate(value.options)]
        elif t is TorchModule:
            steps = [(("param", name), v) for name, v in value.params]
        else:
            continue
        stack.extend((path + (step,), v) for step, v in reversed(steps))
    return tuple(out)


def namings_between(before: tuple, first: int) -> tuple | None:
    """The namings an analysis whose symbols are numbered from ``first`` made on the objects of the
    snapshot ``before`` (taken as it started), in the order it made them; None where anything else
    changed in those objects (N1, but for the key check)."""
    groups: dict = {}   # the new symbol -> (the value it named, its places, the objects holding them)
    for path, obj, held in before:
        after = obj.attrs
        if held.keys() != after.keys():
            return None
        for attr, new in after.items():
            old = held[attr]
            if new is old:
                continue
            name = bare_symbol(new)
            if name is None or not nameable(old) or symbol_number(name) < first:
                return None
            value, places, holders = groups.setdefault(name, (old, [], []))
            if value is not old:
                return None
            places.append((path, attr))
            holders.append(held)
    for value, places, holders in groups.values():
        # every attribute of those objects that held the named value is named with it (``_named``)
        if sum(1 for held in {id(h): h for h in holders}.values() for v in held.values() if v is value) != len(places):
            return None
    order = sorted(groups, key=symbol_number)
    return tuple(Naming(tuple(groups[name][1]), name.rpartition("#")[0]) for name in order)


def named_attributes(objects: tuple, namings: tuple, fresh) -> dict | None:
    """What ``namings`` write on the objects of a snapshot (``objects``, their attributes as held
    there): path -> {attribute: its Int}, each naming's dim made by ``fresh`` (the run's counter);
    None where the objects do not hold what they name (a path or an attribute missing, not a
    parameter's value, the places of one naming not one value, or that value held by another
    attribute of those objects too, which a run of the analysis would have named with them)."""
    held_at = {path: held for path, _, held in objects}
    out: dict = {}
    for naming in namings:
        holders = [held_at.get(path) for path, _ in naming.places]
        if any(held is None for held in holders):
            return None
        values = [held.get(attr) for held, (_, attr) in zip(holders, naming.places)]
        if not nameable(values[0]) or any(v is not values[0] for v in values):
            return None
        distinct = {id(h): h for h in holders}.values()
        if sum(1 for held in distinct for v in held.values() if v is values[0]) != len(naming.places):
            return None
        named = Int(fresh(naming.hint))
        for path, attr in naming.places:
            out.setdefault(path, {})[attr] = named
    return out


def make_namings(objects: tuple, writes: dict) -> None:
    """Write what :func:`named_attributes` gave on the objects of the snapshot ``objects``."""
    for path, obj, _ in objects:
        if path in writes:
            obj.attrs.update(writes[path])


def naming_pattern(objects) -> tuple:
    """The attributes of ``objects`` (``(path, attributes)`` pairs) up to the names of the symbols
    namings made: each named attribute as its naming's hint and the order its dim came in among
    them, the rest as they are (what a verified reuse must equal)."""
    names: dict = {}
    out = []
    for path, attrs in objects:
        for attr, value in attrs.items():
            name = bare_symbol(value)
            if name is not None and symbol_number(name) >= 0:
                out.append((path, attr, "named", name.rpartition("#")[0], names.setdefault(name, len(names))))
            else:
                out.append((path, attr, id(value) if type(value) is Instance else value))
    return tuple(out)


__all__ = ["MAX_OBJECTS", "VERIFIED", "VERIFY", "Naming", "make_namings", "named_attributes", "naming_pattern",
           "namings_between", "snapshot"]
