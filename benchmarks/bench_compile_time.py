"""Compile time per kernel: the first call of ``shapecheck.jit`` on each benchmark kernel in a warm
process (issue 12: "compile <= 50 ms warm per kernel").

Each measurement is a fresh Python process that first warms up (imports, LLVM's start-up, one
small elementwise compile, one calling libm and one loop kernel whose shapes the analyser checks)
and then calls the kernel once with the disk cache
off, so the figure is what a user's new kernel costs in a running program: analysis, tracing,
passes, lowering to LLVM IR, LLVM's optimisation and code generation, and loading (the time of
a second call, the run itself, is subtracted; the sizes are the benchmark's --quick ones). Times are CPU
time of the process (steadier than wall time on a shared machine; the compile runs on one
thread) and wall time, medians over ``--repeat`` processes (``--min``: the least of them, each
figure on its own); the phases are CPU times too.

    python benchmarks/bench_compile_time.py [--repeat 3] [--min] [--tree DIR] [--before DIR] [--write FILE]

``--tree`` measures another checkout of shapecheck; ``--before`` another one in turn with it,
process by process (a before/after comparison under the same load).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

from report_header import emit

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = ("stencil_2d", "kmeans_assign", "pairwise_distances", "cumulative_sum", "nbody_step",
           "black_scholes", "mandelbrot", "histogram", "softmax", "layernorm")
# The sizes of bench_numba_style.py's --quick run (sizes are constants in the specialised code;
# small ones keep the run of the call, subtracted, from adding its noise to the figure).
SIZES = {"stencil_2d": 128, "kmeans_assign": 2_000, "pairwise_distances": 100,
         "cumulative_sum": 10_000, "nbody_step": 100, "black_scholes": 10_000,
         "mandelbrot": 60, "histogram": 10_000}
GOAL_MS = 50.0

# Runs in the child: warm up, then time one first call, by phase.
CHILD = r"""
import json, os, sys, time
tree, here, name, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path[:0] = [tree, here]
os.environ["SHAPECHECK_CACHE_DIR"] = "off"
import numpy as np
import shapecheck
from shapecheck.ir import frontend, loopfront, pipeline, runtime
from shapecheck.ir.codegen import engine

def warm_add(x):
    return x * 2.0 + 1.0

def warm_exp(x):
    return np.exp(x) + 1.0

def warm_gather(x, idx):
    out = np.zeros(3)
    for i in range(idx.shape[0]):
        out[idx[i]] += x[i]   # an index checked at run time: the shape analysis runs (its tables load)
    return out

shapecheck.jit(warm_add)(np.ones(5))
shapecheck.jit(warm_exp)(np.ones(7))
shapecheck.jit(warm_gather)(np.ones(4), np.arange(4) % 3)

phases = {}
def timed(module, attr, phase):
    original = getattr(module, attr, None)
    if original is None:
        return
    def wrapper(*a, **k):
        start = time.process_time()
        try:
            return original(*a, **k)
        finally:
            phases[phase] = phases.get(phase, 0.0) + time.process_time() - start
    setattr(module, attr, wrapper)

timed(frontend, "check_shapes", "analysis")
timed(loopfront, "check_shapes", "analysis")
timed(loopfront, "trace_loops", "trace")
timed(frontend, "trace", "trace")
timed(pipeline, "compile_to_loops", "passes")
timed(runtime, "llvm_ir", "lower")
timed(engine, "object_code", "llvm")
timed(engine, "glue_object_code", "llvm")   # the glue (entry, trampolines), its own module

import kernels_numba_style as K
from bench_compile import np_layernorm, np_softmax
if name in K.KERNELS:
    kernel, make = K.KERNELS[name]
    args = make(size)
else:
    x = np.random.default_rng(0).standard_normal((256, 128)).astype(np.float32)
    kernel, args = (np_softmax, (x,)) if name == "softmax" else (np_layernorm, (x, x[0].copy(), x[1].copy()))
fn = shapecheck.jit(kernel)
cpu, wall = time.process_time(), time.perf_counter()
fn(*args)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
run_cpu, run_wall = time.process_time(), time.perf_counter()   # the call itself, compiled: not compile time
fn(*args)
cpu -= time.process_time() - run_cpu
wall -= time.perf_counter() - run_wall
phases["trace"] = phases.get("trace", 0.0) - phases.get("analysis", 0.0)   # trace includes the analysis
print(json.dumps({"cpu": cpu * 1e3, "wall": wall * 1e3, **{k: v * 1e3 for k, v in phases.items()}}))
"""


# Runs in the child: per-call time of one kernel compiled for every size (shapes=) against the
# same kernel specialised to the size, at a few sizes (median of timeit repeats, microseconds).
CALLS_CHILD = r"""
import json, os, sys, timeit
tree = sys.argv[1]
sys.path[:0] = [tree]
os.environ["SHAPECHECK_CACHE_DIR"] = "off"
import numpy as np
import shapecheck

def chain(a, b):
    t = a * b + 1.0
    return np.exp(t) * a - b * t

