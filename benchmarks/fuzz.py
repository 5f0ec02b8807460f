"""Fuzzing the analyser: generated programs and mutated real files, through every output format.

Each program goes through parse -> analysis -> ``concise``, ``full``, ``json``, ``sarif`` and
``github`` output, and must come out with no internal error: no exception, no SC003, and no run
longer than ``--slow`` seconds. Three sources, interleaved:

- **shape programs**: a small grammar of NumPy / PyTorch code (random shapes and axes, edge
  values such as 0, -1, 2**31 and 10**100, loops, comprehensions, functions, deep nesting), where
  the op rules are exercised;
- **hypothesmith** programs (``hypothesmith.from_grammar()``: any text Python's grammar accepts),
  where the interpreter meets syntax no one writes by hand; skipped when it is not installed;
- **mutations** of the files of ``../shared/corpus`` (lines dropped, duplicated, swapped or cut,
  numbers replaced by edge values, brackets and characters inserted), through syntax recovery.

    python benchmarks/fuzz.py --programs 20000 --seed 0 --progress 500
    python benchmarks/fuzz.py --programs 100000 --shard 2/4     # one of 4 processes or sessions
    python benchmarks/fuzz.py --programs 100000 --shard 2/4 --start 40001   # resumed after k=40000

``--progress N`` prints programs done, failures so far and programs/s every N programs; SIGTERM
and Ctrl-C end the run with its summary (how far it got, the failures so far, the program it was
in). ``--shard i/N`` checks program k only when ``1 + k % N == i`` (hypothesmith programs go by
blocks of 25, block b in shard ``1 + b % N``: each shard draws only its own), and program k is the
same in every shard, so N shards together check exactly the programs of the unsharded run.

``tests/test_fuzz.py`` runs the same harness with a small budget.
"""

from __future__ import annotations

import argparse
import gc
import random
import re
import signal
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shapecheck import api  # noqa: E402 (after the path set-up, to run from a checkout)
from shapecheck.cli.output import render  # noqa: E402
from shapecheck.cli.parallel import collector_tuned, settle  # noqa: E402
from shapecheck.cli.shard import parse_shard  # noqa: E402
from shapecheck.version import __version__  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
FORMATS = ("concise", "full", "json", "sarif", "github")


# == the harness ===================================================================================
@dataclass(frozen=True)
class Failure:
    """One program the analyser did not survive: what went wrong, and the program."""

    kind: str       # "exception", "SC003", "render <fmt>", "slow"
    summary: str
    source: str
    origin: str     # which generator, and the seed or file it came from

    def text(self) -> str:
        return f"== {self.kind} ({self.origin}): {self.summary}\n{self.source}\n"


class _Slow(Exception):
    pass


def _alarm(signum, frame):
    # again in 0.1 s: an exception raised inside a gc callback (hypothesis installs one) is printed
    # and dropped, and the slow program would run on unreported (a fuzz run once sat 40 min in one)
    signal.setitimer(signal.ITIMER_PROF, 0.1)
    raise _Slow()


def check_program(source: str, path: str, origin: str, slow: float | None = None) -> list[Failure]:
    """Run one program through the analyser and every output format; what went wrong, if anything."""
    failures: list[Failure] = []
    # CPU time, not wall time: a loaded machine (parallel fuzz runs) does not make a program slow
    timed = slow is not None and hasattr(signal, "SIGPROF")
    if timed:
        signal.signal(signal.SIGPROF, _alarm)
        signal.setitimer(signal.ITIMER_PROF, slow)
    started = time.process_time()
    try:
        report = api.check_source(source, path)
        if slow is not None and time.process_time() - started > slow:   # the alarm was swallowed throughout
            raise _Slow()
    except _Slow:
        return [Failure("slow", f"over {slow} s of CPU time", source, origin)]
    except BaseException as error:  # noqa: B036 (RecursionError, MemoryError: all are findings)
        if isinstance(error, KeyboardInterrupt):
            raise
        frames = traceback.extract_tb(error.__traceback__)
        where = f" at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}" if frames else ""
        return [Failure("exception", f"{type(error).__name__}: {error}"[:300] + where, source, origin)]
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_PROF, 0)
    for d in report.diagnostics:
        if d.code == "SC003":
            failures.append(Failure("SC003", d.message[:300], source, origin))
    lines = source.splitlines()
    for fmt in FORMATS:
        try:
            render(fmt, report.diagnostics, source_lines=lambda p: lines, color=fmt == "full",
                   tool_version=__version__, root=str(ROOT))
        except Exception as error:
            failures.append(Failure(f"render {fmt}", f"{type(error).__name__}: {error}"[:300], source, origin))
    return failures


