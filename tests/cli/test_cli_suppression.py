"""`# shapecheck: ignore` comments and code filters (pure functions), and through the CLI."""

from __future__ import annotations

import json

from shapecheck.report.diagnostics import Diagnostic, Span
from shapecheck.report.suppression import apply_suppressions, filter_codes, find_ignore_comments


def diag(line, code="SC101", end_line=None, severity="error"):
    return Diagnostic("f.py", Span(line, 1, end_line or line, 5), code, severity, f"{code} here")


def codes(diags):
    return [(d.span.line, d.code) for d in diags]


def test_bare_ignore_suppresses_every_code_on_its_line():
    src = "a = 1\nb = 2  # shapecheck: ignore\n"
    assert codes(apply_suppressions(src, [diag(1), diag(2), diag(2, "SC104")], path="f.py")) == [(1, "SC101")]


def test_listed_codes_and_prefixes():
    src = "x = 1  # shapecheck: ignore[SC101, sc104]\ny = 2  # shapecheck: ignore[SC1]\n"
    out = apply_suppressions(src, [diag(1), diag(1, "SC102"), diag(1, "SC104"), diag(2, "SC106")], path="f.py")
    assert codes(out) == [(1, "SC102")]


def test_directive_in_a_string_is_not_a_comment():
    src = 'x = "# shapecheck: ignore"\ny = """\n# shapecheck: ignore\n"""\n'
    assert find_ignore_comments(src) == []
    assert codes(apply_suppressions(src, [diag(1), diag(3)], path="f.py")) == [(1, "SC101"), (3, "SC101")]


def test_directive_after_other_comment_text_counts_but_lookalikes_do_not():
    src = "a = 1  # noqa: E501  # shapecheck: ignore\nb = 2  # shapecheck: ignored\nc = 3  # shapecheck:ignore\n"
    assert [c.line for c in find_ignore_comments(src)] == [1, 3]


def test_comment_on_the_last_line_of_a_multiline_span():
    src = "c = np.concatenate([\n    a, b,\n])  # shapecheck: ignore[SC106]\n"
    assert apply_suppressions(src, [diag(1, "SC106", end_line=3)], path="f.py") == []
    # ...but not one on a line in the middle.
    src_mid = "c = np.concatenate([\n    a, b,  # shapecheck: ignore[SC106]\n])\n"
    out = apply_suppressions(src_mid, [diag(1, "SC106", end_line=3)], path="f.py")
    assert codes(out) == [(1, "SC106"), (2, "SC004")]


def test_internal_errors_cannot_be_suppressed():
    src = "x = 1  # shapecheck: ignore\n"
    out = apply_suppressions(src, [diag(1, "SC003")], path="f.py")
    assert codes(out) == [(1, "SC003"), (1, "SC004")]


def test_unused_ignore_is_sc004_with_a_fix_that_removes_the_comment():
    src = "import numpy as np\nx = np.zeros(3)  # shapecheck: ignore\n"
    (unused,) = apply_suppressions(src, [], path="f.py")
    assert (unused.code, unused.severity, unused.path) == ("SC004", "warning", "f.py")
    assert unused.span == Span(2, 20, 2, 38)
    line = src.splitlines()[1]
    fix = unused.fix
    fixed = line[:fix.span.column - 1] + fix.replacement + line[fix.span.end_column - 1:]
    assert fixed == "x = np.zeros(3)"


def test_partly_unused_code_list_names_the_unused_codes():
    src = "y = a + b  # shapecheck: ignore[SC101, SC102]\n"
    out = apply_suppressions(src, [diag(1, "SC101")], path="f.py")
    (unused,) = out
    assert unused.code == "SC004" and "SC102" in unused.message and "SC101" not in unused.message
    assert unused.fix.replacement == "shapecheck: ignore[SC101]"


def test_a_file_that_stops_tokenizing_keeps_earlier_comments():
    src = "x = 1  # shapecheck: ignore\ny = (\n"
    assert apply_suppressions(src, [diag(1)], path="f.py") == []


def test_bytes_source_and_no_comments_sorts_by_position():
    out = apply_suppressions(b"\xef\xbb\xbfa = 1\n", [diag(3), diag(1)], path="f.py")
    assert codes(out) == [(1, "SC101"), (3, "SC101")]


def test_filter_codes_longest_prefix_wins():
    ds = [diag(1, c) for c in ("SC101", "SC102", "SC201", "SC301")]
    assert [d.code for d in filter_codes(ds)] == ["SC101", "SC102", "SC201", "SC301"]
    assert [d.code for d in filter_codes(ds, select=["SC1", "SC3"])] == ["SC101", "SC102", "SC301"]
    assert [d.code for d in filter_codes(ds, select=["SC1"], ignore=["SC10"])] == []
    assert [d.code for d in filter_codes(ds, select=["SC102"], ignore=["SC1"])] == ["SC102"]
    assert [d.code for d in filter_codes(ds, select=["SC101"], ignore=["SC101"])] == []


def test_cli_suppression_and_unused_ignore(run, write):
    write("a.py", "a = 1  # emit: SC101  # shapecheck: ignore\n"
                  "b = 2  # emit: SC102  # shapecheck: ignore[SC101]\n"
                  "c = 3  # shapecheck: ignore\n")
    result = run("check", "--output-format", "json")
    assert [(d["line"], d["code"]) for d in json.loads(result.out)] == [(2, "SC102"), (2, "SC004"), (3, "SC004")]
    assert result.status == 1
    # Unused ignores alone are warnings: they fail the run only under --strict.
    write("a.py", "c = 3  # shapecheck: ignore\n")
    assert run("check").status == 0
    assert run("check", "--strict").status == 1
    assert run("check", "--strict", "--ignore", "SC004").status == 0
