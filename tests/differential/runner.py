"""One differential case end to end: generate, run with NumPy, analyse with shapecheck, judge."""

from __future__ import annotations

import traceback
from dataclasses import dataclass

from .compare import Verdict, judge
from .generator import Program, generate_program
from .oracle import Outcome, run_program


@dataclass(frozen=True)
class Case:
    program: Program
    outcome: Outcome
    diagnostics: tuple
    verdict: Verdict | None
    crash: str | None = None    # shapecheck raised instead of reporting (a traceback)

    @property
    def ok(self) -> bool:
        return self.crash is None and not self.verdict.mismatches

    def explain(self) -> str:
        """The program with line numbers, NumPy's outcome, shapecheck's diagnostics, and what differed."""
        out = [f"--- seed {self.program.seed} ---", self.program.numbered().rstrip()]
        f = self.outcome.failure
        out.append(f"numpy: {'ran cleanly' if f is None else f'line {f.line}: {f.type}: {f.message}'}")
        if self.crash:
            out.append("shapecheck crashed:\n" + self.crash)
            return "\n".join(out)
        out.append("shapecheck:")
        for d in self.diagnostics:
            shape = f" shape={d.shape!r}" if d.code == "SC301" else ""
            out.append(f"  {d.span.line}:{d.span.column} {d.severity} {d.code}{shape} {d.message}")
        out.append("differences:")
        out += ["  " + m.describe() for m in self.verdict.mismatches]
        return "\n".join(out)


def run_case(seed: int) -> Case:
    from shapecheck.api import check_source   # imported late: the oracle half works without it

    program = generate_program(seed)
    outcome = run_program(program.source)
    try:
        report = check_source(program.source, f"<differential seed {seed}>")
    except Exception:  # noqa: BLE001 - a crash is a finding, reported with its traceback
        return Case(program, outcome, (), None, traceback.format_exc())
    diagnostics = tuple(report.diagnostics)
    return Case(program, outcome, diagnostics, judge(program, outcome, diagnostics))
