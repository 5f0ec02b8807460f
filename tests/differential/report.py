"""Differential figures for shapecheck on N generated programs, and which op to fix first.

    python -m tests.differential.report --programs 2000          # figures + breakdown
    python -m tests.differential.report --seed 123                # one program in full

Prints recall of NumPy's errors (failing programs where shapecheck flags exactly the failing
line), false errors (errors on lines NumPy ran), reveal accuracy (reveals equal to NumPy's
shape), then the misses of each category grouped by op kind and op, most frequent first, each
with one example line.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor

from .compare import CATEGORIES
from .runner import Case, run_case


def _pct(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:6.2f}%" if whole else "   n/a "


def summarize(cases: list[Case]) -> str:
    judged = [c for c in cases if c.verdict is not None]
    crashes = [c for c in cases if c.crash is not None]
    failing = [c for c in judged if c.verdict.numpy_failed]
    flagged = sum(c.verdict.error_flagged for c in failing)
    false_programs = sum(c.verdict.false_error_lines > 0 for c in judged)
    false_lines = sum(c.verdict.false_error_lines for c in judged)
    false_clean = sum(c.verdict.false_error_lines > 0 for c in judged if not c.verdict.numpy_failed)
    checked = sum(c.verdict.reveals_checked for c in judged)
    matched = sum(c.verdict.reveals_matched for c in judged)
    exact = sum(c.ok for c in cases)
    out = [
        f"programs                {len(cases):6d}   (NumPy fails in {len(failing)}, runs {len(judged) - len(failing)} cleanly)",
        f"recall of NumPy errors  {flagged:6d} / {len(failing):<6d} {_pct(flagged, len(failing))}",
        f"false errors            {false_lines:6d} lines in {false_programs} programs "
        f"({false_clean} of them NumPy runs cleanly; {_pct(false_programs, len(judged))} of programs)",
        f"reveal accuracy         {matched:6d} / {checked:<6d} {_pct(matched, checked)}",
        f"programs fully right    {exact:6d} / {len(cases):<6d} {_pct(exact, len(cases))}",
        f"analyser crashes        {len(crashes):6d}",
    ]
    return "\n".join(out)


def recall_by_kind(cases: list[Case]) -> str:
    """Recall per op kind of the failing statement, so a weak rule shows even when the total is high."""
    failing, flagged = Counter(), Counter()
    for case in cases:
        if case.verdict is None or not case.verdict.numpy_failed:
            continue
        kind = case.program.line(case.outcome.failure.line).kind
        failing[kind] += 1
        flagged[kind] += case.verdict.error_flagged
    rows = [f"  {kind:12s} {flagged[kind]:5d} / {n:<5d} {_pct(flagged[kind], n)}" for kind, n in failing.most_common()]
    return "\nrecall by kind of the failing op:\n" + "\n".join(rows)


def breakdown(cases: list[Case]) -> str:
    """Misses per category, grouped by kind and op, with the first example of each."""
    counts: dict[str, Counter] = defaultdict(Counter)
    examples: dict[tuple[str, str], str] = {}
    for case in cases:
        if case.verdict is None:
            continue
        for m in case.verdict.mismatches:
            key = f"{m.kind}:{m.op}"
            counts[m.category][key] += 1
            examples.setdefault((m.category, key), f"seed {case.program.seed} line {m.line}: "
                                f"{case.program.line(m.line).text.strip()}\n"
                                f"        numpy: {m.expected}\n        shapecheck: {m.got}")
    # The first difference in a program is usually the cause of the rest (a wrong shape flows on).
    firsts = Counter(f"{c.verdict.mismatches[0].category} {c.verdict.mismatches[0].kind}:{c.verdict.mismatches[0].op}"
                     for c in cases if c.verdict is not None and c.verdict.mismatches)
    out = []
    if firsts:
        out.append(f"\n== first difference per program (fix these first): {sum(firsts.values())} programs")
        out += [f"  {n:5d}  {key}" for key, n in firsts.most_common()]
    for category in CATEGORIES:
        if not counts[category]:
            continue
        by_kind = Counter()
        for key, n in counts[category].items():
            by_kind[key.split(":")[0]] += n
        out.append(f"\n== {category}: {sum(counts[category].values())} "
                   f"(by kind: {', '.join(f'{k} {n}' for k, n in by_kind.most_common())})")
        for key, n in counts[category].most_common():
            out.append(f"  {n:5d}  {key}\n      e.g. {examples[(category, key)]}")
    crashes = Counter(c.crash.strip().splitlines()[-1] for c in cases if c.crash)
    if crashes:
        out.append(f"\n== crashes: {sum(crashes.values())}")
        first = {c.crash.strip().splitlines()[-1]: c.program.seed for c in reversed(cases) if c.crash}
        out += [f"  {n:5d}  {msg}   (e.g. seed {first[msg]})" for msg, n in crashes.most_common()]
    return "\n".join(out)


def run_cases(seeds, jobs: int) -> list[Case]:
    if jobs <= 1:
        return [run_case(s) for s in seeds]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(run_case, seeds, chunksize=20))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.differential.report", description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=2000, help="number of programs (default 2000)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, help="print one program, NumPy's outcome and shapecheck's diagnostics")
    args = parser.parse_args(argv)
    if args.seed is not None:
        print(run_case(args.seed).explain())
        return 0
    began = time.perf_counter()
    cases = run_cases(range(args.start, args.start + args.programs), args.jobs)
    print(f"seeds {args.start}..{args.start + args.programs - 1}, {time.perf_counter() - began:.1f} s\n")
    print(summarize(cases))
    print(recall_by_kind(cases))
    print(breakdown(cases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
