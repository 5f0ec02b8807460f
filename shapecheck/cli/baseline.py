"""Baselines: record today's findings so that only new ones fail (adopting shapecheck on a large codebase).

A finding is keyed by its file (relative to the baseline file), code, message and the stripped text
of its source line, never by its line number, so edits elsewhere that move it do not make it "new".
Each key has a count: two identical findings in one file need two entries' worth to stay hidden,
and a third copy is new. Only errors and warnings are baselined; notes (reveals, hole solutions)
and internal errors (SC003) always show.

>>> from shapecheck.report.diagnostics import Diagnostic, Span
>>> d = Diagnostic("a.py", Span(2, 1, 2, 4), "SC101", "error", "broadcast")
>>> lines = {"a.py": ["import numpy as np", "c = a + b"]}.get
>>> base = make_baseline([d], lines, base_dir=".")
>>> apply_baseline([d], base, lines, base_dir=".").new
[]
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..report.diagnostics import Diagnostic

FORMAT_VERSION = 1
BASELINED_SEVERITIES = frozenset({"error", "warning"})
NEVER_BASELINED = frozenset({"SC003"})

SourceLines = Callable[..., "Sequence[str] | None"]   # (path) or, in a notebook, (path, cell)
Key = tuple[str, str, str, str]  # (path, code, message, source line text)


class BaselineError(Exception):
    """The baseline file cannot be read or is not a shapecheck baseline (exit status 2)."""


@dataclass(frozen=True)
class BaselineResult:
    new: list[Diagnostic]       # what the baseline does not cover (shown, and may fail the run)
    hidden: int                 # findings the baseline covered
    stale: int                  # baseline entries no longer found (fixed since): rewrite to drop them


def is_baselinable(d: Diagnostic) -> bool:
    return d.severity in BASELINED_SEVERITIES and d.code not in NEVER_BASELINED


def finding_key(d: Diagnostic, source_lines: SourceLines, base_dir: str | Path) -> Key:
    lines = source_lines(d.path) if d.span.cell is None else source_lines(d.path, d.span.cell)
    text = lines[d.span.line - 1].strip() if lines is not None and 0 < d.span.line <= len(lines) else ""
    return (_portable_path(d.path, base_dir), d.code, d.message, text)


def make_baseline(diags: Iterable[Diagnostic], source_lines: SourceLines, base_dir: str | Path) -> dict:
    """The JSON document that records ``diags`` (sorted, so the file diffs cleanly)."""
    counts = Counter(finding_key(d, source_lines, base_dir) for d in diags if is_baselinable(d))
    findings = [{"path": path, "code": code, "message": message, "source": text, "count": count}
                for (path, code, message, text), count in sorted(counts.items())]
    return {"shapecheck_baseline": FORMAT_VERSION, "findings": findings}


def apply_baseline(diags: Iterable[Diagnostic], baseline: dict, source_lines: SourceLines,
                   base_dir: str | Path) -> BaselineResult:
    """Split ``diags`` into new findings and those the baseline already records."""
    budget: Counter[Key] = Counter()
    for key, count in _entries(baseline):
        budget[key] += count
    new: list[Diagnostic] = []
    hidden = 0
    for d in diags:
        key = finding_key(d, source_lines, base_dir) if is_baselinable(d) else None
        if key is not None and budget[key] > 0:
            budget[key] -= 1
            hidden += 1
        else:
            new.append(d)
    return BaselineResult(new=new, hidden=hidden, stale=sum(budget.values()))


def read_baseline(path: str | Path) -> dict:
    """Load and validate a baseline file."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"baseline file not found: {path} (create it with --write-baseline)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"cannot read baseline {path}: {error}") from None
    if not isinstance(document, dict) or document.get("shapecheck_baseline") != FORMAT_VERSION:
        raise BaselineError(f"{path} is not a shapecheck baseline (version {FORMAT_VERSION})")
    dict(_entries(document, str(path)))  # validate every entry now, not while filtering
    return document


def write_baseline(path: str | Path, document: dict) -> None:
    Path(path).write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _entries(document: dict, where: str = "baseline") -> Iterable[tuple[Key, int]]:
    findings = document.get("findings")
    if not isinstance(findings, list):
        raise BaselineError(f"{where}: 'findings' must be a list")
    for entry in findings:
        try:
            key = (entry["path"], entry["code"], entry["message"], entry["source"])
            count = entry.get("count", 1)
        except (KeyError, TypeError, AttributeError):
            raise BaselineError(f"{where}: malformed entry {entry!r}") from None
        if not all(isinstance(part, str) for part in key) or not isinstance(count, int) or count < 1:
            raise BaselineError(f"{where}: malformed entry {entry!r}")
        yield key, count


def _portable_path(path: str, base_dir: str | Path) -> str:
    absolute = os.path.abspath(path)
    try:
        return Path(os.path.relpath(absolute, os.path.abspath(base_dir))).as_posix()
    except ValueError:  # another drive on Windows
        return Path(absolute).as_posix()


__all__ = ["BaselineError", "BaselineResult", "apply_baseline", "make_baseline", "read_baseline",
           "write_baseline", "finding_key", "is_baselinable"]
