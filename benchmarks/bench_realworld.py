"""How fast is ``shapecheck check`` on whole real repositories: cold and warm, one process and N,
with the PyPI ``pyrefly`` type checker timed on the same folders in the same run as the reference.

For each corpus (the folders of ``shared/corpus`` and the pinned PyPI releases of
``realworld.py``, plus scipy here) it runs the command line as a user would, each in a fresh
process:

- **cold -j 1**: ``shapecheck check FOLDER --no-cache -j 1``; lines per CPU second of that process
  (the goal: >= 10,000, and within 10x of pyrefly's CPU time);
- **cold -j N**: the same with N worker processes (the machine's cores), wall time;
- **warm**: ``--cache-dir`` in the scratch folder, filled by one run, then a re-check of the
  unchanged tree, wall time (the goal for a 100k-line tree: <= 1 s);
- **pyrefly**: ``pyrefly check FOLDER`` (errors are its business, not ours: only time counts),
  CPU time (it is multi-threaded: CPU time is the work done, comparable to -j 1's).

The findings (JSON) of cold -j 1, cold -j N, warm and sharded (``--shard 1/2`` and ``2/2``, each
cold -j 1, joined by ``shapecheck merge``) must be identical; the table says so per corpus. Times on a shared machine move with load: CPU times are steadier than wall times.

    python benchmarks/bench_realworld.py --scratch /tmp/sc-realworld --write
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realworld import (CORPUS, CORPUS_FOLDERS, PINNED, Pinned, git_head, install, python_files,  # noqa: E402
                       replace_section)

REPO = Path(__file__).resolve().parents[1]
BENCHMARKS = REPO / "BENCHMARKS.md"
SECTION = "## Real code at scale: cold, warm, -j N, and pyrefly (issue 11)"
EXTRA = (Pinned("scipy", "1.16.3", ("scipy",)),)
SHARDS = 2
GOAL_COLD = 10_000     # lines per CPU second, -j 1
GOAL_WARM_S = 1.0      # an unchanged 100k-line tree
#: As installed by pip (byte code written and reused): this sandbox sets PYTHONDONTWRITEBYTECODE,
#: which makes every start-up compile shapecheck's ~200 modules again (0.4 s a run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Timed:
    wall: float
    cpu: float      # user + system of the process and its children
    output: str
    code: int


@dataclass(frozen=True)
class Row:
    name: str
    files: int
    lines: int
    cold: Timed
    parallel: Timed
    warm: Timed
    sharded: str            # the shards' JSON outputs joined by ``shapecheck merge``
    pyrefly: Timed | None

    @property
    def same_findings(self) -> bool:
        return self.cold.output == self.parallel.output == self.warm.output == self.sharded

    def differing(self) -> list[str]:
        """The runs whose findings differ from cold -j 1's."""
        runs = {"-j N": self.parallel.output, "warm": self.warm.output, "sharded": self.sharded}
        return [name for name, output in runs.items() if output != self.cold.output]


