"""The check cache: a file's report, kept until the file, a module it imports, the options or
shapecheck itself change.

Entries live in ``.shapecheck_cache/`` in the project root (``--cache-dir`` elsewhere,
``--no-cache`` not at all), one JSON file each, named by a content key: the sha256 of the
file's bytes, its resolved path, the project root, the options, and shapecheck's version with a
digest of its own source (so an edited checkout does not reuse its old answers). The report is
stored with a placeholder for the file's own path, filled on reading with the path as the reader
spells it: the command line's ``pkg/a.py`` and the language server's ``/repo/pkg/a.py`` share
one entry (the server reads the cache on start-up). The file's bytes enter the key by their sha256,
which a warm run takes from ``hashes.json`` while the file's stat is unchanged (hashes.py), as it
does the dependencies' (below): an unchanged tree is re-checked without reading its sources. The project modules the analysis read are not known before it runs,
so each entry records them with their sha256 (``FileReport.loaded_modules``) and a hit requires
that every one of them still hashes the same; an edited imported module is a miss (an editor's
unsaved buffer counts as the module's text: ``source_of``).

Writes go to a temporary file in the same folder, then ``os.replace``: a reader never sees half an
entry, and concurrent runs at worst both write the same value. An entry that cannot be read,
does not parse, or was written by another format or for another key is ignored and rewritten.
The folder holds a ``CACHEDIR.TAG`` (https://bford.info/cachedir/, so backup tools skip it) and a
``.gitignore`` of ``*``.

Not watched: a module that did not exist when the entry was written (an import that resolved to
nothing then). ``--no-cache`` after adding a module that files already imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Callable

from ..api import Options, read_source
from ..report.diagnostics import FileReport
from ..version import __version__
from .hashes import FileHashes
from .report_data import relocate, report_from_data, report_to_data

CACHE_DIR_NAME = ".shapecheck_cache"
FORMAT = "shapecheck-cache/3"
HASHES_NAME = "hashes.json"   # hashes.py: the files' sha256 by their stat, read once a run
OWN_PATH = "<the checked file>"   # placeholder for the file's own path in a stored report
CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This file is a cache directory tag created by shapecheck.\n"
                "# For information about cache directory tags, see: https://bford.info/cachedir/\n")
_PACKAGE = Path(__file__).resolve().parents[1]


def shapecheck_digest(files: FileHashes | None = None) -> str:
    """shapecheck's version and a digest of its source files (rules, stubs and messages included), each
    file's hash taken from ``files`` where its stat is unchanged."""
    files = files or FileHashes(None, read_source, _write_atomic)
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(_PACKAGE.rglob("*")):
        if path.suffix in (".py", ".pyi", ".md") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(_PACKAGE).as_posix().encode() + b"\0")
            digest.update((files.sha256(str(path)) or "").encode())
    return digest.hexdigest()


