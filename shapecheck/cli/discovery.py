"""Which files `shapecheck check PATH...` analyses.

A directory expands to the ``.py`` files and Jupyter notebooks (``.ipynb``) under it, skipping:
- the default excludes (version-control and virtual-environment folders, caches, build output),
- the configuration's ``exclude`` / ``extend-exclude`` patterns (gitwildmatch, relative to the
  configuration's directory; ``exclude`` replaces the defaults, ``extend-exclude`` adds to them),
- what ``.gitignore`` files ignore, with git's precedence: a deeper ``.gitignore`` overrides a
  shallower one, the last matching pattern in a file wins, and nothing below an ignored directory
  comes back. ``.gitignore`` files are read from the walked folders and their ancestors up to the
  repository root (the folder holding ``.git``; without one, up to the working directory),
- what is not a regular file (a FIFO, a socket, a device, or a link to one).

A path named explicitly is analysed even when excluded, unless ``force_exclude`` (for pre-commit,
which passes every changed file). A path that does not exist raises ``PathNotFound``.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "a.py").write_text(""); _ = (d / "b.txt").write_text("")
>>> [pathlib.Path(p).name for p in discover([str(d)])]
['a.py']
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from .gitignore import GitIgnoreSpec

# Folders no one wants analysed: matched by name at any depth (gitwildmatch, trailing / = folder).
DEFAULT_EXCLUDES = (
    ".git/", ".hg/", ".svn/", ".venv/", "venv/", "__pycache__/", "build/", "dist/",
    "node_modules/", "site-packages/", ".tox/", ".nox/", ".mypy_cache/", ".pytest_cache/",
    ".ruff_cache/", ".eggs/", "*.egg-info/", ".ipynb_checkpoints/",
)
CHECKED_SUFFIXES = (".py", ".ipynb")


class PathNotFound(Exception):
    """One or more paths given on the command line do not exist."""

    def __init__(self, paths: Sequence[str]):
        self.paths = tuple(paths)
        super().__init__(", ".join(self.paths))


@dataclass(frozen=True)
class Excludes:
    """Exclude patterns and the directory they are relative to."""

    root: Path
    spec: GitIgnoreSpec

    @classmethod
    def build(cls, root: str | Path, exclude: Sequence[str] | None = None,
              extend_exclude: Sequence[str] = ()) -> "Excludes":
        patterns = list(DEFAULT_EXCLUDES if exclude is None else exclude) + list(extend_exclude)
        return cls(Path(root).resolve(), GitIgnoreSpec.from_lines(patterns))

    def matches(self, path: Path, is_dir: bool, walk_root: Path) -> bool:
        if path == self.root:
            return False  # the project itself is never excluded, whatever its folder is called
        rel = _relative(path, self.root) or _relative(path, walk_root) or path.name
        return self.spec.match_file(rel + "/" if is_dir else rel)


@dataclass
class GitIgnores:
    """The .gitignore files of a tree, read lazily and cached per directory."""

    cwd: Path = field(default_factory=lambda: Path.cwd().resolve())
    root: Path | None = None   # when set, no .gitignore above it is read
    _specs: dict[Path, GitIgnoreSpec | None] = field(default_factory=dict)
    _boundaries: dict[Path, Path] = field(default_factory=dict)

    def ignored(self, path: Path, is_dir: bool) -> bool:
        """Whether git would ignore ``path`` (an absolute, resolved path), ancestors included."""
        if is_dir and (path / ".git").exists():
            return False  # a repository root: nothing above it applies
        boundary = self._boundary(path.parent)
        for ancestor in _ancestors_within(path.parent, boundary):
            if ancestor != boundary and self._decide(ancestor, True, boundary):
                return True
        return self._decide(path, is_dir, boundary)

    def ignored_in_walk(self, path: Path, is_dir: bool) -> bool:
        """Like ``ignored`` for a walk that already pruned ignored ancestors: checks only ``path``."""
        return self._decide(path, is_dir, self._boundary(path.parent))

    def _decide(self, path: Path, is_dir: bool, boundary: Path) -> bool:
        # Deepest .gitignore first: the first one with a matching pattern decides.
        for directory in _ancestors_within(path.parent, boundary):
            spec = self._spec(directory)
            if spec is None:
                continue
            rel = path.relative_to(directory).as_posix() + ("/" if is_dir else "")
            ignored = spec.check_file(rel)
            if ignored is not None:
                return ignored
        return False

    def _spec(self, directory: Path) -> GitIgnoreSpec | None:
        if directory not in self._specs:
            try:
                lines = (directory / ".gitignore").read_text(encoding="utf-8", errors="replace").splitlines()
                self._specs[directory] = GitIgnoreSpec.from_lines(lines)
            except OSError:
                self._specs[directory] = None
        return self._specs[directory]

    def _boundary(self, directory: Path) -> Path:
        if directory not in self._boundaries:
            self._boundaries[directory] = _find_boundary(directory, self.cwd, self.root)
        return self._boundaries[directory]


def discover(paths: Sequence[str], *, excludes: Excludes | None = None, force_exclude: bool = False,
             respect_gitignore: bool = True) -> list[str]:
    """The files to analyse for the command-line ``paths``, in a stable order, without duplicates."""
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise PathNotFound(missing)
    excludes = excludes or Excludes.build(Path.cwd())
    gitignores = GitIgnores() if respect_gitignore else None
    seen: set[Path] = set()
    out: list[str] = []
    for given in paths:
        for path in _expand(given, excludes, gitignores, force_exclude):
            key = Path(path).resolve()
            if key not in seen:
                seen.add(key)
                out.append(path)
    return out


def _expand(given: str, excludes: Excludes, gitignores: GitIgnores | None, force_exclude: bool) -> Iterable[str]:
    top = Path(given).resolve()
    is_dir = top.is_dir()
    if force_exclude and _excluded(top, is_dir, top.parent, excludes, gitignores, walked=False):
        return
    if not is_dir:
        yield os.path.normpath(given)
        return
    if _excluded(top, True, top.parent, excludes, gitignores, walked=False):
        # An excluded folder named explicitly is its own root: only what is excluded inside it,
        # relative to it, is skipped (`shapecheck check build/` checks build/).
        excludes = Excludes(top, excludes.spec)
        gitignores = GitIgnores(cwd=top, root=top) if gitignores is not None else None
    for directory, dirnames, filenames in os.walk(given):
        here = Path(directory).resolve()
        dirnames[:] = sorted(name for name in dirnames
                             if not _excluded(here / name, True, top, excludes, gitignores, walked=True))
        for name in sorted(filenames):
            if name.endswith(CHECKED_SUFFIXES) and not _special(os.path.join(directory, name)) \
                    and not _excluded(here / name, False, top, excludes, gitignores, walked=True):
                yield os.path.normpath(os.path.join(directory, name))


def _special(path: str) -> bool:
    """A FIFO, socket or device (or a link to one) that a walk met under a checked name: reading it
    would block the run (a FIFO) or never end (``/dev/zero``), and it holds no source anyway. A
    dangling link is not special: it is reported as unreadable (SC002)."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _excluded(path: Path, is_dir: bool, walk_root: Path, excludes: Excludes,
              gitignores: GitIgnores | None, walked: bool) -> bool:
    if excludes.matches(path, is_dir, walk_root):
        return True
    if not walked:  # an explicit path: any excluded ancestor excludes it too
        if any(excludes.matches(a, True, walk_root) for a in _ancestors_within(path.parent, excludes.root)
               if a != excludes.root):
            return True
    if gitignores is None:
        return False
    return gitignores.ignored_in_walk(path, is_dir) if walked else gitignores.ignored(path, is_dir)


def _find_boundary(directory: Path, cwd: Path, root: Path | None = None) -> Path:
    """The repository root above ``directory``; without one, the working directory (or itself).

    ``root``, when it is ``directory`` or above it, is the boundary at the latest.
    """
    for candidate in (directory, *directory.parents):
        if (candidate / ".git").exists() or candidate == root:
            return candidate
    return cwd if directory == cwd or cwd in directory.parents else directory


def _ancestors_within(directory: Path, boundary: Path) -> list[Path]:
    """``directory`` and its parents up to and including ``boundary``, deepest first."""
    chain = [directory]
    if directory == boundary or boundary not in directory.parents:
        return chain
    for parent in directory.parents:
        chain.append(parent)
        if parent == boundary:
            break
    return chain


def _relative(path: Path, root: Path) -> str | None:
    try:
        rel = path.relative_to(root).as_posix()
    except ValueError:
        return None
    return None if rel == "." else rel


__all__ = ["DEFAULT_EXCLUDES", "Excludes", "GitIgnores", "PathNotFound", "discover"]
