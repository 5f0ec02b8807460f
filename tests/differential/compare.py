"""Compare shapecheck's diagnostics for a generated program with what NumPy did when it ran it.

The rules (issue 2): shapecheck reports an error exactly on the line where NumPy first fails and
on no earlier line; a program NumPy runs cleanly has no error at all; every checked reveal before
the failing line matches NumPy's shape exactly. Lines after the first failure are not judged.
"""

from __future__ import annotations

from dataclasses import dataclass

from .generator import Program
from .oracle import Outcome

# Mismatch categories, in the order a report lists them.
MISSED_ERROR = "missed-error"        # NumPy fails on the line, shapecheck reports no error there
FALSE_ERROR = "false-error"          # an error on a line NumPy ran (or never reached first)
WRONG_REVEAL = "wrong-reveal"        # a reveal whose shape differs from NumPy's
MISSING_REVEAL = "missing-reveal"    # no SC301 on a reveal line NumPy reached
CATEGORIES = (MISSED_ERROR, FALSE_ERROR, WRONG_REVEAL, MISSING_REVEAL)


@dataclass(frozen=True)
class Mismatch:
    category: str
    line: int
    kind: str       # op kind of the statement the line belongs to
    op: str
    expected: str   # what NumPy did
    got: str        # what shapecheck said

    def describe(self) -> str:
        return f"line {self.line} [{self.kind}:{self.op}] {self.category}: numpy {self.expected}; shapecheck {self.got}"


@dataclass(frozen=True)
class Verdict:
    """One program judged: the mismatches, plus the counts the report aggregates."""

    mismatches: tuple[Mismatch, ...]
    numpy_failed: bool
    error_flagged: bool      # shapecheck reported an error on NumPy's failing line
    reveals_checked: int
    reveals_matched: int
    false_error_lines: int


def concrete(shape) -> tuple[int, ...] | None:
    """A revealed shape as ints (symbolic strings that are plain numbers count), else None."""
    if shape is None:
        return None
    out = []
    for d in shape:
        if isinstance(d, bool):
            return None
        if isinstance(d, int):
            out.append(d)
        elif isinstance(d, str) and d.strip().lstrip("-").isdigit():
            out.append(int(d))
        else:
            return None
    return tuple(out)


def show(shape) -> str:
    if shape is None:
        return "unknown rank"
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def judge(program: Program, outcome: Outcome, diagnostics) -> Verdict:
    """Judge shapecheck's ``diagnostics`` for ``program`` against NumPy's ``outcome``."""
    fail_line = outcome.failure.line if outcome.failure else None
    horizon = fail_line if fail_line is not None else len(program.lines) + 1
    errors: dict[int, list[str]] = {}
    reveals: dict[int, object] = {}
    for d in diagnostics:
        if d.severity == "error":
            errors.setdefault(d.span.line, []).append(f"{d.code} {d.message}")
        elif d.code == "SC301":
            reveals[d.span.line] = d.shape
    mismatches = []

    def add(category: str, line: int, expected: str, got: str) -> None:
        info = program.line(line) if 1 <= line <= len(program.lines) else None
        kind, op = (info.kind, info.op) if info else ("?", "?")
        mismatches.append(Mismatch(category, line, kind or "import", op, expected, got))

    false_lines = sorted(line for line in errors if line < horizon)
    for line in false_lines:
        add(FALSE_ERROR, line, "ran this line", "; ".join(errors[line]))
    flagged = fail_line is not None and fail_line in errors
    if fail_line is not None and not flagged:
        f = outcome.failure
        add(MISSED_ERROR, fail_line, f"{f.type}: {f.message}", "no error")
    checked = matched = 0
    for line, shape in sorted(outcome.reveals.items()):
        if line >= horizon or not program.line(line).checked:
            continue
        checked += 1
        if line not in reveals:
            add(MISSING_REVEAL, line, show(shape), "no reveal")
        elif concrete(reveals[line]) != shape:
            add(WRONG_REVEAL, line, show(shape), show(reveals[line]))
        else:
            matched += 1
    mismatches.sort(key=lambda m: m.line)   # the earliest difference first: it often causes the rest
    return Verdict(tuple(mismatches), fail_line is not None, flagged, checked, matched, len(false_lines))
