"""Re-analysing only what an edit changed: generic analyses memoised across runs of one project.

An editor re-checks a file on every keystroke. A top-level function's (or class's) generic
analysis depends on its own text and position, the module's other top-level statements (they make
the globals) and the definitions those name (transitively: ``X = make()`` makes X from make's
text) and the options: those make its *key*. It depends too on the module-level definitions it
used as it ran -- called, built objects of, read as globals -- which the analysis records
(dependencies.py): their texts then are the entry's *digest*; and on the other project modules:
the entry holds the source digest of each module its run had loaded (``Entry.sources``). While the
key finds an entry whose digest the current texts give again and whose modules read as they did
(loaded by this run yet or not: which are loaded when a key is asked depends on what the run
reused before, so they are not in the key), the cached result and the diagnostics and notes it
produced are reused. An edit inside one function thus re-analyses that function, what
used it, and the module-level code. What read a class's template depends on its value instead
(dependencies.TEMPLATE, template_prints.py): an edit in a constructor runs the constructors again,
and what read a template they leave as it was is kept.

A cached value must not hold a function or object of an earlier run: results are kept frozen
(relocation.py: objects, classes and functions by name) and thawed into each run that reuses them,
every object made afresh; a result holding what has no name (a closure, an object known only by
how the code reaches it) is not kept. Symbols stay unique across runs because each run continues
the project's symbol counter.
"""

from __future__ import annotations

import ast
import bisect
import hashlib
import itertools
import re
import weakref
from dataclasses import dataclass, field, replace
from typing import Any

from ...report.diagnostics import ShapeNote, Span
from ..core.module import ModuleInfo
from ..core.values import Instance, Opaque
from .project import Options
from .dependencies import CALL, TEMPLATE, USED
from .relocation import NotRelocatable, class_shell, freeze, refusing, resolver, thaw

MAX_ENTRIES = 4096
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
#: what a TEMPLATE dependency reads where the run has no print of the template: equal to nothing
_UNMATCHED = itertools.count()
@dataclass(frozen=True)
class Part:
    """One method's generic analysis in its class's entry, reused on its own while what it used is
    unchanged (the class's template instance being reused): an edit inside ``forward`` leaves the
    analyses of ``__init__`` and the other methods alone, and those of the classes that build the
    object without calling ``forward``."""

    uses: frozenset           # what its analysis used of the module (dependencies.py)
    digest: str               # those definitions' texts then (ModuleKeys.digest)
    diagnostics: tuple = ()   # its own lines' findings
    notes: tuple = ()
    nested: tuple = ()        # (qualname, signature) of the functions defined inside it


