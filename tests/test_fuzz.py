"""Fuzzing in the suite: a small, seeded budget of ``benchmarks/fuzz.py``'s programs.

Generated shape programs, hypothesmith programs and mutated ``../shared/corpus`` files go through
parse -> analysis -> every output format; none may end in an internal error (an exception, SC003,
or a run over ``SLOW`` seconds). The large run is ``python benchmarks/fuzz.py --programs 20000``;
what it found is kept in ``test_fuzz_regressions.py``.
"""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

_SPEC = importlib.util.spec_from_file_location(
    "shapecheck_fuzz", Path(__file__).resolve().parent.parent / "benchmarks" / "fuzz.py")
fuzz = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = fuzz   # dataclasses look their module up by name
_SPEC.loader.exec_module(fuzz)

SLOW = 20.0   # seconds: far above any program here (they take milliseconds), far below a hang


def budget(examples: int) -> settings:
    """A few seconds' worth, seeded like every property test here (conftest: derandomized)."""
    return settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
CORPUS_FILES = fuzz.corpus_files()


#: Crashes the large run found in code outside the change that added this test, each to be fixed
#: by its owner (and then deleted here): (exception, file, function) as the failure names them.
#: Everything else fails the test. test_fuzz_regressions.py keeps a program for each that has one.
KNOWN_OPEN: tuple = ()   # crash sites fuzzing found and not fixed yet: (exception, file, function)


def known_open(failure) -> bool:
    found = re.match(r"(\w+): .* at (\S+):\d+ in (\w+)$", failure.summary, re.S)
    return failure.kind == "exception" and found is not None and any(
        found.group(1) == error and Path(found.group(2)).as_posix().endswith(path) and found.group(3) == function
        for error, path, function in KNOWN_OPEN)


def assert_clean(source: str, path: str, origin: str) -> None:
    failures = [f for f in fuzz.check_program(source, path, origin, SLOW) if not known_open(f)]
    assert not failures, "\n".join(f.text() for f in failures)


@budget(30)
@given(st.integers(0, 2**32 - 1))
def test_shape_programs(seed):
    assert_clean(fuzz.shape_program(seed), "fuzz_program.py", f"shape program seed={seed}")


def _hypothesmith():
    try:
        import hypothesmith
    except ImportError:
        return None
    return hypothesmith


@pytest.mark.skipif(_hypothesmith() is None, reason="hypothesmith is not installed (pip install -e .[test])")
def test_hypothesmith_programs():
    hypothesmith = _hypothesmith()

    @budget(15)
    @given(hypothesmith.from_grammar() | hypothesmith.from_node())
    def check(source):
        assert_clean(source, "fuzz_hypothesmith.py", "hypothesmith")

    check()


@pytest.mark.skipif(not CORPUS_FILES, reason=f"no corpus at {fuzz.CORPUS} (the shared checkout is absent)")
@budget(12)
@given(st.integers(0, max(len(CORPUS_FILES) - 1, 0)), st.integers(0, 2**32 - 1))
def test_mutated_corpus_files(index, seed):
    path = CORPUS_FILES[index]
    source = fuzz.mutate(path.read_text(encoding="utf-8", errors="replace"), random.Random(seed))
    assert_clean(source, str(path), f"mutate {path.relative_to(fuzz.CORPUS)} seed={seed}")


def test_the_harness_sees_an_internal_error(monkeypatch):
    """An exception in the analyser or in a renderer is a failure (the harness is not blind)."""
    def broken(*args, **kwargs):
        raise ZeroDivisionError("planted")
    monkeypatch.setattr(fuzz, "render", broken)
    failures = fuzz.check_program("x = 1\n", "f.py", "planted")
    assert {f.kind for f in failures} == {f"render {fmt}" for fmt in fuzz.FORMATS}
    monkeypatch.setattr(fuzz.api, "check_source", broken)
    assert [f.kind for f in fuzz.check_program("x = 1\n", "f.py", "planted")] == ["exception"]
