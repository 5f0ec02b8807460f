"""`-j N` prints exactly what `-j 1` prints: same findings, same order, same exit status."""

from __future__ import annotations

import gc
import weakref

import pytest

from shapecheck.cli import app as cli
from shapecheck.absint.driver import parsing
from shapecheck.cli import parallel
from shapecheck.cli.pool import DIE_ON

BAD = """import numpy as np

a = np.zeros(({n}, 3)) @ np.zeros((4, 5))
b = np.ones(({n}, 2)) + np.ones((3,))
"""


@pytest.fixture
def tree(tmp_path, monkeypatch):
    (tmp_path / "setup.py").write_text("")
    for index in range(5):
        folder = tmp_path / ("pkg" if index % 2 else "other")
        folder.mkdir(exist_ok=True)
        (folder / f"m{index}.py").write_text(BAD.format(n=index + 2) * (index + 1))
    (tmp_path / "other" / "clean.py").write_text("import numpy as np\nx = np.zeros((2, 3)) @ np.zeros((3, 4))\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _check(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = cli.main(["check", "--no-cache", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("fmt", ["concise", "json"])
def test_processes_print_what_one_process_prints(tree, capsys, fmt):
    one = _check(capsys, ".", "-j", "1", "--output-format", fmt)
    many = _check(capsys, ".", "-j", "3", "--output-format", fmt)
    assert one == many
    assert one[0] == 1 and one[1].count("SC102") == 15


def test_statistics_agree_too(tree, capsys):
    assert _check(capsys, ".", "-j", "1", "--statistics") == _check(capsys, ".", "-j", "2", "--statistics")


def test_bad_job_counts_are_usage_errors(tree, capsys):
    for value in ("0", "-2", "x"):
        assert _check(capsys, ".", "-j", value)[0] == 2


def test_files_are_checked_under_the_runs_collector_thresholds(tree, capsys, monkeypatch):
    # the analysis runs with a larger first generation (parallel.GC_THRESHOLDS); the caller's own
    # thresholds are back afterwards
    # (reading the reports back included: they are made over the heap the analyses leave)
    seen, read = [], []
    check_file, report_from_data = parallel.check_file, parallel.report_from_data

    def recording(*args):
        seen.append(gc.get_threshold())
        assert parsing._freezing   # new parse trees are frozen as they are made (parsing.freeze_new_trees)
        return check_file(*args)

    def reading(data):
        read.append(gc.get_threshold())
        return report_from_data(data)

    monkeypatch.setattr(parallel, "check_file", recording)
    monkeypatch.setattr(parallel, "report_from_data", reading)
    before = gc.get_threshold()
    status, out, _ = _check(capsys, ".", "-j", "1")
    assert status == 1 and out.count("SC102") == 15
    assert seen and set(seen) == {parallel.GC_THRESHOLDS}
    assert read and set(read) == {parallel.GC_THRESHOLDS}
    assert gc.get_threshold() == before != parallel.GC_THRESHOLDS
    assert gc.get_freeze_count() == 0   # what the run froze after each file is the caller's again
    assert not parsing._freezing


def test_a_checked_files_analysis_is_freed_when_the_file_is_done(tree, capsys, monkeypatch):
    # a finished run is no cycle (Analysis.close): reference counting frees it as soon as its file's
    # report is made, before the run collects anything (parallel.settle); a part that points back
    # at the run again would keep it alive here
    from shapecheck import api
    from shapecheck.absint.driver.analysis import Analysis
    runs, alive = [], []
    close, check_source = Analysis.close, api.check_source

    def closing(self):
        runs.append(weakref.ref(self))
        close(self)

    def checking(*args, **kwargs):
        report = check_source(*args, **kwargs)
        alive.extend(run for run in runs if run() is not None)
        return report

    monkeypatch.setattr(Analysis, "close", closing)
    monkeypatch.setattr(api, "check_source", checking)
    gc.disable()
    try:
        status, out, _ = _check(capsys, ".", "-j", "1")
    finally:
        gc.enable()
    assert status == 1 and len(runs) == 7 and alive == []   # the tree's 7 files, setup.py too


# A worker process that dies (killed for memory, a native crash) costs the run only the file that
# killed it: that file gets one SC003 saying how its process ended, every other file what -j 1 gives
# it (pool.py). The death is the test hook's SIGKILL, not anything the checked code does.

def _without(out: str, name: str) -> list[str]:
    return [line for line in out.splitlines() if name not in line and not line.startswith("Found")]


@pytest.mark.parametrize("dies, jobs", [("m3.py", "3"), ("m4.py", "2")])   # m4: the largest, begun first
def test_a_dead_worker_costs_only_its_file(tree, capsys, monkeypatch, dies, jobs):
    status_one, one, _ = _check(capsys, ".", "-j", "1")   # in-process: the hook is never read
    monkeypatch.setenv(DIE_ON, dies)
    status, many, err = _check(capsys, ".", "-j", jobs)
    assert (status_one, status) == (1, 101)   # an SC003 is an internal failure
    assert _without(many, dies) == _without(one, dies)
    lost = [line for line in many.splitlines() if dies in line]
    assert len(lost) == 1 and "SC003" in lost[0] and "killed by signal SIGKILL" in lost[0]
    assert many.count("SC003") == 1 and dies in err
