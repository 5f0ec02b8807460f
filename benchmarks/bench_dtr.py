"""Dynamic Tensor Rematerialization (``shapecheck.ir.remat``) on an N-layer MLP chain, forward and
backward, against storing everything and against the sqrt(N) bound.

The chain (``tests/cost/chain.py``): ``h_i = tanh(h_{i-1} @ w_i)`` for i = 1..N, then the weight
gradient of ``sum(h_N**2)/2``, written out as NumPy and traced to the graph IR. The backward pass
reads every activation again, so storing everything holds N activations at once. DTR (Kirisame et
al., ICLR 2021) fits an N-layer chain in Theta(sqrt(N)) memory with O(N) extra operations; here each
N runs under budgets of ``k*ceil(sqrt(N)) + 6`` activations (6: the backward step's own
temporaries), in the reference interpreter with a simulated memory limit. Every run's peak is
checked against its budget and its result against the plain run, bit for bit.

    python benchmarks/bench_dtr.py [--sizes 8,16,32,64,128,256] [--batch 64] [--width 8] [--write]

``--write`` also writes the table to ``benchmarks/RESULTS_dtr.md``. Nothing here is timed: every
figure is a count (bytes, FLOPs, evictions), the same on any machine.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "cost"))

from chain import chain_shapes, chain_source  # noqa: E402
from shapecheck.ir import trace  # noqa: E402
from shapecheck.ir.remat import BudgetTooSmall, check_against_plain, rematerialize  # noqa: E402

MULTIPLES = (3, 2)   # budgets of k*ceil(sqrt(N)) + 6 activations


def rows(sizes: list[int], batch: int, width: int) -> list[str]:
    activation = batch * width * 4
    out = ["| N | budget (activations) | budget (bytes) | peak (bytes) | store all (bytes) | "
           "peak / store all | extra FLOPs | extra / plain FLOPs | evictions | same result |",
           "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |"]
    for n in sizes:
        module = trace(chain_source(n), "train", shapes=chain_shapes(n, batch, width))
        fn = module.functions[0]
        rng = np.random.default_rng(n)
        args = [rng.standard_normal((batch, width)).astype(np.float32)]
        args += [(rng.standard_normal((width, width)) / math.sqrt(width)).astype(np.float32) for _ in range(n)]
        store_all = rematerialize(fn, args, 10**12).store_all
        budgets = [(f"all ({store_all // activation})", store_all)]
        root = math.isqrt(n - 1) + 1   # ceil(sqrt(N))
        budgets += [(f"{k}*ceil(sqrt N)+6 = {k * root + 6}", (k * root + 6) * activation) for k in MULTIPLES]
        for label, budget in budgets:
            try:
                r = rematerialize(fn, args, budget)
            except BudgetTooSmall:
                out.append(f"| {n} | {label} | {budget:,} | too small | {store_all:,} | | | | | |")
                continue
            assert r.peak <= budget
            same = check_against_plain(fn, module, args, r)
            out.append(f"| {n} | {label} | {budget:,} | {r.peak:,} | {r.store_all:,} | {r.peak / r.store_all:.2f} | "
                       f"{r.extra:,} | {r.extra / r.compute:.1%} | {r.evictions:,} | {'yes' if same else 'NO'} |")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="8,16,32,64,128,256")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--width", type=int, default=8)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    header = (f"N-layer tanh MLP chain, forward and backward; batch {args.batch}, width {args.width}, float32: "
              f"one activation is {args.batch * args.width * 4:,} bytes.\n")
    table = "\n".join([header] + rows(sizes, args.batch, args.width)) + "\n"
    sys.stdout.write(table)
    if args.write:
        with open(os.path.join(ROOT, "benchmarks", "RESULTS_dtr.md"), "w", encoding="utf-8") as f:
            f.write("# DTR on an N-layer MLP chain\n\n    python benchmarks/bench_dtr.py --write\n\n" + table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
