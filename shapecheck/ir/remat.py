"""Rematerialization under a memory budget: Dynamic Tensor Rematerialization (DTR; Kirisame, Lyubomirsky,
Haan, Brennan, He, Roesch, Chen and Tatlock, "Dynamic Tensor Rematerialization", ICLR 2021), run on
the reference interpreter with a simulated memory limit.

The function's bindings run in order, as ``interp.run`` runs them. Every intermediate lives in a
simulated memory of ``budget`` bytes (parameters are pinned outside it: DTR never evicts inputs).
When an allocation would not fit, DTR evicts the resident value with the smallest

    h(t) = c(t) / (m(t) * s(t))

(``c``: the compute it would cost to get back, ``m``: its bytes, ``s``: its staleness, the time since
it was last used), and recomputes an evicted value, recursively, when an op needs it again. ``c`` is
the paper's equivalence-class approximation ``h_DTR^eq``: an evicted value's evicted neighbours form
a class (union-find), and evicting ``t`` prices ``t`` plus every class it touches, since
recomputing any of them may need the others; classes are not split when a member comes back (the
paper's over-estimate). A value the program no longer reads is freed, but stays recomputable for
the values that need it.

The run is the proof: memory in use never exceeds the budget (``Remat.peak``), and the result is the
plain run's, bit for bit (the same NumPy ops on the same values). Costs follow ``liveness.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from shapecheck.constraints import dims
from shapecheck.subst.names import Name

from . import graph as G
from .calls import shape_arguments
from .interp import InterpError, eval_dims, run
from .liveness import flops, last_uses, liveness, nbytes, recompute_cost
from .liveness import reads as reads_of
from .ops import NUMPY_DTYPES, OPS

__all__ = ["Remat", "BudgetTooSmall", "rematerialize"]


class BudgetTooSmall(RuntimeError):
    """No value can be evicted and the next one does not fit: the op's inputs and output alone
    need more than the budget."""


@dataclass(frozen=True)
class Remat:
    """One DTR run: the budget, the most memory in use, what storing everything would need, the
    compute of a plain run and what recomputation added, and the plan (evictions and
    rematerializations, in order)."""

    budget: int
    peak: int
    store_all: int
    compute: int
    extra: int
    evictions: int
    rematerializations: int
    plan: tuple[tuple[str, str], ...]   # ("evict" | "remat", variable), in the order they happened
    result: Any = field(repr=False, default=None)


@dataclass(eq=False)
class _Tensor:
    var: Name
    binding: G.Binding
    args: tuple[Name, ...]
    size: int
    cost: int
    flops: int = 0
    value: Any = None
    last_access: int = 0
    locks: int = 0
    resident: bool = False
    computed: bool = False   # ran once (an evicted value is computed and not resident)


class _UnionFind:
    """Equivalence classes of evicted values, with their total recompute cost."""

    def __init__(self) -> None:
        self.parent: dict[Name, Name] = {}
        self.cost: dict[Name, int] = {}

    def find(self, x: Name) -> Name:
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def add(self, x: Name, cost: int) -> None:
        self.parent.setdefault(x, x)
        self.cost.setdefault(x, cost)

    def union(self, a: Name, b: Name) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
            self.cost[ra] += self.cost.pop(rb)


class _Runtime:
    def __init__(self, fn: G.Function, shapes: dict[Name, int], budget: int):
        self.fn = fn
        self.shapes = shapes
        self.budget = budget
        self.env: dict[Name, Any] = {}
        self.tensors: dict[Name, _Tensor] = {}
        self.children: dict[Name, list[Name]] = {}
        self.used = 0
        self.peak = 0
        self.clock = 1
        self.extra = 0      # FLOPs recomputed
        self.compute = 0    # FLOPs of the plain run
        self.plan: list[tuple[str, str]] = []
        self.classes = _UnionFind()
        self.dead: set[Name] = set()   # read by the program for the last time

    # -- memory -------------------------------------------------------------------------------
    def allocate(self, t: _Tensor) -> None:
        while self.used + t.size > self.budget:
            victim = self._cheapest()
            if victim is None:
                raise BudgetTooSmall(f"budget {self.budget} bytes: %{t.var.hint} needs {t.size} bytes with "
                                     f"{self.used} in use by its inputs and nothing left to evict")
            self.evict(victim)
        self.used += t.size
        self.peak = max(self.peak, self.used)

    def _cheapest(self) -> _Tensor | None:
        best, best_h = None, None
        for t in self.tensors.values():
            if not t.resident or t.locks:
                continue
            h = self._neighbourhood_cost(t) / (max(t.size, 1) * max(self.clock - t.last_access, 1))
            if best_h is None or h < best_h:
                best, best_h = t, h
        return best

    def _neighbourhood_cost(self, t: _Tensor) -> int:
        """``c(t)`` plus the cost of each evicted class next to ``t`` (h_DTR^eq)."""
        roots = {self.classes.find(n) for n in self._neighbours(t) if n in self.classes.parent}
        return t.cost + sum(self.classes.cost[r] for r in roots)

    def _neighbours(self, t: _Tensor) -> list[Name]:
        return [n for n in list(t.args) + self.children.get(t.var, [])
                if n in self.tensors and not self.tensors[n].resident and self.tensors[n].computed]

    def evict(self, t: _Tensor) -> None:
        t.value, t.resident = None, False
        self.used -= t.size
        self.classes.add(t.var, t.cost)
        for n in self._neighbours(t):
            self.classes.add(n, self.tensors[n].cost)
            self.classes.union(t.var, n)
        self.plan.append(("evict", t.var.hint))

    def free(self, t: _Tensor) -> None:
        """The program reads ``t`` no more: its memory goes, its recipe stays (others may need it);
        when it is recomputed for them, it goes again as soon as they have read it."""
        self.dead.add(t.var)
        if t.resident and not t.locks:
            t.value, t.resident = None, False
            self.used -= t.size
            self.classes.add(t.var, t.cost)

    # -- computing ----------------------------------------------------------------------------
    def value(self, n: Name) -> Any:
        t = self.tensors.get(n)
        return self.env[n] if t is None else t.value

    def ensure(self, var: Name, remat: bool) -> None:
        """Make ``var`` resident, recomputing what it needs first (an explicit stack: a chain of
        evicted values can be as long as the program)."""
        stack = [(var, False)]
        while stack:
            n, ready = stack.pop()
            t = self.tensors.get(n)
            if t is None or t.resident:
                continue
            if not ready:
                stack.append((n, True))
                stack.extend((a, False) for a in t.args if a in self.tensors and not self.tensors[a].resident)
                continue
            self._run(t, remat or n != var)

    def _run(self, t: _Tensor, remat: bool) -> None:
        for a in t.args:
            if a in self.tensors:
                if not self.tensors[a].resident:   # evicted while its siblings came back: again
                    self.ensure(a, True)
                self.tensors[a].locks += 1
        try:
            self.allocate(t)
            t.value = _evaluate(t.binding, [self.value(a) for a in t.args], self.shapes)
            t.resident, t.computed = True, True
        finally:
            for a in t.args:
                if a in self.tensors:
                    self.tensors[a].locks -= 1
        for a in (*t.args, t.var):
            if a in self.tensors:
                self.tensors[a].last_access = self.clock
        self.clock += 1
        for a in t.args:
            if a in self.dead:   # recomputed for t alone: t has read it
                self.free(self.tensors[a])
        if remat:
            self.extra += t.flops
            self.plan.append(("remat", t.var.hint))


def _evaluate(b: G.Binding, args: list, shapes: dict[Name, int]) -> Any:
    v = b.value
    t = type(v)
    if t is G.OpCall:
        attrs = {k: eval_dims(x, shapes) for k, x in v.attrs}
        return np.asarray(OPS[v.op].numpy(args, attrs), NUMPY_DTYPES[b.type.dtype])
    if t is G.MakeTuple:
        return tuple(args)
    if t is G.GetItem:
        return args[0][v.index]
    if t is G.MatchShape:
        return args[0]
    raise InterpError(f"rematerialization runs flat graph functions: inline calls first ({v!r})")


def _concrete(d: dims.Dim, shapes: dict[Name, int]) -> int:
    return int(eval_dims(d, shapes))


def rematerialize(fn: G.Function, args: Sequence[np.ndarray], budget: int) -> Remat:
    """Run ``fn`` (flat: calls inlined) on ``args`` with at most ``budget`` bytes of intermediates,
    evicting and recomputing by DTR's heuristic. :class:`BudgetTooSmall` when no plan fits."""
    args = [np.asarray(a) for a in args]
    shapes = {p: int(v) for p, v in shape_arguments(fn.shape_params, tuple(p.type for p in fn.params),
                                                   tuple(a.shape for a in args)).items()}
    rt = _Runtime(fn, shapes, budget)
    types: dict[Name, G.Type] = {p.name: p.type for p in fn.params}
    for p, a in zip(fn.params, args):
        rt.env[p.name] = a
    bindings = fn.body.bindings
    last = last_uses(fn)
    readers: dict[int, list[Name]] = {}
    for var, i in last.items():
        readers.setdefault(i, []).append(var)
    for b in bindings:
        types[b.var] = b.type
        reads = reads_of(b.value)
        cost, work = _concrete(recompute_cost(b, types), shapes), _concrete(flops(b, types), shapes)
        rt.tensors[b.var] = _Tensor(b.var, b, reads, _concrete(nbytes(b.type), shapes), cost, work)
        for a in reads:
            rt.children.setdefault(a, []).append(b.var)
        rt.compute += work
    for i, b in enumerate(bindings):
        rt.ensure(b.var, False)
        for var in readers.get(i, []):   # read for the last time here (or never): free it
            if var in rt.tensors:
                rt.free(rt.tensors[var])
    rt.ensure(fn.body.result, True)
    result = rt.value(fn.body.result)
    return Remat(budget, rt.peak, _concrete_peak(fn, shapes), rt.compute, rt.extra,
                 sum(k == "evict" for k, _ in rt.plan), sum(k == "remat" for k, _ in rt.plan), tuple(rt.plan),
                 result)


def _concrete_peak(fn: G.Function, shapes: dict[Name, int]) -> int:
    """Storing everything: the liveness peak at these sizes."""
    return max((_concrete(live, shapes) for _, _, live in liveness(fn).timeline), default=0)


def check_against_plain(fn: G.Function, module: G.Module, args: Sequence[np.ndarray], remat: Remat) -> bool:
    """Whether the budgeted run computed what the plain reference run computes (bit for bit)."""
    expected = run(module, list(args), fn.name)
    return bool(np.array_equal(np.asarray(expected), np.asarray(remat.result)))