@dataclass
class Entry:
    """What one top-level function or class contributed to a run.

    Positions are those of the run that made it, where the module's definitions lay as ``layout``
    says (its own from line ``start``); a reuse moves each with the definition it lies in (lines
    typed above it, or in a method before it). As kept, its values are frozen (relocation.py);
    :meth:`IncrementalCache.cached` gives them thawed.

    A class's entry is its template instance (built by its constructors, which used ``uses``) and a
    :class:`Part` per method; ``separable`` says that no method's analysis changed the template, so
    that each reads it as the constructors left it, whichever others ran before: then a part whose
    digest holds is reused while the others run again. Where a method did change it (a layer's
    ``forward`` filling a cache on ``self``), ``pristine`` is the template as the constructors left
    it (frozen when built): while they hold, the methods run again on it and the constructors do not
    (they build the object's layers, with a call analysis per layer built). Where they do not hold,
    the constructors run again, and a template equal to the kept one (``print``) keeps the parts
    that hold but for it (an early cut-off: ``Calls.generic_instance``)."""

    results: dict            # qualname -> GenericResult
    diagnostics: list
    notes: list
    template: Any = None     # a class's template instance (its methods' receiver)
    start: int = 0
    uses: frozenset = frozenset()   # what its analysis (a class's: its template's) used (dependencies.py)
    digest: str = ""                # those definitions' texts then (ModuleKeys.digest)
    layout: dict | None = None      # the module's definitions and methods then: name -> (first, last line)
    nested: dict = field(default_factory=dict)   # qualname -> signature of the functions defined inside
    parts: dict = field(default_factory=dict)    # a class's: method qualname -> Part
    separable: bool = False
    pristine: Any = None     # a class's template before any method ran, frozen (None: not kept)
    print: str | None = None  # the pristine template's print (template_prints.py; None: not kept)
    sources: tuple = ()      # (path, source digest) of every other module loaded when it was kept

    def shifted(self, path: str, layout: dict, name: str, moves) -> "Entry":
        """The entry of definition ``name`` where the module's definitions now lie (``layout``). A
        position moves with the innermost definition or method it lies in (``moves``: its old span
        and how far it moved, innermost first): a related location in another definition (a
        failure inside a callee) with that one, which an edit between them may have moved alone."""
        start = layout[name][0]
        delta = start - self.start
        if not self._positioned():
            return self if delta == 0 else replace(self, start=start)
        if delta == 0 and moves.still:
            return self

        def move(line: int) -> int:
            by = moves.of(line)
            return delta if by is None else by

        results = {q: replace(r, errors={(line + move(line), col, code) for line, col, code in r.errors})
                   for q, r in self.results.items()}
        parts = {q: replace(p, diagnostics=tuple(_moved_diag(d, path, move) for d in p.diagnostics),
                            notes=tuple(_moved_note(n, move) for n in p.notes))
                 for q, p in self.parts.items()}
        return replace(self, results=results, diagnostics=[_moved_diag(d, path, move) for d in self.diagnostics],
                       notes=[_moved_note(n, move) for n in self.notes], parts=parts, start=start)

    def _positioned(self) -> bool:
        """Whether it holds a position (most analyses found nothing to say: no line to move)."""
        return bool(self.diagnostics or self.notes or any(r.errors for r in self.results.values())
                    or any(p.diagnostics or p.notes for p in self.parts.values()))

    def frozen(self, refused=()) -> "Entry | None":
        """This entry of live values as kept: None when they hold what has no name, or one of the
        ``refused`` objects (relocation.refusing)."""
        return self._mapped(freeze, refusing(refused))

    def thawed(self, resolve) -> "Entry | None":
        """The kept entry in the run ``resolve`` finds definitions in: None where one is missing."""
        return self._mapped(lambda value, memo: thaw(value, resolve, memo), {})

    def _mapped(self, convert, memo: dict) -> "Entry | None":
        # one memo for the whole entry: the template its methods' results hold is one object
        try:
            template = convert(self.template, memo)
            results = {q: _converted(r, convert, memo) for q, r in self.results.items()}
        except NotRelocatable:
            return None
        if template is self.template and all(results[q] is r for q, r in self.results.items()):
            return self   # plain values only: the same in every run (and its printed signatures with it)
        return replace(self, results=results, template=template)


def _converted(result, convert, memo: dict):
    returns = convert(result.returns, memo)
    env = {k: convert(v, memo) for k, v in result.final_env.items()}
    if returns is result.returns and all(env[k] is v for k, v in result.final_env.items()):
        return result
    return replace(result, returns=returns, final_env=env)


def _shift(span, delta: int):
    return Span(span.line + delta, span.column, span.end_line + delta, span.end_column)


def _moved_diag(d, path: str, move):
    related = tuple(replace(r, span=_shift(r.span, move(r.span.line))) if r.path == path else r
                    for r in d.related)
    fix = replace(d.fix, span=_shift(d.fix.span, move(d.fix.span.line))) if d.fix is not None else None
    return replace(d, span=_shift(d.span, move(d.span.line)), related=related, fix=fix)


