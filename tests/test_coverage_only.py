"""Re-analyses that serve only coverage (call-site and guessed ranks, ``Calls.rerank``) are skipped
when nothing in the output can show them (``Options.coverage`` off, no reveal_shape or HOLE in the
module): the findings are the same either way, at less cost (issue 11)."""

from __future__ import annotations

import textwrap

from shapecheck.api import Options, Project, check_source

MODEL = textwrap.dedent("""\
    import torch
    from torch import nn


    class Block(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.proj = nn.Linear(dim, dim)

        def forward(self, x, bias):
            return self.proj(x) + bias


    class Picky(nn.Module):
        def forward(self, x):
            return x.sum(dim=3)   # fails at the callers' rank 3: reported at the call


    class Model(nn.Module):
        def __init__(self, dim):
            super().__init__()
            self.block = Block(dim)
            self.picky = Picky()

        def forward(self, x):
            return self.picky(self.block(x, x))


    Model(8)(torch.zeros(2, 5, 8))
    """)


def check(source: str, coverage: bool):
    return check_source(source, "model.py", project=Project(options=Options(coverage=coverage)))


def findings(report) -> list:
    return sorted((d.span.line, d.span.column, d.code, d.message) for d in report.diagnostics)


def test_without_coverage_the_re_runs_are_skipped_and_the_findings_stay() -> None:
    wanted, skipped = check(MODEL, coverage=True), check(MODEL, coverage=False)
    assert findings(wanted) == findings(skipped) and [d.code for d in wanted.diagnostics] == ["SC110"]
    assert skipped.calls_analysed < wanted.calls_analysed   # the re-runs at rank 3 called the layers again


def test_a_reveal_in_the_module_keeps_the_re_runs() -> None:
    revealing = MODEL.replace("return self.proj(x) + bias", "reveal_shape(x)\n        return self.proj(x) + bias")
    wanted, asked = check(revealing, coverage=True), check(revealing, coverage=False)
    assert findings(wanted) == findings(asked)
    assert [d.message for d in asked.diagnostics if d.code == "SC301"] == ["reveal_shape: shape: (x0, x1, x2)"]


def test_without_coverage_no_array_expression_is_counted() -> None:
    # a plain check shows no coverage: counting every array expression was work nobody read
    wanted, skipped = check(MODEL, coverage=True), check(MODEL, coverage=False)
    assert wanted.array_expressions and skipped.array_expressions == {}
    assert findings(wanted) == findings(skipped)


def test_a_reveal_in_the_module_keeps_the_counts_its_re_runs_read() -> None:
    # the re-runs at guessed ranks take a method by the expressions of unknown rank its generic
    # analysis met (Calls.blind), which the counting gives: a module that reveals keeps both
    revealing = MODEL.replace("return self.proj(x) + bias", "reveal_shape(x)\n        return self.proj(x) + bias")
    asked = check(revealing, coverage=False)
    assert asked.array_expressions
    assert [d.message for d in asked.diagnostics if d.code == "SC301"] == ["reveal_shape: shape: (x0, x1, x2)"]
