"""The renderers, as pure functions over hand-made diagnostics."""

from __future__ import annotations

import json
import re

from shapecheck.report.codes import CODES
from shapecheck.report.diagnostics import Diagnostic, FileReport, Fix, Related, Span
from shapecheck.cli.output import (render_concise, render_full, render_github, render_json, render_sarif,
                               render_statistics, render_summary)

MATMUL = Diagnostic("pkg/mlp.py", Span(12, 9, 12, 14), "SC102", "error",
                    "matmul: x is (n, 784) but w is (100, 10): 784 != 100",
                    related=(Related("pkg/mlp.py", Span(8, 1, 8, 2), "w is (100, 10) from here"),))
SOURCE = {"pkg/mlp.py": ["import numpy as np"] + [f"# line {i}" for i in range(2, 8)]
          + ["w = np.zeros((100, 10))", "", "", "", "    h = x @ w"]}


def test_concise():
    assert render_concise([MATMUL]) == (
        "pkg/mlp.py:12:9: error[SC102] matmul: x is (n, 784) but w is (100, 10): 784 != 100\n")
    assert render_concise([]) == ""


def test_full_caret_under_the_span_and_related_locations():
    text = render_full([MATMUL], SOURCE.get)
    assert text.splitlines() == [
        "error[SC102]: matmul: x is (n, 784) but w is (100, 10): 784 != 100",
        "  --> pkg/mlp.py:12:9",
        "   |",
        "12 |     h = x @ w",
        "   |         ^^^^^",
        "  ::: pkg/mlp.py:8:1",
        "   |",
        " 8 | w = np.zeros((100, 10))",
        "   | ^ w is (100, 10) from here",
        "",
    ]


def test_full_keeps_tabs_so_the_caret_lines_up():
    d = Diagnostic("t.py", Span(1, 3, 1, 4), "SC101", "error", "m")
    lines = render_full([d], {"t.py": ["\t\tz = a + b"]}.get).splitlines()
    assert lines[3] == "1 | \t\tz = a + b"
    assert lines[4] == "  | \t\t^"


def test_full_multiline_span_underlines_to_end_of_first_line_and_handles_missing_source():
    d = Diagnostic("m.py", Span(1, 5, 3, 2), "SC106", "error", "join", fix=Fix("Use axis=1", Span(1, 5, 1, 6), "1"))
    lines = render_full([d], {"m.py": ["c = np.concatenate([", "  a, b", "])"]}.get).splitlines()
    assert lines[4] == "  |     ^^^^^^^^^^^^^^^^"
    assert lines[5] == "  = help: Use axis=1 (replace with `1`)"
    missing = render_full([d], lambda path: None).splitlines()
    assert missing[:2] == ["error[SC106]: join", " --> m.py:1:5"]


def test_full_colour_uses_ansi_only_when_asked():
    assert "\x1b[" not in render_full([MATMUL], SOURCE.get, color=False)
    coloured = render_full([MATMUL], SOURCE.get, color=True)
    assert "\x1b[1;31m" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == render_full([MATMUL], SOURCE.get)


def test_json_uses_to_json():
    reveal = Diagnostic("r.py", Span(3, 1, 3, 16), "SC301", "info", "shape (n, 3)", shape=("n", 3), has_shape=True)
    unknown_rank = Diagnostic("r.py", Span(4, 1, 4, 16), "SC301", "info", "shape unknown", shape=None, has_shape=True)
    data = json.loads(render_json([MATMUL, reveal, unknown_rank]))
    assert data[0] == MATMUL.to_json()
    assert set(data[0]) >= {"path", "line", "column", "end_line", "end_column", "code", "severity", "message"}
    assert data[1]["shape"] == ["n", 3] and data[2]["shape"] is None


# ---- SARIF 2.1.0: the parts GitHub code scanning requires --------------------------------------

def _sarif(diags):
    return json.loads(render_sarif(diags, "9.9.9", root="/work/repo"))


def test_sarif_top_level_and_driver():
    log = _sarif([MATMUL])
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")
    assert isinstance(log["runs"], list) and len(log["runs"]) == 1
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "shapecheck" and driver["version"] == "9.9.9"
    ids = [rule["id"] for rule in driver["rules"]]
    assert ids == list(CODES) and len(set(ids)) == len(ids)
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] and rule["help"]["text"]
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note"}
    assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file:///work/repo/"


