"""The alias scan (interp/aliases.py) walks the expressions of a statement only where its lines hold
a word the facts need; it must find what reading every node of the scope finds (the reference
below), line breaks of every kind included."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from shapecheck.absint.core.module import ModuleInfo
from shapecheck.absint.interp.aliases import changed_and_put, puts_and_changes, scope_text, shared_then_changed
from shapecheck.absint.interp.semantics import own_nodes

CASES = Path(__file__).parent / "cases"

#: Each spells a put or a change where a narrower reading of the text would not look: the word on a
#: later line of its statement, a lambda's or a ``case`` guard's expression, an ``except`` clause's
#: type, a parenthesised store, and lines broken by ``\r\n``, by ``\r`` alone and after a form feed
#: (which ``str.splitlines`` breaks at and the parser does not).
_SOURCES = {
    "later line": textwrap.dedent("""\
        def f(rows):
            row = []
            rows.insert(0,
                        row)
            (row
             ).append(1)
            other = [1]
            pair = (other,
                    2)
            other[
                0] = 3
        """),
    "lambda": "grow = lambda rows: rows.append([rows])\n",
    "case guard": textwrap.dedent("""\
        def f(x, rows):
            match x:
                case [y] if rows.append([rows]):
                    pass
        """),
    "except type": textwrap.dedent("""\
        def f(rows):
            try:
                pass
            except rows.pop():
                held = {"k": rows}
        """),
    "parenthesised store": "row = []\nrows = [row]\n(row[0]) = 1\n",
    "nested scope": textwrap.dedent("""\
        def outer():
            cells = []
            grid = [cells]
            cells.append(0)
            def inner():
                cells.append(1)
            return lambda: cells.extend([2])
        """),
    "crlf": "row = []\r\nrows = [row]\r\nrow.append(1)\r\n",
    "cr": "row = []\rrows = [row]\rrow.append(1)\r",
    "form feed": "import x\n\x0c\ndef f():\n    row = []\n    rows = [row]\n    row.append(1)\n",
}


def _reference(scope: ast.AST) -> tuple[set, set]:
    """The puts of a changed name and the changes, read off every own node of ``scope``."""
    puts, changes = [], []
    for node in own_nodes(scope):
        puts_and_changes(node, puts, changes)
    changed = {name for name, _ in changes}
    return {id(p) for p in puts if p.id in changed}, {(name, id(node)) for name, node in changes}


def _scopes(tree: ast.Module):
    return [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]


def _check(source: str) -> int:
    tree = ast.parse(source)
    module = ModuleInfo("m.py", "m", source, tree)
    found = 0
    for scope in _scopes(tree):
        _, puts, changes = changed_and_put(scope, scope_text(scope, module))
        expected = _reference(scope)
        assert ({id(p) for p in puts}, {(name, id(node)) for name, node in changes}) == expected, \
            getattr(scope, "lineno", "module")
        found += len(expected[0])
    return found


@pytest.mark.parametrize("name", sorted(_SOURCES))
def test_cheap_reading_finds_every_put_and_change(name):
    assert _check(_SOURCES[name]) > 0   # each source puts a name it changes: the test reads something


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.py")), ids=lambda p: str(p.relative_to(CASES)))
def test_cheap_reading_agrees_on_the_case_files(path):
    source = path.read_text(encoding="utf-8")
    try:
        ast.parse(source)
    except SyntaxError:
        pytest.skip("the case is of a file Python does not parse")
    _check(source)


def test_form_feed_keeps_the_lines_the_parser_counts():
    source = _SOURCES["form feed"]
    tree = ast.parse(source)
    module = ModuleInfo("m.py", "m", source, tree)
    fn = tree.body[1]
    text, first = scope_text(fn, module)
    assert first == 3 and text.splitlines()[0] == "def f():" and text.rstrip().endswith("row.append(1)")
    put = fn.body[1].value.elts[0]   # rows = [row]
    assert id(put) in shared_then_changed(fn, module)
