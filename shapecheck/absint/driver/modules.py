"""Imports: library modules become the values the rule tables model; the project's own modules
are found on disk (or in an editor's buffers) and interpreted, never imported or executed."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.frame import BUILTINS, Builtin
from ..core.module import ModuleInfo, bindings, hidden_by_stars_alone, public_names
from ..core.values import STARS, TYPE_CHECKING_FLAG, UNKNOWN, Hole, Int, LazyImport, LibraryObject, ProjectModule, Str, Tuple, Value, star_sources
from ..rules.library_names import canonical_library
from ..rules.registry import library_value
from ..interp.builtins import FOREIGN_CLASSES
from . import one_shot
from .parsing import imported_lazily, parse_shared
from .project import Project
from .shared_modules import Entry, SharedModules

if TYPE_CHECKING:
    from .analysis import Analysis

#: Top-level names of the array libraries whose ops are modelled (everything under them is a
#: LibraryObject, resolved against the rule tables).
LIBRARIES = ("numpy", "torch", "jax", "math", "flax", "einops", "einx")
#: Standard modules whose names carry no shapes (imported names from them are unknown), but for
#: the few in _TYPING_NAMES.
_SHAPELESS = ("typing", "typing_extensions", "__future__", "dataclasses", "functools", "os", "sys", "numba")
#: typing's names that carry shapes: ``cast(T, value)`` gives value T's shape (annotations.check_cast).
#: (``Literal`` and ``Any`` are read from an annotation's syntax and need no value.) ``TYPE_CHECKING``
#: is False when the code runs: ``if TYPE_CHECKING: from .x import T`` runs no import, and decides its
#: branch, so a module's definitions after it are its importers' (they were unknown: the branch left
#: the module a joined frame, whose later definitions an importer does not take, _run_top_level).
_TYPING_NAMES = {"cast": Builtin("typing.cast"), "TYPE_CHECKING": TYPE_CHECKING_FLAG}
_TYPING = ("typing", "typing_extensions")
#: The names of the shapeless modules that matter to shapes, by module: ``functools.partial``.
#: ``sys.version_info`` is the version of the Python that runs the analysis, as mypy and pyright take
#: it by default: ``if sys.version_info >= (3, 11): from typing import Self`` decides its branch, so a
#: module's definitions after it are its importers' (as after ``if TYPE_CHECKING:``).
_SYS_NAMES = {"version_info": Tuple(tuple(Str(x) if isinstance(x, str) else Int(x) for x in sys.version_info),
                                    fields=("major", "minor", "micro", "releaselevel", "serial"))}
_STAND_INS = {"typing": _TYPING_NAMES, "typing_extensions": _TYPING_NAMES, "sys": _SYS_NAMES,
              "functools": {"partial": Builtin("functools.partial"), "reduce": Builtin("functools.reduce")},
              # numba's decorators that change what a call of the function does (rules/transforms.py);
              # its ``jit``/``njit`` keep it, as an unknown decorator is taken to
              "numba": {name: LibraryObject(f"numba.{name}") for name in ("vectorize", "guvectorize", "stencil")}}
#: The stand-in modules of the process, by name (``Modules._stand_in``).
_STAND_IN_MODULES: dict[str, ModuleInfo] = {}


def _stand_in_module(name: str, names: dict) -> ModuleInfo:
    return ModuleInfo(f"<{name}>", name, "", ast.Module([], []), dict(names), shared=True)


def _foreign_names(module: str) -> dict:
    return {name: LibraryObject(f"{module}.{name}") for name in FOREIGN_CLASSES[module]}


class Modules:
    """The modules of one run, by real path, loaded on first import (cycles cut: an import that
    is still loading gives unknown names)."""

    def __init__(self, project: Project, run: "Analysis", shared: SharedModules | None = None):
        self.project = project
        self.run = run
        self.loaded: dict[str, ModuleInfo | None] = {}
        self.loading: dict[str, ModuleInfo] = {}   # realpath -> a module whose body is running (imports)
        # (name, importer's path, level) -> the file it resolves to, and path -> its real path: one
        # run reads the file system once, where each imported name asked it again (``from .layers
        # import A, B, C`` loads per name; timm: 9,726 resolutions, 33,000 stat calls, 3% of a run)
        self._resolved: dict[tuple[str, str, int], str | None] = {}
        self._real: dict[str, str] = {}
        # the process's kept modules (shared_modules.py), where this run may take them
        self.shared = shared
        self.checked: str | None = None   # the real path of the checked module
        self.taken: list[Entry] = []      # the kept modules this run took, in order
        self.read: set[str] = set()       # the real paths the taken modules loaded (a cache's dependencies)
        self._texts: dict[str, str | None] = {}
        self.lazy_values: dict[LazyImport, Value] = {}   # the kept modules' lazy names, as this run resolved them
        # (importer's path, its star imports, name) -> what they bind it to (None: nothing):
        # ``star_lookup``'s answers, a kept module's among them
        self._star_found: dict[tuple[str, tuple, str], Value | None] = {}
        self._star_visiting: set[tuple[str, tuple]] = set()   # the star imports a lookup is in (a cycle)
        self._following: set[tuple[int, str]] = set()   # (module, name) re-exports being followed (a cycle's guard)

    def _realpath(self, path: str) -> str:
        found = self._real.get(path)
        if found is None:
            run = one_shot.current()
            found = self._real[path] = run.realpath(path) if run is not None else os.path.realpath(path)
        return found

    def add(self, info: ModuleInfo) -> None:
        """Register the module being checked (so that importing it back is a cycle, not a reload)."""
        self.checked = self._realpath(info.path)
        self.loaded[self.checked] = info
    def text_of(self, path: str) -> str | None:
        """A project file's text as this run reads it (once)."""
        if path not in self._texts:
            self._texts[path] = self.project.source_of(path)
        return self._texts[path]

    def dependencies(self) -> list[str]:
        """The real paths of every project module this run read, itself included."""
        return sorted(set(self.loaded) | self.read)

    def is_project(self, module: str | None, level: int) -> bool:
        """Whether an import names the project's own code (loaded from source), not a library."""
        if level:
            return True
        top = (module or "").split(".")[0]
        return not (top in LIBRARIES or top in ("shapecheck", "jaxtyping") or top in _SHAPELESS
                    or top in _TYPING)

    def resolve_lazy(self, lazy: LazyImport) -> Value:
        """The value a :class:`LazyImport` stands for, loading its module now."""
        if lazy.name is None:
            return self.import_module(lazy.module or "", lazy.importer)
        return self.import_from(lazy.module, lazy.name, lazy.level, lazy.importer)

    def resolve_shared(self, lazy: LazyImport) -> Value:
        """The value of a name a kept module imports lazily (shared_modules.py, K4), resolved once
        per run: what it is depends on the run (its checked file, what it loaded)."""
        value = self.lazy_values.get(lazy)
        if value is None:
            value = self.lazy_values[lazy] = self.resolve_lazy(lazy)
        return value

    def import_module(self, name: str, importer: ModuleInfo) -> Value:
        top = name.split(".")[0]
        if top in LIBRARIES:
            return LibraryObject(canonical_library(name))
        if top in ("shapecheck", "jaxtyping"):
            return LibraryObject(name)
        if name in _STAND_INS:
            return ProjectModule(self._stand_in(name, _STAND_INS[name]))
        info = self.load(name, importer, 0)
        if info is None and name in FOREIGN_CLASSES:   # ``import pandas as pd``: pd.DataFrame is known
            return ProjectModule(self._stand_in(name, _foreign_names(name)))
        return ProjectModule(info) if info is not None else UNKNOWN

    def import_from(self, module: str | None, name: str | None, level: int, importer: ModuleInfo) -> Value:
        if level == 0 and module:
            top = module.split(".")[0]
            if top in LIBRARIES:
                return library_value(canonical_library(f"{module}.{name}" if name else module))
            if top == "shapecheck" or top == "jaxtyping":
                if name == "HOLE":
                    return Hole()
                if name == "reveal_shape":
                    return BUILTINS["reveal_shape"]
                return LibraryObject(f"{module}.{name}")
            if top in _SHAPELESS:
                return _STAND_INS.get(module, {}).get(name, UNKNOWN)
        if level and not module and name is not None:
            sub = self._submodule_alone(name, importer, level)
            if sub is not None:
                return ProjectModule(sub)
        info = self.load(module or "", importer, level)
        if info is None:
            if level == 0 and name in FOREIGN_CLASSES.get(module, ()):
                return LibraryObject(f"{module}.{name}")
            if name is not None:
                sub = self.load(f"{module}.{name}" if module else name, importer, level)
                if sub is not None:
                    return ProjectModule(sub)
            return UNKNOWN
        if name is None:
            return ProjectModule(info)
        value = info.env.get(name)
        if type(value) is LazyImport:   # a re-export (``from .shapes import make`` in a package's
            # __init__): the name it stands for, not the stand-in, which no reader resolves again
            value = self._follow(info, name, value)
        if value is None and STARS in info.env:
            value = self.star_lookup(info, name, info.env)
        if value is None:
            sub = self.load(f"{module}.{name}" if module else name, importer, level)
            return ProjectModule(sub) if sub is not None else UNKNOWN
        return value

    def _follow(self, info: ModuleInfo, name: str, lazy: LazyImport) -> Value:
        """What a name ``info`` imports stands for; unknown where following it comes back to it (a
        cycle of re-exports or star imports: Python raises ImportError there)."""
        key = (id(info), name)
        if key in self._following:
            return UNKNOWN
        self._following.add(key)
        try:
            return self.run.settle(info.env, name, lazy, info.shared)
        finally:
            self._following.discard(key)

    def public_names(self, name: str, importer: ModuleInfo, level: int) -> frozenset | None:
        """The public names the top level of the module an import of ``name`` loads binds, read off
        its syntax (``core.module.public_names``); None where there is no such module or it cannot tell."""
        found = self._syntax(name, importer, level)
        return public_names(*found) if found is not None else None

    def star_later(self, name: str, importer: ModuleInfo, level: int) -> bool:
        """Whether ``from name import *`` binds nothing now but is looked up by name later: the module
        it loads star-imports others, and its syntax shows all its other bindings (``hidden_by_stars_alone``)."""
        found = self._syntax(name, importer, level)
        return found is not None and hidden_by_stars_alone(*found)

    def _syntax(self, name: str, importer: ModuleInfo, level: int) -> tuple[ast.Module, str] | None:
        """The parse tree and text of the module an import of ``name`` loads, not loading it (None: none there)."""
        path = self.resolve(name, importer, level)
        source = self.project.source_of(path) if path is not None else None
        if source is None:
            return None
        try:
            return parse_shared(path, source, lazy=imported_lazily(self._realpath(path))), source
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None

    def star_lookup(self, info: ModuleInfo, name: str, env: dict) -> Value | None:
        """What the deferred star imports of ``info``'s namespace ``env`` (``values.StarImports``)
        bind ``name`` to; None: nothing. As Python's star imports copy names in statement order, the
        latest that binds ``name`` gives it; each is asked by the same rule: a module whose names its
        syntax shows binds ``name`` or not, and only the one that does is loaded; one that
        star-imports others is loaded, its namespace asked, then its own star imports (a star cycle
        asks nothing twice). Approximations, where Python differs: a name bound before a star import
        keeps that binding (Python rebinds it where the star-imported module binds it too), a
        builtin's name is not looked up (``Interpreter.lookup``), and ``__all__`` is not read (every
        public name is copied, as the eager copy did); a private name is never copied."""
        sources = star_sources(env)
        if name.startswith("_") or not sources:
            return None
        key = (info.path, sources, name)
        if key in self._star_found:
            value = self._star_found[key]
        elif key[:2] in self._star_visiting:
            return None
        else:
            self._star_visiting.add(key[:2])
            try:
                value = self._star_found[key] = self._star_value(info, sources, name)
            finally:
                self._star_visiting.discard(key[:2])
        if value is not None and not info.shared:   # bound there now, as Python's star import bound it
            env[name] = value                       # (a summary's read of it then holds: GlobalRead)
        return value

    def _star_value(self, info: ModuleInfo, sources: tuple, name: str) -> Value | None:
        for module, level in reversed(sources):
            path = self.resolve(module or "", info, level)
            if path is None:
                continue
            self.read.add(self._realpath(path))   # its text decides what it binds (a cache's dependency)
            names = self.public_names(module or "", info, level)
            if names is not None:
                if name in names:
                    return self.import_from(module, name, level, info)
                continue
            source = self.load(module or "", info, level)
            if source is None:
                continue
            value = source.env.get(name)
            if type(value) is LazyImport:
                value = self.run.settle(source.env, name, value, source.shared)
            if value is None and STARS in source.env:
                value = self.star_lookup(source, name, source.env)
            if value is not None:
                return value
        return None

    def _submodule_alone(self, name: str, importer: ModuleInfo, level: int) -> ModuleInfo | None:
        """``from . import name`` where the package's ``__init__.py`` (not loaded yet) binds no
        ``name``: the submodule, which is what Python's ``getattr(package, name)`` then gives,
        loaded without running the package's top level. torchvision's ``detection/fcos.py`` does
        ``from . import _utils``, and ``detection/__init__.py`` star-imports fcos, retinanet, ssd...:
        its kept entry had loaded the checked file (K2), so each checked file of the folder ran the
        package and its five modules itself (12 times each). None: the old way decides."""
        package = self.resolve("", importer, level)
        if package is None or self._realpath(package) in self.loaded or self._realpath(package) in self.loading:
            return None   # loaded (or loading): its namespace decides, as before
        source = self.project.source_of(package)
        if source is None:
            return None
        try:
            names, stars = bindings(parse_shared(package, source))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        if name in names or "__getattr__" in names or any(not self._star_lacks(star, name, package) for star in stars):
            return None
        return self.load(name, importer, level)

    def _star_lacks(self, star: tuple, name: str, package: str) -> bool:
        """Whether ``from M import *`` in ``package`` cannot bind ``name``: a private name, which a
        star import binds only where ``M``'s ``__all__`` lists it (M's text never names it)."""
        module, level = star
        if not name.startswith("_"):
            return False
        path = self.resolve_at(module or "", package, level)
        text = self.project.source_of(path) if path is not None else None
        return text is not None and f"'{name}'" not in text and f'"{name}"' not in text

    def _stand_in(self, name: str, names: dict) -> ModuleInfo:
        """``import typing``: a module with no source holding ``names`` (:data:`_TYPING_NAMES`:
        ``typing.cast``); its other names are unknown (attribute lookups fall back to :meth:`import_from`).
        One per process, marked shared: its names are constants that no run rebinds (a store into a
        module's attribute binds nothing), so a kept module's function that reads ``numbers.Integral``
        or ``functools.partial`` reads nothing of one run's own and its summaries serve every file
        (a stand-in made per run kept none of scikit-learn's validation functions' summaries)."""
        # (kept out of self.loaded, which holds the modules read from disk)
        return _STAND_IN_MODULES.get(name) or _STAND_IN_MODULES.setdefault(name, _stand_in_module(name, names))

    def resolve(self, name: str, importer: ModuleInfo, level: int) -> str | None:
        return self.resolve_at(name, importer.path, level)

    def in_project(self, name: str, importer: ModuleInfo, level: int) -> bool:
        """Whether an import of ``name`` names a module of the project's own source (not a stub)."""
        return _resolve(self.project.roots, importer.path, name, level) is not None

    def resolve_at(self, name: str, importer: str, level: int) -> str | None:
        """The file an import of ``name`` in the module at path ``importer`` loads."""
        key = (name, importer, level)
        if key not in self._resolved:
            run = one_shot.current()
            at = (tuple(self.project.roots), os.path.dirname(importer), name, level)
            if run is not None and at in run.resolved:
                self._resolved[key] = run.resolved[at]   # resolved once in a one-shot run (one_shot.py)
            else:
                self._resolved[key] = _resolve(self.project.roots, importer, name, level) or (
                    _resolve_stub(name) if level == 0 else None)
                if run is not None:
                    run.resolved[at] = self._resolved[key]
        return self._resolved[key]

    def load(self, name: str, importer: ModuleInfo, level: int) -> ModuleInfo | None:
        path = self.resolve(name, importer, level)
        if path is None:
            return None
        key = self._realpath(path)
        if key in self.loaded:
            return self.loaded[key]
        if key == self._realpath(importer.path):
            return None  # import cycle: its names are unknown here
        return self.load_file(path, name)

    def load_file(self, path: str, name: str) -> ModuleInfo | None:
        """The module at ``path``, imported as ``name``: as loaded, else loaded now (None: being
        loaded, an import cycle, or no module there)."""
        key = self._realpath(path)
        if key in self.loaded:
            return self.loaded[key]
        if key in self.loading:
            return None  # import cycle: its names are unknown here
        source = self.project.source_of(path)
        if source is None:
            self.loaded[key] = None
            return None
        try:
            tree = parse_shared(path, source, lazy=imported_lazily(key))
        except (SyntaxError, ValueError, RecursionError, MemoryError):   # too deep to parse: its names are unknown
            self.loaded[key] = None
            return None
        entry = self.shared.take(self, key, path, name, source, tree) if self.shared is not None else None
        if entry is not None and self._afford(entry):
            self._take(entry)
            return entry.info
        info = ModuleInfo(path, name, source, tree)
        self.loading[key] = info
        try:
            with self.run.calls.uncounted():   # (a kept module's run is taken instead where another file made it)
                self.run.run_module(info)
        finally:
            self.loading.pop(key, None)
        self.loaded[key] = info
        return info

    def _afford(self, entry: Entry) -> bool:
        """Whether this run may take ``entry``: it has none of its modules otherwise, nor is loading
        one (K1), it changed none of their objects but as their runs did (shared_tables.py, T3: they
        ran without this run's change, which Python's import after it would see), and it can pay
        the steps and Z3 steps running them would have cost it (K5)."""
        closure = entry.closure()
        if not self._unchanged_for(closure):
            return False
        steps = z3 = 0
        for each in closure:
            for key, info in each.members.items():
                if self.loaded.get(key, info) is not info or key in self.loading:
                    return False
            if each not in self.taken:
                steps += each.steps
                z3 += each.z3
        budget, solver = self.run.budget, self.run.solver
        return budget.steps + steps <= budget.limit and solver.spent + z3 < solver.budget

    def _unchanged_for(self, closure: list) -> bool:
        changes = self.run.changes
        if not changes.holds():
            return False   # another thread's run holds the kept objects, with its changes in them (T2)
        entries = set(closure)
        return all(table.owner not in entries or source in entries for table, source in changes.changed())

    def _take(self, entry: Entry) -> None:
        for each in entry.closure():
            if each in self.taken:
                continue
            for table, contents in each.writes:
                self.run.changes.apply(table, contents, each)
            self.taken.append(each)
            self.loaded.update(each.members)
            self.read.update(each.sources)
            self.run.budget.steps += each.steps
            self.run.solver.spent += each.z3


