"""Substitution and inlining cost on large terms: must grow linearly (issue 5, "Performance").

Three workloads, each at 10^3, 10^4 and 10^5 nodes:
  * subst:      a lambda term (balanced application tree of ``\\x. x y`` leaves) with ``y := x``,
                so *every* binder must be renamed to avoid capture (the rapier's worst case);
  * specialize: ``n := 32`` through an A-normal-form function of elementwise bindings typed
                ``f32[n, 4]`` (every type changes);
  * inline:     a function calling a 100-binding helper repeatedly; every copy after the first
                clashes with names already in scope and is renamed.
Run: ``python benchmarks/bench_subst.py`` (``--quick`` stops at 10^4). Prints a table of the
best of 3 runs and microseconds per node; linear growth shows as a flat last column.
"""

from __future__ import annotations

import sys
import time

from shapecheck.ir import graph as G
from shapecheck.ir.passes import inline, specialize
from shapecheck.subst import Scope, Subst, fresh_name, substitute
from shapecheck.subst.dimterms import dim_of
from shapecheck.subst.lam import App, Lam, V


def lambda_term(nodes: int, x, y):
    leaves = max(1, nodes // 5)  # a leaf \x. x y is 4 nodes, plus one App above it
    layer = [Lam(x, App(V(x), V(y))) for _ in range(leaves)]
    while len(layer) > 1:
        layer = [App(layer[i], layer[i + 1]) if i + 1 < len(layer) else layer[i] for i in range(0, len(layer), 2)]
    return layer[0]


def bench_subst(nodes: int) -> float:
    x, y = fresh_name("x"), fresh_name("y")
    term = lambda_term(nodes, x, y)
    s = Subst.of({y: V(x)}, Scope.of([x, y]))
    return best(lambda: substitute(term, s))


def chain_function(name: str, length: int, n, x_name) -> G.Function:
    t = G.TensorType("f32", (dim_of(n), 4))
    x = G.Param(x_name, t)
    bindings, prev = [], x.name
    for i in range(length):
        var = fresh_name("t")
        bindings.append(G.Binding(var, t, G.OpCall("tanh" if i % 2 else "exp", (prev,))))
        prev = var
    return G.Function(name, (n,), (x,), t, G.Block(tuple(bindings), prev))


def bench_specialize(nodes: int) -> float:
    # A binding is ~4 nodes (binding, value, type, dims leaf).
    module = G.Module((chain_function("main", nodes // 4, fresh_name("n"), fresh_name("x")),))
    return best(lambda: specialize(module, {"n": 32}))


def bench_inline(nodes: int) -> float:
    helper = chain_function("helper", 100, fresh_name("m"), fresh_name("y"))
    n = fresh_name("n")
    t = G.TensorType("f32", (dim_of(n), 4))
    x = G.Param(fresh_name("x"), t)
    bindings, prev = [], x.name
    for _ in range(max(1, nodes // 400)):  # each call inlines ~100 bindings (~400 nodes)
        var = fresh_name("c")
        bindings.append(G.Binding(var, t, G.CallFunc("helper", (prev,))))
        prev = var
    main = G.Function("main", (n,), (x,), t, G.Block(tuple(bindings), prev))
    module = G.Module((main, helper))
    return best(lambda: inline(module))


def best(fn, repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str]) -> int:
    sizes = [1_000, 10_000] if "--quick" in argv else [1_000, 10_000, 100_000]
    sys.setrecursionlimit(10_000)
    print(f"{'workload':<11} {'nodes':>8} {'seconds':>9} {'us/node':>8}")
    for name, bench in (("subst", bench_subst), ("specialize", bench_specialize), ("inline", bench_inline)):
        for size in sizes:
            seconds = bench(size)
            print(f"{name:<11} {size:>8} {seconds:>9.4f} {seconds / size * 1e6:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
