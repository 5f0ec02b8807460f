"""The kernels Numba users write, compiled by ``shapecheck.jit`` and by ``numba.njit`` (serial and
``parallel=True``) in one run; plus row softmax and layernorm, as NumPy code, against NumPy and
hand-written Numba loops.

The eight kernels (2-D stencil, k-means assignment, pairwise distances by broadcasting, cumulative
sum, n-body step, Black-Scholes, Mandelbrot, histogram) live in ``kernels_numba_style.py``, the same
undecorated source for every compiler, with plain Python as the reference. For each: does
``shapecheck.jit`` compile it (and agree with the reference), the first-call time (compile +
run) of both compilers, and the median time of a call. Numba compiles (and warms) everything
before shapecheck compiles anything, because LLVM options are process-wide. The kernels use
``range``, not ``prange``, so ``parallel=True`` only parallelises Numba's array expressions there;
the machine has 2 cores shared with other work, so parallel figures are noisy at best.

    python benchmarks/bench_numba_style.py [--quick] [--write benchmarks/RESULTS_numba_style.md]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from bench_compile import median_ms, np_layernorm, np_softmax, numba_kernels  # noqa: E402
from report_header import emit  # noqa: E402

import shapecheck  # noqa: E402

# Problem size per kernel (the n its argument builder takes), full and --quick.
SIZES = {
    "stencil_2d": (1024, 128), "kmeans_assign": (200_000, 2_000), "pairwise_distances": (1_000, 100),
    "cumulative_sum": (2_000_000, 10_000), "nbody_step": (1_000, 100), "black_scholes": (1_000_000, 10_000),
    "mandelbrot": (400, 60), "histogram": (2_000_000, 10_000),
}
ROWS = {"softmax": ((4096, 1024), (256, 128)), "layernorm": ((4096, 1024), (256, 128))}


def _load_kernels():
    try:
        import kernels_numba_style
    except ImportError as error:
        return None, f"benchmarks/kernels_numba_style.py is missing ({error})"
    return kernels_numba_style.KERNELS, ""


def _same(got, want) -> bool:
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    try:
        return len(got) == len(want) and all(
            np.allclose(np.asarray(g), np.asarray(w), rtol=1e-6, atol=1e-8, equal_nan=True) for g, w in zip(got, want))
    except (TypeError, ValueError):
        return False


def _first_call_ms(fn, args) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn(*args)
    return (time.perf_counter() - start) * 1e3, out


def _geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def numba_style(kernels, quick: bool, budget_s: float) -> list[dict]:
    import numba

    rows = []
    jitted = {}
    for name, (kernel, make) in kernels.items():   # Numba first: LLVM options are process-wide
        args = make(SIZES[name][quick])
        entry = {"name": name, "args": args, "reference": None}
        for label, parallel in (("numba", False), ("numba_par", True)):
            try:
                fn = numba.njit(parallel=parallel, cache=False)(kernel)
                entry[f"{label}_first"], _ = _first_call_ms(fn, args)
                jitted[(name, label)] = fn
            except Exception as error:   # noqa: BLE001 (any Numba failure is a row of the table)
                first = str(error).splitlines()[0].split(" on /")[0]   # Numba appends the file
                entry[f"{label}_error"] = f"{type(error).__name__}: {first[:100]}"
        rows.append(entry)
    for entry in rows:
        name, args = entry["name"], entry["args"]
        kernel = kernels[name][0]
        entry["reference"] = kernel(*args) if SIZES[name][quick] <= 10_000 or quick else None
        for label in ("numba", "numba_par"):
            if (name, label) in jitted:
                entry[label] = median_ms(jitted[(name, label)], args, budget_s)
        fn = shapecheck.jit(kernel)
        try:
            entry["shapecheck_first"], out = _first_call_ms(fn, args)
        except Exception as error:   # noqa: BLE001 (a kernel that does not compile is a result)
            entry["shapecheck_error"] = f"{type(error).__name__}: {str(error).splitlines()[0][:100]}"
            continue
        want = entry["reference"] if entry["reference"] is not None else jitted[(name, "numba")](*args) \
            if (name, "numba") in jitted else out
        entry["agrees"] = _same(out, want)
        entry["shapecheck"] = median_ms(fn, args, budget_s)
    return rows


def rows_vs_numpy(quick: bool, budget_s: float) -> list[dict]:
    """Softmax and layernorm written as NumPy code, compiled by shapecheck.jit (fused into one
    kernel per row block), against NumPy and hand-written Numba loops."""
    serial, parallel = numba_kernels(False), numba_kernels(True)
    rng = np.random.default_rng(0)
    out = []
    for name, numpy_fn in (("softmax", np_softmax), ("layernorm", np_layernorm)):
        shape = ROWS[name][quick]
        x = rng.standard_normal(shape).astype(np.float32)
        args = (x,) if name == "softmax" else (x, rng.standard_normal(shape[1]).astype(np.float32),
                                               rng.standard_normal(shape[1]).astype(np.float32))
        for fn in (serial[name], parallel[name]):
            fn(*args)
        out.append({"name": f"{name} {shape}", "fn": numpy_fn, "args": args,
                    "numpy": median_ms(numpy_fn, args, budget_s),
                    "numba": median_ms(serial[name], args, budget_s),
                    "numba_par": median_ms(parallel[name], args, budget_s)})
    for entry in out:
        compiled = shapecheck.jit(entry["fn"])
        entry["shapecheck_first"], result = _first_call_ms(compiled, entry["args"])
        entry["agrees"] = _same(result, entry["fn"](*entry["args"])) or bool(
            np.allclose(result, entry["fn"](*entry["args"]), rtol=1e-4, atol=1e-5))
        entry["kernels"] = len(compiled.lower(*entry["args"]).spec.loops.kernels)
        entry["shapecheck"] = median_ms(compiled, entry["args"], budget_s)
    return out


def _fmt(value, digits=3) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def _numba_cell(r: dict, label: str) -> str:
    return "fails" if f"{label}_error" in r else _fmt(r.get(label))


def tables(kernel_rows: list[dict] | None, missing: str, row_rows: list[dict]) -> str:
    lines = []
    if kernel_rows is None:
        lines.append(f"Numba-style kernels: not run: {missing}.\n")
    else:
        compiled = [r for r in kernel_rows if "shapecheck" in r]
        lines += [f"Numba-style kernels: {len(compiled)} of {len(kernel_rows)} compile with shapecheck.jit "
                  f"({sum(bool(r.get('agrees')) for r in compiled)} agree with the reference).", "",
                  "| kernel | n | Numba first call | shapecheck first call | Numba | Numba parallel | "
                  "shapecheck | x Numba | x Numba parallel |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in kernel_rows:
            size = SIZES[r["name"]][r.get("quick", 0)]
            if "shapecheck" not in r:
                why = r.get("shapecheck_error", "")
                lines.append(f"| {r['name']} | {size:,} | {_fmt(r.get('numba_first'), 0)} | does not compile: "
                             f"{why.replace('|', '/')} | {_numba_cell(r, 'numba')} | {_numba_cell(r, 'numba_par')} | | | |")
                continue
            ratio = r["numba"] / r["shapecheck"] if r.get("numba") else None
            ratio_par = r["numba_par"] / r["shapecheck"] if r.get("numba_par") else None
            flag = "" if r.get("agrees") else " (disagrees!)"
            lines.append(f"| {r['name']}{flag} | {size:,} | {_fmt(r.get('numba_first'), 0)} | "
                         f"{_fmt(r['shapecheck_first'], 0)} | {_numba_cell(r, 'numba')} | {_numba_cell(r, 'numba_par')} | "
                         f"{_fmt(r['shapecheck'])} | {_fmt(ratio, 2)} | {_fmt(ratio_par, 2)} |")
        ratios = [r["numba"] / r["shapecheck"] for r in compiled if r.get("numba")]
        lines += ["", f"Geometric mean over the kernels that compile, time of Numba serial / shapecheck: "
                      f"{_geomean(ratios):.2f}x ({len(ratios)} kernels). First-call times are in ms and "
                      "include compilation (and, for shapecheck, tracing); other times are medians in ms.", ""]
    failures = [f"{r['name']} ({label}): {r[f'{label}_error']}" for r in kernel_rows or ()
                for label in ("numba", "numba_par") if f"{label}_error" in r]
    if failures:
        lines += ["Numba failures: " + "; ".join(f.replace("|", "/") for f in failures) + ".", ""]
    lines += ["| NumPy code | NumPy | Numba (loops) | Numba parallel (prange) | shapecheck.jit | kernels | "
              "x NumPy | x Numba | x Numba parallel | first call |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in row_rows:
        flag = "" if r["agrees"] else " (disagrees!)"
        lines.append(f"| {r['name']}{flag} | {r['numpy']:.3f} | {r['numba']:.3f} | {r['numba_par']:.3f} | "
                     f"{r['shapecheck']:.3f} | {r['kernels']} | {r['numpy'] / r['shapecheck']:.2f} | "
                     f"{r['numba'] / r['shapecheck']:.2f} | {r['numba_par'] / r['shapecheck']:.2f} | "
                     f"{r['shapecheck_first']:.0f} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of timing per measurement")
    parser.add_argument("--write", metavar="FILE", help="also write the tables (markdown) to FILE")
    args = parser.parse_args(argv)
    # A fresh compile cache: first calls measure compiles, not cache reads.
    os.environ.setdefault("SHAPECHECK_CACHE_DIR", tempfile.mkdtemp(prefix="sc-bench-"))
    kernels, missing = _load_kernels()
    kernel_rows = numba_style(kernels, args.quick, args.budget) if kernels else None
    for r in kernel_rows or ():
        r["quick"] = int(args.quick)
    row_rows = rows_vs_numpy(args.quick, args.budget)
    text = tables(kernel_rows, missing, row_rows)
    emit("Numba-style kernels and row kernels (issue 12, item 8)", text, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
