"""Re-analysing only what an edit changed: generic analyses memoised across runs of one project.

An editor re-checks a file on every keystroke. A top-level function's (or class's) generic
analysis depends on its own text and position, the module-level definitions it refers to
(transitively), the module's other top-level statements (they make the globals), the project
modules it imports and the options. Those make its *fingerprint*; while the fingerprint is
unchanged, the cached result and the diagnostics and notes it produced are reused. An edit inside
one function thus re-analyses that function, what refers to it, and the module-level code.

Only results made of plain values (arrays, ints, tuples, unknowns...) are kept: a cached value must
not hold a function or object of an earlier run. Symbols stay unique across runs because each run
continues the project's symbol counter.
"""

from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import dataclass, field, replace

from ...report.diagnostics import ShapeNote, Span
from ..core.module import ModuleInfo
from ..core.values import (Array, Bool, Dict, EllipsisValue, Float, Instance, Int, List, NoneValue, Slice, Str,
                           Tuple, Unknown, Value)
from .project import Options

MAX_ENTRIES = 4096
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_PLAIN = (Array, Int, Float, Bool, Str, NoneValue, Unknown, EllipsisValue)


def plain(value: Value, depth: int = 0) -> bool:
    """Whether a value holds nothing of one particular run (no functions, classes, objects)."""
    t = type(value)
    if t in _PLAIN:
        return True
    if depth > 8:
        return False
    if t is Tuple:
        return all(plain(v, depth + 1) for v in value.items)
    if t is List:
        return (value.items is None or all(plain(v, depth + 1) for v in value.items)) and plain(value.element, depth + 1)
    if t is Dict:
        return all(plain(v, depth + 1) for _, v in value.items)
    if t is Slice:
        return plain(value.start) and plain(value.stop) and plain(value.step)
    return False


@dataclass
class Entry:
    """What one top-level function or class contributed to a run.

    Positions are those of the run that made it, whose definition started at line ``start``; a
    reuse shifts them by how far the definition has moved (lines typed above it)."""

    results: dict            # qualname -> GenericResult
    diagnostics: list
    notes: list
    attrs: dict = field(default_factory=dict)   # a class's template instance attributes
    start: int = 0

    def shifted(self, path: str, start: int) -> "Entry":
        delta = start - self.start
        if delta == 0:
            return self
        results = {q: replace(r, errors={(line + delta, col, code) for line, col, code in r.errors})
                   for q, r in self.results.items()}
        diags = [_shift_diag(d, path, delta) for d in self.diagnostics]
        notes = [ShapeNote(_shift(n.span, delta), n.text, n.kind) for n in self.notes]
        return Entry(results, diags, notes, self.attrs, start)


def _shift(span, delta: int):
    return Span(span.line + delta, span.column, span.end_line + delta, span.end_column)


def _shift_diag(d, path: str, delta: int):
    related = tuple(replace(r, span=_shift(r.span, delta)) if r.path == path else r for r in d.related)
    fix = replace(d.fix, span=_shift(d.fix.span, delta)) if d.fix is not None else None
    return replace(d, span=_shift(d.span, delta), related=related, fix=fix)


def within(entry_lines: tuple[int, int], diags: list, notes: list, path: str) -> tuple[list, list]:
    """The diagnostics and notes of a definition's own lines (callees replay their own)."""
    lo, hi = entry_lines
    return ([d for d in diags if d.path == path and lo <= d.span.line <= hi],
            [n for n in notes if lo <= n.span.line <= hi])