# == shape programs ================================================================================
EDGE_INTS = (0, 1, -1, 2, 3, 4, 5, 7, 16, 17, 255, 1024, 2**31, -2**31, 10**7, 10**100, -(10**30))
NP_UNARY = ("np.sum", "np.mean", "np.max", "np.argmax", "np.cumsum", "np.squeeze", "np.transpose", "np.ravel",
            "np.sort", "np.exp", "np.abs", "np.expand_dims", "np.flip", "np.diag", "np.linalg.inv",
            "np.linalg.norm", "np.atleast_2d", "np.unique", "np.nonzero", "np.argsort", "np.tril", "np.trace")
NP_BINARY = ("np.dot", "np.matmul", "np.tensordot", "np.outer", "np.inner", "np.kron", "np.concatenate",
             "np.stack", "np.vstack", "np.hstack", "np.add", "np.where", "np.maximum", "np.cross",
             "np.broadcast_to", "np.einsum", "np.linalg.solve", "np.vdot", "np.append")
METHODS = ("reshape", "transpose", "sum", "mean", "T", "swapaxes", "squeeze", "flatten", "max", "astype",
           "repeat", "take", "copy", "ravel", "cumsum", "argmax", "std", "clip", "view", "size", "shape",
           "ndim", "dot", "permute", "unsqueeze", "expand", "contiguous", "flip", "chunk", "split")
TORCH_CALLS = ("torch.randn", "torch.zeros", "torch.ones", "torch.cat", "torch.stack", "torch.matmul",
               "torch.bmm", "torch.einsum", "F.softmax", "F.linear", "F.relu", "torch.tensordot",
               "F.conv2d", "F.max_pool2d", "torch.flatten", "F.cross_entropy", "F.layer_norm")
LAYERS = ("nn.Linear", "nn.Conv2d", "nn.LayerNorm", "nn.Embedding", "nn.BatchNorm1d", "nn.Dropout",
          "nn.MultiheadAttention", "nn.LSTM", "nn.Conv1d", "nn.MaxPool2d", "nn.Sequential", "nn.ModuleList")


