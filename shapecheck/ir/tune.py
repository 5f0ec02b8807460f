"""Schedule search: MetaSchedule in small (Shao et al., "Tensor Program Optimization with
Probabilistic Programs", NeurIPS 2022), for one compiled program on this machine.

The space (``space``) is the product of the knobs of ``codegen/schedule.py`` that matter for the
program: tiles of the matmul micro-kernel when a kernel is a matmul nest, vector widths the host
has, LLVM unrolling and interleaving when a kernel reduces (or multiplies matrices), and parallel
splits when a kernel has a parallel loop. MetaSchedule samples it and ranks samples with a learned
cost model; our spaces are small enough to *measure* a random sample directly (``budget``
candidates, the default schedule always among them). Each candidate is compiled, run on random
inputs of the program's shapes, checked against the default schedule's answer (a schedule may
change a reduction's rounding, nothing else), and timed (median of ``repeat`` calls). The best is
kept in the compile cache (``codegen/cache.py``) under the program's loop-IR text and the host's
identity, where ``shapecheck.jit`` finds it (``lookup``) when it compiles the same program.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import time
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from . import loops as L
from . import runtime
from .codegen import cache
from .codegen.schedule import DEFAULT, Schedule
from .printer import print_loop_module

__all__ = ["space", "tune", "lookup", "TuneResult", "Trial", "random_inputs"]

SUFFIX = ".schedule"
# The matmul micro-kernel's tiles (rows, vectors of columns): 2x4 .. 8x1 keep <= 16 accumulators
# in vector registers (AVX2 has 16, AVX-512 32).
TILES = ((4, 2), (2, 2), (4, 1), (6, 2), (8, 1), (2, 4), (4, 3))
VECTOR_BITS = (0, 128, 256, 512)


@dataclass(frozen=True)
class Trial:
    schedule: Schedule
    seconds: float | None        # median time of one call; None when rejected
    note: str = ""               # why it was rejected


@dataclass(frozen=True)
class TuneResult:
    best: Schedule
    best_seconds: float
    default_seconds: float
    trials: tuple[Trial, ...]
    key: str

    @property
    def speedup(self) -> float:
        return self.default_seconds / self.best_seconds


def _statements(body):
    for stmt in body:
        yield stmt
        if isinstance(stmt, L.For):
            yield from _statements(stmt.body)


def space(module: L.LoopModule) -> list[Schedule]:
    """Every schedule worth trying for ``module`` on this host (the default first)."""
    from .codegen import lower, matmul  # lazy: start-up time (llvmlite, LLVM's host target)

    stmts = [s for k in module.kernels for s in _statements(k.body)]
    matmuls = any(isinstance(s, L.For) and matmul.match(s) for s in stmts)
    reduces = any(isinstance(s, L.Assign) for s in stmts)
    parallel = any(lower.split_loop(k) is not None for k in module.kernels)
    tiles = TILES if matmuls else TILES[:1]
    widths = [b for b in VECTOR_BITS if b <= lower.HOST.vector_bits]
    tunings = list(itertools.product((True, False), repeat=2)) if reduces or matmuls else [(True, True)]
    cores = runtime.thread_count()
    splits = sorted({0, 1, cores, 2 * cores}) if parallel and cores > 1 else [0]
    out = [DEFAULT]
    for (rows, vectors), bits, (unroll, interleave), threads in itertools.product(tiles, widths, tunings, splits):
        s = Schedule(rows, vectors, bits, unroll, interleave, threads)
        if s != DEFAULT:
            out.append(s)
    return out


def schedule_key(module: L.LoopModule) -> str:
    """The cache key of ``module``'s tuned schedule: its loop-IR text on this host."""
    from .codegen import target  # lazy: start-up time (llvmlite, LLVM's host target)

    text = print_loop_module(module) + "\0" + target.host().cache_identity
    return hashlib.sha256(text.encode()).hexdigest()


def lookup(module: L.LoopModule) -> Schedule:
    """The schedule ``tune`` kept for ``module`` on this host, else the default."""
    data = cache.load(schedule_key(module), SUFFIX)
    if data is None:
        return DEFAULT
    try:
        return Schedule.from_json(data.decode())
    except (ValueError, UnicodeDecodeError):
        return DEFAULT   # a damaged entry is no entry


def random_inputs(module: L.LoopModule, seed: int = 0) -> list[np.ndarray]:
    """Arrays for the program's inputs (fully specialised shapes): floats ~ N(0, 1), ints in
    [-8, 8), bools fair coins."""
    program = module.program
    if program.shape_params:
        names = ", ".join(p.hint for p in program.shape_params)
        raise ValueError(f"tuning needs concrete shapes; {names} {'is' if len(program.shape_params) == 1 else 'are'} symbolic")
    rng = np.random.default_rng(seed)
    out = []
    for buf in program.inputs:
        shape = tuple(int(d) for d in buf.shape)
        dtype = runtime.NUMPY_DTYPES[buf.dtype]
        if dtype.kind == "f":
            out.append(rng.standard_normal(shape).astype(dtype))
        elif dtype.kind == "b":
            out.append(rng.random(shape) < 0.5)
        else:
            out.append(rng.integers(-8, 8, shape).astype(dtype))
    return out


def _median_seconds(executable, args: Sequence[np.ndarray], repeat: int) -> float:
    executable(*args)   # warm: page in the outputs, spin up threads
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        executable(*args)
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def _agrees(got, want) -> bool:
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    for g, w in zip(got, want):
        if w.dtype.kind == "f":
            tol = 1e-4 if w.dtype == np.float32 else 1e-10
            if not np.allclose(g, w, rtol=tol, atol=tol, equal_nan=True):
                return False
        elif not np.array_equal(g, w):
            return False
    return True


def tune(module: L.LoopModule, *, budget: int = 24, repeat: int = 5, seed: int = 0,
         store: bool = True, progress=None) -> TuneResult:
    """Measure up to ``budget`` schedules of ``module`` (the default among them) and keep the
    fastest in the cache (unless ``store`` is False). ``progress(trial)`` sees each trial."""
    args = random_inputs(module, seed)
    candidates = space(module)
    sample = [DEFAULT] + random.Random(seed).sample(candidates[1:], min(max(budget - 1, 0), len(candidates) - 1))
    reference = runtime.build(module).python(*args)
    trials = []
    for schedule in sample:
        executable = runtime.build(module, schedule=schedule)
        if not _agrees(executable(*args), reference):
            trial = Trial(schedule, None, "results differ from the default schedule's")
        else:
            trial = Trial(schedule, _median_seconds(executable, args, repeat))
        trials.append(trial)
        if progress is not None:
            progress(trial)
    timed = [t for t in trials if t.seconds is not None]
    best = min(timed, key=lambda t: t.seconds)
    key = schedule_key(module)
    if store:
        cache.store(key, best.schedule.to_json().encode(), SUFFIX)
    return TuneResult(best.schedule, best.seconds, trials[0].seconds or best.seconds, tuple(trials), key)
