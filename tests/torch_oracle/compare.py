"""Judge shapecheck's report on a torch program against what real PyTorch did when it ran it.

Lines are compared at top-level statement granularity (run_program.py runs one statement at a time):
shapecheck must report an error in exactly the statements torch raised in, and every reveal that
shapecheck answers with concrete dims must equal torch's shape. A reveal shapecheck leaves symbolic
or unknown is counted as imprecise, never as wrong.

torch judges only what it ran: an error shapecheck reports on a line of a function body that the
program never called has no verdict. A function body is analysed once for all its callers, so a
reveal there that shapecheck leaves symbolic is its answer for every call, not an imprecise one for
the call torch happened to run; a concrete one must still equal each of torch's. A reveal in a loop
runs once per iteration, and each run is judged against shapecheck's one answer for the line.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from shapecheck.api import Project, check_source
from tests.differential.compare import concrete

RUNNER = Path(__file__).with_name("run_program.py")


def torch_python() -> str | None:
    """An interpreter that can import torch: ``$SHAPECHECK_TORCH_PYTHON``, else this one, else None."""
    import os

    for candidate in (os.environ.get("SHAPECHECK_TORCH_PYTHON"), sys.executable):
        if not candidate:
            continue
        probe = subprocess.run([candidate, "-c", "import torch"], capture_output=True, timeout=120)
        if probe.returncode == 0:
            return candidate
    return None


def run_under_torch(python: str, paths: list[str]) -> dict[str, dict]:
    """Run the programs in a child interpreter with torch (one process for all of them)."""
    done = subprocess.run([python, str(RUNNER), *paths], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"the torch runner failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.splitlines()[-1])


@dataclass
class Verdict:
    problems: list[str] = field(default_factory=list)
    reveals_checked: int = 0
    reveals_imprecise: int = 0
    errors_expected: int = 0


def _statement_lines(source: str) -> dict[int, int]:
    """Each source line -> the first line of the top-level statement it belongs to."""
    out: dict[int, int] = {}
    for stmt in ast.parse(source).body:
        for line in range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1):
            out[line] = stmt.lineno
    return out


def _body_lines(source: str) -> set[int]:
    """The lines inside a function's body: they run per call, not when the program reaches them."""
    out: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            body = node.body if isinstance(node.body, list) else [node.body]
            out.update(range(body[0].lineno, (body[-1].end_lineno or body[-1].lineno) + 1))
    return out


def judge(path: str, source: str, outcome: dict) -> Verdict:
    verdict = Verdict()
    report = check_source(source, path, project=Project(roots=[str(Path(path).parent)]))
    statement = _statement_lines(source)
    in_body = _body_lines(source)
    ran = set(outcome["ran"])
    raised = {int(line): text for line, text in outcome["raised"].items()}
    errors: dict[int, list[str]] = {}
    for d in report.diagnostics:
        if d.severity == "error" and not (d.span.line in in_body and d.span.line not in ran):
            errors.setdefault(statement.get(d.span.line, d.span.line), []).append(f"{d.code} {d.message}")
    verdict.errors_expected = len(raised)
    for line in sorted(set(raised) | set(errors)):
        if line in raised and line not in errors:
            verdict.problems.append(f"{path}:{line}: torch raised ({raised[line]}) but shapecheck reported nothing")
        elif line in errors and line not in raised:
            verdict.problems.append(f"{path}:{line}: shapecheck reported {errors[line]} but torch ran it")
    ours: dict[int, list] = {}
    for d in report.diagnostics:
        if d.code == "SC301":
            ours.setdefault(d.span.line, []).append(d.shape)
    for line, shapes in outcome["reveals"].items():
        line = int(line)
        got = ours.get(line, [])
        for index, theirs in enumerate(shapes):
            # the line's reveals run in the same order on each pass of a loop
            found = concrete(got[index % len(got)]) if got else None
            mine = list(found) if found is not None else None
            if theirs is None:
                continue
            if mine is None:
                if not (got and line in in_body):
                    verdict.reveals_imprecise += 1
                continue
            verdict.reveals_checked += 1
            if mine != list(theirs):
                verdict.problems.append(f"{path}:{line}: shapecheck reveals {mine}, torch {theirs}")
    return verdict