class ShapeProgram:
    """One random program of NumPy / PyTorch code, from ``seed``."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.names: list[str] = ["x", "y"]
        self.lines: list[str] = ["import numpy as np", "import torch", "import torch.nn as nn",
                                 "import torch.nn.functional as F", "import math",
                                 f"x = np.zeros({self.shape()})", f"y = np.ones({self.shape()})"]

    def source(self) -> str:
        for _ in range(self.rng.randint(3, 25)):
            self.statement(0)
        return "\n".join(self.lines) + "\n"

    # -- pieces --
    def dim(self) -> str:
        r = self.rng.random()
        if r < 0.6:
            return str(self.rng.choice((1, 2, 3, 4, 5, 8)))
        if r < 0.75:
            return str(self.rng.choice(EDGE_INTS))
        if r < 0.85:
            return self.rng.choice(("n", "k", "len(x)", "x.shape[0]", "x.shape[-1]", "x.ndim", "x.size"))
        return self.int_expr(1)

    def shape(self) -> str:
        rank = self.rng.choice((0, 1, 1, 2, 2, 2, 3, 3, 4, 6))
        if rank == 0 and self.rng.random() < 0.5:
            return "()"
        dims = [self.dim() for _ in range(rank)]
        if rank == 1 and self.rng.random() < 0.5:
            return dims[0]
        return "(" + ", ".join(dims) + ("," if rank == 1 else "") + ")"

    def int_expr(self, depth: int) -> str:
        if depth > 2 or self.rng.random() < 0.5:
            return self.rng.choice([str(self.rng.choice(EDGE_INTS)), "n", "k", "x.shape[0]", "len(y)", "-1",
                                    "x.ndim", "True", "None", "2.5", "'a'"])
        op = self.rng.choice(("+", "-", "*", "//", "%", "**", "<<", ">>", "&", "|"))
        return f"({self.int_expr(depth + 1)} {op} {self.int_expr(depth + 1)})"

    def axis(self) -> str:
        return self.rng.choice(("0", "1", "-1", "-2", "2", "3", "None", "(0, 1)", "(0, 0)", "(-1, 0)", "()",
                                "5", "-7", "[1]", "(1, 2, 3)", str(self.rng.choice(EDGE_INTS))))

    def name(self) -> str:
        return self.rng.choice(self.names)

    def array(self, depth: int = 0) -> str:
        r = self.rng.random()
        if depth > 3 or r < 0.3:
            return self.name()
        if r < 0.4:
            return f"np.{self.rng.choice(('zeros', 'ones', 'empty', 'random.randn', 'arange', 'eye', 'full'))}" \
                   f"({self.shape()})"
        if r < 0.55:
            f = self.rng.choice(NP_UNARY)
            extra = f", axis={self.axis()}" if self.rng.random() < 0.4 else ""
            return f"{f}({self.array(depth + 1)}{extra})"
        if r < 0.7:
            f = self.rng.choice(NP_BINARY)
            a, b = self.array(depth + 1), self.array(depth + 1)
            if f == "np.einsum":
                spec = self.rng.choice(("'ij,jk->ik'", "'ij,ij->'", "'...i,...i'", "'ii'", "'i,j'", "'ab,bc->ac'",
                                        "'ijk,ikl->ijl'", "'->'", "'i->'", "'bij,bjk'"))
                return f"np.einsum({spec}, {a}, {b})"
            if f in ("np.concatenate", "np.stack", "np.vstack", "np.hstack"):
                return f"{f}([{a}, {b}]" + (f", axis={self.axis()})" if self.rng.random() < 0.5 else ")")
            if f == "np.tensordot" and self.rng.random() < 0.6:
                return f"np.tensordot({a}, {b}, axes={self.axis()})"
            if f == "np.where":
                return f"np.where({a} > 0, {a}, {b})"
            return f"{f}({a}, {b})"
        if r < 0.82:
            m = self.rng.choice(METHODS)
            target = self.array(depth + 1)
            if m in ("T", "size", "shape", "ndim"):
                return f"{target}.{m}"
            args = ", ".join(self.rng.choice((self.dim(), self.axis(), "-1", self.shape()))
                             for _ in range(self.rng.randint(0, 3)))
            return f"{target}.{m}({args})"
        if r < 0.9:
            op = self.rng.choice(("+", "-", "*", "/", "@", "**", "==", "<", "&", "%"))
            return f"({self.array(depth + 1)} {op} {self.array(depth + 1)})"
        if r < 0.95:
            return f"{self.array(depth + 1)}[{self.index()}]"
        f = self.rng.choice(TORCH_CALLS)
        args = [self.array(depth + 1) if self.rng.random() < 0.5 else self.dim() for _ in range(self.rng.randint(0, 3))]
        return f"{f}({', '.join(args)})"

    def index(self) -> str:
        parts = [self.rng.choice(("0", "-1", "1:", ":", "::2", "None", "...", "x > 0", "[0, 1]", "5", "2**31",
                                  ":-1", "np.newaxis", "n", "1:3:0", "::-1"))
                 for _ in range(self.rng.randint(1, 4))]
        return ", ".join(parts)

    # -- statements --
    def fresh(self) -> str:
        name = f"v{len(self.names)}"
        self.names.append(name)
        return name

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def statement(self, depth: int) -> None:
        r = self.rng.random()
        if r < 0.35 or depth > 2:
            self.emit(depth, f"{self.fresh()} = {self.array()}")
        elif r < 0.42:
            self.emit(depth, f"reveal_shape({self.array()})")
        elif r < 0.5:
            target = self.fresh()
            self.emit(depth, f"{target} = {self.array()}")
            trips = self.rng.choice(("3", "0", "n", "2**31", "10**7", "len(x)", "x.size", "-5", "1, 10, 0"))
            self.emit(depth, f"for i in range({trips}):")
            self.emit(depth + 1, f"{target} = {target} + {self.array()}")
            if self.rng.random() < 0.3:
                self.emit(depth + 1, self.rng.choice(("break", "continue", "pass")))
        elif r < 0.56:
            self.emit(depth, f"{self.fresh()} = [{self.array()} for _ in range({self.dim()})]")
        elif r < 0.62:
            self.emit(depth, f"if {self.name()}.shape[0] == {self.dim()}:")
            self.statement(depth + 1)
            self.emit(depth, "else:")
            self.statement(depth + 1)
        elif r < 0.7:
            fn = f"f{len(self.lines)}"
            params = ", ".join(self.rng.sample(["a", "b", "c"], self.rng.randint(0, 3)))
            self.emit(depth, f"def {fn}({params}):")
            saved = self.names
            self.names = saved + [p.strip() for p in params.split(",") if p.strip()]
            self.statement(depth + 1)
            self.emit(depth + 1, f"return {self.array()}")
            self.names = saved
            args = ", ".join(self.array() for _ in range(self.rng.randint(0, 3)))
            self.emit(depth, f"{self.fresh()} = {fn}({args})")
        elif r < 0.75:
            self.emit(depth, f"{self.fresh()}, {self.fresh()} = {self.name()}.shape")
        elif r < 0.8:
            self.emit(depth, f"{self.name()}[{self.index()}] = {self.array()}")
        elif r < 0.85:
            layer = self.rng.choice(LAYERS)
            args = ", ".join(self.dim() for _ in range(self.rng.randint(0, 3)))
            self.emit(depth, f"layer = {layer}({args})")
            self.emit(depth, f"{self.fresh()} = layer(torch.randn({self.shape()}))")
        elif r < 0.88:
            n = self.rng.choice((50, 500, 2000))
            kind = self.rng.choice(("+", ".T", "-", "[0]", "()"))
            if kind == "+":
                text = " + ".join([self.name()] * n)
            elif kind == "-":
                text = "-" * n + self.name()
            elif kind == "()":
                text = "(" * 150 + self.name() + ")" * 150
            else:
                text = self.name() + kind * n
            self.emit(depth, f"{self.fresh()} = {text}")
        elif r < 0.92:
            self.emit(depth, f"assert {self.name()}.shape == {self.shape()}")
        elif r < 0.96:
            self.emit(depth, f"while {self.name()}.shape[0] > {self.dim()}:")
            self.emit(depth + 1, f"{self.name()} = {self.array()}[1:]")
        else:
            cls = f"C{len(self.lines)}"
            self.emit(depth, f"class {cls}(nn.Module):")
            self.emit(depth + 1, "def __init__(self):")
            self.emit(depth + 2, "super().__init__()")
            self.emit(depth + 2, f"self.fc = nn.Linear({self.dim()}, {self.dim()})")
            self.emit(depth + 1, "def forward(self, x):")
            self.emit(depth + 2, f"return self.fc(x).{self.rng.choice(METHODS)}")
            self.emit(depth, f"{self.fresh()} = {cls}()(torch.randn({self.shape()}))")


def shape_program(seed: int) -> str:
    return ShapeProgram(seed).source()


# == mutated corpus files ==========================================================================
def corpus_files() -> list[Path]:
    """The ``.py`` files of ../shared/corpus, in a stable order (empty when it is absent)."""
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*.py") if p.is_file() and p.stat().st_size < 200_000)


_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with a few random edits of the kinds that break code half-way through an edit."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        kind = rng.randrange(8)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        elif kind == 4:
            lines[i] = _NUMBER.sub(lambda m: str(rng.choice(EDGE_INTS)) if rng.random() < 0.5 else m.group(),
                                   lines[i])
        elif kind == 5:
            at = rng.randrange(len(lines[i]) + 1)
            junk = rng.choice(("(", ")", "[", "]", ":", ",", "\t", " ", "'", '"""', "\\", "@", ".", "é", "\x0c",
                               "lambda", " if ", "*", "**", "=", "0"))
            lines[i] = lines[i][:at] + junk + lines[i][at:]
        elif kind == 6:
            lines = lines[:i]
        else:
            lines[i] = "    " * rng.randint(0, 3) + lines[i].lstrip()
    return "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")


