"""Working code reports no shape errors: the real-code corpus in ``shared/corpus`` (beside the
repository; see its README.md) is checked as a whole, and every error-severity finding there is a
false error (issue 10). ``benchmarks/realworld.py`` measures the same corpus, and more."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shapecheck.api import check_paths

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"

#: Open false errors that are being fixed now, as (path in the corpus, line, code). When a fix lands
#: its entry must go: the test fails on a listed error that no longer occurs, so this only shrinks.
KNOWN_FALSE_ERRORS: set[tuple[str, int, str]] = set()

#: Issue 10's measure of model code: the share of array-valued expressions in the ``forward``
#: methods of a corpus's classes that have a known rank (each counted once, known only if every
#: analysis that reached it knew it, as ``--statistics`` counts). It may rise, never fall below this.
#: (stop 46: vit-pytorch 95.1%, minGPT 100%, pytorch-examples 90.2% -> 91.1% with torch layer subclasses and
#: legacy constructors' sizes)
FORWARD_RANK_FLOORS = {"vit-pytorch": 0.945, "minGPT": 0.98, "pytorch-examples": 0.905}


@pytest.fixture(scope="module")
def corpus_reports() -> list:
    if not CORPUS.is_dir():
        pytest.skip(f"no real-code corpus at {CORPUS.resolve()} (shared/ is not beside the repository)")
    files = sorted(str(p) for p in CORPUS.rglob("*.py") if p.is_file())  # (a folder can end in .py)
    return check_paths(files)


@pytest.fixture(scope="module")
def corpus_errors(corpus_reports) -> set[tuple[str, int, str, str]]:
    return {(Path(d.path).relative_to(CORPUS).as_posix(), d.span.line, d.code, d.message)
            for report in corpus_reports for d in report.diagnostics if d.severity == "error"}


def test_working_code_has_no_shape_errors(corpus_errors):
    unexpected = sorted(e for e in corpus_errors if e[:3] not in KNOWN_FALSE_ERRORS)
    assert not unexpected, "false errors on working code:\n" + "\n".join(
        f"{path}:{line}:{code}: {message}" for path, line, code, message in unexpected)


def test_known_false_errors_still_occur(corpus_errors):
    """A fixed false error leaves KNOWN_FALSE_ERRORS, so the list shrinks as fixes land."""
    fixed = KNOWN_FALSE_ERRORS - {e[:3] for e in corpus_errors}
    assert not fixed, f"fixed, remove from KNOWN_FALSE_ERRORS: {sorted(fixed)}"


def _forward_spans(path: str) -> list[tuple[int, int]]:
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except SyntaxError:
        return []
    return [(node.lineno, node.end_lineno) for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef)
            for node in cls.body if isinstance(node, ast.FunctionDef) and node.name == "forward"]


@pytest.mark.parametrize("corpus, floor", sorted(FORWARD_RANK_FLOORS.items()))
def test_forward_methods_keep_their_known_ranks(corpus_reports, corpus, floor):
    root = (CORPUS / corpus).resolve()
    merged: dict[str, dict] = {}
    for report in corpus_reports:
        if Path(report.path).resolve().is_relative_to(root):
            seen = merged.setdefault(report.path, {})
            for where, (rank, _) in report.array_expressions.items():
                seen[where] = seen.get(where, True) and rank
    known = total = 0
    for path, seen in merged.items():
        spans = _forward_spans(path)
        for (line, *_), rank in seen.items():
            if any(start <= line <= end for start, end in spans):
                total += 1
                known += rank
    assert total, f"no array-valued expression in {corpus}'s forward methods"
    assert known / total >= floor, f"{corpus}: {known}/{total} = {known / total:.1%} of forward expressions " \
                                   f"have a known rank, below the floor of {floor:.1%}"