def _moved_note(n, move):
    return ShapeNote(_shift(n.span, move(n.span.line)), n.text, n.kind)


def in_module(diags: list, path: str) -> list:
    """The diagnostics of the module of ``path`` among those an analysis made.

    Not only those of the definition's own lines: its analysis also analysed functions no entry
    keeps (a lambda made by a call's run of another class's method: its notes are at that method's
    lines), whose findings a reuse must replay. Those that an analysis kept elsewhere made are
    replayed twice, which the findings and the report drop (``Findings.emit``, ``report.notes``)."""
    return [d for d in diags if d.path == path]


#: The names a top-level statement mentions, per statement: an editor's re-parse keeps the statements
#: it did not touch (parsing.parse), so each is walked once.
_NAMES: "weakref.WeakKeyDictionary[ast.stmt, frozenset]" = weakref.WeakKeyDictionary()


def names_in(stmt: ast.stmt) -> frozenset:
    names = _NAMES.get(stmt)
    if names is None:
        names = _NAMES[stmt] = frozenset(n.id for n in ast.walk(stmt) if type(n) is ast.Name)
    return names


#: text -> (its SHA-1, the identifiers in it): every key of every run hashes the texts of the
#: definitions it covers and the sources of the other modules, nearly all of them unchanged since the
#: last keystroke (levit.py: 43 keys a run over ~100 KB each, ~14 ms)
_READ: dict[str, tuple[str, frozenset | None]] = {}
MAX_READ_CHARS = 8_000_000   # the texts it holds (a long session starts over rather than growing)
_read_chars = 0


def _read(text: str, refs: bool = True) -> tuple[str, frozenset | None]:
    global _read_chars
    known = _READ.get(text)
    if known is None or (refs and known[1] is None):
        if _read_chars + len(text) > MAX_READ_CHARS:
            _READ.clear()
            _read_chars = 0
        _read_chars += len(text) if known is None else 0
        known = _READ[text] = (hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest(),
                               frozenset(_IDENTIFIER.findall(text)) if refs else None)
    return known


def _start(stmt: ast.stmt) -> int:
    return min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", ())])


#: A class node's shell and its members' texts: a node's text is fixed (parsing.parse makes a new
#: node for an edited statement), and every re-check reads every class's
_UNITS: "weakref.WeakKeyDictionary[ast.AST, tuple]" = weakref.WeakKeyDictionary()


