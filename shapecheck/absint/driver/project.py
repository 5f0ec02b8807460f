"""What a run is asked to do: the options, and the project whose files it reads."""

from __future__ import annotations

import errno
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ...constraints.limits import RLIMIT
from . import one_shot


@dataclass(frozen=True)
class Options:
    strict: bool = False           # also report possible errors (SC120) as warnings
    rlimit: int = RLIMIT           # Z3 steps per check; running out means "unknown", never an error
    select: tuple[str, ...] = ()   # code prefixes to keep (empty: all)
    ignore: tuple[str, ...] = ()   # code prefixes to drop
    notes: bool = False            # record ShapeNotes (hover / inlay hints); the CLI does not need them
    # run short loops over known sequences once per item (exact shapes for range(3)); the jit's
    # check turns it off: it needs only proved errors, and a 16 x 8 nest unrolled cost it 30 ms
    unroll: bool = True
    # the share of array expressions with a known rank is wanted (``--statistics``, benchmarks):
    # without it the re-analyses that only serve it are skipped where nothing else can come of
    # them (Calls.rerank), and the findings are the same either way
    coverage: bool = True


@dataclass
class ProjectCache:
    """What re-checking the same files as they are edited (an editor) keeps between runs."""

    trees: dict = field(default_factory=dict)         # path -> (lines, tree): parsing.parse
    incremental: dict = field(default_factory=dict)   # key -> incremental.Entry: generic analyses
    summaries: dict = field(default_factory=dict)     # path -> {key: kept_summaries.Kept}: call summaries
    statements: dict = field(default_factory=dict)    # path -> {key: KeptStatement}: top-level assignments
    symbol_counter: int = 0                           # fresh symbols stay fresh across runs
    last_reused: int = 0                              # generic analyses the last run took from here
    # path -> the last run of that file (run.Finished): what a hover's question about that text
    # (the cost of a line) is answered in, without analysing the file again
    finished: dict = field(default_factory=dict)
    # path -> (its stat stamp, its text): another module's text as last read from disk (disk_text)
    disk: dict = field(default_factory=dict)

    def disk_text(self, path: str) -> str | None:
        """The text of file ``path`` on disk (None: unreadable), read again only when its stat stamp
        (modification and change times, size, inode) differs from the last read's.

        Why: every re-check asks for the source of each module its kept analyses loaded, to see that
        it reads as it did (incremental.ModuleKeys.loaded_as): levit.py's re-check read 37 files
        (200 KB) from disk on every keystroke, ~2.5 ms of its CPU. A stat is ~4 us. A file changed
        within the file system's time granularity of the read could keep its stamp (git's "racily
        clean" entries): a text modified less than :data:`RACY_NS` before is not kept."""
        try:
            info = os.stat(path)
        except OSError:
            return None
        stamp = (info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino, info.st_dev)
        known = self.disk.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        text = read_text(path)
        if time.time_ns() - info.st_mtime_ns < RACY_NS:   # (a write sets both times: see RACY_NS)
            self.disk.pop(path, None)
        else:
            if len(self.disk) >= MAX_DISK_FILES and path not in self.disk:
                self.disk.clear()   # a simple bound: a long session starts over rather than growing
            self.disk[path] = (stamp, text)
        return text


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
        run = one_shot.current()
        root = Path(run.realpath(str(root)) if run is not None else Path(root).resolve())
        roots = [str(root)] + ([str(root / "src")] if (root / "src").is_dir() else [])
        return cls(roots=roots, options=options or Options())

    def source_of(self, path: str) -> str | None:
        if self.read_source is not None:
            text = self.read_source(path)
            if text is not None:
                return text
        run = one_shot.current()
        if run is not None and path in run.texts:
            return run.texts[path]   # read once in a one-shot run (one_shot.py)
        text = self.cache.disk_text(path) if self.incremental else read_text(path)
        if run is not None:
            run.texts[path] = text
        return text


MAX_SOURCE_BYTES = 10_000_000  # no hand-written module is this large; a generated one is not worth a run
#: Files whose texts an editor's project keeps (ProjectCache.disk_text), at most.
MAX_DISK_FILES = 4096
#: A stamp this recent may not tell two texts apart (ext4 and overlayfs stamp times with the
#: kernel's clock tick; FAT in 2 s steps): such a text is read again next time. The modification
#: time decides: every write sets it to now, so a later write differs from an older kept time, and
#: the change time in the stamp catches one that then sets the old time back (``touch -d``).
RACY_NS = 2_000_000_000


def read_text(path: str) -> str | None:
    """An imported module's text, read with the same guards as a checked file (None: unreadable)."""
    try:
        return read_source(path).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def read_source(path: str | Path) -> bytes:
    """The bytes of one source file; OSError (its ``strerror`` says why) for anything but a regular
    file of at most MAX_SOURCE_BYTES.

    A FIFO would block the run and ``/dev/zero`` would fill memory: the file is opened without
    blocking and its kind checked on the open descriptor before anything is read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        data = handle.read(MAX_SOURCE_BYTES + 1)
    if info.st_size > MAX_SOURCE_BYTES or len(data) > MAX_SOURCE_BYTES:
        raise OSError(errno.EFBIG, f"file too large ({max(info.st_size, len(data)) / 1e6:.1f} MB; "
                                   f"the limit is {MAX_SOURCE_BYTES / 1e6:.0f} MB)", str(path))
    return data
