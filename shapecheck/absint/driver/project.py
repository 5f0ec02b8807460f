"""What a run is asked to do: the options, and the project whose files it reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


@dataclass(frozen=True)
class Options:
    strict: bool = False           # also report possible errors (SC120) as warnings
    timeout_ms: int = 1000         # per Z3 query; a time-out means "unknown", never an error
    select: tuple[str, ...] = ()   # code prefixes to keep (empty: all)
    ignore: tuple[str, ...] = ()   # code prefixes to drop
    notes: bool = False            # record ShapeNotes (hover / inlay hints); the CLI does not need them


@dataclass
class ProjectCache:
    """What re-checking the same files as they are edited (an editor) keeps between runs."""

    trees: dict = field(default_factory=dict)         # path -> (lines, tree): parsing.parse
    incremental: dict = field(default_factory=dict)   # key -> incremental.Entry: generic analyses
    symbol_counter: int = 0                           # fresh symbols stay fresh across runs
    last_reused: int = 0                              # generic analyses the last run took from here


@dataclass
class Project:
    """The set of files that make up a project, for resolving imports of the project's own modules.

    ``roots`` are the directories module names are resolved from (the analysed files' directories
    are always added). ``read_source`` may supply text for a path (an editor's unsaved buffer);
    when it returns None the file is read from disk. Modules are never imported or executed.
    """

    roots: list[str] = field(default_factory=list)
    read_source: Callable[[str], str | None] | None = None
    options: Options = field(default_factory=Options)
    # Re-checking the same files as they are edited (an editor): keep parse trees and generic
    # analyses between runs in ``cache`` and redo only what an edit touched (incremental.py).
    # Off for one-shot runs, where it would only cost.
    incremental: bool = False
    cache: ProjectCache = field(default_factory=ProjectCache)

    @classmethod
    def at_root(cls, root: str | Path, options: Options | None = None) -> "Project":
        """The project whose root folder is ``root``: its modules resolve from ``root``, and from
        ``root/src`` when that exists (the src layout), whichever files are analysed."""
        root = Path(root).resolve()
        roots = [str(root)] + ([str(root / "src")] if (root / "src").is_dir() else [])
        return cls(roots=roots, options=options or Options())

    def source_of(self, path: str) -> str | None:
        if self.read_source is not None:
            text = self.read_source(path)
            if text is not None:
                return text
        try:
            return Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