def _class_units(stmt: ast.ClassDef, lines: list[str], start: int, units: dict, spans: dict) -> str:
    """A class's *shell* (relocation.class_shell: its text but its methods' bodies) and, into
    ``units`` and ``spans``, the text and lines of each method and nested class (``C.m``:
    dependencies.unit_of)."""
    members = [m for m in stmt.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    known = _UNITS.get(stmt)
    if known is None:
        texts = tuple(f"{m.col_offset}:" + "\n".join(lines[_start(m) - 1:m.end_lineno]) for m in members)
        known = _UNITS[stmt] = (f"{stmt.col_offset}:{class_shell(stmt, lines, start)}", texts)
    for member, text in zip(members, known[1]):
        unit = f"{stmt.name}.{member.name}"
        units[unit] = text
        spans[unit] = (_start(member), member.end_lineno)
    return known[0]


class ModuleKeys:
    """Fingerprints of a module's top-level definitions (computed once per run)."""

    def __init__(self, options: Options, modules: dict, info: ModuleInfo, prints=None, project_source=None,
                 outcomes=None):
        self.options = options
        # a kept call's id -> the print of its outcome in this run (None: none), for CALL
        # dependencies (Calls.call_outcome)
        self.outcomes = outcomes
        self.project_source = project_source   # path -> its source as the project reads it (None: none)
        # (module, class unit) -> the print of the class's template in this run (None: none), for
        # TEMPLATE dependencies (Calls.print_of)
        self.prints = prints
        self.modules = modules   # realpath -> ModuleInfo of every module of the run (their sources count)
        self.info = info
        self.full: dict[str, str] = {}    # top-level definition -> its text
        # unit (dependencies.unit_of) -> its text: a function's, a class's shell, a method's
        self.texts: dict[str, str] = {}
        self.kinds: dict[str, str] = {}   # definition -> "class" or "function"
        self.refs: dict[str, set[str]] = {}
        self.lines: dict[str, tuple[int, int]] = {}   # definition or method -> (first line, last line)
        # what the module's other statements name: every definition's analysis may read the globals
        # they make (``X = make()``: a function reading X depends on make's text, which it need
        # not name)
        self.named_by_rest: set[str] = set()
        # definition -> how many of the other statements come before it, per def of the name: what
        # each of those reads of it (``W = width()`` above ``def width`` reads no width)
        self.places: dict[str, tuple[int, ...]] = {}
        rest = hashlib.sha1()
        others = 0
        lines = info.lines
        for stmt in info.tree.body:
            start = _start(stmt)
            text = "\n".join(lines[start - 1:stmt.end_lineno])
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                # position-free: typing above a definition shifts it without invalidating it
                full = self.full[stmt.name] = f"{stmt.col_offset}:{text}"
                self.kinds[stmt.name] = "class" if isinstance(stmt, ast.ClassDef) else "function"
                self.lines[stmt.name] = (start, stmt.end_lineno)
                self.texts[stmt.name] = (_class_units(stmt, lines, start, self.texts, self.lines)
                                         if isinstance(stmt, ast.ClassDef) else full)
                # identifiers in the text (a superset of the names it uses: strings and comments
                # too, which only makes the fingerprint more cautious); a regex is far cheaper than
                # walking the tree on every keystroke, and a text is read once (_read)
                self.refs[stmt.name] = _read(full)[1]
                self.places[stmt.name] = self.places.get(stmt.name, ()) + (others,)
            else:
                rest.update(f"{text}\n".encode("utf-8", "surrogatepass"))
                # its lines, by its place among the others (which the key holds): a position there
                # (a module-level lambda's note) moves with it
                self.lines[f"<rest>#{others}"] = (start, stmt.end_lineno)
                others += 1
                self.named_by_rest |= names_in(stmt)
        self.rest = rest.hexdigest()
        self._keys: dict[str, str] = {}
        self._digests: dict[frozenset, str] = {}   # digest(): the same uses, the same texts this run
        self._pieces: dict[str, bytes] = {}
        self._sources: dict[str, tuple] = {}   # path -> (ModuleInfo, digest of its source)
        self._unloaded: dict[str, str] = {}    # path -> digest of the source of a module not loaded
        self._context: str | None = None
        self._loaded: tuple | None = None      # sources(): (modules counted, what it gave)
        self._held: dict[tuple, bool] = {}     # loaded_as() per sources, this run
        defined = self.full.keys()
        self.refs = {name: refs & defined for name, refs in self.refs.items()}   # the definitions each names

    def _source_digest(self, path: str, info: ModuleInfo) -> str:
        known = self._sources.get(path)
        if known is None or known[0] is not info:
            known = self._sources[path] = (info, _read(info.source, refs=False)[0])
        return known[1]

    def key(self, top_name: str) -> str | None:
        """The fingerprint of a top-level definition, or None when it must not be cached."""
        hit = self._keys.get(top_name)
        if hit is not None:
            return hit
        full = self.full.get(top_name)
        if full is None or "HOLE" in full:
            return None  # holes are solved from each run's facts
        # the other modules' sources are not in the key but checked (Entry.sources, loaded_as): which
        # modules a run has loaded when it asks depends on what it reused before (a kept analysis
        # loads none of the modules its run imported inside bodies), so a key holding them moved
        # from run to run and an unchanged definition missed its entry
        h = hashlib.sha1()
        h.update(f"{top_name}\0{_read(self.texts[top_name])[0]}\0{self.context()}".encode())
        key = f"{self.info.path}\0{top_name}\0{h.hexdigest()}"
        self._keys[top_name] = key
        return key

    def context(self) -> str:
        """What every analysis of the module reads besides the definitions it uses: the module's
        other statements (they make the globals), the definitions those name (whole: ``X = make()``
        makes X from make's text) and where each lies among those statements (before or after the
        ones that read it), and the options."""
        if self._context is None:
            closure, pending = set(), [r for r in self.named_by_rest if r in self.full]
            while pending:
                name = pending.pop()
                if name in closure:
                    continue
                closure.add(name)
                pending.extend(r for r in self.refs.get(name, ()) if r not in closure)
            h = hashlib.sha1()
            for name in sorted(closure):
                h.update(f"{name}\0{_read(self.full[name])[0]}\0{self.places[name]}\0".encode())
            h.update(self.rest.encode())
            options = self.options
            h.update(f"{options.strict}:{options.notes}:{options.rlimit}:{options.unroll}".encode())
            self._context = h.hexdigest()
        return self._context

    def sources(self) -> tuple:
        """(path, source digest) of every other module the run has loaded so far."""
        known = self._loaded
        if known is None or known[0] != len(self.modules):
            paths = sorted(path for path, info in self.modules.items() if info is not self.info)
            known = self._loaded = (len(self.modules), tuple((path, self.source_digest(path)) for path in paths))
        return known[1]

    def loaded_as(self, sources: tuple) -> bool:
        """Whether each module of ``sources`` (``sources()`` of an earlier run) reads as it did,
        whether or not this run has loaded it (yet)."""
        known = self._held.get(sources)
        if known is None:
            known = self._held[sources] = all(self.source_digest(path) == digest for path, digest in sources)
        return known

    def source_digest(self, path: str) -> str:
        """The SHA-1 of module ``path``'s source as this run reads it ("-": none): as loaded, else as
        the project would read it now (a module the run has not loaded yet)."""
        info = self.modules.get(path, False)
        if info is False:
            known = self._unloaded.get(path)
            if known is None:
                source = self.project_source(path)
                known = self._unloaded[path] = _read(source, refs=False)[0] if source is not None else "-"
            return known
        return self._source_digest(path, info) if info is not None else "-"

    def digest(self, uses: frozenset) -> str:
        """What the recorded ``uses`` (dependencies.py) read of the module now: the texts of the
        definitions used, and which names read are top-level definitions of which kind."""
        known = self._digests.get(uses)
        if known is not None:
            return known
        h = hashlib.sha1()
        settled = True
        for dependency in sorted(uses):
            piece = self._piece(dependency)
            settled = settled and piece is not None
            h.update(piece if piece is not None else f"{dependency}\0?{next(_UNMATCHED)}\0".encode())
        known = h.hexdigest()
        if settled:
            self._digests[uses] = known
        return known

    def forget(self, dependency: str) -> None:
        """What ``dependency`` read is read again (a template made again), and every digest with it."""
        if self._pieces.pop(dependency, None) is not None:
            self._digests.clear()

    def _piece(self, dependency: str) -> bytes | None:
        """What ``dependency`` reads of the run now; None for a template with no print (yet: one
        being built), which matches nothing and is asked again."""
        piece = self._pieces.get(dependency)
        if piece is None:
            name = dependency[len(USED):]
            if dependency.startswith(USED):
                text = self.texts.get(name)
                now = _read(text)[0] if text is not None else "-"
            elif dependency.startswith(TEMPLATE):
                now = self.prints(self.info, name) if self.prints is not None else None
                if now is None:
                    return None
            elif dependency.startswith(CALL):
                now = self.outcomes(name) if self.outcomes is not None else None
                if now is None:
                    return None
            else:
                now = self.kinds.get(name, "-")
            piece = self._pieces[dependency] = f"{dependency}\0{now}\0".encode()
        return piece


def store(cache: dict, key: str, entry: Entry) -> None:
    entries = cache.setdefault("entries", {})
    if len(entries) >= MAX_ENTRIES:
        entries.clear()  # a simple bound: a long session starts over rather than growing without end
    entries[key] = entry


def lookup(cache: dict, key: str) -> Entry | None:
    return cache.get("entries", {}).get(key)


#: A kept module's Opaques: its namespace no longer changes once its top level has run
#: (shared_modules.py, K4), and every freeze of a run asked for them again (levit.py: 16 walks of
#: every loaded module's namespace an edit in a ``forward``)
_KEPT_OPAQUES: "weakref.WeakKeyDictionary[ModuleInfo, list]" = weakref.WeakKeyDictionary()


def module_opaques(modules: dict) -> list:
    """The objects known by name that the modules' top levels bound (``relocation``: not kept)."""
    return [v for info in modules.values() if info is not None for v in _opaques_of(info)]


def _opaques_of(info: ModuleInfo) -> list:
    if not info.shared or info.running:
        return [v for v in info.env.values() if type(v) is Opaque]
    known = _KEPT_OPAQUES.get(info)
    if known is None:
        known = _KEPT_OPAQUES[info] = [v for v in info.env.values() if type(v) is Opaque]
    return known


class Moves:
    """The definitions and methods of an earlier run's layout, each with how far it has moved since
    (None: it is gone), found by line: the innermost holding it (a method, else its class)."""

    def __init__(self, old: dict, new: dict):
        levels: tuple[list, list] = ([], [])    # top-level definitions; methods and nested classes
        for unit, (first, last) in old.items():
            by = new[unit][0] - first if unit in new else None
            levels["." in unit].append((first, last, by))
        self.levels = [sorted(level) for level in reversed(levels)]
        self.starts = [[first for first, _, _ in level] for level in self.levels]
        self.still = all(by == 0 for level in self.levels for _, _, by in level)

    def of(self, line: int) -> int | None:
        for level, starts in zip(self.levels, self.starts):
            i = bisect.bisect_right(starts, line) - 1
            if i >= 0 and level[i][1] >= line:
                return level[i][2]
        return None


class IncrementalCache:
    """One run's view of the project's cache of generic analyses (see the module docstring)."""

    def __init__(self, entries: dict, enabled: bool, options: Options, modules: dict, project_source=None,
                 load=None):
        self.entries = entries
        self.load = load               # (path, name) -> ModuleInfo: a module loaded on demand (resolver)
        self.project_source = project_source
        self.enabled = enabled
        self.options = options
        self.modules = modules
        self.keys: dict[ModuleInfo, ModuleKeys] = {}
        self.reused = 0                # generic analyses taken from the cache this run
        self.partial = True            # a class's entry may be reused in part (Entry.separable)
        self._moved: dict = {}         # id of an earlier run's layout -> (it, its moves): _moves
        self.saved: list[str] = []     # the keys this run stored
        self.prints = None             # (module, class unit) -> its template's print: ModuleKeys.prints
        self.outcomes = None           # a kept call's id -> its outcome's print: ModuleKeys.outcomes

    def key(self, module: ModuleInfo, top_name: str) -> str | None:
        if not module.reported or not self.enabled:
            return None
        return self.keys_of(module).key(top_name)

    def keys_of(self, module: ModuleInfo) -> ModuleKeys:
        keys = self.keys.get(module)
        if keys is None:
            keys = self.keys[module] = ModuleKeys(self.options, self.modules, module, self.prints,
                                                  self.project_source, self.outcomes)
        return keys

    def cached(self, module: ModuleInfo, top_name: str) -> Entry | None:
        """The entry of a top-level definition whose fingerprint is unchanged, moved to where it is now."""
        entry = self.kept(module, top_name)
        if entry is None or not self.built(module, entry):
            return None
        return self.revived(module, top_name, entry)

    def kept(self, module: ModuleInfo, top_name: str) -> Entry | None:
        """The entry kept under the definition's key, as kept (frozen), whether or not what its
        analysis used holds."""
        key = self.key(module, top_name)
        return lookup(self.entries, key) if key is not None else None

    def built(self, module: ModuleInfo, entry: Entry) -> bool:
        """Whether what a kept entry's analysis (a class's: the building of its template) used holds."""
        keys = self.keys[module]
        return entry.digest == keys.digest(entry.uses) and keys.loaded_as(entry.sources)

    def revived(self, module: ModuleInfo, top_name: str, entry: Entry) -> Entry | None:
        """A kept entry in this run: thawed, and moved to where its definition is now."""
        entry = entry.thawed(resolver(self.modules, self.load))
        if entry is None:
            return None
        layout = self.keys[module].lines
        return entry.shifted(module.path, layout, top_name, self._moves(entry.layout or {}, layout))

    def _moves(self, old: dict, new: dict) -> "Moves":
        """How far each definition and method of an earlier run's ``old`` layout has moved since;
        once per layout, which an earlier run's entries share."""
        known = self._moved.get(id(old))
        if known is None or known[0] is not old:
            known = self._moved[id(old)] = (old, Moves(old, new))
        return known[1]

    def forget_print(self, module: ModuleInfo, name: str) -> None:
        """Class ``name``'s template is made again after its kept print was read (TEMPLATE)."""
        keys = self.keys.get(module)
        if keys is not None:
            keys.forget(TEMPLATE + name)

    def holds(self, module: ModuleInfo, part: Part) -> bool:
        """Whether what a part's analysis used of the module is as it was."""
        return part.digest == self.keys[module].digest(part.uses)

    def part(self, module: ModuleInfo, qualname: str, uses: frozenset, diags, notes, nested: dict) -> Part | None:
        """A method's analysis as its class's entry keeps it (None: the module is not cached)."""
        keys = self.keys.get(module)
        span = keys.lines.get(qualname) if keys is not None else None
        if span is None:
            return None
        diags = in_module(diags, module.path)
        return Part(uses, keys.digest(uses), tuple(diags), tuple(notes), tuple(nested.items()))

    def snapshot(self, template: Instance) -> Any:
        """A class's template as it is now, frozen (``Entry.pristine``); None where it cannot be kept."""
        if not self.enabled:
            return None
        try:
            return freeze(template, refusing(self._module_opaques()))
        except NotRelocatable:
            return None

    def pristine(self, entry: Entry) -> Instance | None:
        """A class's template as its constructors left it, made afresh in this run (None: not kept)."""
        if entry.pristine is None:
            return None
        try:
            return thaw(entry.pristine, resolver(self.modules, self.load), {})
        except NotRelocatable:
            return None

    def save(self, module: ModuleInfo, top_name: str, results: dict, template: Instance | None, diags: list,
             notes: list, uses: frozenset, nested: dict, parts: dict | None = None, separable: bool = False,
             pristine: Any = None, print: str | None = None) -> None:
        key = self.key(module, top_name)
        if key is None:
            return
        keys = self.keys[module]
        span = keys.lines[top_name]
        diags = in_module(diags, module.path)
        entry = Entry(results, diags, notes, template, span[0], uses, keys.digest(uses), keys.lines, nested,
                      parts or {}, separable, pristine, print, keys.sources())
        entry = entry.frozen(self._module_opaques())
        if entry is not None:
            store(self.entries, key, entry)
            self.saved.append(key)

    def forget_saved(self) -> None:
        """Drop what this run stored (it read a reused class's template that it then changed)."""
        entries = self.entries.get("entries", {})
        for key in self.saved:
            entries.pop(key, None)
        self.saved.clear()

    def _module_opaques(self) -> list:
        return module_opaques(self.modules)