def timed(command: list[str]) -> Timed:
    """Run ``command`` to completion, its wall time and the CPU time of it and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=ENV)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timed(wall, cpu, done.stdout, done.returncode)


def shapecheck(folders: list[Path], *options: str) -> Timed:
    command = [sys.executable, "-m", "shapecheck", "check", *map(str, folders), "--output-format", "json",
               "--exit-zero", *options]
    result = timed(command)
    if result.code != 0:
        raise SystemExit(f"shapecheck failed ({result.code}): {' '.join(command)}")
    return result


def sharded(folders: list[Path], scratch: Path) -> str:
    """``--shard i/N`` for every i (cold, -j 1), joined by ``shapecheck merge`` as CI would."""
    scratch.mkdir(parents=True, exist_ok=True)
    outputs = []
    for i in range(1, SHARDS + 1):
        part = scratch / f"shard-{i}.json"
        part.write_text(shapecheck(folders, "--no-cache", "-j", "1", "--shard", f"{i}/{SHARDS}").output)
        outputs.append(str(part))
    done = subprocess.run([sys.executable, "-m", "shapecheck", "merge", *outputs, "--exit-zero"],
                          capture_output=True, text=True, cwd=REPO, env=ENV)
    if done.returncode != 0:
        raise SystemExit(f"shapecheck merge failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def pyrefly(folders: list[Path]) -> Timed | None:
    exe = shutil.which("pyrefly")
    if exe is None:
        print("pyrefly is not installed (pip install pyrefly): its column stays empty", file=sys.stderr)
        return None
    return timed([exe, "check", *map(str, folders)])


def measure(name: str, folders: list[Path], scratch: Path, jobs: int) -> Row:
    files = python_files(folders)
    lines = sum(len(p.read_bytes().splitlines()) for p in files)
    cache = scratch / "bench-cache" / name
    shutil.rmtree(cache, ignore_errors=True)
    cold = shapecheck(folders, "--no-cache", "-j", "1")
    parallel = shapecheck(folders, "--no-cache", "-j", str(jobs))
    shapecheck(folders, "--cache-dir", str(cache), "-j", str(jobs))   # fills the cache
    warm = shapecheck(folders, "--cache-dir", str(cache), "-j", "1")
    row = Row(name, len(files), lines, cold, parallel, warm, sharded(folders, scratch / "shards" / name),
              pyrefly(folders))
    if not row.same_findings:
        print(f"  {name}: findings differ from cold -j 1 in: {', '.join(row.differing())}", file=sys.stderr)
    print(f"  {name}: {lines:,} lines, cold -j 1 {cold.cpu:.1f} s CPU, warm {warm.wall:.2f} s", file=sys.stderr)
    return row


def corpora(scratch: Path, only: set[str] | None, jobs: int) -> list[Row]:
    rows = []
    for folder in CORPUS_FOLDERS:
        if (only and folder not in only) or not (CORPUS / folder).is_dir():
            continue
        rows.append(measure(folder, [CORPUS / folder], scratch, jobs))
    for pinned in PINNED + EXTRA:
        if only and pinned.name not in only:
            continue
        target = install(pinned, scratch)
        if target is not None:
            rows.append(measure(f"{pinned.name}=={pinned.version}", [target / f for f in pinned.folders],
                                scratch, jobs))
    return rows


def table(rows: list[Row], jobs: int) -> str:
    out = [f"| corpus | lines | cold -j 1 CPU s | lines/s | goal {GOAL_COLD:,} | cold -j {jobs} wall s | "
           "warm wall s | pyrefly CPU s | shapecheck / pyrefly | same findings |",
           "|---|---:|---:|---:|---|---:|---:|---:|---:|---|"]
    for r in rows:
        speed = r.lines / r.cold.cpu if r.cold.cpu else 0
        ref = f"{r.pyrefly.cpu:.2f}" if r.pyrefly else "-"
        ratio = f"{r.cold.cpu / r.pyrefly.cpu:.1f}x" if r.pyrefly and r.pyrefly.cpu else "-"
        out.append(f"| {r.name} | {r.lines:,} | {r.cold.cpu:.2f} | {speed:,.0f} | "
                   f"{'met' if speed >= GOAL_COLD else 'not met'} | {r.parallel.wall:.2f} | {r.warm.wall:.2f} | "
                   f"{ref} | {ratio} | {'yes' if r.same_findings else 'NO'} |")
    return "\n".join(out)


def write(rows: list[Row], jobs: int, command: str) -> None:
    section = (f"{SECTION}\n\n    {command}\n\n"
               f"Measured {date.today().isoformat()} at commit {git_head()} on the shared 2-core machine "
               f"(-j {jobs}). Each run is a fresh `shapecheck check` process over the whole corpus, "
               "JSON output; CPU time is the process's and its children's (steadier than wall time "
               "under load). Warm: an unchanged tree re-checked with a filled `--cache-dir` "
               f"(goal: <= {GOAL_WARM_S:.0f} s for a 100k-line tree). pyrefly {pyrefly_version()} "
               "ran `pyrefly check` on the same folders in the same run. Same findings: whether cold -j 1, "
               f"cold -j {jobs}, warm and sharded (`--shard 1/{SHARDS}` ... `{SHARDS}/{SHARDS}` joined by "
               f"`shapecheck merge`) gave byte-identical JSON.\n\n{table(rows, jobs)}\n")
    replace_section(SECTION, section)


def pyrefly_version() -> str:
    exe = shutil.which("pyrefly")
    if exe is None:
        return "(absent)"
    done = subprocess.run([exe, "--version"], capture_output=True, text=True)
    return done.stdout.strip().removeprefix("pyrefly ") or "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scratch", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "shapecheck-realworld",
                        help="where the PyPI releases are installed and the warm cache is kept")
    parser.add_argument("--only", nargs="*", help="corpus folders or PyPI names to run (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--write", action="store_true", help=f"record the table in {BENCHMARKS.name}")
    args = parser.parse_args()
    args.scratch.mkdir(parents=True, exist_ok=True)
    rows = corpora(args.scratch, set(args.only) if args.only else None, args.jobs)
    print(table(rows, args.jobs))
    if args.write:
        write(rows, args.jobs, " ".join(["python benchmarks/bench_realworld.py", *sys.argv[1:]]))
        print(f"\nwritten to {BENCHMARKS}")
    return 0 if all(r.same_findings for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
