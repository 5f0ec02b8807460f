"""Which stage of the solver answers each shape question, on one folder (issue 11, "decisions are cheap").

    cd /tmp && PYTHONPATH=TREE python /work/h-A/benchmarks/decision_stages.py FOLDER

Runs one cold ``check FOLDER -j 1 --no-cache`` in this process and prints the questions asked
(``Solver.decide`` and ``decide_for_all``) and how many each stage answered: this run's memo, the
process's memo (``recalled``: asked before, perhaps under other names), bounds, the Python stages
(sampling, proof by cases, witnesses by repair, ...) and Z3. The counts are deterministic, unlike
CPU seconds on a shared machine. A tree whose solver keeps ``Solver.stages`` (solver.STAGES) gets
its own breakdown; for an older tree (a "before") the totals come from wrapping the solver's
methods, with the Python stages as one count.
"""

from __future__ import annotations

import collections
import contextlib
import io
import json
import sys

from shapecheck.cli import app
from shapecheck.constraints import solver as S

counts: collections.Counter = collections.Counter()
solvers: list = []


def _counting(name: str, key: str, answered: str | None = None) -> None:
    """Count calls of ``Solver.name`` under ``key``, and its non-None results under ``answered``."""
    method = getattr(S.Solver, name)

    def counted(self, *args, **kwargs):
        counts[key] += 1
        result = method(self, *args, **kwargs)
        if answered and result is not None:
            counts[answered] += 1
        return result

    setattr(S.Solver, name, counted)


class _CountingIntervals:
    """The solver's view of intervals.py, counting the requirements bounds prove."""

    def __init__(self, intervals) -> None:
        self._intervals = intervals

    def __getattr__(self, name: str):
        return getattr(self._intervals, name)

    def holds(self, *args, **kwargs) -> bool:
        proved = self._intervals.holds(*args, **kwargs)
        counts["interval"] += bool(proved)
        return proved


def main(folder: str) -> None:
    for name in ("decide", "decide_for_all"):
        _counting(name, "asked")
    _counting("_memoised", "memoised")
    _counting("_answer", "answered")
    _counting("_recalled", "-", "recalled")
    _counting("_without_z3", "-", "python")
    _counting("_decide", "z3")
    _counting("_decide_for_all", "z3")
    construct = S.Solver.__init__

    def registered(self, *args, **kwargs) -> None:
        construct(self, *args, **kwargs)
        solvers.append(self)

    S.Solver.__init__ = registered
    S.intervals = _CountingIntervals(S.intervals)
    app.os._exit = lambda status: None   # let this process go on to print
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            app.main(["check", folder, "-j", "1", "--no-cache", "--exit-zero", "--output-format", "json"])
        except SystemExit:
            pass
    totals = {"asked": counts["asked"], "syntactic": counts["asked"] - counts["memoised"],
              "memo": counts["memoised"] - counts["answered"], "recalled": counts["recalled"],
              "interval": counts["interval"], "python": counts["python"], "z3": counts["z3"]}
    if hasattr(S, "STAGES"):
        stages: collections.Counter = collections.Counter()
        for solver in solvers:
            stages.update(solver.stages)
        totals["stages"] = {stage: stages[stage] for stage in S.STAGES if stages[stage]}
    print(folder.rstrip("/").split("/")[-1], json.dumps(totals))


if __name__ == "__main__":
    main(sys.argv[1])
