"""A module as the interpreter sees it: its path, text, parse tree, global environment, and the
spans of its nodes in the units diagnostics use."""

from __future__ import annotations

import ast
import bisect
import re
import weakref
from dataclasses import dataclass, field

from ...report.diagnostics import Origin, Span
from .lazy_bodies import LazyBody


#: Per tree, which every run that loads the module shares (``parsing.parse_shared``), and per
#: top-level statement: an editor's re-parse (``parsing.parse``) makes a new tree of the statements
#: it kept and the few it parsed again, and only those few are walked (the whole walk costs ~20 ms
#: per 1,000 lines, on every keystroke).
_LIBRARIES: "weakref.WeakKeyDictionary[ast.AST, frozenset]" = weakref.WeakKeyDictionary()


def imported_libraries(tree: ast.Module) -> frozenset:
    """The top-level names of the modules ``tree`` imports (``{"torch", "math"}``)."""
    names = _LIBRARIES.get(tree)
    if names is None:
        names = _LIBRARIES[tree] = frozenset().union(*map(_statement_libraries, tree.body))
    return names


def _statement_libraries(stmt: ast.stmt) -> frozenset:
    names = _LIBRARIES.get(stmt)
    if names is None:
        found = set()
        for node in _statements(stmt):
            if isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
        names = _LIBRARIES[stmt] = frozenset(found)
    return names


def _statements(stmt: ast.stmt):
    """``stmt`` and the statements nested in it: an import is a statement, so expressions (nine
    nodes in ten of a class body) need no walk, nor a body not parsed yet whose text names no
    ``import`` (lazy_bodies.py)."""
    pending = [stmt]
    while pending:
        node = pending.pop()
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            block = getattr(node, field, ())
            if type(block) is LazyBody and block.unread and not block.imports:
                continue
            pending.extend(block)


_IMPORTED_BY_NAME: "weakref.WeakKeyDictionary[ast.AST, frozenset]" = weakref.WeakKeyDictionary()
#: a call whose callee's name has ``import`` in it, given a module's name first. The callee's name
#: before ``import`` is not in the pattern: a leading ``\w*`` matched the same calls but was tried
#: at every character of every word (1.0 s of CPU checking scikit-learn; this pattern is 57x faster
#: on its, timm's and diffusers' sources, with the same matches)
_IMPORT_CALL = re.compile(r"""import\w*\s*\(\s*(?:name\s*=\s*)?["']([A-Za-z_]\w*)[\w.]*["']""")


def imported_by_name(tree: ast.Module, source: str) -> frozenset:
    """:attr:`ModuleInfo.imported_by_name`, read off the text once per tree (a body not parsed yet
    counts too)."""
    names = _IMPORTED_BY_NAME.get(tree)
    if names is None:
        names = _IMPORTED_BY_NAME[tree] = frozenset(_IMPORT_CALL.findall(source)) if "import" in source else frozenset()
    return names


#: Per tree: the names its code may bind at its top level, and the modules it star-imports.
_BINDINGS: "weakref.WeakKeyDictionary[ast.AST, tuple]" = weakref.WeakKeyDictionary()


