"""The cost of a gradient: ``shapecheck.grad(f)`` against ``f`` on an MLP (the cheap-gradient
principle says a small constant; issue 15 asks for at most 4x).

For a two-layer MLP with a mean-squared-error loss it prints:

* FLOPs counted on the graph IR (``shapecheck.ir.ad.flops``) after the graph optimisations
  (inline, fold, CSE, DCE), for ``f``, ``grad(f)`` w.r.t. the weights, and w.r.t. everything;
* best and median wall times of the compiled ``jit(f)`` and compiled ``grad(f)`` (same LLVM
  path; calls interleaved; on a loaded machine the best is the stable number);
* per save-or-recompute policy: residual bytes the primal hands over, and the FLOPs of the
  linear and transposed programs (what the backward pass recomputes).

    python benchmarks/bench_grad.py [--n 256] [--repeat 50]

With ``--programs`` it prints the three programs (primal, linear, transposed) of a small MLP.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import shapecheck  # noqa: E402
from shapecheck.ir import print_module, trace  # noqa: E402
from shapecheck.ir.ad import Budget, SaveAll, SaveInputs, flops, grad_module, linearize, transpose  # noqa: E402
from shapecheck.ir.ad.cost import nbytes  # noqa: E402
from shapecheck.ir.graph import Module  # noqa: E402
from shapecheck.ir.pipeline import optimize  # noqa: E402


def mlp(x, w1, b1, w2, b2, y):
    h = np.maximum(x @ w1 + b1, 0.0)
    z = h @ w2 + b2
    d = z - y
    return (d * d).mean()


D_IN, HIDDEN, D_OUT = 256, 512, 10
SHAPES = {"x": ("n", D_IN), "w1": (D_IN, HIDDEN), "b1": (HIDDEN,), "w2": (HIDDEN, D_OUT), "b2": (D_OUT,),
          "y": ("n", D_OUT)}


def timings_ms(fns, args, repeat: int) -> list[tuple[float, float]]:
    """(best, median) wall ms of each of ``fns``, calls interleaved so load hits them alike."""
    for fn in fns:
        fn(*args)
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, out in zip(fns, times):
            start = time.perf_counter()
            fn(*args)
            out.append(time.perf_counter() - start)
    return [(1000 * min(t), 1000 * statistics.median(t)) for t in times]


def cost_table(n: int, repeat: int) -> list[str]:
    sizes = {"n": n}
    module = trace(mlp, shapes=SHAPES)
    f_flops = flops(optimize(module, sizes, fusion=False).functions[0])
    rows = ["| program | FLOPs (IR) | x f | compiled ms, best (median) | x f (best) |",
            "| --- | ---: | ---: | ---: | ---: |"]
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(tuple(n if d == "n" else d for d in s)).astype(np.float32) for s in SHAPES.values()]
    variants = (("grad f (weights)", (1, 2, 3, 4)), ("grad f (all inputs)", tuple(range(6))))
    fns = [shapecheck.jit(mlp)] + [shapecheck.grad(mlp, argnums=argnums) for _, argnums in variants]
    (f_best, f_median), *grads = timings_ms(fns, args, repeat)
    rows.append(f"| f | {f_flops:,} | 1.00 | {f_best:.3f} ({f_median:.3f}) | 1.00 |")
    for (label, argnums), (best, median) in zip(variants, grads):
        g_flops = flops(optimize(grad_module(module, argnums=argnums), sizes, fusion=False).functions[0])
        rows.append(f"| {label} | {g_flops:,} | {g_flops / f_flops:.2f} | {best:.3f} ({median:.3f}) | "
                    f"{best / f_best:.2f} |")
    return rows


def policy_table(n: int) -> list[str]:
    sizes = {"n": n}
    module = trace(mlp, shapes=SHAPES)
    rows = ["| policy | residual bytes (besides inputs) | linear FLOPs | transposed FLOPs |",
            "| --- | ---: | ---: | ---: |"]
    for label, policy in (("save everything (default)", SaveAll()), ("save only inputs", SaveInputs()),
                          (f"budget {n * HIDDEN * 4:,} bytes", Budget(n * HIDDEN * 4, sizes))):
        lin = linearize(module, policy=policy)
        types = {p.name: p.type for p in lin.linear.residual_params}
        inputs = {p.name for p in lin.primal.params}
        saved = sum(nbytes(types[r], sizes) for r in lin.saved if r not in inputs)
        rows.append(f"| {label} | {saved:,} | {flops(lin.linear.function, sizes):,} | "
                    f"{flops(transpose(lin.linear).function, sizes):,} |")
    return rows


def programs() -> str:
    shapes = {"x": ("n", 4), "w1": (4, 8), "b1": (8,), "w2": (8, 2), "b2": (2,), "y": ("n", 2)}
    lin = linearize(trace(mlp, shapes=shapes))
    return print_module(Module((lin.primal, lin.linear.function, transpose(lin.linear).function)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=256, help="batch size")
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--programs", action="store_true", help="print the three programs of a small MLP")
    options = parser.parse_args()
    if options.programs:
        print(programs())
        return
    print(f"MLP {D_IN} -> {HIDDEN} (relu) -> {D_OUT}, batch n = {options.n}, float32\n")
    print("\n".join(cost_table(options.n, options.repeat)))
    print()
    print("\n".join(policy_table(options.n)))


if __name__ == "__main__":
    main()
