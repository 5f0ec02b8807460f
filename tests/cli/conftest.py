"""Fixtures for the CLI tests: a stand-in analyser, and a runner for `shapecheck` in-process.

The stand-in reads directives from the analysed file's comments, so a test's input file says
what the "analyser" finds, beside the line it is about:

    y = x @ w   # emit: SC102          -> an SC102 diagnostic spanning `x @ w`'s line
    z = f(x)    # emit: SC101 SC104    -> two diagnostics
    boom()      # crash                -> the analyser raises on this file
    a = g(x)    # unknown-call: torch.g -> statistics: one array expression of unknown shape, from torch.g
    b = h(x)    # known-array           -> statistics: one array expression with a known shape

It applies suppressions exactly as ``check_source`` does, so ignore comments behave as for real.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from shapecheck import api
from shapecheck.cli import app as cli
from shapecheck.cli import parallel
from shapecheck.report.codes import CODES
from shapecheck.report.diagnostics import Diagnostic, FileReport, Related, Span
from shapecheck.report.suppression import apply_suppressions

_EMIT = re.compile(r"# emit: ((?:SC\d{3}\s*)+)")
_UNKNOWN_CALL = re.compile(r"# unknown-call: ([\w.]+)")


def fake_check_source(source, path="<string>", *, project=None, options=None) -> FileReport:
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            return FileReport(path, [Diagnostic(path, Span(1, 1, 1, 1), "SC002", "error", "not UTF-8")])
    report = FileReport(path)
    diags = []
    for number, line in enumerate(source.splitlines(), start=1):
        if "# crash" in line:
            raise ZeroDivisionError("simulated analyser bug")
        code_text = line.split("#", 1)[0].rstrip()
        start = len(code_text) - len(code_text.lstrip()) + 1
        span = Span(number, start, number, max(len(code_text) + 1, start + 1))
        match = _EMIT.search(line)
        if match:
            for code in match.group(1).split():
                related = (Related(path, Span(1, 1, 1, 4), "fact from here"),) if code == "SC110" else ()
                diags.append(Diagnostic(path, span, code, CODES[code].severity,
                                        f"fake {code} finding", related=related))
        call = _UNKNOWN_CALL.search(line)
        if call:
            report.array_expressions[(number, 0, number, 1)] = (False, False)
            report.unknown_calls[call.group(1)] = report.unknown_calls.get(call.group(1), 0) + 1
        if "# known-array" in line:
            report.array_expressions[(number, 0, number, 1)] = (True, True)
    report.diagnostics = apply_suppressions(source, diags, path=path)
    return report


@pytest.fixture
def fake_analyzer(monkeypatch):
    """Replace the real analyser with the comment-driven stand-in for this test."""
    monkeypatch.setattr(api, "check_source", fake_check_source)
    return fake_check_source


@dataclass
class Result:
    status: int
    out: str
    err: str


@pytest.fixture
def run(capsys, monkeypatch, tmp_path, fake_analyzer):
    """Run `shapecheck ARGS...` in-process from ``tmp_path`` with the stand-in analyser."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    # In-process, so the stand-in analyser is the one that runs (a spawned worker imports the
    # real one); test_cli_parallel.py runs the real analyser in processes.
    monkeypatch.setattr(parallel, "default_jobs", lambda: 1)

    def invoke(*args: str) -> Result:
        capsys.readouterr()
        status = cli.main(list(args))
        captured = capsys.readouterr()
        return Result(status, captured.out, captured.err)

    return invoke


@pytest.fixture
def write(tmp_path):
    """Write a file under ``tmp_path`` (parents created) and return its path."""

    def writer(relative: str, text: str | bytes = ""):
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
        return path

    return writer
