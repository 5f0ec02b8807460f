"""The sha256 of files, remembered across runs by what ``stat`` says of them.

A warm run of an unchanged tree asks for the hash of every checked file (its cache key) and of every
project module an entry recorded (its dependencies): on timm's 110k lines, reading and hashing them
was most of a warm run's cache time. Git's index answers the same question ("is this file as it
was?") from the file's stat alone; so does this memo, kept in one file of the cache folder and
read once per run.

Invariants:

- *H1: a remembered hash is the file's.* It is used only while the file's stat -- size, mtime and
  ctime in ns, device and inode -- is the one recorded; any write, rename onto it, ``chmod`` or
  replacement by another file changes one of them.
- *H2: racily clean files are not remembered* (git's "racy git" rule): a file whose mtime or ctime
  lies within :data:`RACY_NS` of the moment it was hashed could still be written within the same
  timestamp tick, unseen by its stat; it is hashed afresh on every run until it is older.
- *H3: the memo is a hint.* A missing, damaged or foreign memo file is an empty memo; it is written
  atomically, and two runs writing it at once at worst forget each other's new hashes.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Callable

FORMAT = "shapecheck-hashes/1"
#: How recent (ns) a file's mtime or ctime may be for its hash to be remembered (H2): coarse
#: timestamp filesystems tick in 1-2 s (FAT: 2 s).
RACY_NS = 2_000_000_000


def _signature(st: os.stat_result) -> list[int]:
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_dev, st.st_ino]


class FileHashes:
    """The memo of one cache folder; :meth:`sha256` answers, :meth:`save` writes what it learnt."""

    def __init__(self, memo: Path | None, read: Callable[[str], bytes], write: Callable[[Path, bytes], None]):
        self._memo = memo
        self._read = read     # a file's bytes, OSError for what is not a readable source file
        self._write = write
        self._known: dict[str, list] = {}   # path -> [*signature, hex sha256]
        self._learnt = False
        if memo is not None:
            try:
                data = json.loads(memo.read_bytes())
                if data.get("format") == FORMAT and isinstance(data.get("files"), dict):
                    self._known = data["files"]
            except (OSError, ValueError, AttributeError):
                pass   # H3

    def sha256(self, path: str) -> str | None:
        """The hex sha256 of the file at ``path`` (as spelt: the memo is keyed by it); None when it
        cannot be read (gone, a folder)."""
        try:
            signature = _signature(os.stat(path))
        except OSError:
            return None
        known = self._known.get(path)
        if isinstance(known, list) and known[:-1] == signature:
            return known[-1]   # H1
        try:
            digest = hashlib.sha256(self._read(path)).hexdigest()
        except OSError:
            return None
        self.remember(path, signature, digest)
        return digest

    def remember(self, path: str, signature: list[int], digest: str) -> None:
        """Record ``digest`` as the hash of ``path`` while its stat is ``signature`` (H2 applies)."""
        if time.time_ns() - max(signature[1], signature[2]) > RACY_NS:
            if self._known.get(path) != [*signature, digest]:
                self._known[path] = [*signature, digest]
                self._learnt = True
        elif path in self._known:
            del self._known[path]
            self._learnt = True

    def save(self) -> None:
        """Write the memo if this run learnt anything (a read-only folder costs the memo only)."""
        if self._memo is None or not self._learnt:
            return
        try:
            self._write(self._memo, json.dumps({"format": FORMAT, "files": self._known},
                                               separators=(",", ":")).encode())
            self._learnt = False
        except OSError:
            pass


def signature_of(path: str) -> list[int] | None:
    """What :class:`FileHashes` compares of ``path`` (None when it cannot be stat'ed)."""
    try:
        return _signature(os.stat(path))
    except OSError:
        return None


__all__ = ["FileHashes", "RACY_NS", "signature_of"]
