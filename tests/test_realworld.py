"""Working code reports no shape errors: the real-code corpus in ``shared/corpus`` (beside the
repository; see its README.md) is checked as a whole, and every error-severity finding there is a
false error (issue 10). ``benchmarks/realworld.py`` measures the same corpus, and more."""

from __future__ import annotations

from pathlib import Path

import pytest

from shapecheck.api import check_paths

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"

#: Open false errors that are being fixed now, as (path in the corpus, line, code). When a fix lands
#: its entry must go: the test fails on a listed error that no longer occurs, so this only shrinks.
KNOWN_FALSE_ERRORS: set[tuple[str, int, str]] = set()


@pytest.fixture(scope="module")
def corpus_errors() -> set[tuple[str, int, str, str]]:
    if not CORPUS.is_dir():
        pytest.skip(f"no real-code corpus at {CORPUS.resolve()} (shared/ is not beside the repository)")
    files = sorted(str(p) for p in CORPUS.rglob("*.py") if p.is_file())  # (a folder can end in .py)
    return {(Path(d.path).relative_to(CORPUS).as_posix(), d.span.line, d.code, d.message)
            for report in check_paths(files) for d in report.diagnostics if d.severity == "error"}


def test_working_code_has_no_shape_errors(corpus_errors):
    unexpected = sorted(e for e in corpus_errors if e[:3] not in KNOWN_FALSE_ERRORS)
    assert not unexpected, "false errors on working code:\n" + "\n".join(
        f"{path}:{line}:{code}: {message}" for path, line, code, message in unexpected)


def test_known_false_errors_still_occur(corpus_errors):
    """A fixed false error leaves KNOWN_FALSE_ERRORS, so the list shrinks as fixes land."""
    fixed = KNOWN_FALSE_ERRORS - {e[:3] for e in corpus_errors}
    assert not fixed, f"fixed, remove from KNOWN_FALSE_ERRORS: {sorted(fixed)}"