out = {}
symbolic = shapecheck.jit(chain, shapes={"a": ("n",), "b": ("n",)})
for n in (1000, 100000):
    a = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    fixed = shapecheck.jit(chain)
    fixed(a, a), symbolic(a, a)
    number = 20000 if n <= 1000 else 200
    for label, fn in (("symbolic", symbolic), ("fixed", fixed)):
        times = timeit.repeat(lambda: fn(a, a), number=number, repeat=7)
        out[f"{label} {n}"] = sorted(times)[3] / number * 1e6
print(json.dumps(out))
"""


def call_times(tree: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="sc-call-time-") as scratch:
        child = os.path.join(scratch, "calls.py")
        with open(child, "w") as f:
            f.write(CALLS_CHILD)
        out = subprocess.run([sys.executable, child, tree], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def calls_table(after: dict, before: dict | None) -> str:
    lines = ["", "Per call of `a*b+1 -> exp(t)*a - b*t` (float32), microseconds, median of 7 repeats:", "",
             "| kernel | n | us per call | before |" if before is not None else "| kernel | n | us per call |",
             "|---|---:|---:|---:|" if before is not None else "|---|---:|---:|"]
    for key in ("symbolic 1000", "fixed 1000", "symbolic 100000", "fixed 100000"):
        label, n = key.split()
        row = f"| {'shapes={a: (n,)}' if label == 'symbolic' else 'specialised'} | {int(n):,} | " \
              f"{after.get(key, float('nan')):.1f} |"
        if before is not None:
            row += f" {before.get(key, float('nan')):.1f} |"
        lines.append(row)
    return "\n".join(lines) + "\n"


def measure(trees: list, name: str, repeat: int, statistic=statistics.median) -> list:
    """Per tree, the ``statistic`` (median, or min) of ``repeat`` fresh processes compiling ``name``. The trees take turns
    process by process: on a shared machine the load drifts over minutes, and a whole series of
    one tree and then of the other compared the load of two moments as much as the trees."""
    runs: list = [[] for _ in trees]
    with tempfile.TemporaryDirectory(prefix="sc-compile-time-") as scratch:
        child = os.path.join(scratch, "child.py")   # a file: jit reads its functions' source
        with open(child, "w") as f:
            f.write(CHILD)
        for _ in range(repeat):
            for k, tree in enumerate(trees):
                if runs[k] and "error" in runs[k][-1]:
                    continue
                out = subprocess.run([sys.executable, child, tree, HERE, name, str(SIZES.get(name, 0))],
                                     capture_output=True, text=True, timeout=600)
                if out.returncode != 0:
                    runs[k] = [{"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}]
                    continue
                runs[k].append(json.loads(out.stdout.strip().splitlines()[-1]))
    return [tree_runs[0] if "error" in tree_runs[0] else
            {key: statistic([r.get(key, 0.0) for r in tree_runs]) for key in sorted({k for r in tree_runs for k in r})}
            for tree_runs in runs]


def table(names: list, results: dict, before: dict | None) -> str:
    head = "| kernel | CPU ms | wall ms | analysis | trace | passes | lower | LLVM |"
    rule = "|---|---:|---:|---:|---:|---:|---:|---:|"
    if before is not None:
        head += " CPU ms before | wall ms before |"
        rule += "---:|---:|"
    lines = [head, rule]
    for name in names:
        r = results[name]
        if "error" in r:
            lines.append(f"| {name} | fails: {r['error'][:80]} |")
            continue
        row = (f"| {name} | {r['cpu']:.0f} | {r['wall']:.0f} | {r.get('analysis', 0):.0f} | {r.get('trace', 0):.0f} | "
               f"{r.get('passes', 0):.0f} | {r.get('lower', 0):.0f} | {r.get('llvm', 0):.0f} |")
        if before is not None:
            b = before[name]
            row += " fails |" * 2 if "error" in b else f" {b['cpu']:.0f} | {b['wall']:.0f} |"
        lines.append(row)
    met = [n for n in names if "error" not in results[n] and results[n]["cpu"] <= GOAL_MS]
    lines += ["", f"{len(met)} of {len(names)} kernels compile in <= {GOAL_MS:.0f} ms of CPU time."]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per kernel (median)")
    parser.add_argument("--tree", default=os.path.dirname(HERE), help="the shapecheck checkout to measure")
    parser.add_argument("--before", metavar="DIR", help="also measure this checkout, in turn with --tree, process by process")
    parser.add_argument("--only", nargs="*", default=KERNELS, help="kernels to measure")
    parser.add_argument("--write", metavar="FILE", help="also write the table (markdown) to FILE")
    parser.add_argument("--calls", action="store_true", help="also time calls of a symbolic-shape kernel")
    parser.add_argument("--min", action="store_true",
                        help="the least of the processes' figures, each phase's on its own, instead of the median: "
                             "what a compile costs when the other users of a shared machine take least from it")
    args = parser.parse_args(argv)
    names = [n for n in KERNELS if n in args.only]
    trees = [args.tree] + ([args.before] if args.before else [])
    measured = {n: measure(trees, n, args.repeat, min if args.min else statistics.median) for n in names}
    results = {n: m[0] for n, m in measured.items()}
    before = {n: m[1] for n, m in measured.items()} if args.before else None
    text = table(names, results, before)
    if args.calls:
        text += calls_table(call_times(args.tree), call_times(args.before) if args.before else None)
    emit("Compile time per kernel (issue 12)", text, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
