"""Fuzzing in the suite: a small, seeded budget of ``benchmarks/fuzz.py``'s programs.

Generated shape programs, hypothesmith programs and mutated ``../shared/corpus`` files go through
parse -> analysis -> every output format; none may end in an internal error (an exception, SC003,
or a run over ``SLOW`` seconds). The large run is ``python benchmarks/fuzz.py --programs 20000``;
what it found is kept in ``test_fuzz_regressions.py``.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

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


def test_shards_split_one_run_exactly(monkeypatch, tmp_path):
    """``--shard i/N``: program k is in shard 1 + k % N (a hypothesmith program: its block b in shard
    1 + b % N), and is the same program as in the unsharded run."""
    # a corpus of its own: a fresh clone has no ../shared/corpus beside it, and no mutated programs
    (tmp_path / "layer.py").write_text("import numpy as np\nx = np.ones((2, 3)) @ np.ones((3, 4))\n")
    monkeypatch.setattr(fuzz, "CORPUS", tmp_path)
    # hypothesmith's blocks stand in by numbered programs (drawing costs ~0.25 s a program); blocks
    # of 3 so that 40 programs make several
    blocks = []

    def block(b, seed):
        blocks.append(b)
        return [f"# {seed} {b} {i}\n" for i in range(3)]

    monkeypatch.setattr(fuzz, "HYPOTHESMITH_BLOCK", 3)
    monkeypatch.setattr(fuzz, "hypothesmith_installed", lambda: True)
    monkeypatch.setattr(fuzz, "hypothesmith_block", block)
    whole = list(fuzz.programs(40, seed=5, hypothesmith_share=0.2))
    assert [k for k, *_ in whole] == list(range(40))
    assert {origin.split()[0] for *_, origin in whole} == {"hypothesmith", "mutate", "shape"}
    shards = [list(fuzz.programs(40, seed=5, hypothesmith_share=0.2, shard=(i, 3))) for i in (1, 2, 3)]
    for i, shard in enumerate(shards, start=1):
        assert all(1 + k % 3 == i for k, _, _, origin in shard if not origin.startswith("hypothesmith"))
        assert all(1 + int(source.split()[2]) % 3 == i for _, source, _, origin in shard if origin.startswith("hypothesmith"))
    blocks.clear()
    list(fuzz.programs(40, seed=5, hypothesmith_share=0.2, shard=(2, 3)))
    assert blocks and all(1 + b % 3 == 2 for b in blocks)   # a shard draws only its own blocks
    assert sorted(sum(shards, [])) == sorted(whole)
    assert list(fuzz.programs(40, seed=6, hypothesmith_share=0.2)) != whole   # the seed matters (the comparison is not vacuous)


def test_a_run_resumes_where_it_stopped(monkeypatch):
    """``--start K``: the programs from K on, the same as in the whole run (a run over sessions)."""
    monkeypatch.setattr(fuzz, "hypothesmith_installed", lambda: True)
    monkeypatch.setattr(fuzz, "hypothesmith_block", lambda b, seed: [f"# {b} {i}\n" for i in range(25)])
    whole = list(fuzz.programs(60, seed=3, hypothesmith_share=0.3, shard=(2, 2)))
    rest = list(fuzz.programs(60, seed=3, hypothesmith_share=0.3, shard=(2, 2), start=31))
    assert rest == [p for p in whole if p[0] >= 31] and 0 < len(rest) < len(whole)


def _planted(monkeypatch, fail_at=(), stop_at=None):
    """check_program replaced: program number n (from 1) fails when in ``fail_at``, Ctrl-C at ``stop_at``."""
    calls = []

    def check(source, path, origin, slow=None):
        calls.append(origin)
        if len(calls) == stop_at:
            raise KeyboardInterrupt()
        return [fuzz.Failure("exception", "planted", source, origin)] if len(calls) in fail_at else []
    monkeypatch.setattr(fuzz, "check_program", check)
    return calls


def test_progress_every_n_programs(monkeypatch):
    _planted(monkeypatch, fail_at={2, 3, 7})
    seen = []
    progress = fuzz.run(9, seed=1, slow=None, hypothesmith_share=0, every=4,
                        on_progress=lambda p: seen.append((p.done, len(p.failures))))
    assert seen == [(4, 2), (8, 3)]
    assert (progress.done, len(progress.failures), progress.interrupted) == (9, 3, False)
    assert progress.line().startswith("9 programs, 3 failures, ")


def test_an_interrupted_run_keeps_what_it_found(monkeypatch):
    calls = _planted(monkeypatch, fail_at={1}, stop_at=4)
    progress = fuzz.run(10, seed=1, slow=None, hypothesmith_share=0)
    assert (progress.done, len(progress.failures), progress.interrupted) == (3, 1, True)
    assert progress.last == calls[-1]   # the program it was in when stopped
    assert progress.k == 3 and "k=3" in progress.line()


def test_sigterm_prints_the_summary(tmp_path):
    """A run killed with SIGTERM says how far it got (a long run killed early is not silent)."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "fuzz.py"
    env = {**os.environ, "PYTHONPATH": str(script.parent.parent)}
    process = subprocess.Popen([sys.executable, str(script), "--programs", "1000", "--progress", "1",
                                "--hypothesmith-share", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        first = process.stdout.readline()
        assert first.startswith("progress: 1 programs, "), first
        process.send_signal(signal.SIGTERM)
        rest = process.communicate(timeout=120)[0]
    finally:
        if process.poll() is None:
            process.kill()
    summary = rest.strip().splitlines()[-1]
    assert re.match(r"\d+ programs in \d+ s: \d+ failures .*, interrupted during ", summary), summary
    assert process.returncode == 1


def _burn(seconds, interrupted):
    """Busy for ``seconds`` of CPU time; each _Slow that arrives is noted in ``interrupted`` and dropped
    (as Python drops an exception raised inside a gc callback)."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        try:
            while time.process_time() < end:
                pass
        except fuzz._Slow:
            interrupted.append(time.process_time())


@pytest.mark.skipif(not hasattr(signal, "SIGPROF"), reason="CPU-time alarms need SIGPROF")
def test_a_dropped_slow_alarm_comes_again_and_is_still_a_finding(monkeypatch):
    interrupted = []

    def check_source(source, path):
        _burn(1.0, interrupted)
        return SimpleNamespace(diagnostics=[])
    monkeypatch.setattr(fuzz.api, "check_source", check_source)
    failures = fuzz.check_program("x = 1\n", "f.py", "planted", slow=0.3)
    assert [f.kind for f in failures] == ["slow"]
    assert len(interrupted) >= 2   # re-armed after the first was dropped


def test_a_dropped_sigterm_still_stops_the_run_between_programs(monkeypatch):
    monkeypatch.setattr(fuzz, "_terminated", [])
    seen = []

    def check(source, path, origin, slow=None):
        seen.append(origin)
        if len(seen) == 2:
            fuzz._terminated.append(signal.SIGTERM)   # received, its KeyboardInterrupt dropped by a gc callback
        return []
    monkeypatch.setattr(fuzz, "check_program", check)
    progress = fuzz.run(10, seed=1, slow=None, hypothesmith_share=0)
    assert (progress.done, progress.interrupted, len(seen)) == (2, True, 2)


def test_a_run_collects_as_a_check_run_does(monkeypatch):
    """Each program is a file of a ``check`` run (the collector tuned, then ``settle`` after it), with a
    full collection every FULL_COLLECTION_EVERY programs (``settle`` freezes what the harness keeps
    between programs too, hypothesis's drawing state: once garbage, only a full collection frees it),
    and the run leaves nothing frozen."""
    import gc

    monkeypatch.setattr(fuzz, "programs", lambda count, seed, **kw: ((k, "x = 1\n", "f.py", f"p{k}") for k in range(count)))
    monkeypatch.setattr(fuzz, "FULL_COLLECTION_EVERY", 3)
    settled, full = [], []
    monkeypatch.setattr(fuzz, "settle", lambda real=fuzz.settle: (settled.append(gc.get_freeze_count()), real()))
    monkeypatch.setattr(fuzz, "_collect_everything", lambda real=fuzz._collect_everything: (full.append(1), real()))
    before = gc.get_freeze_count()
    assert fuzz.run(7, seed=0, slow=None).done == 7
    assert len(settled) == 7 and len(full) == 2   # after programs 3 and 6
    assert gc.get_freeze_count() == before        # collector_tuned unfreezes at the end
