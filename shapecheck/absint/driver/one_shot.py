"""A one-shot run: ``shapecheck check`` over a list of files fixed when it starts, during which no
file it reads changes (an editor's runs are not one-shot: a buffer changes between two of them).

What that allows, for the files checked one after another in one process (``cli/parallel.py``):
- a module imported but not checked has its functions' bodies parsed on first use
  (``parsing.imported_lazily``, ``core/lazy_bodies.py``); one that is checked is parsed whole;
- each file is read once, where each run read every module it loaded again, and each kept module's
  run read its sources once more to see them unchanged (flax_examples: 502 reads of ~100 files);
- an import resolves once per (roots, importer's folder, name, level), where each run asked the file
  system again (flax_examples: 1,423 resolutions, ~4 stat calls each), and each path's real path
  is found once (893 ``os.path.realpath``, 23 ms).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass
class OneShot:
    """What a one-shot run has read and found so far, for the rest of it."""

    files: frozenset                                  # the real paths of the files it checks
    texts: dict = field(default_factory=dict)         # path -> its text (None: unreadable)
    resolved: dict = field(default_factory=dict)      # (roots, folder, name, level) -> a path or None
    real: dict = field(default_factory=dict)          # path -> its real path

    def realpath(self, path: str) -> str:
        found = self.real.get(path)
        if found is None:
            found = self.real[path] = os.path.realpath(path)
        return found


_CURRENT: OneShot | None = None


def begin(paths) -> None:
    """From now on, a one-shot run checking ``paths`` (None: no longer one)."""
    global _CURRENT
    _CURRENT = OneShot(frozenset(os.path.realpath(p) for p in paths)) if paths is not None else None


def current() -> OneShot | None:
    """The one-shot run this process is in, if any."""
    return _CURRENT
