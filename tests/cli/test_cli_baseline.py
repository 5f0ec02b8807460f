"""Baselines: `--write-baseline`, then only new findings fail."""

from __future__ import annotations

import json

from shapecheck.cli.baseline import apply_baseline, make_baseline
from shapecheck.report.diagnostics import Diagnostic, Span

LEGACY = "import numpy as np\ny = x @ w  # emit: SC102\nz = a + b  # emit: SC101\n"


def test_write_then_check_is_clean(run, write, tmp_path):
    write("a.py", LEGACY)
    result = run("check", "--write-baseline")
    assert result.status == 0
    assert "wrote 2 findings to shapecheck-baseline.json" in result.err
    document = json.loads((tmp_path / "shapecheck-baseline.json").read_text())
    assert document["findings"] == [
        {"path": "a.py", "code": "SC101", "message": "fake SC101 finding", "source": "z = a + b  # emit: SC101",
         "count": 1},
        {"path": "a.py", "code": "SC102", "message": "fake SC102 finding", "source": "y = x @ w  # emit: SC102",
         "count": 1},
    ]
    result = run("check", "--baseline", "shapecheck-baseline.json")
    assert result.status == 0
    assert "No shape errors found in 1 file. (2 known findings hidden by the baseline.)" in result.out


def test_only_new_findings_fail_and_moved_lines_still_match(run, write):
    write("a.py", LEGACY)
    run("check", "--write-baseline", "--baseline", "base.json")
    # Lines move (inserted code above) and a new bug appears.
    write("a.py", "import numpy as np\n\n\n# comment\n" + LEGACY.split("\n", 1)[1] + "q = r @ s  # emit: SC102\n")
    result = run("check", "--baseline", "base.json", "--output-format", "json")
    assert result.status == 1
    assert [(d["line"], d["code"]) for d in json.loads(result.out)] == [(7, "SC102")]


def test_counts_a_duplicate_finding_beyond_the_recorded_count_is_new(run, write):
    write("a.py", "y = x @ w  # emit: SC102\n")
    run("check", "--write-baseline", "--baseline", "base.json")
    write("a.py", "y = x @ w  # emit: SC102\ny = x @ w  # emit: SC102\n")
    result = run("check", "--baseline", "base.json", "--output-format", "json")
    assert [(d["line"], d["code"]) for d in json.loads(result.out)] == [(2, "SC102")]


def test_stale_entries_are_reported(run, write):
    write("a.py", LEGACY)
    run("check", "--write-baseline", "--baseline", "base.json")
    write("a.py", "import numpy as np\n")
    result = run("check", "--baseline", "base.json")
    assert result.status == 0
    assert "2 baseline entries no longer found" in result.err


def test_baseline_from_config_is_relative_to_the_config(run, write, tmp_path, monkeypatch):
    write("proj/pyproject.toml", '[tool.shapecheck]\nbaseline = "ci/base.json"\n')
    write("proj/ci/.keep", "")
    write("proj/a.py", LEGACY)
    monkeypatch.chdir(tmp_path / "proj")
    assert run("check", "--write-baseline").status == 0
    document = json.loads((tmp_path / "proj" / "ci" / "base.json").read_text())
    assert {entry["path"] for entry in document["findings"]} == {"../a.py"}
    assert run("check").status == 0
    monkeypatch.chdir(tmp_path)
    assert run("check", "proj").status == 0  # same config, same baseline, from another cwd


def test_missing_or_malformed_baseline_exits_2(run, write):
    write("a.py", LEGACY)
    result = run("check", "--baseline", "nope.json")
    assert result.status == 2 and "baseline file not found" in result.err
    write("bad.json", "{not json")
    assert run("check", "--baseline", "bad.json").status == 2
    write("other.json", json.dumps({"findings": []}))
    result = run("check", "--baseline", "other.json")
    assert result.status == 2 and "not a shapecheck baseline" in result.err
    write("entries.json", json.dumps({"shapecheck_baseline": 1, "findings": [{"path": "a.py"}]}))
    result = run("check", "--baseline", "entries.json")
    assert result.status == 2 and "malformed entry" in result.err


def test_notes_and_internal_errors_are_never_baselined():
    lines = {"a.py": ["reveal_shape(x)", "y = 1"]}.get
    reveal = Diagnostic("a.py", Span(1, 1, 1, 5), "SC301", "info", "shape (3,)")
    crash = Diagnostic("a.py", Span(1, 1, 1, 1), "SC003", "error", "internal error")
    error = Diagnostic("a.py", Span(2, 1, 2, 5), "SC101", "error", "broadcast")
    document = make_baseline([reveal, crash, error], lines, ".")
    assert [entry["code"] for entry in document["findings"]] == ["SC101"]
    result = apply_baseline([reveal, crash, error], document, lines, ".")
    assert result.new == [reveal, crash] and result.hidden == 1 and result.stale == 0
