"""The ranks a project's own calls give a function's parameters (issue 10).

A method's generic analysis knows nothing of its callers: ``forward(self, x)`` runs with ``x`` of
unknown rank even when every call in the project passes a rank-3 tensor, and every expression over
``x`` stays unknown. What each call passed is recorded here, and a parameter that every call seen
gives the same rank (a ``None`` passed for an optional one aside) is given that rank in a second
generic analysis, which the driver runs for coverage and reveals only (``Calls.rerank``); one
that every call leaves ``None`` (``context=None`` never passed) is None there, and one that every
call gives a number (``eps=1e-6`` left to its default, ``dim=-1``) is that number there (an int, or
a number of unknown value, where the calls' numbers differ) -- not an array of unknown rank.

Constructions are calls too: a constructor's parameter that every construction gives a layer (a
wrapper's ``Residual(dim, fn)``, where ``self.fn(x)`` is unknown in the generic analysis) is that
layer (one of them, where they differ) in an object built again for the re-analysis of the
class's methods (``Calls._built_with_layers``). So is a parameter the constructor calls to build a
layer (``norm_layer(dim)``, ``act_layer()``) whose default is a class, a function or None: at what
every construction gave it, else at its default (``layer_factories``), as the layers a class builds
unless told otherwise (timm's and torchvision's blocks take ``norm_layer=None`` and ``act_layer=
nn.GELU``; their ``self.norm(x)`` was unknown in every re-run).

Soundness: a rank read off call sites is a guess about callers outside the project, so nothing it
finds is reported -- its diagnostics but its reveals are dropped, and the function's signature
and an editor's hover notes stay the first analysis's. An error under that rank is still found
where it is true: each call's own analysis runs the body with the real argument and reports it at
the call (SC110).

Observations are kept per *root*, the generic analysis they were made under (call analyses nested
in it included), so that re-running a root with better ranks replaces what it saw (a caller of
unknown rank passed ``(*x)``; at rank 3 it passes three dims). A call answered by a summary replays
the observations its body made when it ran (``Summary.observed``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_, itemgetter

from ...constraints import dims as D
from ..core.join import either_layer
from ..core.values import (NONE, UNKNOWN, Alternatives, Array, Bool, Class, Float, Function, Instance, Int,
                           LibraryObject, NoneValue, Partial, TorchModule, Tuple, Unknown, Value)
from ..core.node_answers import per_node, walk
from .binding import CONSTRUCTORS, parameter_defaults

#: Rounds of re-analysis: each reaches one more level of calls (a model's forward, its blocks',
#: their layers') -- deeper nesting than this keeps the ranks it has.
MAX_ROUNDS = 6

#: What a re-run at call-site ranks reports: its reveal_shape notes, in place of the first run's.
REVEALS = frozenset({"SC301"})


def rerun_wanted(coverage: bool, text: str) -> bool:
    """Whether a re-run of a module's methods at guessed ranks can show in the output: coverage is
    wanted (``--statistics``), or the module's text can reveal a shape (REVEALS) or hold a hole
    (holes.py solves the holes of every analysis of the checked module). Everything else a re-run
    finds is dropped, so without these it is work nobody sees (a fifth of vit-pytorch's CPU time)."""
    return coverage or "reveal_shape" in text or "HOLE" in text


#: (callee, parameter, rank, layer): the rank a call gave a parameter (None: a value of no known
#: rank), and the layer it gave a constructor's parameter (None: no layer, or not a constructor).
Observation = tuple


#: What a call passed where it passed ``None`` (an optional parameter left out), for its observation.
PASSED_NONE = "None"
#: What a call passed where it passed a number: an int, or another number, of no value known here
#: (a literal number is observed as itself: ``eps=1e-6`` left to its default, ``dim=-1``).
PASSED_INT, PASSED_NUMBER = "int", "number"
#: What a call passed where it passed a tuple of arrays: ``(PASSED_ARRAYS, rank, rank, ...)``.
PASSED_ARRAYS = "arrays"
MAX_TUPLE_ITEMS = 4


def gives_layer(observed: tuple) -> bool:
    """Whether a call's observations (``CallSites.end_call``) gave a constructor a layer. Asked of
    every summary kept or found by its names, over what its callees saw too (a hundred entries and
    more): walked without a Python frame per entry."""
    return not all(map(is_, map(_LAYER, observed), repeat(None)))


_LAYER = itemgetter(3)   # an observation is (function, parameter, rank, layer)


def _distinct(observations: list) -> tuple:
    """``observations`` each once, in the order first seen: what reads them takes sets of them
    (ranks per parameter, whether a layer was given), and a call's holds its callees' as well, so
    repeats compounded with each level of nesting (scikit-learn's linear_model: 3.2M observations
    kept by 7,656 calls, 217,000 of them distinct; one tuple of 44,918), scanned at every summary
    kept. An observation holding a layer that cannot be hashed keeps them all."""
    try:
        return tuple(dict.fromkeys(observations))
    except TypeError:
        return tuple(observations)


def observed_rank(value: Value) -> int | str | Value | None:
    """The rank a call's argument has (None: unknown or not an array; PASSED_NONE: ``None``; a
    literal number itself, PASSED_INT or PASSED_NUMBER for another number)."""
    t = type(value)
    if t is NoneValue:
        return PASSED_NONE
    if t is Array:
        return value.shape.rank
    if t is Int:
        return value if type(value.dim) is int else PASSED_INT
    if t is Float:
        return value if value.value is not None else PASSED_NUMBER
    if t is Bool:
        return value if value.value is not None else PASSED_NUMBER
    if t is Unknown and value.scalar:
        return PASSED_NUMBER   # a constructor's number (``self.eps``)
    if t is LibraryObject:
        return value   # a library's class or function (``act_layer=nn.ReLU``): the same in every run
    if t is Tuple and 2 <= len(value.items) <= MAX_TUPLE_ITEMS and all(
            type(item) is Array and item.shape.rank is not None for item in value.items):
        # a pair of arrays (``(h, c)``, ``freqs, bias = pos_emb``): their ranks
        return (PASSED_ARRAYS,) + tuple(item.shape.rank for item in value.items)
    return None


def open_parameters(fn: Function, env: dict) -> list[str]:
    """The parameters that a generic analysis starts from as its own unknowns (``(*x)``): not the
    receiver, an annotated one or a constructor's hyperparameter."""
    return [name for name, v in env.items()
            if type(v) is Unknown and v.middle is not None and v.middle.scope == fn.scope
            and v.middle.name == name and not v.middle.drop]


@dataclass
class CallSites:
    """What every call seen passed, by root (see the module docstring)."""

    by_root: dict = field(default_factory=dict)     # root Function (None: module code) -> observations
    _open: list = field(default_factory=lambda: [[]])   # collectors of the analyses now running
    _roots: list = field(default_factory=lambda: [None])
    # the symbols of the parametric runs in progress (parametric.py): an int made of them is seen as
    # itself, so that the sizes substituted into it are what a run at those sizes sees
    parametric: frozenset = frozenset()

    def observe(self, fn: Function, env: dict) -> None:
        collector = self._open[-1]
        # a constructor's own object (its first parameter) is no layer it is given
        args = fn.node.args.posonlyargs + fn.node.args.args if getattr(fn.node, "name", None) in CONSTRUCTORS else ()
        receiver = args[0].arg if args else None
        for name, value in env.items():
            layer = value if args and name != receiver and is_layer(value) else None
            rank = observed_rank(value)
            if rank is PASSED_INT and self.parametric and not self.parametric.isdisjoint(D.free_symbols(value.dim)):
                rank = value
            collector.append((fn, name, rank, layer))

    def replay(self, observed: tuple) -> None:
        """A call answered by a summary: what its body saw when it ran, seen again."""
        self._open[-1].extend(observed)

    def begin_root(self, fn: Function) -> None:
        """A generic analysis of ``fn`` starts: what an earlier one saw is replaced."""
        self._roots.append(fn)
        self._open.append([])

    def end_root(self) -> None:
        self.by_root[self._roots.pop()] = _distinct(self._open.pop())

    def begin_call(self) -> None:
        self._open.append([])

    def end_call(self) -> tuple:
        """A call's body finished: what it saw, for its summary (the enclosing analysis sees it too)."""
        observed = _distinct(self._open.pop())
        self._open[-1].extend(observed)
        return observed

    def agreed_ranks(self) -> dict[Function, dict[str, int | str]]:
        """Function -> parameter -> the rank every call seen gave it (a ``None`` passed for an optional
        parameter aside), where they all agree; PASSED_NONE where every call passed ``None``."""
        seen: dict = {}
        for observations in (*self.by_root.values(), self._open[0]):
            for fn, name, rank, _ in observations:
                seen.setdefault(fn, {}).setdefault(name, set()).add(rank)
        return {fn: ranks for fn, params in seen.items() if (ranks := {
            name: agreed for name, rs in params.items() if (agreed := _agreed(rs)) is not None})}

    def ranks_passed(self) -> dict[Function, set[str]]:
        """Function -> the parameters some call seen passed an array of known rank (where the calls
        disagree, what they passed still says more than a broadcast's floor: ``Analysis.floor_rank``)."""
        out: dict = {}
        for observations in (*self.by_root.values(), self._open[0]):
            for fn, name, rank, _ in observations:
                if type(rank) is int:
                    out.setdefault(fn, set()).add(name)
        return out

    def agreed_layers(self) -> dict[Function, dict[str, Value]]:
        """Constructor -> parameter -> the layer every construction seen passed it (a wrapper's
        ``Residual(dim, fn)``), where each passed one: one of them (``either_layer``)."""
        seen: dict = {}
        for observations in (*self.by_root.values(), self._open[0]):
            for fn, name, _, layer in observations:
                if getattr(fn.node, "name", None) in CONSTRUCTORS:
                    seen.setdefault(fn, {}).setdefault(name, []).append(layer)
        out: dict = {}
        for fn, params in seen.items():
            for name, layers in params.items():
                joined = _either(layers)
                if joined is not None:
                    out.setdefault(fn, {})[name] = joined
        return out


#: What a layer factory's default may be: a class, a function, ``partial(nn.LayerNorm, eps=1e-6)``, or None.
_FACTORY_DEFAULTS = (NoneValue, LibraryObject, Partial, Class, Function)


def layer_factories(init: Function, agreed: dict) -> dict[str, Value]:
    """Constructor ``init``'s parameters that its body calls (``self.norm = norm_layer(dim)``) and
    whose default is a class, a function or None, each at what every construction seen gave it
    (``agreed``: ``CallSites.agreed_ranks``' for ``init``; None, or a library class such as
    ``nn.ReLU``), else at its default."""
    defaults = parameter_defaults(init)
    out = {}
    for name in _called_parameters(init.node):
        default = defaults.get(name)
        if type(default) not in _FACTORY_DEFAULTS:
            continue
        given = agreed.get(name)
        out[name] = NONE if given == PASSED_NONE else given if type(given) is LibraryObject else default
    return out


@per_node
def _called_parameters(node: ast.FunctionDef) -> tuple[str, ...]:
    """The parameters of ``node`` that its body calls by name (``norm_layer(dim)``)."""
    params = {p.arg for p in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
    called = {n.func.id for n in walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    return tuple(sorted(params & called))


def is_layer(value: Value) -> bool:
    """A layer a wrapper may hold and call: a torch layer, one of a few, or an object of a project
    class that is called (``forward`` or ``__call__``)."""
    t = type(value)
    if t in (TorchModule, Alternatives):
        return True
    return t is Instance and any(type(value.cls.lookup(m)) is Function for m in ("forward", "__call__"))


def _either(layers: list) -> Value | None:
    if None in layers:
        return None
    out = layers[0]
    for layer in layers[1:]:
        out = out if layer is out else either_layer(out, layer)
        if out is UNKNOWN:
            return None
    return out


def _agreed(ranks: set) -> int | str | Value | None:
    given = ranks - {PASSED_NONE}
    if not given:
        return PASSED_NONE
    if None in given:
        return None
    if len(given) == 1:
        return next(iter(given))
    if all(_is_number(r) for r in given):   # numbers that differ: a number still
        return PASSED_INT if all(r == PASSED_INT or type(r) is Int for r in given) else PASSED_NUMBER
    return None


def _is_number(observed) -> bool:
    return observed in (PASSED_INT, PASSED_NUMBER) or type(observed) in (Int, Float, Bool)
