"""Call summaries: one analysis of a function's body stands for every call that gives it the same
arguments, objects included.

A call's analysis (``Calls.call_function``) is a pure function of what the body can read: the
arguments, the objects reachable from them and from the function's closure (``self`` and the layers
it holds), and the module's globals. It starts from no facts of the caller, so two calls whose
reachable values are equal make the same decisions. :func:`call_key` is those values as one
hashable key -- objects (``Instance``, ``Opaque``), which the interpreter mutates in place, by their
content at the time of the call, and aliasing kept (the same object twice is one object) -- so that
a model's ``forward`` called once per loop iteration, per fixpoint round or per caller is analysed
once, where the plain memo (``binding.memo_key``) had to re-run every call that passed an object.

A recorded analysis (:class:`Summary`) is reused only when it is exact for the next call:

- the body changed nothing the caller can see (the key of the reachable values is the same after
  the run: no ``self.count += 1``, no layer stored), else the next call re-runs it -- but for an
  object that had no attributes yet (a construction's), whose attributes the summary then keeps
  (``effects.py``: ``Attention(dim, heads)`` built once per layer runs ``__init__`` once);
- nothing outside the reachable values decided it: no annotations binding a scope, no ``HOLE``
  (solved per call), no enclosing ``shard_map`` axis environment, no measured call (the op log sees
  every call). A ``global``/``nonlocal`` store is no such thing: the interpreter binds the name in
  the run's own frame (a ``global`` statement has no shape meaning), so a re-run reads the module's
  value again as the first run did, which the key and the GlobalReads hold;
- the result holds no object (a made object, or one passed in: a second call must get its own);
- every module global it read that could have changed since (a name rebound while its module's top
  level still runs, an object that a later store changes) still holds what it read (:class:`GlobalRead`):
  ``W`` rebound between two calls of ``def f(x): return x @ W`` re-runs the second;
- it found no error (the message would name the first call's dims: the call re-runs instead).

A call has a second key (:func:`projected_key`), asked only where its key has no summary: each
object argument, positional or keyword, keyed by the attributes the function's code can read or
write of it (its class, and what ``name.attr``, ``hasattr``/``getattr``/``setattr``/``delattr`` with
a literal name, its class's methods and property getters, ``super()`` and the functions it is passed
to by name -- directly or in a keyword dictionary passed on with ``**`` -- read; which names it has,
where ``hasattr`` asks of a computed name or ``vars`` is iterated: ``KeyCache.object_reads``), where
the code uses it in no other way. scikit-learn's ``get_tags(estimator)`` reads what its class's
``__sklearn_tags__`` reads, not the estimator's thirty parameters and fitted arrays, so one run
answers every estimator of a class. A summary kept with no effect is kept under both keys; an effect
(the run changed the object) under the whole key as an effect on the whole table, and under the
second key as what it wrote there (``effects.record_writes``) where it wrote plain values and made
objects alone: ``validate_data(estimator, X)`` setting ``n_features_in_`` on each new estimator of a class.

Symbols the run made up (a data-dependent size) are the call's own: a reuse gives them fresh names,
as a re-run would (``core.freshen``); symbols that existed before the run keep theirs.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import pred_symbols
from ..core.freshen import map_dims, value_symbols
from .callsites import gives_layer
from ..rules.flax import is_linen_module
from ..rules.registry import inherited_member
from .effects import Effect, Made
from .renaming import IDENTITY, NO_NAMES, Names, Renaming, shown_as
from ..core.values import (Array, Bool, Class, Dict, EllipsisValue, Float, Function, HeapClock, Hole, Instance, Int, LazyImport,
                           LibraryObject, List, NoneValue, Opaque, Str, TorchModule, Tuple, Unknown, Value)
from ..core.node_answers import walk

def _read_names(node: ast.AST) -> tuple | None:
    """See ``KeyCache.read_names``: (name, the attributes read of it where it is used only as
    ``name.attr`` and never stored through, else None), sorted by name."""
    attributes: dict = {}
    for n in walk(node):
        if type(n) is ast.Attribute and type(n.value) is ast.Name and type(n.ctx) is ast.Load:
            attributes.setdefault(n.value.id, set()).add(n.attr)
    bare = {n.id for n in walk(node) if type(n) is ast.Name} - set(attributes)
    if bare & _READS_ANY:
        return None
    uses = {id(n.value) for n in walk(node) if type(n) is ast.Attribute and type(n.ctx) is ast.Load}
    for n in walk(node):
        if type(n) is ast.Name and n.id in attributes and id(n) not in uses:
            bare.add(n.id)   # also used whole: read all of it
    return tuple(sorted((name, None if name in bare else tuple(sorted(attributes[name])))
                        for name in bare | set(attributes)))


def _parameter_reads(node: ast.AST, name: str, first: bool) -> tuple | None:
    """How ``node``'s code uses its parameter ``name``: (the attributes it reads or writes off it --
    as ``name.attr``, or ``hasattr``/``getattr``/``setattr``/``delattr`` with a literal name --, the
    attributes it reads off a bare ``super()``, which binds the first parameter, and the (function
    name, position or keyword) of each call by name it is passed to, directly or in a keyword
    dictionary passed on with ``**``: :func:`_keyword_holders`), or None where it uses the object in
    any other way: passes it on otherwise, rebinds it, reads it whole (``vars``, ``eval``).
    ``isinstance(name, C)`` and ``type(name)`` read its class alone. A written attribute counts as
    read: whether the object had it is part of what the run saw (a store is a plain write to the
    object's table: ``Statements.store_attribute``), and the call is kept with what it wrote
    (``effects.record_writes``)."""
    attrs: set = set()
    present: set = set()   # the attributes ``hasattr`` asks about by a literal name
    supers: set = set()
    passes: set = set()   # (the name of a function called, the position or keyword it is given at)
    bound: set = set()    # the names the code binds: a call of one of them is no global function's
    flat, displays, tests = _scan(node)
    held = _keyword_holders(displays, name)
    if held is None:
        return None
    holders, fine = held   # fine: ids of the Name nodes (and ``super()`` calls) read in one of those ways
    dead = _builtin_branches(tests, name)
    narrowed = bool(dead)
    for n in flat:   # breadth first: a use's parent is met before the use
        if dead and id(n) in dead:
            continue
        t = type(n)
        if holders and not _holder_use(n, holders, passes, fine, displays):
            return None
        if t is ast.Attribute:
            v = n.value
            if type(v) is ast.Name and v.id == name:
                attrs.add(n.attr)
                fine.add(id(v))
            elif first and type(v) is ast.Call and type(v.func) is ast.Name and v.func.id == "super" \
                    and not v.args and not v.keywords and type(n.ctx) is ast.Load:
                supers.add(n.attr)
                fine.add(id(v))
        elif t is ast.Call and type(n.func) is ast.Name and n.args and type(n.args[0]) is ast.Name \
                and n.args[0].id == name:
            called = n.func.id
            if called in _CLASS_READERS and len(n.args) <= 2 and not n.keywords:
                fine.add(id(n.args[0]))
            elif called in _ATTRIBUTE_READERS and 2 <= len(n.args) <= _ATTRIBUTE_READERS[called] \
                    and not n.keywords and type(n.args[1]) is ast.Constant and type(n.args[1].value) is str:
                (present if called == "hasattr" else attrs).add(n.args[1].value)
                fine.add(id(n.args[0]))
            elif called == "hasattr" and len(n.args) == 2 and not n.keywords:
                attrs.add(LAYOUT)   # ``hasattr(est, name)``: which names it has
                fine.add(id(n.args[0]))
        elif t is ast.Compare and len(n.ops) == 1 and type(n.ops[0]) in (ast.Is, ast.IsNot):
            # ``name is None``: an object never is, whatever it holds
            left, right = n.left, n.comparators[0]
            for side, other in ((left, right), (right, left)):
                if type(side) is ast.Name and side.id == name and type(other) is ast.Constant and other.value is None:
                    fine.add(id(side))
        elif t is ast.comprehension or t is ast.For or t is ast.AsyncFor:
            it = n.iter
            if type(it) is ast.Call and type(it.func) is ast.Name and it.func.id == "vars" and len(it.args) == 1 \
                    and not it.keywords and type(it.args[0]) is ast.Name and it.args[0].id == name:
                attrs.add(LAYOUT)   # ``for k in vars(est)``: the names alone
                fine.update((id(it.func), id(it.args[0])))
        elif _formats(n, name, fine):
            pass   # text made of it (``"%s" % est``, ``"{}".format(est)``, ``f"{est}"``): nothing read of it
        if t is ast.Call and type(n.func) is ast.Name and n.func.id == "super" and id(n) not in fine:
            if first:
                return None   # ``super()`` bound otherwise than to read a name off it
        elif t is ast.Call and type(n.func) is ast.Name and n.func.id not in _READERS:
            # passed on to a function called by name: what that function's parameter reads
            for position, a in enumerate(n.args):
                if type(a) is ast.Starred:
                    break
                if type(a) is ast.Name and a.id == name and id(a) not in fine:
                    passes.add((n.func.id, position))
                    fine.add(id(a))
            for k in n.keywords:
                if k.arg is not None and type(k.value) is ast.Name and k.value.id == name:
                    passes.add((n.func.id, k.arg))
                    fine.add(id(k.value))
        elif t is ast.Name:
            if id(n) not in fine and (n.id == name or n.id in _READS_ANY):
                return None
            if n.id in holders and id(n) not in fine and type(n.ctx) is ast.Load:
                return None   # a keyword dictionary holding the object, used otherwise than passed on
            if type(n.ctx) is not ast.Load:
                bound.add(n.id)
        elif t in _BINDERS:
            bound.add(n.name)
        elif t is ast.alias:
            bound.add((n.asname or n.name).split(".")[0])
        elif t is ast.arg:
            bound.add(n.arg)
        elif t is ast.ExceptHandler and n.name:
            bound.add(n.name)
    if any(callee in bound for callee, _ in passes):
        return None
    return tuple(sorted(attrs)), tuple(sorted(supers)), tuple(sorted(passes, key=str)), narrowed, \
        tuple(sorted(present - attrs))


def _scan(node: ast.AST) -> tuple[tuple, tuple, tuple]:
    """``node`` and the nodes below it, breadth first; the dictionary displays it assigns to a name,
    as (name, display); and its ``if`` statements that test ``isinstance`` of a name: what
    :func:`_parameter_reads` walks for each parameter, found in one walk per function (kept on the
    node, as ``read_names`` is: a walk per parameter was a third of the cost of keying by reads)."""
    try:
        return node._shapecheck_scan
    except AttributeError:
        pass
    flat = tuple(walk(node))
    displays, tests = [], []
    for n in flat:
        t = type(n)
        if t is ast.Assign and len(n.targets) == 1 and type(n.targets[0]) is ast.Name and type(n.value) is ast.Dict:
            displays.append((n.targets[0].id, n.value))
        elif t is ast.If and type(n.test) is ast.Call and type(n.test.func) is ast.Name and n.test.func.id == "isinstance":
            tests.append(n)
    found = node._shapecheck_scan = (flat, tuple(displays), tuple(tests))
    return found


def _builtin_branches(tests: tuple, name: str) -> set:
    """The ids of the nodes under ``if isinstance(name, str):`` (or another builtin type) among
    ``tests`` (:func:`_scan`), which never run for an object of a class with no base outside the
    project (scikit-learn's ``_check_estimator_name`` returns a name given as a string, the class's
    name of an estimator)."""
    dead: set = set()
    for n in tests:
        if _is_builtin_test(n.test, name):
            dead.update(id(m) for stmt in n.body for m in walk(stmt))
    return dead


def _is_builtin_test(test: ast.expr, name: str) -> bool:
    if not (type(test) is ast.Call and type(test.func) is ast.Name and test.func.id == "isinstance"
            and len(test.args) == 2 and not test.keywords and type(test.args[0]) is ast.Name and test.args[0].id == name):
        return False
    kinds = test.args[1].elts if type(test.args[1]) is ast.Tuple else (test.args[1],)
    return all(type(k) is ast.Name and k.id in _BUILTIN_TYPES for k in kinds)


#: Builtin types no object of a class with project bases alone is an instance of.
_BUILTIN_TYPES = frozenset({"str", "bytes", "int", "float", "bool", "complex", "list", "tuple", "dict", "set",
                            "frozenset"})


def _project_bases_only(cls: Class) -> bool:
    """Whether every base of ``cls``, and of its bases, is a project class or one of
    :data:`_PLAIN_BASES` (no builtin type among them, nor a library class that may derive from one)."""
    if len(cls.bases) != len(cls.node.bases):
        return False
    return all(_project_bases_only(b) if type(b) is Class else _base_name(node) in _PLAIN_BASES
               for b, node in zip(cls.bases, cls.node.bases))


def _base_name(node: ast.expr) -> str | None:
    if type(node) is ast.Subscript:   # ``Generic[T]``
        node = node.value
    if type(node) is ast.Name:
        return node.id
    if type(node) is ast.Attribute and type(node.value) is ast.Name:
        return f"{node.value.id}.{node.attr}"
    return None


#: Bases no builtin type derives from (an abstract base, a generic alias).
_PLAIN_BASES = frozenset({"object", "ABC", "abc.ABC", "Generic", "typing.Generic", "Protocol", "typing.Protocol"})


def _keyword_holders(displays: tuple, name: str) -> tuple[dict, set] | None:
    """The local names a function binds to a keyword dictionary holding its parameter ``name``, each
    with the keys it may hold it under, and the ids of the uses of ``name`` in those dictionaries, from
    its assigned dictionary displays ``displays`` (:func:`_scan`): ``default = {"estimator": est}`` and
    ``params = {**default, **params}`` (scikit-learn's ``validate_data`` handing the estimator to
    ``check_array`` in ``**check_params``), whatever the order of the assignments; None where one holds
    it under a key that is no literal. (A display assigned to no name leaves its use of ``name``
    unaccounted for: :func:`_parameter_reads` refuses it.)"""
    holders: dict = {}
    uses: set = set()
    for target, display in displays:
        for k, v in zip(display.keys, display.values):
            if type(v) is ast.Name and v.id == name:
                if type(k) is not ast.Constant or type(k.value) is not str:
                    return None
                holders.setdefault(target, set()).add(k.value)
                uses.add(id(v))
    changed = bool(holders)
    while changed:   # ``{**held, ...}`` holds what ``held`` holds
        changed = False
        for target, display in displays:
            for k, v in zip(display.keys, display.values):
                if k is None and type(v) is ast.Name and v.id in holders:
                    keys = holders.setdefault(target, set())
                    if not holders[v.id] <= keys:
                        keys |= holders[v.id]
                        changed = True
    return holders, uses


def _holder_use(n: ast.AST, holders: dict, passes: set, fine: set, displays: tuple) -> bool:
    """Whether ``n`` uses a keyword dictionary of ``holders`` (:func:`_keyword_holders`) in a way that
    reads nothing of the object it holds, or passes it on with ``**`` to a function called by name
    (added to ``passes`` under each key it may hold it by); marks those uses ``fine``. Any other node
    is no such use (True); a Name it did not mark is refused by the caller."""
    t = type(n)
    if t is ast.Call:
        for k in n.keywords:
            if k.arg is None and type(k.value) is ast.Name and k.value.id in holders:
                if type(n.func) is not ast.Name:
                    return False
                passes.update((n.func.id, key) for key in holders[k.value.id])
                fine.add(id(k.value))
        func = n.func
        if type(func) is ast.Attribute and func.attr == "get" and type(func.value) is ast.Name \
                and func.value.id in holders and n.args and type(n.args[0]) is ast.Constant \
                and n.args[0].value not in holders[func.value.id]:
            fine.add(id(func.value))   # ``params.get("ensure_2d", True)``: another key
    elif t is ast.Dict and any(d is n for _, d in displays):   # (one assigned to a name: followed there)
        for k, v in zip(n.keys, n.values):
            if k is None and type(v) is ast.Name and v.id in holders:
                fine.add(id(v))   # ``{**held, ...}``: what it holds the display's target holds
    elif t is ast.Compare:
        for op, right in zip(n.ops, n.comparators):
            if type(op) in (ast.In, ast.NotIn) and type(right) is ast.Name and right.id in holders:
                fine.add(id(right))   # ``"estimator" not in params``
    return True


def _formats(n: ast.AST, name: str, fine: set) -> bool:
    """Whether ``n`` makes text of the parameter ``name`` (marking those uses ``fine``): ``"..." % name``
    (or a tuple holding it), ``"...".format(name)``, ``f"{name}"``. The analysis makes a string of
    unknown text of an object there (``Expressions.binary``, ``expr_JoinedStr``; a string's methods
    are unknown), reading none of it: scikit-learn's messages name the estimator that failed."""
    t = type(n)
    uses = ()
    if t is ast.FormattedValue:
        uses = (n.value,)
    elif t is ast.BinOp and type(n.op) is ast.Mod and type(n.left) in (ast.Constant, ast.JoinedStr) \
            and (type(n.left) is ast.JoinedStr or type(n.left.value) is str):
        uses = n.right.elts if type(n.right) is ast.Tuple else (n.right,)
    elif t is ast.Call and type(n.func) is ast.Attribute and n.func.attr == "format" \
            and type(n.func.value) is ast.Constant and type(n.func.value.value) is str:
        uses = (*n.args, *(k.value for k in n.keywords))
    found = False
    for u in uses:
        if type(u) is ast.Name and u.id == name:
            fine.add(id(u))
            found = True
    return found


#: What ``hasattr(obj, name)`` with a name not written out, and ``for k in vars(obj)``, read of an
#: object: which attributes it has, in their order (``_Keys.projection`` keys it so).
LAYOUT = "\x00layout"

#: Builtins that read an object's class alone, and those that read or write one attribute named by a literal.
_CLASS_READERS = frozenset({"isinstance", "type"})
_ATTRIBUTE_READERS = {"hasattr": 2, "getattr": 3, "setattr": 3, "delattr": 2}   # -> most arguments
_READERS = _CLASS_READERS | frozenset(_ATTRIBUTE_READERS)
_BINDERS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


#: Builtins through which code reads names it does not mention.
_READS_ANY = frozenset({"locals", "vars", "eval", "exec", "globals", "dir"})

#: Values that hold no object: equal values are read alike, so they are their own key.
_PLAIN = frozenset((Array, Int, Float, Bool, Str, NoneValue, EllipsisValue, Unknown, LibraryObject, Hole))


@dataclass(frozen=True, slots=True)
class Summary:
    """What one analysis of a call produced: its result, its definite errors (reported at each
    call, see ``Calls.call_function``) and the parameters the body refined."""

    result: Value
    errors: tuple
    refined: tuple[tuple[str, Value], ...]
    # the symbols numbered in this range were made up by the run (the call's own); a kept module
    # it loaded numbers its own elsewhere (shared_modules.py), which are no call's
    made_symbols: range
    observed: tuple = ()  # the ranks its body's calls passed (callsites.py), seen again at a reuse
    reads: tuple = ()     # the GlobalReads it holds under, its callees' included
    effect: Effect | None = None   # what it left on its first argument, an object it found empty
    renaming: Renaming = IDENTITY  # its call's identities, which its key shows renamed (renaming.py)
    demands: tuple = ()   # (guess, middle, count): the ranks its ops demanded of a caller's parameter
    outside: tuple = ()   # the names the globals it read hold, a set per global
    counted: tuple = ()   # (unknown call?, position, value or name): the checked file's expressions it met
    epoch: int = 0        # Findings.rollbacks when it ran: a rollback since may have dropped its counts
    uses: frozenset = frozenset()   # the checked module's definitions and globals it used (dependencies.py)
    changed: tuple = ()   # (parameter, value after the call): the lists and dicts passed in that it changed
    first_token: int = 0  # derived tokens (Unknown.derived) from here on were made by the run (kept_summaries.py)
    # its run left nothing in the run but its result: no note (hover's), no finding, no function
    # defined for a later analysis -- what a reuse in a later run would not make (kept_summaries.py)
    quiet: bool = True
    made: Made | None = None   # its result, where that holds objects its run made (effects.py)
    # its run (its callees' included) read what is this run's own: a global of the checked module
    # or of a module this run loaded itself, not a kept module's (shared_summaries.py)
    local: bool = False
    steps: int = 0        # statements its run interpreted and Z3 steps it spent (shared_summaries.py)
    z3: int = 0
    resolved: tuple = ()  # (LazyImport, value): the imported names its run resolved (shared_summaries.py)
    decided: frozenset = frozenset()   # the symbols a decision of its run read, its callees' included (parametric.py)
    cost: int = 0         # the body runs its run took, its callees' counted whole (calls.LIBRARY_ALLOWANCE)
    raises: bool = False  # every way through its body raised (a ``try`` around the call goes to its handlers)
    # the preconditions its body met on every way to a normal return, over symbols its call was given
    # (Frame.assured): facts for the caller once the call returns (Calls._assure)
    assured: tuple = ()
    may_raise: bool = False   # some way through its body (its callees' included) raised or failed
    # (argument position or keyword, symbol): the constructor parameters passed that its run named as
    # dims it made (core/scalar_names.py), named so again at a reuse
    named: tuple = ()

    def answers(self, renaming: Renaming) -> bool:
        """Whether it stands for a call whose key is its own up to ``renaming`` (renaming.py): its
        own call's names, or others where its run found no error, passed no layer to a constructor
        and read no global holding one of either call's names. An effect it left is copied with the
        names renamed (``Effect.apply``)."""
        if renaming == self.renaming:
            return True
        return (not self.errors and (self.made is None or self._made_renames(renaming))
                and not gives_layer(self.observed)
                and not any(held & names for held in self.outside
                            for names in (renaming.marks(), self.renaming.marks())))

    def _made_renames(self, renaming: Renaming) -> bool:
        """Whether its made result (a factory's layer) can be copied for a call with ``renaming``:
        a copy renames dims alone (``Made.copy``), so the result may hold none of the middle scopes
        and derived tokens that differ between the two calls (timm's ``create_conv2d`` called from
        each model file's analysis with its own channel symbols: 285 of 731 runs)."""
        names = self.renaming.onto(renaming)
        renamed = {("middle", s) for s in names.scopes} | {("derived", t) for t in names.tokens}
        return not renamed & self.made.names

    def instantiate(self, given: set, fresh, receiver: Instance | None = None, names: Names = NO_NAMES,
                    args: tuple = ((), {})) -> tuple[Value, dict, dict, dict]:
        """The result, refined parameters and changed lists and dicts (passed_containers.py) for one
        more call with the same key, and the fresh names its own symbols took (symbol -> dim); its
        effect on ``receiver`` (this call's empty object); ``args``
        are the call's arguments (positional and keyword), which reach the objects the effect and a
        made result hold that their call was given (effects.py). The symbols the run made up and the
        arguments do not mention are given fresh names (``core.freshen``). A made result is copied with
        ``names`` (its call's symbols onto this call's: renaming.py) applied too; the caller
        applies them to the rest (``rename``)."""
        both = Tuple((self.result,) + tuple(v for _, v in self.refined + self.changed))
        made_up = value_symbols(both) | (self.effect.symbols if self.effect is not None else set())
        if self.made is not None:
            made_up |= self.made.symbols
        own = {s for s in made_up if symbol_number(s) in self.made_symbols} - given
        shown = shown_as(names) if names.symbols else None   # (a name made of the first call's names)
        mapping = {name: fresh(D.display_name(name) if shown is None else shown(D.display_name(name)))
                   for name in sorted(own)}
        if own:
            both = map_dims(both, _memoised(lambda d: D.substitute(d, mapping)))
        # a snapshot's copy takes the call's symbols too (the caller renames the rest): disjoint from those made up
        copied = {**mapping, **names.symbols}
        rename = _memoised(lambda d: D.substitute(d, copied)) if copied else None
        if self.effect is not None:
            self.effect.apply(receiver, rename, names, args)
        refined, changed = both.items[1:1 + len(self.refined)], both.items[1 + len(self.refined):]
        return (both.items[0] if self.made is None else self.made.copy(rename, args), {name: v for (name, _), v in zip(self.refined, refined)},
                {name: v for (name, _), v in zip(self.changed, changed)}, mapping)


def _memoised(rename: Callable[[D.Dim], D.Dim]) -> Callable[[D.Dim], D.Dim]:
    """``rename`` remembering its answer per dim object: a copied construction's layers hold the one
    dim many times over (``out_channels`` in a conv's weight, its bias, the norm after it), and
    renormalising each again was a third of the rebuilds of a reused construction's copy (diffusers'
    unets). Keyed by identity, so hashing no dim; the dims live as long as the snapshot does."""
    known: dict = {}

    def renamed(d: D.Dim) -> D.Dim:
        if type(d) is int:
            return d
        hit = known.get(id(d))
        if hit is None:
            hit = known[id(d)] = (d, rename(d))
        return hit[1]
    return renamed


@dataclass(frozen=True, slots=True, eq=False)
class GlobalRead:
    """A module global a call's body read, where a later call with the same arguments could read
    something else: the table (a module's ``env``) and name, the value read (None: unbound) and, for
    a value holding objects, its content's key then."""

    env: dict
    name: str
    value: Value | None
    content: object = None
    path: str = ""   # the module's (kept_summaries.py)
    # what the table holds where the value read is a name it imports lazily (a kept module's
    # ``from .helpers import to_2tuple``): the LazyImport, which each run resolves for itself
    stored: object = None

    # the checked module whose top level was running when it was read: its namespace then and after
    # (ModuleInfo.namespace), not the table
    module: object = None

    def holds(self, cache: "KeyCache") -> bool:
        """Whether the global still holds what was read: the same value, its objects unchanged."""
        env = self.env if self.module is None else self.module.namespace
        return env.get(self.name) is (self.value if self.stored is None else self.stored) and (
            self.content is None or _content(self.value, cache.globals) == self.content)


def global_read(module, name: str, value: Value | None, cache: "KeyCache") -> GlobalRead | None:
    """What a summary must check of global ``name`` of ``module``, read as ``value``; None where no
    later read can differ: a module whose top level has ended binds no name again (a function's
    ``global`` store is local to it), and a value without objects does not change."""
    t = type(value)
    live = module if module.top_frame is not None else None
    if t in _PLAIN or t is Function and value.closure is None:
        return GlobalRead(module.env, name, value, None, module.path, module=live) if module.running else None
    content = _content(value, cache.globals)
    if not module.running and content is None:
        return None
    stored = module.namespace.get(name)
    return GlobalRead(module.env, name, value, content, module.path, stored if type(stored) is LazyImport else None,
                      live)


def _content(value: Value | None, cache: "KeyCache"):
    """The key of what can be read from ``value``'s objects (None when it holds none)."""
    if cache.inert_names(value) is not None:
        return None
    walk = _Keys(cache)
    key = walk.key(value)
    return key if cache.walked(value, walk) else None


def content_key(value: Value, cache: "KeyCache"):
    """The key of what can be read from ``value`` and the objects it reaches: equal keys, the same
    state (an object past ``MAX_WALK_OBJECTS`` never equals another)."""
    return _Keys(cache).key(value)


def held_names(value: Value | None, cache: "KeyCache") -> set | frozenset:
    """The symbols and names (renaming.py) a global's value holds, the objects it reaches included."""
    known = cache.inert_names(value)
    if known is not None:
        return known
    walk = _Keys(cache)
    walk.key(value)
    cache.walked(value, walk)
    return walk.symbols


def reads_hold(reads: tuple, cache: "KeyCache") -> bool:
    return all(read.holds(cache) for read in reads)


class Same:
    """An object compared by identity in a key (a class, a module, a lazily imported name)."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __eq__(self, other):
        return type(other) is Same and other.obj is self.obj

    def __hash__(self):
        return id(self.obj)


#: objects one key may walk (the largest seen on the corpora is ~100)
MAX_WALK_OBJECTS = 2_000


class Unique:
    """Part of a key that equals nothing else: the call it is in is never matched."""

    __slots__ = ()


class Node:
    """One object's key, interned (equal keys are one node) with its hash kept: a call's key holds
    its objects' nodes, so comparing two calls does not walk the objects again."""

    __slots__ = ("key", "hash", "form")

    def __init__(self, key: tuple):
        self.key = key
        self.hash = hash(key)
        self.form = None   # its key up to a renaming of its names (alpha_keys.py), once asked

    def __eq__(self, other):
        return other is self or (type(other) is Node and other.hash == self.hash and other.key == self.key)

    def __hash__(self):
        return self.hash


class KeyCache:
    """The keys of the objects met so far in one run, each kept with the revisions of the objects it
    was read from: a model's ``forward`` calling its layers' is keyed without walking the model
    again for each layer, while no layer changed."""

    def __init__(self, opaque_members: bool = True):
        # id -> (object, node, symbols, ((object, revision), ...), the HeapClock when last checked)
        self.entries: dict[int, tuple] = {}
        self.nodes: dict[Node, Node] = {}
        # id of a function's node -> whether it can be summarised (the node lives as long as the run)
        self.bodies: dict[int, bool] = {}
        self.codes: dict[tuple, Function] = {}   # (id of node, id of module, qualname) -> ``code``
        self.classes: dict[int, tuple] = {}   # id of a class -> (the class, the names its namespace holds)
        # (id of a function's node, position, id of a class, the object's attribute names) -> (the
        # class, ``object_reads``)
        self.reads: dict[tuple, tuple] = {}
        # an Opaque's key holds its members (else it is keyed by identity, see ``globals``)
        self.opaque_members = opaque_members
        # a kept module's lazily imported names as this run resolved them (``Modules.resolve_shared``):
        # what a function it passes an object to is, where that module's own table keeps the import
        self.lazy_values: dict = {}
        self._unsettled = False   # ``object_reads`` met a name no run has resolved yet
        self._globals: KeyCache | None = None
        # id -> (value, the names it holds) for a value that reaches no object: it reads the same at
        # every read, so a global read once per call (timm's ``model_cfgs``, a dict of twenty dicts,
        # in each factory's call of ``create_levit``) is walked once per run
        self._inert: dict[int, tuple] = {}

    def code(self, fn: Function) -> Function:
        """The first function of this run with ``fn``'s code (node, module and qualname): what
        stands for a closure's code in a key, so that the closures one definition makes at each run
        of its enclosing body are one function to a key, told apart by what they read (a key's
        ``Same`` of a function is what shared and kept summaries relocate)."""
        ident = (id(fn.node), id(fn.module), fn.qualname)
        known = self.codes.get(ident)
        if known is None or known.node is not fn.node or known.module is not fn.module:
            known = self.codes[ident] = fn
        return known

    def read_names(self, node: ast.AST) -> tuple | None:
        """The names ``node``'s code mentions (its nested functions', annotations' and defaults'
        included), sorted: a superset of what a run of it reads from its closure; None where the
        code can read a name it does not mention (:data:`_READS_ANY`)."""
        try:
            return node._shapecheck_names   # a pure function of the node, kept on it (trees are shared: parsing.py)
        except AttributeError:
            known = node._shapecheck_names = _read_names(node)
            return known

    def object_reads(self, fn: Function, position: int | str, obj: Instance) -> tuple | None:
        """The attributes of ``obj``, passed at ``position`` (or by that keyword) to ``fn``, that a
        run of ``fn`` can read or write (sorted), following the methods of ``obj`` it calls,
        properties it reads and ``super()`` through ``obj``'s class; None where it may read any (it
        passes the object on, a method does, or it reads a name the class does not define): a
        scikit-learn ``get_tags(estimator)`` reads the few attributes its class's
        ``__sklearn_tags__`` reads, not the estimator's thirty parameters, which made every call's
        key its own."""
        ident = (id(fn.node), position, id(obj.cls), tuple(obj.attrs))
        known = self.reads.get(ident)
        if known is not None and known[0] is obj.cls:
            return known[1]
        params = _positional(fn.node)
        read: set = set()
        self._unsettled = False
        if type(position) is str:
            found = (position in params or position in (a.arg for a in fn.node.args.kwonlyargs)) \
                and self._expand(fn, position, params[:1] == (position,), obj, read, set())
        else:
            found = position < len(params) and self._expand(fn, params[position], position == 0, obj, read, set())
        result = tuple(sorted(read)) if found else None
        if not self._unsettled:   # (an import resolved later may answer)
            self.reads[ident] = (obj.cls, result)
        return result

    def _expand(self, fn: Function, name: str, first: bool, obj: Instance, read: set, seen: set) -> bool:
        if (id(fn.node), name) in seen:
            return True
        seen.add((id(fn.node), name))
        node = fn.node
        try:
            specs = node._shapecheck_reads   # kept on the node, as read_names is
        except AttributeError:
            specs = node._shapecheck_reads = {}
        spec = specs.get((name, first), False)
        if spec is False:
            spec = specs[(name, first)] = _parameter_reads(node, name, first)
        if spec is None:
            return False
        attrs, supers, passes, narrowed, present = spec
        if narrowed and not _project_bases_only(obj.cls):
            return False   # its branches under ``isinstance(name, str)`` may run
        for callee, at in passes:
            target = fn.closure.get(callee) if isinstance(fn.closure, dict) and callee in fn.closure \
                else fn.module.env.get(callee)
            if type(target) is LazyImport:
                target = self.lazy_values.get(target)
                if target is None:
                    self._unsettled = True
                    return False
            if type(target) is Unknown:
                continue   # an import of no known module (``inspect.isclass``): a call of it reads nothing
            if type(target) is not Function or target.binding is not None or target.accessor is not None:
                return False   # a class built with it, a name not yet bound, an import resolved later
            params = _positional(target.node)
            if type(at) is int:
                param = params[at] if at < len(params) else None
            else:
                param = at if at in params or at in (a.arg for a in target.node.args.kwonlyargs) else None
            if param is None or not self._expand(target, param, False, obj, read, seen):
                return False
        for attr in present:   # whether it has it: its table's, else its class's (in the key by identity)
            if attr in obj.attrs:
                read.add(attr)
            elif obj.cls.lookup("__getattr__") is not None:
                return False
        for attr in attrs:
            if attr in obj.attrs or attr == LAYOUT:
                read.add(attr)
            elif not self._follow(obj.cls.lookup(attr), attr, obj, read, seen):
                return False
        if supers:
            owner = _owner_of(obj.cls, fn)
            if owner is None:
                return False
            for attr in supers:
                found = next((f for b in owner.bases if type(b) is Class and (f := b.lookup(attr)) is not None), None)
                if not self._follow(found, attr, obj, read, seen):
                    return False
        return True

    def _follow(self, found, attr: str, obj: Instance, read: set, seen: set) -> bool:
        """What reading ``attr`` off ``obj``, which its table does not hold, reads of ``obj``: a
        method's or a property getter's reads of its first parameter; nothing for a static or class
        method, a setter or a class-level value (the class is in the key by identity), nor for a
        name nothing defines (unknown, or ``hasattr``'s False) but where a library base class has
        it (``model.to(device)``, ``self.children()`` of an ``nn.Module``), which reads it all."""
        if found is None:
            return inherited_member(obj, attr) is None and obj.cls.lookup("__getattr__") is None
        if type(found) is not Function:
            return True
        if found.accessor == "set" and found.getter is not None:
            found = found.getter   # (a setter in its getter's place: the read runs the getter)
        if found.binding is not None or found.accessor == "set" or isinstance(found.node, ast.Lambda):
            return found.binding is not None or found.accessor == "set"
        params = _positional(found.node)
        return bool(params) and self._expand(found, params[0], True, obj, read, seen)

    def inert_names(self, value) -> frozenset | None:
        """The names ``value`` holds, when it is known to reach no object; else None."""
        known = self._inert.get(id(value))
        return known[1] if known is not None and known[0] is value else None

    def walked(self, value, walk: "_Keys") -> bool:
        """Whether ``walk`` of ``value`` met an object; one that met none is remembered."""
        if walk.objects:
            return True
        self._inert[id(value)] = (value, frozenset(walk.symbols))
        return False

    @property
    def globals(self) -> "KeyCache":
        """The keys :class:`GlobalRead` compares. An Opaque there is itself, not its members: a read
        of ``tf.data`` adds the member it names (``expressions.attribute``), so a global module known
        only by name would change at each first read of one of its names and stand for no summary
        (flax_examples: 46% more bodies run)."""
        if self._globals is None:
            self._globals = KeyCache(opaque_members=False)
        return self._globals


class _Keys:
    """One walk over a call's reachable values (see :func:`call_key`).

    An object's key is its class and its attributes' keys, an object met again below itself a
    reference to how far up it is: the key describes what can be read from the object, not which
    objects are shared (sharing is seen only through a change, and a call that changes an object
    is never summarised)."""

    def __init__(self, cache: KeyCache):
        self.cache = cache
        self.path: list[int] = []        # ids of the objects being walked, outermost first
        self.reach = 1 << 30             # the outermost path position referred back to so far
        self.objects = 0                 # objects met (an ``Instance``, ``Opaque`` or ``Function``)
        self.symbols: set = set()
        self.read: dict = {}             # id -> (object, revision): the objects the key was read from

    def key(self, v):
        t = type(v)
        if t in _PLAIN:
            if t is Array or t is Int:
                value_symbols(v, self.symbols)
                if t is Array and v.shape.middle is not None:   # names as renaming.py has them
                    self.symbols.add(("middle", v.shape.middle.scope))
            elif t is Unknown:
                if v.middle is not None:
                    self.symbols.add(("middle", v.middle.scope))
                if v.derived:
                    self.symbols.add(("derived", v.derived))
            elif t is Bool and v.pred is not None:
                self.symbols |= pred_symbols(v.pred)
            return v
        if t is Instance or t is Opaque or t is Function:
            if t is Opaque and not self.cache.opaque_members:
                return Same(v)
            return self.object(v, t)
        if (t is Tuple and all(type(x) in _PLAIN for x in v.items)
                or t is TorchModule and all(type(p) in _PLAIN for _, p in v.params)):
            for x in v.items if t is Tuple else (p for _, p in v.params):   # a layer or a tuple of plain
                self.key(x)                                                  # values is its own key
            return v
        if t is D.Expr:
            self.symbols |= D.free_symbols(v)
            return v
        if t is tuple or t is list:
            return tuple(map(self.key, v))
        if t in (int, str, float, bool, type(None)):
            return v
        if t is Class:
            # by identity, but what its methods and attributes hold is read through it (before the
            # frozen dataclasses: a Class is one, and its fields -- its syntax node, its namespace --
            # made a key no other file's run could match: scikit-learn's classmethods, ``clone``)
            self.symbols |= self.class_names(v)
            return Same(v)
        fields = _KEYED_FIELDS.get(t, False)
        if fields is False:
            fields = _KEYED_FIELDS[t] = _field_names(t) if dataclasses.is_dataclass(t) and _frozen(t) else None
        if fields is not None:
            return (t.__name__,) + tuple(map(self.key, map(getattr, repeat(v), fields)))
        return Same(v)   # LazyImport, ProjectModule, anything mutable: by identity

    def class_names(self, cls: Class) -> frozenset:
        """The symbols and names (renaming.py) a class's namespace holds, once per class: a class
        body runs once, and nothing stores into a class afterwards."""
        known = self.cache.classes.get(id(cls))
        if known is None or known[0] is not cls:
            self.cache.classes[id(cls)] = (cls, frozenset())   # a class that holds itself
            walk = _Keys(self.cache)
            walk.key((tuple(cls.namespace.values()), cls.bases))
            known = self.cache.classes[id(cls)] = (cls, frozenset(walk.symbols))
        return known[1]

    def object(self, v, t):
        self.objects += 1
        if self.objects > MAX_WALK_OBJECTS:
            # a key past this size stands for no other call (and no object's key is kept from it):
            # nested functions whose closures hold each other are a DAG whose walk is exponential
            # (scipy's test_polyint.py: 15 closures, 23 GB before the kernel killed the run)
            self.reach = -1
            return Unique()
        ident = id(v)
        hit = self.cache.entries.get(ident)
        if hit is not None and hit[0] is v and (hit[4] == HeapClock.writes or all(_revision(o) == r for o, r in hit[3])):
            if hit[4] != HeapClock.writes:   # checked once per change anywhere, not per use
                self.cache.entries[ident] = hit[:4] + (HeapClock.writes,)
            self.symbols |= hit[2]
            if self.path:   # an enclosing object's key is read from these objects too
                self.read.update((id(o), (o, r)) for o, r in hit[3])
            return hit[1]
        if ident in self.path:
            position = self.path.index(ident)
            self.reach = min(self.reach, position)
            return ("up", len(self.path) - position)
        outer = self.symbols, self.reach, self.read
        self.symbols, self.reach, self.read = set(), 1 << 30, {ident: (v, _revision(v))}
        depth = len(self.path)
        self.path.append(ident)
        try:
            if t is Instance:
                self.symbols |= self.class_names(v.cls)
                key = ("I", Same(v.cls), v.template, self.attrs(v.attrs))
            elif t is Opaque:
                key = ("O", Same(v), self.key(v.dim), self.attrs(v.members))
            else:   # a function: its code, and the values of its closure and defaults it can read
                key = ("F", Same(v if v.closure is None else self.cache.code(v)), self.closure(v),
                       self.key(v.defaults), self.key(v.kw_defaults))
        finally:
            self.path.pop()
        node = Node(key)
        node = self.cache.nodes.setdefault(node, node)
        mine, read = self.symbols, self.read
        if self.reach >= depth:   # nothing below refers above this object: its key is its own
            self.cache.entries[ident] = (v, node, frozenset(mine), tuple(read.values()), HeapClock.writes)
        self.symbols, self.reach, self.read = outer[0] | mine, min(outer[1], self.reach), outer[2]
        self.read.update(read)
        return node

    def attrs(self, table: dict) -> tuple:
        return tuple(zip(table, map(self.key, table.values())))

    def closure(self, fn: Function) -> tuple | None:
        """The values of ``fn``'s closure its code can read: those of the names it mentions. A
        function made anew by each run of the one that defines it (``map(lambda t: rearrange(t, ...,
        h=self.heads), qkv)`` in a layer's ``forward``) is a new object each time, holding the
        enclosing frame's whole environment; two such, equal in what they read, make the same
        decisions (vit-pytorch: 1,863 of its 6,925 bodies run were lambdas, each new one run again)."""
        closure = fn.closure
        if not isinstance(closure, dict):
            return None
        names = self.cache.read_names(fn.node)
        if names is None:
            return self.attrs(closure)
        return tuple((name, self.key(closure[name]) if read is None or type(closure[name]) is not Instance
                      else self.projection(closure[name], read)) for name, read in names if name in closure)

    def projection(self, obj: Instance, read: tuple):
        """The key of the object ``obj`` where code reads only its attributes ``read`` (``self.heads``
        alone in ``lambda t: rearrange(t, ..., h=self.heads)``): its class, whether it is a template and
        those attributes' values, where it holds them all (and the names it has, in order, where
        ``read`` holds :data:`LAYOUT`); else its whole key."""
        attrs = obj.attrs
        if not all(a in attrs or a == LAYOUT for a in read):
            # a method (``self.proj(t)`` passes the whole object on), a class attribute or a field read
            # makes (expressions.attribute): all of it
            return self.key(obj)
        self.symbols |= self.class_names(obj.cls)
        self.read[id(obj)] = (obj, _revision(obj))
        return ("P", Same(obj.cls), obj.template,
                tuple((a, tuple(attrs) if a == LAYOUT else self.key(attrs[a])) for a in read))


#: A function whose calls a second key (alpha_keys.py, :func:`projected_key`) found no summary for
#: this many times per one it found (and once more) is asked by it no more: a predicate called with
#: every kind of value (vit-pytorch's ``exists``: 300 alpha keys, 3 found) or a validation of a
#: changed estimator (scikit-learn's ``validate_data``: 110, 1 found) costs a key's walk per call
#: and saves a body of a few lines; a projection found 47 summaries for 1,300 of vit-pytorch's calls.
MAX_MISSES = 8


class Worth:
    """Per function, whether a key is still worth making for its calls: a second one (alpha_keys.py,
    :func:`projected_key`; :data:`MAX_MISSES`) or the call's own (``calls.MAX_KEY_MISSES``), given up
    after ``max_misses`` calls it found no summary for per one it found (and once more)."""

    __slots__ = ("missed", "found", "refused", "max_misses")

    def __init__(self, max_misses: int = MAX_MISSES):
        self.max_misses = max_misses
        self.missed: dict[int, int] = {}   # id of a function's node -> its calls the key found nothing for
        self.found: dict[int, int] = {}    # ... -> its calls it found a summary for
        self.refused: set[int] = set()

    def asking(self, fn) -> bool:
        return id(fn.node) not in self.refused

    def tell(self, fn, found: bool) -> None:
        ident = id(fn.node)
        if found:
            self.found[ident] = self.found.get(ident, 0) + 1
            return
        missed = self.missed[ident] = self.missed.get(ident, 0) + 1
        if missed >= self.max_misses * (self.found.get(ident, 0) + 1):
            self.refused.add(ident)


def class_names(cls: Class, cache: KeyCache) -> frozenset:
    """The names ``cls``'s namespace holds, as a call key's walk reports them (``_Keys.class_names``)."""
    return _Keys(cache).class_names(cls)


def _positional(node: ast.AST) -> tuple[str, ...]:
    args = node.args
    return tuple(a.arg for a in args.posonlyargs + args.args)


def _owner_of(cls: Class, fn: Function) -> Class | None:
    """The class among ``cls`` and its bases whose body defines ``fn`` (what ``super()`` starts after)."""
    stack, seen = [cls], set()
    while stack:
        c = stack.pop(0)
        if type(c) is not Class or id(c) in seen:
            continue
        seen.add(id(c))
        if any(v is fn for v in c.namespace.values()):
            return c
        stack.extend(c.bases)
    return None


def _revision(obj) -> int:
    return obj.revision() if type(obj) is not Function else 0   # a closure is a snapshot


#: type -> the fields by which a key reads its values (a frozen dataclass's), or None (by identity):
#: one lookup, where ``is_dataclass`` and two cached calls were a fifth of a key's own time
_KEYED_FIELDS: dict[type, tuple[str, ...] | None] = {}


@lru_cache(maxsize=None)
def _field_names(t: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(t))


@lru_cache(maxsize=None)
def _frozen(t: type) -> bool:
    return t.__dataclass_params__.frozen and t is not LazyImport


def call_key(fn: Function, args: list, kwargs: dict, context=(), cache: KeyCache | None = None) -> tuple[tuple, set]:
    """The key of a call of ``fn`` (the function with its closure, the arguments, the objects they
    reach, by content, and ``context``: what else the run reads), and the symbols those values
    mention (a reuse keeps them)."""
    walk = _Keys(cache if cache is not None else KeyCache())
    # (``map`` over the walk: no generator frame per value, in the hottest loop of a call)
    return _assemble(walk, fn, context, tuple(map(walk.key, args)), kwargs), walk.symbols


def _assemble(walk: "_Keys", fn: Function, context, args: tuple, kwargs: dict) -> tuple:
    """A call's key from its positional arguments' keys ``args``: the layout :func:`projected_key`'s
    keys have too (function, context, positional keys, sorted keyword keys)."""
    names = sorted(kwargs)
    return walk.key(fn), walk.key(context), args, tuple(zip(names, map(walk.key, map(kwargs.__getitem__, names))))


def projected_key(fn: Function, args: list, kwargs: dict, context, cache: KeyCache) -> tuple | None:
    """The call's key with each object argument keyed by the attributes ``fn`` can read of it
    (``KeyCache.object_reads``); None where that is the call's key itself (no object argument is
    read in part). A second key, asked where the first has no summary: an object's whole key is
    kept per object and costs nothing on a hit, a projection is walked per call (vit-pytorch: 4%
    slower keyed so first); a call that changes its object is kept under it as what it wrote
    (``Calls._keep_writes``), under the whole key as its effect on the whole table (effects.py)."""
    if type(fn) is not Function or not any(type(v) is Instance and not v.template and v.attrs
                                           for v in (*args, *kwargs.values())):
        return None
    walk = _Keys(cache)
    projected = tuple(_argument_key(walk, fn, position, v) for position, v in enumerate(args))
    names = sorted(kwargs)
    by_name = tuple((name, _argument_key(walk, fn, name, kwargs[name])) for name in names)
    if not any(type(k) is tuple and k[:1] == ("P",) for k in (*projected, *(k for _, k in by_name))):
        return None
    return walk.key(fn), walk.key(context), projected, by_name


def _argument_key(walk: "_Keys", fn: Function, position: int | str, v):
    """The key of a call's argument at ``position`` (or by that keyword): an object by the attributes
    the call can read of it (``KeyCache.object_reads``), where that is known; any other value by all it
    holds. A template (which a read can add a field to) and a linen module (whose fields are not bound)
    are read whole."""
    if type(v) is Instance and not v.template and v.attrs:
        read = walk.cache.object_reads(fn, position, v)
        if read is not None and not v.cls.node.decorator_list and not is_linen_module(v.cls) \
                and not v.attrs.keys() <= set(read):
            return walk.projection(v, read)
    # (one that reads all it holds -- a constructor's empty object -- is keyed whole: its projection
    # would tell no more, and a second key for it costs a walk per call and a second record of its effect)
    return walk.key(v)


def projection_holds(projected: tuple, obj: Instance, written: set, cache: KeyCache) -> bool:
    """Whether the first argument ``obj`` of a call keyed ``projected`` (:func:`projected_key`), read
    there in part, still reads as it did in each attribute the call did not write (``written``): what
    it wrote is its effect (``effects.record_writes``), the rest must be as the key read it."""
    args = projected[2]
    part = args[0] if args else None
    if type(part) is not tuple or part[:1] != ("P",):
        return False
    # (the names it has changed by the writes alone, which the effect repeats)
    kept = tuple((a, k) for a, k in part[3] if a not in written and a != LAYOUT)
    attrs = obj.attrs
    if not all(a in attrs for a, _ in kept):
        return False
    walk = _Keys(cache)
    return tuple((a, walk.key(attrs[a])) for a, _ in kept) == kept


def attribute_keys(key: tuple) -> tuple | None:
    """The keys of the attributes of a call's first argument, an object, as its key ``key`` read them
    (in its table's order), each as :func:`content_key` gives it where it refers to nothing above it; None
    where the key holds no such object."""
    args = key[2]
    first = args[0] if args else None
    if type(first) is not Node or first.key[0] != "I":
        return None
    return tuple(k for _, k in first.key[3])


def without_first_argument(key: tuple) -> tuple:
    """``call_key``'s key of the same call without its first positional argument (a construction's
    object): the key of what the call was given besides it, which its run may not change either."""
    function, context, args, kwargs = key
    return function, context, args[1:], kwargs


def holds_object(v) -> bool:
    """Whether ``v`` is or contains an object (which a reused result would share between calls):
    what a key's walk counts as one, found without building the key (a factory's result, a dict of
    twenty configs, is asked once per call: 3% of timm's run built its key)."""
    t = type(v)
    if t in _PLAIN:
        return False
    if t is Function:
        return not _fixed(v, set())
    if t is Instance or t is Opaque:
        return True
    if t is tuple or t is list:
        return any(holds_object(x) for x in v)
    if t is D.Expr or t in (int, str, float, bool, type(None)):
        return False
    if dataclasses.is_dataclass(v) and _frozen(t):
        return any(map(holds_object, map(getattr, repeat(v), _field_names(t))))
    return False   # kept by identity in a key (a class, a module): not an object a call makes


def _fixed(v, seen: set) -> bool:
    """Whether every call with one key makes ``v`` alike, so that a reused result may share it: a
    value with no object and no symbol, or a function closing over (and defaulting to) such values
    only -- ``register_model()``'s ``wrapper``, closing over its ``name``, which torchvision's
    121 model builders each made anew with a run of the decorator's body."""
    t = type(v)
    if t is Function:
        if id(v) in seen:
            return True
        seen.add(id(v))
        values = [*v.defaults, *(d for _, d in v.kw_defaults), *(v.closure.values() if v.closure is not None else ())]
        return all(_fixed(x, seen) for x in values)
    if t is Str or t is Float or t is NoneValue or t is EllipsisValue or t is LibraryObject or t is Class:
        return True
    if t is Int or t is Bool:
        return t is Int and type(v.dim) is int or t is Bool and v.pred is None
    if t is Unknown:
        return v.middle is None and not v.derived
    if t is Tuple or t is List:
        return all(_fixed(x, seen) for x in (v.items or ())) and (t is Tuple or _fixed(v.element, seen))
    if t is Dict:
        return all(_fixed(x, seen) for _, x in v.items)
    return False


#: Words that make a body's analysis read what a call's key does not hold: a ``HOLE`` (solved per
#: call). Not ``global``: besides being no store outside the run (see the module docstring), the
#: word is in docstrings (scikit-learn's ``_get_threadlocal_config``, "the default global
#: configuration", ran once per call: 967 runs).
_UNSUMMARISABLE = re.compile(r"\bHOLE\b")


def summarisable(fn: Function, cache: KeyCache) -> bool:
    """Whether ``fn``'s body can be summarised at all (see :data:`_UNSUMMARISABLE`). Read off the
    source text once per function and run, which costs far less than walking the tree for every
    function of every file; a comment or string with one of the words only costs the function its
    summaries."""
    if not fn.module.mentions_holes:
        return True
    node = fn.node
    known = cache.bodies.get(id(node))
    if known is None:
        lines = fn.module.lines[node.lineno - 1:node.end_lineno]
        known = cache.bodies[id(node)] = _UNSUMMARISABLE.search("\n".join(lines)) is None
    return known


symbol_number = D.symbol_number   # (kept here too: the driver's modules read it from here)


__all__ = ["Summary", "GlobalRead", "Worth", "MAX_MISSES", "KeyCache", "global_read", "held_names", "content_key", "reads_hold", "attribute_keys", "call_key",
           "projected_key", "holds_object", "summarisable",
           "symbol_number"]
