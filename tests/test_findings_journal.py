"""The findings' journal (``driver/findings.py``): what an analysis that is redone takes back, and
what the analyses nested in it, done and kept, leave behind."""

from __future__ import annotations

from shapecheck.absint.driver.findings import Findings
from shapecheck.report.diagnostics import Diagnostic, Span


def _warning(line: int) -> Diagnostic:
    return Diagnostic("m.py", Span(line, 0, line, 5), "SC120", "warning", f"fails on line {line}")


def test_a_kept_finding_survives_every_enclosing_rollback_once() -> None:
    """A model's forward (outer) asks for its block's (middle), which asks for its layer's (inner):
    the layer's analysis completes and is kept; the block's is redone, then completes; the model's
    is redone. The layer's warning is there once (it was listed twice: kept by the model's journal
    when the layer's analysis completed, and again when the block's did, re-added by its rollback)."""
    findings = Findings()
    outer = findings.checkpoint()
    middle = findings.checkpoint()
    inner = findings.checkpoint()
    findings.emit(_warning(3))
    findings.keep(inner)
    findings.emit(_warning(7))        # the block's own first run: taken back
    findings.rollback(middle)
    assert findings.diagnostics == [_warning(3)]
    findings.keep(middle)
    findings.emit(_warning(9))        # the model's own first run: taken back
    findings.rollback(outer)
    assert findings.diagnostics == [_warning(3)]
    findings.emit(_warning(3))        # found again: still once
    assert findings.diagnostics == [_warning(3)]
