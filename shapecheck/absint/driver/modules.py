"""Imports: library modules become the values the rule tables model; the project's own modules
are found on disk (or in an editor's buffers) and interpreted, never imported or executed."""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Callable

from ..core.frame import BUILTINS, Builtin
from ..core.module import ModuleInfo
from ..core.values import UNKNOWN, Hole, LazyImport, LibraryObject, ProjectModule, Value
from ..rules.registry import library_value
from ..interp.builtins import FOREIGN_CLASSES
from .parsing import parse_shared
from .project import Project

#: Top-level names of the array libraries whose ops are modelled (everything under them is a
#: LibraryObject, resolved against the rule tables).
LIBRARIES = ("numpy", "torch", "jax", "math", "flax", "einops")
#: Standard modules whose names carry no shapes (imported names from them are unknown), but for
#: the few in _TYPING_NAMES.
_SHAPELESS = ("typing", "typing_extensions", "__future__", "dataclasses", "functools", "os", "sys")
#: typing's names that carry shapes: ``cast(T, value)`` gives value T's shape (annotations.check_cast).
#: (``Literal`` and ``Any`` are read from an annotation's syntax and need no value.)
_TYPING_NAMES = {"cast": Builtin("typing.cast")}
_TYPING = ("typing", "typing_extensions")
#: Where a library's public names live under another path: ``flax.linen.module.Module`` is
#: ``flax.linen.Module``, ``flax.nnx.module.Module`` ``flax.nnx.Module``.
_ALIASES = (("flax.linen.module.", "flax.linen."), ("flax.linen.activation.", "flax.linen."),
            ("flax.linen.linear.", "flax.linen."), ("flax.nnx.module.", "flax.nnx."))


def canonical_library(name: str) -> str:
    """``numpy.core.multiply`` and ``jax.numpy.sum`` resolve like ``numpy.multiply`` / ``numpy.sum``."""
    if name.startswith("jax.numpy"):
        return "numpy" + name[len("jax.numpy"):]
    for alias, home in _ALIASES:
        if name.startswith(alias):
            return home + name[len(alias):]
    return name


def _foreign_names(module: str) -> dict:
    return {name: LibraryObject(f"{module}.{name}") for name in FOREIGN_CLASSES[module]}


class Modules:
    """The modules of one run, by real path, loaded on first import (cycles cut: an import that
    is still loading gives unknown names)."""

    def __init__(self, project: Project, run_module: Callable[[ModuleInfo], None]):
        self.project = project
        self.run_module = run_module
        self.loaded: dict[str, ModuleInfo | None] = {}
        self.loading: dict[str, ModuleInfo] = {}   # realpath -> a module whose body is running (imports)
        self.stand_ins: dict[str, ModuleInfo] = {}
        # (name, importer's path, level) -> the file it resolves to, and path -> its real path: one
        # run reads the file system once, where each imported name asked it again (``from .layers
        # import A, B, C`` loads per name; timm: 9,726 resolutions, 33,000 stat calls, 3% of a run)
        self._resolved: dict[tuple[str, str, int], str | None] = {}
        self._real: dict[str, str] = {}

    def _realpath(self, path: str) -> str:
        found = self._real.get(path)
        if found is None:
            found = self._real[path] = os.path.realpath(path)
        return found

    def add(self, info: ModuleInfo) -> None:
        """Register the module being checked (so that importing it back is a cycle, not a reload)."""
        self.loaded[self._realpath(info.path)] = info

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

    def import_module(self, name: str, importer: ModuleInfo) -> Value:
        top = name.split(".")[0]
        if top in LIBRARIES:
            return LibraryObject(canonical_library(name))
        if top in ("shapecheck", "jaxtyping"):
            return LibraryObject(name)
        if name in _TYPING:
            return ProjectModule(self._stand_in(name, _TYPING_NAMES))
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
                return _TYPING_NAMES.get(name, UNKNOWN) if module in _TYPING else UNKNOWN
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
        if value is None:
            sub = self.load(f"{module}.{name}" if module else name, importer, level)
            return ProjectModule(sub) if sub is not None else UNKNOWN
        return value

    def _stand_in(self, name: str, names: dict) -> ModuleInfo:
        """``import typing``: a module with no source holding ``names`` (:data:`_TYPING_NAMES`:
        ``typing.cast``); its other names are unknown (attribute lookups fall back to :meth:`import_from`)."""
        info = self.stand_ins.get(name)
        if info is None:   # (kept out of self.loaded, which holds the modules read from disk)
            info = self.stand_ins[name] = ModuleInfo(f"<{name}>", name, "", ast.Module([], []), dict(names))
        return info

    def resolve(self, name: str, importer: ModuleInfo, level: int) -> str | None:
        key = (name, importer.path, level)
        if key not in self._resolved:
            self._resolved[key] = self._find(name, importer, level)
        return self._resolved[key]

    def _find(self, name: str, importer: ModuleInfo, level: int) -> str | None:
        parts = name.split(".") if name else []
        if level:
            base = Path(importer.path).parent
            for _ in range(level - 1):
                base = base.parent
            roots = [base]
        else:
            roots = [Path(importer.path).parent] + [Path(r) for r in self.project.roots]
        for root in roots:
            candidate = root.joinpath(*parts)
            for path in (candidate.with_suffix(".py") if parts else None, candidate / "__init__.py"):
                if path is not None and path.is_file():
                    return str(path)
        return None

    def load(self, name: str, importer: ModuleInfo, level: int) -> ModuleInfo | None:
        path = self.resolve(name, importer, level)
        if path is None:
            return None
        key = self._realpath(path)
        if key in self.loaded:
            return self.loaded[key]
        if key == self._realpath(importer.path) or key in self.loading:
            return None  # import cycle: its names are unknown here
        source = self.project.source_of(path)
        if source is None:
            self.loaded[key] = None
            return None
        try:
            tree = parse_shared(path, source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):   # too deep to parse: its names are unknown
            self.loaded[key] = None
            return None
        info = ModuleInfo(path, name, source, tree)
        self.loading[key] = info
        try:
            self.run_module(info)
        finally:
            self.loading.pop(key, None)
        self.loaded[key] = info
        return info
