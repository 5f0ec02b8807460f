"""An imported module's function bodies parsed on first use (``core/lazy_bodies.py``): the tree, once
read, is the whole parse's, node for node and position for position; what is not read is not parsed;
and findings reached through an imported function's body are the same, at the same places. In a
one-shot run (``driver/one_shot.py``) each file is read and each import resolved once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shapecheck.absint.core.lazy_bodies import LazyBody, parse_lazily
from shapecheck.absint.driver import one_shot, parsing
from shapecheck.api import Options, Project, check_paths

_CASES = {
    "plain": ("import numpy as np\n\n\ndef f(x):\n    y = x + 1\n    z = y * 2\n    w = z - 3\n    return w\n\n"
              "x = f(1)\n"),
    "methods, the last ending its class": (
        "class A:\n    def __init__(self, n):\n        self.n = n\n        self.m = n\n        self.k = n\n"
        "        self.j = n\n\n    async def g(self):\n        a = 1\n        b = 2\n        c = 3\n"
        "        return (a +\n                b)\n\nA(1)\n"),
    "a def in a docstring": ('"""\nExample:\n\ndef f(x):\n    a = 1\n    b = 2\n    c = 3\n    return x\n"""\n'
                             "def g():\n    a = 1\n    b = 2\n    c = 3\n    return a\n"),
    "a string with lines at column 0": ('def f():\n    s = """\nx = 1\ny = 2\n"""\n    t = 1\n    u = 2\n    return s\n'
                                        "def g():\n    a = 1\n    b = 2\n    c = 3\n    return a\n"),
    "a bracket closed at column 0": ("def f():\n    a = 1\n    b = 2\n    c = [\n1, 2]\n    return c\nx = f()\n"),
    "a comment, a semicolon, a continuation at the end": (
        "def f():\n    a = 1\n    b = 2\n    return a  # done\n\ndef g():\n    a = 1\n    b = 2\n    a = 3; b = 4\n"
        "def h():\n    a = 1\n    b = 2\n    c = a + \\\n        b\n"),
    "nested and decorated, inside an if": (
        "import functools\nif True:\n    @functools.lru_cache\n    def f(x):\n        def inner(y):\n"
        "            return y\n        a = inner(x)\n        b = a\n        return b\nelse:\n    pass\n"),
    "a header over lines, with a comment": (
        "def f(\n    a: int,   # the first\n    b: dict = {'k': 1},\n) -> int:  # result\n    c = a\n    d = b\n"
        "    e = c\n    return e\n"),
    "unicode before the end": ("def f():\n    a = 'é'\n    b = 'ü'\n    c = a + b\n    return c + 'ß'\n"),
    "a body in try and with": ("try:\n    def f():\n        a = 1\n        b = 2\n        c = 3\n        return a\n"
                               "except ImportError:\n    def f():\n        a = 1\n        b = 2\n        c = 3\n"
                               "        return b\nfinally:\n    pass\n"),
    "tabs": "def f():\n\ta = 1\n\tb = 2\n\tc = 3\n\treturn a\n",
    "crlf": "def f():\r\n    a = 1\r\n    b = 2\r\n    c = 3\r\n    return a\r\n",
    "a one-line def before another": ("def f(): return 1\ndef g(a,\n      b):\n    c = a\n    d = b\n    e = c\n"
                                      "    return d\n"),
}


def _dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


@pytest.mark.parametrize("name", sorted(_CASES))
def test_read_whole_the_tree_is_the_whole_parse(name: str) -> None:
    text = _CASES[name]
    assert _dump(parse_lazily(text, "m.py", parsing._parse)) == _dump(ast.parse(text))


@pytest.mark.parametrize("name", sorted(_CASES))
def test_unread_the_positions_are_the_whole_parse(name: str) -> None:
    """Every statement outside the unread bodies, the functions that hold them included, ends
    where the whole parse says, before any body is read."""
    text = _CASES[name]
    lazy, whole = parse_lazily(text, "m.py", parsing._parse), ast.parse(text)

    def ends(stmts: list, out: list) -> list:
        for stmt in stmts:
            out.append((type(stmt).__name__, stmt.lineno, stmt.col_offset, stmt.end_lineno, stmt.end_col_offset))
            for field in ("body", "orelse", "finalbody", "handlers"):
                block = getattr(stmt, field, None) or []
                if not (type(block) is LazyBody and block.unread):
                    ends(block, out)
        return out

    found = ends(lazy.body, [])
    expected = {row for row in ends(whole.body, [])}
    assert set(found) <= expected


def test_bodies_are_parsed_when_read() -> None:
    text = _CASES["methods, the last ending its class"]
    tree = parse_lazily(text, "m.py", parsing._parse)
    init, g = tree.body[0].body
    assert type(init.body) is LazyBody and init.body.unread and g.body.unread
    assert [type(s).__name__ for s in init.body] == ["Assign"] * 4
    assert not init.body.unread and g.body.unread


def test_a_body_that_does_not_parse_is_the_stub() -> None:
    """A syntax error inside a body is seen when it is read; that function then has the skeleton's
    ``...`` (an imported module only: a checked file is parsed whole and reports it)."""
    text = "def f():\n    a = 1\n    b = (2 +\n         3 +)\n    return a\n\nx = 1\n"
    tree = parse_lazily(text, "m.py", parsing._parse)
    assert [type(s).__name__ for s in tree.body[0].body] == ["Expr"]


def test_only_files_not_checked_are_parsed_lazily(tmp_path: Path) -> None:
    one_shot.begin([str(tmp_path / "main.py")])
    try:
        assert parsing.imported_lazily(str(tmp_path / "layers.py"))
        assert not parsing.imported_lazily(str(tmp_path / "main.py"))
    finally:
        one_shot.begin(None)
    assert not parsing.imported_lazily(str(tmp_path / "layers.py"))


def test_findings_through_an_imported_body_are_unchanged(tmp_path: Path) -> None:
    (tmp_path / "layers.py").write_text(
        "import numpy as np\n\n\ndef unused(x):\n    a = x\n    b = a\n    c = b\n    return c @ np.ones((2, 2))\n\n\n"
        "def dense(x, n):\n    # a comment\n    w = np.ones((n, 3))\n    h = x @ w\n    h = h + 1\n"
        "    return h\n")
    main = tmp_path / "main.py"
    main.write_text("import numpy as np\nfrom layers import dense\n\ny = dense(np.zeros((4, 5)), 6)\n")
    reports = {}
    for told in (True, False):   # lazily first: the whole parse after it is a parse of its own
        one_shot.begin([str(main)] if told else None)
        try:
            report = check_paths([str(main)], Options(), Project(roots=[str(tmp_path)]))[0]
        finally:
            one_shot.begin(None)
        if told:
            tree = parsing.parse_shared("layers.py", (tmp_path / "layers.py").read_text(), lazy=True)
            unused, dense = tree.body[1:]
            assert unused.body.unread and not dense.body.unread   # the body run was read, the other not
        reports[told] = [(d.code, d.span, [(r.path, r.span) for r in d.related]) for d in report.diagnostics]
    assert reports[True] == reports[False]
    assert reports[True][0][0] == "SC110" and reports[True][0][2][0][1].line == 14


def test_a_one_shot_run_reads_and_resolves_each_import_once(tmp_path: Path, monkeypatch) -> None:
    """``shapecheck check`` over two files that import the same module: the module is read once and
    each import resolved once in the process, and the findings are those of separate runs."""
    from shapecheck.absint.driver import modules, project
    from shapecheck.cli.parallel import check_files

    (tmp_path / "layers.py").write_text("import numpy as np\n\n\ndef dense(x, n):\n    return x @ np.ones((n, 3))\n")
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text("import numpy as np\nfrom layers import dense\n\ny = dense(np.zeros((4, 5)), 6)\n")
    reads, resolutions = [], []
    read, resolve = project.read_source, modules._resolve
    monkeypatch.setattr(project, "read_source", lambda path: reads.append(Path(path).name) or read(path))
    monkeypatch.setattr(modules, "_resolve", lambda *args: resolutions.append(args[2]) or resolve(*args))
    files = [str(tmp_path / "a.py"), str(tmp_path / "b.py")]
    reports = check_files(files, Options(), tmp_path, jobs=1)
    assert reads.count("layers.py") == 1 and resolutions.count("layers") == 1
    assert one_shot.current() is None   # over when the run is
    alone = [check_paths([f], Options(), Project(roots=[str(tmp_path)]))[0] for f in files]
    assert [[(d.code, d.span) for d in r.diagnostics] for r in reports] == \
        [[(d.code, d.span) for d in r.diagnostics] for r in alone]
    assert reports[0].diagnostics[0].code == "SC110"