class Cache:
    """One run's view of a cache folder (create it with :meth:`open`)."""

    def __init__(self, directory: Path, options: Options, root: Path,
                 source_of: Callable[[str], str | None] | None = None):
        self.directory = directory
        self.source_of = source_of   # an editor's unsaved text of a module, else None (read the disk)
        # ``notes`` only adds hover notes, which an entry does not keep: the command line (notes off)
        # and the language server (notes on) share entries; ``coverage`` changes no finding, so it
        # is recorded in the entry instead: a run that wants it takes only an entry that has it
        kept = {name: value for name, value in asdict(options).items() if name not in ("notes", "coverage")}
        self.coverage = options.coverage
        self.files = FileHashes(directory / HASHES_NAME if directory.is_dir() else None, read_source, _write_atomic)
        # (the analysis reads ``sys.version_info`` as this Python's, every field of it: another
        # Python's run decides ``if sys.version_info >= ...`` otherwise)
        settings = {"options": kept, "root": str(root), "shapecheck": shapecheck_digest(self.files),
                    "python": list(sys.version_info)}
        self._salt = json.dumps(settings, sort_keys=True).encode()
        self._hashes: dict[str, str | None] = {}   # dependency real path -> sha256, once per run

    @classmethod
    def open(cls, directory: str | Path, options: Options, root: Path,
             source_of: Callable[[str], str | None] | None = None) -> "Cache | None":
        """The cache in ``directory`` (made, tagged and git-ignored if new); None when it cannot be
        made (a read-only tree): the run goes on without one."""
        directory = Path(directory)
        try:
            directory.mkdir(parents=True, exist_ok=True)
            for name, text in (("CACHEDIR.TAG", CACHEDIR_TAG), (".gitignore", "*\n")):
                if not (directory / name).exists():
                    _write_atomic(directory / name, text.encode())
        except OSError:
            return None
        return cls(directory, options, root, source_of)

    def key(self, path: str, data: bytes) -> str:
        """The content key of checking ``path`` whose bytes are ``data`` (however ``path`` is spelt)."""
        return self._key(path, hashlib.sha256(data).hexdigest())

    def key_of_file(self, path: str) -> str:
        """The content key of checking the file at ``path`` as it is on disk, its bytes read only
        where ``hashes.json`` does not know them; OSError where they cannot be read."""
        data_digest = self.files.sha256(os.path.abspath(path))
        if data_digest is None:
            raise OSError(f"cannot read {path}")
        return self._key(path, data_digest)

    def _key(self, path: str, data_digest: str) -> str:
        digest = hashlib.sha256(self._salt)
        for part in (os.path.realpath(path).encode(), data_digest.encode()):
            digest.update(len(part).to_bytes(8, "little"))
            digest.update(part)
        return digest.hexdigest()

    def save(self) -> None:
        """Write what this run learnt of the files' hashes (call once, at the end of a run)."""
        self.files.save()

    def get(self, key: str, path: str) -> FileReport | None:
        """The stored report for ``key`` (of ``path``, spelt so in it) if its recorded imports are
        unchanged; else None."""
        try:
            entry = json.loads(self._entry(key).read_bytes())
            if entry.get("format") != FORMAT or entry.get("key") != key:
                return None
            if self.coverage and not entry.get("coverage"):
                return None   # made without the coverage-only analyses (--statistics wants them)
            if any(self._hash(dep) != digest for dep, digest in entry["dependencies"].items()):
                return None
            return report_from_data(relocate(entry["report"], OWN_PATH, path))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None  # missing, truncated, corrupt or foreign: recomputed and rewritten

    def put(self, key: str, path: str, report: FileReport) -> None:
        """Store ``report`` (not one recording a crash: SC003 is never cached)."""
        if any(d.code == "SC003" for d in report.diagnostics):
            return
        itself = os.path.realpath(path)
        dependencies = {dep: self._hash(dep) for dep in report.loaded_modules if dep != itself}
        data = report_to_data(report)
        if not self.coverage:   # only --statistics prints them, and it takes only entries with coverage
            data = {**data, "array_expressions": [], "unknown_calls": {}}
        entry = {"format": FORMAT, "key": key, "dependencies": dependencies, "coverage": self.coverage,
                 "report": relocate(data, path, OWN_PATH)}
        target = self._entry(key)
        try:
            target.parent.mkdir(exist_ok=True)
            _write_atomic(target, json.dumps(entry, separators=(",", ":")).encode())
        except OSError:
            pass  # a full disk or a read-only tree costs the cache, never the run

    def _entry(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def _hash(self, path: str) -> str | None:
        text = self.source_of(path) if self.source_of is not None else None
        if text is not None:   # an open editor buffer: never remembered, it changes as one types
            return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        if path not in self._hashes:
            self._hashes[path] = self.files.sha256(path)
        return self._hashes[path]


def _write_atomic(target: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


__all__ = ["CACHE_DIR_NAME", "Cache", "shapecheck_digest"]
