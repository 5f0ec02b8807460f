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


def package_base(folder: Path) -> Path:
    """The first of ``folder`` and its parents that holds no ``__init__.py`` and is not inside a
    package: a folder of tests without one inside a package (scikit-rf's ``skrf/media/tests/``)
    imports the package as the package's own folders do, so a test file named alone resolves
    ``import skrf`` as a run over ``skrf/`` does."""
    while folder.parent != folder and ((folder / "__init__.py").is_file() or (folder.parent / "__init__.py").is_file()):
        folder = folder.parent
    return folder


__all__ = ["MARKERS", "common_folder", "package_base", "project_root"]
