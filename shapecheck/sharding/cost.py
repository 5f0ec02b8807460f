"""Per-device cost of a sharded block: the FLOPs each device runs and the bytes it receives, so two
strategies can be compared without a cluster (Automap and PartIR rank SPMD tactics with such a
simulator; the Megatron-LM paper, Shoeybi et al. 2019, §3, derives the MLP split priced here).

The model, stated so it can be checked:

* a matmul ``(m, k) @ (k, n)`` whose operands are laid out ``(Am, Ak)`` and ``(Ak, Bn)`` runs
  ``2 * m/|Am| * k/|Ak| * n/|Bn|`` FLOPs per device and leaves a partial sum over ``Ak``
  (operands whose contraction layouts differ are first redistributed, by :func:`.plan.plan`);
* a partial sum is reduced before a nonlinearity, and a block's output is redistributed to its
  input's layout (a residual stream keeps one layout), each by the cheapest plan;
* here only matmul FLOPs count (elementwise work is a few per element, noise beside ``2mkn``; a
  function measured by ``shapecheck shard-cost FILE::FUNC`` counts every op's): they are
  ``2 *`` the MACs that ``shapecheck cost`` (the analyser's cost table) counts for the block's body
  run on one device's pieces (tests/sharding/test_cost.py checks the two agree);
* a training step adds the backward pass: twice the forward matmul FLOPs (``dX`` and ``dW``), the
  forward's activation collectives again (each collective's transpose moves the same bytes:
  all-gather <-> reduce-scatter, all-reduce <-> identity on the other side), and an all-reduce of
  each weight's gradient over the mesh axes the tokens are split over but the weight is not.

>>> from .layout import Mesh
>>> mesh = Mesh((("x", 4),))
>>> c = mlp_block(1024, 512, 2048, MEGATRON(mesh, "x"), itemsize=2)
>>> c.flops, c.bytes
(1073741824, 1572864)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .layout import Axes, Layout, Mesh
from .plan import PlanError, plan
from .traffic import TRAFFIC


class CostError(ValueError):
    """A strategy no device placement can run (a mesh axis on two dims of one result)."""


@dataclass(frozen=True)
class Line:
    what: str
    flops: int = 0
    bytes: int = 0


@dataclass(frozen=True)
class Cost:
    strategy: str
    lines: tuple[Line, ...]

    @property
    def flops(self) -> int:
        return sum(line.flops for line in self.lines)

    @property
    def bytes(self) -> int:
        return sum(line.bytes for line in self.lines)

    def show(self) -> str:
        rows = [f"{self.strategy}: {self.flops:,} FLOPs and {self.bytes:,} bytes received per device"]
        rows += [f"  {line.what}: {line.flops:,} FLOPs, {line.bytes:,} bytes" for line in self.lines]
        return "\n".join(rows)


@dataclass(frozen=True)
class Strategy:
    """Layouts of an MLP block's tokens ``x`` (tokens, d_model) and weights ``w1`` (d_model, d_ff),
    ``w2`` (d_ff, d_model)."""

    name: str
    x: Layout
    w1: Layout
    w2: Layout


def MEGATRON(mesh: Mesh, tp: str) -> Strategy:   # noqa: N802 (a strategy's name)
    """Column-split w1, row-split w2: one all-reduce of the output per block (Megatron-LM §3)."""
    return Strategy("megatron (column/row split)", Layout(mesh, ((), ())), Layout(mesh, ((), (tp,))),
                    Layout(mesh, ((tp,), ())))


def DATA_PARALLEL(mesh: Mesh, dp: str) -> Strategy:   # noqa: N802
    """Tokens split, weights replicated: no forward communication, a gradient all-reduce per weight."""
    replicated = Layout(mesh, ((), ()))
    return Strategy("data parallel", Layout(mesh, ((dp,), ())), replicated, replicated)


def TWO_D(mesh: Mesh, dp: str, tp: str) -> Strategy:   # noqa: N802
    """Data parallel over ``dp`` and Megatron over ``tp``."""
    return Strategy("data parallel x megatron", Layout(mesh, ((dp,), ())), Layout(mesh, ((), (tp,))),
                    Layout(mesh, ((tp,), ())))


def _size(mesh: Mesh, axes: Axes) -> int:
    return math.prod(int(mesh.size(a)) for a in axes)


def _redistribute(what: str, shape: tuple[int, ...], source: Layout, target: Layout, itemsize: int) -> list[Line]:
    if source == target:
        return []
    found = plan(shape, source, target, itemsize)
    ops = ", ".join(f"{s.op} over {'+'.join(s.axes)}" for s in found.steps)
    return [Line(f"{what} {source.show()} -> {target.show()} ({ops})", 0, found.bytes)]


def matmul(what: str, m: int, k: int, n: int, lhs: Layout, rhs: Layout,
           itemsize: int) -> tuple[Layout, list[Line]]:
    """``(m, k) @ (k, n)``: its output layout, and the lines it costs (see the module docstring)."""
    lines: list[Line] = []
    if lhs.dims[1] != rhs.dims[0]:   # align the contraction: move the weight's split to match
        target = Layout(rhs.mesh, (lhs.dims[1], tuple(a for a in rhs.dims[1] if a not in lhs.dims[1])))
        lines += _redistribute(f"{what}: align the contraction,", (k, n), rhs, target, itemsize)
        rhs = target
    am, ak, bn = lhs.dims[0], lhs.dims[1], rhs.dims[1]
    if set(am) & set(bn):
        raise CostError(f"{what}: mesh axis {sorted(set(am) & set(bn))[0]!r} would split both dims of the result")
    flops = 2 * (m // _size(lhs.mesh, am)) * (k // _size(lhs.mesh, ak)) * (n // _size(lhs.mesh, bn))
    lines.append(Line(f"{what} ({m}, {k}) @ ({k}, {n}) as {lhs.show()} @ {rhs.show()}", flops))
    return Layout(lhs.mesh, (am, bn), tuple(lhs.partial) + tuple(ak)), lines


def _reduced(layout: Layout) -> Layout:
    return Layout(layout.mesh, layout.dims)


def gradient_sync(what: str, shape: tuple[int, ...], weight: Layout, data_axes: Axes, itemsize: int) -> list[Line]:
    """A weight's gradient is summed over the mesh axes the tokens are split over (``data_axes``: each
    device saw other tokens): all-reduced over those the weight is not split over, reduce-scattered
    over those it is (FSDP/ZeRO-3: the weight was gathered whole for the pass, its gradient goes back
    to the shards)."""
    used = {a for axes in weight.dims for a in axes}
    local = math.prod(d // _size(weight.mesh, ax) for d, ax in zip(shape, weight.dims)) * itemsize
    lines = []
    summed = tuple(a for a in data_axes if a not in used)
    if summed:
        lines.append(Line(f"{what} gradient all-reduce over {'+'.join(summed)}", 0,
                          TRAFFIC["all_reduce"](local, _size(weight.mesh, summed))))
    scattered = tuple(a for a in data_axes if a in used)
    if scattered:
        n = _size(weight.mesh, scattered)
        lines.append(Line(f"{what} gradient reduce-scatter over {'+'.join(scattered)}", 0,
                          TRAFFIC["reduce_scatter"](local * n, n)))
    return lines


def training_step(forward: Cost, syncs: list[Line]) -> Cost:
    """A forward pass's cost with its backward pass added (see the module docstring): twice its FLOPs
    (``dX`` and ``dW``), its collectives again (each one's transpose moves the same bytes), and the
    weights' gradient all-reduces ``syncs``."""
    lines = list(forward.lines)
    lines.append(Line("backward (dX and dW)", 2 * forward.flops))
    lines.append(Line("backward collectives", 0, forward.bytes))
    return Cost(forward.strategy, tuple(lines + syncs))


def mlp_block(tokens: int, d_model: int, d_ff: int, strategy: Strategy, itemsize: int = 2,
              training: bool = False) -> Cost:
    """``y = act(x @ w1) @ w2`` with ``y`` in ``x``'s layout, per device, under ``strategy``."""
    for name, layout in (("x", strategy.x), ("w1", strategy.w1), ("w2", strategy.w2)):
        shape = (tokens, d_model) if name == "x" else (d_model, d_ff) if name == "w1" else (d_ff, d_model)
        for d, axes in zip(shape, layout.dims):
            if d % _size(layout.mesh, axes):
                raise CostError(f"{name}: a dim of {d} does not split over {'+'.join(axes)} evenly")
    try:
        h, lines = matmul("x @ w1", tokens, d_model, d_ff, strategy.x, strategy.w1, itemsize)
        lines += _redistribute("reduce h before the activation:", (tokens, d_ff), h, _reduced(h), itemsize)
        y, more = matmul("act(h) @ w2", tokens, d_ff, d_model, _reduced(h), strategy.w2, itemsize)
        lines += more
        lines += _redistribute("y back to x's layout:", (tokens, d_model), y, strategy.x, itemsize)
    except PlanError as err:
        raise CostError(str(err)) from None
    cost = Cost(strategy.name, tuple(lines))
    if training:
        cost = training_step(cost, gradient_sync("w1", (d_model, d_ff), strategy.w1, strategy.x.dims[0], itemsize)
                             + gradient_sync("w2", (d_ff, d_model), strategy.w2, strategy.x.dims[0], itemsize))
    return cost
