"""Parsing what users write (driver/recovery.py): PEP 695 generics on Python < 3.12, and a statement
that does not parse costing that statement, not the file."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from shapecheck.absint.driver.recovery import MAX_RECOVERIES, parse_recovering, without_type_parameters
from shapecheck.api import Project, check_source

TESTS = Path(__file__).parent
EXAMPLES = sorted((TESTS.parent / "examples").glob("*.py"))
FUZZED = TESTS / "cases" / "bad_input" / "syntax_error_in_one_function.py"

GENERIC = '''\
import numpy as np

type Pair[T] = tuple[T, T]


def f[N: int](x):
    return np.zeros((3, 4)) @ np.zeros((5, 6))


class C[T]:
    def m[S](self, y: S) -> S:
        return y


z = np.zeros((3, 4)) + np.zeros((5,))
'''


def _found(source: str, **kwargs) -> list[tuple[str, int, int, int, int]]:
    report = check_source(source, "m.py", **kwargs)
    return [(d.code, d.span.line, d.span.column, d.span.end_line, d.span.end_column) for d in report.diagnostics]


def _tokens(source: str) -> set[tuple[str, tuple[int, int]]]:
    return {(t.string, t.start) for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)}


def test_pep695_file_is_analysed_with_findings_at_their_line_and_column() -> None:
    assert _found(GENERIC) == [("SC102", 7, 12, 7, 47), ("SC101", 15, 5, 15, 38)]


def test_pep695_rewrite_keeps_every_other_token_where_it_was() -> None:
    source = ('def f[\n    T: int,  # [\n](x: "T[0]"): return x  # def g[T]\n'
              'type Alias[K] = (\n    dict[K, int]\n); after = 1\nλ = "type X = int"\n')
    rewritten = without_type_parameters(source)
    assert rewritten.count("\n") == source.count("\n")
    removed = {("[", (1, 5)), ("T", (2, 4)), (":", (2, 5)), ("int", (2, 7)), (",", (2, 10)), ("# [", (2, 13)),
               ("]", (3, 0)), ("type", (4, 0)), ("Alias", (4, 5)), ("[", (4, 10)), ("K", (4, 11)), ("]", (4, 12)),
               ("=", (4, 14))}
    assert _tokens(rewritten) == (_tokens(source) - removed) | {("Alias", (4, 0)), ("=", (4, 6))}
    assert "type X = int" in rewritten and "# def g[T]" in rewritten   # strings and comments untouched


def test_text_without_pep695_is_returned_as_is() -> None:
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        assert without_type_parameters(text) == text


def test_syntax_error_in_one_function_costs_that_statement_only() -> None:
    source = ("import numpy as np\n\n\ndef broken(x):\n    y = x +* 2\n    return y\n\n\n"
              "def good():\n    return np.zeros((2, 3)) @ np.zeros((4, 5))\n")
    assert _found(source) == [("SC001", 5, 12, 5, 13), ("SC102", 10, 12, 10, 47)]


@pytest.mark.parametrize("source, sc001_lines, other", [
    # typing a signature above its body: the body is still checked, as a function of that name
    ("import numpy as np\ndef f(a, b\n    return np.zeros(3) + np.zeros(4)\n", [2], [("SC101", 3)]),
    # a header with no body yet
    ("import numpy as np\ndef g(y):\n\ndef h():\n    return np.zeros(2) + np.zeros(5)\n", [4], [("SC101", 5)]),
    # a broken clause keeps the clauses after it reachable
    ("import numpy as np\nif c:\n    pass\nelif y z:\n    pass\nelse:\n    b = np.zeros(2) + np.zeros(5)\n",
     [4], [("SC101", 7)]),
    # indentation errors: the line is dropped
    ("import numpy as np\ndef h():\n    x = 1\n        y = 2\n  z = 3\n    return np.zeros(2) + np.zeros(5)\n",
     [4, 5], [("SC101", 6)]),
    # an unterminated string: the rest of the file is read as code again
    ('import numpy as np\na = """abc\nb = np.zeros(2) + np.zeros(5)\n', [2], [("SC101", 3)]),
    # a multi-line statement with an error in its middle goes as a whole
    ("import numpy as np\nx = f(a,\n      b c,\n      d)\ny = np.zeros(2) + np.zeros(5)\n", [3], [("SC101", 5)]),
])
def test_recovery_cases(source: str, sc001_lines: list[int], other: list[tuple[str, int]]) -> None:
    found = [(code, line) for code, line, *_ in _found(source)]
    assert found == sorted([("SC001", n) for n in sc001_lines] + other, key=lambda f: f[1])


def test_the_first_error_is_reported_as_before_when_recovery_gives_up() -> None:
    broken = "".join(f"x{i} = +\n" for i in range(MAX_RECOVERIES + 5))
    parsed = parse_recovering(None, "m.py", broken)
    assert parsed.tree is None and [e.lineno for e in parsed.errors] == [1]
    assert [(code, line) for code, line, *_ in _found(broken + "y = 1\n")] == [("SC001", 1)]


def test_nul_bytes_are_reported_not_raised() -> None:
    assert [code for code, *_ in _found("x = 1\x00\n")] in (["SC001"], ["SC002"])


def test_recovered_file_rechecks_incrementally() -> None:
    project = Project(roots=[], incremental=True)
    first = _found(GENERIC, project=project)
    edited = GENERIC.replace("(5,)", "(4,)")
    assert _found(edited, project=project) == first[:1]
    assert _found(GENERIC, project=project) == first


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
@settings(max_examples=8, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_broken_statement_moves_no_other_finding(path: Path, data) -> None:
    """Inserting a line that does not parse before a top-level statement: every other finding keeps
    its code and column, one line lower."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    tops = [min([s.lineno] + [d.lineno for d in getattr(s, "decorator_list", ())]) - 1 for s in ast.parse(text).body]
    at = data.draw(st.sampled_from(tops))
    garbage = data.draw(st.sampled_from(["print(1 +* 2)\n", "q = (\n", "def broken(:\n", "  oops = 1\n", "x = ]\n"]))
    before = _found(text)
    after = _found("".join(lines[:at] + [garbage] + lines[at:]))
    shifted = [(c, l + (l > at), col, el + (el > at), ecol) for c, l, col, el, ecol in before]
    assert [f for f in after if f[0] != "SC001"] == shifted
    assert [f[1] for f in after if f[0] == "SC001"] == [at + 1]


_NOISE = list("([{}])\"':#\\@=,.\n \t") + ["def ", "class ", "type ", "[T]", "else:", "    ", "\x00", "\r", "λ"]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(edits=st.lists(st.tuples(st.sampled_from(["insert", "delete", "duplicate"]), st.integers(0, 10**6),
                                st.sampled_from(_NOISE)), min_size=1, max_size=6))
def test_fuzzed_source_never_raises(edits) -> None:
    text = FUZZED.read_text(encoding="utf-8")
    for kind, where, noise in edits:
        at = where % (len(text) + 1)
        if kind == "insert":
            text = text[:at] + noise + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + len(noise):]
        else:
            lines = text.splitlines(keepends=True) or [""]
            n = where % len(lines)
            text = "".join(lines[:n + 1] + lines[n:])
    report = check_source(text, "m.py")
    n_lines = text.count("\n") + 1
    assert all(1 <= d.span.line <= n_lines + 1 for d in report.diagnostics if d.code == "SC001")
