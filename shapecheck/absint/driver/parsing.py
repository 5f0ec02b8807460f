"""Parsing, incrementally: after an edit, only the top-level statements it touched are re-parsed.

Parsing is the floor of every re-check (about 20 ms per 1,000 lines). An editor's edit changes a few
lines; the top-level statements before it are unchanged, those after it are unchanged but moved.
So the lines between the statement before the edit and the statement after it are parsed alone
(after as many blank lines as precede them, so their line numbers are right), and the statements
around them reused from the previous tree, moved by the number of lines the edit added.

Why the pieces fit: every reused statement starts at a line where the previous parse started a
top-level statement, and the prefix text is unchanged, so the tokenizer is at a clean boundary
there; the re-parsed piece parses on its own, so it ends at one too. An edit strictly inside one
statement (lines of it before and after the change) re-parses that statement alone: its first line
still starts a statement, and what follows it starts where the previous parse started one. Anything else (the piece does
not parse alone) falls back to parsing the whole text, which also produces the real syntax error.
The test suite checks the result against a full parse over random edits.
"""

from __future__ import annotations

import ast
import gc
import warnings
import weakref

from ..core.lazy_bodies import parse_lazily
from .type_comments import apply_type_comments
from . import one_shot

MAX_FILES = 64
#: Text held by :func:`parse_shared`'s trees (a tree takes about 24 bytes per character: ~100 MB).
SHARED_MAX_CHARS = 4_000_000


def _start(stmt: ast.stmt) -> int:
    """0-based first line of a top-level statement (its first decorator, if any)."""
    return min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", ())]) - 1


def _shift(stmt: ast.stmt, delta: int) -> None:
    """Move a statement's nodes ``delta`` lines (``ast.increment_lineno``, with the walk done once per
    statement and kept on it: a statement below the edit is shifted on every keystroke)."""
    nodes = getattr(stmt, "_shapecheck_located", None)
    if nodes is None:
        nodes = stmt._shapecheck_located = _located(stmt)
    for n in nodes:
        n.lineno += delta
        end = getattr(n, "end_lineno", None)
        if end is not None:
            n.end_lineno = end + delta


def _located(root: ast.AST) -> list[ast.AST]:
    """The nodes under ``root`` (itself included) that have a line, in no particular order.

    Why not ``ast.walk``: its generator and ``iter_child_nodes`` cost three Python calls a node, and
    the statement an edit re-parsed is walked when the next edit above it moves it (levit.py: a
    third of the calls of an edit in a ``forward``)."""
    nodes, pending = [], [root]
    while pending:
        node = pending.pop()
        if "lineno" in node._attributes:
            nodes.append(node)
        for name in node._fields:
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, ast.AST):
                        pending.append(item)
            elif isinstance(value, ast.AST):
                pending.append(value)
    return nodes


