"""On-disk cache of object code, so a second process skips LLVM entirely.

Key: SHA-256 of the unoptimised LLVM IR text together with the host identity (CPU name, CPU
features, llvmlite and LLVM versions, see ``target.HostTarget.cache_identity``). The IR names the
kernel and carries its specialised shapes, so equal keys mean interchangeable object code.

Location: ``$SHAPECHECK_CACHE_DIR`` if set (the value ``off`` disables the disk cache), else ``$XDG_CACHE_HOME/shapecheck`` or
``~/.cache/shapecheck``, with one ``<key>.o`` file per program (the object code of its kernels
and of its glue, ``engine``) and one ``<key>.schedule`` per program that ``shapecheck tune``
measured (its best schedule, as JSON). Writes go to a temporary file and
are renamed into place, so concurrent processes never read half a file. Each file starts with a
magic line and the SHA-256 of the object code; an entry that fails the check is ignored (loading
a damaged object file would crash the process). Any I/O error degrades to "not cached": a cache
must never make a compile fail.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

ENV_VAR = "SHAPECHECK_CACHE_DIR"
MAGIC = b"shapecheck-object-v1\n"


def cache_dir() -> Path:
    """The directory that holds cached object files (not created until the first write)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "shapecheck"


def cache_key(ir_text: str, identity: str) -> str:
    """The hex key of ``ir_text`` compiled for a host of ``identity``."""
    digest = hashlib.sha256()
    digest.update(identity.encode())
    digest.update(b"\0")
    digest.update(ir_text.encode())
    return digest.hexdigest()


def load(key: str, suffix: str = ".o") -> bytes | None:
    """The cached object code (or other entry of ``suffix``) for ``key``, or None."""
    if os.environ.get(ENV_VAR) == "off":
        return None
    try:
        data = (cache_dir() / f"{key}{suffix}").read_bytes()
    except OSError:
        return None
    header = len(MAGIC) + 32
    if not data.startswith(MAGIC) or hashlib.sha256(data[header:]).digest() != data[len(MAGIC):header]:
        return None
    return data[header:]


def store(key: str, obj: bytes, suffix: str = ".o") -> None:
    """Save ``obj`` under ``key`` (and ``suffix``), atomically; errors are ignored."""
    if os.environ.get(ENV_VAR) == "off":
        return
    directory = cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC + hashlib.sha256(obj).digest() + obj)
        os.replace(tmp, directory / f"{key}{suffix}")
    except OSError:
        pass