def bindings(tree: ast.Module) -> tuple[frozenset, tuple]:
    """(every name ``tree`` binds anywhere, its ``from M import *`` as (M, level)), read off its
    syntax, once: more names than its top level binds (a function's locals too, a ``del``), never
    fewer but through a star import or a module ``__getattr__`` (a name, so the caller sees it)."""
    found = _BINDINGS.get(tree)
    if found is None:
        names, stars = set(), []
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                names.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.name == "*":
                        stars.append((node.module, node.level))
                    else:
                        names.add(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.update(node.names)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
        found = _BINDINGS[tree] = (frozenset(names), tuple(stars))
    return found


#: Per tree: the names its functions declare ``global``.
_DECLARED_GLOBAL: "weakref.WeakKeyDictionary[ast.AST, frozenset]" = weakref.WeakKeyDictionary()


def declared_global(tree: ast.Module, source: str) -> frozenset:
    """The names some function of the module declares ``global`` and binds, and so may rebind whenever
    it runs (gensim's tests fill ``human_sim_vector = None`` in ``setUp``), read once per tree; a
    text without the word walks nothing (a walk parses every lazy body)."""
    found = _DECLARED_GLOBAL.get(tree)
    if found is None:
        found = frozenset(_rebound_globals(tree)) if _GLOBAL_STATEMENT.search(source) else frozenset()
        _DECLARED_GLOBAL[tree] = found
    return found


#: an indented line changing ``name`` in place: a changing method's call, an item's store, an item's
#: ``del`` (``self.name.append`` is another object's)
_CHANGED_IN_PLACE = (r"^[ \t]+(?:[^\n]*[^\w.\n])?{name}[ \t]*(?:\.[ \t]*(?:append|extend|insert|pop|clear|sort|reverse|"
                     r"remove|update|setdefault|popitem)[ \t]*\(|\[[^\n]*?\][ \t]*(?:[-+*/|&]?=(?!=)))"
                     r"|^[ \t]+del[ \t]+{name}[ \t]*\[")

#: a ``global`` statement's text (timm's every ``global_pool`` has the word, and a walk of a module
#: parses its lazy bodies: 1.0 s of a check of timm's models)
_GLOBAL_STATEMENT = re.compile(r"^[ \t]*global[ \t]+\w", re.MULTILINE)


def _rebound_globals(tree: ast.Module):
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        declared = {name for node in ast.walk(fn) if isinstance(node, ast.Global) for name in node.names}
        if declared:
            yield from {node.id for node in ast.walk(fn) if isinstance(node, ast.Name)
                        and not isinstance(node.ctx, ast.Load) and node.id in declared}


#: Per tree: the public names its top level binds (None: its syntax cannot tell).
_PUBLIC: "weakref.WeakKeyDictionary[ast.AST, frozenset | None]" = weakref.WeakKeyDictionary()
#: Top-level code whose bindings the syntax does not show: a star import, ``globals()``, a walrus,
#: a ``del``, a ``match``, an ``except ... as`` name (bound, then unbound).
_UNSEEN = (ast.Delete, ast.NamedExpr, ast.Global, ast.Nonlocal)


def public_names(tree: ast.Module, text: str | None = None) -> frozenset | None:
    """The names without a leading underscore that ``tree``'s top level binds (in any branch; not in
    its functions' and classes' bodies), as a star import of it copies them; None where the syntax
    cannot tell (see ``_UNSEEN``), once per tree. ``text``, the tree's, spares the walk of the
    statements whose lines cannot hold what it looks for (``marked_lines``)."""
    if tree not in _PUBLIC:
        _PUBLIC[tree] = _read_public_names(tree, False, marked_lines(_MARKS, text))
    return _PUBLIC[tree]


#: Per tree: whether its syntax shows its top-level bindings but for its own star imports.
_STARS_ONLY: "weakref.WeakKeyDictionary[ast.AST, bool]" = weakref.WeakKeyDictionary()


def hidden_by_stars_alone(tree: ast.Module, text: str | None = None) -> bool:
    """Whether ``public_names`` cannot tell ``tree``'s names only because it star-imports other modules
    (transformers' ``models/__init__.py``: 371 ``from .albert import *``): a star import of it can then
    be looked up by name, through its star imports in turn (``Modules.star_lookup``)."""
    if tree not in _STARS_ONLY:
        _STARS_ONLY[tree] = (public_names(tree, text) is None
                             and _read_public_names(tree, True, marked_lines(_MARKS, text)) is not None)
    return _STARS_ONLY[tree]


def _read_public_names(tree: ast.Module, stars: bool, marked: list[int] | None) -> frozenset | None:
    """``public_names``, where ``stars``: a star import binds nothing (what it binds is looked up later)."""
    names: set | None = set()
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if not (stars and _is_star_import(node)) and not _bind_top_level(node, names, marked):
            names = None
            break
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):   # their bodies run later
            for field in ("body", "orelse", "finalbody", "handlers"):
                pending.extend(getattr(node, field, ()))
    return frozenset(n for n in names if not n.startswith("_")) if names is not None else None


def _is_star_import(node: ast.stmt) -> bool:
    return isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)


#: The statements whose bindings ``_bind_top_level`` reads (any other, a ``type`` alias say: it cannot tell).
_KNOWN_STATEMENTS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom, ast.Assign,
                     ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.AsyncWith,
                     ast.Try, ast.ExceptHandler, ast.Expr, ast.Pass, ast.Raise, ast.Assert, ast.Break, ast.Continue)


#: What in a line may make a statement's bindings unseen: a walrus, ``globals()``, ``vars()``.
_MARKS = re.compile(r":=|globals|vars")


