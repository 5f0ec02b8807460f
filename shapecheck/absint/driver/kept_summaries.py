"""Call summaries kept across an editor's re-checks (issue 11), while what their runs read holds.

Each run starts its call memo (summaries.py) empty, so an edit ran again every call that the
analyses run again made, even a call of an unchanged function with unchanged arguments: an edit
in timm's ``create_levit`` ran, for each of the twenty ``levit_*`` factories, its call of
``create_levit`` and every call into timm's builder that one made; an edit in a constructor ran
every layer's construction its enclosing constructors made, not only the edited layer's. A
summary kept here answers the same call in a later run of the same file, as it would in its own:

- its *key* is the call's key (``summaries.call_key``) with each class, function and module by
  name and text instead of by identity (:func:`relocatable`): a call whose key holds what has no
  name (a closure's class, an object known only by name) or a name a run made up (a numbered
  symbol, a derived token: the next run makes others) is not kept;
- it holds while what its run read holds: the checked module's definitions it used (their texts,
  as an incremental entry's: ``uses`` and ``ModuleKeys.digest``), the module's other statements
  and the options (``ModuleKeys.context``), and the source of every other module the run had
  loaded;
- the globals it read while their module's top level ran (``Summary.reads``: timm's ``_cfg``,
  called once per pretrained config, ~160 times, by a model file's module-level
  ``default_cfgs = ...``, reads the module's imported names) hold what they held, by value, or an
  imported name or definition by name;
- its values are kept frozen (relocation.py) and thawed into the run that reuses it, every object
  made afresh; a summary whose values hold what a later run cannot find by name, a symbol or
  token made before its run (``template_prints.made_since``), a global read holding an object, an
  error (its message and positions are its run's), or whose run made notes or defined functions
  for later analysis (``Summary.quiet``: a reuse makes neither) is not kept.

What the summary's run observed for the coverage re-runs (callsites.py) is not kept: an editor's
re-checks make none (``Calls.rerank``), nor count statistics.

The generic analysis of another module's function (timm's ``build_model_with_cfg``, run once per
run, at its first call) is kept the same way (:meth:`KeptSummaries.find_generic`): by the
function's name and text, while the sources of the modules loaded when it was kept hold, where it
read nothing of the checked file and left nothing in the run but its result.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, replace
from typing import Any, Callable

from ...constraints import dims as D
from ..core.values import Class, Function, LazyImport, ProjectModule, Unknown
from .effects import SELF, Effect
from .relocation import NotRelocatable, definition_text, freeze, refusing, resolver, thaw
from .summaries import GlobalRead, Node, Same, Summary, Unique, holds_object
from .template_prints import Start, made_since, template_print

#: Kept summaries per checked file, at most (a long session starts over rather than growing).
MAX_KEPT = 20_000
#: The store's tables of kept calls by id (dependencies.CALL): id -> relocatable key, and back
CALLS, IDS = "calls", "ids"
#: A kept call's id: never one given before in the process, so an id an entry holds names no other
#: call after the store is cleared (a key's repr would not do: ``Unknown()`` shows as ``UNKNOWN``
#: whatever it holds)
_IDENTS = itertools.count()


@dataclass(frozen=True)
class Kept:
    summary: Summary    # its values frozen
    uses: frozenset     # the checked module's definitions and globals its run used (dependencies.py)
    digest: str         # what those read then (ModuleKeys.digest)
    context: str        # the module's other statements and the options then (ModuleKeys.context)
    sources: tuple      # (path, source digest) of every other module loaded when it was kept
    reads: tuple = ()   # (module path, name, what it held: _read_value) of the globals its run read
    # a call of the checked module's function: its outcome's print (template_prints.py), and how to
    # make the call again -- (the function's qualname, its arguments frozen) -- for CALL dependencies
    print: str | None = None
    call: tuple | None = None


@dataclass(frozen=True)
class KeptGeneric:
    result: Any         # a calls.GenericResult, its values frozen
    sources: tuple      # (path, source digest) of every other module loaded when it was kept


def relocatable(key, symbols) -> tuple | None:
    """``key`` (a call's, with the ``symbols`` its walk met) as a later run makes it for the same
    call: classes, functions and modules by name and text; None where it holds what has no name, or
    a name a run made up."""
    if any(type(s) is tuple and s[0] == "derived" or type(s) is str and _numbered(s) for s in symbols):
        return None
    try:
        return _Relocated().value(key)
    except NotRelocatable:
        return None


def _numbered(name: str) -> bool:
    return D.symbol_number(name) >= 0


class _Relocated:
    def __init__(self):
        self.nodes: dict[int, tuple] = {}

    def value(self, v):
        t = type(v)
        if t is Node:
            known = self.nodes.get(id(v))
            if known is None:
                known = self.nodes[id(v)] = ("N", self.value(v.key))
            return known
        if t is Same:
            return _named(v.obj)
        if t is tuple:
            return tuple(self.value(x) for x in v)
        if t is Unique:
            raise NotRelocatable(t.__name__)   # a part that equals nothing else
        return v   # a plain value or an atom: the same in every run


def _read_value(value):
    """What a global read held, as a later run can compare it: a value holding no object as it is,
    an imported name or a definition by name, a kept module's closure as itself; NotRelocatable for
    anything else."""
    if _kept_closure(value):
        return value
    t = type(value)
    if value is None or t is LazyImport or t is Class or t is Function:
        return _named(value) if value is not None else None
    if freeze(value, {}) is not value or holds_object(value):
        raise NotRelocatable(t.__name__)
    return value


def _definite(key) -> bool:
    """Whether a call's key holds no unknown value. A call on one (a generic analysis's parameter,
    ``Block(dim)``) is analysed with what the run learnt of that parameter by then (its rank, that
    it is an int), which depends on what the run analysed before it, that is on what it reused: its
    outcome, made again in a later run, may differ though nothing changed (swin_transformer.py's
    ``WindowAttention(dim)`` kept ``self.dim`` an int in the first check, unknown in the next), so
    it stands for no CALL dependency (its caller's record holds what its run read, as before)."""
    t = type(key)
    if t is Unknown:
        return False
    if t is tuple:
        return all(_definite(v) for v in key)
    if dataclasses.is_dataclass(t):
        return all(_definite(getattr(key, f.name)) for f in dataclasses.fields(t))
    return True


def _kept_closure(value) -> bool:
    """Whether ``value`` is a closure a kept module's top level made (timm's ``to_2tuple =
    _ntuple(2)``): no run changes it (shared_modules.py, K4), and a later run whose modules read as
    they did (``Kept.sources``) reads this very object, so a summary that read it holds while the
    global still holds it (an identity: Function compares so)."""
    return type(value) is Function and value.closure is not None and value.module.shared


def _named(obj) -> tuple:
    t = type(obj)
    if t is Class or t is Function:
        if "<" in obj.qualname:
            raise NotRelocatable(obj.qualname)
        return ("D", obj.module.path, obj.qualname, definition_text(obj.module, obj.node))
    if t is ProjectModule:
        return ("M", obj.info.path)
    if t is LazyImport:
        return ("L", obj.module, obj.name, obj.level, obj.importer.path)
    raise NotRelocatable(t.__name__)   # an object known by name, a mutable value: by identity only


class KeptSummaries:
    """One run's view of the summaries kept for the checked module (see the module docstring)."""

    def __init__(self, store: dict, keys, modules: dict, loading: dict, checked_path: str, opaques, settle=None):
        self.store = store            # relocatable key -> Kept, for this checked file
        # (module, name, LazyImport) -> the imported name's value, loading its module as a read does
        # (Analysis.settle): an editor's run loads a project import on first use, so the first call
        # of timm's ``_cfg`` in each run met ``IMAGENET_DEFAULT_MEAN`` still a LazyImport, where the
        # kept summary read the value it resolves to, and ran again on every keystroke
        self.settle = settle
        self.keys = keys              # the checked module's ModuleKeys
        self.modules = modules        # realpath -> ModuleInfo of every module of the run
        self.loading = loading        # realpath -> ModuleInfo of the modules whose top level runs
        self.checked_path = checked_path
        self.opaques = opaques        # what must not be frozen (incremental.module_opaques)
        self.reused = 0
        self.found: str | None = None   # the id of the call find() last answered (dependencies.CALL)
        self.made: set = set()          # the keys of the summaries this run kept

    def find(self, key, symbols) -> Summary | None:
        """The kept summary of this call, thawed into the run, where what its run read holds."""
        self.found = None
        rkey = relocatable(key, symbols)
        kept = self.store.get(rkey) if rkey is not None else None
        if kept is None or not self._holds(kept):
            return None
        reads = self._reads_now(kept.reads)
        if reads is None:
            return None
        summary = kept.summary
        memo: dict = {}
        resolve = resolver(self.modules)
        try:
            result = thaw(summary.result, resolve, memo)
            refined = thaw(summary.refined, resolve, memo)
            changed = thaw(summary.changed, resolve, memo)
            effect = summary.effect
            if effect is not None:
                effect = Effect(thaw(effect.attrs, resolve, memo), thaw(effect.owned, resolve, memo), effect.symbols,
                                removed=effect.removed)
        except NotRelocatable:
            return None
        self.reused += 1
        self.found = self._ident(rkey) if kept.print is not None else None
        return replace(summary, result=result, refined=refined, changed=changed, effect=effect, reads=reads)

    def keep(self, key, symbols, summary: Summary, call: tuple | None = None) -> str | None:
        """Keep a summary this run made, where it can be (see the module docstring); with ``call``
        (a call of the checked module's function: its qualname and frozen arguments), the id a
        CALL dependency names it by, where its outcome has a print."""
        if summary.errors or not summary.quiet or summary.made is not None:
            return None   # (a result's snapshot holds the kept modules' objects of this process)
        rkey = relocatable(key, symbols)
        try:
            reads = tuple((read.path, read.name, _read_value(read.value)) for read in summary.reads
                          if read.content is None or _kept_closure(read.value))
        except NotRelocatable:
            return None
        if rkey is None or len(reads) < len(summary.reads):
            return None
        memo = refusing(self.opaques)
        memo[id(SELF)] = (SELF, SELF)   # an effect's stand-in for its object stays itself
        try:
            frozen = replace(summary, result=freeze(summary.result, memo), refined=freeze(summary.refined, memo),
                             changed=freeze(summary.changed, memo), observed=(), outside=(), counted=(), epoch=0,
                             effect=_frozen_effect(summary.effect, memo), reads=())
        except NotRelocatable:
            return None
        values = (frozen.result, frozen.refined, frozen.changed, frozen.effect.attrs if frozen.effect else ())
        first = Start(summary.made_symbols.start, summary.first_token)
        if not made_since(values, first):
            return None
        # what the caller gets of the call: these values, the ranks it demanded of the caller's
        # parameters, and the globals it read
        read = tuple((path, name, ("K", held.qualname) if _kept_closure(held) else held) for path, name, held in reads)
        digest = self.keys.digest(summary.uses)
        outcome = template_print(values + (frozen.effect.owned if frozen.effect else (), summary.demands, read),
                                 first) if call is not None and _definite(rkey) else None
        earlier = self.store.get(rkey) if rkey in self.made else None
        if earlier is not None and earlier.print is not None:
            # made again in this run (its first summary no longer held: a global it read was
            # rebound), it may give another outcome, as a call's analysis reads what the run learnt
            # of its parameters before it: what read the first kept that one's print, so the first
            # stands, else those analyses would not hold in the next run, nor the next ones in turn
            return self._ident(rkey)
        if len(self.store) >= MAX_KEPT:
            self.store.clear()
        self.made.add(rkey)
        self.store[rkey] = Kept(frozen, summary.uses, digest, self.keys.context(),
                                self._sources(), reads, outcome, call if outcome is not None else None)
        if outcome is None:
            return None
        return self._ident(rkey)

    def _ident(self, rkey) -> str:
        ids = self.store.setdefault(IDS, {})
        ident = ids.get(rkey)
        if ident is None:
            ident = ids[rkey] = str(next(_IDENTS))
            self.store.setdefault(CALLS, {})[ident] = rkey
        return ident

    def outcome(self, ident: str, again: Callable[[tuple], str | None]) -> str | None:
        """The print of the outcome of kept call ``ident`` in this run: its kept summary's where
        what its run read holds (its function's text among it), else that of the call made again
        now (``again``: from its qualname and frozen arguments, the id its summary is kept by); None
        where there is none."""
        calls = self.store.get(CALLS, {})
        kept = self.store.get(calls.get(ident, ()))
        if kept is None or kept.print is None:
            return None
        if self._holds(kept) and self._reads_now(kept.reads) is not None:
            return kept.print
        made = again(kept.call)   # (in a later run, the call made again finds the summary it keeps now)
        now = self.store.get(self.store.get(CALLS, {}).get(made, ())) if made is not None else None
        return now.print if now is not None else None

    def find_generic(self, fn):
        """The kept generic analysis of another module's top-level function ``fn``, thawed into the
        run, where the modules' sources hold."""
        kept = self.store.get(("G",) + _named(fn))
        if kept is None or not self._loaded_as(kept.sources):
            return None
        memo: dict = {}
        resolve = resolver(self.modules)
        result = kept.result
        try:
            return replace(result, returns=thaw(result.returns, resolve, memo),
                           final_env={k: thaw(v, resolve, memo) for k, v in result.final_env.items()})
        except NotRelocatable:
            return None

    def keep_generic(self, fn, result, first: Start) -> None:
        """Keep the generic analysis of another module's function (see the module docstring)."""
        memo = refusing(self.opaques)
        try:
            frozen = replace(result, returns=freeze(result.returns, memo),
                             final_env={k: freeze(v, memo) for k, v in result.final_env.items()})
        except NotRelocatable:
            return
        if not made_since((frozen.returns, tuple(frozen.final_env.values())), first):
            return
        if len(self.store) >= MAX_KEPT:
            self.store.clear()
        self.store[("G",) + _named(fn)] = KeptGeneric(frozen, self._sources())

    def _reads_now(self, reads: tuple) -> tuple | None:
        """The globals a kept summary's run read, read in this run (GlobalReads, which a reuse in
        this run checks as its own run's), where each holds what it held; None where one does not."""
        if not reads:
            return ()
        infos = {info.path: info for info in (*self.modules.values(), *self.loading.values()) if info is not None}
        now = []
        for path, name, held in reads:
            info = infos.get(path)
            value = info.env.get(name) if info is not None else None
            if self.settle is not None and (type(held) is not tuple or held[:1] != ("L",)):
                value = self._resolved(info, name, value)
            try:
                same = info is not None and _read_value(value) == held
            except NotRelocatable:
                same = False
            if not same:
                return None
            now.append(GlobalRead(info.env, name, value, None, path))
        return tuple(now)

    def _resolved(self, info, name: str, value):
        """A global's value as a read of it resolves it: an imported name loaded, through the kept
        modules' own imported names (timm's ``to_2tuple``, which timm.layers imports from .helpers)."""
        for _ in range(8):
            if type(value) is not LazyImport:
                break
            value = self.settle(info, name, value)
            if type(value) is LazyImport:   # a kept module's own (the settle reads and stores nothing there)
                info, name = value.importer, value.name
        return value

    def _holds(self, kept: Kept) -> bool:
        keys = self.keys
        return (kept.context == keys.context() and kept.digest == keys.digest(kept.uses)
                and self._loaded_as(kept.sources))

    def _loaded_as(self, sources: tuple) -> bool:
        return all(self.keys.source_digest(path) == digest for path, digest in sources)

    def _sources(self) -> tuple:
        # the modules whose top level is running too (a call made by an imported module's top level)
        paths = sorted({*self.modules, *self.loading} - {self.checked_path})
        return tuple((path, self.keys.source_digest(path)) for path in paths)


def _frozen_effect(effect: Effect | None, memo: dict) -> Effect | None:
    if effect is not None and effect.passed:
        # (the objects its call was given are the run's own: a later run's call gives its own)
        raise NotRelocatable("an effect holding what its call was given")
    if effect is None:
        return None
    return Effect(freeze(effect.attrs, memo), freeze(effect.owned, memo), effect.symbols, removed=effect.removed)
