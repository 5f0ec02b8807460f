"""Benchmarks of the compile step: shapecheck's LLVM back end vs NumPy and Numba.

One run prints a table of median wall times (ms) and ratios for: the fused chains
``a*b + c*d - e`` and ``exp(-x*x)*sin(x) + 0.5*x`` at 10^3, 10^5, 10^7 float64 elements; row
softmax and layernorm of (4096, 1024) float32; batched (10000, 4, 4) and (256, 256) float64
matmul; first-call compile latency; and a STREAM-triad bandwidth ceiling.

The shapecheck kernels are built as loop IR (``shapecheck.ir.loops``), the form the IR pipeline
lowers these functions to, and compiled with ``shapecheck.ir.runtime.build``; so the table measures
the back end (LLVM lowering, vector math, threads, call overhead). Numba kernels are compiled
(and warmed) before any shapecheck compile, because LLVM options are process-wide.

    python benchmarks/bench_compile.py [--quick]

To time NumPy fairly, run without the OpenBLAS overrides some environments set:
``env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/bench_compile.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from shapecheck.constraints import dims  # noqa: E402
from shapecheck.ir import loops as L  # noqa: E402
from shapecheck.subst.names import fresh_name  # noqa: E402

I = L.INDEX


# --- loop IR for each benchmark ----------------------------------------------------------------

def _v(name):
    return L.Var(name, I)


def _c(value, dtype):
    return L.Const(value, dtype)


def program(name, inputs, outputs, body, temps=()):
    """A one-kernel program over concrete shapes."""
    kernel = L.Kernel(name, (), tuple(inputs) + tuple(outputs), body)
    call = L.KernelCall(name, tuple(b.name for b in inputs) + tuple(b.name for b in outputs), ())
    return L.LoopModule((kernel,), L.Program(name, (), tuple(inputs), tuple(outputs), (call,),
                                             tuple(b.name for b in outputs)))


def elementwise(name, n, n_inputs, make):
    xs = [fresh_name(f"x{k}") for k in range(n_inputs)]
    out, i = fresh_name("out"), fresh_name("i")
    loads = [L.Load(x, (_v(i),), "f64") for x in xs]
    body = (L.For(i, _c(0, I), _c(n, I), 1, (L.Store(out, (_v(i),), make(*loads)),), parallel=True),)
    return program(name, [L.Buffer(x, "f64", (n,)) for x in xs], [L.Buffer(out, "f64", (n,), output=True)], body)


def fused_chain(n):
    return elementwise("chain", n, 5, lambda a, b, c, d, e: L.Binary(
        "sub", L.Binary("add", L.Binary("mul", a, b), L.Binary("mul", c, d)), e))


def transcendental(n):
    def make(x):
        gauss = L.Call("exp", (L.Unary("neg", L.Binary("mul", x, x)),))
        return L.Binary("add", L.Binary("mul", gauss, L.Call("sin", (x,))), L.Binary("mul", _c(0.5, "f64"), x))
    return elementwise("transcendental", n, 1, make)


def triad(n):
    return elementwise("triad", n, 2, lambda b, c: L.Binary("add", b, L.Binary("mul", _c(3.0, "f64"), c)))


def softmax(rows, cols):
    x, out, i, j, mx, total, e, scale = (fresh_name(s) for s in "x out i j mx total e scale".split())
    f = "f32"
    xij = L.Load(x, (_v(i), _v(j)), f)
    body = (L.For(i, _c(0, I), _c(rows, I), 1, (
        L.Let(mx, f, _c(-np.inf, f)),
        L.For(j, _c(0, I), _c(cols, I), 1, (L.Assign(mx, L.Call("maximum", (L.Var(mx, f), xij))),)),
        L.Let(total, f, _c(0.0, f)),
        L.For(j, _c(0, I), _c(cols, I), 1, (
            L.Let(e, f, L.Call("exp", (L.Binary("sub", xij, L.Var(mx, f)),))),
            L.Store(out, (_v(i), _v(j)), L.Var(e, f)),
            L.Assign(total, L.Binary("add", L.Var(total, f), L.Var(e, f))))),
        L.Let(scale, f, L.Binary("div", _c(1.0, f), L.Var(total, f))),
        L.For(j, _c(0, I), _c(cols, I), 1, (
            L.Store(out, (_v(i), _v(j)), L.Binary("mul", L.Load(out, (_v(i), _v(j)), f), L.Var(scale, f))),)),
    ), parallel=True),)
    return program("softmax", [L.Buffer(x, f, (rows, cols))], [L.Buffer(out, f, (rows, cols), output=True)], body)


def layernorm(rows, cols, eps=1e-5):
    x, g, b, out, i, j, mean, var, inv, d = (fresh_name(s) for s in "x g b out i j mean var inv d".split())
    f = "f32"
    xij = L.Load(x, (_v(i), _v(j)), f)
    body = (L.For(i, _c(0, I), _c(rows, I), 1, (
        L.Let(mean, f, _c(0.0, f)),
        L.For(j, _c(0, I), _c(cols, I), 1, (L.Assign(mean, L.Binary("add", L.Var(mean, f), xij)),)),
        L.Assign(mean, L.Binary("mul", L.Var(mean, f), _c(1.0 / cols, f))),
        L.Let(var, f, _c(0.0, f)),
        L.For(j, _c(0, I), _c(cols, I), 1, (
            L.Let(d, f, L.Binary("sub", xij, L.Var(mean, f))),
            L.Assign(var, L.Binary("add", L.Var(var, f), L.Binary("mul", L.Var(d, f), L.Var(d, f)))))),
        L.Let(inv, f, L.Binary("div", _c(1.0, f), L.Call("sqrt", (
            L.Binary("add", L.Binary("mul", L.Var(var, f), _c(1.0 / cols, f)), _c(eps, f)),)))),
        L.For(j, _c(0, I), _c(cols, I), 1, (
            L.Store(out, (_v(i), _v(j)), L.Binary("add", L.Binary("mul", L.Binary(
                "mul", L.Binary("sub", xij, L.Var(mean, f)), L.Var(inv, f)), L.Load(g, (_v(j),), f)),
                L.Load(b, (_v(j),), f))),)),
    ), parallel=True),)
    return program("layernorm", [L.Buffer(x, f, (rows, cols)), L.Buffer(g, f, (cols,)), L.Buffer(b, f, (cols,))],
                   [L.Buffer(out, f, (rows, cols), output=True)], body)


def matmul(batch, n, k, m):
    """``out[(b,) i, j] = sum_k a[(b,) i, k] * w[(b,) k, j]``, i-k-j order (vectorizes over j)."""
    a, w, out, bb, i, j, kk = (fresh_name(s) for s in "a w out b i j k".split())
    f = "f64"
    lead = (_v(bb),) if batch else ()
    inner = (
        L.For(j, _c(0, I), _c(m, I), 1, (L.Store(out, lead + (_v(i), _v(j)), _c(0.0, f)),)),
        L.For(kk, _c(0, I), _c(k, I), 1, (
            L.For(j, _c(0, I), _c(m, I), 1, (L.Store(out, lead + (_v(i), _v(j)), L.Binary(
                "add", L.Load(out, lead + (_v(i), _v(j)), f),
                L.Binary("mul", L.Load(a, lead + (_v(i), _v(kk)), f), L.Load(w, lead + (_v(kk), _v(j)), f)))),)),)),
    )
    if batch:
        body = (L.For(bb, _c(0, I), _c(batch, I), 1, (L.For(i, _c(0, I), _c(n, I), 1, inner),), parallel=True),)
        shapes = ((batch, n, k), (batch, k, m), (batch, n, m))
    else:
        body = (L.For(i, _c(0, I), _c(n, I), 1, inner, parallel=True),)
        shapes = ((n, k), (k, m), (n, m))
    return program("bmm" if batch else "matmul", [L.Buffer(a, f, shapes[0]), L.Buffer(w, f, shapes[1])],
                   [L.Buffer(out, f, shapes[2], output=True)], body)


# --- NumPy and Numba versions ------------------------------------------------------------------

def np_softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def np_layernorm(x, g, b, eps=1e-5):
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * g + b


NUMPY = {
    "chain": lambda a, b, c, d, e: a * b + c * d - e,
    "transcendental": lambda x: np.exp(-x * x) * np.sin(x) + 0.5 * x,
    "softmax": np_softmax, "layernorm": np_layernorm,
    "bmm": np.matmul, "matmul": np.matmul, "triad": lambda b, c: b + 3.0 * c,
}


def numba_kernels(parallel: bool):
    import numba

    rng = numba.prange if parallel else range
    jit = numba.njit(parallel=parallel, fastmath=False, cache=False)

    @jit
    def chain(a, b, c, d, e):
        out = np.empty_like(a)
        for i in rng(a.shape[0]):
            out[i] = a[i] * b[i] + c[i] * d[i] - e[i]
        return out

    @jit
    def transcendental(x):
        out = np.empty_like(x)
        for i in rng(x.shape[0]):
            out[i] = np.exp(-x[i] * x[i]) * np.sin(x[i]) + 0.5 * x[i]
        return out

    @jit
    def triad(b, c):
        out = np.empty_like(b)
        for i in rng(b.shape[0]):
            out[i] = b[i] + 3.0 * c[i]
        return out

    @jit
    def softmax(x):
        out = np.empty_like(x)
        for i in rng(x.shape[0]):
            mx = -np.inf
            for j in range(x.shape[1]):
                mx = max(mx, x[i, j])
            total = np.float32(0.0)
            for j in range(x.shape[1]):
                e = np.exp(x[i, j] - mx)
                out[i, j] = e
                total += e
            scale = np.float32(1.0) / total
            for j in range(x.shape[1]):
                out[i, j] *= scale
        return out

    @jit
    def layernorm(x, g, b):
        out = np.empty_like(x)
        n = x.shape[1]
        for i in rng(x.shape[0]):
            mean = np.float32(0.0)
            for j in range(n):
                mean += x[i, j]
            mean /= n
            var = np.float32(0.0)
            for j in range(n):
                d = x[i, j] - mean
                var += d * d
            inv = np.float32(1.0) / np.sqrt(var / n + np.float32(1e-5))
            for j in range(n):
                out[i, j] = (x[i, j] - mean) * inv * g[j] + b[j]
        return out

    @jit
    def bmm(a, w):
        out = np.zeros((a.shape[0], a.shape[1], w.shape[2]))
        for bb in rng(a.shape[0]):
            for i in range(a.shape[1]):
                for k in range(a.shape[2]):
                    for j in range(w.shape[2]):
                        out[bb, i, j] += a[bb, i, k] * w[bb, k, j]
        return out

    @jit
    def matmul(a, w):
        out = np.zeros((a.shape[0], w.shape[1]))
        for i in rng(a.shape[0]):
            for k in range(a.shape[1]):
                for j in range(w.shape[1]):
                    out[i, j] += a[i, k] * w[k, j]
        return out

    @jit
    def triad_into(b, c, out):
        for i in rng(b.shape[0]):
            out[i] = b[i] + 3.0 * c[i]

    return dict(chain=chain, transcendental=transcendental, triad=triad, softmax=softmax,
                layernorm=layernorm, bmm=bmm, matmul=matmul, triad_into=triad_into)


# --- timing ------------------------------------------------------------------------------------

def median_ms(fn, args, budget_s: float) -> float:
    fn(*args)
    samples, start = [], time.perf_counter()
    while len(samples) < 5 or (time.perf_counter() - start < budget_s and len(samples) < 2000):
        t = time.perf_counter()
        fn(*args)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1e3


def cases(quick: bool):
    rng = np.random.default_rng(0)
    sizes = [10**3, 10**5] + ([] if quick else [10**7])
    for n in sizes:
        yield f"a*b+c*d-e n={n:.0e}", "chain", fused_chain(n), [rng.standard_normal(n) for _ in range(5)]
    for n in sizes:
        yield f"exp(-x*x)*sin(x)+0.5x n={n:.0e}", "transcendental", transcendental(n), [rng.standard_normal(n)]
    rows = 512 if quick else 4096
    x32 = rng.standard_normal((rows, 1024)).astype(np.float32)
    yield f"softmax ({rows},1024) f32", "softmax", softmax(rows, 1024), [x32]
    yield (f"layernorm ({rows},1024) f32", "layernorm", layernorm(rows, 1024),
           [x32, rng.standard_normal(1024).astype(np.float32), rng.standard_normal(1024).astype(np.float32)])
    batch = 1000 if quick else 10000
    yield (f"batched matmul ({batch},4,4)", "bmm", matmul(batch, 4, 4, 4),
           [rng.standard_normal((batch, 4, 4)), rng.standard_normal((batch, 4, 4))])
    yield "matmul (256,256)", "matmul", matmul(0, 256, 256, 256), [rng.standard_normal((256, 256)) for _ in range(2)]


def compile_latency_ms(repeats: int = 5) -> tuple[float, float]:
    """Median wall time and CPU time (of the compiling thread) to build a small kernel never
    seen before (disk cache off). CPU time is what the compile costs; wall time adds whatever
    other processes on a shared machine take from it."""
    from shapecheck.ir import runtime

    os.environ["SHAPECHECK_CACHE_DIR"] = "off"
    runtime.build(elementwise("warmup", 999, 1, lambda a: a))  # one-time LLVM and ABI setup
    walls, cpus = [], []
    for r in range(repeats):
        module = elementwise("small", 1000 + r, 2, lambda a, b: L.Binary("add", L.Binary("mul", a, b), _c(float(r), "f64")))
        t, c = time.perf_counter(), time.thread_time()
        runtime.build(module)
        walls.append(time.perf_counter() - t)
        cpus.append(time.thread_time() - c)
    return statistics.median(walls) * 1e3, statistics.median(cpus) * 1e3


def numba_compile_latency_ms() -> float:
    import numba

    def small(a, b):
        out = np.empty_like(a)
        for i in range(a.shape[0]):
            out[i] = a[i] * b[i] + 1.0
        return out

    a = np.ones(1000)
    t = time.perf_counter()
    numba.njit(small)(a, a)
    return (time.perf_counter() - t) * 1e3


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only (a smoke run)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of timing per cell")
    args = parser.parse_args(argv)
    from shapecheck.ir import runtime

    all_cases = list(cases(args.quick))
    numba_first = numba_compile_latency_ms()
    serial, parallel = numba_kernels(False), numba_kernels(True)
    for _, key, _, arrays in all_cases:  # compile and warm Numba before any LLVM option changes
        serial[key](*arrays), parallel[key](*arrays)
    triad_n = 10**7 if not args.quick else 10**6
    triad_arrays = [np.random.default_rng(1).standard_normal(triad_n) for _ in range(2)]
    triad_out = np.empty(triad_n)
    for kernels in (serial, parallel):
        kernels["triad"](*triad_arrays), kernels["triad_into"](*triad_arrays, triad_out)

    latency = compile_latency_ms()
    os.environ.pop("SHAPECHECK_CACHE_DIR", None)
    rows = []
    header = ("kernel", "numpy", "numba", "numba-par", "shapecheck", "x numpy", "x numba", "x numba-par")
    for label, key, module, arrays in all_cases:
        compiled = runtime.build(module)
        got = compiled(*arrays)
        expected = NUMPY[key](*arrays)
        tol = 1e-4 if got.dtype == np.float32 else 1e-9
        assert np.allclose(got, expected, rtol=tol, atol=tol), f"{label}: wrong answer"
        t_np = median_ms(NUMPY[key], arrays, args.budget)
        t_nb = median_ms(serial[key], arrays, args.budget)
        t_nbp = median_ms(parallel[key], arrays, args.budget)
        t_sc = median_ms(compiled, arrays, args.budget)
        rows.append((label, t_np, t_nb, t_nbp, t_sc, t_np / t_sc, t_nb / t_sc, t_nbp / t_sc))

    # STREAM triad: read b, c; write out (write-allocate traffic not counted, as STREAM does).
    # The best of: into a preallocated output (STREAM's own setting, Numba serial and parallel)
    # and allocating it per call (as every kernel in the table does: fresh pages are faulted in
    # and zeroed by the OS, which is traffic too).
    triad_kernel = runtime.build(triad(triad_n))
    bytes_moved = 3 * 8 * triad_n
    triad_ms = min(median_ms(triad_kernel, triad_arrays, args.budget),
                   median_ms(parallel["triad"], triad_arrays, args.budget),
                   median_ms(serial["triad_into"], triad_arrays + [triad_out], args.budget),
                   median_ms(parallel["triad_into"], triad_arrays + [triad_out], args.budget))
    ceiling = bytes_moved / (triad_ms * 1e-3) / 1e9

    print(f"threads: {runtime.thread_count()}   host: {_host()}")
    widths = (34, 10, 10, 10, 10, 8, 8, 11)
    print("  ".join(h.rjust(w) if k else h.ljust(w) for k, (h, w) in enumerate(zip(header, widths))))
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [f"{v:{w}.3f}" for v, w in zip(row[1:5], widths[1:5])] \
            + [f"{v:{w}.2f}" for v, w in zip(row[5:], widths[5:])]
        print("  ".join(cells))
    print(f"\ncompile latency, small kernel: shapecheck {latency[0]:.1f} ms wall, {latency[1]:.1f} ms CPU "
          f"(median of 5, cold disk cache), numba first call {numba_first:.0f} ms")
    print(f"STREAM triad ceiling (best of shapecheck/numba-par, n={triad_n:.0e}): {ceiling:.1f} GB/s")
    for row in rows:
        if row[0].startswith("a*b+c*d-e") and "1e+07" in row[0]:
            # Fused: read a..e, write out = 6 arrays. NumPy (temporary elision on): a*b and c*d
            # into two fresh temporaries, + and - in place = 8 reads + 4 writes = 12 arrays, so
            # at equal bandwidth the fused kernel can be at most 12 / 6 = 2x faster.
            achieved = 6 * 8 * 10**7 / (row[4] * 1e-3) / 1e9
            numpy_rate = 12 * 8 * 10**7 / (row[1] * 1e-3) / 1e9
            print(f"a*b+c*d-e at 1e7: {achieved:.1f} GB/s = {100 * achieved / ceiling:.0f}% of the triad ceiling "
                  f"(NumPy moves 12 arrays at {numpy_rate:.1f} GB/s; byte-count bound on the speed-up: 2.0x)")
    return 0


def _host() -> str:
    from shapecheck.ir.codegen import target
    h = target.host()
    return f"{h.cpu} ({'avx512' if h.has_feature('avx512f') else 'avx2' if h.has_feature('avx2') else 'sse'})"


if __name__ == "__main__":
    sys.exit(main())