#: shapecheck's own stubs of libraries it has no table for (stubs/README.md): read where an import
#: does not resolve in the project
STUBS = Path(__file__).resolve().parent.parent / "stubs"
_STUBBED = frozenset(p.name for p in STUBS.iterdir() if p.is_dir()) if STUBS.is_dir() else frozenset()


def _resolve_stub(name: str) -> str | None:
    parts = name.split(".")
    if parts[0] not in _STUBBED or not all(part.isidentifier() for part in parts):
        return None
    candidate = STUBS.joinpath(*parts)
    for path in (candidate.with_suffix(".pyi"), candidate / "__init__.pyi"):
        if path.is_file():
            return str(path)
    return None


def _resolve(roots: list[str], importer: str, name: str, level: int) -> str | None:
    """The file an import of ``name`` (``level`` dots) in the module at ``importer`` loads: a
    ``.py`` file or a package's ``__init__.py``, from the importer's own folder first, then the
    project's roots (a relative import: from its package)."""
    parts = name.split(".") if name else []
    if _plain(importer) and all(_plain(r) for r in roots) and all(part.isidentifier() for part in parts):
        return _resolve_plain(roots, importer, parts, level)
    return _resolve_path(roots, importer, parts, level)


def _resolve_path(roots: list[str], importer: str, parts: list[str], level: int) -> str | None:
    if level:
        base = Path(importer).parent
        for _ in range(level - 1):
            base = base.parent
        bases = [base]
    else:
        bases = [Path(importer).parent] + [Path(r) for r in roots]
    for base in bases:
        candidate = base.joinpath(*parts)
        for path in (candidate.with_suffix(".py") if parts else None, candidate / "__init__.py"):
            if path is not None and path.is_file():
                return str(path)
    return None


def _plain(path: str) -> bool:
    """Whether ``path`` is absolute and normal, so that it is its own ``str(Path(path))``."""
    return os.path.isabs(path) and os.path.normpath(path) == path


def _resolve_plain(roots: list[str], importer: str, parts: list[str], level: int) -> str | None:
    """:func:`_resolve` on strings, for an absolute normal importer and roots and a name of
    identifiers, where each path it tries is the one ``pathlib`` builds (pathlib's parsing was
    60% of a run checking transformers' models/llama once)."""
    if level:
        base = os.path.dirname(importer)
        for _ in range(level - 1):
            base = os.path.dirname(base)
        bases = [base]
    else:
        bases = [os.path.dirname(importer)] + list(roots)
    for base in bases:
        candidate = os.path.join(base, *parts)
        if parts and os.path.isfile(candidate + ".py"):
            return candidate + ".py"
        init = os.path.join(candidate, "__init__.py")
        if os.path.isfile(init):
            return init
    return None
