"""The methods `dataclasses` generates for shapecheck's classes, compiled once and kept like bytecode.

`dataclasses` writes each generated method (`__init__`, `__repr__`, `__eq__`, `__hash__`, a frozen
class's `__setattr__` and `__delattr__`) as source text and compiles it with `exec`: on Python
3.10-3.12 one `exec` per method, 758 methods of 143 classes before a `check` reads its first file,
~50 µs each, a third of start-up. The text depends only on the class's fields and options, so the
code object compiled from it can be kept across runs, as Python keeps a module's compiled body in
`__pycache__`: `install` puts a caching `exec` into the `dataclasses` module's namespace, which
its `_create_fn` (3.10-3.12) and `_FuncBuilder` (3.13) call by name.

Invariants:
- M1 (same functions): a cached code object is the one `compile(text, "<string>", "exec")` gives
  for the same text in this interpreter (the file's name carries `sys.implementation.cache_tag`,
  its header `importlib.util.MAGIC_NUMBER`); it runs with the globals and locals `dataclasses`
  passes, so each class gets the methods it would get without the cache. `compile` does not
  inherit this module's `__future__` flags (`dont_inherit=True`), as `exec` called from
  `dataclasses` (which has none) does not.
- M2 (ours only): only texts run in the globals of a shapecheck module are looked up or kept; any
  other program's dataclasses go to the builtin `exec` untouched.
- M3 (no new failure): a missing, unreadable, corrupt or foreign file is an empty cache (its
  header is `MAGIC_NUMBER` and a CRC-32 of the marshalled rest, checked before any of it is
  unmarshalled: a damaged code object could crash the interpreter that runs it); a file
  that cannot be written is not written. Writing follows `sys.dont_write_bytecode` (and so
  `PYTHONDONTWRITEBYTECODE`) and `sys.pycache_prefix`, as Python's own bytecode does, and replaces
  the file in one step (a reader sees the old file or the new one).

A process that compiled a text it did not find writes the file once, at exit (`atexit`, or `flush`
from a command that ends with `os._exit`), with what it read and what it compiled.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
import zlib
from importlib.util import MAGIC_NUMBER, cache_from_source
from types import CodeType

#: Past this many texts the file is rewritten with this process's alone (a file that grew over many
#: versions of the source; one `check` uses ~760).
MAX_TEXTS = 4096

_builtin_exec = builtins.exec


class _Cache:
    """The texts compiled so far, by source text; loaded from the file at the first lookup."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.codes: dict[str, CodeType] | None = None   # None until read
        self.used: set[str] = set()
        self.compiled = 0                                # texts not found, compiled here

    def code(self, text: str) -> CodeType:
        if self.codes is None:
            self.codes = _read(self.path)
        code = self.codes.get(text)
        if code is None:
            code = compile(text, "<string>", "exec", dont_inherit=True)   # M1
            self.codes[text] = code
            if not self.compiled:
                atexit.register(self.flush)
            self.compiled += 1
        self.used.add(text)
        return code

    def flush(self) -> None:
        """Write the file if this process compiled a text it did not find there (M3)."""
        if not self.compiled or self.path is None or sys.dont_write_bytecode or self.codes is None:
            return
        codes = self.codes if len(self.codes) <= MAX_TEXTS else {t: self.codes[t] for t in self.used}
        self.compiled = 0
        temporary = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            payload = marshal.dumps(codes)
            with open(temporary, "wb") as out:
                out.write(MAGIC_NUMBER + zlib.crc32(payload).to_bytes(4, "little") + payload)
            os.replace(temporary, self.path)
        except (OSError, ValueError):
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _read(path: str | None) -> dict[str, CodeType]:
    if path is None:
        return {}
    try:
        with open(path, "rb") as file:
            return _read_bytes(file.read())
    except OSError:
        return {}


def _read_bytes(data: bytes) -> dict[str, CodeType]:
    """The file's texts and codes; empty unless it is this interpreter's and whole (M3)."""
    header = len(MAGIC_NUMBER) + 4
    payload = data[header:]
    if (not data.startswith(MAGIC_NUMBER) or len(data) < header
            or zlib.crc32(payload) != int.from_bytes(data[len(MAGIC_NUMBER):header], "little")):
        return {}
    try:
        codes = marshal.loads(payload)
    except Exception:   # noqa: BLE001 -- whatever marshal makes of bytes that are not its own
        return {}
    if type(codes) is not dict:
        return {}
    return {text: code for text, code in codes.items() if type(text) is str and type(code) is CodeType}


def _default_path() -> str | None:
    try:   # where `__pycache__/dataclass_methods.<tag>.pyc` would go, under another suffix
        return cache_from_source(__file__)[: -len(".pyc")] + ".methods"
    except (NotImplementedError, ValueError):   # no cache_tag: nowhere to keep bytecode
        return None


CACHE = _Cache(_default_path())


def _exec(source, globals=None, locals=None, /, **rest):
    """`exec` for `dataclasses`: a text run in a shapecheck module's globals runs from the cache (M2)."""
    if (type(source) is str and not rest and type(globals) is dict
            and str(globals.get("__name__", "")).startswith("shapecheck.")):
        source = CACHE.code(source)
    return _builtin_exec(source, globals, locals, **rest)


def install() -> None:
    """Let `dataclasses` compile shapecheck's methods through the cache (idempotent)."""
    dataclasses.exec = _exec


def flush() -> None:
    """Write what this process compiled now: for a process that ends with `os._exit`."""
    CACHE.flush()
