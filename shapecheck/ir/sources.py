"""Reading a jitted function's source: the front ends work from source text, never run it.

``jit`` snapshots the function's file when it wraps the function (at import, when the file is
the code that runs); the first call compiles from that snapshot, so a file edited in between
(an editor's save while a notebook or server runs) does not hand the compiler other lines at
the function's old line numbers. Standard library only: ``jit`` imports it at decoration time.
"""

from __future__ import annotations

import ast
import functools
import inspect
import linecache
import textwrap
import types
from dataclasses import dataclass, field
from typing import Callable

__all__ = ["remember_source", "source_of", "source_of_code", "read_names", "Outside", "outside_of", "unknown_name",
           "Helper", "analysis_source"]

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
    # (a function only to read it by: a closure's code needs as many cells as it has free names)
    cells = tuple(types.CellType() for _ in code.co_freevars)
    return source_of(types.FunctionType(code, {}, None, None, cells))


def read_names(code) -> set[str]:
    """The global (and attribute) names ``code`` and the code nested in it read."""
    names, pending = set(), [code]
    while pending:   # nested code too: comprehensions, lambdas
        c = pending.pop()
        names.update(c.co_names)
        pending += [k for k in c.co_consts if isinstance(k, types.CodeType)]
    return names


def _outside_values(fn: Callable) -> dict:
    """The values ``fn`` reads from outside its body: its module's globals it names and its
    closure's cells (an empty cell is left out)."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return {}
    names = read_names(code)
    values = {n: v for n, v in getattr(fn, "__globals__", {}).items() if n in names}
    for name, cell in zip(code.co_freevars, getattr(fn, "__closure__", None) or ()):
        try:
            values[name] = cell.cell_contents
        except ValueError:
            pass
    return values


@dataclass(frozen=True)
class Outside:
    """What a live function reads from outside its body, read once per trace (``outside_of``):
    ``numbers``: the Python numbers (bool, int, float) from its globals and closure, by name,
    compiled in with their values at compile time, as Numba freezes globals (weak, NEP 50, as
    literals are); ``arrays``: the names of NumPy arrays and scalars it reads so (not compiled in:
    refused by name); ``helpers``: the Python functions it calls (a ``shapecheck.jit`` function
    stands for the one it wraps), inlined by the front ends as Numba inlines other ``njit``
    functions. Source is read, nothing is run."""

    numbers: dict = field(default_factory=dict)
    arrays: frozenset = frozenset()
    helpers: dict = field(default_factory=dict)


def outside_of(fn: Callable) -> Outside:
    """:class:`Outside` of ``fn`` (empty for source text or a callable without code)."""
    if not callable(fn):
        return Outside()
    import numpy as np   # lazy: jit imports this module at decoration time
    values = _outside_values(fn)
    helpers = {}
    for name, value in values.items():
        value = getattr(value, "py_func", value)   # a jit Dispatcher (or Numba's) wraps py_func
        if type(value) is types.FunctionType and value.__code__.co_name != "<lambda>":
            node = _definition(value.__code__)
            if node is not None:
                helpers[name] = Helper(node, value)
    return Outside({n: v for n, v in values.items() if type(v) in (bool, int, float)},
                   frozenset(n for n, v in values.items() if isinstance(v, (np.ndarray, np.generic))), helpers)


def unknown_name(name: str, outside_arrays: set) -> str:
    """What a tracer says of a name that is no argument, local variable or number from outside."""
    if name in outside_arrays:
        return (f"{name!r} is a NumPy array or scalar from outside the function: pass it as an argument "
                "(numbers from globals and closures are compiled in, arrays are not)")
    return f"unknown name {name!r} (only arguments, local variables and numbers from globals and closures)"


@dataclass(frozen=True)
class Helper:
    """A function the traced one calls, to be inlined: its parsed definition, and the live
    function (for its own numbers and helpers, read when it is inlined)."""

    node: ast.FunctionDef
    fn: Callable

    @property
    def file(self) -> str:
        return self.fn.__code__.co_filename


@functools.lru_cache(maxsize=256)
def _definition(code) -> ast.FunctionDef | None:
    # Parsed once per function (the front ends copy before they change a tree): a callee is
    # inlined at every call, in every retrace.
    try:
        tree = ast.parse(source_of_code(code))
    except (OSError, TypeError, SyntaxError):   # no source: a REPL, a lambda's line
        return None
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == code.co_name]
    return defs[0] if len(defs) == 1 else None


def analysis_source(source: str, outside: Outside) -> str:
    """``source`` (the traced function at its file's lines, its own numbers assigned on its first
    line: ``frontend.read_function``) followed by what it calls, as module-level text the shape
    analyser can read: each called function's definition under the name the code calls it by, and
    what those call in turn with the numbers they read, so that a shape error inside a callee is
    proved (and raised as NumPy's ValueError). A name bound to two different things along the way
    (two modules' ``N`` or ``helper``) is left out: unknown to the analyser, never the wrong one;
    where that name is one the traced function's first line assigns, no callee is added at all."""
    bound: dict[str, str] = {}
    clashes: set[str] = set()

    def bind(name: str, text: str) -> None:
        if bound.get(name, text) != text:
            clashes.add(name)
        bound.setdefault(name, text)

    for name, value in outside.numbers.items():   # (the traced source assigns these on its first line)
        bind(name, f"{name} = {value!r}")
    own = {name for name in outside.numbers if name not in outside.helpers}
    seen: set = set()
    pending = list(outside.helpers.items())
    while pending:
        name, helper = pending.pop()
        # undecorated: a jitted callee is the function it wraps (the analyser treats decorators as unknown)
        text = ast.unparse(ast.FunctionDef(**{**vars(helper.node), "decorator_list": []}))
        if name != helper.node.name:   # `from m import f as g`, `g = jit(f)`
            text += f"\n{name} = {helper.node.name}"
        bind(name, text)
        if helper.fn.__code__ not in seen:
            seen.add(helper.fn.__code__)
            callee = outside_of(helper.fn)
            pending += callee.helpers.items()
            for number, value in callee.numbers.items():
                bind(number, f"{number} = {value!r}")
    if clashes & own:
        return source
    kept = [text for name, text in sorted(bound.items()) if name not in clashes and name not in own]
    return source.rstrip("\n") + "\n\n\n" + "\n\n\n".join(kept) + "\n" if kept else source
