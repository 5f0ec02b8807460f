"""The project root: the folder every import of the project's own modules resolves from.

Findings must not depend on which paths are named (``pkg/`` alone, or ``pkg/ setup.py``, or
``.``), so ``from pkg.models import Net`` resolves from one folder, found once per run:

1. the folder of the configuration in use (``pyproject.toml`` with ``[tool.shapecheck]``, or
   ``--config FILE``);
2. else the nearest folder holding one of :data:`MARKERS`, searching upward from the checked
   paths' common ancestor (the base of its package, where that folder is a package);
3. else the first folder upward from that common ancestor that is not a package (holds no
   ``__init__.py``) nor inside one: the folder Python imports the package from, as pytest's ``prepend`` import
   mode and mypy's module crawl find it, so that ``pkg/`` named alone resolves ``from pkg.models
   import Net`` as ``.`` does.

Paths of different projects named in one run (``check ../scanpy/scanpy ../scikit-rf/skrf``) are
checked each from its own root (:func:`project_roots`), so that such a run finds what a run over
each path alone finds: from their common ancestor, ``import skrf`` in scikit-rf's tests resolved
nowhere and two of its findings went.

``Project.at_root`` adds ``root/src`` when it exists (the src layout). The cache
(``.shapecheck_cache/``) lives in the root, and ``--shard`` hashes paths relative to it.

>>> import tempfile, pathlib
>>> top = pathlib.Path(tempfile.mkdtemp()).resolve()
>>> (top / "pkg").mkdir(); _ = (top / "setup.py").write_text("")
>>> project_root([str(top / "pkg")], config_root=None) == top
True
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Sequence

#: What marks a project's top folder (as ruff, black and pytest's rootdir search use them).
MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def common_folder(paths: Sequence[str]) -> Path:
    """The deepest folder holding every path (a lone file's folder); the working directory when
    the paths share none (different drives)."""
    absolute = [os.path.abspath(p) for p in paths] or [os.getcwd()]
    try:
        common = os.path.commonpath(absolute)
    except ValueError:
        return Path.cwd().resolve()
    return Path(common if os.path.isdir(common) else os.path.dirname(common)).resolve()


def project_root(paths: Sequence[str], config_root: Path | None) -> Path:
    """The project root for a run over ``paths`` (see the module docstring)."""
    if config_root is not None:
        return Path(config_root).resolve()
    start = common_folder(paths)
    for folder in (start, *start.parents):
        if any((folder / marker).exists() for marker in MARKERS):
            # a marker inside a package (linearmodels ships ``linearmodels/pyproject.toml``) is no
            # folder imports resolve from: the package's base is, as for a run over its parent
            return package_base(folder) if (folder / "__init__.py").is_file() else folder
    return package_base(start)


def project_roots(paths: Sequence[str], config_root: Path | None) -> list[tuple[Path, list[str]]]:
    """Each project root of a run over ``paths`` with the named paths it checks, in the order they
    were named: one root for all (:func:`project_root`) where a configuration decides it, where every
    path has the same root, or where a path lies inside another of another root (a file named twice
    is checked once, from one root); else each path from its own root."""
    single = [(project_root(paths, config_root), list(paths))]
    if config_root is not None or len(paths) < 2:
        return single
    groups: dict[Path, list[str]] = {}
    for path in paths:
        groups.setdefault(project_root([path], None), []).append(path)
    if len(groups) == 1:
        return single
    owner = {os.path.abspath(path): root for root, named in groups.items() for path in named}
    for a, root_a in owner.items():
        for b, root_b in owner.items():
            if root_a != root_b and os.path.commonpath([a, b]) in (a, b):
                return single
    return list(groups.items())


def package_base(folder: Path) -> Path:
    """The first of ``folder`` and its parents that holds no ``__init__.py`` and is not inside a
    package: a folder of tests without one inside a package (scikit-rf's ``skrf/media/tests/``)
    imports the package as the package's own folders do, so a test file named alone resolves
    ``import skrf`` as a run over ``skrf/`` does."""
    while folder.parent != folder and ((folder / "__init__.py").is_file() or (folder.parent / "__init__.py").is_file()):
        folder = folder.parent
    return folder


__all__ = ["MARKERS", "common_folder", "package_base", "project_root", "project_roots"]