# == hypothesmith ==================================================================================
HYPOTHESMITH_BLOCK = 25   # programs per hypothesis run: a run's set-up costs ~1.5 s, a program ~0.25 s


def hypothesmith_block(block: int, seed: int) -> list[str]:
    """Block ``block`` of hypothesmith programs (``hypothesmith.from_grammar()`` or ``from_node()``),
    ``HYPOTHESMITH_BLOCK`` of them from one seeded hypothesis run; empty when it is not installed.

    Blocks are drawn one at a time and only by the shard that owns them, so a shard pays only for
    its own programs, and block ``b`` is the same in every shard and in the unsharded run."""
    if not hypothesmith_installed():
        return []
    import hypothesmith  # lazy: an optional dependency (the test extra)
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as seeded
    found: list[str] = []

    @seeded(seed * 1_000_003 + block)
    @settings(max_examples=HYPOTHESMITH_BLOCK, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(hypothesmith.from_grammar() | hypothesmith.from_node())
    def collect(source: str) -> None:
        found.append(source)

    collect()
    return found[:HYPOTHESMITH_BLOCK]


def hypothesmith_installed() -> bool:
    try:
        import hypothesmith  # noqa: F401
    except ImportError:
        return False
    return True


# == a run =========================================================================================
def programs(count: int, seed: int, *, hypothesmith_share: float = 0.1, shard: tuple[int, int] = (1, 1),
             start: int = 0) -> Iterator[tuple[int, str, str, str]]:
    """``count`` (k, source, path, origin) tuples: shape programs, hypothesmith programs and mutated
    corpus files, interleaved; only program k with ``1 + k % N == i`` for ``shard`` ``(i, N)``
    (a hypothesmith program: its block ``b`` with ``1 + b % N == i``), from program ``start`` on
    (a run resumed where an earlier one stopped: the programs before it are drawn, not built).

    Every program's random draws are made whether or not it is in the shard (only building its
    source is skipped), so program k is the same in every shard and in the unsharded run: N
    processes with shards 1/N .. N/N check exactly the programs of one run of ``count``."""
    index, shards = shard
    rng = random.Random(seed)
    files = corpus_files()
    drawn: dict[int, list[str]] = {}   # only the current block is kept
    j = 0                              # hypothesmith programs so far
    # not installed: those draws become the other kinds, the same in every shard
    hypothesmith_share = hypothesmith_share if hypothesmith_installed() else 0.0
    for k in range(count):
        mine = 1 + k % shards == index and k >= start
        r = rng.random()
        if r < hypothesmith_share:
            block, at = divmod(j, HYPOTHESMITH_BLOCK)
            j += 1
            if 1 + block % shards == index and k >= start:   # it goes with its block's shard
                if block not in drawn:
                    drawn = {block: hypothesmith_block(block, seed)}
                if at < len(drawn[block]):
                    yield k, drawn[block][at], "fuzz_hypothesmith.py", f"hypothesmith #{k} (block {block})"
            continue
        if files and r < 0.45:
            path = files[rng.randrange(len(files))]
            mutation_seed = rng.randrange(2**32)
            if mine:
                source = mutate(path.read_text(encoding="utf-8", errors="replace"), random.Random(mutation_seed))
                yield k, source, str(path), f"mutate {path.relative_to(CORPUS)} seed={mutation_seed}"
            continue
        program_seed = rng.randrange(2**32)
        if mine:
            yield k, shape_program(program_seed), "fuzz_program.py", f"shape program seed={program_seed}"


@dataclass
class Progress:
    """How far a run got: kept up to date program by program, so an interrupted run can still say."""

    done: int = 0
    k: int = -1             # the number of the last program started (``--start k + 1`` resumes after it)
    failures: list[Failure] = field(default_factory=list)
    last: str = ""          # the origin of the last program started (the one running when stopped)
    interrupted: bool = False
    started: float = field(default_factory=time.perf_counter)

    def rate(self) -> float:
        return self.done / max(time.perf_counter() - self.started, 1e-9)

    def kinds(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for f in self.failures:
            counts[f.kind] = counts.get(f.kind, 0) + 1
        return counts

    def line(self) -> str:
        return (f"{self.done} programs, {len(self.failures)} failures, {self.rate():.1f} programs/s, "
                f"last program k={self.k}")


def run(count: int, seed: int, slow: float | None, on_failure: Callable[[Failure], None] | None = None, *,
        shard: tuple[int, int] = (1, 1), hypothesmith_share: float = 0.1, every: int = 0, start: int = 0,
        on_progress: Callable[[Progress], None] | None = None, progress: Progress | None = None) -> Progress:
    """Check the programs of ``shard`` from program ``start`` on; ``on_progress`` after every ``every`` programs. A
    KeyboardInterrupt (Ctrl-C, or SIGTERM under ``main``) ends the run early, marked interrupted."""
    progress = progress if progress is not None else Progress()
    # the collector as a ``check`` run sets it, each program a file of that run: a collection after
    # each, then what survives (the process's caches) frozen. Under CPython's default policy a full
    # collection walks the caches, whose bounds add up to ~8M objects: 4-6 s pauses by program
    # 12,000 of a run, which landed in programs 1-2 s long and made them "slow" (8 of 100,000)
    try:
        with collector_tuned():
            _run(progress, count, seed, slow, on_failure, shard, hypothesmith_share, every, start, on_progress)
    except KeyboardInterrupt:
        progress.interrupted = True
    return progress


#: Programs between two full collections. ``settle`` freezes all that is alive after a program, the
#: harness's own state too: hypothesis keeps what it drew for a block of hypothesmith programs
#: (its choice trees, cycles) until the next block, and once frozen that garbage stayed (+140 MB a
#: 1,000 programs, 7 GB a shard by the end of a 100,000-program run); of the analyser's own, a few
#: objects a program. Outside any program's timed run, so no program pays for it.
FULL_COLLECTION_EVERY = 1000


def _collect_everything() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _run(progress: Progress, count: int, seed: int, slow: float | None, on_failure, shard: tuple[int, int],
         hypothesmith_share: float, every: int, start: int, on_progress) -> None:
    for k, source, path, origin in programs(count, seed, shard=shard, hypothesmith_share=hypothesmith_share,
                                            start=start):
        progress.last, progress.k = origin, k
        try:
            found = check_program(source, path, origin, slow)
        finally:
            settle()
        if (progress.done + 1) % FULL_COLLECTION_EVERY == 0:
            _collect_everything()
        progress.failures.extend(found)
        for f in found:
            if on_failure:
                on_failure(f)
        progress.done += 1
        if every and on_progress and progress.done % every == 0:
            on_progress(progress)
        if _terminated:
            raise KeyboardInterrupt()


_terminated: list[int] = []   # the SIGTERMs received (the run also stops between programs on one)


def _terminate(signum, frame):
    # check_program lets KeyboardInterrupt through (and only it): SIGTERM stops the run like Ctrl-C.
    # An exception raised inside a gc callback is dropped, so the run also looks between programs.
    _terminated.append(signum)
    raise KeyboardInterrupt()


def _shard(text: str) -> tuple[int, int]:
    try:
        return parse_shard(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--slow", type=float, default=20.0, help="CPU seconds after which a program is a finding")
    parser.add_argument("--out", help="write each failing program here")
    parser.add_argument("--hypothesmith-share", type=float, default=0.1,
                        help="share of hypothesmith programs (~0.25 CPU s each to draw)")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print programs done, failures so far and programs/s every N programs")
    parser.add_argument("--shard", type=_shard, default=(1, 1), metavar="I/N",
                        help="check only program k with 1 + k %% N == I (hypothesmith programs: by blocks of 25) "
                             "(1 <= I <= N): the shards of a run check, together, exactly the programs of "
                             "the unsharded run")
    parser.add_argument("--start", type=int, default=0, metavar="K",
                        help="skip programs before number K (resume a run: K is one past the 'last program k' "
                             "of its progress lines or summary)")
    args = parser.parse_args(argv)
    out = open(args.out, "w", encoding="utf-8") if args.out else None

    def show(failure: Failure) -> None:
        print(f"{failure.kind} ({failure.origin}): {failure.summary}", flush=True)
        if out:
            out.write(failure.text())
            out.flush()

    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        progress = run(args.programs, args.seed, args.slow, show, shard=args.shard, every=args.progress,
                       hypothesmith_share=args.hypothesmith_share, start=args.start,
                       on_progress=lambda p: print(f"progress: {p.line()}", flush=True))
    finally:
        signal.signal(signal.SIGTERM, previous)
    shard = f" (shard {args.shard[0]}/{args.shard[1]})" if args.shard != (1, 1) else ""
    stopped = f", interrupted during {progress.last} (k={progress.k})" if progress.interrupted else ""
    print(f"{progress.done} programs{shard} in {time.perf_counter() - progress.started:.0f} s: "
          f"{len(progress.failures)} failures {progress.kinds() or ''}{stopped}", flush=True)
    return 1 if progress.failures or progress.interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