class ModuleKeys:
    """Fingerprints of a module's top-level definitions (computed once per run)."""

    def __init__(self, options: Options, modules: dict, info: ModuleInfo):
        self.options = options
        self.modules = modules   # realpath -> ModuleInfo of every module of the run (their sources count)
        self.info = info
        self.texts: dict[str, str] = {}
        self.refs: dict[str, set[str]] = {}
        self.lines: dict[str, tuple[int, int]] = {}   # definition -> (first line, last line)
        rest = hashlib.sha1()
        lines = info.lines
        for stmt in info.tree.body:
            start = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", ())])
            text = "\n".join(lines[start - 1:stmt.end_lineno])
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                # position-free: typing above a definition shifts it without invalidating it
                self.texts[stmt.name] = f"{stmt.col_offset}:{text}"
                self.lines[stmt.name] = (start, stmt.end_lineno)
                # identifiers in the text (a superset of the names it uses: strings and comments
                # too, which only makes the fingerprint more cautious); a regex is far cheaper than
                # walking the tree on every keystroke
                self.refs[stmt.name] = set(_IDENTIFIER.findall(text))
            else:
                rest.update(f"{text}\n".encode("utf-8", "surrogatepass"))
        self.rest = rest.hexdigest()
        self._keys: dict[str, str] = {}

    def key(self, top_name: str) -> str | None:
        """The fingerprint of a top-level definition, or None when it must not be cached."""
        hit = self._keys.get(top_name)
        if hit is not None:
            return hit
        own = self.texts.get(top_name)
        if own is None or "HOLE" in own:
            return None  # holes are solved from each run's facts
        closure, pending = set(), [top_name]
        while pending:
            name = pending.pop()
            if name in closure:
                continue
            closure.add(name)
            pending.extend(r for r in self.refs.get(name, ()) if r in self.texts and r not in closure)
        h = hashlib.sha1()
        for name in sorted(closure):
            h.update(f"{name}\0{self.texts[name]}\0".encode("utf-8", "surrogatepass"))
        h.update(self.rest.encode())
        options = self.options
        h.update(f"{options.strict}:{options.notes}:{options.rlimit}:{options.unroll}".encode())
        for path, info in sorted(self.modules.items()):
            if info is not None and info is not self.info:
                h.update(f"{path}\0{hashlib.sha1(info.source.encode('utf-8', 'surrogatepass')).hexdigest()}".encode())
        key = f"{self.info.path}\0{top_name}\0{h.hexdigest()}"
        self._keys[top_name] = key
        return key


def store(cache: dict, key: str, entry: Entry) -> None:
    entries = cache.setdefault("entries", {})
    if len(entries) >= MAX_ENTRIES:
        entries.clear()  # a simple bound: a long session starts over rather than growing without end
    entries[key] = entry


def lookup(cache: dict, key: str) -> Entry | None:
    return cache.get("entries", {}).get(key)


def results_plain(results: dict, attrs: dict) -> bool:
    for r in results.values():
        # a method's receiver is its class's template instance: rebuilt from `attrs` on reuse
        if not plain(r.returns) or not all(plain(v) or type(v) is Instance for v in r.final_env.values()):
            return False
    return all(plain(v) for v in attrs.values())


class IncrementalCache:
    """One run's view of the project's cache of generic analyses (see the module docstring)."""

    def __init__(self, entries: dict, enabled: bool, options: Options, modules: dict):
        self.entries = entries
        self.enabled = enabled
        self.options = options
        self.modules = modules
        self.keys: dict[ModuleInfo, ModuleKeys] = {}
        self.reused = 0                # generic analyses taken from the cache this run

    def key(self, module: ModuleInfo, top_name: str) -> str | None:
        if not module.reported or not self.enabled:
            return None
        keys = self.keys.get(module)
        if keys is None:
            keys = self.keys[module] = ModuleKeys(self.options, self.modules, module)
        return keys.key(top_name)

    def cached(self, module: ModuleInfo, top_name: str) -> Entry | None:
        """The entry of a top-level definition whose fingerprint is unchanged, moved to where it is now."""
        key = self.key(module, top_name)
        entry = lookup(self.entries, key) if key is not None else None
        if entry is None:
            return None
        return entry.shifted(module.path, self.keys[module].lines[top_name][0])

    def save(self, module: ModuleInfo, top_name: str, results: dict, attrs: dict, diags: list, notes: list) -> None:
        key = self.key(module, top_name)
        if key is None or not results_plain(results, attrs):
            return
        span = self.keys[module].lines[top_name]
        diags, notes = within(span, diags, notes, module.path)
        store(self.entries, key, Entry(results, diags, notes, dict(attrs), span[0]))