def _parse(text: str, path: str) -> ast.Module:
    """``ast.parse``, with CPython's nesting limit reported as the SyntaxError it is to the user.

    A 5,000-term ``x + x + ...`` or 5,000 chained ``.T`` is a tree deeper than CPython builds: it
    raises RecursionError ("maximum recursion depth exceeded during ast construction"), and
    ``python`` itself refuses the file the same way at compile time. That is a fact about the file,
    not a crash of the analyser, so it is reported like a syntax error of the whole file (SC001).
    Python's own warnings about the text (``1if x else y``, ``"\\d"``) are not printed: they are
    no finding of this tool and would land in the middle of its output."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)
            warnings.simplefilter("ignore", DeprecationWarning)
            tree = ast.parse(text, filename=path)
        apply_type_comments(tree, text)
        return tree
    except RecursionError:
        message = ("an expression is nested too deeply for Python's parser (Python: RecursionError: "
                   "maximum recursion depth exceeded during compilation)")
        raise SyntaxError(message, (path, None, None, None)) from None


#: Trees by text, shared by every run of this process, least recently used first.
_SHARED: dict[str, ast.Module] = {}
_shared_chars = 0
#: The trees of :data:`_SHARED` whose function bodies are parsed on first use (lazy_bodies.py).
_LAZY: "weakref.WeakSet[ast.Module]" = weakref.WeakSet()
#: Whether :func:`parse_shared` freezes a new tree (``gc.freeze``) as soon as it is made
#: (:func:`freeze_new_trees`).
_freezing = False


def freeze_new_trees(on: bool) -> bool:
    """From now on, whether each new shared tree is frozen as soon as it is made, so that no
    collection scans it (a ``check`` run's collector policy, cli/parallel.py); the setting before.

    Why: a shared tree lives as long as the run, and its nodes were most of what the collections of
    a run scanned (transformers' llama: 0.10 of 0.80 CPU s in the collector, 0.01 with this). What
    else is young at that moment is frozen too: the file's run in progress, which reference counting
    frees when its file is done (``Analysis.close``), and the little cyclic garbage made so far,
    which stays until the caller unfreezes (vit-pytorch: +2 MB at the peak)."""
    global _freezing
    before, _freezing = _freezing, on
    return before


def imported_lazily(real_path: str) -> bool:
    """Whether a module imported from ``real_path`` has its bodies parsed on first use: in a one-shot
    run, where it is not one of the files checked (``one_shot.py``, ``lazy_bodies.py``); one that is
    is parsed whole at once, as its check will parse it."""
    run = one_shot.current()
    return run is not None and real_path not in run.files


def parse_shared(path: str, text: str, lazy: bool = False) -> ast.Module:
    """``ast.parse(text)`` (as :func:`_parse`), the same tree for the same text in every run of
    this process; ``lazy``: its functions' bodies parsed on first use (``lazy_bodies.py``), for a
    module that is imported, not checked.

    Why: each file of a ``check`` is analysed in a fresh run, which loads every project module it
    imports from source again; on transformers' model files 319 parses were of 74 modules, a third
    of the run (issue 11). Sharing is safe because a tree is a pure function of its text and the
    analyser writes nothing to a tree but memos of pure functions of it (``semantics.node_count``,
    ``loop_leaves_early``); the incremental cache of :func:`parse` moves its trees' line numbers,
    so it keeps trees of its own, never these."""
    global _shared_chars
    tree = _SHARED.pop(text, None)
    if tree is not None and not lazy and tree in _LAZY:
        _shared_chars -= len(text)   # parsed whole now: a checked file raises its syntax errors
        tree = None
    if tree is None:
        tree = parse_lazily(text, path, _parse) if lazy else _parse(text, path)
        if lazy:
            _LAZY.add(tree)
            apply_type_comments(tree, text)   # (the skeleton parsed blanks a comment under the def line)
        if _freezing:
            gc.freeze()
        _shared_chars += len(text)
        while _SHARED and _shared_chars > SHARED_MAX_CHARS:
            oldest = next(iter(_SHARED))
            _shared_chars -= len(oldest)
            del _SHARED[oldest]
    _SHARED[text] = tree   # (re)inserted last: the most recently used
    return tree


def parse(cache: dict | None, path: str, text: str) -> ast.Module:
    """``ast.parse(text)``, reusing the previous tree of ``path`` kept in ``cache`` (path ->
    (lines, tree), the project's ``ProjectCache.trees``); without a cache, :func:`parse_shared`.

    Raises SyntaxError (and ValueError for NUL bytes) like ``ast.parse``; nesting past Python's
    own limit is a SyntaxError too (see :func:`_parse`).
    """
    if cache is None:
        return parse_shared(path, text)
    files = cache
    lines = text.splitlines(keepends=True)
    previous = files.get(path)
    tree = None
    if previous is not None:
        tree = _reparse(previous, lines, path)
    if tree is None:
        tree = _parse(text, path)
    if len(files) >= MAX_FILES and path not in files:
        files.clear()
    files[path] = (lines, tree)
    return tree


def _reparse(previous: tuple, lines: list[str], path: str) -> ast.Module | None:
    old_lines, old_tree = previous
    n_old, n_new = len(old_lines), len(lines)
    limit = min(n_old, n_new)
    p = 0
    while p < limit and old_lines[p] == lines[p]:
        p += 1
    if p == n_old == n_new:
        return old_tree
    s = 0
    while s < limit - p and old_lines[n_old - 1 - s] == lines[n_new - 1 - s]:
        s += 1
    changed_end = n_old - s          # old lines [p, changed_end) changed
    delta = n_new - n_old
    body = old_tree.body
    inside = next((i for i, stmt in enumerate(body) if _start(stmt) < p and changed_end < stmt.end_lineno), None)
    if inside is not None:
        # strictly inside one statement (lines of it before and after the change): that statement
        # alone (an edit in one method does not parse the classes around its class again)
        i0, i1 = inside, inside + 1
    else:
        # statements entirely before the change, less one (the edit may continue it: `else:` after an if)
        i0 = sum(1 for stmt in body if stmt.end_lineno <= p)
        i0 = max(0, i0 - 1)
        # statements entirely after the change, less one
        i1 = next((i for i, stmt in enumerate(body) if i >= i0 and _start(stmt) >= changed_end), len(body))
        i1 = min(len(body), i1 + 1)
    seg_start = min(p, _start(body[i0])) if i0 < len(body) else p
    seg_end_old = max(changed_end, body[i1 - 1].end_lineno if i1 > i0 else changed_end)
    seg_end_new = seg_end_old + delta
    if seg_start > seg_end_new or seg_end_new > n_new:
        return None
    try:
        # parsed where it lies (blank lines before it: the tokenizer skips them far faster than
        # moving every node of the piece afterwards, a class of a few hundred lines on each keystroke)
        piece = _parse("\n" * seg_start + "".join(lines[seg_start:seg_end_new]), path)
    except (SyntaxError, ValueError):
        return None
    suffix = body[i1:]
    if delta:
        for stmt in suffix:
            _shift(stmt, delta)
    return ast.Module(body=body[:i0] + piece.body + suffix, type_ignores=[])
