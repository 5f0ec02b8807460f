"""What a call did to an object that had no attributes yet -- a constructor's run -- kept so that the
next call with the same key takes it instead of running the body again (issue 11: a model's
``__init__`` builds ``depth`` identical blocks, each ``Attention(dim, heads)`` running the same
body on a new object).

A call whose first argument is an object with no attributes (``instantiate`` makes one for each
construction) ends with the object's attributes set. When that is all the run changed -- the other
arguments and what they reach read the same afterwards (``Calls.call_function``) -- its
:class:`Effect` is those attributes in a snapshot: the objects the run made (the layers it built)
copied out of the program, where nothing changes them; the object itself a stand-in
(:data:`SELF`); everything older by reference. A later call with the same key gives its own object a
copy of the snapshot: its own layers, as a run would make them, sharing what a run would share, and
the symbols the run made up under fresh names (``Summary.instantiate``). An older object the call's
arguments reach (a layer passed in, ``self.fn = fn``) is kept with where they reach it
(``Effect.passed``): a later call's equal key reaches its own object there (keys keep aliasing,
summaries.py), which is the one a run of it would store -- not the first call's, which may since
have changed apart from it. A call whose key is the recorded one's up to renaming (renaming.py:
``AttnBlock(heads=out // d)`` from each run of its caller's body, with that run's derived token)
takes it too, the copy renaming the first call's names to its own wherever a value holds one.

An object that had attributes already (``mapping.add(caller=..., callee=...)`` appending to
``self._routes``, scikit-learn's metadata routing: 420 of 600 runs repeated a key) is kept so too,
where the call changed its attribute table alone: what its attributes held before the call (the
objects they reach) reads the same after it, as the other arguments do (``Calls._call``). The
effect is then the whole table after the call; an older object it holds is found by where the
object's table *before* the call reaches it (``Effect.passed``, paths from position 0), which is
where a later call's equal object -- equal before the call, by its key -- holds its own.

A call whose key reads its object in part (summaries.projected_key: scikit-learn's ``validate_data``
reads an estimator's class and ``n_features_in_``, not its parameters) is kept under that key as what
it wrote alone (:func:`record_writes`, ``Effect.removed`` not None): the attributes it added, stored
again or removed, where each holds plain values and objects the run made, set on the next object
of the class that reads the same whatever else its table holds.

A value the copy cannot rebuild exactly (a function with a closure: a lambda over ``self``, a
mutable container of another kind) leaves the call without an effect: it runs every time, as before.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from operator import is_
from typing import Callable

from ...constraints import dims as D
from ..core.freshen import map_dims, value_symbols
from ..core.values import (Array, Bool, Class, EllipsisValue, Float, Function, Hole, Instance, Int, LazyImport,
                           LibraryObject, NoneValue, Opaque, ProjectModule, ShapeTuple, Str, TorchModule, Unknown, Value)
from .renaming import NO_NAMES, Names, rename as rename_names


class _Self:
    """The object the effect is on, inside a snapshot (each use puts its own object in its place)."""

    __slots__ = ()


SELF = _Self()


@dataclass(frozen=True, slots=True)
class Effect:
    """The attributes a call left on its first argument (an object it found empty, or whose table
    alone it changed), as a snapshot (see the module docstring), and the symbols the snapshot mentions."""

    attrs: tuple[tuple[str, Value], ...]
    owned: tuple          # the snapshot's own objects: copied at each use, never handed out
    symbols: frozenset
    # whether every object it holds besides its own is a kept module's, as its recording found
    # (:func:`holds_kept_objects_only`); None where it was not recorded here (a kept summary's, thawed)
    kept_only: bool | None = None
    # (object, path): the objects it holds that its call's other arguments reach, each with where
    # (see :func:`reached`): at each use, the object the using call's arguments reach there
    passed: tuple = ()
    # whether every object it holds besides its own and kept modules' is one of ``passed``: then it
    # holds nothing of the run that recorded it that a use does not replace by its own (shared_summaries.py)
    passed_only: bool = False
    # None: ``attrs`` is the whole table the call left; else it is what the call wrote alone, and these
    # are the attributes it removed (:func:`record_writes`)
    removed: tuple | None = None

    def apply(self, target: Instance, rename: Callable[[D.Dim], D.Dim] | None, names: Names = NO_NAMES,
              args: tuple = ((), {})) -> None:
        """Give ``target`` (an object equal to the recorded call's, before it) the attributes the call
        left, in their order, its own copy of what the call made, dims renamed by ``rename`` and middle
        scopes and derived tokens by ``names`` (the recorded call's onto this one's: renaming.py);
        ``args`` are the call's arguments (positional, ``target`` first, and keyword), which reach the
        objects it was given, ``target``'s table as it is before this (``given_objects``)."""
        owned = {id(o) for o in self.owned}
        memo = given_objects(self.passed, args)
        memo[id(SELF)] = target
        copier = _Copier(lambda v: id(v) in owned, memo, rename, collect=False,
                         names=Names(names.scopes, names.tokens, {}) if names.scopes or names.tokens else None)
        attrs = [(name, copier.value(v)) for name, v in self.attrs]
        if self.removed is not None:
            for name in self.removed:
                target.attrs.pop(name, None)
        elif target.attrs:
            target.attrs.clear()   # (a table the call replaced: removed attributes gone, the order its own)
        target.attrs.update(attrs)


@dataclass(frozen=True, slots=True)
class Made:
    """A call's result that holds objects the call made (the layer a factory built), as a snapshot
    copied out of the program when the call ended: each later call with the same key gets its own
    copy of those objects, as a run of the body would make them, and the symbols the run made up
    under fresh names (``Summary.instantiate``). Any other object it holds is a kept module's
    (frozen: shared_modules.py, K4), the same one a run would return, or one the call was given
    (``return self``: scikit-learn's ``MethodMetadataRequest.add_request``), kept with where the
    call's arguments reach it, as an effect keeps one (:func:`reached`): each call gets its own."""

    value: Value
    owned: tuple          # the snapshot's own objects: copied at each use, never handed out
    symbols: frozenset
    # the middle scopes and derived tokens it holds (renaming.py's names, as ``summaries.held_names``
    # reports them): a copy renames dims alone, so it answers a call renamed in others only
    names: frozenset = frozenset()
    passed: tuple = ()    # (object, path): the objects its call was given, as ``Effect.passed``

    def copy(self, rename: Callable[[D.Dim], D.Dim] | None, args: tuple = ((), {})) -> Value:
        """Its value for a call whose arguments (positional, keyword) are ``args``."""
        owned = {id(o) for o in self.owned}
        memo = given_objects(self.passed, args)
        return _Copier(lambda v: id(v) in owned, memo, rename, collect=False).value(self.value)


def record_made(value: Value, made: int, args: tuple = ((), {})) -> Made | None:
    """``value`` (a call's result) as a :class:`Made` snapshot, the objects numbered from ``made`` on
    being the call's own; None where it holds another object that is neither a kept module's nor
    one the call's arguments ``args`` (positional, keyword) reach, or what cannot be copied exactly."""
    copier = _Copier(lambda v: v.made() >= made, {}, None)
    try:
        snapshot = copier.value(value)
    except _NotCopyable:
        return None
    passed = reached(copier.foreign, *args) if copier.foreign else ()
    if len(passed) < len({id(o) for o in copier.foreign}):
        return None   # (an object reached through a global or a closure: a re-run may return another)
    return Made(snapshot, tuple(copier.copies), frozenset(copier.symbols), passed=passed)


def holds_kept_objects_only(effect: Effect) -> bool:
    """Whether every object ``effect`` holds besides its own is a kept module's (frozen: the same
    one in every run of the process, shared_summaries.py): what its recording found, which walked
    it all (a walk per construction was 1.4% of diffusers' unets' calls), else a walk now."""
    if effect.kept_only is not None:
        return effect.kept_only
    owned = {id(o) for o in effect.owned}
    copier = _Copier(lambda v: id(v) in owned, {id(SELF): SELF}, None, frozen_only=True, collect=False)
    try:
        for _, value in effect.attrs:
            copier.value(value)
    except _NotCopyable:
        return False
    return True


def receiver_of(args: list) -> Instance | None:
    """The call's first argument when it is an object (not a template): the one an effect may be on."""
    if args and type(args[0]) is Instance and not args[0].template:
        return args[0]
    return None


def record_effect(receiver: Instance, made: int, args: tuple = ((), {}), before: dict | None = None) -> Effect | None:
    """The effect a call left on ``receiver``, whose attribute table was ``before`` when the call
    began (None: empty), at object count ``made`` (what is numbered from there on the call made);
    None when it cannot be kept exactly. ``args`` are the call's arguments (positional,
    ``receiver`` first, and keyword)."""
    if receiver.template:
        return None
    copier = _Copier(lambda v: v.made() >= made, {id(receiver): SELF}, None)
    try:
        attrs = tuple((name, copier.value(v)) for name, v in receiver.attrs.items())
    except _NotCopyable:
        return None
    # (where the others and the receiver's table before the call reach it: its table now is what the call left)
    passed = reached(copier.foreign, *args, start=1, table=before) if copier.foreign else ()
    return Effect(attrs, tuple(copier.copies), frozenset(copier.symbols), not copier.foreign, passed,
                  len(passed) == len({id(o) for o in copier.foreign}))


def record_writes(receiver: Instance, made: int, before: dict, holds_object: Callable[[object], bool]) -> Effect | None:
    """What a call wrote to ``receiver``, whose attribute table was ``before`` when it began, as an
    effect that leaves the rest of a table as it is (``Effect.removed``): the attributes it added,
    stored again or removed, each written value copied out where it holds only plain values and
    objects the run made (at object count ``made`` and after), over values that held no object. The key it is kept under reads only
    some of the object (summaries.projected_key): an object elsewhere in the table, or one the
    call was given, may be another at the next use. None where it cannot be kept so, or where
    writing the same on ``before`` would not leave the attributes in the order the call did.
    ``holds_object`` is summaries.holds_object (given, as summaries is built on this module)."""
    if receiver.template:
        return None
    after = receiver.attrs
    removed = tuple(name for name in before if name not in after)
    written = [(name, v) for name, v in after.items() if before.get(name, _ABSENT) is not v]
    if any(name in before and holds_object(before[name]) for name in (*removed, *(name for name, _ in written))):
        return None   # what it wrote over or removed may be shared with what the key did not read
    order = [name for name in before if name in after]
    order += [name for name, _ in written if name not in before]
    if order != list(after):
        return None
    copier = _Copier(lambda v: v.made() >= made, {}, None)
    try:
        attrs = tuple((name, copier.value(v)) for name, v in written)
    except _NotCopyable:
        return None
    if copier.foreign:
        return None
    return Effect(attrs, tuple(copier.copies), frozenset(copier.symbols), True, (), True, removed)


_ABSENT = object()


def reached(objects: list, args, kwargs: dict, start: int = 0, table: dict | None = None) -> tuple:
    """(object, path) for each of ``objects`` the arguments reach, the path the first a walk of
    them breadth first meets it by: an argument's position or keyword, then attribute names and
    item positions (:func:`follow`), the positional ones from ``start`` on; ``table``, where given,
    stands for the first argument's attributes (as they were before its call). Aliasing is part of
    a key, so any path to it will do."""
    wanted = {id(o) for o in objects}
    found: dict = {}
    seen: set = set()
    queue = deque([*((v, (0, name)) for name, v in (table or {}).items()),
                   *((args[i], (i,)) for i in range(start, len(args))), *((v, (k,)) for k, v in kwargs.items())])
    while queue and len(found) < len(wanted):
        v, path = queue.popleft()
        t = type(v)
        if t is Instance or t is Opaque:
            if id(v) in seen:
                continue
            seen.add(id(v))
            if id(v) in wanted:
                found[id(v)] = (v, path)
            queue.extend((x, path + (name,)) for name, x in (v.attrs if t is Instance else v.members).items())
        elif t is tuple:
            queue.extend((x, path + (i,)) for i, x in enumerate(v))
        elif t not in _KEPT and t not in _PLAIN and t is not Function and dataclasses.is_dataclass(v) and _frozen(t):
            queue.extend((getattr(v, f), path + (f,)) for f in _field_names(t))
    return tuple(found.values())


def given_objects(passed: tuple, args: tuple) -> dict:
    """A copy's memo for ``passed`` (:func:`reached`'s (object, path) pairs): each recorded object's
    id to the object this call's ``args`` (positional, keyword) reach by its path."""
    return {id(obj): follow(path, *args) for obj, path in passed}


def follow(path: tuple, args, kwargs: dict):
    """The value ``path`` (:func:`reached`) leads to from a call's arguments."""
    head, *steps = path
    v = args[head] if type(head) is int else kwargs[head]
    for step in steps:
        t = type(v)
        v = (v.attrs[step] if t is Instance else v.members[step] if t is Opaque else v[step] if type(step) is int
             else getattr(v, step))
    return v


class _NotCopyable(Exception):
    """A value whose copy would not be what a run makes (see the module docstring)."""


#: Values that hold no object: kept as they are (a class, a module, a lazily imported name by identity).
_KEPT = (str, int, float, bool, type(None), Class, LazyImport, ProjectModule)
#: Values that hold no object but may hold dims: renamed as a summary's result is (``core.freshen``).
_PLAIN = (Array, Int, Float, Bool, Str, NoneValue, EllipsisValue, Unknown, LibraryObject, Hole, TorchModule)
#: Values that hold a middle scope or a derived token (renaming.py) themselves, not through another value.
_NAMED = (Unknown, Array, ShapeTuple)


class _Copier:
    """One walk over values: the objects ``owned`` selects are copied, each once (sharing and
    cycles kept, through ``memo``: id -> its copy); every other object is kept; dims are renamed by
    ``rename``; with ``collect``, the symbols met on the way are collected (a snapshot's, which its
    uses rename; a use's copy needs none of them, and a value without objects is then kept whole
    unwalked where nothing is renamed)."""

    def __init__(self, owned: Callable[[object], bool], memo: dict, rename: Callable[[D.Dim], D.Dim] | None,
                 frozen_only: bool = False, collect: bool = True, names: Names | None = None):
        self.owned = owned
        self.names = names   # middle scopes and derived tokens renamed where a value holds them (``Effect.apply``)
        self.frozen_only = frozen_only   # an object not ``owned`` must be a kept module's (``Made``)
        self.memo = memo
        self.rename = rename
        self.copies: list = []
        self.symbols: set | None = set() if collect else None
        self.foreign: list = []   # the objects it met neither ``owned`` nor a kept module's

    def value(self, v):
        hit = self.memo.get(id(v))
        if hit is not None:
            return hit
        t = type(v)
        if t in _KEPT:
            return v
        if self.names is not None:
            if t in _NAMED:
                v = rename_names(v, self.names)
            elif t is TorchModule:   # its params are walked below, each renamed where it holds a name
                return self._fields(v, t)
        if t in _PLAIN and (t is not TorchModule or all(type(p) in _PLAIN for _, p in v.params)):
            if self.rename is None:
                if self.symbols is not None:
                    value_symbols(v, self.symbols)
                return v
            return map_dims(v, self.rename)
        if t is Instance or t is Opaque:
            if self.owned(v):
                return self._object(v)
            if (v.attrs if t is Instance else v.members).owner is None:
                if self.frozen_only:
                    raise _NotCopyable(t.__name__)
                self.foreign.append(v)
            return v
        if t is D.Expr:
            if self.symbols is not None:
                self.symbols |= D.free_symbols(v)
            return self.rename(v) if self.rename is not None else v
        if t is tuple:
            items = tuple(map(self.value, v))
            return v if all(map(is_, items, v)) else items
        if t is Function:
            if v.closure is None:
                return v
            raise _NotCopyable(v.qualname)   # its closure may hold the object or what the run made
        if dataclasses.is_dataclass(v) and _frozen(t):
            return self._fields(v, t)
        raise _NotCopyable(t.__name__)

    def _fields(self, v, t):
        fields = _field_names(t)
        old = [getattr(v, f) for f in fields]
        new = list(map(self.value, old))
        if all(map(is_, new, old)):
            return v
        out = object.__new__(t)
        for name, x in zip(fields, new):
            object.__setattr__(out, name, x)
        return out

    def _object(self, v):
        if type(v) is Instance:
            copy = Instance(v.cls, {}, v.template)
            table, items = copy.attrs, v.attrs
        else:
            copy = Opaque(v.name, {}, None, v.hint, v.declared)
            table, items = copy.members, v.members
        self.memo[id(v)] = copy
        self.copies.append(copy)
        # filled as it is made: no change anyone could have read
        dict.update(table, ((name, self.value(x)) for name, x in items.items()))
        if type(v) is Opaque and v.dim is not None:
            copy.__dict__["dim"] = self.value(v.dim)
        return copy


@lru_cache(maxsize=None)
def _field_names(t: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(t))


@lru_cache(maxsize=None)
def _frozen(t: type) -> bool:
    return t.__dataclass_params__.frozen


__all__ = ["Effect", "Made", "SELF", "follow", "receiver_of", "holds_kept_objects_only", "reached", "record_effect",
           "record_made"]