def test_sarif_results_have_rule_level_message_and_physical_location():
    warning = Diagnostic("/abs/x.py", Span(2, 3, 2, 7), "SC004", "warning", "unused",
                         fix=Fix("Remove it", Span(2, 3, 2, 7), ""))
    note = Diagnostic("a b.py", Span(1, 1, 1, 2), "SC301", "info", "shape (3,)", shape=(3,), has_shape=True)
    run = _sarif([MATMUL, warning, note])["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    assert [r["level"] for r in results] == ["error", "warning", "note"]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["message"]["text"]
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uri"]
        region = physical["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert region["endLine"] >= region["startLine"]
    first = results[0]["locations"][0]["physicalLocation"]
    assert first == {"artifactLocation": {"uri": "pkg/mlp.py", "uriBaseId": "%SRCROOT%"},
                     "region": {"startLine": 12, "startColumn": 9, "endLine": 12, "endColumn": 14}}
    assert results[0]["relatedLocations"][0]["message"]["text"] == "w is (100, 10) from here"
    assert results[1]["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "file:///abs/x.py"}
    assert results[1]["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == ""
    assert results[2]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "a%20b.py"


def test_sarif_with_no_results_is_still_a_valid_log():
    log = _sarif([])
    assert log["runs"][0]["results"] == []


# ---- GitHub workflow commands -----------------------------------------------------------------

def test_github_annotation_and_escaping():
    tricky = Diagnostic("dir,with:odd%/f.py", Span(3, 2, 4, 1), "SC101", "error",
                        "100% broken:\nsecond line\r, still data")
    (line,) = render_github([tricky]).splitlines()
    assert line == ("::error file=dir%2Cwith%3Aodd%25/f.py,line=3,endLine=4,col=2,endColumn=1,"
                    "title=shapecheck SC101 (broadcast-mismatch)::SC101 100%25 broken:%0Asecond line%0D, still data")


def test_github_severity_commands():
    made = [Diagnostic("f.py", Span(1, 1, 1, 2), code, CODES[code].severity, "m") for code in ("SC101", "SC004", "SC301")]
    assert [line.split(" ", 1)[0] for line in render_github(made).splitlines()] == ["::error", "::warning", "::notice"]


# ---- summary and statistics -------------------------------------------------------------------

def test_summary():
    assert render_summary([], 3) == "No shape errors found in 3 files.\n"
    warn = Diagnostic("b.py", Span(1, 1, 1, 2), "SC004", "warning", "m")
    assert render_summary([MATMUL, MATMUL, warn], 5, baselined=2) == (
        "Found 2 errors and 1 warning in 2 of 5 files. (2 known findings hidden by the baseline.)\n")


def _expressions(known: int, rank_only: int, unknown: int) -> dict:
    flags = [(True, True)] * known + [(True, False)] * rank_only + [(False, False)] * unknown
    return {(line, 0, line, 1): flag for line, flag in enumerate(flags, start=1)}


def test_statistics_per_file_and_total_with_ranked_unknown_calls():
    reports = [FileReport("a.py", array_expressions=_expressions(6, 2, 2),
                          unknown_calls={"torch.x": 1, "numpy.y": 1}),
               FileReport("bb.py", array_expressions=_expressions(0, 0, 3), unknown_calls={"numpy.y": 3}),
               FileReport("c.py")]
    assert render_statistics(reports).splitlines() == [
        "Shape coverage (array-valued expressions, each counted once):",
        "  file   arrays  known rank  fully known",
        "  a.py       10       80.0%        60.0%",
        "  bb.py       3        0.0%         0.0%",
        "  total      13       61.5%        46.2%",
        "Array calls without a shape rule (call sites):",
        "  4  numpy.y",
        "  1  torch.x",
    ]
    assert render_statistics([]).splitlines()[0] == "Shape coverage: no array-valued expressions seen."


def test_statistics_count_an_expression_once_over_the_run():
    """Two reports of one file (checked twice) reach the same expressions: counted once, and known
    only where both knew it."""
    first = FileReport("a.py", array_expressions={(1, 0, 1, 1): (True, True), (2, 0, 2, 1): (True, True)})
    second = FileReport("a.py", array_expressions={(1, 0, 1, 1): (True, True), (2, 0, 2, 1): (False, False)})
    assert "  total       2       50.0%        50.0%" in render_statistics([first, second]).splitlines()
