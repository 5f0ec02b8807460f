"""How fast is ``shapecheck check``'s analysis, and how does it compare to parsing alone?

Times, on one core, over the generated corpus (benchmarks/gen_corpus.py, ~10,000 lines):
``ast.parse`` and ``libcst.parse_module`` of every file (which parser is faster, by how much), and
``shapecheck.api.check_source`` of every file, cold (first run in the process: lazy imports, Z3
start-up) and warm (best of ``--repeat``). Prints a table; ``--write`` also records it in
benchmarks/RESULTS_check.md with the command and the machine.

    python benchmarks/bench_check.py --repeat 3 --write
"""

from __future__ import annotations

import argparse
import ast
import os
import platform
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_corpus import generate_corpus  # noqa: E402 - the sibling script, by path

RESULTS = Path(__file__).resolve().parent / "RESULTS_check.md"


def pin_to_one_core() -> str:
    """Run on a single CPU so the figure is per core, whatever the machine."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def best_of(repeat: int, work) -> tuple[float, float]:
    """The best (wall, CPU) seconds of ``repeat`` runs. CPU time is the figure to trust on a busy
    machine: other processes on the core stretch wall time but not this process's CPU time."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git_head() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def measure(repeat: int, lines: int) -> dict:
    corpus = generate_corpus(lines)
    sources = list(corpus.items())
    n_lines = sum(text.count("\n") for _, text in sources)
    n_bytes = sum(len(text.encode()) for _, text in sources)
    pinned = pin_to_one_core()

    import libcst

    t_ast = best_of(repeat, lambda: [ast.parse(text, name) for name, text in sources])
    t_cst = best_of(max(1, min(repeat, 3)), lambda: [libcst.parse_module(text) for _, text in sources])

    began = time.perf_counter()
    from shapecheck.api import check_source
    t_import = time.perf_counter() - began

    def analyse():
        return [check_source(text, f"corpus/{name}") for name, text in sources]

    reports = []
    t_cold = best_of(1, lambda: reports.extend(analyse()))
    t_warm = best_of(repeat, analyse)

    per_file = []
    for name, text in sources:   # the files that cost the most, to show where the time goes
        began = time.process_time()
        check_source(text, f"corpus/{name}")
        per_file.append((time.process_time() - began, name))
    per_file.sort(reverse=True)

    diagnostics = [d for r in reports for d in r.diagnostics]
    planted = sum(text.count("# planted bug") for _, text in sources)
    planted_found = sum(
        1 for (name, text), r in zip(sources, reports) for d in r.diagnostics
        if d.severity == "error" and "# planted bug" in text.splitlines()[d.span.line - 1])
    return {
        "modules": len(sources), "lines": n_lines, "kbytes": n_bytes / 1024, "pinned": pinned,
        "ast": t_ast, "libcst": t_cst, "import": t_import, "cold": t_cold, "warm": t_warm,
        "errors": sum(d.severity == "error" for d in diagnostics),
        "internal": sum(d.code == "SC003" for d in diagnostics),
        "planted": planted, "planted_found": planted_found,
        "known": sum(rank for r in reports for rank, _ in r.array_expressions.values()),
        "unknown": sum(not rank for r in reports for rank, _ in r.array_expressions.values()),
        "repeat": repeat, "slowest": per_file[:5],
    }


def table(m: dict) -> str:
    lines = m["lines"]
    rows = [
        ("ast.parse (stdlib)", m["ast"]),
        ("libcst.parse_module", m["libcst"]),
        ("check_source, warm", m["warm"]),
        ("check_source, cold (first run)", m["cold"]),
    ]
    out = [f"corpus: {m['modules']} modules, {lines} lines, {m['kbytes']:.0f} KiB; {m['pinned']}; "
           f"best of {m['repeat']}",
           "",
           "| what | seconds | lines/s |",
           "| --- | ---: | ---: |"]
    out[-2:] = ["| what | wall s | CPU s | lines per CPU second |", "| --- | ---: | ---: | ---: |"]
    out += [f"| {name} | {wall:.3f} | {cpu:.3f} | {lines / cpu:,.0f} |" for name, (wall, cpu) in rows]
    ast_cpu, cst_cpu, warm_cpu = m["ast"][1], m["libcst"][1], m["warm"][1]
    out += [
        "",
        f"- import of shapecheck.api (cold): {m['import']:.3f} s",
        f"- libcst parse / ast parse: {cst_cpu / ast_cpu:.1f}x (ast is the faster parser)"
        if cst_cpu > ast_cpu else f"- ast parse / libcst parse: {ast_cpu / cst_cpu:.1f}x (libcst is faster)",
        f"- analysis / ast parse: {warm_cpu / ast_cpu:.1f}x; analysis / libcst parse: {warm_cpu / cst_cpu:.2f}x (CPU time)",
        f"- errors reported: {m['errors']} (planted bugs: {m['planted_found']} of {m['planted']} found); "
        f"internal errors: {m['internal']}",
        f"- array values with a known shape: {m['known']}, unknown: {m['unknown']}",
        "- slowest files: " + ", ".join(f"{name} {t * 1000:.0f} ms" for t, name in m["slowest"]),
    ]
    return "\n".join(out)


def write_results(text: str, command: str) -> None:
    from importlib.metadata import version

    import numpy
    import z3

    RESULTS.write_text(
        "# shapecheck check: analysis speed\n\n"
        f"Measured {date.today().isoformat()} at commit {git_head()} on {cpu_model()}, "
        f"Python {platform.python_version()}, NumPy {numpy.__version__}, libcst {version('libcst')}, "
        f"Z3 {z3.get_version_string()}.\n\n"
        f"Command (from the repository root):\n\n    {command}\n\n"
        f"{text}\n\n"
        "The corpus is `benchmarks/gen_corpus.py` (deterministic: same text on every run). "
        "Warm is the steady state of a long-lived process (the LSP server, a second file in the "
        "CLI); cold includes the one-off lazy imports and Z3 start-up. `check_source` parses "
        "the file itself, so analysis / parse counts its own parse too.\n",
        encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lines", type=int, default=10_000, help="corpus size (default 10000)")
    parser.add_argument("--write", action="store_true", help=f"record the table in {RESULTS.name}")
    args = parser.parse_args()
    text = table(measure(args.repeat, args.lines))
    print(text)
    if args.write:
        command = "python benchmarks/bench_check.py " + " ".join(sys.argv[1:])
        write_results(text, command.strip())
        print(f"\nwritten to {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