def marked_lines(marks: re.Pattern, text: str | None, first: int = 1) -> list[int] | None:
    """The lines (ascending, numbered from ``first``) of ``text`` that hold a match of ``marks`` (None:
    no text)."""
    if text is None:
        return None
    lines, line, at = [], first, 0
    for match in marks.finditer(text):
        line += text.count("\n", at, match.start())
        at = match.start()
        if not lines or lines[-1] != line:
            lines.append(line)
    return lines


def _plain(node: ast.AST, marked: list[int] | None) -> bool:
    """``_plain_expressions(node)``, read off its lines where none is marked (they hold no walrus
    and name no ``globals``/``vars``, so its expressions do not either)."""
    if marked is not None and not spans_marked(node, marked):
        return not isinstance(node, _UNSEEN)
    return _plain_expressions(node)


def spans_marked(node: ast.AST, marked: list[int]) -> bool:
    """Whether one of ``node``'s lines is among ``marked`` (ascending: ``marked_lines``)."""
    i = bisect.bisect_left(marked, node.lineno)
    return i < len(marked) and marked[i] <= node.end_lineno


def _bind_top_level(node: ast.stmt, names: set, marked: list[int] | None) -> bool:
    """Add what one top-level statement (not its nested statements) binds; False: it cannot tell."""
    if not isinstance(node, _KNOWN_STATEMENTS):
        return False
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        names.add(node.name)
        return all(_plain(d, marked) for d in node.decorator_list)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        if any(alias.name == "*" for alias in node.names):
            return False
        names.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
        return True
    if isinstance(node, ast.Match) or (isinstance(node, ast.ExceptHandler) and node.name):
        return False
    if isinstance(node, ast.AnnAssign) and node.value is None:
        return True   # ``x: int`` binds nothing
    for field in ("targets", "target", "items"):   # Assign, AnnAssign, AugAssign, For, With
        for part in _as_list(getattr(node, field, None)):
            for sub in ast.walk(part):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    names.add(sub.id)
    return _plain(node, marked)


def _reads_globals(node: ast.AST) -> bool:
    """``globals()[key]`` read: the namespace's item, with no way to bind one."""
    return (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == "globals"
            and not node.value.args and not node.value.keywords and _plain_expressions(node.slice))


def _as_list(value) -> list:
    return value if isinstance(value, list) else [] if value is None else [value]


def _plain_expressions(node: ast.AST) -> bool:
    """No ``globals()``, walrus, ``del`` or scope statement in ``node``'s own expressions (its
    nested statements are looked at on their own)."""
    pending = [child for field, child in ast.iter_fields(node)
               if field not in ("body", "orelse", "finalbody", "handlers", "cases")]
    while pending:
        part = pending.pop()
        if isinstance(part, list):
            pending.extend(part)
        elif isinstance(part, ast.AST):
            if _reads_globals(part):
                continue   # ``globals()["__file__"]`` binds nothing (transformers' every ``__init__.py``)
            if isinstance(part, _UNSEEN) or (isinstance(part, ast.Name) and part.id in ("globals", "vars")):
                return False
            pending.extend(ast.iter_child_nodes(part))
    return not isinstance(node, _UNSEEN)


