"""Memory over a timeline: the bytes live at each step, and which of several sizes is largest for
every value of the dims (the peak of a symbolic timeline). Distinct polynomials need not be ordered (``B*T*T`` against ``B*T*768`` depends on
``T``), so the answer is the set of candidates no other one bounds from above for every size.

>>> from .dims import mul, sym
>>> t = sym("T")
>>> maxima([mul(t, 2), mul(t, t), t])
[Expr('T*2'), Expr('T*T')]
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .dims import Dim, add, free_symbols, sym
from .predicates import ge, le
from .solver import Fact, Solver, Verdict


def live_sizes(intervals: Iterable[tuple[int, int, Dim]], steps: int) -> list[Dim]:
    """The total size live at each of ``steps`` steps, given ``(first step, last step, size)`` of
    every allocation (both ends included: an op's operands and result are live at once)."""
    live: list[Dim] = [0] * steps
    for born, end, size in intervals:
        for i in range(born, min(end, steps - 1) + 1):
            live[i] = add(live[i], size)
    return live


def maxima(candidates: Sequence[Dim], solver: Solver | None = None) -> list[Dim]:
    """The candidates not bounded by another for every value of the dims (each dim a size >= 1),
    in the order given; of equal ones, the first. Ints are compared directly."""
    ints = [c for c in candidates if type(c) is int]
    pool = [c for c in dict.fromkeys(candidates) if type(c) is not int] + ([max(ints)] if ints else [])
    symbols = set().union(*(free_symbols(c) for c in pool)) if pool else set()
    facts = [Fact(ge(sym(s), 1)) for s in sorted(symbols)]
    solver = solver or Solver()

    def at_most(a: Dim, b: Dim) -> bool:
        return solver.decide(facts, le(a, b)).verdict is Verdict.HOLDS

    kept: list[Dim] = []
    for c in pool:
        if any(at_most(c, k) for k in kept):
            continue
        kept = [k for k in kept if not at_most(k, c)] + [c]
    order = {c: i for i, c in enumerate(candidates)}
    return sorted(kept, key=lambda c: order.get(c, len(order)))
