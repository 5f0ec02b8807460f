"""How many Z3 steps (``rlimit`` units) the questions that reach Z3 take on real code: the data
behind ``constraints/solver.py: RLIMIT`` (BENCHMARKS.md, "Deterministic solver limits").

Runs ``shapecheck check --no-cache -j 1`` in this process over each folder with a generous step
limit and prints, per folder, the distribution of the steps each answered question took and how
many were not answered within the limit.

    python benchmarks/calibrate_rlimit.py ../shared/corpus/vit-pytorch ../shared/corpus/minGPT
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from shapecheck.cli.app import main as shapecheck_main  # noqa: E402
from shapecheck.constraints import solver  # noqa: E402


def steps(folder: str, limit: int) -> list[tuple[int, bool]]:
    """(steps, answered) of every question one cold check of ``folder`` sends to Z3."""
    seen: list[tuple[int, bool]] = []
    asked = solver.Solver._asked

    def recording(self, question):
        hit = asked(self, question)
        if hit is not None:
            seen.append((hit.cost, not hit.timed_out))
        return hit

    init = solver.Solver.__init__

    def generous(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.rlimit = limit
        self.budget = 1 << 62

    solver.Solver._asked, solver.Solver.__init__ = recording, generous
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            shapecheck_main(["check", folder, "--no-cache", "-j", "1", "--exit-zero", "--output-format", "json"])
    finally:
        solver.Solver._asked, solver.Solver.__init__ = asked, init
    return seen


def row(name: str, seen: list[tuple[int, bool]], cut: int) -> str:
    answered = sorted(s for s, ok in seen if ok)

    def at(q: float) -> str:
        return f"{answered[min(len(answered) - 1, int(q * len(answered)))]:,}" if answered else "-"
    return (f"| {name} | {len(seen)} | {at(.5)} | {at(.9)} | {at(.99)} | {answered[-1] if answered else 0:,} | "
            f"{sum(s > cut for s in answered)} | {sum(not ok for _, ok in seen)} |")


def cli() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--limit", type=int, default=40_000_000, help="steps a check may take while measuring")
    args = parser.parse_args()
    print(f"| corpus | questions to Z3 | median steps | p90 | p99 | largest answered | answered above "
          f"{solver.RLIMIT / 1e6:g}M | unanswered at {args.limit / 1e6:g}M |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for folder in args.folders:
        print(row(Path(folder).name, steps(folder, args.limit), solver.RLIMIT), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(cli())