@dataclass(eq=False)
class ModuleInfo:
    path: str
    name: str
    source: str
    tree: ast.Module
    env: dict = field(default_factory=dict)
    reported: bool = False
    # its top-level body is being run: until it ends, the names of ``env`` can still be rebound
    # (after, only what objects they hold can change: a function body's ``global`` store is local)
    running: bool = False
    # the checked module's top-level frame while its top level runs: a function called then reads
    # the globals Python's one namespace holds at that point (``if __name__ == "__main__":`` binding a
    # dataset and defining the function that reads it), which a branch keeps in a dict of its own
    # until it ends (:attr:`namespace`)
    top_frame: object = None
    # its namespace is the process's, shared by every file checked (driver/shared_modules.py): no
    # run stores into it, and a name it imports lazily is resolved by each run for itself
    shared: bool = False
    # its array-valued expressions are counted (``Findings.count_array``): a checked module whose
    # output can show the counts (``--statistics``, the HTML report, the API) or whose re-runs at
    # guessed ranks need them (``callsites.rerun_wanted``); a plain check shows none of them, and
    # counting was ~3% of diffusers' models' run
    counted: bool = False
    # the names its ``if TYPE_CHECKING:`` blocks import, which never run but a type checker reads:
    # its annotations see them (``x: Tensor`` with ``from torch import Tensor`` there)
    type_names: dict = field(default_factory=dict)
    _lines: list | None = None
    _rebound: frozenset | None = None
    _changed: dict | None = None
    _holes: bool | None = None
    _yields: bool | None = None

    @property
    def namespace(self) -> dict:
        """The globals a function of it reads now: the running top level's, else :attr:`env`."""
        top = self.top_frame
        return self.env if top is None else top.env

    @property
    def mentions_holes(self) -> bool:
        """Whether its text has the word ``HOLE`` anywhere: a function of a module without it is
        summarisable (summaries.summarisable) without a search of its own text (scikit-learn: 24,000
        searches, 1.6% of its run)."""
        if self._holes is None:
            self._holes = "HOLE" in self.source
        return self._holes

    @property
    def mentions_yield(self) -> bool:
        """Whether its text has the word ``yield`` anywhere, searched once: asked at every body run
        (a generator's call gives its items), it was 2.2% of scikit-learn's run, whose modules run
        to 100 KB."""
        if self._yields is None:
            self._yields = "yield" in self.source
        return self._yields

    @property
    def rebound_globals(self) -> frozenset:
        """The names a function of it declares ``global`` and binds (:func:`declared_global`), kept on
        the module: a function's every read of a global asks."""
        if self._rebound is None:
            self._rebound = declared_global(self.tree, self.source)
        return self._rebound

    def changed_in_place(self, name: str) -> bool:
        """Whether an indented line of it (a function's body, mostly) changes global ``name`` in place
        (``name.append(...)``, ``name[k] = v``, ``del name[k]``): a function may have done so before
        another reads it, so what the top level put there is not what that one sees (sfepy's
        ``probe_results = []``, filled by one hook and stacked by another). Searched in the text once
        per name read so (a walk of every body parses the lazy ones)."""
        if self._changed is None:
            self._changed = {}
        found = self._changed.get(name)
        if found is None:
            found = self._changed[name] = re.search(_CHANGED_IN_PLACE.format(name=re.escape(name)), self.source,
                                                    re.MULTILINE) is not None
        return found

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.source.splitlines()
        return self._lines

    def _column(self, line: int, byte_col: int) -> int:
        """ast columns are UTF-8 byte offsets; diagnostics count characters (1-based)."""
        lines = self.lines
        if 1 <= line <= len(lines):
            text = lines[line - 1]
            if not text.isascii():
                return len(text.encode("utf-8")[:byte_col].decode("utf-8", "replace")) + 1
        return byte_col + 1

    def span(self, node: ast.AST) -> Span:
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", None) or line
        col = self._column(line, getattr(node, "col_offset", 0))
        end_col = self._column(end_line, getattr(node, "end_col_offset", None) or 0)
        return Span(line, col, end_line, end_col)

    def text_of(self, node: ast.AST) -> str:
        line = getattr(node, "lineno", None)
        if line is None or node.end_lineno != line:
            return ""
        text = self.lines[line - 1] if line <= len(self.lines) else ""
        if text.isascii():
            return text[node.col_offset:node.end_col_offset]
        raw = text.encode("utf-8")
        return raw[node.col_offset:node.end_col_offset].decode("utf-8", "replace")

    def origin(self, node: ast.AST, text: str) -> Origin:
        """Where a fact stated at ``node`` comes from."""
        return Origin(self.path, self.span(node), text)

    @property
    def libraries(self) -> frozenset:
        """The top-level names of the modules this module imports (``{"torch", "math"}``)."""
        return imported_libraries(self.tree)

    @property
    def imported_by_name(self) -> frozenset:
        """The top-level names of the modules this module imports by a call given their name as a
        string (``importlib.import_module("torch.nn")``, ``_safe_import("torch")``,
        ``pytest.importorskip("torch")``)."""
        return imported_by_name(self.tree, self.source)

    @property
    def torch_only(self) -> bool:
        """A torch module (it imports torch, and neither numpy nor jax): an array whose library is
        not known here is a tensor (``B, C, H, W = x.shape`` of a ``forward`` argument)."""
        libraries = self.libraries
        return "torch" in libraries and not ({"numpy", "jax"} & libraries)

    @property
    def jax_only(self) -> bool:
        """A JAX module (it imports jax, and neither numpy nor torch): its arrays are JAX's, which
        are immutable, so ``x *= y`` there is ``x = x * y`` and may broadcast x to a larger shape."""
        libraries = self.libraries
        return "jax" in libraries and not ({"numpy", "torch"} & libraries)
