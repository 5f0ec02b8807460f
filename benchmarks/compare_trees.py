"""Two checkouts of shapecheck on the same real code: findings (sorted JSON) and coverage totals.

    python benchmarks/compare_trees.py [--strict] [--pyrefly] [--repeat=N] BEFORE_TREE AFTER_TREE FOLDER [FOLDER ...]

Each tree is a checkout (its root on PYTHONPATH); each run is a fresh cold ``shapecheck check -j 1
--no-cache`` process started from the temporary directory (a run from inside a checkout imports that
checkout). Prints, per folder and tree, the CPU seconds, the number of findings and the coverage
total of ``--statistics``, then every finding only one tree reports. ``--strict`` checks in strict
mode; ``--pyrefly`` also times ``pyrefly check FOLDER`` (CPU seconds, the reference of issue 11).
``--repeat=N`` runs the two trees N times, interleaved, and gives each tree's least CPU time and
every time (a shared machine's neighbours move one run by 10-25%: the least of interleaved runs is
the steadiest comparison); the findings of every run must agree. Bytecode is written and reused, as
an installed shapecheck's is (this sandbox's ``PYTHONDONTWRITEBYTECODE`` would compile every run's
~200 modules again, 0.4 s a run).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(tree: str, folder: str, *extra: str) -> tuple[subprocess.CompletedProcess, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([sys.executable, "-m", "shapecheck", "check", "--no-cache", "-j", "1", "--exit-zero",
                             *extra, folder], env=dict(ENV, PYTHONPATH=tree), cwd=tempfile.gettempdir(),
                            capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return result, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


MODE: list[str] = []   # ``--strict`` where asked


def findings(tree: str, folder: str) -> tuple[list[str], float]:
    result, cpu = run(tree, folder, *MODE, "--output-format", "json")
    data = json.loads(result.stdout) if result.stdout.strip() else []
    items = data if isinstance(data, list) else data.get("diagnostics", [])
    return sorted(json.dumps(d, sort_keys=True) for d in items), cpu


def coverage(tree: str, folder: str) -> str:
    result, _ = run(tree, folder, *MODE, "--statistics")
    totals = [line.split(None, 1)[1] for line in result.stdout.splitlines() if line.strip().startswith("total")]
    return " ".join(totals[0].split()) if totals else "?"


def pyrefly_cpu(folder: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(["pyrefly", "check", folder], cwd=os.path.dirname(os.path.abspath(folder)), capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str]) -> int:
    flags = {a for a in argv if a.startswith("--")}
    argv = [a for a in argv if not a.startswith("--")]
    repeats = [f for f in flags if f.startswith("--repeat=")]
    repeat = int(repeats[0].split("=", 1)[1]) if repeats and repeats[0].split("=", 1)[1].isdigit() else 1
    if len(argv) < 3 or flags - {"--strict", "--pyrefly"} - set(repeats) or repeat < 1:
        print(__doc__, file=sys.stderr)
        return 2
    MODE[:] = ["--strict"] if "--strict" in flags else []
    before, after, *folders = argv
    for folder in folders:
        if "--pyrefly" in flags:
            print(f"{folder} pyrefly: cpu {pyrefly_cpu(folder):.2f} s")
        seen: dict = {}
        times: dict = {before: [], after: []}
        for _ in range(repeat):
            for tree in (before, after):
                keys, cpu = findings(tree, folder)
                if tree in seen and seen[tree] != set(keys):
                    print(f"{folder} {tree}: findings differ between runs", file=sys.stderr)
                seen[tree] = set(keys)
                times[tree].append(cpu)
        for tree in (before, after):
            every = " ".join(f"{t:.2f}" for t in times[tree])
            print(f"{folder} {tree}: cpu {min(times[tree]):.2f} s" + (f" (least of {every})" if repeat > 1 else "")
                  + f", {len(seen[tree])} findings, coverage (arrays, known rank, fully known) {coverage(tree, folder)}")
        for key in sorted(seen[before] - seen[after]):
            print("  only before:", key[:300])
        for key in sorted(seen[after] - seen[before]):
            print("  only after: ", key[:300])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
