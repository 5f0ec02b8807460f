"""Reading a jitted function's source: the front ends work from source text, never run it.

``jit`` snapshots the function's file when it wraps the function (at import, when the file is
the code that runs); the first call compiles from that snapshot, so a file edited in between
(an editor's save while a notebook or server runs) does not hand the compiler other lines at
the function's old line numbers. Standard library only: ``jit`` imports it at decoration time.
"""

from __future__ import annotations

import functools
import inspect
import linecache
import textwrap
import types
from typing import Callable

__all__ = ["remember_source", "source_of", "source_of_code"]

# code object -> its file's lines when ``jit`` wrapped the function (``remember_source``).
_SNAPSHOTS: dict = {}


def remember_source(fn: Callable) -> None:
    """Keep ``fn``'s file as it is now. A file read (shared per file by ``linecache``), without
    tokenizing: the function is found in it at compile time."""
    code = getattr(fn, "__code__", None)
    if code is None or code in _SNAPSHOTS:
        return
    linecache.checkcache(code.co_filename)   # a stale cached copy is not the file being imported
    lines = linecache.getlines(code.co_filename, getattr(fn, "__globals__", None))
    if lines and code.co_firstlineno <= len(lines):
        _SNAPSHOTS[code] = lines


def source_of(fn: Callable) -> str:
    """``fn``'s source, dedented, after blank lines that keep its line numbers the file's."""
    code = getattr(fn, "__code__", None)
    lines = _SNAPSHOTS.get(code) if code is not None else None
    if lines is not None:
        first = code.co_firstlineno
        block = inspect.getblock(lines[first - 1:])
    else:
        block, first = inspect.getsourcelines(fn)
    return "\n" * max(first - 1, 0) + textwrap.dedent("".join(block))


@functools.lru_cache(maxsize=256)
def source_of_code(code) -> str:
    # One read per function: ``inspect.getsourcelines`` tokenizes the file from the def on
    # (~10 ms of a first compile, asked twice: ``uses_loops`` and the tracer). A redefined
    # function has a new code object, so an edited file is read again.
    return source_of(types.FunctionType(code, {}))
